"""The Expert's judgement of a play-out played to the natural end (`expert_rollout.end_value` / `tally_value`):
the Void's final tally, a step at the K played for, an outright Void win as twelve.

Why tested on constructed results: what the search prefers is the objective's alone once the play-outs' ends are
fixed, and the objective is what session 9 measured against the chapters' K (docs/ai.md, "Playing for the K of the
chapter"): these tests pin what it rewards, so a change to it is a decision, not an accident."""

from __future__ import annotations

from iwari_desktop.engine.bots import expert
from iwari_desktop.engine.bots.expert import ExpertBot
from iwari_desktop.engine.bots.expert_rollout import K_STEP, PER_VOID, end_value, tally_value, with_k
from iwari_desktop.engine.core.config import OPTIONS, GameConfig, GameMode
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.solo.outcome import END_VOID_CONTROL, END_VOID_TOTEMS, WIN_HELD, VoidOutcome


def _mean(tallies: list[int], k: int) -> float:
    return sum(tally_value(t, k) for t in tallies) / len(tallies)


def _outcome(tally: int, won: bool = True, reason: str = WIN_HELD) -> VoidOutcome:
    """How a world ended, as the solo module reports it (only what the Expert's judgement reads matters)."""
    return VoidOutcome(totals=(), winners=(), decided_by="territories", won=won, reason=reason,
                       void_territories=tally, k=10)


def _ended(tally: int, won: bool = True, reason: str = WIN_HELD) -> GameState:
    """A finished solo world (K out of the way: the Void's tally did not end it) with `tally` Void territories."""
    state = new_game(GameConfig.quick("long-road", 1, 3, mode=GameMode.SOLO), get_board("long-road"))
    state.result = _outcome(tally, won, reason)
    return state


def test_s10_reaching_k_costs_a_step_on_top_of_the_territory():
    """The territory that reaches K costs `K_STEP` more than any other; the others one `PER_VOID` each."""
    assert tally_value(5, 6) - tally_value(6, 6) == PER_VOID + K_STEP
    assert tally_value(4, 6) - tally_value(5, 6) == PER_VOID
    assert tally_value(6, 6) - tally_value(7, 6) == PER_VOID


def test_s10_with_as_many_worlds_under_k_fewer_void_territories_are_better():
    """Lines that win (or lose) in the same worlds are told apart by the tally: at K = 3, where every world is lost,
    the lower mean tally is the better line (the strength benchmark's scale), and so it is at K = 6 among wins."""
    assert _mean([4, 5, 5, 6], 3) > _mean([5, 5, 6, 6], 3)
    assert _mean([3, 4, 5], 6) > _mean([4, 5, 5], 6)
    assert _mean([4, 12], 3) > _mean([6, 12], 3)


def test_s10_end_value_counts_an_outright_void_win_as_twelve():
    """A Void win no K decides (here the purple centre's fifth totem, S11) is a tally of twelve, whatever the Void
    held: below a world that crossed K with eleven; a world the Void won at K = 10 is judged by its tally."""
    outright = end_value(_ended(2, won=False, reason=END_VOID_TOTEMS), 6)
    assert outright == tally_value(12, 6)
    assert end_value(_ended(11, won=False, reason=END_VOID_CONTROL), 6) > outright
    assert end_value(_ended(5), 6) > end_value(_ended(6), 6)


def test_s10_the_search_ranks_lines_by_their_play_outs_judgement(monkeypatch):
    """Through `ExpertBot._search` (the same worlds for every line, the means it chooses by): the play-outs' ends
    are set by the test, at K = 3 where both lines lose every world — line 0 leaves the Void five territories in
    every world, line 1 four in five worlds and eight in the sixth (mean 4.67) — so line 1 has the better mean,
    every line is played in every world, and the worlds run with K out of the way, their base policy judging with
    the world's own K (no `view`: below the K gate, bots/expert.py)."""
    schedule = {0: [5] * 6, 1: [4, 4, 4, 4, 4, 8]}
    played: dict[int, int] = {0: 0, 1: 0}
    world_k: set[int] = set()
    views: set[object] = set()

    def ended_by_schedule(trial: GameState, turns: int, line: list, view: object = None) -> None:
        index = line[0]
        world_k.add(trial.config.option("k"))
        views.add(view)
        trial.result = _outcome(schedule[index][played[index]])
        played[index] += 1

    monkeypatch.setattr(expert, "play_turns", ended_by_schedule)
    start = new_game(GameConfig.quick("long-road", 1, 11, mode=GameMode.SOLO), get_board("long-road"))
    bot = ExpertBot(1, worlds=6, prune_after=6)
    means = bot._search(with_k(start, 3), 0, [[0], [1]], expert.TO_END + 1)
    assert bot.searched == 6 and played == {0: 6, 1: 6}
    assert world_k == {max(OPTIONS["k"].allowed)} and views == {None}
    assert means[1] > means[0]
    assert means == [_mean(schedule[0], 3), _mean(schedule[1], 3)]
