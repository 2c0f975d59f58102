"""Turns engine events into happenings: applied actions, new reports, new feats, the Void's steps.

The engine emits no sound events; it records what happened in the state: reports appended to
`state.reports`, feats added to `state.feats`, Void steps in the solo module's event log, the result.
Those only grow during a game, so `Marks` keeps how many there were and the difference after an action
is what happened in it, whatever path the rules took (a feat placed automatically, a Corruption set off
by a refilled display). No pygame here, so every rule is testable on plain engine states.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from iwari_desktop.audio.happenings import Happening
from iwari_desktop.engine.core.actions import Action, Draw, Exchange, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.rulesets.solo import events as void_events
from iwari_desktop.engine.rulesets.solo.data import CARDS_BESIDE_TO_END, KEY as VOID_KEY, VOID, data as void_data
from iwari_desktop.engine.rulesets.solo.outcome import k_of

# module actions that put a totem down, by class name (importing every rule module here would be circular)
TOTEM_ACTIONS = frozenset({"VoidTotem"})


@dataclass(frozen=True)
class Marks:
    """The counters of a state that only grow during one game, and whose turn it was."""

    reports: int
    feats: int
    void_events: int
    turn: int
    seat: int

    @classmethod
    def of(cls, state: GameState) -> "Marks":
        solo = state.ext.get(VOID_KEY)
        return cls(len(state.reports), len(state.feats), solo.events.total if solo is not None else 0,
                   state.turn, state.active_seat)


def of_action(action: Action | None) -> list[Happening]:
    """The sound of the action itself (pieces and cards); most module actions sound through their effects."""
    if isinstance(action, PlaceTent):
        return [Happening.TENT_PLACED]
    if isinstance(action, PlaceTotem) or type(action).__name__ in TOTEM_ACTIONS:
        return [Happening.TOTEM_PLACED]
    if isinstance(action, Draw):
        return [Happening.CARD_FROM_DECK if action.card is None else Happening.CARD_FROM_DISPLAY]
    if isinstance(action, Exchange):
        return [Happening.CARD_EXCHANGED]
    return []


def is_void_game(state: GameState) -> bool:
    return VOID_KEY in state.ext


def of_void_event(event: Any, state: GameState) -> Happening | None:
    """A Void step (a `VoidEvent`) as heard; None for the quiet ones (cards laid, the pawn moving)."""
    kind = event.kind
    if kind == void_events.INFECTION:
        return Happening.INFECTION
    if kind == void_events.CORRUPTION:
        return Happening.CORRUPTION
    if kind == void_events.COUNT:
        return Happening.TERRITORY_VOID if event.side == VOID else Happening.TERRITORY_YOURS
    if kind == void_events.RUIN:
        return Happening.VOID_PIECE
    if kind == void_events.TOTEM:
        return Happening.VOID_TOTEM
    if kind == void_events.END:
        outcome = void_data(state).outcome
        return Happening.PLAYERS_WON if outcome is not None and outcome.won else Happening.VOID_WON
    return None


def of_report(report: Any, state: GameState) -> Happening | None:
    """A new scoring report: the half journey, an expedition's reward, the final scoring (not against the
    Void, whose end has its own sound: a fanfare for a lost game would be wrong)."""
    if report.kind == "half":
        return Happening.HALF_JOURNEY
    if report.kind == "final":
        return None if is_void_game(state) else Happening.FINAL_SCORING
    if report.kind == "award" and any(line.category == "expedition" for line in report.lines):
        return Happening.EXPEDITION_COMPLETED
    return None


def since(marks: Marks, state: GameState, with_void_steps: bool = True) -> list[Happening]:
    """What happened between `marks` and `state`, in the order it happened per kind."""
    heard: list[Happening] = []
    if len(state.feats) > marks.feats:
        heard.append(Happening.FEAT_CLAIMED)
    solo = state.ext.get(VOID_KEY)
    if solo is not None and with_void_steps:
        for event in solo.events.since(marks.void_events):
            happening = of_void_event(event, state)
            if happening is not None:
                heard.append(happening)
    for report in state.reports[marks.reports:]:
        happening = of_report(report, state)
        if happening is not None:
            heard.append(happening)
    return heard


def of_score_line(line: Any, state: GameState, viewer_tribes: frozenset[int]) -> Happening | None:
    """A territory's line on the scoring screen, by who took it: the viewer, another tribe or the Void.

    Lines of connections and settlements are not territories and stay silent (they come in dozens).
    """
    if not line.subject.startswith("territory:"):
        return None
    if line.category == "claim":   # a game against the Void: the claim says which side holds it
        claim = void_data(state).claims.get(int(line.subject.split(":")[1]))
        if claim is None:
            return None
        return Happening.TERRITORY_VOID if claim.side == VOID else Happening.TERRITORY_YOURS
    firsts = {t for t, rank in line.ranks.items() if rank == 1} or {t for t, p in line.points.items() if p > 0}
    if not firsts:
        return None
    if firsts & viewer_tribes:
        return Happening.TERRITORY_YOURS
    if firsts == {state.void_tribe}:
        return Happening.TERRITORY_VOID
    return Happening.TERRITORY_OTHER


def void_is_close(state: GameState) -> bool:
    """The Void is one territory or one Corruption card from winning (the tense music plays).

    One territory short of K, when K is above one (in co-op K is 1, and the board would be tense from the
    first move); or two of the three cards beside the board, so the next Corruption ends the game.
    """
    solo = state.ext.get(VOID_KEY)
    if solo is None or state.is_terminal():
        return False
    k = k_of(state)
    held = sum(1 for claim in solo.claims.values() if claim.side == VOID)
    return (k > 1 and held >= k - 1) or solo.beside >= CARDS_BESIDE_TO_END - 1
