"""The presenters by engine key, and every table the screens derive from them (never a hand copy).

A presenter file registers itself with `register` when imported; `load_all()` imports every file of
this package (the way `engine.rulesets.load_all` does for the engine's modules), so adding a rule's
presenter needs no list to be edited. The scoring order, category names and colours, the setup's
option titles and map-rule lines, the Void's view keys and each board step's drawing order are all read
from here.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from iwari_desktop.engine.core.config import OPTIONS
from .base import BoardStep, Category, Presenter

PRESENTERS: dict[str, Presenter] = {}
NOT_RULES = frozenset({"base", "registry", "views", "board_layers", "hover_words"})  # machinery, not rules


def register(cls: type[Presenter]) -> type[Presenter]:
    """Class decorator: the presenter of the engine's rule module `cls.key`."""
    PRESENTERS[cls.key] = cls()
    return cls


@cache
def load_all() -> None:
    """Import every presenter file of this package so each registers its key (idempotent)."""
    package = __name__.rpartition(".")[0]
    for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
        if info.name not in NOT_RULES:
            importlib.import_module(f"{package}.{info.name}")


def presenters() -> tuple[Presenter, ...]:
    """Every presenter, in the order they are asked (`Presenter.order`, then key)."""
    load_all()
    return tuple(sorted(PRESENTERS.values(), key=lambda p: (p.order, p.key)))


def presenter(key: str) -> Presenter | None:
    """The presenter of the engine module `key` (None: no such rule)."""
    load_all()
    return PRESENTERS.get(key)


def board_presenters(step: BoardStep) -> tuple[Presenter, ...]:
    """The presenters whose pieces take part in the board's `step`, in their declared place there (then key)."""
    return tuple(sorted((p for p in presenters() if step in p.board_order), key=lambda p: (p.board_order[step], p.key)))


def categories() -> dict[str, Category]:
    """Every ScoreLine category any rule shows, by key (a category two rules share is the same Category)."""
    found: dict[str, Category] = {}
    for p in presenters():
        for category in p.categories:
            if found.setdefault(category.key, category) != category:
                raise ValueError(f"scoring category {category.key!r} is described twice, differently")
    return found


def scoring_order() -> dict[str, int]:
    """Category → place in the scoring steps and the table (categories without an order are left out)."""
    return {key: c.order for key, c in categories().items() if c.order is not None}


def category_names() -> dict[str, str]:
    return {key: c.name for key, c in categories().items()}


def category_colours() -> dict[str, tuple[int, int, int]]:
    return {key: c.colour for key, c in categories().items() if c.colour is not None}


def own_focus_subjects() -> frozenset[str]:
    """Categories whose step lights what the rule says rather than the subject's territory or connection."""
    return frozenset(key for key, c in categories().items() if c.own_focus)


def option_titles() -> dict[str, str]:
    """The setup options a rule presents, in the engine's `OPTIONS` order: name → title (N_-marked)."""
    return {name: p.option_title for name in OPTIONS if (p := presenter(name)) is not None and p.option_title}


def map_rule_lines() -> dict[str, str]:
    """Map rule key → the setup line shown when its engine module has no summary (N_-marked)."""
    return {p.key: p.setup_line for p in presenters() if p.setup_line}


def void_keys() -> tuple[str, ...]:
    """The modules whose public view is the Void's (solo, co-op)."""
    return tuple(p.key for p in presenters() if p.against_void)
