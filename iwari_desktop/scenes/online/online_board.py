"""The board at an online table: the pass-and-play board with the table's seats, chat and away seats over it.

The board itself is `BoardScene` with an `OnlineController` (its moves go to the host; the host's views replace
the state). This scene polls the session every frame (a wake source keeps the window answering while idle),
hands each view to the controller, plays the your-turn sound when the turn comes to a seat at this computer,
and draws the table's strip over the map: every seat with its connection, who is acting and for how long, an
away seat's time and, for the host, wait or let a computer play until its player is back. Play again (host) at
the end; Esc opens the table's menu (online_pause.py).

A chat line from someone else shows for a while at the top of the side panel's Recent-moves room (which gives way
to it, so it covers no space the player may click; a click on it opens the chat) and fades; the Chat button
counts the lines not read yet.
"""

from __future__ import annotations

import time

import pygame

from ...audio import Happening
from ...i18n import _
from ..board.board import BoardScene
from ..ui.look import CREAM, GOLD_LIGHT
from ..ui.widgets import button, dropdown
from .online_controller import OnlineController, game_of
from .online_chat import ChatOverlay
from .online_net import OnlineSession, SeatLine, SeatView, remember
from .online_pause import OnlinePauseOverlay
from .online_words import LEVELS, clock, level_name, seat_state, seat_state_short

CHAT_SHOWN = 10.0    # seconds a new chat line stays at the top of the side panel's Recent moves
CHAT_FADE = 2.0      # of which the last ones fade it out
CHAT_LINES = 3       # chat lines shown there at most (the Chat button opens all of them)
CHAT_ROOM = 0.5      # the share of the Recent-moves room they may take
POLL_WAIT = 0.1      # seconds the window sleeps at most while at a table (network news is read then)
ASK_AGAIN = 120.0    # seconds after "Wait" before the host is asked again about a seat still away
AWAY_ROW = 40        # design pixels of one away seat's row above the map: its words, then Wait, a level, Computer plays


def mix(colour: tuple[int, int, int], under: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    """`colour` shown at `amount` (0…1) over `under`: a fading line without drawing through a see-through layer."""
    return tuple(round(u + (c - u) * amount) for c, u in zip(colour, under))  # type: ignore[return-value]


def first_view(session: OnlineSession) -> SeatView:
    """The view a board opens on: an acting seat at this computer, else the first held seat's."""
    views = session.views
    for view in views.values():
        if view.state.active_seat in views:
            return views[view.state.active_seat]
    return views[min(views)]


def keep_polling(app, session: OnlineSession) -> None:
    """Wake the window every POLL_WAIT seconds while `session` is open (network news arrives on another thread)."""
    def due() -> float | None:
        return POLL_WAIT if session.connection != "closed" else None
    if not any(getattr(source, "session", None) is session for source in app.wake_sources):
        due.session = session  # type: ignore[attr-defined]
        app.wake_sources.append(due)


def stop_polling(app, session: OnlineSession) -> None:
    app.wake_sources[:] = [s for s in app.wake_sources if getattr(s, "session", None) is not session]


class OnlineBoardScene(BoardScene):
    name = "online-board"
    scoring_route = "online-scoring"

    def __init__(self, app, session: OnlineSession) -> None:
        self.session = session
        super().__init__(app, game_of(first_view(session)), autosave=False)
        self.controller.receive(first_view(session))
        self.chat_news: list[tuple[float, str]] = []      # (shown until, line)
        self.unread = 0                                   # chat lines from others since the chat was last open
        self.chat_rect: pygame.Rect | None = None         # the chat lines in the side panel, as last drawn
        self.reviewing: set[int] = set()                  # away seats the host asked to decide again (the menu)
        self.connection_note = ""
        self._online_key: tuple = ()
        self._online_buttons: dict[str, object] = {}
        self._level_menus: dict[int, object] = {}
        self.table_rect: pygame.Rect | None = None     # the away seats' box (host only)
        self.strip_rect = pygame.Rect(0, 0, 0, 0)
        self.waited: dict[int, float] = {}              # away seats the host chose to wait for, and since when
        keep_polling(app, session)

    def make_controller(self, game, autosave) -> OnlineController:
        return OnlineController(game, self.session)

    @property
    def online(self) -> OnlineController:
        assert isinstance(self.controller, OnlineController)
        return self.controller

    # ---- the network ----------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        polled = self.poll()
        changed = super().update(dt)
        if self._widget_key() != self._online_key:
            self.rebuild()      # (a rebuild marks the buttons as seen: what the change opens is opened here)
            self._sync()
            changed = True
        return changed or polled or self._clock_shown()

    def _clock_shown(self) -> bool:
        """The 'waiting for … · 0:42' clock and away times tick once a second."""
        second = int(time.monotonic())
        ticking = not self.online.over and (not self.online.my_turn or any(
            s.away_seconds is not None for s in self.session.seats))
        if ticking and second != getattr(self, "_second", None):
            self._second = second
            return True
        return False

    def poll(self) -> bool:
        """Read what arrived; True if anything did."""
        updates = self.session.poll()
        c = self.online
        for update in updates:
            if update.kind == "view" and update.view is not None:
                mine_before, over_before = c.my_turn, c.over
                if c.receive(update.view) and c.my_turn and not mine_before and not c.needs_handoff:
                    self.app.audio.hear(Happening.YOUR_TURN)
                if over_before and not c.over:         # Play again: the last game's results close
                    while self.app.stack.top is not self and self.app.stack.find(type(self)) is self:
                        self.app.stack.pop()
                if update.view.state_number == 0 and not update.view.log:
                    self._void_end_shown = False      # Play again: a new game's end screen may show again
            elif update.kind == "refused":
                c.refused(update.text)
            elif update.kind == "chat":
                self._chat_arrived(update.text)
            elif update.kind in ("dropped", "reconnecting", "failed", "closed"):
                self.connection_note = update.text
            elif update.kind in ("connected", "welcome"):
                self.connection_note = ""
        if updates:
            self.app.request_redraw()
        return bool(updates)

    def leave_table(self) -> None:
        """Close this computer's connection (and its table server when it hosts) and go to the menu."""
        stop_polling(self.app, self.session)
        remember(self.session)      # "last played" on Continue and Play online: now, not when the table was joined
        self.session.close()
        self.app.nav.reset("menu")

    def open_pause(self) -> None:
        self.app.stack.push(OnlinePauseOverlay(self.app, self))

    def void_end_scene(self):
        """A finished co-op game's end screen, the table's kind: leaving asks first, the host may play again."""
        from .online_void_end import OnlineVoidEndScene

        return OnlineVoidEndScene(self.app, self.online, self.leave_table)

    def open_chat(self) -> None:
        self.unread = 0
        self.chat_news.clear()
        self._show_unread()
        self.app.nav.push("online-chat", self.session)

    # ---- chat news -------------------------------------------------------------------------------------
    def _chat_arrived(self, text: str) -> None:
        """A line from someone else is shown and counted; one's own (the table sends it back) is not news."""
        entry = self.session.chat[-1] if self.session.chat else None
        if entry is not None and entry.name == self.session.name:
            return
        if self.app.stack.find(ChatOverlay) is not None:
            return          # read at once in the open chat
        self.chat_news = (self.chat_news + [(time.monotonic() + CHAT_SHOWN, text)])[-CHAT_LINES:]
        self.unread += 1
        self._show_unread()

    def _show_unread(self) -> None:
        chat = self._online_buttons.get("chat")
        if chat is not None:
            count = str(self.unread) if self.unread < 10 else "9+"     # the button's room: one or two characters
            chat.set_text(_("Chat ({count})").format(count=count) if self.unread else _("Chat"))

    def chat_lines(self, width: int) -> list[tuple[str, float]]:
        """The chat lines to show in `width` (wrapped, at most two lines each, newest last) with each one's
        opacity (1, then down to 0 over the last CHAT_FADE seconds)."""
        now = time.monotonic()
        self.chat_news = [(until, text) for until, text in self.chat_news if until > now]
        ui = self.app.ui
        lines: list[tuple[str, float]] = []
        for until, text in self.chat_news:
            shown = min(1.0, (until - now) / CHAT_FADE)
            lines += [(line, shown) for line in ui.wrap(text, "body", 13, width)[:2]]
        return lines

    def draw_side_log(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The newest chat lines at the top of the Recent-moves room, Recent moves under them (see the docstring)."""
        ui = self.app.ui
        self.chat_rect = None
        pad = ui.px(8)
        lines = self.chat_lines(area.w - 2 * pad)
        line_h = ui.line_height("body", 13)
        room = int(area.h * CHAT_ROOM) - 2 * pad
        lines = lines[-max(0, room // line_h):] if room >= line_h else []
        if lines:
            box = pygame.Rect(area.x, area.y, area.w, len(lines) * line_h + 2 * pad)
            self.chat_rect = box
            fade = max(shown for _line, shown in lines)
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((30, 18, 12, int(215 * fade)))
            surface.blit(shade, box)
            pygame.draw.rect(surface, mix(GOLD_LIGHT, (64, 44, 30), fade), box, max(1, ui.px(1)),
                             border_radius=ui.px(6))
            y = box.y + pad
            for line, shown in lines:
                ui.blit_text(surface, line, (box.x + pad, y), "body", 13, mix(CREAM, (40, 26, 18), shown))
                y += line_h
            gap = ui.px(6)
            area = pygame.Rect(area.x, box.bottom + gap, area.w, area.bottom - box.bottom - gap)
        super().draw_side_log(surface, area)

    def click(self, pos: tuple[int, int]) -> None:
        if self.chat_rect is not None and self.chat_rect.collidepoint(pos):
            self.open_chat()
            return
        super().click(pos)

    # ---- the table's box --------------------------------------------------------------------------------
    def undecided(self) -> list[SeatLine]:
        """Away seats the host has not decided for yet (neither a stand-in nor "wait")."""
        gone = {s.seat for s in self.session.seats if s.away_seconds is not None}
        self.reviewing &= gone
        away = [s for s in self.session.seats if s.seat in gone and (s.standin is None or s.seat in self.reviewing)]
        now = time.monotonic()
        self.waited = {seat: at for seat, at in self.waited.items()     # back at the table: a later drop asks again;
                       if seat in gone and now - at < ASK_AGAIN}        # still away: asked again later
        return [s for s in away if s.seat not in self.waited]

    def review_away(self, seats: list[int]) -> None:
        """The host's menu: ask again about these away seats (waited for, or with a computer playing them)."""
        self.reviewing |= set(seats)
        for seat in seats:
            self.waited.pop(seat, None)

    def _widget_key(self) -> tuple:
        c = self.online
        away = tuple(s.seat for s in self.undecided())
        return (self.session.is_host, c.over, away if self.session.is_host else ())

    def wait_for_seat(self, seat: int) -> None:
        """The host waits for an away player: the question goes, the seat stays away (no computer plays)."""
        self.session.away_decision(seat, None)
        self.waited[seat] = time.monotonic()
        self.reviewing.discard(seat)

    def build(self) -> None:
        super().build()
        ui = self.app.ui
        # the table's strip between the banner and the map: every seat with its state, and the chat button
        strip_h = ui.px(30)
        area = self.board_area
        self.strip_rect = pygame.Rect(area.x, area.y, area.w, strip_h - ui.px(4))
        self.board_area = pygame.Rect(area.x, area.y + strip_h, area.w, area.h - strip_h)
        self.view.set_area(self.board_area)
        self._static = None
        self._online_key = self._widget_key()
        self._online_buttons, self._level_menus = {}, {}
        chat_w = ui.px(86)
        self._online_buttons["chat"] = button(
            self, pygame.Rect(self.strip_rect.right - chat_w, self.strip_rect.y, chat_w, self.strip_rect.h), _("Chat"),
            self.open_chat, object_id="#small", tooltip=_("Write to everybody at the table"))
        # the host decides for an away seat: wait, or a computer plays. One row per seat in a band between the strip
        # and the map, which gives way (a box over the map would cover spaces a player may want to click)
        away = self.undecided() if self.session.is_host else []
        self.table_rect = None
        if away:
            band = pygame.Rect(area.x, self.board_area.y, area.w, len(away) * ui.px(AWAY_ROW))
            self.table_rect = band
            below = band.bottom + ui.px(4)
            self.board_area = pygame.Rect(area.x, below, area.w, self.board_area.bottom - below)
            self.view.set_area(self.board_area)
            y = band.y + ui.px(3)
            for seat in away:
                x = band.right - ui.px(400)
                h = ui.px(AWAY_ROW) - ui.px(6)
                self._online_buttons[f"wait{seat.seat}"] = button(
                    self, pygame.Rect(x, y, ui.px(90), h), _("Wait"),
                    lambda s=seat.seat: self.wait_for_seat(s), object_id="#small",
                    tooltip=_("Keep the seat for its player: the game waits."))
                self._level_menus[seat.seat] = dropdown(
                    self, pygame.Rect(x + ui.px(96), y, ui.px(110), h),
                    [level_name(level) for level in LEVELS], level_name(seat.standin or "normal"))
                self._online_buttons[f"computer{seat.seat}"] = button(
                    self, pygame.Rect(x + ui.px(212), y, ui.px(188), h), _("Computer plays"),
                    lambda s=seat.seat: self._stand_in(s), object_id="#small",
                    tooltip=_("A computer of the chosen level plays this seat until its player is back."))
                y += ui.px(AWAY_ROW)
        if self.online.over and self.session.is_host:
            again_w = ui.px(150)
            self._online_buttons["again"] = button(
                self, pygame.Rect(self.strip_rect.right - chat_w - again_w - ui.px(6), self.strip_rect.y, again_w,
                                  self.strip_rect.h), _("Play again"), self.session.play_again, object_id="#small",
                tooltip=_("A new game with the same seats"))
        self._show_unread()

    def _stand_in(self, seat: int) -> None:
        menu = self._level_menus.get(seat)
        shown = getattr(menu, "selected_option", None)
        shown = shown[0] if isinstance(shown, tuple) else shown
        level = next((lv for lv in LEVELS if level_name(lv) == shown), "normal")
        self.session.away_decision(seat, level)
        self.reviewing.discard(seat)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_table(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        strip = self.strip_rect
        shade = pygame.Surface(strip.size, pygame.SRCALPHA)
        shade.fill((30, 18, 12, 200))
        surface.blit(shade, strip)
        buttons = [b for key, b in self._online_buttons.items() if key in ("chat", "again")]
        right = min([b.rect.x for b in buttons] + [strip.right]) - ui.px(8)
        x = strip.x + ui.px(10)
        if self.connection_note:
            ui.blit_text(surface, ui.fit(self.connection_note, "bold", 14, right - x), (x, strip.y + ui.px(4)),
                         "bold", 14, (255, 190, 120))
        else:
            seats = self.session.seats
            width = (right - x) // max(1, len(seats))
            active = None if self.online.over else self.online.state.active_seat
            for line in seats:
                self._draw_seat(surface, line, (x, strip.y + ui.px(4)), width, line.seat == active)
                x += width
        rect = self.table_rect
        if rect is None:
            return
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((30, 18, 12, 215))
        surface.blit(shade, rect)
        y = rect.y
        room = rect.w - ui.px(400) - ui.px(24)
        for line in self.undecided():
            away = clock(self.session.away_seconds(line) or 0)
            words = (_("{name} is away ({time}): wait, or let a computer play?").format(name=line.name, time=away)
                     if line.standin is None else
                     _("{name} is away ({time}), a computer ({level}) plays: wait, or change it?").format(
                         name=line.name, time=away, level=level_name(line.standin)))
            lines = ui.wrap(words, "bold", 13, room)   # two lines when one is too short (German, a long name)
            if len(lines) > 2:
                lines = [lines[0], ui.fit(" ".join(lines[1:]), "bold", 13, room)]
            line_h = ui.line_height("bold", 13)
            top = y + (ui.px(AWAY_ROW) - len(lines) * line_h) // 2
            for text in lines:
                ui.blit_text(surface, text, (rect.x + ui.px(10), top), "bold", 13, CREAM)
                top += line_h
            y += ui.px(AWAY_ROW)

    def seat_words(self, line: SeatLine) -> list[str]:
        """A seat's words in the strip, longest first; the first that fits its slot is shown. With five seats or in
        German the state shortens, then goes (the dot's colour says connected, away or computer), then "(you)"."""
        away = self.session.away_seconds(line)
        you = _("{name} (you)").format(name=line.name) if line.mine else line.name
        short = seat_state_short(line, away)
        words = [f"{you} · {seat_state(line, away, in_game=True)}"]
        words += [f"{you} · {short}"] if short else []
        words += [f"{line.name} · {short}"] if short and line.mine else []
        return words + [you, line.name]

    def _draw_seat(self, surface: pygame.Surface, line: SeatLine, pos: tuple[int, int], width: int, acting: bool) -> None:
        ui = self.app.ui
        x, y = pos
        colour = (120, 200, 110) if line.connected else (220, 110, 80)
        if line.kind == "computer":
            colour = (170, 170, 190)
        pygame.draw.circle(surface, colour, (x + ui.px(5), y + ui.px(9)), ui.px(5))
        if acting:
            pygame.draw.circle(surface, GOLD_LIGHT, (x + ui.px(5), y + ui.px(9)), ui.px(8), max(1, ui.px(2)))
        role = "bold" if acting else "body"
        room = width - ui.px(22)
        text = next((words for words in self.seat_words(line) if ui.text_width(words, role, 13) <= room), None)
        text = text if text is not None else ui.fit(line.name, role, 13, room)
        ui.blit_text(surface, text, (x + ui.px(16), y), role, 13, GOLD_LIGHT if acting else CREAM)

    @property
    def animating(self) -> bool:
        return super().animating or bool(self.chat_news)

