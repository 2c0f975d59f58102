"""`python -m iwari_desktop.engine tournament`: levels against each other, seats rotated, a summary line.

The two played tournaments of the first tests run as real subprocesses (the module entry point); the bad
input cases and the runs the summary tool reads go through the same `main(argv)` in-process
(tests/support/cli_runner.py), and the tool itself runs once as a script, then in-process (issue #32).
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import subprocess
import sys

import pytest

from cli_runner import run_engine
from iwari_desktop.engine.cli.tournament import wilson_interval
from repo_root import ROOT


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "iwari_desktop.engine", "tournament", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def run_here(*args: str) -> subprocess.CompletedProcess[str]:
    """`run`'s result from the same `main(argv)` in this process (a fresh interpreter is ~1 s of imports)."""
    return run_engine("tournament", *args)


def summary_tool(*paths: str) -> subprocess.CompletedProcess[str]:
    """bench/tournament_summary.py's `main` in this process, with the exit code and output a run would give."""
    spec = importlib.util.spec_from_file_location("tournament_summary", ROOT / "bench" / "tournament_summary.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = module.main(list(paths))
    return subprocess.CompletedProcess(["tournament_summary.py", *paths], code, out.getvalue(), err.getvalue())


@pytest.mark.slow
def test_tournament_rotates_seats_and_ends_with_the_summary_of_each_level() -> None:
    proc = run("--map", "new-horizons", "--players", "3", "--seats", "hard,normal,random", "--games", "3",
               "--seed", "7", "--budget", "0.02")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(lines) == 4
    games, summary = lines[:-1], lines[-1]
    seats = ["hard", "normal", "random"]
    wins = {level: 0 for level in seats}
    for i, game in enumerate(games):
        assert game["game"] == i and game["seed"] == 7 + i and game["players"] == 3
        assert game["seats"] == [seats[(j + i) % 3] for j in range(3)]
        best = max(game["scores"])
        assert game["winners"] and all(game["scores"][w] == best for w in game["winners"])
        assert game["winner_levels"] == [game["seats"][w] for w in game["winners"]]
        for level in game["winner_levels"]:
            wins[level] += 1
    assert list(summary) == ["games", "levels"] and summary["games"] == 3
    assert list(summary["levels"]) == seats
    for level, entry in summary["levels"].items():
        assert list(entry) == ["win_rate", "ci95", "seconds_per_decision"]
        assert entry["win_rate"] == round(wins[level] / 3, 3)
        low, high = entry["ci95"]
        assert 0.0 <= low <= entry["win_rate"] <= high <= 1.0
        assert entry["seconds_per_decision"] >= 0.0
    assert summary["levels"]["hard"]["seconds_per_decision"] > summary["levels"]["random"]["seconds_per_decision"]


def test_two_player_tournament_counts_a_level_over_each_seat_it_held() -> None:
    proc = run("--map", "vast-lands", "--players", "2", "--seats", "normal,normal", "--games", "2", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    games, summary = lines[:-1], lines[-1]
    assert len(games) == 2 and list(summary["levels"]) == ["normal"]
    seat_wins = sum(len(g["winner_levels"]) for g in games)
    assert summary["levels"]["normal"]["win_rate"] == round(seat_wins / 4, 3)
    for game in games:
        assert len(game["scores"]) == 3  # the third tribe (B12)
        assert game["players_lose"] == (game["winner_levels"] == [])


def test_wilson_interval_is_the_textbook_one() -> None:
    low, high = wilson_interval(61, 100)
    assert round(low, 3) == 0.512 and round(high, 3) == 0.700
    assert wilson_interval(0, 10)[0] == pytest.approx(0.0) and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("args, words", [
    (["--seats", "hard,normal"], "names 2 level(s) but --players is 3"),
    (["--seats", "hard,normal,wizard"], "unknown level 'wizard'"),
    (["--seats", "hard,normal,normal", "--games", "0"], "--games must be"),
    (["--seats", "hard,normal,normal", "--budget", "0"], "--budget must be"),
    (["--seats", "hard,normal,normal", "--budget", "nan"], "--budget must be"),
    (["--seats", "hard,normal,normal", "--budget", "1e9"], "--budget must be"),
    (["--seats", "hard,normal,normal", "--map", "atlantis"], "atlantis"),
    (["--seats", "normal,normal,normal,normal,normal,normal", "--players", "6"], "players"),
    (["--seats", "hard,normal,normal", "--budget", "fast"], "invalid float value"),
    ([], "--seats"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    proc = run_here(*args)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert words in lines[0]


def test_summary_of_the_game_lines_matches_the_tournaments_own_and_survives_a_cut_off_run(tmp_path) -> None:
    """bench/tournament_summary.py reads the per-game lines of stopped or split runs (docs/ai.md)."""
    first = run_here("--map", "new-horizons", "--players", "3", "--seats", "normal,easy,random", "--games", "3",
                     "--seed", "40")
    second = run_here("--map", "new-horizons", "--players", "3", "--seats", "normal,easy,random", "--games", "3",
                      "--seed", "43")
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    whole = run_here("--map", "new-horizons", "--players", "3", "--seats", "normal,easy,random", "--games", "6",
                     "--seed", "40")
    expected = json.loads(whole.stdout.splitlines()[-1])
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text(first.stdout, encoding="utf-8")
    b.write_text(second.stdout + '{"game": 6, "seed": 46, "map": "new-hor', encoding="utf-8")  # cut off mid-line
    tool = [sys.executable, str(ROOT / "bench" / "tournament_summary.py")]
    proc = subprocess.run([*tool, str(a), str(b)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["games"] == 6
    for level, entry in expected["levels"].items():
        assert got["levels"][level]["win_rate"] == entry["win_rate"]
        assert got["levels"][level]["ci95"] == entry["ci95"]
    repeated = summary_tool(str(a), str(a))
    assert repeated.returncode == 2 and repeated.stderr.startswith("error: seed 40 appears twice")
    missing = summary_tool(str(tmp_path / "none.jsonl"))
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
