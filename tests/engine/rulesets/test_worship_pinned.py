"""E10 / P4 / P14 pinned (issue #32): the one Worship feat in the supply, a decision with one target or none,
the public view of the decision, and the sentences a player reads about it, in English and German.

Hand-built end positions on New Horizons: pieces put straight on the board, mountains set by hand where a
case needs every connection but one (or all) covered, then the journey's last turn (`end_by_last_turn`).
"""

from __future__ import annotations

import gettext

from engine_helpers import BLUE, GREEN, RED, end_by_last_turn, put_tents, put_totem
from iwari_desktop.engine import FeatKind, GameConfig, Phase, PlaceFeat, apply
from iwari_desktop.engine.core.observation import observe
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.core.text import render
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
WORSHIP = FeatKind.WORSHIP
# New Horizons: tent spaces with exactly one road segment (dead ends, variant 1)
DEAD_END_FROSTMERE, DEAD_END_THORNROOT = 35, 71


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


def game(n: int, variant: int, seed: int = 2) -> GameState:
    return new_game(GameConfig.quick("new-horizons", n, seed, first_player=0, options={"worship": variant}))


def worship_line(state: GameState):
    return next(line for line in state.reports[-1].lines if line.subject == "worship")


def golden_leader(state: GameState, tribe: int) -> int:
    """`tribe` gets a tent and a totem on the first golden-token territory (variant 3); returns that territory."""
    golden = state.ext["worship"].golden[0]
    put_tents(state, tribe, state.board.territories[golden].tent_spaces[:1])
    put_totem(state, tribe, golden)
    return golden


def test_e10_b19_one_worship_feat_waits_in_the_supply_until_it_is_decided():
    placed, tied = game(3, 1), game(3, 1)
    assert placed.feat_supply[WORSHIP] == tied.feat_supply[WORSHIP] == 1
    put_tents(placed, RED, [DEAD_END_FROSTMERE])
    end_by_last_turn(placed)
    assert placed.phase is Phase.MODULE and placed.feat_supply[WORSHIP] == 0   # won: out of the supply
    put_tents(tied, RED, [DEAD_END_FROSTMERE])
    put_tents(tied, GREEN, [DEAD_END_THORNROOT])
    end_by_last_turn(tied)
    assert tied.is_terminal() and tied.feat_supply[WORSHIP] == 0                 # tied: discarded (P14)
    assert WORSHIP not in tied.feats_earned


def test_p4_e10_worship_with_one_target_is_placed_at_once():
    state = game(3, 3)
    board = state.board
    golden_leader(state, RED)
    free = board.connections[0].number
    state.mountains = tuple(c.number for c in board.connections if c.number != free)   # one connection left open
    end_by_last_turn(state)
    assert state.is_terminal()                      # nobody was asked: the only target was taken (P4)
    data = state.ext["worship"]
    assert (data.outcome, data.winner, data.target) == ("placed", RED, free)
    assert [(f.feat, f.tribe, f.target, f.on_connection) for f in state.feats] == [(WORSHIP, RED, free, True)]
    assert state.feats_earned[WORSHIP] == [RED] and state.feat_supply[WORSHIP] == 0
    line = worship_line(state)
    assert (line.category, line.label, line.base) == ("worship", "Worship", {})
    assert _de(line.label) == "Verehrung"
    assert line.detail == ("Player 1 has the most totems on the golden-token totem spaces (Player 1 1, Player 2 0, "
                           f"Player 3 0) and puts Worship on connection {free}: one more feat for its totem multiplier")
    assert _de(line.detail) == ("Player 1 hat die meisten Totems auf den Totemfeldern mit goldenem Marker (Player 1 1, "
                                f"Player 2 0, Player 3 0) und legt Verehrung auf Verbindung {free}: ein Kunstwerk mehr "
                                "für den Totem-Multiplikator dort")


def test_p4_e10_worship_with_no_target_is_lost_and_the_line_says_why():
    state = game(3, 3)
    golden_leader(state, GREEN)
    state.mountains = tuple(c.number for c in state.board.connections)   # every connection covered (P14)
    end_by_last_turn(state)
    assert state.is_terminal() and not state.feats  # the game is not held for a placement that cannot be made
    data = state.ext["worship"]
    assert (data.outcome, data.winner, data.target) == ("no target", GREEN, None)
    assert state.feats_earned[WORSHIP] == [GREEN] and state.feat_supply[WORSHIP] == 0
    line = worship_line(state)
    assert line.category == "worship" and line.base == {}
    assert line.detail == ("Player 2 has the most totems on the golden-token totem spaces (Player 1 0, Player 2 1, "
                           "Player 3 0) but no place to put Worship: it is discarded")
    assert _de(line.detail) == ("Player 2 hat die meisten Totems auf den Totemfeldern mit goldenem Marker (Player 1 0, "
                                "Player 2 1, Player 3 0), aber keinen Platz für Verehrung: Sie wird abgelegt")


def test_p14_the_third_tribe_winning_worship_is_named_in_the_players_language():
    state = game(2, 1)
    third = state.third_tribe
    put_tents(state, third, [DEAD_END_FROSTMERE, DEAD_END_THORNROOT])
    end_by_last_turn(state)
    frostmere = state.board.territory_named("Frostmere Reach").index
    apply(state, PlaceFeat(WORSHIP, frostmere, False))   # the player of the last turn puts it for the third tribe
    detail = worship_line(state).detail
    assert detail == ("Third tribe has the most tents on dead-end tent spaces (Player 1 0, Player 2 0, Third tribe 2) "
                      "and puts Worship on Frostmere Reach: one more feat for its tent multiplier")
    assert _de(detail) == ("Dritter Stamm hat die meisten Zelte auf Sackgassen-Zeltfeldern (Player 1 0, Player 2 0, "
                           "Dritter Stamm 2) und legt Verehrung in Frostmere Reach: ein Kunstwerk mehr für den "
                           "Zelt-Multiplikator dort")


def test_e10_public_view_tells_every_seat_what_counts_the_standing_and_the_decision():
    state = game(3, 3)
    golden = golden_leader(state, BLUE)
    before = observe(state, RED).module_view("worship")
    assert before == {"variant": 3, "counts": "totems on the golden-token totem spaces",
                      "golden": state.ext["worship"].golden, "standing": [0, 0, 1], "winner": None, "outcome": None,
                      "target": None, "on_connection": True}
    assert GERMAN.gettext(before["counts"]) == "Totems auf den Totemfeldern mit goldenem Marker"   # as the presenter says it
    free = state.board.connections[0].number
    state.mountains = tuple(c.number for c in state.board.connections if c.number != free)
    end_by_last_turn(state)
    after = observe(state, GREEN).module_view("worship")
    assert after == dict(before, winner=BLUE, outcome="placed", target=free)
    assert golden in after["golden"]
    tents = game(3, 1)
    put_tents(tents, GREEN, [DEAD_END_FROSTMERE])
    view = observe(tents, RED).module_view("worship")
    assert (view["variant"], view["counts"], view["standing"], view["on_connection"]) == (
        1, "tents on dead-end tent spaces", [0, 1, 0], False)
