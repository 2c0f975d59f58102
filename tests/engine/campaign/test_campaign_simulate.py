"""`campaign simulate`: every chapter played N times with a bot, one JSON line per chapter and a summary.

The win rate and star shares it prints must equal those of the same seeded games played directly
through the engine (cli/vs_void.play_vs_void) and judged by the chapter's goals.
"""

from __future__ import annotations

import json

import pytest

from campaign_helpers import campaign_data, chapter, edited, write_json
from cli_runner import run_engine
from iwari_desktop.engine.bots import registry
from iwari_desktop.engine.campaign import simulate as sim
from iwari_desktop.engine.campaign.campaign_file import read_campaign
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.campaign.from_game import chapter_result
from iwari_desktop.engine.campaign.goals import check_goals
from iwari_desktop.engine.cli.vs_void import VoidGreedyBot, play_vs_void
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.maps.registry import get_board

GOALS = [{"kind": "win"}, {"kind": "void_at_most", "count": 7}, {"kind": "win_within_turns", "turns": 12}]


def small_campaign(tmp_path, mode: str = "solo", k: int = 9):
    """Two fresh-deal chapters at Normal K = `k` (Easy K + 1) and a fixed-deal bonus."""
    data = campaign_data(chapters=0, bonus=False, mode=mode)
    data["chapters"] = [chapter("nh", "new-horizons", k=k, goals=GOALS),
                        chapter("gm", "glacial-mass", k=k, goals=GOALS)]
    data["bonus"] = chapter("fixed", "new-horizons", k=k, seed=77, goals=GOALS, opens_at_stars=2)
    return write_json(tmp_path / "small.json", data)


def simulate_lines(path, *extra: str) -> list[dict]:
    proc = run_engine("campaign", "simulate", "--campaign", str(path), *extra)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_s10_one_line_per_chapter_with_k_for_the_difficulty_then_a_summary(tmp_path):
    lines = simulate_lines(small_campaign(tmp_path), "--games", "3", "--seed", "5", "--bot", "random",
                           "--difficulty", "hard")
    rows, last = lines[:-1], lines[-1]
    assert [r["chapter"] for r in rows] == ["nh", "gm", "fixed"]
    assert [r["map"] for r in rows] == ["new-horizons", "glacial-mass", "new-horizons"]
    assert all(r["k"] == 8 and r["games"] == 3 for r in rows)
    for r in rows:
        assert len(r["stars"]) == 3 and r["stars"][0] == r["win_rate"]
        assert all(0.0 <= s <= r["win_rate"] for s in r["stars"][1:])     # other stars need a win
    assert last["summary"] is True and last["chapters"] == 3 and last["difficulty"] == "hard"
    assert last["bot"] == "random" and last["max_stars"] == 9 and set(last["calibration"]) == {
        "first_easy", "last_hard", "climbs", "smooth", "all_winnable", "met"}


@pytest.mark.parametrize("mode,k,difficulty", [("solo", 9, "easy"), ("coop", 9, "easy"), ("solo", 10, "normal")])
def test_s10_win_rate_and_stars_equal_the_same_seeded_games_played_directly(tmp_path, mode, k, difficulty):
    games, seed = 6, 1
    path = small_campaign(tmp_path, mode, k)
    rows = simulate_lines(path, "--games", str(games), "--seed", str(seed), "--bot", "random",
                          "--difficulty", difficulty)[:-1]
    campaign = read_campaign(path, get_board)
    played_k = Difficulty(difficulty).k(k)
    game_mode = GameMode.SOLO if mode == "solo" else GameMode.COOP
    for row, chap in zip(rows[:2], campaign.chapters):
        results = [chapter_result(play_vs_void(get_board(chap.map), game_mode, seed + i, "random", played_k).state)
                   for i in range(games)]
        assert row["k"] == played_k
        assert row["win_rate"] == round(sum(r.won for r in results) / games, 4)
        stars = [round(sum(check_goals(chap.goals, r)[n].met for r in results) / games, 4) for n in range(3)]
        assert row["stars"] == stars
    assert any(row["win_rate"] > 0 for row in rows[:2])   # the comparison covers won games


def test_s10_a_fixed_deal_chapter_deals_its_own_seed_on_every_try_with_other_bot_seeds(tmp_path):
    campaign = read_campaign(small_campaign(tmp_path), get_board)
    bonus = campaign.bonus
    board = get_board(bonus.map)
    bot = sim.bot_factory("random")
    tries = [sim.play_try(board, bonus, GameMode.SOLO, Difficulty.NORMAL, s, bot) for s in (1, 2, 3)]
    assert all(state.config.seed == 77 for state in tries)
    fresh = sim.play_try(board, campaign.chapters[0], GameMode.SOLO, Difficulty.NORMAL, 2, bot)
    assert fresh.config.seed == 2 and fresh.config.option("k", None) == 9
    assert len({chapter_result(state) for state in tries}) > 1    # same deal, other bot seeds: other games


def test_bad_input_exits_2_with_one_line(tmp_path):
    broken = write_json(tmp_path / "broken.json", edited(campaign_data(), "chapters.0.k", 0))
    cases = [
        (("--games", "0", "--seed", "1"), "--games must be from 1 to 100000, not 0"),
        (("--games", "1", "--seed", "-1"), "--seed must be from 0"),
        (("--games", "1", "--seed", "1", "--bot", "normal"), "unknown solo bot 'normal'"),
        (("--games", "1", "--seed", "1", "--difficulty", "nightmare"), "unknown difficulty 'nightmare'"),
        (("--games", "1", "--seed", "1", "--campaign", str(tmp_path / "none.json")), "none.json"),
        (("--games", "1", "--seed", "1", "--campaign", str(broken)), "chapters[0].k: must be from 1 to 12, not 0"),
        (("--games", "x", "--seed", "1"), "invalid int value"),
    ]
    for args, expected in cases:
        proc = run_engine("campaign", "simulate", *args)
        assert proc.returncode == 2 and proc.stdout == "", args
        assert len(proc.stderr.splitlines()) == 1 and expected in proc.stderr, (args, proc.stderr)


def test_a_chapter_k_beyond_what_the_engine_offers_exits_2_before_any_game(tmp_path):
    data = campaign_data(chapters=0, bonus=False)
    data["chapters"] = [chapter("nh", "new-horizons", k=10, goals=GOALS)]
    proc = run_engine("campaign", "simulate", "--games", "1", "--seed", "1", "--difficulty", "easy",
                      "--campaign", str(write_json(tmp_path / "big.json", data)))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == "error: chapter nh: K = 11 at Easy is beyond the 1 to 10 a game against the Void offers"


def test_default_bot_is_the_strongest_registered_vs_void_bot_else_greedy(monkeypatch):
    monkeypatch.setattr(registry, "VS_VOID_LEVELS", {"random": registry.RandomBot}, raising=False)
    assert sim.default_bot() == "greedy" and sim.bot_factory("greedy") is VoidGreedyBot

    class Solo:
        def __init__(self, seed: int) -> None:
            self.seed = seed

    monkeypatch.setattr(registry, "VS_VOID_LEVELS", {"random": registry.RandomBot, "solo-star": Solo}, raising=False)
    assert sim.default_bot() == "solo-star"
    assert isinstance(sim.bot_factory("Solo-Star")(5), Solo) and {"random", "greedy", "solo-star"} <= set(sim.solo_bots())
    monkeypatch.delattr(registry, "VS_VOID_LEVELS")
    assert sim.default_bot() == "greedy" and set(sim.solo_bots()) >= {"random", "greedy"}


def _stats(rates: list[float], games: int = 10) -> list[sim.ChapterStats]:
    campaign = campaign_data(chapters=len(rates), bonus=False)
    from iwari_desktop.engine.campaign.format import parse_campaign
    chapters = parse_campaign(campaign, "t.json").chapters
    return [sim.ChapterStats(c, 3, games, round(r * games), (round(r * games), 0, 0), 0)
            for c, r in zip(chapters, rates)]


def test_calibration_checks_the_expert_goal_first_easy_last_hard_and_a_smooth_climb():
    assert sim.calibration(_stats([0.9, 0.7, 0.5, 0.3]))["met"]
    assert sim.calibration(_stats([0.0, 0.0, 0.0])) == {"first_easy": False, "last_hard": False, "climbs": True,
                                                        "smooth": True, "all_winnable": False, "met": False}
    assert not sim.calibration(_stats([0.8, 0.6, 0.3]))["first_easy"]            # the opening under 85 %
    assert sim.calibration(_stats([0.9, 0.6, 0.2]))["last_hard"]                  # 20 % and 40 % are in
    assert sim.calibration(_stats([0.9, 0.6, 0.4]))["last_hard"]
    assert not sim.calibration(_stats([0.9, 0.6, 0.1]))["last_hard"]              # hopeless
    assert not sim.calibration(_stats([0.9, 0.7, 0.5]))["last_hard"]              # too easy to close on
    assert sim.calibration(_stats([0.9, 0.5, 0.6, 0.3]))["climbs"]                # +0.1: within the noise
    assert not sim.calibration(_stats([0.9, 0.5, 0.7, 0.3]))["climbs"]            # a chapter clearly easier
    assert not sim.calibration(_stats([0.9, 0.5, 0.3]))["smooth"]                 # a 40-point cliff
    assert sim.calibration(_stats([1.0, 0.7, 0.4, 0.3], games=20))["smooth"]      # 30-point steps are allowed
    assert sim.calibration(_stats([0.65, 0.75, 0.35], games=20))["climbs"]        # +0.10 to the point
    assert not sim.calibration(_stats([1.0, 0.65, 0.35], games=20))["smooth"]     # 35 points
    assert not sim.calibration(_stats([0.9, 0.7, 0.5, 0.0, 0.3]))["all_winnable"]
