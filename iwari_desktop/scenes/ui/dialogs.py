"""The two dialogs every screen may open: a message (`DialogScene`) and a yes/no question (`ConfirmScene`).

They live in the shared layer, not beside the board's overlays, so that any feature can ask a question
without importing another feature.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame
import pygame_gui

from ...i18n import _
from .intents import Intent, Kind
from .look import INK, INK_SOFT, dim, panel
from .stack import Scene
from .widgets import button


class DialogScene(Scene):
    """A modal message (e.g. a save that cannot be loaded): a blocking themed window over the scene below."""

    opaque = False
    hides_below_ui = False
    name = "dialog"

    def __init__(self, app, title: str, message: str, on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.on_close = on_close
        self.window: pygame_gui.elements.UIWindow | None = None

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, ui.px(560), ui.px(280))
        rect.center = (w // 2, h // 2)
        self.window = self.track(pygame_gui.elements.UIWindow(rect, self.app.manager, self.title, draggable=False,
                                                              always_on_top=True))
        self.window.set_blocking(True)
        inner = self.window.get_container().get_rect()
        pygame_gui.elements.UITextBox(html.escape(self.message), pygame.Rect(ui.px(12), ui.px(10), inner.w - ui.px(24),
                                                                             inner.h - ui.px(86)),
                                      self.app.manager, container=self.window)
        pygame_gui.elements.UIButton(pygame.Rect(inner.w - ui.px(152), inner.h - ui.px(62), ui.px(136), ui.px(46)), _("OK"),
                                     self.app.manager, container=self.window, command=self.close,
                                     object_id=pygame_gui.core.ObjectID(object_id="#primary"))

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
            if self.on_close is not None:
                self.on_close()

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.window = None
            self.widgets.clear()
            self.close()

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CONFIRM, Kind.CANCEL):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing: the blocking window is the whole dialog (a dim layer would sit under the widgets below)."""


class ConfirmScene(Scene):
    """A yes/no question over the scene below (e.g. "Quit Iwari Desktop?"): Enter agrees, Esc backs out."""

    opaque = False
    name = "confirm"

    def __init__(self, app, question: str, detail: str, yes: str, on_yes: Callable[[], None],
                 no: str | None = None) -> None:
        """`no` names the button that backs out ("Cancel" unless the question means something else, as an
        offer's "Not now")."""
        super().__init__(app)
        self.question, self.detail, self.yes, self.on_yes = question, detail, yes, on_yes
        self.no = no

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        # a detail longer than three lines (what leaving an online table does) makes the panel taller, never cut
        extra = max(0, len(self._detail_lines()) - 3) * ui.line_height("body", 16)
        self._panel = pygame.Rect(0, 0, ui.px(480), ui.px(240) + extra)
        self._panel.center = (w // 2, h // 2)
        y = self._panel.bottom - ui.px(70)
        button(self, pygame.Rect(self._panel.x + ui.px(40), y, ui.px(170), ui.px(50)), self.no or _("Cancel"),
               self.cancel)
        button(self, pygame.Rect(self._panel.right - ui.px(210), y, ui.px(170), ui.px(50)), self.yes, self.agree,
               "#primary")

    def _detail_lines(self) -> list[str]:
        return self.app.ui.wrap(self.detail, "body", 16, self._panel_width() - self.app.ui.px(48))

    def _panel_width(self) -> int:
        return self.app.ui.px(480)

    def cancel(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def agree(self) -> None:
        self.cancel()
        self.on_yes()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CONFIRM:
            self.agree()
        elif intent.kind is Kind.CANCEL:
            self.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface, 170)
        panel(surface, self._panel, ui)
        question = ui.fit(self.question, "title", 30, self._panel.w - ui.px(40))
        ui.blit_text(surface, question, (self._panel.centerx, self._panel.y + ui.px(22)), "title", 30, INK, "midtop")
        y = self._panel.y + ui.px(68)
        for line in self._detail_lines():
            ui.blit_text(surface, line, (self._panel.centerx, y), "body", 16, INK_SOFT, "midtop")
            y += ui.line_height("body", 16)
