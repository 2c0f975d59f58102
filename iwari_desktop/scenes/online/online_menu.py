"""Play online: host a table on this computer, or join a friend's; Continue's way back to a remembered table."""

from __future__ import annotations

import pygame

from ...i18n import _
from ..ui.intents import Intent, Kind
from ..ui.look import CREAM, GOLD_LIGHT
from ..ui.stack import Scene
from ..ui.widgets import button


class OnlineMenuScene(Scene):
    name = "online"

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        bw, bh, gap = ui.px(400), ui.px(52), ui.px(14)
        top = int(h * 0.38)
        self.buttons = {}
        for i, (key, text, command, style) in enumerate((
                ("host", _("Host a table"), lambda: self.app.nav.push("online-host"), "#menu_button"),
                ("coop", _("Host co-op against the Void"), lambda: self.app.nav.push("online-host-coop"),
                 "#menu_button"),
                ("join", _("Join a table"), lambda: self.app.nav.push("online-join"), "#menu_button"),
                ("back", _("Back"), self.app.stack.pop, "#menu_button"))):
            self.buttons[key] = button(self, pygame.Rect(w // 2 - bw // 2, top + i * (bh + gap), bw, bh), text, command,
                                       style)

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, _("Play online"), (w // 2, int(h * 0.1)), "title", 48, CREAM, "midtop")
        y = int(h * 0.22)
        text = _("Play with friends on their own computers: one of you hosts a table, the others join it with "
                 "its address and join code. Hands stay hidden; a dropped player comes back to the same seat.")
        for line in ui.wrap(text, "body", 17, ui.px(720)):
            ui.blit_text(surface, line, (w // 2, y), "body", 17, GOLD_LIGHT, "midtop")
            y += ui.line_height("body", 17)


def continue_online(app) -> bool:
    """Continue: back to the newest remembered table (its seats by their credentials); False when none."""
    from .online_net import connector, remembered_credentials, remembered_tables


    tables = remembered_tables()
    if not tables:
        return False
    table = tables[0]
    try:
        if table.hosted:      # this computer hosted it: the table opens again from its save, the others rejoin
            session = connector().reopen(table)
        else:
            session = connector().join(table.address, table.port, table.code, table.name,
                                       remembered_credentials(table))
    except (OSError, RuntimeError, ValueError) as error:
        app.nav.push("dialog", _("Play online"), _("The table could not be opened: {reason}.").format(reason=error))
        return False
    app.nav.reset("menu")
    app.nav.push("online-lobby", session)
    return True


def has_online_table(app) -> bool:
    """Whether Continue may offer a remembered online table."""
    from .online_net import remembered_tables

    return bool(remembered_tables())
