"""B5–B12, E7, S3 pinned in the turn machine (issue #32): the legal actions in their stable order, what a Place,
a piece, a draw and a feat change, the hooks a rule module is promised (docs/engine.md) and the outcome per
seat. Small hand-built positions on the fixture board (tests/support/engine_helpers.py); toy rule modules
stand in where a real one would need a whole map.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from engine_helpers import (
    COAST, DESERT, FOREST, GLACIERS, T_COAST, T_DESERT, T_FOREST, T_TUNDRA, TUNDRA, give_hand, make_state,
    put_tent, put_tents, set_display,
)

from iwari_desktop.engine import (
    Action, Draw, Exchange, FeatKind, GameConfig, IllegalAction, Pass, Phase, Place, PlaceFeat, PlaceTent,
    PlaceTotem, apply, legal_actions, new_game,
)
from iwari_desktop.engine.core import rules
from iwari_desktop.engine.core.flow import finish_action
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.rules import returns
from iwari_desktop.engine.core.scoring import GameResult
from iwari_desktop.engine.core.state import FeatClaim, FeatOnBoard, PendingPlace
from iwari_desktop.engine.rulesets.determination import PERMIT

RED, GREEN, BLUE = range(3)


@pytest.fixture(autouse=True)
def fresh_memos():
    """The turn machine remembers payments that passed B6 and the draw / exchange / tent choices it listed,
    per process: a rule test must see each rule worked out, not an answer left by an earlier test."""
    for memo in (rules._PAYABLE, rules._TENTS):
        memo.clear()
    rules._draws_from.cache_clear()
    rules._exchanges_of.cache_clear()
    yield


# ---- B5: the legal actions and their order -------------------------------------------------------------

def test_b5_draws_offer_each_display_biome_once_in_biome_order_then_the_deck():
    state = make_state(3)
    give_hand(state, RED, [DESERT, COAST, COAST])
    apply(state, Exchange(DESERT))
    set_display(state, [DESERT, COAST, TUNDRA, COAST])
    assert legal_actions(state) == [Draw(TUNDRA), Draw(COAST), Draw(DESERT), Draw(None)]
    state.discard.extend(state.deck)
    state.deck = []
    assert legal_actions(state) == [Draw(TUNDRA), Draw(COAST), Draw(DESERT)]   # P8: nothing to draw from the deck


def test_b4_a_draft_offers_the_display_biomes_then_the_deck():
    state = make_state(3, draft=True)
    display = sorted(set(state.display))
    assert legal_actions(state) == [Draw(b) for b in display] + [Draw(None)]


def test_b5_exchanges_follow_the_places_each_card_of_the_hand_once_in_biome_order():
    state = make_state(3)
    give_hand(state, RED, [DESERT, COAST, COAST])
    options = legal_actions(state)
    assert options[-2:] == [Exchange(COAST), Exchange(DESERT)]
    assert all(isinstance(a, Place) for a in options[:-2]) and options[:-2]


def test_b10_tent_spaces_are_offered_in_space_order_then_the_totem():
    state = make_state(3)
    put_tent(state, GREEN, 3)
    give_hand(state, RED, [DESERT, DESERT, COAST])
    apply(state, Place(T_DESERT, (DESERT, DESERT), 2))
    assert legal_actions(state) == [PlaceTent(s) for s in (0, 1, 2, 4, 5, 6)] + [PlaceTotem()]
    apply(state, PlaceTent(6))
    assert legal_actions(state) == [PlaceTent(s) for s in (0, 1, 2, 4, 5)] + [PlaceTotem()]


def test_b19_a_feat_choice_lists_its_territories_then_its_connections():
    state = make_state(3)
    state.pending_feats.append(FeatClaim(FeatKind.COURAGE, RED, territories=(T_FOREST, T_DESERT), connections=(9,)))
    state.phase = Phase.FEAT
    assert legal_actions(state) == [PlaceFeat(FeatKind.COURAGE, T_FOREST, False),
                                    PlaceFeat(FeatKind.COURAGE, T_DESERT, False), PlaceFeat(FeatKind.COURAGE, 9, True)]
    assert apply(state, PlaceFeat(FeatKind.COURAGE, 9, True)) is state
    assert state.feats == [FeatOnBoard(FeatKind.COURAGE, RED, 9, True)] and state.pending_feats == []
    assert state.phase is Phase.MAIN and state.active_seat == GREEN   # the action is complete, the hand full


def test_b14_nothing_is_legal_once_the_game_is_over():
    state = make_state(3)
    state.phase = Phase.GAME_OVER
    assert legal_actions(state) == []


# ---- B6 / B8 / B12: what a Place commits ---------------------------------------------------------------

def test_b6_b8_a_place_pays_its_cards_and_waits_for_its_pieces():
    state = make_state(3)
    put_tent(state, GREEN, 15)
    give_hand(state, RED, [FOREST, TUNDRA, TUNDRA])
    discard = list(state.discard)
    assert apply(state, Place(T_FOREST, (FOREST, TUNDRA, TUNDRA), 2)) is state
    assert state.phase is Phase.PIECES and state.hands[RED] == []
    assert state.discard == discard + [FOREST, TUNDRA, TUNDRA]
    assert state.pending == PendingPlace(RED, T_FOREST, 2, True)
    state = make_state(3)
    give_hand(state, RED, [FOREST, TUNDRA, TUNDRA])
    apply(state, Place(T_FOREST, (TUNDRA, TUNDRA), 1))
    assert state.pending == PendingPlace(RED, T_FOREST, 1, False) and state.hands[RED] == [FOREST]


def test_b6_the_same_payment_is_checked_again_in_every_position():
    """A payment that was valid for one territory is no wild card for another of a different biome."""
    state = make_state(3)
    put_tents(state, GREEN, [12, 15])
    give_hand(state, RED, [FOREST, FOREST, COAST])
    apply(state, Place(T_FOREST, (FOREST, FOREST), 2))
    state = make_state(3)
    put_tent(state, GREEN, 0)
    give_hand(state, RED, [FOREST, FOREST, COAST])
    with pytest.raises(IllegalAction, match="^B6: "):
        apply(state, Place(T_DESERT, (FOREST, FOREST), 2))
    with pytest.raises(IllegalAction, match="^B6: "):
        apply(state, Place(T_DESERT, (COAST, FOREST), 1))


def test_b12_the_third_tribes_place_puts_its_pieces_from_its_own_supply():
    state = make_state(2)
    give_hand(state, RED, [DESERT, DESERT, COAST])
    apply(state, Exchange(COAST))
    assert state.phase is Phase.THIRD_TRIBE
    apply(state, Place(T_DESERT, (DESERT,), 1))
    assert state.pending == PendingPlace(BLUE, T_DESERT, 1, False) and state.third_action
    apply(state, PlaceTent(2))
    assert state.space_owner[2] == BLUE and state.tents_left[BLUE] == 19 and state.tents_left[RED] == 20
    assert state.phase is Phase.DRAW and state.active_seat == RED and not state.third_action


def test_e7_the_determination_token_lets_a_second_piece_go_into_an_unexplored_territory():
    board = dataclasses.replace(small_board(), rules=("determination",))
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=2), board)
    assert state.active_seat == 2 and state.ext["determination"] == 1
    state.ext["determination"] = 2
    give_hand(state, 2, [FOREST, FOREST, COAST])
    apply(state, Place(T_FOREST, (FOREST, FOREST), 2))
    assert state.pending == PendingPlace(2, T_FOREST, 2, False, permit=PERMIT)
    assert legal_actions(state) == [PlaceTent(s) for s in (12, 13, 14, 15)]   # P43: the first piece is a tent
    apply(state, PlaceTent(12))
    assert legal_actions(state) == [PlaceTent(s) for s in (13, 14, 15)] + [PlaceTotem()]
    apply(state, PlaceTotem())
    assert state.totem_stacks[T_FOREST] == [2] and state.phase is Phase.DRAW and state.ext["determination"] == 1


# ---- B9–B11: a piece at a time ----------------------------------------------------------------------------

def test_b10_b11_each_piece_updates_the_space_the_counts_and_the_supply():
    state = make_state(3)
    put_tent(state, GREEN, 20)
    give_hand(state, RED, [COAST, COAST, DESERT])
    apply(state, Place(T_COAST, (COAST, COAST), 2))
    assert apply(state, PlaceTent(22)) is state
    assert state.space_owner[22] == RED and state.territory_tents[T_COAST] == [1, 1, 0]
    assert state.territory_empty[T_COAST] == 2 and state.tents_left[RED] == 19
    assert state.pending.pieces_left == 1 and state.pending.placed == 1 and state.phase is Phase.PIECES
    assert legal_actions(state) == [PlaceTent(21), PlaceTent(23), PlaceTotem()]   # the kept counts were refreshed
    apply(state, PlaceTotem())
    assert state.totem_stacks[T_COAST] == [RED] and state.totem_counts[T_COAST] == [1, 0, 0]
    assert state.totems_left[RED] == 7 and state.pending is None and state.phase is Phase.DRAW


def test_b10_b11_two_totems_of_one_action_stack_and_leave_the_supply():
    state = make_state(3)
    put_tents(state, GREEN, [12, 13])
    put_tents(state, RED, [14, 15])            # Forest full, cap 2
    give_hand(state, RED, [FOREST, FOREST, COAST])
    apply(state, Place(T_FOREST, (FOREST, FOREST), 2))
    apply(state, PlaceTotem())
    apply(state, PlaceTotem())
    assert state.totem_stacks[T_FOREST] == [RED, RED] and state.totem_counts[T_FOREST] == [2, 0, 0]
    assert state.totems_left[RED] == 6 and state.tents_left[RED] == 18


def test_b9_a_totem_placed_first_counts_for_the_cap_of_the_next_piece():
    state = make_state(3)
    put_tent(state, GREEN, 20)                 # cap 1
    give_hand(state, RED, [COAST, COAST, DESERT])
    apply(state, Place(T_COAST, (COAST, COAST), 2))
    apply(state, PlaceTotem())
    assert legal_actions(state) == [PlaceTent(21), PlaceTent(22), PlaceTent(23)]


def test_b19_a_feat_earned_by_a_piece_is_placed_before_the_next_piece():
    """Discovery (B19): red's tent on the last empty space of Tundra 5 earns it with a choice of territories."""
    state = make_state(3, feats=(FeatKind.DISCOVERY,))
    put_tents(state, GREEN, [24, 25])
    give_hand(state, RED, [TUNDRA, TUNDRA, COAST])
    apply(state, Place(5, (TUNDRA, TUNDRA), 2))
    apply(state, PlaceTent(26))
    assert state.phase is Phase.FEAT and state.pending.pieces_left == 1
    apply(state, PlaceFeat(FeatKind.DISCOVERY, T_DESERT, False))
    assert state.phase is Phase.PIECES and legal_actions(state) == [PlaceTotem()]


# ---- B5 / P8: drawing and passing --------------------------------------------------------------------------

def test_b5_cards_taken_from_the_display_are_known_to_everyone_and_forgotten_when_played():
    state = make_state(3)
    give_hand(state, RED, [DESERT, COAST, COAST])
    apply(state, Exchange(DESERT))
    set_display(state, [GLACIERS, TUNDRA, FOREST, FOREST])
    apply(state, Draw(GLACIERS))
    assert state.known_cards[RED] == [GLACIERS] and state.hands[RED] == [GLACIERS, COAST, COAST]
    assert state.display[:3] == [TUNDRA, FOREST, FOREST] and len(state.display) == 4
    assert state.phase is Phase.MAIN and state.active_seat == GREEN
    state.active_seat = RED
    state.known_cards[RED] = [TUNDRA, GLACIERS, GLACIERS]
    rules.pay_from_hand(state, (GLACIERS, COAST))
    assert state.known_cards[RED] == [TUNDRA, GLACIERS] and state.hands[RED] == [COAST]
    assert state.discard[-2:] == [GLACIERS, COAST]


def test_b14_p8_with_the_deck_gone_the_hand_is_refilled_from_the_display_while_it_lasts():
    state = make_state(3)
    give_hand(state, RED, [DESERT])
    apply(state, Exchange(DESERT))
    state.discard.extend(state.deck + state.display[2:])
    state.deck = []
    state.display = state.display[:2]
    first, second = state.display
    apply(state, Draw(first))
    assert state.phase is Phase.DRAW and state.active_seat == RED and state.display == [second]
    apply(state, Draw(second))
    assert sorted(state.hands[RED]) == sorted([first, second]) and state.active_seat == GREEN


def test_p8_a_hand_stays_short_when_there_is_nothing_left_to_draw():
    state = make_state(3)
    give_hand(state, RED, [DESERT])
    apply(state, Exchange(DESERT))
    state.discard.extend(state.deck + state.display[1:])
    state.deck = []
    card = state.display[0]
    state.display = [card]
    apply(state, Draw(card))
    assert state.hands[RED] == [card] and state.active_seat == GREEN


def test_b4_a_drafter_whose_hand_is_complete_hands_on_to_the_previous_player():
    state = make_state(3, draft=True)
    drafter = state.active_seat
    for _ in range(3):
        assert state.active_seat == drafter
        apply(state, Draw(None))
    assert state.active_seat == (drafter - 1) % 3 and state.phase is Phase.DRAFT


# ---- rule modules' hooks (docs/engine.md) -------------------------------------------------------------------

@dataclass(frozen=True)
class Scout(Action):
    """A toy action: discard one card of the hand as the whole action (the acting tribe's)."""

    def __str__(self) -> str:
        return "scout"


CALLS: list[tuple] = []


@dataclass(frozen=True)
class ScoutRule(RuleModule):
    """A toy rule in the style of S3: Desert cards never pay for two pieces, and a Scout is one more action; it
    notes every placement it hears of."""

    key: ClassVar[str] = "toy-scout"
    ruling: ClassVar[str] = "S3"
    action_types: ClassVar[tuple[type, ...]] = (Scout,)

    def extra_actions(self, state, phase, tribe, hand):
        CALLS.append(("offer", phase, tribe, tuple(hand), state.active_seat))
        return [Scout()] if hand else []

    def apply_action(self, state, action):
        CALLS.append(("scout", state.phase, state.third_action))
        rules.pay_from_hand(state, (state.hands[state.active_seat][0],))
        finish_action(state)

    def payment_filter(self, state, tribe, territory, cards, pieces):
        CALLS.append(("pay", tribe, territory, cards, pieces))
        return "S3: Desert pays for one piece only" if DESERT in cards and pieces == 2 else None

    def after_placement(self, state, tribe, territory, space):
        CALLS.append(("placed", tribe, territory, space))


@dataclass(frozen=True)
class NoDesertExchange(RuleModule):
    """A toy exchange rule that depends on the position: red may not exchange a Desert card."""

    key: ClassVar[str] = "toy-no-desert-exchange"

    def exchange_filter(self, state, card):
        return "S3: no Desert exchanges" if card is DESERT and state.active_seat == RED else None


@dataclass(frozen=True)
class NoTundraExchange(RuleModule):
    key: ClassVar[str] = "toy-no-tundra-exchange"

    def exchange_filter(self, state, card):
        return "S3: no Tundra exchanges" if card is TUNDRA else None


@dataclass(frozen=True)
class ClosedToRed(RuleModule):
    """A toy rule in the style of S7: Coast is closed to red's pieces, tents and totems."""

    key: ClassVar[str] = "toy-closed-to-red"

    def piece_veto(self, state, tribe, territory, totem):
        return "S7: Coast is closed to red" if tribe == RED and territory == T_COAST else None


@dataclass(frozen=True)
class NoRedTents(RuleModule):
    """A toy rule that refuses red's tents in Coast only."""

    key: ClassVar[str] = "toy-no-red-tents"

    def piece_veto(self, state, tribe, territory, totem):
        return "S7: no red tents in Coast" if tribe == RED and territory == T_COAST and not totem else None


@dataclass(frozen=True)
class NoRedTotems(RuleModule):
    """A toy rule that refuses red's totems in Coast only (as E2 refuses every totem in the Tundra)."""

    key: ClassVar[str] = "toy-no-red-totems"

    def piece_veto(self, state, tribe, territory, totem):
        return "S7: no red totems in Coast" if tribe == RED and territory == T_COAST and totem else None


@pytest.fixture
def toy_rules(monkeypatch):
    for toy in (ScoutRule, NoDesertExchange, NoTundraExchange, ClosedToRed, NoRedTents, NoRedTotems):
        monkeypatch.setitem(REGISTRY, toy.key, toy)
    CALLS.clear()

    def game(n: int, *keys: str, coast_totem_space: bool = True):
        board = dataclasses.replace(small_board(), rules=keys)
        if not coast_totem_space:
            board = dataclasses.replace(board, territories=tuple(
                dataclasses.replace(t, totem_space=None) if t.index == T_COAST else t for t in board.territories))
        return new_game(GameConfig.quick("small-test", n, 1, first_player=0), board)
    return game


def exchanges(state) -> list:
    return [a for a in legal_actions(state) if isinstance(a, Exchange)]


def test_s3_a_modules_exchange_rule_removes_that_exchange_from_the_legal_actions(toy_rules):
    for keys in (("toy-no-desert-exchange",), ("toy-scout", "toy-no-desert-exchange")):
        state = toy_rules(3, *keys)
        give_hand(state, RED, [DESERT, COAST, TUNDRA])
        assert exchanges(state) == [Exchange(TUNDRA), Exchange(COAST)], keys
        with pytest.raises(IllegalAction, match="^S3: no Desert exchanges$"):
            apply(state, Exchange(DESERT))
        apply(state, Exchange(COAST))
        assert state.phase is Phase.DRAW
        state.active_seat = GREEN                  # the rule names red only
        give_hand(state, GREEN, [DESERT, COAST])
        state.phase = Phase.MAIN
        assert exchanges(state) == [Exchange(COAST), Exchange(DESERT)]
    state = toy_rules(3, "toy-scout")
    give_hand(state, RED, [DESERT, COAST, TUNDRA])
    assert exchanges(state) == [Exchange(TUNDRA), Exchange(COAST), Exchange(DESERT)]


def test_s3_every_modules_exchange_rule_is_asked_in_turn(toy_rules):
    state = toy_rules(3, "toy-no-desert-exchange", "toy-no-tundra-exchange")
    give_hand(state, RED, [DESERT, COAST, TUNDRA])
    assert exchanges(state) == [Exchange(COAST)]
    with pytest.raises(IllegalAction, match="^S3: no Tundra exchanges$"):
        apply(state, Exchange(TUNDRA))
    with pytest.raises(IllegalAction, match="^S3: no Desert exchanges$"):
        apply(state, Exchange(DESERT))


def test_s7_a_territory_closed_to_a_tribe_refuses_its_place_with_the_modules_reason(toy_rules):
    state = toy_rules(3, "toy-closed-to-red")
    give_hand(state, RED, [COAST, COAST, DESERT])
    with pytest.raises(IllegalAction, match="^S7: Coast is closed to red$"):
        apply(state, Place(T_COAST, (COAST,), 1))
    put_tent(state, GREEN, 20)                 # explored now: still closed to red
    with pytest.raises(IllegalAction, match="^S7: Coast is closed to red$"):
        apply(state, Place(T_COAST, (COAST,), 1))
    state.active_seat = GREEN
    give_hand(state, GREEN, [COAST, COAST, DESERT])
    apply(state, Place(T_COAST, (COAST, COAST), 2))   # green is not named by the rule
    assert state.phase is Phase.PIECES


def test_s7_a_veto_of_tents_only_leaves_the_totem_in_an_explored_territory(toy_rules):
    state = toy_rules(3, "toy-no-red-tents")
    give_hand(state, RED, [COAST, COAST, DESERT])
    with pytest.raises(IllegalAction, match="^S7: no red tents in Coast$"):   # unexplored: only a tent could go
        apply(state, Place(T_COAST, (COAST,), 1))
    put_tent(state, GREEN, 20)                 # explored, cap 1: one red totem fits, two pieces do not
    with pytest.raises(IllegalAction) as refused:
        apply(state, Place(T_COAST, (COAST, COAST), 2))
    assert str(refused.value) == "B9: 2 pieces cannot be placed in Coast 4 in any order without breaking the totem cap (1)"
    apply(state, Place(T_COAST, (COAST,), 1))
    assert legal_actions(state) == [PlaceTotem()]
    with pytest.raises(IllegalAction, match="^S7: no red tents in Coast$"):
        apply(state, PlaceTent(21))
    apply(state, PlaceTotem())
    assert state.totem_stacks[T_COAST] == [RED] and state.phase is Phase.DRAW


def test_s3_a_modules_payment_rule_is_asked_with_the_tribe_territory_sorted_cards_and_pieces(toy_rules):
    state = toy_rules(3, "toy-scout")
    put_tent(state, GREEN, 0)
    give_hand(state, RED, [DESERT, DESERT, COAST])
    CALLS.clear()
    with pytest.raises(IllegalAction, match="^S3: Desert pays for one piece only$"):
        apply(state, Place(T_DESERT, (DESERT, DESERT), 2))
    assert CALLS == [("pay", RED, T_DESERT, (DESERT, DESERT), 2)]
    apply(state, Place(T_DESERT, (DESERT,), 1))
    apply(state, PlaceTent(4))
    assert CALLS[-1] == ("placed", RED, T_DESERT, 4)


def test_s7_b10_a_veto_of_tents_where_no_totem_can_go_is_the_reason(toy_rules):
    state = toy_rules(3, "toy-no-red-tents", coast_totem_space=False)
    put_tent(state, GREEN, 20)
    give_hand(state, RED, [COAST, COAST, DESERT])
    with pytest.raises(IllegalAction, match="^S7: no red tents in Coast$"):
        apply(state, Place(T_COAST, (COAST,), 1))


def test_s7_a_veto_of_totems_says_how_many_tents_fit_instead(toy_rules):
    state = toy_rules(3, "toy-no-red-totems")
    put_tents(state, GREEN, [20, 21, 22])      # one empty space left
    give_hand(state, RED, [COAST, COAST, DESERT])
    with pytest.raises(IllegalAction) as refused:
        apply(state, Place(T_COAST, (COAST, COAST), 2))
    assert str(refused.value) == "S7: no red totems in Coast, and there is room for only 1 tent"
    apply(state, Place(T_COAST, (COAST,), 1))
    assert legal_actions(state) == [PlaceTent(23)]
    with pytest.raises(IllegalAction, match="^S7: no red totems in Coast$"):
        apply(state, PlaceTotem())
    apply(state, PlaceTent(23))
    state = toy_rules(3, "toy-no-red-totems")
    put_tents(state, GREEN, [20, 21, 22])
    state.active_seat = GREEN                  # green's totems are not refused: a tent and a totem fit
    give_hand(state, GREEN, [COAST, COAST, DESERT])
    apply(state, Place(T_COAST, (COAST, COAST), 2))
    assert legal_actions(state) == [PlaceTent(23), PlaceTotem()]


def test_p7_a_modules_action_is_offered_and_played_as_the_third_tribes_turn(toy_rules):
    state = toy_rules(2, "toy-scout")
    give_hand(state, RED, [DESERT, COAST, COAST])
    assert legal_actions(state)[-3:] == [Scout(), Exchange(COAST), Exchange(DESERT)]   # after the Places
    assert CALLS[-1] == ("offer", Phase.MAIN, RED, (COAST, COAST, DESERT), RED)
    apply(state, Exchange(COAST))
    assert state.phase is Phase.THIRD_TRIBE and Scout() in legal_actions(state)
    assert CALLS[-1] == ("offer", Phase.THIRD_TRIBE, BLUE, (COAST, DESERT), RED)   # P7: the third tribe pays
    CALLS.clear()
    assert apply(state, Scout()) is state
    assert [c for c in CALLS if c[0] == "scout"] == [("scout", Phase.THIRD_TRIBE, True)]
    assert state.phase is Phase.DRAW and state.hands[RED] == [DESERT]   # one third-tribe turn only (B12)
    with pytest.raises(IllegalAction) as refused:
        apply(state, Scout())
    assert refused.value.rule == "S3" and str(refused.value) == "S3: 'scout' is not possible now under a rule module"


# ---- B12 / B18: the outcome per seat -----------------------------------------------------------------------

def test_b18_returns_are_zero_for_everyone_before_the_end():
    assert returns(make_state(3)) == [0.0, 0.0, 0.0]
    assert returns(make_state(2)) == [0.0, 0.0]


def test_b12_b18_returns_one_for_each_winner_and_zero_when_the_players_lose():
    state = make_state(3)
    state.result = GameResult(totals=(9, 4, 9), winners=(RED, BLUE), decided_by="shared")
    assert returns(state) == [1.0, 0.0, 1.0]
    state = make_state(2)
    state.result = GameResult(totals=(3, 4, 9), winners=(BLUE,), decided_by="points", players_lose=True)
    assert returns(state) == [0.0, 0.0]   # B12: the third tribe alone came first, both players lose


# ---- P16: the own piece of a Void-totem move (E5) ----------------------------------------------------------

UP_COAST, UP_COAST_SPACES = 3, (19, 20, 21, 23, 24, 71)   # The Uncharted Paths' Coast (test_void_totems.py)


def uncharted_paths_coast(red: int, green: int):
    """The Uncharted Paths with red and green tents in its Coast and red to move a Void totem there with a piece
    of its own (two Coast cards for the move, one for the piece)."""
    from iwari_desktop.engine.maps.registry import get_board
    from iwari_desktop.engine.rulesets.void_totems import VoidMove
    state = new_game(GameConfig.quick("uncharted-paths", 4, 3, first_player=0), get_board("uncharted-paths"))
    put_tents(state, RED, UP_COAST_SPACES[:red])
    put_tents(state, GREEN, UP_COAST_SPACES[red:red + green])
    give_hand(state, RED, [COAST, COAST, COAST])
    return state, VoidMove(0, UP_COAST, (COAST, COAST, COAST))


def test_p16_the_own_tent_may_go_before_the_void_totem():
    """One empty space and no own totem left: the own piece is that tent, before or after the Void totem."""
    from iwari_desktop.engine.rulesets.void_totems import VoidTotem
    state, move = uncharted_paths_coast(1, 4)
    state.totems_left[RED] = 0
    apply(state, move)
    assert state.pending.pieces_left == 2 and state.pending.module_pieces == 1
    assert legal_actions(state) == [PlaceTent(71), VoidTotem()]
    apply(state, PlaceTent(71))
    assert legal_actions(state) == [VoidTotem()]


def test_p16_the_own_totem_may_go_before_the_void_totem():
    """Coast full (cap 3) and one own totem left: the own totem, then the Void totem, both under the cap."""
    from iwari_desktop.engine.rulesets.void_totems import VoidTotem
    state, move = uncharted_paths_coast(3, 3)
    state.totems_left[RED] = 1
    apply(state, move)
    assert legal_actions(state) == [PlaceTotem(), VoidTotem()]
    apply(state, PlaceTotem())
    assert legal_actions(state) == [VoidTotem()]
    apply(state, VoidTotem())
    assert state.totem_stacks[UP_COAST] == [RED, state.void_tribe] and state.phase is Phase.DRAW
