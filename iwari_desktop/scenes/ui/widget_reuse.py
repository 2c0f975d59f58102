"""A rebuilt screen keeps each widget it would make again exactly as it is, instead of killing and remaking it.

Why: the setup screen rebuilds its forty-odd widgets at every option clicked (the engine's verdicts grey out
other options, a player added moves the rows), and making a pygame-gui widget is most of that: its theme
looked up, its box and text laid out and drawn, its container told. A click changes a few widgets; the rest
came out the same as before, at a few milliseconds each.

When a widget may be kept, so that nobody can tell it from a fresh one:
- the helper that made it (ui/widgets.py) is asked for one with the same *recipe*: the same kind, rectangle,
  text, object id, tooltip, start state... everything the helper makes it from;
- it is still on the scene's current manager;
- it is still exactly as it was the moment it was made (`state_of`): nothing since moved, hid, greyed,
  ticked, relabelled, hovered, pressed or focused it, and it shows the very picture it showed then. A widget
  the scene changed after making it (greyed a box, set a text) is made afresh, as is one the mouse is over.
A kept widget keeps its place among the manager's widgets; widgets on a screen do not overlap, so the
order they are drawn in shows nowhere. What is left over after the build is killed, as `clear_widgets` would
have before it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

RECIPE = "_iwari_recipe"   # attribute a helper leaves on a widget it made: (recipe, state_of(widget) then)


def _one(element: Any) -> tuple:
    """Everything of one pygame-gui element that shows or answers the mouse and keys."""
    clip = getattr(element, "_image_clip", None)
    options = getattr(element, "options_list", None)
    shape = getattr(element, "drawable_shape", None)
    return (element, type(element), tuple(element.relative_rect), tuple(element.rect), element.visible,
            element.is_enabled, element.alive(), getattr(element, "_layer", None),
            getattr(element, "hovered", None), getattr(element, "held", None), getattr(element, "pressed", None),
            getattr(element, "is_selected", None), getattr(element, "is_focused", None),
            getattr(element, "text", None), getattr(element, "tool_tip_text", None), getattr(element, "tool_tip", None),
            getattr(element, "is_checked", None), getattr(element, "is_indeterminate", None),
            getattr(element, "current_state", None), getattr(element, "selected_option", None),
            tuple(options) if options is not None else None, tuple(getattr(element, "object_ids", None) or ()),
            shape, getattr(shape, "active_state", None), element.image, getattr(element, "_pre_clipped_image", None),
            tuple(clip) if clip is not None else None)


def state_of(widget: Any) -> tuple:
    """The widget's state and its parts' (a drop-down's buttons, a check box's label), in a fixed order. The
    pictures are held, not their ids, so a picture drawn later at a freed one's address is never taken for it."""
    parts = [widget]
    label = getattr(widget, "text_label", None)
    if label is not None:
        parts.append(label)
    focus = widget.get_focus_set() or ()
    parts.extend(sorted((part for part in focus if part is not widget and part is not label),
                        key=lambda part: (type(part).__name__, tuple(part.rect), id(part))))
    return tuple(_one(part) for part in parts)


def made(widget: Any, recipe: Hashable) -> Any:
    """Note how `widget` was made, just made (after whatever the helper does to every widget of the recipe)."""
    setattr(widget, RECIPE, (recipe, state_of(widget)))
    return widget


class Spares:
    """A scene's widgets from before its rebuild: those still as they were made, by recipe, for the helpers
    to take again; the rest to kill once the build is done."""

    def __init__(self, widgets: Iterable[Any], manager: Any) -> None:
        self.by_recipe: dict[Hashable, list[Any]] = {}
        self.rest: list[Any] = []
        for widget in widgets:
            kept = getattr(widget, RECIPE, None)
            if kept is not None and widget.ui_manager is manager and state_of(widget) == kept[1]:
                self.by_recipe.setdefault(kept[0], []).append(widget)
            else:
                self.rest.append(widget)

    def take(self, recipe: Hashable) -> Any | None:
        """A widget made by `recipe` and unchanged since, or None."""
        kept = self.by_recipe.get(recipe)
        return kept.pop(0) if kept else None

    def kill_left(self) -> None:
        """Kill every widget not taken again (after the build, where `clear_widgets` killed before it)."""
        for widget in self.rest:
            widget.kill()
        for kept in self.by_recipe.values():
            for widget in kept:
                widget.kill()
        self.rest.clear()
        self.by_recipe.clear()
