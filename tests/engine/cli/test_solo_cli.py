"""`selfplay --mode solo|coop`: one JSON line per game with the result fields, a speed line with the win
rate, and one-line errors (exit 2) for bad arguments."""

from __future__ import annotations

import json

from cli_runner import run_engine as run


def test_selfplay_solo_and_coop_print_results_and_the_win_rate():
    for mode, k in (("solo", "3"), ("coop", "1")):
        done = run("selfplay", "--mode", mode, "--map", "glacial-mass", "--games", "3", "--seed", "4",
                   "--k", k, "--bot", "random")
        assert done.returncode == 0, done.stderr
        lines = [json.loads(line) for line in done.stdout.splitlines()]
        for line in lines[:-1]:
            assert line["result"] in ("win", "loss") and line["end"] and line["turns"] > 0
            assert line["mode"] == mode and line["k"] == int(k) and line["void_territories"] >= 0
        last = lines[-1]
        assert last["games"] == 3 and 0.0 <= last["win_rate"] <= 1.0
        assert last["games_per_second"] > 0 and last["decisions_per_second"] > 0


def test_selfplay_solo_is_reproducible_by_seed():
    first = run("selfplay", "--mode", "solo", "--map", "long-road", "--games", "2", "--seed", "9")
    again = run("selfplay", "--mode", "solo", "--map", "long-road", "--games", "1", "--seed", "10")
    assert json.loads(first.stdout.splitlines()[1])["turns"] == json.loads(again.stdout.splitlines()[0])["turns"]


def test_selfplay_solo_bad_arguments_exit_2_with_one_line():
    for args, words in ((("--map", "the-void"), "cannot be played in solo"), (("--k", "0"), "--k must be"),
                        (("--feats",), "no feats")):
        done = run("selfplay", "--mode", "solo", *args)
        assert done.returncode == 2 and words in done.stderr and len(done.stderr.strip().splitlines()) == 1
    done = run("selfplay", "--k", "2")
    assert done.returncode == 2 and "--k belongs to a solo or coop game" in done.stderr


def test_s12_selfplay_refuses_a_player_count_other_than_the_mode_s_seats():
    """Co-op is two partners and solo one (S12, S1): a --players that says otherwise is refused, not ignored."""
    for mode, players, seats in (("coop", "3", 2), ("coop", "1", 2), ("solo", "2", 1)):
        done = run("selfplay", "--mode", mode, "--players", players, "--map", "glacial-mass")
        assert done.returncode == 2 and done.stdout == "", (mode, players, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
        assert f"a {mode} game has {seats} player" in done.stderr and f"not {players}" in done.stderr
    for mode, players in (("coop", "2"), ("solo", "1")):
        done = run("selfplay", "--mode", mode, "--players", players, "--map", "glacial-mass", "--seed", "3")
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout.splitlines()[0])["mode"] == mode
