"""What the text-fit tests (issue 19, item 8) count as a label that does not fit, shared by the screens outside
the board (tests/scenes/test_text_fit.py) and the board's states (tests/scenes/board/test_text_fit_board.py).

A fault is
- a drawn line cut short with "…" (`Ui.fit` found no room), or a widget whose text was cut with "…" before
  it was handed over;
- a line whose ink leaves the window or its box, or a widget's text wider than the room pygame-gui leaves it
  inside the widget's frame (`layout_check.text_room`: the shadow, border, rounded-corner and alignment
  padding of the widget's own theme; a longer text is drawn over the frame), measured in rendered pixels
  (`layout_check.faults`);
- a row of labels drawn at different sizes: one shrunk to fit while its neighbours were not ("Normal"
  smaller than "Easy" and "Hard"). Lines of words of one role on one centre line of one scene form a row.
A label written with "…" (a button that asks first: "Delete profile…") is not a cut.
"""

from __future__ import annotations

from functools import lru_cache

from iwari_desktop.scenes.ui.look import TextRecorder
from layout_check import faults, record


@lru_cache(maxsize=1)
def written_with_dots() -> frozenset[str]:
    """Labels that end in "…" as written, in both languages ("Delete profile…": it asks first)."""
    import gettext

    from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

    catalogue = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])._catalog  # type: ignore[attr-defined]
    return frozenset(t for pair in catalogue.items() for t in pair if isinstance(t, str) and t.endswith("…"))


def _drawn(app, recorder: TextRecorder | None) -> TextRecorder:
    """`recorder` if the caller drew the screen already, else the screen drawn now."""
    return record(app) if recorder is None else recorder


def cut_widgets(app) -> list[str]:
    """Widget texts a scene cut with "…" before handing them over (a button's label that did not fit)."""
    return [f"widget text cut short: {widget.text!r} in {widget.rect}" for scene in app.stack.visible()
            for widget in scene.widgets if widget.visible and str(getattr(widget, "text", "") or "").endswith("…")
            and widget.text not in written_with_dots()]


def cut_lines(app, recorder: TextRecorder | None = None) -> list[str]:
    """Drawn lines that end in "…" and were not written so (`Ui.fit` cut them); `recorder` as in `faults`."""
    return [f"cut short: {t.text!r} at {t.ink}" for t in _drawn(app, recorder).texts
            if t.text.rstrip().endswith("…") and t.text.strip() not in written_with_dots()]


def mixed_rows(app, recorder: TextRecorder | None = None) -> list[str]:
    """Rows of labels drawn at different sizes: lines of words (a figure beside a name may be set bigger on
    purpose: a score) of one scene and one role, in the same box, on one centre line (±1 px) and near each
    other (a gap under four line heights: two columns' headings are not a row), at two sizes."""
    texts = [t for t in _drawn(app, recorder).texts if t.size is not None and any(ch.isalpha() for ch in t.text)]
    found = []
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            gap = max(a.ink.left, b.ink.left) - min(a.ink.right, b.ink.right)
            if a.layer == b.layer and a.role == b.role and a.box == b.box and a.size != b.size \
                    and abs(a.rect.centery - b.rect.centery) <= 1 and gap < 4 * max(a.rect.h, b.rect.h):
                found.append(f"one row, two sizes: {a.text!r} at {a.size} beside {b.text!r} at {b.size}")
    return found


def fit_faults(app) -> list[str]:
    """Every text-fit fault of what the app shows now, sorted, each once. The screen is drawn once for all the
    checks (each drew it again: the same state gives the same lines, and drawing was most of their time)."""
    recorder = record(app)
    return sorted(set(faults(app, recorder) + cut_lines(app, recorder) + cut_widgets(app) + mixed_rows(app, recorder)))


SIZES = [(1280, 720), (1920, 1080)]


def faults_at_sizes(app, open_screen, sizes=SIZES) -> list[str]:
    """`fit_faults` of the screen `open_screen(app)` opens, opened afresh at each window size in turn.

    Every opener starts from `nav.reset` (the stack emptied, its scenes exited), so the screens shown before are
    exited first here, and the window resized with none: rebuilding and drawing them at the new size only to throw
    them away was a third of the time. The frame of the step after opening is not drawn either: `fit_faults`
    draws the same state itself (with the recorder), and no check reads the step's own frame."""
    import pygame

    found = []
    for size in sizes:
        app.stack.clear()
        app.screen = pygame.display.set_mode(size)   # as scene_helpers.resize: the window dragged to `size`
        app.on_resize(size)
        open_screen(app)
        app.draw = lambda: None      # shadows App.draw for this one step (scene_helpers.frames_at_checkpoints)
        try:
            app.step(0)
        finally:
            del app.draw
        found += [f"{size[0]}x{size[1]}: {fault}" for fault in fit_faults(app)]
    return found


def drawn_in(app, box) -> list[str]:
    """The lines drawn inside `box` (and told it was their box), top to bottom as drawn."""
    return [t.text for t in record(app).texts if t.box is not None and box.contains(t.ink)]


def untold(drawn: list[str], sentences: list[str]) -> list[str]:
    """The sentences a box was meant to say whose words it did not all draw (lines dropped at its bottom
    without a "…": the replay's "This move", playtest D8). `drawn` (the box's lines, `drawn_in`, of every
    scroll position in order), joined, must hold each sentence in order, word for word; a sentence cut with
    "…" counts as untold too."""
    words_drawn = " ".join(drawn).split()
    missing, at = [], 0
    for sentence in sentences:
        words = sentence.split()
        found = next((i for i in range(at, len(words_drawn) - len(words) + 1)
                      if words_drawn[i:i + len(words)] == words), None)
        if found is None:
            missing.append(f"not drawn in full: {sentence!r}")
        else:
            at = found + len(words)
    return missing
