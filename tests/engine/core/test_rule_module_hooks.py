"""The rule-module hooks the expansion and the solo Void will use, proven with small toy modules.

Each toy module stands for a real expansion rule: an Infection that stops a display refill
(S3/S6), the Void's action before the hand refill (S3), Void cards joining the deck (E7), a new
deck without scoring (S10) and a different way to decide the game (S10).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from iwari_desktop.engine import Biome, Game, GameConfig, IllegalAction, Phase, parse_action
from iwari_desktop.engine.core.actions import Action, register_action_parser
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.rules import apply, legal_actions, resume
from iwari_desktop.engine.files.saves import load_game, save_game
from iwari_desktop.engine.core.scoring import GameResult
from iwari_desktop.engine.core.setup import DISPLAY_SIZE


@dataclass(frozen=True, slots=True)
class Acknowledge(Action):
    def __str__(self) -> str:
        return "acknowledge"


register_action_parser(lambda text: Acknowledge() if text.strip() == "acknowledge" else None)


@dataclass(frozen=True)
class DesertAlarm(RuleModule):
    """Every Desert card turned face up into the display stops play until acknowledged."""

    key: ClassVar[str] = "test-desert-alarm"
    ruling: ClassVar[str] = "S3"
    action_types: ClassVar[tuple[type, ...]] = (Acknowledge,)

    def on_display_card(self, state, card) -> bool:
        return card is Biome.DESERT

    def module_actions(self, state) -> list[Action]:
        return [Acknowledge()]

    def apply_action(self, state, action) -> None:
        state.ext["alarms"] = state.ext.get("alarms", 0) + 1
        resume(state)


@dataclass(frozen=True)
class StepBeforeDrawing(RuleModule):
    """Like the Void action: one decision of its own after the action, before the refill."""

    key: ClassVar[str] = "test-step-before-draw"
    action_types: ClassVar[tuple[type, ...]] = (Acknowledge,)

    def before_draw(self, state) -> bool:
        return True

    def module_actions(self, state) -> list[Action]:
        return [Acknowledge()]

    def apply_action(self, state, action) -> None:
        state.ext["steps"] = state.ext.get("steps", 0) + 1
        resume(state)


@dataclass(frozen=True)
class ExtraVoidCards(RuleModule):
    key: ClassVar[str] = "test-void-cards"

    def build_deck(self, config, board, deck, removed) -> None:
        deck.extend([Biome.VOID] * 12)


@dataclass(frozen=True)
class QuietReshuffle(RuleModule):
    """The first exhaustion makes a new deck without the half-journey scoring."""

    key: ClassVar[str] = "test-quiet-reshuffle"

    def on_deck_exhausted(self, state) -> bool:
        if state.deck_exhaustions > 1:
            return False
        state.deck, state.discard = state.discard, []
        state.rng.shuffle(state.deck)
        return True


@dataclass(frozen=True)
class NobodyWins(RuleModule):
    key: ClassVar[str] = "test-nobody-wins"

    def decide_result(self, state) -> GameResult:
        return GameResult(tuple(state.scores), (), "module")


@pytest.fixture
def registered(monkeypatch):
    for module in (DesertAlarm, StepBeforeDrawing, ExtraVoidCards, QuietReshuffle, NobodyWins):
        monkeypatch.setitem(REGISTRY, module.key, module)


def board_with(*rules: str):
    return dataclasses.replace(small_board(), rules=rules)


def play(game: Game, bot: RandomBot, until=None, limit: int = 5000) -> None:
    for _ in range(limit):
        if game.is_over() or (until and until(game)):
            return
        game.play(bot.choose(game.state))
    raise AssertionError("the game did not finish")


def test_map_rule_switches_on_the_registered_module(registered):
    game = Game.new(GameConfig.quick("small-test", 3, 1), board_with("test-desert-alarm", "not-in-this-version"))
    assert [m.key for m in game.state.modules] == ["mountains", "test-desert-alarm"]


def test_display_card_interrupts_the_refill_and_resume_finishes_it(registered):
    game = Game.new(GameConfig.quick("small-test", 3, 4), board_with("test-desert-alarm"))
    bot = RandomBot(4)
    # wait for an alarm that stops the refill with the display still short
    play(game, bot, until=lambda g: g.state.phase is Phase.MODULE and len(g.state.display) < DISPLAY_SIZE)
    state = game.state
    assert state.display[-1] is Biome.DESERT  # play stopped right after the Desert came up
    turn, before, alarms = state.turn, len(state.display), state.ext["alarms"]
    assert legal_actions(state) == [Acknowledge()]
    with pytest.raises(IllegalAction, match="a decision for .* comes first") as refused:
        apply(state.clone(), parse_action("draw deck"))  # nothing else may happen meanwhile
    assert refused.value.rule == DesertAlarm.ruling
    game.play(Acknowledge())
    assert state.ext["alarms"] == alarms + 1
    assert len(state.display) > before  # the refill went on where it had stopped
    if state.phase is not Phase.MODULE:  # (unless the next card was a Desert too)
        assert len(state.display) == DISPLAY_SIZE or not state.deck
        assert state.turn == turn + 1 or state.is_terminal()


def test_games_with_interrupts_finish_replay_and_round_trip(registered):
    board = board_with("test-desert-alarm", "test-step-before-draw")
    for seed in range(6):
        game = Game.new(GameConfig.quick("small-test", 2 + seed % 4, seed), board)
        play(game, RandomBot(seed))
        assert game.state.ext["steps"] >= sum(game.state.turns_taken) - 1
        assert game.state.ext.get("alarms", 0) > 0
        text_log = [str(a) for a in game.log]
        assert "acknowledge" in text_log
        assert Game.replay(game.config, [parse_action(a) for a in text_log], board).state == game.state
        assert load_game(save_game(game), board=board).state == game.state


def test_the_void_action_step_comes_after_the_action_and_before_drawing(registered):
    game = Game.new(GameConfig.quick("small-test", 3, 2), board_with("test-step-before-draw"))
    state = game.state
    hand_before = list(state.hands[state.active_seat])
    exchange = next(a for a in legal_actions(state) if str(a).startswith("exchange"))
    game.play(exchange)
    assert state.phase is Phase.MODULE and len(state.hands[state.active_seat]) == len(hand_before) - 1
    game.play(Acknowledge())
    assert state.phase is Phase.DRAW


def test_build_deck_adds_cards_before_the_shuffle(registered):
    state = Game.new(GameConfig.quick("small-test", 3, 3), board_with("test-void-cards")).state
    cards = state.deck + state.display + state.discard + state.removed + [c for h in state.hands for c in h]
    assert cards.count(Biome.VOID) == 12 and len(cards) == 57 + 12


def test_deck_exhaustion_can_be_taken_over_by_a_module(registered):
    game = Game.new(GameConfig.quick("small-test", 3, 5), board_with("test-quiet-reshuffle"))
    play(game, RandomBot(5), until=lambda g: g.state.deck_exhaustions >= 1 and g.state.phase is Phase.MAIN)
    assert not any(r.kind == "half" for r in game.state.reports)  # no half-journey scoring
    play(game, RandomBot(5))
    assert game.state.deck_exhaustions >= 2


def test_a_module_may_decide_the_result(registered):
    game = Game.new(GameConfig.quick("small-test", 3, 6), board_with("test-nobody-wins"))
    play(game, RandomBot(6))
    assert game.state.result.winners == () and game.state.result.decided_by == "module"


@dataclass(frozen=True)
class DealWatcher(RuleModule):
    """Solo piles (S2) are made after the deal: the hook sees full hands and display."""

    key: ClassVar[str] = "test-deal-watcher"

    def on_setup(self, state) -> None:
        state.ext["hands_at_setup"] = sum(len(h) for h in state.hands)

    def after_deal(self, state) -> None:
        state.ext["hands_after_deal"] = sum(len(h) for h in state.hands)
        state.ext["display_after_deal"] = len(state.display)


def test_setup_hooks_run_before_and_after_the_deal(monkeypatch):
    monkeypatch.setitem(REGISTRY, DealWatcher.key, DealWatcher)
    state = Game.new(GameConfig.quick("small-test", 3, 9), board_with("test-deal-watcher")).state
    assert state.ext == {"hands_at_setup": 0, "hands_after_deal": 9, "display_after_deal": DISPLAY_SIZE}


def test_the_hook_table_lists_exactly_the_modules_that_override_a_hook():
    """Issue #32: core/hooks.py finds an override without importing RuleModule; for every registered module
    and every hook that is the same as comparing with RuleModule's no-op default, and every hook has one."""
    from iwari_desktop.engine import rulesets
    from iwari_desktop.engine.core.hooks import HOOKS, implements
    rulesets.load_all()
    assert all(hook in vars(RuleModule) for hook in HOOKS)
    assert REGISTRY
    for cls in REGISTRY.values():
        for hook in HOOKS:
            assert implements(cls, hook) == (getattr(cls, hook) is not getattr(RuleModule, hook)), (cls, hook)
