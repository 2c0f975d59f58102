"""Sound benchmarks (issue #22): what the audio costs the start-up, a first cue, and playing the music.

    .venv/bin/python bench/audio.py [--seconds 8] [--runs 5]

Headless (SDL dummy audio driver: SDL's mixing thread runs and the output is thrown away, so decoding
and mixing are paid as on a real device). Figures:

- *import + Audio()*: importing `iwari_desktop.audio` and creating the app's `Audio` in a fresh
  interpreter (pygame already imported, as the app has it): the start-up share; median of `--runs`.
- *first music*: opening the mixer and starting the menu loop (done when the menu is entered).
- *first cue*: decoding and playing one cue file the first time (later plays reuse the decoded sound).
- *CPU*: process CPU time over wall time for `--seconds`, with the mixer open and silent, then with the
  board loop playing at the default music level, then with music off (volume 0: the loop is stopped).
Prints a Markdown table for docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

STARTUP_PROBE = """
import json, time
import pygame
t0 = time.perf_counter()
from iwari_desktop import storage
t1 = time.perf_counter()
from iwari_desktop.audio import Audio, Happening
audio = Audio(storage.Settings())
t2 = time.perf_counter()
audio.music.enter("menu")
t3 = time.perf_counter()
audio.hear(Happening.TENT_PLACED)
t4 = time.perf_counter()
print(json.dumps({"audio": t2 - t1, "music": t3 - t2, "cue": t4 - t3}))
"""


def startup(runs: int) -> dict[str, float]:
    samples: dict[str, list[float]] = {"audio": [], "music": [], "cue": []}
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", STARTUP_PROBE], capture_output=True, text=True, cwd=ROOT,
                             check=True).stdout
        for key, value in json.loads(out.strip().splitlines()[-1]).items():
            samples[key].append(value)
    return {key: statistics.median(values) for key, values in samples.items()}


def cpu_share(seconds: float) -> float:
    wall0, cpu0 = time.perf_counter(), time.process_time()
    time.sleep(seconds)
    return (time.process_time() - cpu0) / (time.perf_counter() - wall0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    from iwari_desktop import storage
    from iwari_desktop.audio import Audio

    times = startup(args.runs)
    settings = storage.Settings()
    audio = Audio(settings)
    assert audio.output.ready(), "the dummy audio driver did not open"
    silent = cpu_share(args.seconds)
    audio.music.enter("board")
    time.sleep(1.5)   # past the fade-in
    playing = cpu_share(args.seconds)
    settings.music_volume = 0
    audio.apply_settings(settings)
    time.sleep(1.0)   # past the fade-out
    off = cpu_share(args.seconds)
    print("| what | figure |")
    print("| --- | --- |")
    print(f"| import `iwari_desktop.audio` + `Audio()` (median of {args.runs}) | {times['audio'] * 1000:.1f} ms |")
    print(f"| open the mixer + start the menu loop | {times['music'] * 1000:.1f} ms |")
    print(f"| first cue (decode + play) | {times['cue'] * 1000:.1f} ms |")
    print(f"| CPU, mixer open, nothing playing ({args.seconds:g} s) | {silent * 100:.2f} % of a core |")
    print(f"| CPU, board loop playing at the default level | {playing * 100:.2f} % of a core |")
    print(f"| CPU, music switched off (volume 0) | {off * 100:.2f} % of a core |")


if __name__ == "__main__":
    main()
