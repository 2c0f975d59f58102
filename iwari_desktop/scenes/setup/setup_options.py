"""The expansion options on the setup screen: expedition cards, Courage and the Worship variant.

Each control is greyed out where the engine would refuse the choice on the chosen map (asked through
`EngineJudge`, never decided here), and hovering any of them explains it — a greyed one says why.
A choice that is on but refused after a map change stays clickable so it can be switched off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import pygame_gui

from .setup_model import EngineJudge, SetupModel
from .setup_words import (OPTION_TITLES, WORSHIP_HINTS, WORSHIP_LABELS, WORSHIP_LINES, WORSHIP_VALUES, option_line,
                          option_summary)
from ...i18n import N_, _
from ..ui.terms import feat_name
from ..ui.look import INK, INK_SOFT, Ui
from ..ui.widgets import button, checkbox

REFUSED_INK = (150, 60, 30)
REFUSED_LINE = N_("Not on this map: the reason is below.")  # the full engine reason goes in the message line
ROW_LINE = 26       # design px from a control's top to its explanation line
WORSHIP_BUTTON_W = 50


@dataclass
class Hint:
    """An area the mouse can hover and what the tooltip then says."""

    rect: pygame.Rect
    title: str
    text: str
    refused: bool


@dataclass
class OptionControls:
    """The widgets of the options block and what each one says; rebuilt with the scene."""

    boxes: dict[str, pygame_gui.elements.UICheckBox] = field(default_factory=dict)
    worship: dict[int, pygame_gui.elements.UIButton] = field(default_factory=dict)
    hints: list[Hint] = field(default_factory=list)
    lines: list[tuple[str, tuple[int, int], bool]] = field(default_factory=list)  # text, design pos, refused

    def build(self, scene, model: SetupModel, judge: EngineJudge, left: int, top: int, width: int) -> int:
        """Create the controls from design position (left, top); returns the design y below the block."""
        ui: Ui = scene.app.ui
        r = ui.rect
        self.boxes, self.worship, self.hints, self.lines = {}, {}, [], []
        y = top
        for name in ("expeditions", "courage"):
            on = bool(model.options[name])
            refusal = judge.option_refusal(model, name, True)
            box = checkbox(scene, r(left + 8, y, 24, 24), _(OPTION_TITLES[name]), on)
            if refusal and not on:
                box.disable()
            self.boxes[name] = box
            current = judge.option_refusal(model, name, model.options[name])
            self.lines.append((_(REFUSED_LINE) if current else option_line(name), (left + 8, y + ROW_LINE),
                               bool(current)))
            self.hints.append(Hint(r(left, y - 2, width, ROW_LINE + 20), _(OPTION_TITLES[name]),
                                   refusal or option_summary(name), bool(refusal)))
            y += ROW_LINE + 24
        self.lines.append((feat_name("worship"), (left + 8, y + 4), False))
        # the buttons start after the heading, whose length depends on the language ("Verehrung")
        x = left + max(84, round(ui.text_width(feat_name("worship"), "bold", 15) / ui.scale) + 20)

        for value in WORSHIP_VALUES:
            chosen = model.options["worship"] == value
            refusal = judge.option_refusal(model, "worship", value)
            widget = button(scene, r(x, y, WORSHIP_BUTTON_W, 30), _(WORSHIP_LABELS[value]),
                            lambda v=value: self.choose_worship(scene, model, v),
                            object_id="#primary" if chosen else "#small", enabled=chosen or not refusal)
            self.worship[value] = widget
            what = _("Worship off") if value == 0 else _("Worship variant {n}").format(n=value)
            self.hints.append(Hint(r(x, y, WORSHIP_BUTTON_W, 30), what,
                                   refusal or (_(WORSHIP_HINTS[value]) if value else option_summary("worship")),
                                   bool(refusal)))
            x += WORSHIP_BUTTON_W + 6
        current = judge.option_refusal(model, "worship", model.options["worship"])
        line = WORSHIP_LINES[model.options["worship"]]
        self.lines.append((_(REFUSED_LINE) if current else _(line), (left + 8, y + 34),

                           bool(current)))
        return y + 34 + 24

    def choose_worship(self, scene, model: SetupModel, value: int) -> None:
        model.options["worship"] = value
        scene.changed()

    def handle_ui(self, scene, model: SetupModel, event: pygame.event.Event) -> bool:
        """A check box of this block was ticked or cleared: True when handled."""
        if event.type not in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            return False
        for name, box in self.boxes.items():
            if event.ui_element is box:
                model.options[name] = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
                scene.changed()
                return True
        return False

    def draw(self, surface: pygame.Surface, ui: Ui, width: int) -> None:
        room = ui.px(width - 16)
        # a long line (German, a large window's rounding) makes the option lines a point smaller before any
        # cut: all of them, so no line of the list looks smaller than its neighbours
        sizes = [ui.shared_size([t for t, _at, refused in self.lines if t != feat_name("worship")
                                 and ("bold" if refused else "body") == role], role, 13, room, 11)
                 for role in ("body", "bold")]
        for text, (x, y), refused in self.lines:
            heading = text == feat_name("worship")
            colour = REFUSED_INK if refused else (INK if heading else INK_SOFT)
            role = "bold" if refused or heading else "body"
            size = 15 if heading else min(sizes)
            box = ui.rect(x - 8, y - 2, width, ui.line_height(role, size) / ui.scale + 4)
            ui.blit_text(surface, ui.fit(text, role, size, ui.px(width - 16)), (ui.px(x), ui.px(y)), role, size,
                         colour, box=box)

    def hint_at(self, pos: tuple[int, int]) -> Hint | None:
        return next((h for h in self.hints if h.rect.collidepoint(pos)), None)


def hint_surface(ui: Ui, hint: Hint) -> pygame.Surface:
    """A tooltip card: the control's name, then what it does or why it is greyed out."""
    from ..ui.look import CREAM, GOLD_LIGHT

    body = ui.wrap(hint.text, "body", 14, ui.px(300))
    head_h, line_h = ui.line_height("bold", 14), ui.line_height("body", 14)
    w = max([ui.font("bold", 14).size(hint.title)[0]] + [ui.font("body", 14).size(line)[0] for line in body])
    card = pygame.Surface((w + ui.px(20), head_h + line_h * len(body) + ui.px(14)), pygame.SRCALPHA)
    rect = card.get_rect()
    pygame.draw.rect(card, (44, 30, 22), rect, border_radius=ui.px(8))
    pygame.draw.rect(card, (255, 205, 120) if hint.refused else GOLD_LIGHT, rect, max(1, ui.px(1)),
                     border_radius=ui.px(8))
    y = ui.px(7)
    card.blit(ui.text(hint.title, "bold", 14, GOLD_LIGHT), (ui.px(10), y))
    y += head_h
    for line in body:
        card.blit(ui.text(line, "body", 14, CREAM), (ui.px(10), y))
        y += line_h
    return card


class HintTip:
    """The tooltip over an option, shown as a pygame-gui image so it floats above every widget.

    pygame-gui shows tooltips only for enabled widgets; a greyed control must still say why, so the
    scene opens this one from its own hover position and closes it when the mouse moves on.
    """

    def __init__(self) -> None:
        self.hint: Hint | None = None
        self.element: pygame_gui.elements.UIImage | None = None

    @property
    def text(self) -> str:
        """What the tooltip says (title, then the explanation or the engine's reason); "" when closed."""
        return f"{self.hint.title}: {self.hint.text}" if self.hint is not None and self.element is not None else ""

    def show(self, manager: pygame_gui.UIManager, ui: Ui, hint: Hint | None, pos: tuple[int, int]) -> None:
        if hint is self.hint and (hint is None or self.element is not None):
            return
        self.close()
        self.hint = hint
        if hint is None:
            return
        card = hint_surface(ui, hint)
        screen = pygame.Rect((0, 0), ui.size)
        # left of and below the mouse, never over the hovered control
        rect = card.get_rect(topright=(pos[0] - ui.px(12), hint.rect.bottom + ui.px(6)))
        rect.clamp_ip(screen)
        if rect.colliderect(hint.rect):
            rect.bottom = hint.rect.top - ui.px(6)
            rect.clamp_ip(screen)
        self.element = pygame_gui.elements.UIImage(rect, card, manager, starting_height=50)

    def close(self) -> None:
        if self.element is not None:
            self.element.kill()
        self.element = None
        self.hint = None
