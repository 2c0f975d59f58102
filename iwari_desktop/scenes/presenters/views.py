"""The one place the screens read a rule module's public view (by key, all of them, or the Void's), and ask
every presenter to draw its box over the board."""

from __future__ import annotations

from typing import Any

from .base import BoardFocus
from .registry import presenters, void_keys


def module_view(state: Any, key: str) -> Any:
    """The public view of the active rule module `key` (everything the expansion screens read is public)."""
    module = next((m for m in state.modules if m.key == key), None)
    return None if module is None else module.public_view(state, state.active_seat)


def module_views(state: Any) -> dict[str, Any]:
    """Each active module's public view by key (all of it public: the seat asked for does not matter)."""
    seat = state.active_seat if state.active_seat is not None else 0
    views: dict[str, Any] = {}
    for module in state.modules:
        try:
            view = module.public_view(state, seat)
        except Exception:  # a module without a view of its own answers with the base hook's None
            view = None
        if view is not None:
            views[module.key] = view
    return views


def void_view(state: Any) -> dict[str, Any] | None:
    """The Void's module's public view (solo or co-op), or None in a multiplayer game."""
    if not getattr(state, "modules", None):
        return None
    for key in void_keys():
        view = module_view(state, key)
        if view:
            return view
    return None


def draw_over_board(surface: Any, ui: Any, area: Any, state: Any, focus: BoardFocus | None = None,
                    view: Any = None) -> list[Any]:
    """Each rule's box over the board `area` (a BoardView `view` lets a box keep clear of the map's spaces);
    returns the boxes drawn."""
    if not getattr(state, "modules", None):
        return []
    views = module_views(state)
    drawn = [shown.draw_over_board(surface, ui, area, state, views, focus, view) for shown in presenters()]
    return [box for box in drawn if box is not None]
