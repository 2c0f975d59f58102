"""Thin helpers that create themed pygame-gui widgets owned (and later killed) by a scene."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from .widget_reuse import made

if TYPE_CHECKING:
    from .stack import Scene


def _oid(object_id: str | None) -> ObjectID | None:
    return ObjectID(object_id=object_id) if object_id else None


def button(scene: "Scene", rect: pygame.Rect, text: str, command: Callable[[], None] | None = None,
           object_id: str | None = None, tooltip: str | None = None, enabled: bool = True) -> pygame_gui.elements.UIButton:
    recipe = ("button", tuple(rect), text, object_id, tooltip, enabled)
    widget = _spare(scene, recipe)
    if widget is None:
        widget = pygame_gui.elements.UIButton(rect, text, scene.app.manager, object_id=_oid(object_id),
                                              tool_tip_text=tooltip)
        if not enabled:
            widget.disable()
        made(widget, recipe)
    # pygame-gui hands its event dict to any command that takes one argument, which would fill in
    # a `lambda k=i: ...` default; our commands never take the event, so they are called bare. The command is
    # put where `UIButton.bind` puts a one-argument command, without `bind`'s `inspect.signature` (a tenth
    # of making a button)
    if command is None:
        widget._handler.pop(pygame_gui.UI_BUTTON_PRESSED, None)
    else:
        widget._handler[pygame_gui.UI_BUTTON_PRESSED] = lambda _event: command()
    return scene.track(widget)


def _spare(scene: "Scene", recipe: tuple) -> Any:
    """The widget the scene made by `recipe` before its rebuild, unchanged since (ui/widget_reuse.py), or None."""
    spares = getattr(scene, "spares", None)
    return spares.take(recipe) if spares is not None else None


def label(scene: "Scene", rect: pygame.Rect, text: str, object_id: str | None = None) -> pygame_gui.elements.UILabel:
    recipe = ("label", tuple(rect), text, object_id)
    widget = _spare(scene, recipe)
    if widget is None:
        widget = made(pygame_gui.elements.UILabel(rect, text, scene.app.manager, object_id=_oid(object_id)), recipe)
    return scene.track(widget)


TICK_INK = pygame.Color("#2c1e16")


class TickBox(pygame_gui.elements.UICheckBox):
    """A check box whose tick is drawn, not typed: none of the shipped fonts has a ✓, and the fallback
    glyph pygame-gui finds is a square-root sign."""

    def _get_display_symbol(self) -> str:
        return "−" if self.is_indeterminate else ""

    def _set_image(self, new_image: pygame.Surface | None) -> None:
        if new_image is not None and getattr(self, "is_checked", False) and not getattr(self, "is_indeterminate", False):
            new_image = new_image.copy()
            draw_tick(new_image)
        super()._set_image(new_image)

    def _update_visual_state(self) -> None:
        super()._update_visual_state()
        if self.drawable_shape is not None:
            self._set_image(self.drawable_shape.get_fresh_surface())


def draw_tick(surface: pygame.Surface) -> None:
    """A bold tick across the middle of `surface` (a check box face)."""
    w, h = surface.get_size()
    points = [(w * 0.22, h * 0.52), (w * 0.42, h * 0.72), (w * 0.78, h * 0.28)]
    pygame.draw.lines(surface, TICK_INK, False, points, max(2, round(min(w, h) * 0.14)))


def checkbox(scene: "Scene", rect: pygame.Rect, text: str, state: bool) -> pygame_gui.elements.UICheckBox:
    recipe = ("checkbox", tuple(rect), text, state)
    widget = _spare(scene, recipe)
    if widget is None:
        widget = made(TickBox(rect, text, scene.app.manager, initial_state=state), recipe)
    return scene.track(widget)


def slider(scene: "Scene", rect: pygame.Rect, value: int, low: int = 0, high: int = 100,
           step: int = 5) -> pygame_gui.elements.UIHorizontalSlider:
    """A horizontal slider over whole numbers; its arrows move it by `step`."""
    return scene.track(pygame_gui.elements.UIHorizontalSlider(rect, value, (low, high), scene.app.manager,
                                                               click_increment=step))


def dropdown(scene: "Scene", rect: pygame.Rect, options: list[str], current: str) -> pygame_gui.elements.UIDropDownMenu:
    """A drop-down whose open list is as wide as its button (pygame-gui leaves out the arrow's width)."""
    recipe = ("dropdown", tuple(rect), tuple(options), current)
    kept = _spare(scene, recipe)
    if kept is not None:
        return scene.track(kept)
    menu = pygame_gui.elements.UIDropDownMenu(options, current, rect, scene.app.manager)
    expanded = menu.menu_states["expanded"]
    start = expanded.start

    def start_full_width(should_rebuild: bool = True) -> None:
        start(should_rebuild)
        options_list = expanded.options_selection_list
        if options_list is not None:
            options_list.set_dimensions((menu.relative_rect.width, options_list.relative_rect.height))
            options_list.set_item_list(list(options_list._raw_item_list))  # rows rebuilt at the new width

    expanded.start = start_full_width
    return scene.track(made(menu, recipe))


class _HintedEntry(pygame_gui.elements.UITextEntryLine):
    """A text entry with a hint: faint while empty, in full ink once something is typed, on every screen (only New
    game's names followed the typing; the Join form's address looked empty when filled, play-test 2026-11-29)."""

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        show_placeholder_faint(self)


def text_entry(scene: "Scene", rect: pygame.Rect, text: str, limit: int = 16,
               placeholder: str | None = None) -> pygame_gui.elements.UITextEntryLine:
    kind = _HintedEntry if placeholder else pygame_gui.elements.UITextEntryLine
    widget = kind(rect, scene.app.manager, initial_text=text, placeholder_text=placeholder)
    widget.set_text_length_limit(limit)
    if placeholder:
        show_placeholder_faint(widget)
    return scene.track(widget)


PLACEHOLDER_INK = pygame.Color("#a8977c")  # faint, so an empty field never looks filled in


def show_placeholder_faint(entry: pygame_gui.elements.UITextEntryLine) -> None:
    """Draw the entry's text faint while it is empty (pygame-gui shows placeholders in normal ink)."""
    if not hasattr(entry, "_ink"):
        entry._ink = pygame.Color(entry.text_colour)  # type: ignore[attr-defined]
    want = PLACEHOLDER_INK if not entry.get_text() else entry._ink  # type: ignore[attr-defined]
    if entry.text_colour != want:
        entry.text_colour = pygame.Color(want)
        entry.rebuild()


def set_enabled(widget: pygame_gui.core.UIElement, enabled: bool) -> None:
    if enabled and not widget.is_enabled:
        widget.enable()
    elif not enabled and widget.is_enabled:
        widget.disable()
