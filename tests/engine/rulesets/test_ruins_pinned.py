"""E3 / P7 / P33 / B5 / B11 / B14 pinned (issue #32): when a ruin space is offered and refused, and the words a
player reads about it — each refusal and the kept ruins' scoring line, in English and German, a non-player
tribe named through the catalogue ("Third tribe" / "Dritter Stamm", issue #32's raw tribe names).

Hand-built positions on the bundled forgotten-island map (ruin space 74: Coast icon, connection 11).
"""

from __future__ import annotations

import gettext

import pytest

from engine_helpers import draw_until_turn_ends, final_scoring_now, give_hand
from iwari_desktop.engine import Biome, Exchange, GameConfig, IllegalAction, Phase, apply, get_board, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.text import render
from iwari_desktop.engine.rulesets.ruins import TakeRuin
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
BOARD = get_board("forgotten-island")
COAST_RUIN = 74
RED, GREEN = 0, 1
COAST_PAIR = [Biome.COAST, Biome.COAST, Biome.DESERT]


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


def game(n: int = 3):
    return new_game(GameConfig.quick("forgotten-island", n, 1, first_player=0), BOARD)


def refused(state, space: int) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        apply(state, TakeRuin(space))
    return error.value


def at_third_tribe_turn():
    """Two players: red exchanges, and the third tribe's Place may be paid from red's Coast pair (P7)."""
    state = game(2)
    give_hand(state, RED, COAST_PAIR)
    apply(state, Exchange(Biome.DESERT))
    assert state.phase is Phase.THIRD_TRIBE
    return state


def test_e3_a_space_without_a_ruin_icon_is_refused_by_its_number():
    state = game()
    give_hand(state, RED, COAST_PAIR)
    for space in (0, -1, len(BOARD.spaces), 10_000):
        error = refused(state, space)
        assert (error.rule, error.reason) == ("E3", f"s{space} is not a ruin space")
    assert _de(refused(state, 0).reason) == "Das ist kein Ruinenfeld"
    assert state.hands[RED] == COAST_PAIR and state.phase is Phase.MAIN   # nothing paid, nothing moved


def test_b10_a_ruin_space_holding_a_tribe_tent_is_refused_in_english_and_german():
    state = game()
    state.space_owner[COAST_RUIN] = GREEN    # green took it earlier (the Void ruin gone)
    give_hand(state, RED, COAST_PAIR)
    error = refused(state, COAST_RUIN)
    assert (error.rule, error.reason) == ("B10", "that ruin space already holds a tribe's tent")
    assert _de(error.reason) == "Auf diesem Ruinenfeld steht schon das Zelt eines Stammes"


def test_e3_p33_a_pair_of_another_biome_is_no_wild_for_a_ruin_space_in_english_and_german():
    state = game()
    give_hand(state, RED, [Biome.DESERT, Biome.DESERT, Biome.COAST])
    error = refused(state, COAST_RUIN)
    assert (error.rule, error.reason) == ("E3", "taking this ruin space needs two Coast cards, the biome of its icon "
                                                "(a pair of another biome is no wild here)")
    assert _de(error.reason) == ("Für dieses Ruinenfeld brauchst du zwei Biomkarten „Küste“, passend zu seinem Symbol "
                                 "(ein Paar eines anderen Bioms ist hier kein Joker)")


def test_p33_b11_a_ruin_space_is_offered_down_to_the_last_tent_and_never_without_one():
    state = game()
    give_hand(state, RED, COAST_PAIR)
    state.tents_left[RED] = 0
    assert not [a for a in legal_actions(state) if isinstance(a, TakeRuin)]
    error = refused(state, COAST_RUIN)
    assert (error.rule, error.reason) == ("B11", "Player 1 has no tents left")
    assert _de(error.reason) == "Player 1 hat keine Zelte mehr"
    state.tents_left[RED] = 1
    assert [a for a in legal_actions(state) if isinstance(a, TakeRuin)] == [TakeRuin(COAST_RUIN)]
    apply(state, TakeRuin(COAST_RUIN))
    assert state.space_owner[COAST_RUIN] == RED and state.tents_left[RED] == 0


def test_p7_b11_the_third_tribe_without_tents_is_refused_a_ruin_space_under_its_own_name():
    state = at_third_tribe_turn()
    third = state.third_tribe
    assert TakeRuin(COAST_RUIN) in legal_actions(state)
    state.tents_left[third] = 0                    # red still has every tent: the third tribe is the one asked
    assert TakeRuin(COAST_RUIN) not in legal_actions(state)
    error = refused(state, COAST_RUIN)
    assert (error.rule, error.reason) == ("B11", "Third tribe has no tents left")
    assert _de(error.reason) == "Dritter Stamm hat keine Zelte mehr"


def test_b5_b14_a_ruin_space_is_taken_only_as_the_turns_action_and_never_after_the_game():
    state = game()
    give_hand(state, RED, COAST_PAIR)
    apply(state, Exchange(Biome.DESERT))
    assert state.phase is Phase.DRAW
    error = refused(state, COAST_RUIN)
    assert (error.rule, error.reason) == ("B5", "'ruin s74' cannot be played now: a ruin space is taken as a whole "
                                                "action")
    assert _de(error.reason) == "'ruin s74' geht gerade nicht: Ein Ruinenfeld nimmst du als ganze Aktion"
    draw_until_turn_ends(state)
    final_scoring_now(state)
    error = refused(state, COAST_RUIN)
    assert (error.rule, error.reason) == ("B14", "the game is over")
    assert _de(error.reason) == "Die Partie ist vorbei"


def test_e3_p33_one_kept_ruin_is_one_point_said_in_the_singular_in_english_and_german():
    state = game()
    give_hand(state, RED, COAST_PAIR)
    apply(state, TakeRuin(COAST_RUIN))
    draw_until_turn_ends(state)
    final_scoring_now(state)
    line = next(l for l in state.reports[-1].lines if l.category == "ruins")
    assert (line.subject, line.base) == ("ruins:0", {RED: 1})
    assert (line.label, _de(line.label)) == ("Player 1's ruins", "Player 1: Ruinen")
    assert line.detail == "Player 1 kept 1 ruin, 1 point each: Coast ruin on connection 11"
    assert _de(line.detail) == "Player 1 hat 1 Ruine behalten, je 1 Punkt: Ruine „Küste“ auf Verbindung 11"


def test_p7_p33_the_third_tribes_kept_ruin_is_named_through_the_catalogue():
    state = at_third_tribe_turn()
    apply(state, TakeRuin(COAST_RUIN))
    draw_until_turn_ends(state)
    final_scoring_now(state)
    line = next(l for l in state.reports[-1].lines if l.category == "ruins")
    assert line.base == {state.third_tribe: 1}
    assert (line.label, _de(line.label)) == ("Third tribe's ruins", "Dritter Stamm: Ruinen")
    assert line.detail == "Third tribe kept 1 ruin, 1 point each: Coast ruin on connection 11"
    assert _de(line.detail) == "Dritter Stamm hat 1 Ruine behalten, je 1 Punkt: Ruine „Küste“ auf Verbindung 11"
