"""B5–B11, B14, B19 refusals pinned word for word (issue #32): what a player reads when the turn machine
refuses an action, in English (logs, CLI, saves) and German (the board's message line), with the ruling id
first. Each refusal is made on a small hand-built position of the fixture board (tests/support/engine_helpers.py);
the state must be unchanged after it.
"""

from __future__ import annotations

import dataclasses
import gettext

import pytest

from engine_fixtures import small_board
from engine_helpers import (
    COAST, DESERT, FOREST, GLACIERS, T_COAST, T_DESERT, T_FOREST, T_GLACIERS, T_TUNDRA, TUNDRA, give_hand,
    make_state, put_tent, put_tents, put_totem, set_display,
)

from iwari_desktop.engine import (
    Draw, Exchange, FeatKind, GameConfig, IllegalAction, Pass, Phase, Place, PlaceFeat, PlaceTent, PlaceTotem,
    apply, new_game,
)
from iwari_desktop.engine.core.state import FeatClaim
from iwari_desktop.engine.core.text import render
from iwari_desktop.engine.maps.board import Territory
from iwari_desktop.engine.rulesets.void_totems import VoidMove
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
RED, GREEN, BLUE = range(3)


def refusal(state, action) -> IllegalAction:
    """Apply `action`, expect a refusal, and check that the state did not change."""
    before = state.clone()
    with pytest.raises(IllegalAction) as error:
        apply(state, action)
    assert state == before, "a refused action changed the state"
    return error.value


def says(error: IllegalAction, rule: str, english: str, german: str) -> None:
    """The refusal names `rule` and reads `english` (its str, for logs) and `german` (through the catalogue)."""
    assert error.rule == rule
    assert str(error) == f"{rule}: {english}"
    assert render(error.reason, GERMAN.gettext, GERMAN.ngettext) == german


def board_with(*, no_totem_space: tuple[int, ...] = (), spaceless_desert: bool = False):
    """The fixture board with some territories' totem space taken away (as Floating Lands' Tundra, E2) and,
    on request, a seventh territory, a Desert without tent spaces (as the Uncharted Paths' centre)."""
    board = small_board()
    territories = [dataclasses.replace(t, totem_space=None) if t.index in no_totem_space else t
                   for t in board.territories]
    if spaceless_desert:
        territories.append(Territory(index=6, object_id=106, name="Desert 6", biome=DESERT,
                                     polygon=((1200.0, 0.0), (1390.0, 0.0), (1390.0, 190.0)), tent_spaces=(),
                                     totem_space=(1290.0, 150.0)))
    return dataclasses.replace(board, territories=tuple(territories))


# ---- B5: what the game waits for, and actions of no rule ------------------------------------------------

def test_b5_an_action_out_of_its_phase_says_what_the_game_is_waiting_for():
    state = make_state(3)
    give_hand(state, RED, [DESERT, COAST, COAST])
    says(refusal(state, Draw(None)), "B5", "'draw deck' cannot be played now: the game is waiting for an action",
         "'draw deck' geht gerade nicht: Die Partie wartet auf eine Aktion")
    says(refusal(state, PlaceTotem()), "B5", "'totem' cannot be played now: the game is waiting for an action",
         "'totem' geht gerade nicht: Die Partie wartet auf eine Aktion")
    says(refusal(state, PlaceTent(0)), "B5", "'tent s0' cannot be played now: the game is waiting for an action",
         "'tent s0' geht gerade nicht: Die Partie wartet auf eine Aktion")
    says(refusal(state, PlaceFeat(FeatKind.UNION, 0, False)), "B5",
         "'feat union t0' cannot be played now: the game is waiting for an action",
         "'feat union t0' geht gerade nicht: Die Partie wartet auf eine Aktion")
    apply(state, Place(T_DESERT, (DESERT,), 1))
    says(refusal(state, Exchange(COAST)), "B5",
         "'exchange coast' cannot be played now: the game is waiting for placing pieces",
         "'exchange coast' geht gerade nicht: Die Partie wartet auf das Platzieren von Figuren")
    says(refusal(state, Place(T_COAST, (COAST,), 1)), "B5",
         "'place t4 coast 1' cannot be played now: the game is waiting for placing pieces",
         "'place t4 coast 1' geht gerade nicht: Die Partie wartet auf das Platzieren von Figuren")
    apply(state, PlaceTent(0))
    says(refusal(state, Pass()), "B5", "'pass' cannot be played now: the game is waiting for drawing cards",
         "'pass' geht gerade nicht: Die Partie wartet auf das Nachziehen von Karten")


def test_b4_b12_b19_the_draft_the_third_tribe_and_a_feat_choice_are_named_too():
    state = make_state(3, draft=True)
    assert state.phase is Phase.DRAFT
    says(refusal(state, Exchange(COAST)), "B5",
         "'exchange coast' cannot be played now: the game is waiting for drafting a starting hand",
         "'exchange coast' geht gerade nicht: Die Partie wartet auf das Auswählen der Starthand")
    state = make_state(2)
    give_hand(state, RED, [DESERT, DESERT, COAST])
    apply(state, Exchange(COAST))
    assert state.phase is Phase.THIRD_TRIBE
    says(refusal(state, Exchange(DESERT)), "B5",
         "'exchange desert' cannot be played now: the game is waiting for the third tribe's turn",
         "'exchange desert' geht gerade nicht: Die Partie wartet auf den Zug des dritten Stammes")
    state = make_state(3)
    state.pending_feats.append(FeatClaim(FeatKind.UNION, RED, territories=(T_DESERT, T_TUNDRA)))
    state.phase = Phase.FEAT
    says(refusal(state, Pass()), "B5", "'pass' cannot be played now: the game is waiting for placing a feat",
         "'pass' geht gerade nicht: Die Partie wartet auf das Platzieren eines Kunstwerks")


def test_b14_after_the_end_every_action_reads_the_game_is_over():
    state = make_state(3)
    state.phase = Phase.GAME_OVER
    for action in (Pass(), Draw(None), Exchange(COAST), PlaceTent(0), PlaceTotem(), Place(T_COAST, (COAST,), 1),
                   PlaceFeat(FeatKind.UNION, 0, False)):
        says(refusal(state, action), "B14", "the game is over", "Die Partie ist vorbei")


def test_b5_an_action_of_a_rule_not_in_this_game_is_refused():
    state = make_state(3)
    move = VoidMove(0, T_COAST, (COAST, COAST))
    says(refusal(state, move), "B5", f"{move!r} is not an action of this game's rules",
         f"{move!r} ist in den Regeln dieser Partie keine Aktion")


def test_e10_while_a_rule_module_holds_the_game_other_actions_wait_for_its_decision():
    """Worship (E10) is decided before the final scoring; until the winner places it nothing else is played."""
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0, options={"worship": 1}), small_board())
    put_tent(state, RED, 0)            # a dead end (roads 0-1-...): red wins Worship
    state.end_triggered = True
    state.active_seat = 2
    state.discard.extend(state.hands[2])
    state.hands[2] = []
    apply(state, Pass())
    while state.phase is Phase.DRAW:
        apply(state, Draw(None) if state.deck else Draw(state.display[0]))
    assert state.phase is Phase.MODULE and state.module_turn == "worship"
    says(refusal(state, Exchange(COAST)), "E10",
         "'exchange coast' cannot be played now: a decision for the Worship feat comes first",
         "'exchange coast' geht gerade nicht: Zuerst ist eine Entscheidung für das Kunstwerk Verehrung zu treffen")
    assert apply(state, PlaceFeat(FeatKind.WORSHIP, T_DESERT, False)) is state
    assert state.is_terminal()


# ---- B6 / B7 / B8: the Place itself ---------------------------------------------------------------------

def test_b7_a_territory_number_off_the_map_is_refused_at_both_ends():
    state = make_state(3)
    give_hand(state, RED, [DESERT, COAST, COAST])
    for number in (-1, 6, 99):
        says(refusal(state, Place(number, (DESERT,), 1)), "B7", f"there is no territory t{number}",
             "Dieses Gebiet gibt es nicht")


def test_b6_at_most_three_cards_and_one_or_two_pieces_in_words():
    state = make_state(3)
    give_hand(state, RED, [DESERT, DESERT, DESERT])
    for action in (Place(T_DESERT, (DESERT,) * 4, 2), Place(T_DESERT, (DESERT,) * 3, 3),
                   Place(T_DESERT, (DESERT,), 0)):
        says(refusal(state, action), "B6", "a turn plays at most 3 cards for at most 2 pieces",
             "Pro Zug spielst du höchstens 3 Karten für höchstens 2 Figuren")


def test_b6_only_cards_in_hand_and_a_valid_payment_in_words():
    state = make_state(3)
    put_tent(state, GREEN, 15)
    give_hand(state, RED, [DESERT, DESERT, FOREST])
    says(refusal(state, Place(T_COAST, (COAST,), 1)), "B6", "you do not hold every Coast card you tried to play",
         "Du hast nicht alle Biomkarten „Küste“ auf der Hand, die du ausspielen wolltest")
    says(refusal(state, Place(T_FOREST, (FOREST, FOREST), 2)), "B6",
         "you do not hold every Forest card you tried to play",
         "Du hast nicht alle Biomkarten „Wald“ auf der Hand, die du ausspielen wolltest")
    says(refusal(state, Place(T_FOREST, (DESERT,), 1)), "B6",
         "Desert cannot pay for exactly 1 piece in a Forest territory: each piece needs one card of that biome or "
         "a pair of one biome",
         "Wüste bezahlt nicht genau 1 Figur in einem Gebiet des Bioms Wald: Jede Figur kostet eine Karte dieses "
         "Bioms oder ein Paar gleicher Karten")
    says(refusal(state, Place(T_FOREST, (DESERT, FOREST), 2)), "B6",
         "Desert + Forest cannot pay for exactly 2 pieces in a Forest territory: each piece needs one card "
         "of that biome or a pair of one biome",
         "Wüste + Wald bezahlt nicht genau 2 Figuren in einem Gebiet des Bioms Wald: Jede Figur kostet "
         "eine Karte dieses Bioms oder ein Paar gleicher Karten")


def test_b8_two_pieces_in_an_unexplored_territory_in_words():
    state = make_state(3)
    give_hand(state, RED, [FOREST, FOREST, COAST])
    says(refusal(state, Place(T_FOREST, (FOREST, FOREST), 2)), "B8",
         "Forest 2 is unexplored, so this action places exactly one tent",
         "Forest 2 ist unerforscht, also setzt diese Aktion genau ein Zelt")
    apply(state, Place(T_FOREST, (FOREST,), 1))
    says(refusal(state, PlaceTotem()), "B8",
         "Forest 2 was unexplored at the start of the action: it takes exactly one tent",
         "Forest 2 war zu Beginn der Aktion unerforscht: Dort kommt genau ein Zelt hin")


# ---- why a Place cannot be completed (B9–B11, E2) ----------------------------------------------------------

def test_b10_an_unexplored_territory_without_tent_spaces_cannot_be_explored():
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board_with(spaceless_desert=True))
    give_hand(state, RED, [DESERT, COAST, COAST])
    says(refusal(state, Place(6, (DESERT,), 1)), "B10", "Desert 6 has no empty tent space",
         "In Desert 6 ist kein Zeltfeld mehr frei")


def test_b11_no_tent_left_to_explore_with_in_words():
    state = make_state(3)
    put_tents(state, RED, range(0, 20))
    give_hand(state, RED, [COAST, DESERT, DESERT])
    says(refusal(state, Place(T_COAST, (COAST,), 1)), "B11",
         "Player 1 has no pieces left that could explore Coast 4 (no tents in supply)",
         "Player 1 hat keine Figur mehr, mit der sich Coast 4 erforschen ließe (keine Zelte im Vorrat)")


def test_b10_a_territory_without_totem_space_takes_only_as_many_pieces_as_tents_fit():
    """Coast has no totem space here: two pieces need two empty spaces and two tents in supply."""
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board_with(no_totem_space=(T_COAST,)))
    put_tents(state, GREEN, [20, 21, 22])      # one empty space left
    give_hand(state, RED, [COAST, COAST, DESERT])
    says(refusal(state, Place(T_COAST, (COAST, COAST), 2)), "B10",
         "Coast 4 has no totem space, and there is room for only 1 tent",
         "Coast 4 hat kein Totemfeld, und es ist nur Platz für 1 Zelt")
    state.tents_left[RED] = 0                  # and now no tent either
    says(refusal(state, Place(T_COAST, (COAST,), 1)), "B10",
         "Coast 4 has no totem space, and there is room for only 0 tents",
         "Coast 4 hat kein Totemfeld, und es ist nur Platz für 0 Zelte")
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board_with(no_totem_space=(T_COAST,)))
    put_tents(state, GREEN, [20, 21])          # two empty spaces but one tent in red's supply
    put_tents(state, RED, list(range(0, 18)) + [22])
    give_hand(state, RED, [COAST, COAST, DESERT])
    says(refusal(state, Place(T_COAST, (COAST, COAST), 2)), "B10",
         "Coast 4 has no totem space, and there is room for only 1 tent",
         "Coast 4 hat kein Totemfeld, und es ist nur Platz für 1 Zelt")


def test_e2_a_tundra_that_refuses_totems_says_so_and_how_many_tents_fit():
    board = dataclasses.replace(small_board(), rules=("tundra-no-totems",))
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board)
    put_tents(state, GREEN, [24, 25, 26])      # Tundra 5 explored and full
    give_hand(state, RED, [TUNDRA, COAST, COAST])
    says(refusal(state, Place(5, (TUNDRA,), 1)), "E2",
         "Tundra 5 is the Tundra territory, which takes no totems, and there is room for only 0 tents",
         "Tundra 5 ist das Tundragebiet, dort stehen keine Totems, und es ist nur Platz für 0 Zelte")


def test_b11_out_of_totems_in_a_full_territory_in_words():
    state = make_state(3)
    put_tents(state, RED, [12, 13])
    put_tents(state, GREEN, [14, 15])          # Forest full, cap 2
    state.totems_left[RED] = 0
    give_hand(state, RED, [FOREST, COAST, COAST])
    says(refusal(state, Place(T_FOREST, (FOREST,), 1)), "B11",
         "Player 1 has no totems left and no room for a tent in Forest 2",
         "Player 1 hat keine Totems mehr, und in Forest 2 ist kein Platz für ein Zelt")
    state.tents_left[RED] = 0                  # room would not help: no tents either
    put_tent(state, BLUE, 0)
    give_hand(state, RED, [DESERT, COAST, COAST])
    says(refusal(state, Place(T_DESERT, (DESERT,), 1)), "B11", "Player 1 has no tents or totems left in Desert 0",
         "Player 1 hat für Desert 0 weder Zelte noch Totems übrig")


def test_b11_b9_no_tents_and_a_cap_with_room_for_one_totem_refuses_two_pieces_in_words():
    state = make_state(3)
    put_tents(state, RED, list(range(0, 20)))
    put_tent(state, GREEN, 21)                 # Coast: cap 1, room for one totem only
    give_hand(state, RED, [COAST, COAST, COAST])
    says(refusal(state, Place(T_COAST, (COAST, COAST), 2)), "B11",
         "Player 1 has no tents left, and the totem cap (1) of Coast 4 leaves room for fewer than 2 totems",
         "Player 1 hat keine Zelte mehr, und die Totemgrenze (1) in Coast 4 lässt Platz für weniger als 2 Totems")


def test_b9_a_full_territory_at_its_cap_in_words():
    state = make_state(3)
    put_tents(state, RED, [16, 17])
    put_tents(state, GREEN, [18, 19])          # Glaciers full, cap 2
    put_totem(state, GREEN, T_GLACIERS)
    give_hand(state, RED, [GLACIERS, GLACIERS, COAST])
    says(refusal(state, Place(T_GLACIERS, (GLACIERS, GLACIERS), 2)), "B9",
         "Glaciers 3 is full and its totem cap (2) leaves room for fewer than 2 totems",
         "Glaciers 3 ist voll, und die Totemgrenze (2) lässt Platz für weniger als 2 Totems")
    put_totem(state, GREEN, T_GLACIERS)
    says(refusal(state, Place(T_GLACIERS, (GLACIERS,), 1)), "B9",
         "Glaciers 3 is full and its totem cap (2) leaves room for fewer than 1 totem",
         "Glaciers 3 ist voll, und die Totemgrenze (2) lässt Platz für weniger als 1 Totem")


def test_b9_no_order_of_pieces_fits_under_the_cap_in_words():
    """Glaciers has two empty spaces and its cap (2) is used; red has one tent left: a tent and then a totem
    would break the cap, and without tents not even one piece fits."""
    state = make_state(3)
    put_tents(state, GREEN, [16, 17])
    put_totem(state, GREEN, T_GLACIERS, 2)
    put_tents(state, RED, list(range(0, 16)) + [20, 21, 22])
    give_hand(state, RED, [GLACIERS, GLACIERS, COAST])
    says(refusal(state, Place(T_GLACIERS, (GLACIERS, GLACIERS), 2)), "B9",
         "2 pieces cannot be placed in Glaciers 3 in any order without breaking the totem cap (2)",
         "2 Figuren passen in keiner Reihenfolge in Glaciers 3, ohne die Totemgrenze (2) zu überschreiten")
    put_tent(state, RED, 23)
    says(refusal(state, Place(T_GLACIERS, (GLACIERS,), 1)), "B9",
         "1 piece cannot be placed in Glaciers 3 in any order without breaking the totem cap (2)",
         "1 Figur passt in keiner Reihenfolge in Glaciers 3, ohne die Totemgrenze (2) zu überschreiten")


# ---- the pieces of a Place (B8–B11, E2) ------------------------------------------------------------------

def test_b10_a_tent_space_outside_the_territory_or_taken_in_words():
    state = make_state(3)
    put_tent(state, GREEN, 24)                 # Tundra 5 (spaces 24-26) explored
    give_hand(state, RED, [TUNDRA, COAST, COAST])
    apply(state, Place(5, (TUNDRA,), 1))
    for space in (-1, 12, 27, 500):            # -1 would be space 26 of Tundra 5 if counted from the end
        says(refusal(state, PlaceTent(space)), "B10", "a tent must go on an empty tent space of Tundra 5",
             "Ein Zelt kommt nur auf ein freies Zeltfeld in Tundra 5")
    says(refusal(state, PlaceTent(24)), "B10", "that tent space already holds a tent",
         "Auf diesem Zeltfeld steht schon ein Zelt")
    state.tents_left[RED] = 0
    says(refusal(state, PlaceTent(25)), "B11", "Player 1 has no tents left", "Player 1 hat keine Zelte mehr")


def test_b10_b11_a_totem_where_there_is_no_totem_space_or_none_left_in_words():
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board_with(no_totem_space=(T_COAST,)))
    put_tent(state, GREEN, 20)
    give_hand(state, RED, [COAST, DESERT, DESERT])
    apply(state, Place(T_COAST, (COAST,), 1))
    says(refusal(state, PlaceTotem()), "B10", "Coast 4 has no totem space", "Coast 4 hat kein Totemfeld")
    state = make_state(3)
    put_tent(state, GREEN, 20)
    give_hand(state, RED, [COAST, DESERT, DESERT])
    apply(state, Place(T_COAST, (COAST,), 1))
    state.totems_left[RED] = 0
    says(refusal(state, PlaceTotem()), "B11", "Player 1 has no totems left", "Player 1 hat keine Totems mehr")


def test_e2_a_totem_in_the_tundra_is_refused_by_the_maps_rule():
    board = dataclasses.replace(small_board(), rules=("tundra-no-totems",))
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board)
    put_tent(state, GREEN, 24)
    give_hand(state, RED, [TUNDRA, COAST, COAST])
    apply(state, Place(5, (TUNDRA,), 1))
    says(refusal(state, PlaceTotem()), "E2", "Tundra 5 is the Tundra territory, which takes no totems",
         "Tundra 5 ist das Tundragebiet, dort stehen keine Totems")
    apply(state, PlaceTent(25))
    assert state.territory_tents[5] == [1, 1, 0] and state.phase is Phase.DRAW


# ---- B19 feats, B5 exchange and pass, B5/B14 drawing ---------------------------------------------------

def feat_choice(feat: FeatKind, territories=(), connections=()):
    state = make_state(3)
    state.pending_feats.append(FeatClaim(feat, RED, territories=territories, connections=connections))
    state.phase = Phase.FEAT
    return state


def test_b19_a_feat_goes_only_on_an_offered_target_in_words():
    state = feat_choice(FeatKind.UNION, territories=(T_DESERT, T_TUNDRA))
    for action in (PlaceFeat(FeatKind.UNION, T_FOREST, False), PlaceFeat(FeatKind.UNION, T_DESERT, True),
                   PlaceFeat(FeatKind.DISCOVERY, T_DESERT, False)):
        says(refusal(state, action), "B19", "the union feat must go on one of the offered territories",
             "Das Kunstwerk Einheit gehört in eines der angebotenen Gebiete")
    state = feat_choice(FeatKind.HONOUR, connections=(1, 9))
    says(refusal(state, PlaceFeat(FeatKind.HONOUR, 2, True)), "B19",
         "the honour feat must go on one of the offered connections",
         "Das Kunstwerk Ehre gehört auf eine der angebotenen Verbindungen")
    state = feat_choice(FeatKind.COURAGE, territories=(T_DESERT,), connections=(1,))
    says(refusal(state, PlaceFeat(FeatKind.COURAGE, T_FOREST, False)), "B19",
         "the courage feat must go on one of the offered territories or connections",
         "Das Kunstwerk Mut gehört in eines der angebotenen Gebiete oder auf eine der angebotenen Verbindungen")


def test_b5_exchange_and_pass_refusals_in_words():
    state = make_state(3)
    give_hand(state, RED, [DESERT, DESERT, FOREST])
    says(refusal(state, Exchange(COAST)), "B5", "you hold no Coast card to exchange",
         "Du hast keine Biomkarte „Küste“ zum Tauschen")
    says(refusal(state, Pass()), "B5", "you may pass only with an empty hand: place pieces or exchange a card",
         "Passen darfst du nur mit leerer Hand: Platziere Figuren oder tausche eine Karte")


def test_b5_b14_a_draw_of_a_card_that_is_not_there_in_words():
    state = make_state(3)
    give_hand(state, RED, [DESERT, COAST, COAST])
    apply(state, Exchange(DESERT))
    set_display(state, [TUNDRA, TUNDRA, FOREST, FOREST])
    says(refusal(state, Draw(COAST)), "B5", "there is no Coast card in the display",
         "In der Auslage liegt keine Biomkarte „Küste“")
    state.discard.extend(state.deck)
    state.deck = []
    says(refusal(state, Draw(None)), "B14", "the deck is empty: draw from the display",
         "Der Nachziehstapel ist leer: Nimm eine Karte aus der Auslage")


def test_b9_a_totem_over_the_cap_names_the_territory_and_its_cap_in_words():
    state = make_state(3)
    put_tent(state, RED, 12)
    put_tent(state, GREEN, 13)
    put_totem(state, GREEN, T_FOREST)          # cap 1, already 1 totem
    give_hand(state, RED, [FOREST, FOREST, COAST])
    apply(state, Place(T_FOREST, (FOREST, FOREST), 2))
    says(refusal(state, PlaceTotem()), "B9",
         "Forest 2 may hold at most 1 totem: the most tents any one tribe has there",
         "In Forest 2 darf höchstens 1 Totem stehen: so viele Zelte, wie der stärkste Stamm dort hat")
    state = make_state(3)
    put_tents(state, RED, [12, 13])            # cap 2, and the stack holds 2
    put_totem(state, GREEN, T_FOREST)
    put_totem(state, BLUE, T_FOREST)
    give_hand(state, RED, [FOREST, COAST, COAST])
    apply(state, Place(T_FOREST, (FOREST,), 1))
    says(refusal(state, PlaceTotem()), "B9",
         "Forest 2 may hold at most 2 totems: the most tents any one tribe has there",
         "In Forest 2 dürfen höchstens 2 Totems stehen: so viele Zelte, wie der stärkste Stamm dort hat")
