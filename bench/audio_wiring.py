"""What wiring the sound into the game costs (issue #22): start-up to the first menu frame, and the real loop's
CPU on an idle board with music off and on, each against a git ref without the wiring (A/B, interleaved).

    .venv/bin/python bench/audio_wiring.py [--ref main] [--rounds 5] [--idle-seconds 6]

The ref is exported with `git archive` into a temporary folder and run with this venv, so both sides use the
same interpreter, pygame and machine; rounds alternate the two sides, so load from other work falls on both.
Headless (SDL dummy video and audio drivers: SDL's mixing thread runs and throws the output away), fresh
temporary data and config folders per run. Prints a Markdown table for docs/performance.md:
- *first menu frame*: a fresh interpreter importing the app, opening the window, drawing the menu once;
  best and median, from outside the process (with the interpreter) and inside it.
- *idle board*: a 3-player board, 3 s to settle (the music's fade-in), then `App.step()` with its waiting and
  no input for `--idle-seconds`; process CPU time (every thread, the mixer's too) over wall time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME = """
import time
t0 = time.perf_counter()
from iwari_desktop.app import App
app = App(size=(1280, 720), fullscreen=False, headless=True)
app.step(0)
print(f"{time.perf_counter() - t0:.4f}")
"""

IDLE_BOARD = """
import os, time
from iwari_desktop import storage
storage.save_settings(storage.Settings(music_volume=int(os.environ["IWARI_BENCH_MUSIC"])))
from iwari_desktop.app import App
from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS
from iwari_desktop.scenes.setup.setup import start_game
app = App(size=(1280, 720), fullscreen=False, headless=True)
app.step(0)
specs = tuple(PlayerSpec(n, PLAYER_COLOURS[i]) for i, n in enumerate(["Ann", "Ben", "Cat"]))
start_game(app, Game.new(GameConfig("new-horizons", specs, 5, BASE_FEATS)))
settle = time.perf_counter()
while time.perf_counter() - settle < 3:
    app.step()
cpu0, wall0 = time.process_time(), time.perf_counter()
while time.perf_counter() - wall0 < float(os.environ["IWARI_BENCH_SECONDS"]):
    app.step()
print(f"{100 * (time.process_time() - cpu0) / (time.perf_counter() - wall0):.3f}")
"""


def run_probe(code: str, cwd: Path, extra: dict[str, str]) -> tuple[float, float]:
    """(wall seconds of the whole process, the number the probe printed)."""
    with tempfile.TemporaryDirectory(prefix="iwari-bench-") as tmp:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "IWARI_LANG": "en",
               "PYGAME_HIDE_SUPPORT_PROMPT": "1", **extra,
               **{f"IWARI_{n}_DIR": str(Path(tmp) / n.lower()) for n in ("DATA", "CONFIG", "CACHE")}}
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=cwd)
        wall = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"bench: the probe failed in {cwd}: {done.stderr.strip().splitlines()[-1]}")
    return wall, float(done.stdout.strip().splitlines()[-1])


def export(ref: str, into: Path) -> Path:
    archive = subprocess.run(["git", "archive", ref, "iwari_desktop", "assets"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="main", help="the git ref to compare with (default: main)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--idle-seconds", type=float, default=6.0)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="iwari-ref-"))
    try:
        sides = {args.ref: export(args.ref, work), "this tree": ROOT}
        starts: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
        idle: dict[tuple[str, int], list[float]] = {(name, music): [] for name in sides for music in (0, 40)}
        seconds = {"IWARI_BENCH_SECONDS": str(args.idle_seconds)}
        for _ in range(args.rounds):
            for name, folder in sides.items():
                starts[name].append(run_probe(FIRST_FRAME, folder, {}))
                for music in (0, 40):
                    idle[(name, music)].append(run_probe(IDLE_BOARD, folder,
                                                         {**seconds, "IWARI_BENCH_MUSIC": str(music)})[1])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("| measure | " + " | ".join(sides) + " |")
    print("|---|" + "---|" * len(sides))
    for label, pick in (("first menu frame, whole process", 0), ("first menu frame, in the process", 1)):
        cells = [f"best {min(r[pick] for r in rows):.3f} s, median {statistics.median(r[pick] for r in rows):.3f} s"
                 for rows in starts.values()]
        print(f"| {label} | " + " | ".join(cells) + " |")
    for music in (0, 40):
        cells = [f"median {statistics.median(idle[(name, music)]):.2f} % (min {min(idle[(name, music)]):.2f}, "
                 f"max {max(idle[(name, music)]):.2f})" for name in sides]
        print(f"| idle board CPU, music {'off' if music == 0 else 'on (40)'} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
