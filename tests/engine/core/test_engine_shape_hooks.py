"""Every rule-module hook, exercised by a toy module standing for the expansion rule that needs it.

Hooks are chained: every module gets every hook, in hook order (`order`, then the order the setup
switched them on), also across `rules.resume`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from engine_helpers import (
    BLUE, GREEN, RED, SPACES, T_DESERT, T_FOREST, T_GLACIERS, T_TUNDRA, draw_until_turn_ends, final_scoring_now,
    give_hand, place, put_tent, put_tents, put_totem, set_deck_top, set_display,
)
from iwari_desktop.engine import Biome, FeatKind, GameConfig, IllegalAction, Phase
from iwari_desktop.engine.core.actions import (
    Action, Draw, Exchange, Pass, Place, PlaceFeat, PlaceTent, PlaceTotem, register_action_parser,
)
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.primitives import finish_action, move_totem, pay_cards, piece_done, put_tent as prim_put_tent
from iwari_desktop.engine.core.rules import apply, legal_actions, resume
from iwari_desktop.engine.core.scoring import ScoreLine
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.rulesets.feat_rules import claim


@dataclass(frozen=True, slots=True)
class Ack(Action):
    who: str

    def __str__(self) -> str:
        return f"ack {self.who}"


register_action_parser(lambda text: Ack(text.split()[1]) if text.startswith("ack ") and len(text.split()) == 2 else None)


def _log(state: GameState, entry: str) -> None:
    state.ext.setdefault("log", []).append(entry)


@dataclass(frozen=True)
class Stopper(RuleModule):
    """Takes a decision before the draw, on every Coast card turned up and before the final scoring."""

    key: ClassVar[str] = "toy-stopper"
    ruling: ClassVar[str] = "S3"
    title: ClassVar[str] = "the toy stopper"
    action_types: ClassVar[tuple[type, ...]] = (Ack,)

    def before_draw(self, state) -> bool:
        _log(state, f"{self.key}:before_draw")
        return True

    def on_display_card(self, state, card) -> bool:
        _log(state, f"{self.key}:card:{card.key}")
        return card is Biome.COAST

    def before_final_scoring(self, state) -> bool:
        _log(state, f"{self.key}:final")
        return True

    def module_actions(self, state) -> list[Action]:
        return [Ack(self.key)]

    def apply_action(self, state, action) -> None:
        _log(state, f"{self.key}:ack")
        resume(state)


@dataclass(frozen=True)
class Listener(RuleModule):
    """Only listens; registered after the stopper, it must still hear every hook."""

    key: ClassVar[str] = "toy-listener"

    def before_draw(self, state) -> bool:
        _log(state, f"{self.key}:before_draw")
        return False

    def on_display_card(self, state, card) -> bool:
        _log(state, f"{self.key}:card:{card.key}")
        return False

    def before_final_scoring(self, state) -> bool:
        _log(state, f"{self.key}:final")
        return False


@dataclass(frozen=True)
class Early(Listener):
    """Switched on last by the map, but its `order` puts it first."""

    key: ClassVar[str] = "toy-early"
    order: ClassVar[int] = 5


TOYS: list[type[RuleModule]] = [Stopper, Listener, Early]


@pytest.fixture
def toys(monkeypatch):
    def register(*classes):
        for cls in classes:
            monkeypatch.setitem(REGISTRY, cls.key, cls)
    register(*TOYS)
    return register


def game_with(*rules: str, n: int = 3, feats=(), seed: int = 1, mountains: bool = False) -> GameState:
    board = dataclasses.replace(small_board(mountains=mountains), rules=rules)
    return new_game(GameConfig.quick("small-test", n, seed, feats=frozenset(feats), first_player=0), board)


def test_hook_order_is_by_order_then_by_switch_on_order(toys):
    state = game_with("toy-stopper", "toy-listener", "toy-early", feats=(FeatKind.RESPECT, FeatKind.UNION),
                      mountains=True)
    assert [m.key for m in state.modules] == ["toy-early", "mountains", "union", "respect", "toy-stopper",
                                              "toy-listener"]


def test_before_draw_reaches_every_module_across_resume(toys):
    state = game_with("toy-stopper", "toy-listener")
    apply(state, Exchange(state.hands[0][0]))
    assert state.phase is Phase.MODULE and state.ext["log"] == ["toy-stopper:before_draw"]
    apply(state, Ack("toy-stopper"))
    # the listener after the stopper heard the same hook once play resumed, then the draw began
    assert state.ext["log"] == ["toy-stopper:before_draw", "toy-stopper:ack", "toy-listener:before_draw"]
    assert state.phase is Phase.DRAW


def test_on_display_card_reaches_every_module_across_resume(toys):
    state = game_with("toy-stopper", "toy-listener")
    apply(state, Exchange(state.hands[0][0]))
    apply(state, Ack("toy-stopper"))
    set_display(state, [Biome.DESERT, Biome.DESERT, Biome.FOREST])
    set_deck_top(state, [Biome.TUNDRA, Biome.COAST, Biome.GLACIERS])
    state.ext["log"].clear()
    apply(state, Draw(Biome.DESERT))
    # the hand is full: the refill turns up the deck top (a Tundra), then the Coast stops play
    assert state.ext["log"] == ["toy-stopper:card:tundra", "toy-listener:card:tundra", "toy-stopper:card:coast"]
    assert state.phase is Phase.MODULE and state.display[-1] is Biome.COAST
    apply(state, Ack("toy-stopper"))
    assert state.ext["log"][-2:] == ["toy-stopper:ack", "toy-listener:card:coast"]  # the listener hears the Coast
    assert state.phase is Phase.MAIN and state.active_seat == 1  # then the refill went on and the turn ended


def test_before_final_scoring_is_a_decision_point_for_every_module(toys):
    state = game_with("toy-early", "toy-stopper", "toy-listener")
    state.ext["log"] = []
    state.end_triggered = True
    state.active_seat = 2
    state.phase = Phase.MAIN
    state.discard.extend(state.hands[2])
    state.hands[2] = []
    apply(state, Pass())
    while "toy-stopper:final" not in state.ext["log"]:
        apply(state, Ack("toy-stopper") if state.phase is Phase.MODULE else legal_actions(state)[-1])
    assert state.phase is Phase.MODULE and not state.reports  # waiting: nothing scored yet
    assert [e for e in state.ext["log"] if e.endswith(":final")] == ["toy-early:final", "toy-stopper:final"]
    apply(state, Ack("toy-stopper"))
    assert state.ext["log"][-1] == "toy-listener:final"
    assert state.is_terminal() and state.reports[-1].kind == "final" and state.end_reason == "journey"


def test_a_base_action_during_a_module_decision_is_an_illegal_action_naming_the_rule(toys):
    state = game_with("toy-stopper")
    apply(state, Exchange(state.hands[0][0]))
    assert state.phase is Phase.MODULE
    before = state.clone()
    for action in (Exchange(Biome.DESERT), PlaceTent(0), Ack("someone-else")):
        with pytest.raises(IllegalAction) as refused:
            apply(state, action)
        assert refused.value.rule == "S3" and "toy stopper" in str(refused.value)
    assert state == before


# ---- actions offered by modules ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RuinClaim(Action):
    space: int

    def __str__(self) -> str:
        return f"ruinclaim s{self.space}"


@dataclass(frozen=True)
class RuinClaims(RuleModule):
    """E3 in miniature: two Glaciers cards put a tent on space 26, nothing else that action."""

    key: ClassVar[str] = "toy-ruins"
    ruling: ClassVar[str] = "E3"
    title: ClassVar[str] = "the toy ruins"
    action_types: ClassVar[tuple[type, ...]] = (RuinClaim,)

    def extra_actions(self, state, phase, tribe, hand) -> list[Action]:
        if hand.count(Biome.GLACIERS) >= 2 and state.space_owner[26] == -1:
            return [RuinClaim(26)]
        return []

    def apply_action(self, state, action) -> None:
        pay_cards(state, (Biome.GLACIERS, Biome.GLACIERS))
        prim_put_tent(state, state.acting_tribe, action.space)
        finish_action(state)


def test_extra_actions_are_offered_and_applied_in_the_main_action(toys):
    toys(RuinClaims)
    state = game_with("toy-ruins")
    give_hand(state, 0, [Biome.GLACIERS, Biome.GLACIERS, Biome.DESERT])
    assert RuinClaim(26) in legal_actions(state)
    apply(state, RuinClaim(26))
    assert state.space_owner[26] == RED and state.hands[0] == [Biome.DESERT] and state.phase is Phase.DRAW
    with pytest.raises(IllegalAction) as refused:  # not legal any more: named after the module's rule
        apply(state, RuinClaim(26))
    assert refused.value.rule == "E3"


def test_p7_the_third_tribes_turn_offers_module_actions(toys):
    toys(RuinClaims)
    state = game_with("toy-ruins", n=2)
    give_hand(state, 0, [Biome.GLACIERS, Biome.GLACIERS, Biome.DESERT])
    apply(state, Exchange(Biome.DESERT))
    # only the module action could pay for the third tribe: without P7 its turn would be skipped
    assert state.phase is Phase.THIRD_TRIBE
    assert RuinClaim(26) in legal_actions(state)
    apply(state, RuinClaim(26))
    assert state.space_owner[26] == state.third_tribe == 2
    assert state.phase is Phase.DRAW and not state.third_action


@dataclass(frozen=True)
class NoTotemsInTundra(RuleModule):
    """E2: no totem in the Tundra territory."""

    key: ClassVar[str] = "toy-no-tundra-totems"

    def piece_veto(self, state, tribe, territory, totem) -> str | None:
        return "E2: no totem may stand in the Tundra" if totem and territory == T_TUNDRA else None


def test_e2_piece_veto_forbids_the_piece_and_names_the_rule(toys):
    toys(NoTotemsInTundra)
    state = game_with("toy-no-tundra-totems")
    put_tents(state, RED, SPACES[T_TUNDRA][:2])
    give_hand(state, 0, [Biome.TUNDRA, Biome.TUNDRA, Biome.DESERT])
    apply(state, Place(T_TUNDRA, (Biome.TUNDRA,), 1))
    assert all(isinstance(a, PlaceTent) for a in legal_actions(state))  # no totem offered
    with pytest.raises(IllegalAction) as refused:
        apply(state, PlaceTotem())
    assert refused.value.rule == "E2"


@dataclass(frozen=True)
class VoidNeverPays(RuleModule):
    """S3: Void cards never pay."""

    key: ClassVar[str] = "toy-void-never-pays"

    def payment_filter(self, state, tribe, territory, cards, pieces) -> str | None:
        return "S3: Void cards never pay for a piece" if Biome.VOID in cards else None

    def build_deck(self, config, board, deck, removed) -> None:
        deck.extend([Biome.VOID] * 3)


def test_s3_payment_filter_refuses_cards_that_never_pay(toys):
    toys(VoidNeverPays)
    state = game_with("toy-void-never-pays")
    give_hand(state, 0, [Biome.VOID, Biome.VOID, Biome.DESERT])
    options = legal_actions(state)
    assert Place(T_DESERT, (Biome.DESERT,), 1) in options
    assert not any(isinstance(a, Place) and Biome.VOID in a.cards for a in options)  # the Void pair is no wild
    with pytest.raises(IllegalAction) as refused:
        apply(state, Place(T_FOREST, (Biome.VOID, Biome.VOID), 1))
    assert refused.value.rule == "S3"


@dataclass(frozen=True)
class Determination(RuleModule):
    """E7 in miniature: a Place of two matching cards may put two pieces in an unexplored territory."""

    key: ClassVar[str] = "toy-determination"

    def placement_permit(self, state, tribe, territory, cards, pieces) -> str | None:
        biome = state.board.territories[territory].biome
        return "E7: Determination token" if cards == (biome, biome) else None

    def after_action(self, state, tribe) -> None:
        _log(state, f"after_action:{tribe}")


def test_b8_placement_permit_allows_a_second_piece_in_an_unexplored_territory(toys):
    toys(Determination)
    state = game_with("toy-determination")
    give_hand(state, 0, [Biome.FOREST, Biome.FOREST, Biome.DESERT])
    assert Place(T_FOREST, (Biome.FOREST, Biome.FOREST), 2) in legal_actions(state)
    place(state, T_FOREST, [Biome.FOREST, Biome.FOREST], 2, SPACES[T_FOREST][0], SPACES[T_FOREST][1])
    assert state.territory_tents[T_FOREST][RED] == 2
    assert state.ext["log"] == ["after_action:0"]  # the action's end was announced once


def test_b8_without_a_permit_an_unexplored_territory_takes_one_tent(toys):
    state = game_with()
    give_hand(state, 0, [Biome.FOREST, Biome.FOREST, Biome.DESERT])
    assert Place(T_FOREST, (Biome.FOREST, Biome.FOREST), 2) not in legal_actions(state)
    with pytest.raises(IllegalAction) as refused:
        apply(state, Place(T_FOREST, (Biome.FOREST, Biome.FOREST), 2))
    assert refused.value.rule == "B8"


@dataclass(frozen=True, slots=True)
class PullTotem(Action):
    source: int

    def __str__(self) -> str:
        return f"pull t{self.source}"


@dataclass(frozen=True)
class VoidTotemMove(RuleModule):
    """P16 in miniature: while a Place's pieces go down, a Blue totem may be moved in as one of them."""

    key: ClassVar[str] = "toy-totem-move"
    action_types: ClassVar[tuple[type, ...]] = (PullTotem,)

    def piece_actions(self, state, pending) -> list[Action]:
        return [PullTotem(t) for t in range(len(state.board.territories))
                if t != pending.territory and BLUE in state.totem_stacks[t]
                and len(state.totem_stacks[pending.territory]) < state.totem_cap(pending.territory)]

    def apply_action(self, state, action) -> None:
        move_totem(state, BLUE, action.source, state.pending.territory)
        piece_done(state)


def test_p16_a_module_piece_counts_as_one_of_the_places_pieces(toys):
    toys(VoidTotemMove)
    state = game_with("toy-totem-move")
    put_tents(state, RED, SPACES[T_DESERT][:2])
    put_totem(state, BLUE, T_GLACIERS)
    give_hand(state, 0, [Biome.DESERT, Biome.DESERT, Biome.FOREST])
    apply(state, Place(T_DESERT, (Biome.DESERT, Biome.DESERT), 2))
    assert PullTotem(T_GLACIERS) in legal_actions(state)
    apply(state, PullTotem(T_GLACIERS))
    assert state.totem_stacks[T_DESERT] == [BLUE] and state.totem_stacks[T_GLACIERS] == []
    assert state.phase is Phase.PIECES and state.pending.pieces_left == 1  # one piece left for the player
    apply(state, PlaceTent(SPACES[T_DESERT][2]))
    assert state.phase is Phase.DRAW


@dataclass(frozen=True)
class RuinBlocksConnection9(RuleModule):
    """E3/P11 in miniature: connection 9 is blocked until a tent stands on space 26."""

    key: ClassVar[str] = "toy-ruin-block"

    def connection_veto(self, state, number) -> str | None:
        return "E3: a Void ruin blocks it" if number == 9 and state.space_owner[26] == -1 else None


def test_p11_a_vetoed_connection_neither_scores_nor_earns_honour(toys):
    toys(RuinBlocksConnection9)
    state = game_with("toy-ruin-block", feats=(FeatKind.HONOUR,))
    put_tents(state, RED, SPACES[2][:2] + SPACES[4][:2])  # Forest (2) and Coast (4), joined by connection 9
    put_totem(state, RED, 4)
    give_hand(state, 0, [Biome.FOREST, Biome.DESERT, Biome.DESERT])
    place(state, T_FOREST, [Biome.FOREST], 1, "totem")
    assert state.feats == [] and state.feat_supply[FeatKind.HONOUR] == 1  # blocked: no Honour
    draw_until_turn_ends(state)
    final_scoring_now(state)
    assert not any(line.subject == "connection:9" for line in state.reports[-1].lines)


def test_p11_the_connection_scores_and_earns_honour_once_unblocked(toys):
    toys(RuinBlocksConnection9)
    state = game_with("toy-ruin-block", feats=(FeatKind.HONOUR,))
    put_tents(state, RED, SPACES[2][:2] + SPACES[4][:2])
    put_totem(state, RED, 4)
    put_totem(state, RED, 2)
    put_tent(state, GREEN, 26)
    state.territory_tents[5][GREEN] -= 1  # space 26 stands in for a ruin space: count it in no territory
    state.territory_empty[5] += 1
    give_hand(state, 0, [Biome.FOREST, Biome.DESERT, Biome.DESERT])
    place(state, T_FOREST, [Biome.FOREST], 1, "totem")
    assert [(f.feat, f.tribe, f.target, f.on_connection) for f in state.feats] == [(FeatKind.HONOUR, RED, 9, True)]


@dataclass(frozen=True)
class RuinPoints(RuleModule):
    key: ClassVar[str] = "toy-ruin-points"

    def final_lines(self, state) -> list[ScoreLine]:
        return [ScoreLine("ruins", "ruins:0", "Ruins kept", {RED: 3}, detail="3 ruins, 1 point each")]


def test_final_lines_add_their_own_scored_line(toys):
    toys(RuinPoints)
    state = game_with("toy-ruin-points")
    final_scoring_now(state)
    report = state.reports[-1]
    assert report.by_category()["ruins"] == [3, 0, 0] and state.scores[RED] == report.totals()[RED]


@dataclass(frozen=True)
class Shrine(RuleModule):
    """A feat whose claim mixes territories and connections (Worship 3 / Courage, E9/E10)."""

    key: ClassVar[str] = "toy-shrine"

    def after_placement(self, state, tribe, territory, space) -> None:
        if state.feat_supply.get(FeatKind.WORSHIP, 0) and territory == T_DESERT:
            claim(state, FeatKind.WORSHIP, tribe, territories=(T_DESERT, T_FOREST), connections=(3, 9))

    def on_setup(self, state) -> None:
        state.feat_supply[FeatKind.WORSHIP] = 1


def test_e10_a_feat_claim_may_mix_territories_and_connections(toys):
    toys(Shrine)
    state = game_with("toy-shrine")
    give_hand(state, 0, [Biome.DESERT, Biome.FOREST, Biome.COAST])
    place(state, T_DESERT, [Biome.DESERT], 1, SPACES[T_DESERT][0])
    assert state.phase is Phase.FEAT
    assert legal_actions(state) == [PlaceFeat(FeatKind.WORSHIP, T_DESERT, False), PlaceFeat(FeatKind.WORSHIP, T_FOREST, False),
                                    PlaceFeat(FeatKind.WORSHIP, 3, True), PlaceFeat(FeatKind.WORSHIP, 9, True)]
    with pytest.raises(IllegalAction) as refused:
        apply(state, PlaceFeat(FeatKind.WORSHIP, 4, True))
    assert refused.value.rule == "B19"
    apply(state, PlaceFeat(FeatKind.WORSHIP, 9, True))
    assert (state.feats[-1].target, state.feats[-1].on_connection) == (9, True) and state.phase is Phase.DRAW


@dataclass(frozen=True)
class CancelOne(RuleModule):
    """E9 in miniature: a Courage on the Desert cancels one feat there (reports -1 per Courage)."""

    key: ClassVar[str] = "toy-cancel"

    def territory_multiplier_feats(self, state) -> dict[int, int]:
        return {f.target: -1 for f in state.feats if f.feat is FeatKind.COURAGE and not f.on_connection}


def test_e9_a_cancelling_feat_lowers_the_multiplier_two_unions_and_courage_give_x2(toys):
    from iwari_desktop.engine.core.state import FeatOnBoard
    toys(CancelOne)
    state = game_with("toy-cancel", feats=(FeatKind.UNION,))
    put_tents(state, RED, SPACES[T_DESERT][:3])
    put_tents(state, GREEN, SPACES[T_DESERT][3:5])
    state.feats += [FeatOnBoard(FeatKind.UNION, RED, T_DESERT, False), FeatOnBoard(FeatKind.UNION, GREEN, T_DESERT, False),
                    FeatOnBoard(FeatKind.COURAGE, BLUE, T_DESERT, False), FeatOnBoard(FeatKind.COURAGE, BLUE, T_FOREST, False)]
    put_tents(state, BLUE, SPACES[T_FOREST][:1])
    final_scoring_now(state)
    lines = {line.subject: line for line in state.reports[-1].lines}
    desert, forest = lines[f"territory:{T_DESERT}"], lines[f"territory:{T_FOREST}"]
    assert desert.multiplier == 2 and desert.points == {RED: 10, GREEN: 6}  # the rulebook's example: 5 -> 10, 3 -> 6
    assert forest.multiplier == 1  # a Courage with nothing to cancel never drops below x1
