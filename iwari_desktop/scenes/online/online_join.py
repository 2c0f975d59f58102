"""Join a table: an address, the port and the join code; tables found on the local network and the tables this
computer joined before are listed, one click fills the form (a remembered table rejoins its seats).

A wrong code or an unreachable address is said in words on this screen; the lobby opens on the first answer.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ...i18n import _
from ..ui.intents import Intent, Kind
from ..ui.look import CREAM, GOLD_LIGHT, INK, INK_SOFT, panel
from ..ui.stack import Scene
from ..ui.widgets import button, label, text_entry
from .online_net import (DEFAULT_PORT, NAME_LIMIT, Browser, Remembered, clean, connector, remembered_credentials,
                         remembered_tables)

FORM_PANEL, LIST_PANEL = (40, 90, 560, 540), (620, 90, 620, 540)
LISTED = 5            # tables of each list shown


def parse_port(text: str) -> int | None:
    text = text.strip()
    if not text.isdigit():
        return None
    port = int(text)
    return port if 1 <= port <= 65535 else None


def split_address(text: str) -> tuple[str, int | None]:
    """"192.168.1.5:7878" → ("192.168.1.5", 7878); a bare address keeps the port field's."""
    text = text.strip()
    if text.count(":") == 1:
        host, _sep, port = text.partition(":")
        return host.strip(), parse_port(port)
    return text, None


class JoinScene(Scene):
    name = "online-join"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.error = ""
        self.browser = Browser()
        self.remembered: list[Remembered] = remembered_tables()[:LISTED]
        self.found = self.browser.found()[:LISTED]
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.values = {"name": _("Player"), "address": "", "port": str(DEFAULT_PORT), "code": ""}
        self._found_key: tuple = ()

    def build(self) -> None:
        r = self.app.ui.rect
        rows = (("name", _("Your name"), NAME_LIMIT), ("address", _("Address"), 60), ("port", _("Port"), 5),
                ("code", _("Join code"), 12))
        self.entries = {}
        for i, (key, text, limit) in enumerate(rows):
            y = 150 + i * 70
            label(self, r(60, y, 180, 40), text, "#ink_label")
            self.entries[key] = text_entry(self, r(250, y, 320, 40), self.values[key], limit, text)
        button(self, r(250, 440, 320, 48), _("Join the table"), self.join, "#primary")
        button(self, r(40, 652, 200, 48), _("Back"), self.back)
        self._found_key = tuple(self.found)
        y = 150
        for table in self.found:
            button(self, r(1040, y, 180, 36), _("Use this"), lambda t=table: self.fill(t.address, t.port, t.code),
                   object_id="#small")
            y += 46
        y = 420
        for table in self.remembered:
            button(self, r(1040, y, 180, 36), _("Rejoin"), lambda t=table: self.rejoin(t), object_id="#small",
                   tooltip=_("Back to your seat at this table"))
            y += 42

    def _read(self) -> None:
        for key, entry in self.entries.items():
            self.values[key] = entry.get_text()

    def fill(self, address: str, port: int, code: str) -> None:
        self._read()
        self.values.update(address=address, port=str(port), code=code or self.values["code"])
        self.rebuild()

    def join(self) -> bool:
        self._read()
        address, port = split_address(self.values["address"])
        port = port or parse_port(self.values["port"])
        name = clean(self.values["name"], NAME_LIMIT)
        code = "".join(self.values["code"].split()).upper()
        self.error = ""
        if not name:
            self.error = _("Type your name first.")
        elif not address:
            self.error = _("Type the address the host sees on the Lobby screen.")
        elif port is None:
            self.error = _("The port is a number from 1 to 65535.")
        elif not code:
            self.error = _("Type the join code the host sees on the Lobby screen.")
        if self.error:
            self.app.request_redraw()
            return False
        return self._open(address, port, code, name, None)

    def rejoin(self, table: Remembered) -> bool:
        self._read()
        if table.hosted:      # a table this computer hosts: opened again from its save (or found on its server)
            try:
                session = connector().reopen(table)
            except (OSError, RuntimeError, ValueError) as error:
                self.error = _("The table could not be opened: {reason}.").format(reason=str(error))
                self.app.request_redraw()
                return False
            self.browser.close()
            self.app.nav.replace("online-lobby", session)
            return True
        name = clean(self.values["name"], NAME_LIMIT) or table.name
        return self._open(table.address, table.port, table.code, name, remembered_credentials(table))

    def _open(self, address: str, port: int, code: str, name: str, credentials) -> bool:
        try:
            session = connector().join(address, port, code, name, credentials)
        except (OSError, RuntimeError, ValueError) as error:
            self.error = _("Could not reach the table ({reason}).").format(reason=str(error))
            self.app.request_redraw()
            return False
        self.browser.close()
        self.app.nav.replace("online-lobby", session)
        return True

    def back(self) -> None:
        self.browser.close()
        self.app.stack.pop()

    def exit(self) -> None:
        self.browser.close()
        super().exit()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.back()
        elif intent.kind is Kind.CONFIRM:
            self.join()

    def update(self, dt: float) -> bool:
        found = self.browser.found()[:LISTED]
        if tuple(found) != self._found_key:
            self._read()
            typing = next((key for key, entry in self.entries.items() if entry.is_focused), None)
            self.found = found
            self.rebuild()
            if typing is not None:      # a table found mid-word: the field keeps the keyboard (play-test 2026-11-29)
                entry = self.entries[typing]
                entry.focus()
                entry.edit_position = len(entry.get_text())
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        r = ui.rect
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, _("Join a table"), (ui.px(40), ui.px(18)), "title", 40, CREAM)
        form, lists = r(*FORM_PANEL), r(*LIST_PANEL)
        for rect, title in ((form, _("Where is the table?")), (lists, _("Tables"))):
            panel(surface, rect, ui)
            ui.blit_text(surface, title, (rect.x + ui.px(16), rect.y + ui.px(8)), "heading", 24, INK)
        hint = _("The host's Lobby screen shows the address, the port and the join code.")
        y = ui.px(510)
        for line in ui.wrap(hint, "body", 14, ui.px(500))[:3]:
            ui.blit_text(surface, line, (ui.px(60), y), "body", 14, INK_SOFT)
            y += ui.line_height("body", 14)
        ui.blit_text(surface, _("On the local network"), (ui.px(640), ui.px(126)), "bold", 16, INK)
        y = 150
        if not self.found:
            ui.blit_text(surface, _("No table found on the local network yet."), (ui.px(640), ui.px(y + 8)), "italic", 14,
                         INK_SOFT)
        for table in self.found:
            ui.blit_text(surface, ui.fit(f"{table.name} · {table.address}:{table.port}", "body", 15, ui.px(380)),
                         (ui.px(640), ui.px(y + 8)), "body", 15, INK)
            y += 46
        ui.blit_text(surface, _("Joined before"), (ui.px(640), ui.px(396)), "bold", 16, INK)
        y = 420
        if not self.remembered:
            ui.blit_text(surface, _("No table joined yet."), (ui.px(640), ui.px(y + 8)), "italic", 14, INK_SOFT)
        for table in self.remembered:
            text = f"{table.code} · {table.address}:{table.port} · {table.name}"
            if table.hosted:
                text = _("{table} (hosted here)").format(table=text)
            ui.blit_text(surface, ui.fit(text, "body", 15, ui.px(380)), (ui.px(640), ui.px(y + 8)), "body", 15, INK)
            y += 42
        if self.error:
            ui.blit_text(surface, ui.fit(self.error, "bold", 15, ui.px(960)), (ui.px(260), ui.px(664)), "bold", 15,
                         (255, 190, 120))
        else:
            ui.blit_text(surface, _("Enter joins · Esc goes back"), (ui.px(260), ui.px(664)), "body", 15, GOLD_LIGHT)
