"""Issue #33 item 3: `iwari serve` — its --help, one-line refusals, the store, and a game through it.

The command runs in a real process (from source) on a free port of 127.0.0.1 and is stopped at the end.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from iwari_desktop.net import serve_args
from iwari_desktop.net.table_store import FORMAT, TableStore
from iwari_desktop.net.smoke_online import _check, parse_server

ROOT = Path(__file__).resolve().parents[2]


def _iwari(*args: str, timeout: float = 30) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "iwari_desktop", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=dict(os.environ, PYTHONPATH=str(ROOT)))


def test_serve_help_says_where_it_listens_that_tables_survive_and_nothing_is_advertised():
    result = _iwari("serve", "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    for words in ("127.0.0.1", "--host", "--port", "7878", "--store", "survive a restart", "--advertise",
                  "Nothing is announced", "docs/network.md", "one line for each event"):
        assert words in text, words


@pytest.mark.parametrize("args, words", [
    (["--port", "x"], "not 'x'"), (["--port", "70000"], "65535"), (["--bogus"], "unrecognized"),
    (["--store", "a", "--no-store"], "not allowed"), (["--host", ""], "--host")])
def test_a_bad_serve_argument_is_one_line_and_exit_2(args, words):
    result = _iwari("serve", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and words in result.stderr, result.stderr


def test_the_store_defaults_to_the_games_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv(serve_args.DATA_ENV, str(tmp_path))
    assert serve_args.parse_serve_args([]).store == tmp_path / serve_args.STORE_FOLDER
    assert serve_args.parse_serve_args(["--no-store"]).store is None
    assert serve_args.parse_serve_args(["--port", "0"]).port == 0


def test_smoke_online_server_argument_is_checked_in_one_line():
    assert parse_server("127.0.0.1:7878") == ("127.0.0.1", 7878)
    for bad in ("127.0.0.1", ":80", "h:0", "h:x"):
        with pytest.raises(ValueError):
            parse_server(bad)
    result = _iwari("--smoke", "online", "--server", "nowhere")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    result = _iwari("--server", "127.0.0.1:1")
    assert result.returncode == 2 and "only for --smoke online" in result.stderr


def test_the_smokes_check_finds_a_view_that_differs_from_the_host():
    from iwari_desktop.engine.core.config import GameConfig
    from iwari_desktop.engine.core.game import Game
    from iwari_desktop.engine.core.observation import observe
    from iwari_desktop.net.seat_view import seat_snapshot

    game = Game.new(GameConfig.quick("new-horizons", 3, 4))
    first = seat_snapshot(game.state, 1)
    game.play(game.legal_actions()[0])
    recorded = {0: {1: observe(game.state, 1)}}   # the host had another state at number 0
    player = {"name": "P1", "views": [(0, 1, first)], "refused": [], "intents": 0, "game_over": {"scores": [0, 0, 0]},
              "final_scores": {}, "closed": None}
    problems: list[str] = []
    assert _check([player], recorded, problems) == 1
    assert problems == ["P1: seat 1 at state 0 differs from the host's observation"]
    problems.clear()
    _check([player], {0: {1: observe(Game.new(GameConfig.quick("new-horizons", 3, 4)).state, 1)}}, problems)
    assert problems == []


@pytest.mark.slow
def test_serve_keeps_its_tables_in_the_store_and_prints_a_line_per_event(tmp_path):
    """A real `iwari serve` process: a smoke game through it, then its table file is in the store."""
    process = subprocess.Popen([sys.executable, "-m", "iwari_desktop", "serve", "--port", "0", "--store", str(tmp_path)],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=dict(os.environ, PYTHONPATH=str(ROOT)))
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 20
        port = None
        while port is None and time.monotonic() < deadline:
            match = next((re.search(r"listening on 127\.0\.0\.1:(\d+)", line) for line in list(lines)), None)
            port = int(match.group(1)) if match else None
            time.sleep(0.05)
        assert port, lines
        smoke = _iwari("--smoke", "online", "--server", f"127.0.0.1:{port}", timeout=120)
        assert smoke.returncode == 0, smoke.stdout + smoke.stderr
        assert "online smoke: ok" in smoke.stdout
    finally:
        process.send_signal(signal.SIGTERM)     # as a service manager stops it: like Ctrl+C, saves written
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
    assert process.returncode == 0
    reader.join(5)
    text = "".join(lines)
    for event in ("created by Host", "joined from", "started (3 seats", "finished after", "dropped", "left", "stopping"):
        assert event in text, event
    loaded = TableStore(tmp_path).load_all()
    assert len(loaded.tables) == 1 and not loaded.skipped
    raw = json.loads(next(tmp_path.glob("table-*.json")).read_text())
    assert raw["format"] == FORMAT
