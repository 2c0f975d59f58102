"""Launch-to-first-menu-frame of a built (or source) Iwari Desktop, measured from outside.

    python build/tools/measure_startup.py COMMAND... [--runs N] [--cold]

Runs COMMAND with IWARI_EXIT_AFTER_FIRST_FRAME=1 (the probe in build/tools/first_frame_probe.py
honours the same contract), and reports, per run, the time from spawning the process to reading
the marker line `IWARI_FIRST_FRAME ...` (or any line containing "first frame") on its standard
output, and to its exit, plus the CPU time the whole run used (user+sys, which a busy machine
disturbs much less than wall-clock time). `--cold` drops the Linux page cache before each run (needs root), which
is what a first start after boot or download looks like. Saves and settings go to a temporary
folder. Without a display set, SDL's dummy video driver is used.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def drop_caches() -> None:
    subprocess.run(["sync"], check=False)
    with open("/proc/sys/vm/drop_caches", "w") as f:
        f.write("3\n")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_run(command: list[str], env: dict[str, str], timeout: float) -> tuple[float | None, float, float]:
    cpu_before = children_cpu()
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    first_frame = None
    assert process.stdout is not None
    for line in process.stdout:
        if first_frame is None and ("IWARI_FIRST_FRAME" in line or "first frame" in line.lower()):
            first_frame = time.perf_counter() - start
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        raise SystemExit(f"{command[0]} did not exit within {timeout} s: does it support IWARI_EXIT_AFTER_FIRST_FRAME?")
    return first_frame, time.perf_counter() - start, children_cpu() - cpu_before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="+")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cold", action="store_true", help="drop the page cache before each run (root)")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()

    env = dict(os.environ, IWARI_EXIT_AFTER_FIRST_FRAME="1")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="iwari-startup-") as tmp:
        env.setdefault("IWARI_DATA_DIR", os.path.join(tmp, "data"))
        env.setdefault("IWARI_CONFIG_DIR", os.path.join(tmp, "config"))
        if not args.cold:
            one_run(args.command, env, args.timeout)  # warm the page cache
        frames, exits, cpus = [], [], []
        for _ in range(args.runs):
            if args.cold:
                drop_caches()
            first_frame, total, cpu = one_run(args.command, env, args.timeout)
            exits.append(total)
            cpus.append(cpu)
            if first_frame is not None:
                frames.append(first_frame)
            shown = f"{first_frame:.3f} s" if first_frame is not None else "no marker"
            print(f"first frame {shown}, exit {total:.3f} s, CPU {cpu:.3f} s")
    kind = "cold" if args.cold else "warm"
    if frames:
        print(f"{kind}: launch to first menu frame: median {statistics.median(frames):.3f} s, "
              f"min {min(frames):.3f} s, max {max(frames):.3f} s ({len(frames)} runs)")
    print(f"{kind}: launch to exit: median {statistics.median(exits):.3f} s; "
          f"CPU time (user+sys, whole run): median {statistics.median(cpus):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
