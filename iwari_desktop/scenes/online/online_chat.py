"""The table's chat: the lines drawn in a box (lobby and board) and the chat window over the board.

Plain text only, at most `CHAT_LIMIT` characters a line (the entry stops there, the host cuts again and limits
how often one may write); the screens keep the last `CHAT_KEPT` lines and draw as many as fit, newest last.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ...i18n import _
from ..ui.intents import Intent, Kind
from ..ui.look import INK, INK_SOFT, dim, panel
from ..ui.stack import Scene
from ..ui.widgets import button, text_entry
from .online_net import CHAT_LIMIT, OnlineSession


def draw_chat(surface: pygame.Surface, ui, rect: pygame.Rect, session: OnlineSession, ink=INK) -> None:
    """The newest chat lines that fit in `rect`, wrapped, oldest at the top."""
    size = 14
    line_h = ui.line_height("body", size)
    lines: list[tuple[str, str]] = []
    for entry in session.chat:
        wrapped = ui.wrap(entry.text, "body", size, rect.w - ui.px(8))
        lines.append((entry.name + ":", ""))
        lines += [("", text) for text in wrapped[:3]]
    if not lines:
        ui.blit_text(surface, _("No messages yet."), (rect.x, rect.y), "italic", size, INK_SOFT)
        return
    fit = max(1, rect.h // line_h)
    y = rect.y
    for name, text in lines[-fit:]:
        if name:
            ui.blit_text(surface, ui.fit(name, "bold", size, rect.w), (rect.x, y), "bold", size, ink)
        else:
            ui.blit_text(surface, text, (rect.x + ui.px(8), y), "body", size, ink)
        y += line_h


class ChatOverlay(Scene):
    """The chat over the board: the last lines, a line to type and Send."""

    opaque = False
    name = "online-chat"

    def __init__(self, app, session: OnlineSession) -> None:
        super().__init__(app)
        self.session = session
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.box = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        self.box = pygame.Rect(0, 0, ui.px(560), ui.px(420))
        self.box.center = (w // 2, h // 2)
        bottom = self.box.bottom - ui.px(58)
        self.entry = text_entry(self, pygame.Rect(self.box.x + ui.px(20), bottom, self.box.w - ui.px(250), ui.px(40)),
                                "", CHAT_LIMIT, _("Write a message"))
        button(self, pygame.Rect(self.box.right - ui.px(222), bottom, ui.px(96), ui.px(40)), _("Send"), self.send,
               object_id="#primary")
        button(self, pygame.Rect(self.box.right - ui.px(118), bottom, ui.px(98), ui.px(40)), _("Close"), self.close)
        self.entry.focus()

    def send(self) -> None:
        if self.entry is None:
            return
        text = self.entry.get_text()
        if text.strip() and self.session.say(text):
            self.entry.set_text("")
        self.app.request_redraw()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.send()
            if self.entry is not None:
                self.entry.focus()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.close()

    def update(self, dt: float) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface)
        panel(surface, self.box, ui)
        ui.blit_text(surface, _("Chat"), (self.box.x + ui.px(20), self.box.y + ui.px(12)), "heading", 24, INK)
        lines = pygame.Rect(self.box.x + ui.px(20), self.box.y + ui.px(52), self.box.w - ui.px(40),
                            self.box.h - ui.px(126))
        draw_chat(surface, ui, lines, self.session)
