"""S10 and P27/P28: when a game against the Void ends, the last counting and the verdict.

`finish` ends the game at once (from any step); `prepare_end` does the counting and the verdict only,
for the `after_turn` hook, whose returned reason the core turns into the end itself.
"""

from __future__ import annotations

from collections import Counter

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.primitives import end_game
from iwari_desktop.engine.core.state import GameState, Phase

import iwari_desktop.engine.rulesets.solo.maprules as maprules
from iwari_desktop.engine.rulesets.solo.counting import count, note, void_controls
from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.engine.rulesets.solo.events import END, SILENT
from iwari_desktop.engine.rulesets.solo.outcome import (
    END_ALL_COUNTED, END_NO_CARDS, END_PLAYER_PIECES, END_VOID_CONTROL, IMMEDIATE_LOSSES, WIN_HELD, reason_text,
    k_of, outcome_of,
)
from iwari_desktop.engine.rulesets.solo.sides import open_territories
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_


# The last line of a game lost at once (K Void territories, a Void settlement, the fifth Void totem): what ended
# the game is also why it is lost, so the line says it once. Version 2 saves logged it as "The game ends: {end}.
# Lost: {reason}." with both the same (digest_v2.py keeps that wording for them).
LOST_AT_ONCE_WORDS = N_("The game is lost: {reason}.")


def prepare_end(state: GameState, end: str) -> None:
    """Count what is still uncounted (unless the Void won at once), then decide: K Void territories lose,
    then a map's own end check (S11), else the players win."""
    if end not in IMMEDIATE_LOSSES:
        for territory in open_territories(state):
            count(state, territory, "end")
    if end in IMMEDIATE_LOSSES:
        won, reason = False, end
    elif void_controls(state) >= k_of(state):
        won, reason = False, END_VOID_CONTROL
    else:
        reason = maprules.end_check(state)
        won = reason is None
        reason = reason or WIN_HELD
    d = data(state)
    d.outcome = outcome_of(state, end, reason, won)
    if d.quiet:
        words = SILENT
    elif end in IMMEDIATE_LOSSES:   # the end is the reason: said once (playtest D21)
        words = Text(LOST_AT_ONCE_WORDS, reason=reason_text(reason))
    else:
        words = Text(N_("The game ends: {end}. Won: {reason}.") if won else N_("The game ends: {end}. Lost: {reason}."),
                     end=reason_text(end), reason=reason_text(reason))
    note(state, words, END)


def finish(state: GameState, end: str) -> None:
    """End the game now (S10); nothing happens if it is over already."""
    if state.phase is Phase.GAME_OVER:
        return
    prepare_end(state, end)
    end_game(state, end)


def after_count(state: GameState) -> None:
    """P27: K Void territories lose at once; S10: every territory counted ends the game."""
    if state.phase is Phase.GAME_OVER:
        return
    if void_controls(state) >= k_of(state):
        finish(state, END_VOID_CONTROL)
    elif not open_territories(state):
        finish(state, END_ALL_COUNTED)


def turn_end_reason(state: GameState) -> str | None:
    """P27: no card left anywhere; P28: the next player starts with no tents and no totems."""
    if not state.deck and not state.discard and not state.display and not any(state.hands):
        return END_NO_CARDS
    nxt = (state.active_seat + 1) % state.n_players
    if state.tents_left[nxt] == 0 and state.totems_left[nxt] == 0:
        return END_PLAYER_PIECES
    return None


def cards_in_play(state: GameState) -> Counter:
    """Every card of the game by biome, wherever it is (the property tests' conservation check)."""
    d = data(state)
    cards = Counter(state.deck) + Counter(state.display) + Counter(state.discard) + Counter(state.removed)
    for hand in state.hands:
        cards += Counter(hand)
    cards[Biome.VOID] += d.above + d.beside
    return cards
