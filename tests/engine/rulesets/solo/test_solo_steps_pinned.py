"""S3-S8 pinned step by step (issue #32): each Void step run on a small hand-built position, checked for what
it does to the game and for the event screens read (its kind, the indices it concerns) and the sentence a
player is told, in English and German.

Positions are on the fixture board (tests/support/solo_helpers.py): t0 "Desert 0" (spaces 0-6, road 0-1-2-3-4),
t1 "Tundra 1" (7-11), t2 "Forest 2" (12-15 in a chain), t3 "Glaciers 3", t4 "Coast 4" (20-23), t5 "Tundra 5";
connection 1 joins t0 and t1. Steps are queued with `push_front` and run with `drive`, as the module does.
"""

from __future__ import annotations

import gettext

import pytest
from engine_helpers import put_tent, put_totem
from solo_helpers import solo_state, vd, void

from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.core.actions import PlaceTent
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.core.text import render
from iwari_desktop.engine.rulesets.solo import events as ev
from iwari_desktop.engine.rulesets.solo.actions import Decline, FreePlace, VoidChoice, VoidPlay, VoidSkip
from iwari_desktop.engine.rulesets.solo.data import Placing
from iwari_desktop.engine.rulesets.solo.outcome import END_CORRUPTIONS, END_VOID_PIECES
from iwari_desktop.engine.rulesets.solo.steps import (
    decide, decision_options, drive, push_front, put_ruin, ruin_reason,
)
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
VOID_CARD, DESERT, FOREST = Biome.VOID, Biome.DESERT, Biome.FOREST
T_DESERT, T_TUNDRA, T_FOREST, T_COAST = 0, 1, 2, 4


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


def run(state: GameState, *steps: list) -> list[ev.VoidEvent]:
    """Queue `steps` in front and drive them; the events they recorded."""
    d = vd(state)
    total = d.events.total
    push_front(state, *steps)
    drive(state)
    return d.events.since(total)


def facts(event: ev.VoidEvent) -> dict:
    """An event's data without its sentence."""
    return {k: v for k, v in event.__dict__.items() if k != "text" and v is not None}


def show_void_cards(state: GameState, n: int) -> None:
    """`n` Void cards face up in the display (taken from the deck, so the card total stays)."""
    for i in range(n):
        state.deck.remove(VOID_CARD)
        state.deck.append(state.display[i])
        state.display[i] = VOID_CARD


# ---- S4 / S3 / S6: Void cards above and in the display set off an Infection or a Corruption -------------

def test_s4_void_cards_laid_above_say_how_many_count_toward_a_corruption_and_set_off_an_infection():
    state = solo_state()
    d = vd(state)
    d.above, d.infections = 2, 3          # decide() lays them above before the step runs
    laid, infection = run(state, ["void-cards", 2])
    assert facts(laid) == {"kind": ev.VOID_CARDS, "toward": 2, "logged": True}
    assert laid.text == "2 Void cards laid above the display (2 of 4 toward a Corruption)."
    assert _de(laid.text) == "2 Leere-Karten über die Auslage gelegt (2 von 4 bis zur Verderbnis)."
    assert d.log[-2] == laid.text
    assert facts(infection) == {"kind": ev.INFECTION, "connection": 1, "logged": True}
    assert infection.text == "Infection at connection 1." and _de(infection.text) == "Infektion an Verbindung 1."
    assert d.log[-1] == infection.text
    assert (d.infections, d.corruptions) == (4, 0)
    # S5 (P21): two territories to infect, so the player orders them; the pawn moves after them
    assert d.decision == ["order", T_DESERT, T_TUNDRA] and d.steps == [["pawn"]]


def test_s4_one_void_card_with_one_face_up_in_the_display():
    state = solo_state()
    show_void_cards(state, 1)
    vd(state).above = 1
    laid = run(state, ["void-cards", 1])[0]
    assert laid.toward == 2
    assert laid.text == "1 Void card laid above the display (2 of 4 toward a Corruption)."
    assert _de(laid.text) == "1 Leere-Karte über die Auslage gelegt (2 von 4 bis zur Verderbnis)."


def test_s6_the_fourth_void_card_sets_off_a_corruption_that_counts_both_territories_then_moves_the_pawn():
    state = solo_state()
    show_void_cards(state, 1)
    d = vd(state)
    d.above, d.corruptions = 3, 1
    laid, corruption = run(state, ["void-cards", 3])
    assert laid.toward == 4 and laid.text == "3 Void cards laid above the display (4 of 4 toward a Corruption)."
    assert facts(corruption) == {"kind": ev.CORRUPTION, "connection": 1, "toward": 4, "logged": True}
    assert corruption.text == "Corruption at connection 1." and _de(corruption.text) == "Verderbnis an Verbindung 1."
    assert (d.infections, d.corruptions) == (0, 2)
    assert d.decision == ["order", T_DESERT, T_TUNDRA]
    assert d.steps == [["count", T_DESERT], ["count", T_TUNDRA], ["pawn"], ["corrupt-cards"]]


def test_s6_more_than_four_void_cards_the_log_keeps_its_count_the_screens_say_four_set_it_off():
    state = solo_state()
    show_void_cards(state, 1)
    vd(state).above = 4
    laid = run(state, ["void-cards", 2])[0]
    assert laid.toward == 5
    assert vd(state).log[-2] == "2 Void cards laid above the display (5 of 4 toward a Corruption)."
    assert laid.text == "2 Void cards laid above the display: 5 Void cards, and 4 already set off a Corruption."
    assert _de(laid.text) == ("2 Leere-Karten über die Auslage gelegt: 5 Leere-Karten – schon 4 lösen eine "
                              "Verderbnis aus.")
    one = solo_state()
    show_void_cards(one, 1)
    vd(one).above = 4
    assert run(one, ["void-cards", 1])[0].text == ("1 Void card laid above the display: 5 Void cards, and 4 already "
                                                   "set off a Corruption.")


def test_s3_a_void_card_turned_face_up_in_the_display_sets_off_an_infection():
    state = solo_state(auto_void_ties=True)
    show_void_cards(state, 1)
    vd(state).above = 1
    events = run(state, ["revealed"])
    assert facts(events[0]) == {"kind": ev.REVEALED, "toward": 2, "logged": True}
    assert events[0].text == "A Void card turned face up in the display."
    assert _de(events[0].text) == "In der Auslage wurde eine Leere-Karte aufgedeckt."
    # P56: with the ties settled automatically both territories get their piece, lower index first
    assert [(e.kind, e.territory) for e in events[1:]] == [
        (ev.INFECTION, None), (ev.RUIN, T_DESERT), (ev.RUIN, T_TUNDRA), (ev.PAWN, None)]


def test_s6_the_void_cards_of_a_corruption_one_goes_beside_the_board_the_rest_into_the_deck():
    state = solo_state()
    show_void_cards(state, 2)
    d = vd(state)
    d.above = 2
    deck_voids = state.deck.count(VOID_CARD)
    event = run(state, ["corrupt-cards"])[0]
    assert VOID_CARD not in state.display and d.above == 0 and d.beside == 1
    assert state.deck.count(VOID_CARD) == deck_voids + 3
    assert facts(event) == {"kind": ev.CORRUPT_CARDS, "beside": 1, "toward": 0, "logged": True, "displayed": 2}
    assert event.text == "One Void card goes beside the board (1 of 3); 3 are shuffled into the deck."
    assert _de(event.text) == ("Eine Leere-Karte kommt neben das Spielfeld (1 von 3); die übrigen (3) werden in den "
                               "Nachziehstapel gemischt.")
    assert state.phase is not Phase.GAME_OVER


def test_s10_the_third_void_card_beside_the_board_ends_the_game():
    state = solo_state()
    d = vd(state)
    d.above, d.beside = 4, 2
    event = run(state, ["corrupt-cards"])
    assert d.beside == 3 and event[0].text.startswith("One Void card goes beside the board (3 of 3); 3 are")
    assert state.phase is Phase.GAME_OVER and state.end_reason == END_CORRUPTIONS


# ---- S5: the Infection's piece ------------------------------------------------------------------------

def test_s5_a_void_totem_where_the_cap_allows_it():
    state = solo_state()
    put_tent(state, 0, 0)                  # the player's tent in Desert: the cap allows one totem
    event = run(state, ["place", T_DESERT, "infection"])[0]
    assert state.totem_counts[T_DESERT][void(state)] == 1
    assert facts(event) == {"kind": ev.TOTEM, "territory": T_DESERT, "piece": ev.TOTEM, "on": T_DESERT, "logged": True}
    assert event.text == "Desert 0: the cap allows a totem, so a Void totem goes on Desert 0."
    assert _de(event.text) == "Desert 0: Die Totemgrenze erlaubt ein Totem, also kommt ein Leere-Totem in Desert 0."


def test_p61_the_void_places_its_last_totem_and_a_ruin_once_it_has_none():
    state = solo_state(auto_void_ties=True)
    put_tent(state, 0, 0)
    state.totems_left[void(state)] = 1
    run(state, ["place", T_DESERT, "infection"])
    assert state.totems_left[void(state)] == 0 and state.phase is not Phase.GAME_OVER
    put_tent(state, 0, 1)                  # room for a second totem, but none is left: a ruin instead (P61)
    event = run(state, ["place", T_DESERT, "infection"])[0]
    assert event.piece == ev.RUIN and state.phase is not Phase.GAME_OVER


def test_s11_on_the_uncharted_paths_the_infections_totem_goes_on_the_purple_centre_and_says_for_whom():
    state = new_game(GameConfig.quick("uncharted-paths", 1, 1, mode=GameMode.SOLO))
    board = state.board
    territory = next(t for t in board.territories if t.tent_spaces and t.totem_space is not None)
    put_tent(state, 0, territory.tent_spaces[0])
    event = run(state, ["place", territory.index, "infection"])[0]
    centre = event.on
    assert centre != territory.index and state.totem_counts[centre][void(state)] == 1
    assert event.territory == territory.index and event.piece == ev.TOTEM
    here, there = territory.name, board.territories[centre].name
    assert event.text == f"{here}: the cap allows a totem, so a Void totem goes on {there} (for {here})."
    assert _de(event.text) == (f"{here}: Die Totemgrenze erlaubt ein Totem, also kommt ein Leere-Totem in "
                               f"{there} (für {here}).")


def test_s5_a_ruin_goes_on_the_space_nearest_a_ruin_and_the_log_keeps_its_id():
    state = solo_state()
    put_tent(state, void(state), 12)
    put_ruin(state, T_FOREST, 14)
    event = vd(state).events.items[-1]
    assert state.space_owner[14] == void(state)
    assert facts(event) == {"kind": ev.RUIN, "territory": T_FOREST, "piece": ev.RUIN, "space": 14, "logged": True}
    assert vd(state).log[-1] == ("Forest 2: no room for a totem, so a ruin goes on the space closest to a ruin (s14).")
    assert event.text == ("Forest 2: no room for a totem, so a ruin goes on the empty space nearest by road to a ruin "
                          "in Forest 2 (2 steps away).")
    assert _de(event.text) == ("Forest 2: kein Platz für ein Totem, also kommt eine Ruine auf das freie Feld, das über "
                               "Wege einer Ruine in Forest 2 am nächsten ist (2 Schritte entfernt).")


def test_s5_ruin_reasons_one_step_the_last_space_and_no_ruin_in_reach():
    state = solo_state()
    put_tent(state, void(state), 12)
    one = ruin_reason(state, T_FOREST, 13)
    assert one == ("Forest 2: no room for a totem, so a ruin goes on the empty space nearest by road to a ruin in "
                   "Forest 2 (1 step away).")
    assert _de(one).endswith("(1 Schritt entfernt).")
    assert ruin_reason(state, T_COAST, 20) == ("Coast 4: no room for a totem, so a ruin goes on an empty space; no "
                                               "ruin reaches this territory by road yet, so any of its spaces will do.")
    assert _de(ruin_reason(state, T_COAST, 20)).startswith("Coast 4: kein Platz für ein Totem")
    put_tent(state, 0, 15)                  # two spaces left in Forest: still "nearest", not "last"
    assert "nearest by road" in ruin_reason(state, T_FOREST, 13)
    put_tent(state, 0, 14)
    last = ruin_reason(state, T_FOREST, 13)
    assert last == "Forest 2: no room for a totem, so a ruin goes on its last empty space."
    assert _de(last) == "Forest 2: kein Platz für ein Totem, also kommt eine Ruine auf das letzte freie Feld."


def test_s5_a_ruin_nearest_a_ruin_on_a_ruin_space_names_no_territory():
    state = new_game(GameConfig.quick("forgotten-island", 1, 1, mode=GameMode.SOLO))
    board = state.board
    ruin_space = board.ruin_spaces[0]
    primitives.put_tent(state, void(state), ruin_space)
    neighbour = next(n for n in state.space_neighbours[ruin_space] if board.spaces[n].territory is not None)
    territory = board.spaces[neighbour].territory
    reason = ruin_reason(state, territory, neighbour)
    here = board.territories[territory].name
    assert reason == (f"{here}: no room for a totem, so a ruin goes on the empty space nearest by road to a ruin "
                      "(1 step away).")
    assert _de(reason) == (f"{here}: kein Platz für ein Totem, also kommt eine Ruine auf das freie Feld, das über "
                           "Wege einer Ruine am nächsten ist (1 Schritt entfernt).")


def test_s5_no_ruin_where_the_territory_is_counted_full_or_the_void_has_none_left():
    state = solo_state()
    put_tent(state, void(state), 12)
    state.tents_left[void(state)] = 0
    run(state, ["ruin", T_FOREST])
    assert state.phase is Phase.GAME_OVER and state.end_reason == END_VOID_PIECES
    full = solo_state()
    for space in range(20, 24):
        put_tent(full, 0, space)
    assert run(full, ["ruin", T_COAST]) == [] and full.phase is not Phase.GAME_OVER


# ---- S8: the Void's settlement bonus ----------------------------------------------------------------------

def test_s8_a_new_void_settlement_split_evenly_lets_the_player_choose_where_its_piece_goes():
    state = solo_state()
    group = [3, 4, 7, 8]
    for space in group:
        put_tent(state, void(state), space)
    event = run(state, ["void-bonus", group])[0]
    assert facts(event) == {"kind": ev.VOID_BONUS, "logged": True}
    assert event.text == "The Void completed a settlement: it places one more piece."
    assert _de(event.text) == "Die Leere hat eine Siedlung vollendet: Sie setzt eine weitere Figur."
    d = vd(state)
    assert d.decision == ["bonus", T_DESERT, T_TUNDRA]
    assert decision_options(state) == [VoidChoice(T_DESERT, False), VoidChoice(T_TUNDRA, False)]
    decide(state, VoidChoice(T_TUNDRA, False))
    assert d.decision is None and d.steps == [["place", T_TUNDRA, "settlement"]]


def test_s8_a_void_settlement_mostly_in_one_territory_or_with_ties_settled_places_there_at_once():
    state = solo_state()
    group = [2, 3, 4, 7]                   # three in Desert, one in Tundra
    for space in group:
        put_tent(state, void(state), space)
    events = run(state, ["void-bonus", group])
    assert [(e.kind, e.territory) for e in events] == [(ev.VOID_BONUS, None), (ev.TOTEM, T_DESERT)]
    auto = solo_state(auto_void_ties=True)
    even = [3, 4, 7, 8]
    for space in even:
        put_tent(auto, void(auto), space)
    events = run(auto, ["void-bonus", even])
    assert [(e.kind, e.territory) for e in events] == [(ev.VOID_BONUS, None), (ev.TOTEM, T_DESERT)]


# ---- decisions -----------------------------------------------------------------------------------------

def _at_void_action(state: GameState, hand: list[Biome]) -> None:
    state.deck[0:0] = state.hands[0]
    state.hands[0] = list(hand)
    for card in hand:
        state.deck.remove(card)
    d = vd(state)
    d.decision = ["action"]
    d.action_done = False


def test_s4_skipping_the_void_action_with_a_card_of_an_explored_biome_is_said():
    state = solo_state()
    _at_void_action(state, [FOREST, DESERT])
    decide(state, VoidSkip(FOREST))
    d = vd(state)
    assert d.action_done is True and state.hands[0] == [DESERT] and FOREST in state.discard
    event = d.events.items[-1]
    assert facts(event) == {"kind": ev.VOID_SKIP, "logged": True}
    assert event.text == ("A Forest card is discarded: that biome is completely explored, so the Void action is "
                          "skipped.")
    assert _de(event.text) == ("Eine Biomkarte „Wald“ wird abgelegt: Dieses Biom ist vollständig erforscht, also fällt "
                               "die Aktion der Leere aus.")


def test_s4_a_void_place_says_how_many_pieces_where_and_lays_the_void_cards_after_them():
    state = solo_state()
    _at_void_action(state, [DESERT, DESERT, VOID_CARD])
    state.known_cards = [[VOID_CARD, DESERT], []]
    put_tent(state, 0, 0)
    decide(state, VoidPlay(T_DESERT, (DESERT, DESERT), 2, 1))
    d = vd(state)
    assert d.action_done is True and state.hands[0] == [] and d.above == 1
    assert VOID_CARD not in state.known_cards[0]
    event = d.events.items[-1]
    assert facts(event) == {"kind": ev.VOID_PLACE, "territory": T_DESERT, "logged": True}
    assert event.text == "The Void places 2 pieces in Desert 0."
    assert _de(event.text) == "Die Leere setzt 2 Figuren in Desert 0."
    assert d.steps[:2] == [["pieces"], ["void-cards", 1]]
    one = solo_state()
    _at_void_action(one, [DESERT, FOREST])
    decide(one, VoidPlay(T_DESERT, (DESERT,), 1, 0))
    assert vd(one).events.items[-1].text == "The Void places 1 piece in Desert 0."
    assert vd(one).steps[:1] == [["pieces"]] and ["void-cards", 0] not in vd(one).steps


def test_s4_the_void_places_its_pieces_one_at_a_time_and_the_place_ends_with_the_last():
    state = solo_state()
    d = vd(state)
    d.placing = Placing(void(state), T_COAST, 2, True)
    push_front(state, ["pieces"])
    drive(state)
    assert d.decision == ["pieces"]
    decide(state, PlaceTent(20))
    assert d.placing.pieces_left == 1 and d.steps[0] == ["pieces"]
    drive(state)
    decide(state, PlaceTent(21))
    drive(state)
    assert d.placing is None and d.decision is None and state.space_owner[20:22] == [void(state)] * 2


def test_p52_a_territory_counted_mid_place_gives_up_the_rest():
    state = solo_state()
    d = vd(state)
    for space in (20, 21, 22):
        put_tent(state, 0, space)
    d.placing = Placing(void(state), T_COAST, 2, True)
    d.decision = ["pieces"]
    decide(state, PlaceTent(23))            # the last empty space: Coast is counted (S7)
    assert T_COAST in d.claims and d.placing.pieces_left == 0
    drive(state)
    assert d.placing is None


def test_s8_the_players_free_place_is_said_and_can_be_declined():
    state = solo_state()
    d = vd(state)
    d.decision = ["free", T_DESERT]
    put_tent(state, 0, 0)
    assert Decline() in decision_options(state)
    decide(state, FreePlace(T_DESERT, 2))
    event = d.events.items[-1]
    assert facts(event) == {"kind": ev.FREE_PLACE, "territory": T_DESERT, "logged": True}
    assert event.text == "A new settlement: a free Place of 2 pieces in Desert 0."
    assert _de(event.text) == "Eine neue Siedlung: 2 Figuren kostenlos in Desert 0 platzieren."
    assert d.steps[0] == ["pieces"]


def test_s10_drive_stops_when_the_game_is_over():
    state = solo_state()
    vd(state).above, vd(state).beside = 4, 2
    push_front(state, ["corrupt-cards"], ["pawn"])
    assert drive(state) is False and state.phase is Phase.GAME_OVER


def test_s4_p55_a_void_action_skipped_for_an_empty_hand_or_for_nothing_possible_is_said_but_not_logged():
    state = solo_state()
    state.deck[0:0] = state.hands[0]
    state.hands[0] = []
    d = vd(state)
    event = run(state, ["void-action"])[0]
    assert d.action_done is True and d.decision is None and d.log == []
    assert facts(event) == {"kind": ev.NO_CARD_LEFT, "logged": False}
    assert event.text == "No card is left in the hand for the Void action, so it is skipped this turn."
    assert _de(event.text) == "Für die Aktion der Leere ist keine Karte mehr auf der Hand, also entfällt sie in diesem Zug."
    stuck = solo_state()
    stuck.tents_left[void(stuck)] = stuck.totems_left[void(stuck)] = 0   # no piece for any Place of the Void
    _at_void_action(stuck, [FOREST])
    vd(stuck).decision = None
    event = run(stuck, ["void-action"])[0]
    assert vd(stuck).action_done is True and vd(stuck).log == []
    assert facts(event) == {"kind": ev.NOTHING_POSSIBLE, "logged": False}
    assert event.text == ("No card in the hand can be played for the Void, and none may be discarded to skip: the "
                          "Void action is skipped.")
    assert _de(event.text).startswith("Keine Karte")
    able = solo_state()
    _at_void_action(able, [FOREST])
    vd(able).decision = None
    assert run(able, ["void-action"]) == [] and vd(able).decision == ["action"]


def test_s4_a_place_whose_pieces_no_longer_fit_is_given_up():
    state = solo_state()
    d = vd(state)
    state.tents_left[void(state)] = state.totems_left[void(state)] = 0
    d.placing = Placing(void(state), T_COAST, 2, True)
    push_front(state, ["pieces"])
    drive(state)
    assert d.placing is None and d.decision is None


def test_s7_a_territory_counted_in_a_corruption_takes_no_ruin_though_it_has_room():
    state = solo_state(auto_void_ties=True)
    run(state, ["count", T_COAST])            # counted while empty: the Void controls it (S7 ties)
    assert T_COAST in vd(state).claims and state.territory_empty[T_COAST] == 4
    assert run(state, ["ruin", T_COAST]) == []
    assert void(state) not in state.space_owner[20:24]


def test_p27_the_count_that_gives_the_void_its_kth_territory_ends_the_game():
    state = solo_state()
    for territory in (T_DESERT, T_TUNDRA):
        run(state, ["count", territory])      # empty: ties go to the Void (S7)
    assert state.phase is not Phase.GAME_OVER
    run(state, ["count", T_COAST])
    assert state.phase is Phase.GAME_OVER and state.end_reason == "void-control"


def test_s5_a_ruin_two_steps_from_a_ruin_on_a_ruin_space():
    state = new_game(GameConfig.quick("forgotten-island", 1, 1, mode=GameMode.SOLO))
    board = state.board
    for ruin_space in board.ruin_spaces:
        near = [n for n in state.space_neighbours[ruin_space] if board.spaces[n].territory is not None]
        for first in near:
            territory = board.spaces[first].territory
            far = [n for n in state.space_neighbours[first]
                   if board.spaces[n].territory == territory and n not in state.space_neighbours[ruin_space]
                   and n != ruin_space]
            if far:
                primitives.put_tent(state, void(state), ruin_space)
                here = board.territories[territory].name
                assert ruin_reason(state, territory, far[0]) == (
                    f"{here}: no room for a totem, so a ruin goes on the empty space nearest by road to a ruin "
                    "(2 steps away).")
                assert _de(ruin_reason(state, territory, far[0])).endswith("(2 Schritte entfernt).")
                return
    pytest.fail("no space two road steps from a ruin space on Forgotten Island")


def test_s4_void_cards_played_from_a_hand_nobody_has_seen_into():
    state = solo_state()
    _at_void_action(state, [VOID_CARD, VOID_CARD, FOREST])
    state.known_cards = []                    # no record of known cards (older saves)
    decide(state, VoidPlay(None, (), 0, 2))
    assert state.hands[0] == [FOREST] and vd(state).above == 2 and vd(state).steps[0] == ["void-cards", 2]
