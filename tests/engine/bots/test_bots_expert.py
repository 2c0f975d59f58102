"""The Expert (bots/expert.py): fair (it decides from the seat's observation only), complete legal games,
its two budgets, and the registry's name for it."""

from __future__ import annotations

import functools
import math

import pytest

from iwari_desktop.engine.bots.expert import ExpertBot
from iwari_desktop.engine.bots.expert_rollout import refilling, spread, void_kind
from iwari_desktop.engine.bots.registry import make_vs_void_bot
from iwari_desktop.engine.cli.selfplay import bot_seeds, play_out
from iwari_desktop.engine.cli.vs_void import VoidGreedyBot
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.solo.actions import VoidChoice, VoidPlay
from iwari_desktop.engine.rulesets.solo.data import data

from bot_helpers import choice_positions, hidden_swapped
from hint_claims import at_three_of_four, positions as solo_bot_positions
from playout_memo import keep_play_outs


def _deck_permuted(state: GameState, salt: int) -> GameState:
    """The same position with only the hidden deck's order changed (and a new game RNG)."""
    twin = state.clone()
    Rng(salt).shuffle(twin.deck)
    twin.rng = Rng(salt + 1)
    return twin


@functools.cache
def _played_positions(map_id: str, mode: GameMode, seed: int, count: int) -> tuple[GameState, ...]:
    n = 1 if mode is GameMode.SOLO else 2
    return tuple(choice_positions(map_id, n, seed, count, VoidGreedyBot(seed), 3, mode))


def _positions(map_id: str, mode: GameMode, seed: int, count: int) -> list[GameState]:
    """The positions of one greedy game, played once per worker; each test gets its own clones."""
    return [p.clone() for p in _played_positions(map_id, mode, seed, count)]


def _void_action_open(state: GameState) -> bool:
    decision = data(state).decision if state.phase is Phase.MODULE else None
    return decision is not None and decision[0] == "action"


@functools.cache
def _played_void_action(map_id: str, mode: GameMode, seed: int) -> GameState:
    """The first Void action with at least three options in a greedy game: its turn was played by another bot,
    so an Expert asked there (the Hint after a person's Place) has no plan for it."""
    n = 1 if mode is GameMode.SOLO else 2
    state = new_game(GameConfig.quick(map_id, n, seed, mode=mode), get_board(map_id))
    bot = VoidGreedyBot(seed)
    while not (_void_action_open(state) and len(legal_actions(state)) >= 3):
        assert not state.is_terminal(), "the game had no Void action with a choice of three"
        apply(state, bot.choose(state, legal_actions(state)))
    return state


@functools.cache
def _played_at_three(map_id: str, seed: int) -> tuple[GameState, ...]:
    """Void actions at 3 of 4 Void cards with a Void card in hand, in a solo game the solo bot plays (a person's
    turns, for the Expert: it planned none of them)."""
    found = solo_bot_positions(map_id, GameMode.SOLO, seed, every=10 ** 6, limit=3)
    return tuple(p for p in found if at_three_of_four(p))


def _at_three(map_id: str = "glacial-mass", seed: int = 1) -> list[GameState]:
    return [p.clone() for p in _played_at_three(map_id, seed)]


# The fairness test's Expert: the app's search (its worlds and whole-turn candidates) with a shorter horizon,
# one turn of play-out after the searched turn, so its rollouts still draw from the sampled deck; the first
# turn start of each game is also asked at the app's horizon (every world played to its natural end).
FAIR_SHORT = dict(worlds=2, turns_ahead=1)
FAIR_TO_END = dict(worlds=2, candidates=2)


def _asked(position: GameState, budget: dict) -> tuple:
    """The Expert's decision and the rest of the turn it plans (its line), seeded alike for every twin."""
    bot = ExpertBot(5, **budget)
    return bot.choose(position, legal_actions(position)), bot.line


@pytest.mark.parametrize("map_id,mode,seed", [("glacial-mass", GameMode.SOLO, 21), ("long-road", GameMode.SOLO, 22),
                                              ("new-horizons", GameMode.COOP, 23)])
def test_s3_expert_decision_never_depends_on_the_hidden_deck_order(monkeypatch, map_id, mode, seed):
    """Fairness: permuting the hidden part of the deck (and, in co-op, dealing the partner's closed hand again,
    S12) with the same seed for the Expert's own sampling never changes its decision, in every phase. A twin's
    play-out from a world equal to one already played reuses its end (`playout_memo`: a world that differs in a
    hidden card is played for real)."""
    keep_play_outs(monkeypatch)
    phases = set()
    checked = to_end = void_actions = 0
    for position in _positions(map_id, mode, seed, 10) + [_played_void_action(map_id, mode, seed).clone()]:
        seat = position.active_seat
        budgets = [FAIR_SHORT]
        if position.phase is Phase.MAIN and not to_end:
            budgets.append(FAIR_TO_END)
            to_end += 1
        if _void_action_open(position):   # a Void action the Expert did not plan: searched, to the end too
            budgets.append(FAIR_TO_END)
            void_actions += 1
        for budget in budgets:
            expected = _asked(position, budget)
            for salt in (1, 2):
                twin = _deck_permuted(position, salt) if mode is GameMode.SOLO else hidden_swapped(position, seat, salt)
                assert twin.deck != position.deck or len(position.deck) < 2
                assert _asked(twin, budget) == expected
        phases.add(position.phase)
        checked += 1
    assert checked >= 8 and to_end == 1 and void_actions >= 1
    assert {Phase.MAIN, Phase.DRAW, Phase.MODULE} <= phases


def _small_game(mode: GameMode, seed: int) -> GameState:
    """A complete game of a small Expert (2 worlds, 3 candidate turns, one turn ahead), seeded like selfplay's."""
    board = get_board("glacial-mass")
    n = 1 if mode is GameMode.SOLO else 2
    state = new_game(GameConfig.quick("glacial-mass", n, seed, mode=mode), board)
    bots = [ExpertBot(s, worlds=2, candidates=3, turns_ahead=1) for s in bot_seeds(seed, n)]
    play_out(state, bots, seed)
    return state


@pytest.mark.slow
def test_s10_expert_plays_complete_legal_games_solo_and_coop():
    """Every decision goes through the engine's legality checks; the seeded game replays exactly."""
    for mode, seed in ((GameMode.SOLO, 31), (GameMode.COOP, 32)):
        first = _small_game(mode, seed)
        assert first.is_terminal() and first.result.won in (True, False)
        again = _small_game(mode, seed)
        assert again.result == first.result and again.space_owner == first.space_owner


def test_expert_fixed_mode_searches_its_worlds_and_timed_mode_stops_at_its_budget():
    """Fixed mode: exactly `worlds` worlds whatever the clock says; timed mode: at least two, then one more while
    the (fake) clock, one second a reading, is still inside the budget of 2.5 s (readings 1 and 2, not 3)."""
    position = next(p for p in _positions("glacial-mass", GameMode.SOLO, 21, 10) if p.phase is Phase.MAIN)
    # two candidate turns played one turn ahead: the count of worlds dealt does not hang on what a world costs
    fixed = ExpertBot(1, worlds=3, candidates=2, turns_ahead=1, clock=lambda: 1e9)
    fixed.choose(position, legal_actions(position))
    assert fixed.searched == 3
    ticks = iter(range(1000))
    # the app's wall-clock cap is left out: on a loaded machine it, not the fake clock, would end the search
    timed = ExpertBot(1, budget=2.5, clock=lambda: float(next(ticks)), wall_factor=math.inf, candidates=2,
                      turns_ahead=1)
    timed.choose(position, legal_actions(position))
    assert timed.searched == 4


def test_expert_is_built_by_name_fixed_by_default_timed_with_a_budget():
    assert make_vs_void_bot("expert", 3).budget is None
    assert make_vs_void_bot("expert", 3, budget=1.5).budget == 1.5


def test_spread_tries_void_cards_laid_even_behind_many_places_without_one():
    """The engine lists every Void Place without a Void card first; the spread keeps the order, stays within its
    width and still takes Places with a Void card, and the Void cards alone (Follower's and the play-outs' options)."""
    no_card = [VoidPlay(t, (Biome.FOREST,), 1, 0) for t in range(20)]
    laid = [VoidPlay(None, (), 0, 1)] + [VoidPlay(t, (Biome.FOREST,), 1, 1) for t in range(20)]
    options = no_card + laid
    tried = spread(options, 16)
    assert len(tried) == 16
    assert [options.index(o) for o in tried] == sorted(options.index(o) for o in tried)
    assert VoidPlay(None, (), 0, 1) in tried
    assert sum(o.void_cards == 1 for o in tried) >= 5 and sum(o.void_cards == 0 for o in tried) >= 5
    assert spread(no_card[:5], 16) == no_card[:5]


def test_expert_prunes_to_its_kept_lines_after_the_first_worlds():
    """Every line is played in `prune_after` worlds, then only the `keep` best in the rest: the others are out."""
    position = next(p for p in _positions("glacial-mass", GameMode.SOLO, 21, 10) if p.phase is Phase.MAIN)
    bot = ExpertBot(1, worlds=4, candidates=4, prune_after=2, keep=2, turns_ahead=1)
    lines, _ = bot._turn_lines(position, position.active_seat, legal_actions(position))
    assert len(lines) == 4
    means = bot._search(position, position.active_seat, lines, 2)
    assert bot.searched == 4
    assert sum(m == -math.inf for m in means) == 2


def test_s6_expert_searches_a_void_action_it_did_not_plan_in_both_budgets():
    """The Hint's case (issue #20 part 3): another player placed the turn's pieces and the Void action is due at
    3 of 4 Void cards with a Void card in hand. The Expert searches it like a turn's start — its worlds in fixed
    mode, its budget (a fake clock, one second a reading) in timed mode — and plans the rest of the step: the
    Void's pieces and choices, legal in order, after which the step is over (the draw is next)."""
    position = _at_three()[0]
    fixed = ExpertBot(1, worlds=3, turns_ahead=1, clock=lambda: 1e9)
    action = fixed.choose(position, legal_actions(position))
    assert fixed.searched == 3
    after = position.clone()
    apply(after, action)
    for move in fixed.line:
        assert move in legal_actions(after)
        apply(after, move)
    assert after.phase is Phase.DRAW or after.is_terminal()
    ticks = iter(range(1000))
    timed = ExpertBot(1, budget=2.5, clock=lambda: float(next(ticks)), wall_factor=math.inf, turns_ahead=1)
    timed.choose(position, legal_actions(position))
    assert timed.searched == 4


def test_s6_void_action_lines_keep_every_kind_of_void_action_beyond_the_cap():
    """Laying a Void card at 3 of 4 sets off the Corruption now (S6): whether to is left to the worlds, so even
    with one candidate the best line of each kind (no Void card laid, one laid, …) is searched."""
    for position in _at_three() + _at_three("long-road", 1):
        options = legal_actions(position)
        bot = ExpertBot(1, candidates=1)
        lines, priors = bot._step_lines(position, position.active_seat, options)
        kinds = {void_kind(o) for o in options}
        assert len(kinds) >= 2 and len(lines) == len(kinds) == len(priors)
        assert {void_kind(line[0]) for line in lines} == kinds
        assert priors[0] == max(priors)


def test_s5_expert_keeps_one_greedy_step_for_a_void_tie_choice_it_did_not_plan():
    """A Void tie choice (the order of a strike's territories, a ruin's space: S5, P21) is not searched, in the
    refill or after a Void action laid Void cards: it only orders a strike's pieces (expert.ExpertBot._tie_step).
    Found in a greedy game (the first after a Void action), asked of a fresh Expert."""
    state = new_game(GameConfig.quick("glacial-mass", 1, 21, mode=GameMode.SOLO), get_board("glacial-mass"))
    greedy = VoidGreedyBot(21)
    while not (len(legal_actions(state)) > 1 and all(isinstance(o, VoidChoice) for o in legal_actions(state))
               and not refilling(state)):
        assert not state.is_terminal(), "the game had no Void tie choice"
        apply(state, greedy.choose(state, legal_actions(state)))
    bot = ExpertBot(1, clock=lambda: 1e9)
    assert bot.choose(state, legal_actions(state)) in legal_actions(state)
    assert bot.searched == 0 and bot.line == []


def test_timed_mode_stops_at_its_most_worlds_however_much_time_is_left():
    """A draw in the app: its worlds end with the turn and cost milliseconds, so the budget alone let the Hint deal
    a hundred of them and keep the person waiting the whole budget; the timed mode stops at `MAX_WORLDS`."""
    from iwari_desktop.engine.bots.expert import MAX_WORLDS

    position = next(p for p in _positions("glacial-mass", GameMode.SOLO, 21, 10) if p.phase is Phase.DRAW)
    options = legal_actions(position)
    assert len({a for a in options}) > 1
    ticks = iter(range(10_000))   # a hundredth of a second a reading: the budget alone would allow 250 worlds
    timed = ExpertBot(1, budget=2.5, clock=lambda: next(ticks) / 100, wall_factor=math.inf)
    timed.choose(position, options)
    assert timed.searched == MAX_WORLDS
