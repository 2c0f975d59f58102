"""The Expert's K gate (bots/expert.py, issue #20; docs/ai.md "The K gate"): in a game played for K >= 5 it plays
for the verdict at K — greedy's turn among the candidates, a world judged first by whether the Void stayed under
K, play-outs that judge with the K played for, greedy's turn kept unless worlds clearly disagree — and below 5 it
is the plain tally search, move for move, whatever K a `selfplay --to-end` view shows it.

Why tested both ways: the verdict search wins more of the campaign's deals at K = 6 but made the rulebook's K = 3
games worse, so the gate must hold by construction on one side and engage on the other. The objective and the
choice are tested on play-outs whose ends the test sets (the ranking is the rule's alone); the candidates and the
decisions on positions of a real game."""

from __future__ import annotations

import functools

import pytest

from iwari_desktop.engine.bots import expert
from iwari_desktop.engine.bots.expert import OVERRULE, ExpertBot, greedy_line
from iwari_desktop.engine.bots.expert_rollout import (
    K_STEP, PER_VOID, VERDICT_FROM, VERDICT_STEP, tally_value, with_k,
)
from iwari_desktop.engine.cli.selfplay_to_end import PlayingFor
from iwari_desktop.engine.cli.vs_void import VoidGreedyBot
from iwari_desktop.engine.core.config import OPTIONS, GameConfig, GameMode
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.solo.outcome import WIN_HELD, VoidOutcome, k_of

from bot_helpers import choice_positions
from playout_memo import keep_play_outs

WORLD_K = max(OPTIONS["k"].allowed)


def _mean(tallies: list[int], k: int, verdict: bool) -> float:
    return sum(tally_value(t, k, verdict) for t in tallies) / len(tallies)


def _outcome(tally: int) -> VoidOutcome:
    """A world that ran to its natural end with `tally` Void territories (only what the judgement reads matters)."""
    return VoidOutcome(totals=(), winners=(), decided_by="territories", won=True, reason=WIN_HELD,
                       void_territories=tally, k=WORLD_K)


def _start(k: int) -> GameState:
    state = new_game(GameConfig.quick("long-road", 1, 11, mode=GameMode.SOLO), get_board("long-road"))
    return with_k(state, k)


def _scheduled(monkeypatch, schedule: dict[int, list[int]], views: list | None = None) -> dict[int, int]:
    """Every play-out of line `[i]` ends with the next tally of `schedule[i]` (the `view` it was given is kept in
    `views`); returns the counts played."""
    played = {i: 0 for i in schedule}

    def ended_by_schedule(trial: GameState, turns: int, line: list, view: object = None) -> None:
        index = line[0]
        if views is not None:
            views.append(view)
        trial.result = _outcome(schedule[index][played[index]])
        played[index] += 1

    monkeypatch.setattr(expert, "play_turns", ended_by_schedule)
    return played


@functools.cache
def _played(seed: int) -> tuple[GameState, ...]:
    """Every decision with a choice of one solo greedy game on Glacial Mass, K = 3."""
    return tuple(choice_positions("glacial-mass", 1, seed, 400, VoidGreedyBot(seed), 1, GameMode.SOLO))


def _turn_starts(count: int) -> list[GameState]:
    """`count` turn starts spread over the game (clones: each test its own)."""
    return [p.clone() for p in _played(21) if p.phase is Phase.MAIN][::5][:count]


def _decisions(count: int) -> list[GameState]:
    """`count` decisions spread over the game, of every phase (clones)."""
    return [p.clone() for p in _played(21)[::9][:count]]


# ---- the objective ------------------------------------------------------------------------------------------
def test_s10_for_the_verdict_a_line_kept_under_k_beats_a_lower_mean_tally_that_crosses_k():
    """At K = 6, five territories in every world (under K in all six) against three in five worlds and seven in
    one (mean 3.67, lost once): played for the verdict the first is better; the tally search (below the gate)
    prefers the second, its step at K only two territories."""
    safe, risky = [5] * 6, [3, 3, 3, 3, 3, 7]
    assert sum(risky) / 6 < sum(safe) / 6
    assert _mean(safe, 6, verdict=True) > _mean(risky, 6, verdict=True)
    assert _mean(risky, 6, verdict=False) > _mean(safe, 6, verdict=False)
    assert tally_value(5, 6, True) - tally_value(6, 6, True) == PER_VOID + VERDICT_STEP
    assert tally_value(5, 6) - tally_value(6, 6) == PER_VOID + K_STEP


def test_s10_for_the_verdict_more_worlds_under_k_beat_any_tally_and_the_tally_breaks_ties():
    """Four worlds of six under K against three, whatever the tallies (the better line's other two are outright
    losses, twelve); among lines kept under K in as many worlds, fewer Void territories are better."""
    assert _mean([5, 5, 5, 5, 12, 12], 6, True) > _mean([0, 0, 0, 6, 6, 6], 6, True)
    assert _mean([3, 4, 5], 6, True) > _mean([4, 5, 5], 6, True)
    assert tally_value(6, 6, True) - tally_value(7, 6, True) == tally_value(4, 6, True) - tally_value(5, 6, True)


# ---- the gate on the search -----------------------------------------------------------------------------------
# line 0 keeps the Void at three in every world; line 1 leaves it nothing in five and nine in the sixth
SCHEDULE = {0: [3] * 6, 1: [0, 0, 0, 0, 0, 9]}


@pytest.mark.parametrize("shown,played_for,gated", [
    (3, None, False), (4, None, False), (VERDICT_FROM, None, True), (6, None, True), (8, None, True),
    (5, 3, False), (6, 3, False), (6, 4, False), (7, 6, True),   # a --to-end view: K = held + 1 once K is reached
])
def test_s10_the_search_plays_for_the_verdict_only_in_a_game_played_for_k_5_or_more(monkeypatch, shown, played_for,
                                                                                     gated):
    """`_search` on the same scheduled worlds, the state showing K = `shown`, the game played for `played_for`
    (None: the state's own K). Gated (the game's K >= 5): line 0 (under K in every world) is the better, the
    play-outs' base policy judges with the K shown. Below the gate — also when a --to-end view shows K = 5 or 6
    in a game played for 3 or 4 — line 1 (the lower mean tally, main's objective), the means exactly the tally
    search's (`K_STEP`), and no `view`: the base policy judges with the world's own K, as before the gate."""
    views: list = []
    played = _scheduled(monkeypatch, SCHEDULE, views)
    bot = ExpertBot(1, worlds=6, prune_after=6, played_for=played_for)
    start = _start(shown)
    assert bot.for_verdict(start) is gated
    means = bot._search(start, 0, [[0], [1]], expert.TO_END + 1)
    assert bot.searched == 6 and played == {0: 6, 1: 6}
    assert means == [_mean(SCHEDULE[0], shown, gated), _mean(SCHEDULE[1], shown, gated)]
    assert means.index(max(means)) == (0 if gated else 1)
    assert {None if v is None else v.option("k") for v in views} == ({shown} if gated else {None})


def test_s10_where_k_is_in_play_greedys_turn_stands_unless_a_line_keeps_k_in_clearly_more_worlds(monkeypatch):
    """Three lines at K = 6, greedy's turn the last (`greedy_at`). Greedy's keeps the Void under K in 3 of 6 worlds:
    lines with 4 or 5 of 6 (one or two worlds more, under `OVERRULE`) do not overrule it, even with a better mean;
    a line with 6 of 6 does. Where no world is under K (K not in play) the means decide."""
    lines = [[0], [1], [2]]
    for schedule, chosen in (({0: [3, 3, 3, 3, 9, 9], 1: [4, 4, 4, 4, 4, 6], 2: [5, 5, 5, 6, 6, 6]}, 2),
                             ({0: [7, 7, 7, 7, 7, 7], 1: [5, 5, 5, 5, 5, 5], 2: [5, 5, 5, 6, 6, 6]}, 1)):
        _scheduled(monkeypatch, schedule)
        bot = ExpertBot(1, worlds=6, prune_after=6)
        bot.greedy_at = 2
        means = bot._search(_start(6), 0, lines, expert.TO_END + 1)
        assert bot._k_in_play()
        assert bot._verdict_choice(lines, means) == chosen, (schedule, bot.under_k)
    assert 2 / 6 < OVERRULE <= 3 / 6
    _scheduled(monkeypatch, {0: [7] * 6, 1: [6] * 6, 2: [8] * 6})
    bot = ExpertBot(1, worlds=6, prune_after=6)
    bot.greedy_at = 2
    means = bot._search(_start(6), 0, lines, expert.TO_END + 1)
    assert bot._verdict_choice(lines, means) is None and means.index(max(means)) == 1


# ---- the gate on the candidates and the decisions --------------------------------------------------------------
def test_s10_greedys_turn_is_a_candidate_from_k_5_on_and_never_below(monkeypatch):
    """At turn starts of a real game: shown K = 6 (or played for 6), greedy's whole turn is among the lines, at
    `greedy_at`; at K = 3 and 4, and at K = 6 shown in a game played for 3, the lines are the plain candidates and
    greedy is never even asked. The candidates' look-ahead from an equal view reuses its values (`playout_memo`:
    the K = 6 view of a game played for 3 looks ahead as the K = 6 view does; the lines are chosen anew each time)."""
    keep_play_outs(monkeypatch)
    starts = _turn_starts(3)
    assert len(starts) == 3
    for position in starts:
        options = legal_actions(position)
        greedy = greedy_line(position, options)
        for k, played_for in ((6, None), (6, 6), (VERDICT_FROM, None)):
            bot = ExpertBot(1, candidates=3, played_for=played_for)
            lines, priors = bot._turn_lines(with_k(position, k), 0, options)
            assert bot.greedy_at is not None and len(lines) == len(priors) in (3, 4)
            assert lines[bot.greedy_at] == greedy_line(with_k(position, k), options)
        plain = ExpertBot(1, candidates=3)._turn_lines(position, 0, options)

        def never(*_args):
            raise AssertionError("greedy asked below the K gate")

        with monkeypatch.context() as below:
            below.setattr(expert, "greedy_line", never)
            for k, played_for in ((3, None), (4, None), (6, 3), (5, 4)):
                bot = ExpertBot(1, candidates=3, played_for=played_for)
                lines, priors = bot._turn_lines(with_k(position, k), 0, options)
                assert bot.greedy_at is None and len(lines) == 3
                if k == 3:
                    assert (lines, priors) == plain
        assert greedy and greedy[0] in options


def test_s10_below_k_5_every_decision_is_the_plain_tally_searchs(monkeypatch):
    """On decisions of a real game (turn starts searched to the natural end, the rest one turn ahead), at K = 3
    and 4 and in --to-end views showing K = 5 or 6 of a game played for 3: the Expert's move and planned line are
    those of the same-seeded Expert with the gate shut (`VERDICT_FROM` past every K: the tally search of main), and
    greedy is never asked. The same positions played for K = 6 do ask greedy at every turn start — the gate is
    what tells the two apart. A play-out asked again with equal inputs (world, line, view) reuses its end
    (`playout_memo`): a gate that let the K shown into the play-outs changes their view and plays them for real."""
    keep_play_outs(monkeypatch)
    positions = _turn_starts(2) + _decisions(8)
    assert {Phase.MAIN, Phase.PIECES, Phase.DRAW} <= {p.phase for p in positions}
    asked: list[int] = []
    real_greedy_line = expert.greedy_line

    def counted(public, options):
        asked.append(k_of(public))
        return real_greedy_line(public, options)

    monkeypatch.setattr(expert, "greedy_line", counted)
    shut = WORLD_K + 1
    to_end = 0
    for position in positions:
        budget = dict(worlds=2, candidates=2, turns_ahead=1)
        if position.phase is Phase.MAIN and to_end < 2:
            budget = dict(worlds=2, candidates=2)   # to the natural end: where K_STEP and the play-outs' view tell
            to_end += 1
        for k, played_for in ((3, None), (4, None), (5, 3), (6, 3)):
            view = with_k(position, k)
            options = legal_actions(view)
            bot = ExpertBot(7, played_for=played_for, **budget)
            decided = bot.choose(view, options), list(bot.line)
            monkeypatch.setattr(expert, "VERDICT_FROM", shut)
            plain = ExpertBot(7, played_for=played_for, **budget)
            expected = plain.choose(view, options), list(plain.line)
            monkeypatch.setattr(expert, "VERDICT_FROM", VERDICT_FROM)
            assert decided == expected, (k, played_for, position.phase)
    assert to_end == 2 and asked == []
    for position in positions:
        if position.phase is Phase.MAIN:
            ExpertBot(7, worlds=1, candidates=2, turns_ahead=1).choose(with_k(position, 6))
    assert asked and set(asked) == {6}


def test_s10_a_to_end_game_tells_the_expert_the_k_it_is_played_for():
    """`selfplay --to-end` wraps each bot in `PlayingFor`, which shows K = held + 1 once the Void holds the K: the
    Expert is told the game's own K once, so its gate does not open half way through a game played for K = 3. A
    bot without the field (greedy) is left alone."""
    for k, gated in ((3, False), (4, False), (5, True), (6, True)):
        bot = ExpertBot(1)
        wrapped = PlayingFor(bot, k)
        assert wrapped.bot is bot and bot.played_for == k
        assert [bot.for_verdict(with_k(_start(k), shown)) for shown in (k, k + 1, k + 3)] == [gated] * 3
    greedy = VoidGreedyBot(1)
    PlayingFor(greedy, 3)
    assert not hasattr(greedy, "played_for")
    assert ExpertBot(1).played_for is None and ExpertBot(1).for_verdict(_start(VERDICT_FROM))
    assert not ExpertBot(1).for_verdict(_start(VERDICT_FROM - 1))
