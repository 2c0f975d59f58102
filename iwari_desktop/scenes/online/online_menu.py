"""Play online: host a table on this computer, or join a friend's; Continue's way back to a remembered table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import pygame

from ...storage import date_format

from ...i18n import _
from ..ui.intents import Intent, Kind
from ..ui.look import CREAM, GOLD_LIGHT, INK, INK_SOFT, panel
from ..ui.stack import Scene
from ..ui.widgets import button
from .online_net import Remembered, connector, hosted_progress, open_tables, remembered_credentials

LISTED = 3      # remembered tables Continue and Play online offer at most
REJOIN_ROW = 46  # design pixels of one table's row on Play online


class OnlineMenuScene(Scene):
    """The ways in, and under them the tables this computer sat at that may still be open, each with Rejoin."""

    name = "online"
    rebuilds_on_resume = True   # a table may have been joined or hosted meanwhile: its Rejoin row is read afresh

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        self.tables = open_tables()[:LISTED]
        bw, bh, gap = ui.px(400), ui.px(52), ui.px(14)
        top = int(h * 0.38)
        if self.tables:     # the buttons move up under the words to make room for the tables
            top = min(top, self.words_bottom() + ui.px(20))
        self.buttons = {}
        for i, (key, text, command, style) in enumerate((
                ("host", _("Host a table"), lambda: self.app.nav.push("online-host"), "#menu_button"),
                ("coop", _("Host co-op against the Void"), lambda: self.app.nav.push("online-host-coop"),
                 "#menu_button"),
                ("join", _("Join a table"), lambda: self.app.nav.push("online-join"), "#menu_button"),
                ("back", _("Back"), self.app.stack.pop, "#menu_button"))):
            self.buttons[key] = button(self, pygame.Rect(w // 2 - bw // 2, top + i * (bh + gap), bw, bh), text, command,
                                       style)
        # the tables to rejoin: a panel under the buttons, one row each (its name and state, Rejoin at the right)
        self.rejoin_buttons = []
        self.tables_rect = None
        if self.tables:
            row = ui.px(REJOIN_ROW)
            y = self.buttons["back"].rect.bottom + ui.px(18)
            self.tables_rect = pygame.Rect(w // 2 - ui.px(360), y, ui.px(720), ui.px(40) + len(self.tables) * row)
            for i, table in enumerate(self.tables):
                rect = pygame.Rect(self.tables_rect.right - ui.px(176), y + ui.px(38) + i * row, ui.px(160), row - ui.px(8))
                self.rejoin_buttons.append(button(self, rect, _("Rejoin"), lambda t=table: continue_online(self.app, t),
                                                  object_id="#small", tooltip=_("Back to your seat at this table")))

    def resume(self) -> None:
        self.rebuild()
        super().resume()

    def words(self) -> list[str]:
        text = _("Play with friends on their own computers: one of you hosts a table, the others join it with "
                 "its address and join code. Hands stay hidden; a dropped player comes back to the same seat.")
        return self.app.ui.wrap(text, "body", 17, self.app.ui.px(720))

    def words_bottom(self) -> int:
        return int(self.app.screen.get_height() * 0.22) + len(self.words()) * self.app.ui.line_height("body", 17)

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, _("Play online"), (w // 2, int(h * 0.1)), "title", 48, CREAM, "midtop")
        y = int(h * 0.22)
        for line in self.words():
            ui.blit_text(surface, line, (w // 2, y), "body", 17, GOLD_LIGHT, "midtop")
            y += ui.line_height("body", 17)
        if self.tables_rect is None:
            return
        box = self.tables_rect
        panel(surface, box, ui)
        ui.blit_text(surface, _("Your tables"), (box.x + ui.px(16), box.y + ui.px(6)), "heading", 20, INK)
        room = box.w - ui.px(16) - ui.px(200)
        for table, widget in zip(self.tables, self.rejoin_buttons):
            title, detail = table_words(table)
            y = widget.rect.y - ui.px(2)
            ui.blit_text(surface, ui.fit(title, "bold", 15, room), (box.x + ui.px(16), y), "bold", 15, INK)
            ui.blit_text(surface, ui.fit(detail, "body", 13, room), (box.x + ui.px(16), y + ui.line_height("bold", 15)),
                         "body", 13, INK_SOFT)


def table_words(table: Remembered) -> tuple[str, str]:
    """A remembered table as Continue and Play online name it: "Rejoin table ABC 123", and its state."""
    title = _("Rejoin table {code}").format(code=join_code(table.code))
    when = _("last played {when}").format(when=played_at(table.last_seen))
    progress = hosted_progress(table)
    if table.hosted:
        if progress is None:
            state = _("your table")
        elif not progress.started:
            state = _("your table, in the lobby")
        elif progress.over:
            state = _("your table, the game is over")
        else:
            state = _("your table, round {round}").format(round=progress.round)
    else:
        state = _("as {name}").format(name=table.name)
    return title, f"{state} · {when}"


def join_code(code: str) -> str:
    """The code as the host's screen shows it: two groups of three."""
    return f"{code[:3]} {code[3:]}" if len(code) == 6 else code


def played_at(seconds: float) -> str:
    try:
        return datetime.fromtimestamp(seconds).strftime(date_format())
    except (ValueError, OverflowError, OSError):
        return "?"


def continue_online(app, table: Remembered | None = None) -> bool:
    """Continue: back to a remembered table (the newest open one unless told), its seats by their credentials;
    False when there is none or it cannot be opened."""
    if table is None:
        tables = open_tables()
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


@dataclass(frozen=True)
class TableChoice:
    """A remembered table as the menu's Continue offers it beside a game at this computer (no network type)."""

    title: str
    detail: str
    last_seen: float
    open: Callable[[], bool]


def table_choices(app) -> list[TableChoice]:
    """The open remembered tables Continue may offer, newest first ([] while none: Continue is the local game's)."""
    return [TableChoice(*table_words(table), table.last_seen, lambda t=table: continue_online(app, t))
            for table in open_tables()[:LISTED]]
