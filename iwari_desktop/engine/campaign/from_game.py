"""The ONE converter from a finished solo or co-op game to the campaign's `ChapterResult`.

Goals look at a `ChapterResult` only (see `result`), never at engine internals; this module is the
single place that knows where each number lives in a finished game against the Void: the verdict,
end reason, Corruptions, turns and each territory's controller come from the engine's typed
`VoidOutcome` (`state.result`, rulesets/solo/outcome.py); the biome of each territory and the Void's
ruins (its tents, P19) come from the board and the state. A game that is not a finished game
against the Void raises `NotAFinishedVoidGame` rather than yielding a half-true result.
"""

from __future__ import annotations

from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID
from iwari_desktop.engine.rulesets.solo.outcome import END_VOID_CONTROL, WIN_HELD, VoidOutcome, reason_text
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_

from iwari_desktop.engine.campaign.result import ChapterResult, Side, TerritoryOutcome

_SIDES: dict[str | None, Side | None] = {PLAYERS: Side.PLAYER, VOID: Side.VOID, None: None}


class NotAFinishedVoidGame(ValueError):
    """The state given is not a finished solo or co-op game, so it has no chapter result."""


def reason_words(outcome: VoidOutcome) -> str:
    """Why the game was won or lost, in plain words, with the Void's count where K decided it."""
    text = reason_text(outcome.reason, Text(N_("the game ended")))
    if outcome.reason in (WIN_HELD, END_VOID_CONTROL):
        return Text(N_("{reason} ({count} of the {needed} it needs)"), reason=text, count=outcome.void_territories,
                    needed=outcome.k)
    return text


def has_purple_road(state: GameState) -> bool:
    """Whether the map has a purple road (The Long Road); the same test `mapcheck` uses for the goal."""
    return any(space.purple_road for space in state.board.spaces)


def chapter_result(state: GameState) -> ChapterResult:
    """The finished game `state` as the campaign's goals see it.

    `ruins_placed` counts the Void's ruins standing on the board at the end (ruin spaces between
    territories included); `ruins_on_purple_road` those on purple-road spaces, None on a map without
    a purple road. `turns` is the player side's turns (each co-op partner's turn counts).
    """
    outcome = state.result
    if state.void_tribe is None or state.config.mode not in (GameMode.SOLO, GameMode.COOP):
        raise NotAFinishedVoidGame(Text(N_("not a game against the Void (solo or co-op): it has no chapter result")))
    if state.phase is not Phase.GAME_OVER or not isinstance(outcome, VoidOutcome) or outcome.won is None:
        raise NotAFinishedVoidGame(Text(N_("the game against the Void is not finished yet")))
    void = state.void_tribe
    board = state.board
    territories = tuple(TerritoryOutcome(control.name, board.territories[control.territory].biome,
                                         _SIDES[control.side])
                        for control in outcome.territories)
    ruins = [space for space in board.spaces if state.space_owner[space.index] == void]
    on_road = sum(1 for space in ruins if space.purple_road) if has_purple_road(state) else None
    return ChapterResult(won=bool(outcome.won), reason=reason_words(outcome), turns=outcome.turns,
                         corruptions=outcome.corruptions, territories=territories, ruins_placed=len(ruins),
                         ruins_on_purple_road=on_road)
