"""`--workers N` for `selfplay` and `campaign simulate`: games spread over processes, results unchanged.

Why: strength runs of the Expert take minutes to hours of CPU; processes use every core. The results
must not depend on N: game i is still played from seed S + i alone (its bots seeded from it too), and
the results come back in seed order (`Pool.imap`), so the printed lines are identical for every N.

Long runs show progress — games done, of how many, and an estimate of the time left — on stderr, and
only when stderr is a terminal: a run piped or redirected (a benchmark, a test) stays quiet, and
stdout stays clean JSON lines.
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO, TypeVar

T = TypeVar("T")
R = TypeVar("R")

MAX_WORKERS = 64


def check_workers(workers: int) -> str | None:
    """Why `workers` is refused (one line), or None."""
    if not 1 <= workers <= MAX_WORKERS:
        return f"--workers must be 1 to {MAX_WORKERS}, not {workers}"
    return None


def ordered_map(work: Callable[[T], R], items: Iterable[T], workers: int = 1) -> Iterator[R]:
    """`work(item)` for every item, in the items' order, on `workers` processes (1: in this process).

    `work` must be picklable (a module-level function or a functools.partial of one) when workers > 1;
    an exception raised by `work` is raised here, at its item."""
    if workers <= 1:
        yield from map(work, items)
        return
    context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    with context.Pool(workers) as pool:
        yield from pool.imap(work, items)


class Progress:
    """"12/60 games, about 3m10s left" on one rewritten stderr line, only when stderr is a terminal."""

    def __init__(self, total: int, unit: str = "games", stream: TextIO | None = None) -> None:
        self.total = total
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.start = time.perf_counter()
        self.shown = self._is_terminal()

    def _is_terminal(self) -> bool:
        try:
            return self.stream.isatty()
        except (AttributeError, ValueError):
            return False

    def step(self, count: int = 1) -> None:
        self.done += count
        if not self.shown:
            return
        spent = time.perf_counter() - self.start
        left = spent / self.done * (self.total - self.done) if self.done else 0.0
        self.stream.write(f"\r{self.done}/{self.total} {self.unit}, about {_duration(left)} left   ")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"
