"""bench/trace.py loaded as a module, once per worker, for the tests built on its games (the pinned trace, the
kept counts): bench/ is not a package, so it is loaded from its file."""

from __future__ import annotations

import importlib.util
import sys

from repo_root import ROOT


def _load():
    spec = importlib.util.spec_from_file_location("bench_trace", ROOT / "bench" / "trace.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


TRACE = _load()
