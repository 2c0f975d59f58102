"""`selfplay --to-end` (cli/selfplay_to_end.py) and `--workers N` (cli/workers.py) for selfplay and campaign simulate."""

from __future__ import annotations

import io
import json

import pytest

from iwari_desktop.engine.cli.selfplay_to_end import OUTRIGHT, result_at, tally
from iwari_desktop.engine.cli.vs_void import play_vs_void
from iwari_desktop.engine.cli.workers import Progress
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.solo.outcome import END_VOID_CONTROL, END_VOID_SETTLEMENT, WIN_HELD, VoidOutcome

from cli_runner import run_engine


def _outcome(won: bool, reason: str, void: int) -> VoidOutcome:
    return VoidOutcome(totals=(0, 0), winners=(), decided_by="territories", won=won, reason=reason,
                       void_territories=void)


def test_s10_tally_counts_an_outright_void_win_as_twelve_and_the_verdict_follows_k():
    assert tally(_outcome(True, WIN_HELD, 4)) == 4
    assert tally(_outcome(False, END_VOID_CONTROL, 10)) == 10
    for reason in (END_VOID_SETTLEMENT, "void-totems", "ruin-spaces", "purple-road"):
        assert tally(_outcome(False, reason, 2)) == OUTRIGHT
    assert [result_at(_outcome(True, WIN_HELD, 4), k) for k in (3, 4, 5)] == ["loss", "loss", "win"]
    assert result_at(_outcome(False, "purple-road", 1), 10) == "loss"


@pytest.mark.slow
def test_s10_a_game_played_to_the_end_has_the_verdict_of_the_game_stopped_at_k():
    """Claims never change hands and the bots play for K in both, so the verdict at K is the same game's; a won
    game is the very same game, tally included."""
    board = get_board("glacial-mass")
    for seed in (91000, 91004):
        at_k = play_vs_void(board, GameMode.SOLO, seed, "greedy", 5).to_json(seed)
        to_end = play_vs_void(board, GameMode.SOLO, seed, "greedy", 5, to_end=True).to_json(seed)
        assert to_end["to_end"] and to_end["k"] == 5
        assert to_end["result"] == at_k["result"]
        assert to_end["tally"] >= at_k["void_territories"]
        if at_k["result"] == "win":
            assert to_end["tally"] == at_k["void_territories"] and to_end["turns"] == at_k["turns"]


def _lines(result) -> list[dict]:
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_workers_give_the_same_lines_whatever_their_number():
    """Game i is seed S + i on any process; lines come back in seed order; stdout stays JSON lines only."""
    base = ["selfplay", "--mode", "solo", "--map", "long-road", "--games", "4", "--seed", "70", "--bot", "random",
            "--to-end"]
    one, two = _lines(run_engine(*base)), _lines(run_engine(*base, "--workers", "3"))
    strip = [{k: v for k, v in line.items() if "per_second" not in k} for line in one]
    assert strip == [{k: v for k, v in line.items() if "per_second" not in k} for line in two]
    assert [line["seed"] for line in one[:-1]] == [70, 71, 72, 73] and "mean_tally" in one[-1]
    multi = ["selfplay", "--games", "3", "--seed", "5", "--bot", "random"]
    assert _lines(run_engine(*multi))[:-1] == _lines(run_engine(*multi, "--workers", "2"))[:-1]


def test_campaign_simulate_workers_give_the_same_figures():
    base = ["campaign", "simulate", "--games", "2", "--seed", "40", "--bot", "random", "--campaign", "journey"]
    assert _lines(run_engine(*base)) == _lines(run_engine(*base, "--workers", "2"))


def test_bad_worker_and_to_end_arguments_are_one_line_and_exit_2():
    for args in (["selfplay", "--workers", "0"], ["selfplay", "--to-end"],
                 ["campaign", "simulate", "--games", "1", "--seed", "1", "--workers", "0"]):
        result = run_engine(*args)
        assert result.returncode == 2 and result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_on_a_terminal_only():
    quiet = io.StringIO()
    with Progress(4, stream=quiet) as progress:
        progress.step()
    assert quiet.getvalue() == ""
    shown = _Terminal()
    with Progress(4, stream=shown) as progress:
        progress.step()
        progress.step()
    assert "2/4 games, about" in shown.getvalue() and "left" in shown.getvalue()
