"""The hook table: for each hook, the active rule modules that implement it (issue #32).

Why a file of its own: the game state holds the table (`state.hooks`), and the rule modules' base class
(`core.modules.RuleModule`) speaks of the state in every hook. With the table in `modules.py` the state
had to import the modules' file to build it, a circle in all but name. Here the table needs nothing of the
engine: a hook is implemented when a module's class overrides the root definition of it (the no-op default
of `RuleModule`), found on the class's own MRO.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

HOOKS: tuple[str, ...] = (
    "extra_actions", "piece_actions", "module_actions", "payment_filter", "placement_permit", "piece_veto",
    "on_display_card", "refuse_setup", "build_deck", "on_setup", "after_deal", "on_deck_exhausted", "before_draw",
    "decide_result", "exchange_filter", "after_turn",
    "after_placement", "after_removal", "after_action", "connection_veto", "before_final_scoring",
    "territory_multiplier_feats", "connection_multiplier_feats", "final_lines", "redraw_hidden",
)


def implements(cls: type, hook: str) -> bool:
    """Whether `cls` overrides the root (no-op default) definition of `hook` somewhere below the root."""
    for ancestor in reversed(cls.__mro__):
        if hook in vars(ancestor):
            return getattr(cls, hook) is not vars(ancestor)[hook]
    return False


class HookTable:
    """For each hook name, the modules (in hook order) whose class implements it: `table.before_draw`.

    Modules that keep a hook's no-op default are left out, so the base game's inner loop stays as fast
    as before modules existed. Built once per modules tuple (`hook_table`).
    """

    def __init__(self, modules: tuple[Any, ...]) -> None:
        self.modules = modules
        # declared, not a hook: any active module may switch along-connection roads on
        self.connection_roads = any(m.connection_roads for m in modules)
        self.own_end = any(m.own_end for m in modules)            # S10: B11 does not end the game
        self.scores_points = all(m.scores_points for m in modules)  # S1: no points at all
        for hook in HOOKS:
            setattr(self, hook, tuple(m for m in modules if implements(type(m), hook)))


@lru_cache(maxsize=256)
def hook_table(modules: tuple[Any, ...]) -> HookTable:
    """The HookTable of these modules (cached: modules are frozen and hashable)."""
    return HookTable(modules)
