"""The solo/co-op Hint's claims, checked against the real game: play the hinted step, then see each claim hold.

Shared by the engine's claim tests (tests/engine/bots/test_hint_claims.py) and the board's
(tests/scenes/board/test_hint_expert.py). The checks read the real state after the step (claims,
verdicts, the module's event records, the hand), not the facts the hint was built from, so a claim
the engine got wrong fails here.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, field

from iwari_desktop.engine.bots.explain_solo import SoloReason, SoloWhy, pays_with
from iwari_desktop.engine.bots.expert_rollout import refilling
from iwari_desktop.engine.bots.solo import SoloBot
from iwari_desktop.engine.core.actions import Draw
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.ruins import ruin_space_counts
from iwari_desktop.engine.rulesets.solo import steps as void_steps
from iwari_desktop.engine.rulesets.solo.actions import VoidPlay
from iwari_desktop.engine.rulesets.solo.data import CORRUPTION_AT, PLAYERS, VOID, data
from iwari_desktop.engine.rulesets.solo.events import CORRUPTION, INFECTION, REVEALED
from iwari_desktop.engine.rulesets.solo.forecast import forecast
from iwari_desktop.engine.rulesets.solo.maprules import void_totems_win
from iwari_desktop.engine.rulesets.solo.standing import standing, verdict


def toward(state: GameState) -> int:
    """Void cards above the display and face up in it (S6's count)."""
    return data(state).above + void_steps.void_in_display(state)


def hand_void(state: GameState, seat: int) -> int:
    return sum(1 for card in state.hands[seat] if card is Biome.VOID)


def at_three_of_four(state: GameState) -> bool:
    """The Void action is due, 3 of 4 Void cards are out and the hand holds a Void card: one laid makes a Corruption."""
    decision = data(state).decision
    return (decision is not None and decision[0] == "action" and toward(state) == CORRUPTION_AT - 1
            and Biome.VOID in state.hands[state.active_seat])


def positions(map_id: str, mode: GameMode, seed: int, every: int, limit: int) -> list[GameState]:
    """Positions of a game the solo bot plays where the seat has a choice: every `every`-th such decision, and
    every Void action at 3 of 4 Void cards with a Void card in hand (fresh copies: a test may change them)."""
    found: list[GameState] = []
    for step, state, three in choices(map_id, mode, seed):
        if step % every == 0 or three:
            found.append(state.clone())
            if len(found) >= limit:   # before the game is played on to the next choice
                break
    return found


def choices(map_id: str, mode: GameMode, seed: int) -> Iterator[tuple[int, GameState, bool]]:
    """Each decision with a choice of the solo bot's seeded game, in order, as (decision number, the position, at 3
    of 4): the kept positions themselves, shared by every test that asks this game (clone one to change it)."""
    game = _played(map_id, mode, seed)
    index = 0
    while index < len(game.choices) or game.play_to_next_choice():
        yield game.choices[index]
        index += 1


def void_actions(map_id: str, seed: int, limit: int) -> list[GameState]:
    """The first `limit` Void actions with a choice of the solo bot's seeded solo game (fresh copies)."""
    found: list[GameState] = []
    for _step, state, _three in choices(map_id, GameMode.SOLO, seed):
        if state.phase is Phase.MODULE and (data(state).decision or [None])[0] == "action":
            found.append(state.clone())
            if len(found) >= limit:
                break
    return found


@dataclass
class _Game:
    """One seeded game of the solo bot, played as far as a test has asked: each decision with a choice is kept as
    (decision number, a copy of the position, at 3 of 4). Why: the tests ask the same games with other strides
    and limits, and playing them again was a fifth of this file's tests' time; the bot and the game go on from
    where the last test stopped, so every position is the one a fresh play-through reaches."""

    state: GameState
    bot: SoloBot
    step: int = 0
    choices: list[tuple[int, GameState, bool]] = field(default_factory=list)

    def play_to_next_choice(self) -> bool:
        """Play on to the next decision with a choice and keep it; False once the game is over."""
        state = self.state
        while not state.is_terminal():
            options = legal_actions(state)
            kept = len(options) > 1
            if kept:
                self.choices.append((self.step, state.clone(), at_three_of_four(state)))
            apply(state, self.bot.choose(state, options))
            self.step += 1
            if kept:
                return True
        return False


@functools.cache
def _played(map_id: str, mode: GameMode, seed: int) -> _Game:
    players = 1 if mode is GameMode.SOLO else 2
    return _Game(new_game(GameConfig.quick(map_id, players, seed, mode=mode), get_board(map_id)), SoloBot(seed))


def most_pieces(state: GameState, seat: int, hand: list) -> dict[int, int]:
    """The most pieces a Place paid from `hand` puts in each territory not yet counted, were it the seat's action."""
    from iwari_desktop.engine.core.actions import Place

    probe = state.clone()
    probe.hands[seat] = list(hand)
    probe.phase = Phase.MAIN
    most: dict[int, int] = {}
    for option in legal_actions(probe):
        if isinstance(option, Place) and option.territory not in data(probe).claims:
            most[option.territory] = max(most.get(option.territory, 0), option.pieces)
    return most


def check_claims(state: GameState, reason: SoloReason) -> GameState:
    """Play the reason's step on a copy of the real `state` and assert every claim the reason makes; the copy
    after the step is returned."""
    facts = reason.facts
    assert facts is not None
    seat = state.active_seat
    sim = state.clone()
    start = data(sim).events.total
    toward_before, void_before = toward(sim), hand_void(sim, seat)
    options_before = legal_actions(sim)
    verdicts_before = {v.territory: v for v in standing(sim).verdicts if not v.counted}
    if refilling(sim):   # a choice inside a strike of the refill: the claims are about the strike's end
        for action in facts.steps:
            assert void_steps.drive(sim) or action is facts.steps[0]
            assert action in void_steps.decision_options(sim), (action, reason.why)
            void_steps.decide(sim, action)
        assert not void_steps.drive(sim)
    else:
        for action in facts.steps:
            assert action in legal_actions(sim), (action, reason.why)
            apply(sim, action)
    events = data(sim).events.since(start)
    kinds = [e.kind for e in events]
    why = reason.why
    draw = isinstance(facts.steps[0], Draw)
    if not draw:
        # the step is certain: what the hint read is what the table shows
        assert toward(sim) == facts.toward_after
        if CORRUPTION in kinds:
            assert why in (SoloWhy.CORRUPTION, SoloWhy.WINS), f"a Corruption came but the hint said {why}"
    if why is SoloWhy.WINS:
        assert sim.phase is Phase.GAME_OVER and data(sim).outcome.won
    elif why is SoloWhy.CORRUPTION:
        assert CORRUPTION in kinds and reason.strike is not None
        for territory, side in reason.strike.counted:
            assert data(sim).claims[territory].side == side
    elif why is SoloWhy.CLAIMS:
        assert reason.territory not in data(state).claims
        assert data(sim).claims[reason.territory].side == PLAYERS
    elif why is SoloWhy.HOLDS_OFF:
        # "holds off the next Corruption": none came, the count stays below 4, and one was on offer
        assert CORRUPTION not in kinds and toward(sim) < CORRUPTION_AT
        assert any(isinstance(o, VoidPlay) and o.void_cards >= CORRUPTION_AT - toward_before for o in options_before)
        pawn = state.board.connections_by_number[data(state).pawn].territories
        assert facts.corruption_targets and set(facts.corruption_targets) <= set(pawn)
        assert not set(facts.corruption_targets) & set(data(sim).claims)
    elif why is SoloWhy.TAKES:
        old, new = verdicts_before[reason.territory], verdict(sim, reason.territory)
        assert old.side == VOID and new.side == PLAYERS and not new.counted
    elif why is SoloWhy.SHEDS:
        assert hand_void(sim, seat) < void_before and INFECTION in kinds and CORRUPTION not in kinds
        assert reason.strike is not None
        assert reason.strike.targets == state.board.connections_by_number[data(state).pawn].territories
    elif why in (SoloWhy.WIDENS, SoloWhy.NARROWS):
        old, new = verdicts_before[reason.territory], verdict(sim, reason.territory)
        side = PLAYERS if why is SoloWhy.WIDENS else VOID
        assert old.side == new.side == side and not new.counted
        assert (new.margin, new.player_tents - new.ruins) > (old.margin, old.player_tents - old.ruins)
    elif why is SoloWhy.DRAW_VOID:
        assert hand_void(sim, seat) == void_before + 1
        revealed = [e for e in events if e.kind == REVEALED]
        if revealed:   # the refill turned Void cards up after the taking: the first counts on from the claim
            assert revealed[0].toward == facts.toward_after + 1
        else:
            assert toward(sim) == facts.toward_after == toward_before - 1
    elif why is SoloWhy.VOID_SKIPS:   # S4's skip: nothing goes down, nothing strikes
        assert not {INFECTION, CORRUPTION} & set(kinds) and toward(sim) == toward_before
        assert all((v.ruins, v.void_totems) == (verdicts_before[v.territory].ruins,
                                                verdicts_before[v.territory].void_totems)
                   for v in standing(sim).verdicts if v.territory in verdicts_before)
    if facts.void_territory is not None:   # every Void action's Place: where its pieces went, what that territory does
        t = facts.void_territory
        old, new = verdicts_before.get(t) or verdict(state, t), verdict(sim, t)
        assert (new.ruins - old.ruins, new.void_totems - old.void_totems) == (facts.void_ruins, facts.void_totems)
        assert old.side == facts.void_side_before and new.side == facts.void_side_after
        assert new.counted == facts.void_counted and not old.counted
        if why is SoloWhy.VOID_PLACES and not facts.strikes and facts.toward_after == facts.toward_before:
            assert not {INFECTION, CORRUPTION} & set(kinds) and toward(sim) == facts.toward_after  # "nothing strikes now"
    if facts.draw_territory is not None:   # "with a Coast card your hand pays for 2 pieces in T instead of 1"
        hand, card = list(state.hands[seat]), facts.steps[0].card
        t = facts.draw_territory
        assert most_pieces(state, seat, hand).get(t, 0) == facts.draw_pieces_before
        assert most_pieces(state, seat, hand + [card]).get(t, 0) == facts.draw_pieces_after > facts.draw_pieces_before
        assert verdict(state, t).side == facts.draw_side and not verdict(state, t).counted
    if facts.draw_display_idle:   # "no card in the display lets your hand pay for more pieces anywhere"
        hand = list(state.hands[seat])
        now = most_pieces(state, seat, hand)
        for card in {c for c in state.display if c is not Biome.VOID}:
            assert all(n <= now.get(t, 0) for t, n in most_pieces(state, seat, hand + [card]).items())
    if facts.exchanged is not None:   # B5: the card left the hand, nothing went down, no territory changed
        assert why is not SoloWhy.EXCHANGES or reason.card == facts.exchanged
        assert state.hands[seat].count(facts.exchanged) - 1 == sim.hands[seat].count(facts.exchanged)
        assert sim.space_owner == state.space_owner and sim.totem_counts == state.totem_counts
        if facts.exchange_unpaid:   # "pays for no territory you can place in now"
            assert not any(facts.exchanged in pays_with(state, o) for o in options_before)
    if facts.ruin_space is not None:   # E3: the piece on the ruin space, and the count S11 compares at the end
        space = facts.ruin_space
        assert state.board.spaces[space].is_ruin_space and state.space_owner[space] < 0
        assert (sim.space_owner[space] == sim.void_tribe) == facts.ruin_space_void and sim.space_owner[space] >= 0
        assert ruin_space_counts(sim) == (facts.ruin_spaces_void, facts.ruin_spaces_players)
        if why is SoloWhy.RUIN_SPACE and facts.ruin_space_void and not facts.strikes:
            assert not {INFECTION, CORRUPTION} & set(kinds) and toward(sim) == facts.toward_after  # "nothing strikes"
    if facts.moved_from is not None:   # E5: a Void totem out of the centre, what is left there, the destination
        void = state.void_tribe
        assert sim.totem_counts[facts.moved_from][void] == facts.moved_left
        assert state.totem_counts[facts.moved_from][void] == facts.moved_left + 1
        assert sim.totem_counts[facts.moved_to][void] == state.totem_counts[facts.moved_to][void] + 1
        assert facts.moved_win == void_totems_win(state)
        assert verdict(sim, facts.moved_to).side == facts.moved_side_after
    if reason.threat is not None and sim.phase is not Phase.GAME_OVER:
        ahead = forecast(sim)
        assert reason.territory in ahead.next.targets
        assert (reason.threat == CORRUPTION) == ahead.next_is_corruption
    return sim

