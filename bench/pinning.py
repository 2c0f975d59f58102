"""One-core pinning shared by the benchmarks, so every figure in docs/performance.md is a one-core figure."""

from __future__ import annotations

import os


def pin_to_one_core() -> str:
    """Pin this process to its first allowed CPU and say what happened (never fails the benchmark)."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity on this OS)"
    try:
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[0]})
        return f"pinned to CPU {cpus[0]} of {os.cpu_count()}"
    except OSError as error:
        return f"not pinned ({error.strerror})"
