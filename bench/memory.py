"""Memory: the peak resident size of every `--smoke` run, and of five games in one process (no growth).

    .venv/bin/python bench/memory.py [--variants game solo replay campaign tutorial] [--games 5]

Each variant runs in a fresh interpreter with fresh temporary data, config and cache folders
(headless: SDL dummy drivers), as `/usr/bin/time -f %M .venv/bin/python -m iwari_desktop --smoke
VARIANT` does; the figure is the process's peak resident set (`ru_maxrss`), interpreter included.
The loop plays the `--smoke` game `--games` times in one process, one App after the other, and prints
the resident size after each game and the peak so far: a cache that outlives its app, or grows with
every game, shows as a rising row (counted from the second game: the first one warms the allocator up).
Goal (issue #21): every variant ≤ 200 MB; the loop flat.
Prints a Markdown table for docs/performance.md; exit 1 if a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_MB = 200.0
VARIANTS = ("game", "solo", "replay", "campaign", "tutorial")

ONE_RUN = """
import json, resource, sys
from iwari_desktop.app import run
code = run(["--smoke", sys.argv[1]])
print(json.dumps({"code": code, "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""

LOOP = """
import io, json, resource, sys
from contextlib import redirect_stdout
from iwari_desktop.app import App
from iwari_desktop.scenes.selftest.smoke import run_smoke

def rss_kb():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))

rows = []
for game in range(int(sys.argv[1])):
    with redirect_stdout(io.StringIO()):
        code = run_smoke(App)
    rows.append({"code": code, "rss_kb": rss_kb(), "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss})
print(json.dumps(rows))
"""


def _run(script: str, *args: str) -> object:
    """`script` in a fresh interpreter with fresh folders; its last stdout line, read as JSON."""
    with tempfile.TemporaryDirectory(prefix="iwari-bench-memory-") as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   IWARI_DATA_DIR=os.path.join(tmp, "data"), IWARI_CONFIG_DIR=os.path.join(tmp, "config"),
                   IWARI_CACHE_DIR=os.path.join(tmp, "cache"), PYTHONPATH=str(ROOT))
        done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, env=env,
                              cwd=ROOT, check=False)
    if done.returncode != 0 or not done.stdout.strip():
        raise SystemExit(f"bench/memory.py: {' '.join(args)} failed: {(done.stderr or done.stdout).strip()[-300:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def mb(kb: int) -> float:
    return kb / 1000  # as `/usr/bin/time -f %M` reads: kilobytes, so MB = kB / 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", choices=VARIANTS, default=list(VARIANTS))
    parser.add_argument("--games", type=int, default=5, help="games in the one-process loop (0: no loop)")
    args = parser.parse_args(argv)
    rows, ok = [], True
    for variant in args.variants:
        result = _run(ONE_RUN, variant)
        peak = mb(result["peak_kb"])
        met = result["code"] == 0 and peak <= GOAL_MB
        ok &= met
        rows.append((f"`--smoke {variant}` peak RSS", f"{peak:.0f} MB",
                     "passed" if result["code"] == 0 else f"exit {result['code']}", f"≤ {GOAL_MB:g} MB",
                     "ok" if met else "MISSED"))
    if args.games:
        loop = _run(LOOP, str(args.games))
        rss = [mb(r["rss_kb"]) for r in loop]
        peaks = [mb(r["peak_kb"]) for r in loop]
        settled = min(1, len(rss) - 1)  # the first game warms the allocator up; growth is counted after it
        flat = all(r["code"] == 0 for r in loop) and rss[-1] <= rss[settled] * 1.1
        ok &= flat
        rows.append((f"{args.games} `--smoke` games in one process: RSS after each",
                     " → ".join(f"{v:.0f}" for v in rss) + " MB",
                     "peak " + " → ".join(f"{v:.0f}" for v in peaks) + " MB", "no growth after the first game",
                     "ok" if flat else "MISSED"))
    print("| measure | result | detail | goal | |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
