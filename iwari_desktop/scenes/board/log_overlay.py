"""The whole game's log, scrolled over the board's side panel.

The side panel's Recent moves has room for a line or two once six tribes fill it; this overlay
gives the player every move of the game, newest at the bottom, with a divider where their own last
turn ended (it opens there, so the player reads on from where they left) and a faint rule between turns. It covers the side panel only: the map stays in sight
with the rings around the new pieces (`marks`), and no tent space is ever hidden. It opens from the
panel (a click, the wheel turned back over it) or with L; it scrolls by wheel, by dragging the list
or its bar, and by the arrow keys, Page Up/Down, Home and End; Esc, L, Close or a click beside it
closes it. Nothing moves while it is open: the computers wait while the board is covered.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...i18n import _, ngettext
from .controller import GameController
from .log_panel import OLDER, PANEL_BORDER, PANEL_FILL
from .narration import EVENT
from ..ui.intents import Intent, Kind
from ..ui.look import CREAM, GOLD, GOLD_LIGHT, panel, tribe_rgb
from ..ui.stack import Scene
from ..ui.widgets import button

SIZE = 13  # the type of the log lines
LIST_FILL = (48, 33, 22)


@dataclass(frozen=True)
class Row:
    """One drawn row of the log: a move's wrapped line, the divider of news, or the rule between turns."""

    kind: str                   # "line", "since" or "turn"
    height: int
    text: str = ""
    tribe: int | None = None    # a move's first line carries its tribe's dot (EVENT: a gold diamond)
    ink: tuple[int, int, int] = CREAM
    role: str = "body"


class GameLogOverlay(Scene):
    """The scrollable log over `area` (the board's side panel); see the module docstring."""

    opaque = False
    name = "game-log"

    def __init__(self, app, controller: GameController, area: pygame.Rect) -> None:
        super().__init__(app)
        self.controller = controller
        self.area = area
        self.rows: list[Row] = []
        self.top = 0                                 # pixels of the content above the list's window
        self.drag: tuple[int, int, bool] | None = None  # (start y, top then, dragging the bar's thumb)
        self.list_rect = pygame.Rect(0, 0, 0, 0)

    # ---- layout ------------------------------------------------------------------------------------
    def build(self) -> None:
        ui = self.app.ui
        a = self.area
        self.help_lines = ui.wrap(_("Every move of this game, newest at the bottom. Scroll with the wheel, by "
                                    "dragging, or with the arrow keys, Page Up/Down, Home and End."),
                                  "body", 12, a.w - ui.px(24))
        top = a.y + ui.px(36) + len(self.help_lines) * ui.line_height("body", 12) + ui.px(6)
        close = pygame.Rect(a.x + ui.px(10), a.bottom - ui.px(48), a.w - ui.px(20), ui.px(40))
        self.list_rect = pygame.Rect(a.x + ui.px(8), top, a.w - ui.px(16), close.y - ui.px(8) - top)
        button(self, close, _("Close (L)"), self.close, "#small", _("Back to the board (Esc or L)"))
        self.rows = self.make_rows()
        self.top = min(self.max_top, self.divider_top())  # opens where the news start (or on the newest moves)

    def make_rows(self) -> list[Row]:
        """Every shown move wrapped to the list's width, with the news divider and the rules between turns."""
        ui, c = self.app.ui, self.controller
        width = self.list_rect.w - ui.px(48)  # clear of the scroll bar
        line_h = ui.line_height("body", SIZE)
        history = c.shown_history()
        marks = c.recent.marks[:len(history)]
        since = c.catch_up.since()
        olds = sum(1 for mark in marks if mark <= since)
        seats = c.trail.seats
        rows: list[Row] = []
        last_seat = None
        for k, ((tribe, text), mark) in enumerate(zip(history, marks)):
            seat = seats[mark] if 0 <= mark < len(seats) else None
            if k == olds and 0 < olds < len(history):
                rows.append(Row("since", line_h + ui.px(10), _("Since your last turn")))
            elif rows and seat != last_seat:
                rows.append(Row("turn", ui.px(9)))
            last_seat = seat
            sentence = text if tribe == EVENT else f"{c.tribe_name(tribe)} {text}"
            role = "bold" if tribe == EVENT else "body"
            ink = GOLD_LIGHT if tribe == EVENT else (OLDER if k < olds else CREAM)
            for n, line in enumerate(ui.wrap(sentence, role, SIZE, width)):
                rows.append(Row("line", line_h, line, tribe if n == 0 else None, ink, role))
        return rows

    def divider_top(self) -> int:
        """Where the "Since your last turn" divider sits in the content (past the end when there is none)."""
        y = 0
        for row in self.rows:
            if row.kind == "since":
                return y
            y += row.height
        return y

    @property
    def content_h(self) -> int:
        return sum(row.height for row in self.rows)

    @property
    def max_top(self) -> int:
        return max(0, self.content_h - self.list_rect.h)

    def scroll_to(self, top: int) -> None:
        self.top = max(0, min(self.max_top, int(top)))
        self.app.request_redraw()

    def thumb(self) -> pygame.Rect | None:
        """The scroll bar's thumb, None when everything fits."""
        total = self.content_h
        if total <= self.list_rect.h:
            return None
        ui, r = self.app.ui, self.list_rect
        h = max(ui.px(24), r.h * r.h // total)
        y = r.y + (r.h - h) * self.top // max(1, self.max_top)
        return pygame.Rect(r.right - ui.px(8), y, ui.px(8), h)

    # ---- input -------------------------------------------------------------------------------------
    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        line_h = self.app.ui.line_height("body", SIZE)
        if kind in (Kind.CANCEL, Kind.LOG):
            self.close()
        elif kind is Kind.SCROLL:
            self.scroll_to(self.top - intent.amount * line_h)
        elif kind is Kind.PAGE:
            self.scroll_to(self.top - intent.amount * (self.list_rect.h - line_h))
        elif kind is Kind.CLICK and intent.pos is not None:
            if not self.area.collidepoint(intent.pos):
                self.close()  # a click beside the log puts it away (and does nothing else)
                return
            thumb = self.thumb()
            on_bar = thumb is not None and intent.pos[0] >= thumb.x - self.app.ui.px(4)
            if on_bar and not thumb.collidepoint(intent.pos) and self.list_rect.collidepoint(intent.pos):
                self.scroll_to(self.top + (self.list_rect.h if intent.pos[1] > thumb.centery else -self.list_rect.h))
            if self.list_rect.collidepoint(intent.pos):
                self.drag = (intent.pos[1], self.top, on_bar)
        elif kind is Kind.HOVER and intent.pos is not None:
            if not intent.amount:
                self.drag = None
            elif self.drag is not None:
                start, top, on_bar = self.drag
                moved = intent.pos[1] - start
                if on_bar:  # the thumb follows the pointer: the content moves by as much more as it is longer
                    scale = self.content_h / max(1, self.list_rect.h)
                    self.scroll_to(top + moved * scale)
                else:       # the list follows the pointer, as on a touch screen
                    self.scroll_to(top - moved)

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui, a, c = self.app.ui, self.area, self.controller
        panel(surface, a, ui, fill=PANEL_FILL, border=PANEL_BORDER)
        ui.blit_text(surface, _("Game log"), (a.x + ui.px(12), a.y + ui.px(6)), "heading", 19, GOLD_LIGHT)
        moves = len(c.shown_history())
        ui.blit_text(surface, ngettext("{n} entry", "{n} entries", moves).format(n=moves),
                     (a.right - ui.px(12), a.y + ui.px(12)), "body", 12, OLDER, "topright")
        y = a.y + ui.px(34)
        for line in self.help_lines:
            ui.blit_text(surface, line, (a.x + ui.px(12), y), "body", 12, OLDER)
            y += ui.line_height("body", 12)
        r = self.list_rect
        pygame.draw.rect(surface, LIST_FILL, r, border_radius=ui.px(6))
        # the rows go on a page of the list's size, cut at its edges (a row half scrolled out shows half)
        page = pygame.Surface(r.size)
        page.fill(LIST_FILL)
        y = -self.top
        for row in self.rows:
            if y + row.height >= 0 and y <= r.h:
                self._draw_row(page, row, y)
            y += row.height
        surface.blit(page, r.topleft)
        thumb = self.thumb()
        if thumb is not None:
            pygame.draw.rect(surface, (84, 60, 42), (thumb.x, r.y, thumb.w, r.h), border_radius=ui.px(4))
            pygame.draw.rect(surface, GOLD, thumb, border_radius=ui.px(4))

    def _draw_row(self, page: pygame.Surface, row: Row, y: int) -> None:
        """One row on the list's page (its own coordinates: 0 is the list's left edge and its window's top)."""
        ui, w = self.app.ui, self.list_rect.w
        if row.kind == "turn":
            mid = y + row.height // 2
            pygame.draw.line(page, (92, 66, 46), (ui.px(20), mid), (w - ui.px(24), mid), 1)
            return
        if row.kind == "since":
            mid = y + row.height // 2
            text = ui.blit_text(page, row.text, (w // 2 - ui.px(6), mid), "bold", 12, GOLD, "center")
            for x0, x1 in ((ui.px(8), text.x - ui.px(8)), (text.right + ui.px(8), w - ui.px(20))):
                pygame.draw.line(page, GOLD, (x0, mid), (x1, mid), max(1, ui.px(2)))
            return
        if row.tribe is not None:
            centre = (ui.px(14), y + row.height // 2)
            if row.tribe == EVENT:
                d = ui.px(5)
                pygame.draw.polygon(page, GOLD, [(centre[0], centre[1] - d), (centre[0] + d, centre[1]),
                                                 (centre[0], centre[1] + d), (centre[0] - d, centre[1])])
            else:
                colour = tribe_rgb(self.controller.state.tribes[row.tribe].colour.value)
                pygame.draw.circle(page, colour, centre, ui.px(5))
        ui.blit_text(page, row.text, (ui.px(26), y), row.role, SIZE, row.ink)
