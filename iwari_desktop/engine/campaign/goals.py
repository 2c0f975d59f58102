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
from iwari_desktop.engine.core.text import Text, nN_, series
from iwari_desktop.i18n import N_


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
    def text(self) -> Text:
        """The goal as the briefing states it."""
        n, kind = self.number, self.kind
        if kind is GoalKind.WIN:
            return Text(N_("Win the chapter"))
        if kind is GoalKind.VOID_AT_MOST:
            return (Text(N_("Win with the Void controlling no territory")) if n == 0 else
                    Text(N_("Win with the Void controlling at most {territories}"), territories=_territories(n)))
        if kind is GoalKind.WIN_BEFORE_CORRUPTION:
            return Text(N_("Win before the {ordinal} Corruption"), ordinal=_ordinal(n))
        if kind is GoalKind.CONTROL_BIOME:
            return Text(N_("Win controlling every {biome} territory"), biome=self._biome_word)
        if kind is GoalKind.CONTROL_AT_LEAST:
            return Text(N_("Win controlling at least {territories}"), territories=_territories(n))
        if kind is GoalKind.NO_RUIN_ON_PURPLE_ROAD:
            return Text(N_("Win with no ruin on the purple road"))
        if kind is GoalKind.RUINS_AT_MOST:
            return Text(N_("Win with at most {ruins} on the board"), ruins=_ruins(n))
        return Text(N_("Win within {turns}"), turns=_turns(n))

    @property
    def _biome_word(self) -> str:
        return self.biome.word if self.biome is not None else "?"

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
    """Whether `result` meets `goal`, and why; any goal but "win" needs a won game for its star.

    A lost game's reason says so first and then the goal's own reason after a colon, not in brackets: a
    reason may hold brackets itself, and brackets inside brackets read as a mistake (playtest D18)."""
    met, reason = _EVALUATORS[goal.kind](goal, result)
    if goal.kind is not GoalKind.WIN and not result.won:
        return GoalCheck(goal, False, Text(N_("only a won chapter earns this star: {reason}"), reason=reason))
    return GoalCheck(goal, met, reason)


def check_goals(goals: tuple[Goal, ...], result: ChapterResult) -> tuple[GoalCheck, ...]:
    return tuple(check_goal(goal, result) for goal in goals)


# ---- evaluators: (goal, result) -> (condition met, reason) ---------------------------------------

def _win(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    if result.won:
        return True, Text(N_("you won: {reason}"), reason=result.reason)
    return False, Text(N_("the chapter was lost: {reason}"), reason=result.reason)


def _void_at_most(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n, allowed = result.void_territories, _need(goal)
    return n <= allowed, Text(N_("the Void controlled {territories}; the goal allows at most {allowed}"),
                              territories=_territories(n), allowed=allowed)


def _win_before_corruption(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n, limit = result.corruptions, _need(goal)
    if n < limit:
        return True, Text(N_("the game ended after {corruptions}, before the {ordinal}"), corruptions=_corruptions(n),
                          ordinal=_ordinal(limit))
    return False, Text(N_("the {ordinal} Corruption came before the end, {corruptions} in all"), ordinal=_ordinal(limit),
                       corruptions=_corruptions(n))


def _control_biome(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    biome = goal.biome
    assert biome is not None  # guaranteed by Goal.__post_init__
    of_biome = result.of_biome(biome)
    if not of_biome:
        return False, Text(N_("this map has no {biome} territory"), biome=biome.word)
    missed = [t.name for t in of_biome if t.controller is not Side.PLAYER]
    if not missed:
        return True, Text(nN_("you controlled all {count} {biome} territory", "you controlled all {count} {biome} territories"),
                          count=len(of_biome), biome=biome.word)
    void_held = all(t.controller is Side.VOID for t in of_biome if t.name in missed)
    return False, Text(N_("the Void held {names}; {mine} of {count} {biome} were yours") if void_held
                       else N_("you did not hold {names}; {mine} of {count} {biome} were yours"), names=series(missed),
                       mine=len(of_biome) - len(missed), count=len(of_biome), biome=biome.word)


def _control_at_least(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n, needed = result.player_territories, _need(goal)
    return n >= needed, Text(N_("you controlled {territories}; the goal asks for at least {needed}"),
                             territories=_territories(n), needed=needed)


def _no_ruin_on_purple_road(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n = result.ruins_on_purple_road
    if n is None:
        return False, Text(N_("this map has no purple road"))
    if n == 0:
        return True, Text(N_("the purple road stayed free of ruins"))
    return False, Text(nN_("{count} ruin stood on the purple road", "{count} ruins stood on the purple road"), count=n)


def _ruins_at_most(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n, allowed = result.ruins_placed, _need(goal)
    return n <= allowed, Text(N_("the Void had {ruins} on the board; the goal allows at most {allowed}"), ruins=_ruins(n),
                              allowed=allowed)


def _win_within_turns(goal: Goal, result: ChapterResult) -> tuple[bool, str]:
    n, allowed = result.turns, _need(goal)
    return n <= allowed, Text(N_("the game took {turns}; the goal allows at most {allowed}"), turns=_turns(n),
                              allowed=allowed)


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


def _territories(n: int | None) -> Text:
    if n == 0:
        return Text(N_("no territory"))
    return Text(nN_("{count} territory", "{count} territories"), count=n)


def _ruins(n: int | None) -> Text:
    return Text(nN_("{count} ruin", "{count} ruins"), count=n)


def _turns(n: int | None) -> Text:
    return Text(nN_("{count} turn", "{count} turns"), count=n)


def _corruptions(n: int | None) -> Text:
    return Text(nN_("{count} Corruption", "{count} Corruptions"), count=n)


def _ordinal(n: int | None) -> Text:
    """"1st", "2nd", "3rd", "4th" (each a template, so a language writes its own ordinal)."""
    if n == 1:
        return Text(N_("{number}st"), number=n)
    if n == 2:
        return Text(N_("{number}nd"), number=n)
    if n == 3:
        return Text(N_("{number}rd"), number=n)
    return Text(N_("{number}th"), number=n)
