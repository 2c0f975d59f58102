"""The hint's reason: the evaluation split into named terms, and the term a move gains most, worded.

Hand-made positions on the fixture board (tests/support/engine_helpers.py) where the right reason is known,
plus checks that the split adds up to the evaluation itself in real games, and that no hidden card
sways a reason.
"""

from __future__ import annotations

import re

import pytest

from engine_helpers import (COAST, DESERT, FOREST, GREEN, RED, T_DESERT, T_FOREST, T_TUNDRA, TUNDRA, give_hand,
                            make_state, put_tent, put_tents, put_totem, set_display)
from solo_helpers import solo_state
from bot_helpers import hidden_swapped

from iwari_desktop.engine.bots.evaluation import estimate, estimate_terms
from iwari_desktop.engine.bots.explain import Reason, Why, explain
from iwari_desktop.engine.bots.explain_solo import SoloWhy, explain_solo
from iwari_desktop.engine.bots.normal import NormalBot
from iwari_desktop.engine.bots.random_bot import RandomBot
from iwari_desktop.engine.bots.solo import SoloBot
from iwari_desktop.engine.bots.solo_eval import value, value_terms
from iwari_desktop.engine.core.actions import Draw, Exchange, Place
from iwari_desktop.engine.core.config import BASE_FEATS, GameConfig, GameMode
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import Phase
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.scenes.board.hint_words import gain_text, hint_line, reason_text
from iwari_desktop.scenes.board.hint_words_solo import solo_reason_text


def red_to_play(*cards) -> object:
    state = make_state(3, seed=2, mountains=False)
    state.active_seat = 0
    give_hand(state, 0, list(cards))
    return state


def test_b15_a_tent_that_takes_the_lead_is_explained_as_taking_the_tent_majority() -> None:
    """Forest: green 1, red 1 (tied). A second red tent leads alone: red 3 points instead of 2, doubled by
    the half journey still to come, green unchanged: +2."""
    state = red_to_play(FOREST)
    put_tent(state, GREEN, 12)
    put_tent(state, RED, 15)
    reason = explain(state, 0, Place(T_FOREST, (FOREST,), 1))
    assert reason.why is Why.TAKES_MAJORITY and reason.territory == T_FOREST
    assert reason.gain == pytest.approx(2.0)
    assert reason_text(state, reason) == "+2: takes the tent majority in " + state.board.territories[T_FOREST].name


def test_b17_the_fourth_tent_on_a_road_is_explained_as_completing_a_settlement() -> None:
    state = red_to_play(TUNDRA)
    put_tents(state, RED, (7, 8, 9))  # a road chain 7-8-9-10 in the Tundra
    reason = explain(state, 0, Place(T_TUNDRA, (TUNDRA,), 1))
    assert reason.why is Why.COMPLETES_SETTLEMENT and reason.size == 4
    assert reason.gain == pytest.approx(4.0)  # the settlement's 4 points beat the tent majority's +2
    assert reason_text(state, reason) == "+4: completes a settlement of 4 tents"


def test_b16_a_totem_that_wins_both_sides_is_explained_as_winning_the_link() -> None:
    """Red holds the Desert's only totem; in the Tundra green has one. A red totem there ties the Tundra's
    totem majority, so red holds both ends of connection 1: 1 + 2 totems = +3."""
    state = red_to_play(TUNDRA)
    put_totem(state, RED, T_DESERT)
    put_totem(state, GREEN, T_TUNDRA)
    put_tents(state, GREEN, (8, 9))
    put_tent(state, RED, 10)
    reason = explain(state, 0, Place(T_TUNDRA, (TUNDRA,), 1))
    assert reason.why is Why.WINS_LINK and reason.connection == 1 and reason.gain == pytest.approx(3.0)
    names = state.board.territories
    assert reason_text(state, reason) == f"+3: wins the totem link between {names[0].name} and {names[1].name}"


def test_b16_a_totem_that_ends_a_rivals_link_is_explained_as_blocking_it() -> None:
    """Green holds connection 1 (both ends); the Tundra is full, so red's only piece there is a totem, which
    gives red the Tundra's totem majority alone and takes the link from green, the strongest rival."""
    state = red_to_play(TUNDRA)
    put_totem(state, GREEN, T_DESERT)
    put_totem(state, GREEN, T_TUNDRA)
    put_totem(state, RED, T_TUNDRA)
    put_tents(state, GREEN, (7, 8, 9))
    put_tents(state, RED, (10, 11))
    put_tents(state, GREEN, (20, 21, 22))
    reason = explain(state, 0, Place(T_TUNDRA, (TUNDRA,), 1))
    assert reason.why is Why.BREAKS_LINK and reason.connection == 1 and reason.rival == GREEN
    assert reason.gain == pytest.approx(3.0)
    assert reason_text(state, reason).startswith("+3: blocks Player 2's totem link between ")


def test_b12_third_tribe_pieces_are_explained_by_the_lead_they_take_from_the_opponent() -> None:
    """2 players; the Desert has opponent 2, third tribe 2. A third-tribe tent there ends the opponent's share
    of first place; one in the empty Forest only feeds the third tribe (the least harm)."""
    state = make_state(2, seed=5, mountains=False)
    state.active_seat = 0
    give_hand(state, 0, [DESERT, FOREST])
    put_tents(state, 1, (0, 1))
    put_tents(state, 2, (2, 3))
    put_tents(state, 1, (7, 8, 9))
    state.phase = Phase.THIRD_TRIBE
    desert = explain(state, 0, Place(T_DESERT, (DESERT,), 1))
    assert desert.why is Why.BREAKS_MAJORITY and desert.rival == 1 and desert.gain > 0
    forest = explain(state, 0, Place(T_FOREST, (FOREST,), 1))
    assert forest.why is Why.THIRD_TRIBE
    assert reason_text(state, forest) == "puts the third tribe where it helps your rivals least"


def test_b5_an_exchange_is_explained_by_no_placement_paying() -> None:
    state = make_state(2, seed=7, mountains=False)
    state.active_seat = 0
    give_hand(state, 0, [COAST])
    put_tents(state, 1, (20, 21, 22))
    put_tent(state, 2, 23)
    put_totem(state, 1, 4, 2)
    reason = explain(state, 0, Exchange(COAST))
    assert reason.why is Why.KEEPS_HAND
    assert reason_text(state, reason) == "no placement pays now; a new card may"


def test_b13_a_display_card_is_explained_by_the_territory_it_opens_and_the_deck_by_no_better_card() -> None:
    state = red_to_play()
    put_tents(state, GREEN, (12, 13))      # green leads the Forest: one red Forest tent gains little there
    set_display(state, [FOREST, COAST, DESERT, TUNDRA, TUNDRA])
    state.phase = Phase.DRAW
    coast = explain(state, 0, Draw(COAST))
    assert coast.why is Why.DRAW_OPENS and coast.card is COAST and coast.territory == 4 and coast.gain == 2.0
    assert reason_text(state, coast) == "+2: a Coast card pays for a tent in " + state.board.territories[4].name \
        + " next turn"
    assert explain(state, 0, Draw(None)).why is Why.DRAW_BLIND


def test_the_split_adds_up_to_the_estimate_at_every_step_of_games_with_rule_modules() -> None:
    """Base and expansion maps with feats: the per-tribe sums of `estimate_terms` are `estimate`."""
    checked = 0
    for map_id, players, seed in (("new-horizons", 3, 1), ("vast-lands", 2, 2), ("floating-lands", 4, 3),
                                  ("long-road", 3, 4), ("forgotten-island", 3, 5)):
        state = new_game(GameConfig.quick(map_id, players, seed, feats=BASE_FEATS), get_board(map_id))
        bot = RandomBot(seed)
        while not state.is_terminal():
            terms, expected = estimate_terms(state), estimate(state)
            sums = [sum(row[t] for row in terms.values()) for t in range(len(expected))]
            assert sums == pytest.approx(expected)
            apply(state, bot.choose(state, legal_actions(state)))
            checked += 1
        assert estimate_terms(state) == {("scored",): [float(s) for s in state.scores]}
    assert checked > 400


def test_the_solo_split_adds_up_to_the_solo_value() -> None:
    for mode, players, map_id in ((GameMode.SOLO, 1, "new-horizons"), (GameMode.COOP, 2, "vast-lands")):
        state = new_game(GameConfig.quick(map_id, players, 3, mode=mode), get_board(map_id))
        bot = SoloBot(1)
        while not state.is_terminal():
            for seat in range(players):
                assert sum(value_terms(state, seat).values()) == pytest.approx(value(state, seat))
            apply(state, bot.choose(state))


def test_every_reason_of_real_games_is_named_and_hidden_cards_do_not_change_it() -> None:
    seen: set[Why] = set()
    for map_id, players, seed in (("new-horizons", 3, 6), ("vast-lands", 2, 7)):
        state = new_game(GameConfig.quick(map_id, players, seed, feats=BASE_FEATS), get_board(map_id))
        bot = NormalBot(seed)
        step = 0
        while not state.is_terminal():
            options = legal_actions(state)
            action = bot.choose(state, options)
            if len(options) > 1:
                seat = state.active_seat
                reason = explain(state, seat, action)
                seen.add(reason.why)
                if step % 7 == 0:
                    assert explain(hidden_swapped(state, seat, step), seat, action) == reason
                text = reason_text(state, reason)
                assert text and "{" not in text and not re.search(r"\b[BSEPX]\d+\b", text)
            apply(state, action)
            step += 1
    assert {Why.TAKES_MAJORITY, Why.DRAW_OPENS, Why.DRAW_BLIND} <= seen


def test_solo_reasons_name_the_territory_a_place_improves_without_a_point_count() -> None:
    state = solo_state(1)
    bot = SoloBot(1)
    while True:
        options = legal_actions(state)
        action = bot.choose(state, options)
        if isinstance(action, Place) and len(options) > 1:
            break
        apply(state, action)
    reason = explain_solo(state, 0, action)
    assert reason.why in (SoloWhy.TAKES, SoloWhy.WIDENS, SoloWhy.NARROWS) and reason.territory == action.territory
    name = state.board.territories[action.territory].name
    text = solo_reason_text(state, reason)
    assert name in text and not any(ch.isdigit() for ch in text.replace(name, ""))
    assert explain_solo(hidden_swapped(state, 0, 3), 0, action) == reason
    line = hint_line(state, "plays a card", reason)
    assert line == f"Hint: the Expert plays a card — {text}."


def test_every_kind_of_reason_has_words_without_placeholders_or_ruling_ids() -> None:
    state = red_to_play()
    for why in Why:
        for gain in (3.0, 0.5, -1.0):
            reason = Reason(why, gain, territory=T_FOREST, connection=1, rival=GREEN, size=5, category="long-road",
                            card=FOREST)
            text = reason_text(state, reason)
            assert text and "{" not in text and "}" not in text, (why, text)
            assert not re.search(r"\b[BSEPX]\d+\b", text), text
    assert gain_text(4.2) == "+4" and gain_text(-2.0) == "-2" and gain_text(0.4) == "+0.4"
