"""The goal vocabulary: what a chapter can ask for, as data, and one pure evaluator per kind.

A chapter's three goals are entries of this small vocabulary with one parameter each (a count, a
turn limit, a biome), so a new chapter never needs new code. Every evaluator looks only at a
`ChapterResult` and returns whether the goal is met and a plain-words reason the debrief can show
("the Void controlled 2 territories; the goal allows at most 1"). A goal beyond the first ("win")
earns its star only in a won game: its condition is still checked, so the debrief can say how close
the player came.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from iwari_desktop.engine.core.biomes import BASE_BIOMES, Biome
from iwari_desktop.engine.campaign.result import ChapterResult, Side


class GoalKind(Enum):
    """Every goal a campaign file may name; the value is the word the file uses."""

    WIN = "win"
    VOID_AT_MOST = "void_at_most"
    WIN_BEFORE_CORRUPTION = "win_before_corruption"
    CONTROL_BIOME = "control_biome"
    CONTROL_AT_LEAST = "control_at_least"
    NO_RUIN_ON_PURPLE_ROAD = "no_ruin_on_purple_road"
    RUINS_AT_MOST = "ruins_at_most"
    WIN_WITHIN_TURNS = "win_within_turns"


@dataclass(frozen=True)
class GoalSpec:
    """What one kind of goal takes: the name of its parameter in the file (None: none) and its range."""

    parameter: str | None
    low: int = 0
    high: int = 0
    biome: bool = False          # the parameter is a biome word, not a number


# The third Corruption ends the game (S10), so "before the Nth" makes sense for N = 1..3.
MAX_CORRUPTIONS = 3
MAX_TURNS = 300
MAX_COUNT = 40

GOAL_SPECS: dict[GoalKind, GoalSpec] = {
    GoalKind.WIN: GoalSpec(None),
    GoalKind.VOID_AT_MOST: GoalSpec("count", 0, MAX_COUNT),
    GoalKind.WIN_BEFORE_CORRUPTION: GoalSpec("corruption", 1, MAX_CORRUPTIONS),
    GoalKind.CONTROL_BIOME: GoalSpec("biome", biome=True),
    GoalKind.CONTROL_AT_LEAST: GoalSpec("count", 1, MAX_COUNT),
    GoalKind.NO_RUIN_ON_PURPLE_ROAD: GoalSpec(None),
    GoalKind.RUINS_AT_MOST: GoalSpec("count", 0, MAX_COUNT),
    GoalKind.WIN_WITHIN_TURNS: GoalSpec("turns", 1, MAX_TURNS),
}

GOAL_BIOMES: tuple[Biome, ...] = BASE_BIOMES   # a Void territory is never the player's to control (P22)


@dataclass(frozen=True)
class Goal:
    """One goal of a chapter: its kind and its one parameter (a number, a biome, or nothing)."""

    kind: GoalKind
    number: int | None = None
    biome: Biome | None = None

    def __post_init__(self) -> None:
        spec = GOAL_SPECS[self.kind]
        if spec.biome:
            if self.biome not in GOAL_BIOMES or self.number is not None:
                raise ValueError(f"goal {self.kind.value} takes a biome of the base game")
        elif spec.parameter is None:
            if self.number is not None or self.biome is not None:
                raise ValueError(f"goal {self.kind.value} takes no parameter")
        elif self.number is None or not spec.low <= self.number <= spec.high or self.biome is not None:
            raise ValueError(f"goal {self.kind.value} takes a number from {spec.low} to {spec.high}")

    @property
    def text(self) -> str:
        """The goal as the briefing states it."""
        n = self.number
        return {
            GoalKind.WIN: "Win the chapter",
            GoalKind.VOID_AT_MOST: ("Win with the Void controlling no territory" if n == 0
                                    else f"Win with the Void controlling at most {_territories(n)}"),
            GoalKind.WIN_BEFORE_CORRUPTION: f"Win before the {_ordinal(n)} Corruption",
            GoalKind.CONTROL_BIOME: f"Win controlling every {self._biome_label} territory",
            GoalKind.CONTROL_AT_LEAST: f"Win controlling at least {_territories(n)}",
            GoalKind.NO_RUIN_ON_PURPLE_ROAD: "Win with no ruin on the purple road",
            GoalKind.RUINS_AT_MOST: f"Win with at most {_plural(n, 'ruin')} on the board",
            GoalKind.WIN_WITHIN_TURNS: f"Win within {_plural(n, 'turn')}",
        }[self.kind]

    @property
    def _biome_label(self) -> str:
        return self.biome.label if self.biome is not None else "?"

    def to_json(self) -> dict[str, object]:
        """The goal as a campaign file writes it."""
        spec = GOAL_SPECS[self.kind]
        data: dict[str, object] = {"kind": self.kind.value}
        if spec.biome and self.biome is not None:
            data["biome"] = self.biome.key
        elif spec.parameter is not None:
            data[spec.parameter] = self.number
        return data


@dataclass(frozen=True)
class GoalCheck:
    """A goal evaluated on a result: met or not, and why in plain words."""

    goal: Goal
    met: bool
    reason: str


def check_goal(goal: Goal, result: ChapterResult) -> GoalCheck:
    """Whether `result` meets `goal`, and why; any goal but "win" needs a won game for its star."""
    met, reason = _EVALUATORS[goal.kind](goal, result)
    if goal.kind is not GoalKind.WIN and not result.won:
        return GoalCheck(goal, False, f"only a won chapter earns this star ({reason})")
    return GoalCheck(goal, met, reason)


def check_goals(goals: tuple[Goal, ...], result: ChapterResult) -> tuple[GoalCheck, ...]:
    return tuple(check_goal(goal, result) for goal in goals)


# ---- evaluators: (goal, result) -> (condition met, reason) ---------------------------------------

def _win(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    return (True, f"you won: {result.reason}") if result.won else (False, f"the chapter was lost: {result.reason}")


def _void_at_most(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n, allowed = result.void_territories, _need(goal)
    return n <= allowed, f"the Void controlled {_territories(n)}; the goal allows at most {allowed}"


def _win_before_corruption(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n, limit = result.corruptions, _need(goal)
    if n < limit:
        return True, f"the game ended after {_plural(n, 'Corruption')}, before the {_ordinal(limit)}"
    return False, f"the {_ordinal(limit)} Corruption came before the end ({_plural(n, 'Corruption')} in all)"


def _control_biome(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    biome = goal.biome
    assert biome is not None  # guaranteed by Goal.__post_init__
    of_biome = result.of_biome(biome)
    if not of_biome:
        return False, f"this map has no {biome.label} territory"
    missed = [t.name for t in of_biome if t.controller is not Side.PLAYER]
    if not missed:
        return True, f"you controlled all {_plural(len(of_biome), biome.label + ' territory')}"
    who = "the Void held" if all(t.controller is Side.VOID for t in of_biome if t.name in missed) else "you did not hold"
    return False, f"{who} {_names(missed)} ({len(of_biome) - len(missed)} of {len(of_biome)} {biome.label} were yours)"


def _control_at_least(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n, needed = result.player_territories, _need(goal)
    return n >= needed, f"you controlled {_territories(n)}; the goal asks for at least {needed}"


def _no_ruin_on_purple_road(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n = result.ruins_on_purple_road
    if n is None:
        return False, "this map has no purple road"
    if n == 0:
        return True, "the purple road stayed free of ruins"
    return False, f"{_plural(n, 'ruin')} stood on the purple road"


def _ruins_at_most(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n, allowed = result.ruins_placed, _need(goal)
    return n <= allowed, f"the Void had {_plural(n, 'ruin')} on the board; the goal allows at most {allowed}"


def _win_within_turns(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n, allowed = result.turns, _need(goal)
    return n <= allowed, f"the game took {_plural(n, 'turn')}; the goal allows at most {allowed}"


_EVALUATORS: dict[GoalKind, Callable[[Goal, ChapterResult], tuple[bool, str]]] = {
    GoalKind.WIN: _win,
    GoalKind.VOID_AT_MOST: _void_at_most,
    GoalKind.WIN_BEFORE_CORRUPTION: _win_before_corruption,
    GoalKind.CONTROL_BIOME: _control_biome,
    GoalKind.CONTROL_AT_LEAST: _control_at_least,
    GoalKind.NO_RUIN_ON_PURPLE_ROAD: _no_ruin_on_purple_road,
    GoalKind.RUINS_AT_MOST: _ruins_at_most,
    GoalKind.WIN_WITHIN_TURNS: _win_within_turns,
}


# ---- words ----------------------------------------------------------------------------------------

def _need(goal: Goal) -> int:
    assert goal.number is not None  # guaranteed by Goal.__post_init__
    return goal.number


def _plural(n: int | None, word: str) -> str:
    if word.endswith("territory"):
        plural = word[:-1] + "ies"
    else:
        plural = word + "s"
    return f"{n} {word if n == 1 else plural}"


def _territories(n: int | None) -> str:
    return "no territory" if n == 0 else _plural(n, "territory")


def _ordinal(n: int | None) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n or 0, f"{n}th")


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
