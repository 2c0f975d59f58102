"""One file per rule module (mountains, feats, each expansion map's rules).

A module registers itself with `core.modules.register` when imported; `load_all()` imports every
file here so a map's `rules` property can name any of them.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache


@cache
def load_all() -> None:
    """Import every rule module in this package so each registers its key (idempotent)."""
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
