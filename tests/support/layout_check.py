"""The text-layout check used by the layout tests: render what is on screen with a recorder, list the faults.

Every scene draws its text through `Ui.blit_text` and its framed areas through `panel`, so one
`TextRecorder` sees every line and every box. A fault is a line whose ink
- overlaps another line drawn by the same scene,
- leaves the window, the box it was drawn for, or the panel it sits in,
- or lies under a visible button (pygame-gui draws those on top, so the text would be hidden).

`widget_faults` measures the widgets' own texts the same way: a button's, label's or drop-down's text
wider than the room pygame-gui leaves it inside the widget's frame (`text_room`: shadow, border, rounded
corners and alignment padding, read from the widget's theme), or a check box's label leaving the window or running into another widget.
German runs about a third longer than English, so the scene tests run these checks in both languages.
In German, `faults` also lists every English word a scene draws or a widget shows (`english_words.py`):
the issue's bar is a German screen with no English word on it. Player, map and territory names are proper
names and stay as they are.
"""

from __future__ import annotations

import pygame

from iwari_desktop.scenes.ui.look import DrawnText, TextRecorder


def record(app) -> TextRecorder:
    """Draw every visible scene once with a recorder attached (cached static layers redrawn too)."""
    recorder = TextRecorder(app.screen.get_size())
    app.ui.recorder = recorder
    try:
        for scene in app.stack.visible():
            if hasattr(scene, "_static"):
                scene._static = None
            recorder.layer = scene.name + str(id(scene))
            scene.draw(app.screen)
    finally:
        app.ui.recorder = None
    return recorder


def _home(text: DrawnText, recorder: TextRecorder) -> pygame.Rect | None:
    """The box a line must stay in: the one it named, else the smallest panel of its scene around its centre."""
    if text.box is not None:
        return text.box
    around = [r for layer, r in recorder.panels if layer == text.layer and r.collidepoint(text.ink.center)]
    return min(around, key=lambda r: r.w * r.h) if around else None


def faults(app, recorder: TextRecorder | None = None) -> list[str]:
    """The faults of what the app shows now; `recorder`: what `record(app)` drew of it, if the caller has it
    already (the drawing is most of a check's time: `text_fit.fit_faults` draws once for all its checks)."""
    recorder = record(app) if recorder is None else recorder
    screen = app.screen.get_rect()
    found: list[str] = []
    texts = [t for t in recorder.texts if t.ink.w and t.ink.h]
    for t in texts:
        if not screen.contains(t.ink):
            found.append(f"{t.text!r} leaves the window ({t.ink})")
        home = _home(t, recorder)
        if home is not None and not home.contains(t.ink):
            found.append(f"{t.text!r} leaves its box {home} ({t.ink})")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a.layer == b.layer and a.ink.colliderect(b.ink):
                found.append(f"{a.text!r} {a.ink} overlaps {b.text!r} {b.ink}")
    for scene in app.stack.visible():
        layer = scene.name + str(id(scene))
        for widget in scene.widgets:
            if not widget.visible:
                continue
            for t in texts:
                if t.layer == layer and t.ink.colliderect(widget.rect):
                    found.append(f"{t.text!r} {t.ink} lies under the {getattr(widget, 'text', '?')!r} widget "
                                 f"{widget.rect}")
    return found + widget_faults(app) + english_faults(app, texts)


def _names_in_play(app) -> tuple[str, ...]:
    """The players' names of any game the visible scenes show (typed by players, never translated). The
    tribes nobody sits at (the third tribe, the Void) are left out: the engine names them in English, and
    a screen must show them through the catalogue ("Dritter Stamm"), so their English name is a fault."""
    from iwari_desktop.i18n import _

    names: set[str] = set()
    for scene in app.stack.visible():
        for holder in (getattr(scene, "controller", None), getattr(scene, "replay", None), scene):
            state = getattr(holder, "state", None)
            for tribe in getattr(state, "tribes", ()) or ():
                if getattr(tribe, "seat", 0) is not None:
                    names.add(tribe.name)
        run = getattr(scene, "run", None)   # a player's own campaign (no title in the catalogue) is named as written
        for holder in (getattr(run, "chapter", None), getattr(run, "campaign", None)):
            title = getattr(holder, "title", "")
            if isinstance(title, str) and title and _(title) == title:
                names.add(title)
    return tuple(names)


def english_faults(app, texts) -> list[str]:
    """In German: each drawn text or widget text with common English words in it (none in English)."""
    from iwari_desktop.i18n import current_language
    from english_words import leftovers

    if current_language() != "de":
        return []
    shown = [t.text for t in texts]
    for scene in app.stack.visible():
        for widget in (w for w in scene.widgets if w.visible):
            # a widget's own text and its tooltip (pygame-gui shows it on hover)
            shown += [str(t) for t in (getattr(widget, "text", ""), getattr(widget, "tool_tip_text", "")) if t]
    names = _names_in_play(app)
    return [f"English on a German screen: {text!r} {words}" for text, words in leftovers(shown, names).items()]


def _text_width(widget, text: str) -> int:
    font = getattr(widget, "font", None)
    return font.size(text)[0] if font is not None and text else 0


def text_room(widget) -> int:
    """The width pygame-gui leaves a widget's text: its shape's width less the shadow, both borders and the
    rounded corners' insets on either side, and less the theme's `text_horiz_alignment_padding` where the
    text is set left or right (centred text gets none). This is the sum pygame-gui's own
    `DrawableShape.build_text_layout` takes off, read from the widget's shape (its theme at this window
    size), not guessed: a text wider than this is not cut but drawn over the widget's frame (playtest D11,
    German "Mensch" over its seat button's border at 1920×1080)."""
    shape = getattr(widget, "drawable_shape", None)
    if shape is None:
        return widget.rect.w
    taken = (2 * shape.shadow_width + shape.border_widths["left"] + shape.border_widths["right"]
             + sum(shape.rounded_corner_width_offsets))
    theming = shape.theming
    if theming.get("text_horiz_alignment") in ("left", "right"):
        taken += int(theming.get("text_horiz_alignment_padding", 0))
    return shape.containing_rect.w - taken


def _too_wide(widget, text: str) -> str | None:
    """Why `text` does not fit inside `widget`'s frame, or None when it does."""
    width, room = _text_width(widget, text), text_room(widget)
    return f"{width} px, its frame leaves {room} of {widget.rect.w}" if width > room else None


def widget_faults(app) -> list[str]:
    import pygame_gui

    found: list[str] = []
    screen = app.screen.get_rect()
    for scene in app.stack.visible():
        shown = [w for w in scene.widgets if w.visible]
        rects = [w.rect for w in shown]
        for widget in shown:
            if isinstance(widget, pygame_gui.elements.UICheckBox):
                label = getattr(widget, "text_label", None)
                if label is None or not getattr(widget, "text", ""):
                    continue
                ink = pygame.Rect(label.rect.x, label.rect.y, _text_width(label, widget.text), label.rect.h)
                if not screen.contains(ink):
                    found.append(f"check box text {widget.text!r} leaves the window ({ink})")
                for other in rects:
                    if other is not widget.rect and other != label.rect and ink.colliderect(other) \
                            and not other.colliderect(widget.rect):
                        found.append(f"check box text {widget.text!r} {ink} runs into a widget at {other}")
            elif isinstance(widget, pygame_gui.elements.UIDropDownMenu):
                state = getattr(widget, "current_state", None)
                face = getattr(state, "selected_option_button", None)
                text = widget.selected_option[0] if isinstance(widget.selected_option, tuple) else widget.selected_option
                why = None if face is None else _too_wide(face, text)
                if why:
                    found.append(f"drop-down text {text!r} is wider than its box {face.rect}: {why}")
            elif isinstance(widget, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)):
                text = getattr(widget, "text", "") or ""
                why = _too_wide(widget, text)
                if why:
                    found.append(f"{type(widget).__name__} text {text!r} is wider than its widget {widget.rect}: {why}")
    return found


def all_text(app) -> list[str]:

    """Every line of text the visible scenes draw (for word checks)."""
    return [t.text for t in record(app).texts]


def cramped_buttons(app, room: int) -> list[str]:
    """Buttons whose text keeps less than `room` pixels from either edge: it fits, but only just, and reads
    as squeezed (German runs a third longer than English, so a button sized for English often ends so)."""
    import pygame_gui

    found: list[str] = []
    for scene in app.stack.visible():
        for widget in (w for w in scene.widgets if w.visible and isinstance(w, pygame_gui.elements.UIButton)):
            text = getattr(widget, "text", "") or ""
            if text and _text_width(widget, text) > widget.rect.w - 2 * room:
                found.append(f"button text {text!r} ({_text_width(widget, text)} px) has under {room} px each side "
                             f"in {widget.rect}")
    return found


def cut_short(app, area: pygame.Rect) -> list[str]:
    """Lines drawn inside `area` that `Ui.fit` cut short with "…" (the words did not fit their line)."""
    return [f"{t.text!r} at {t.ink}" for t in record(app).texts
            if t.text.rstrip().endswith("…") and area.colliderect(t.ink)]


def resize_undrawn(app, size) -> None:
    """`scene_helpers.resize` (the window dragged to `size`, the scenes rebuilt, one loop step) without drawing that
    step's frame: for checks that draw what they read themselves (`record`), which no one reads (issue #32).
    `app.dirty` stays set, so the next step that may draw still does."""
    import pygame

    app.screen = pygame.display.set_mode(size)
    app.on_resize(size)
    app.draw = lambda: None      # shadows App.draw for this one step, as scene_helpers.frames_at_checkpoints
    try:
        app.step(0)
    finally:
        del app.draw
