"""The lobby of an online table: every seat, who sits there, connected or not, Ready, and the chat.

The host sees where friends should connect (this computer's addresses, the port and the join code) and starts
the game once every remote seat is taken; a joiner sits at a free seat, says Ready and waits. The first view of
the game replaces the lobby with the board (`online-board`).
"""

from __future__ import annotations

import pygame
import pygame_gui

from ...i18n import _
from ..ui.dialogs import ConfirmScene
from ..ui.intents import Intent, Kind
from ..ui.look import CREAM, GOLD_LIGHT, INK, INK_SOFT, panel
from ..ui.stack import Scene
from ..ui.widgets import button, text_entry
from .online_board import keep_polling, stop_polling
from .online_chat import draw_chat
from .online_net import CHAT_LIMIT, NAME_LIMIT, OnlineSession
from .online_words import seat_kind, seat_state

# design-pixel layout (1280×720): the seats on the left, the chat on the right
SEATS_PANEL, CHAT_PANEL = (40, 150, 700, 480), (760, 150, 480, 480)
ROW_TOP, ROW_PITCH = 200, 62


class LobbyScene(Scene):
    name = "online-lobby"

    def __init__(self, app, session: OnlineSession) -> None:
        super().__init__(app)
        self.session = session
        self.message = ""
        self.error = False
        self.chat_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.start_button: pygame_gui.elements.UIButton | None = None
        self.ready_button: pygame_gui.elements.UIButton | None = None
        self.seat_buttons: dict[int, pygame_gui.elements.UIButton] = {}
        self.name_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.seat_name = session.name       # the name the next seat taken here gets
        self._key: tuple = ()
        keep_polling(app, session)

    # ---- layout -------------------------------------------------------------------------------------
    def _layout_key(self) -> tuple:
        s = self.session
        return (s.is_host, tuple((line.seat, line.kind, line.taken, line.mine, line.ready) for line in s.seats),
                s.lobby.can_start if s.lobby else False)

    def build(self) -> None:
        ui = self.app.ui
        r = ui.rect
        s = self.session
        self._key = self._layout_key()
        self.seat_buttons = {}
        for i, line in enumerate(s.seats):
            y = ROW_TOP + i * ROW_PITCH
            if line.kind == "remote" and not s.is_host:
                if line.mine:
                    self.seat_buttons[line.seat] = button(self, r(580, y + 6, 140, 38), _("Stand up"),
                                                          lambda k=line.seat: self.session.leave_seat(k),
                                                          object_id="#small")
                elif not line.taken:
                    self.seat_buttons[line.seat] = button(self, r(580, y + 6, 140, 38), _("Sit here"),
                                                          lambda k=line.seat: self.sit(k), object_id="#small",
                                                          tooltip=_("Play this seat from this computer"))
        self.name_entry = None
        if not s.is_host and any(line.kind == "remote" and not line.taken for line in s.seats):
            # several people may share this computer: each sits under their own name (handed over as in pass-and-play)
            self.name_entry = text_entry(self, r(230, 572, 300, 40), self.seat_name, NAME_LIMIT, _("Your name"))
        self.chat_entry = text_entry(self, r(776, 568, 330, 40), "", CHAT_LIMIT, _("Write a message"))
        button(self, r(1114, 568, 110, 40), _("Send"), self.send_chat, object_id="#small")
        button(self, r(40, 652, 200, 48), _("Leave the table"), self.leave)
        self.start_button = self.ready_button = None
        if s.is_host:
            can_start = bool(s.lobby and s.lobby.can_start)   # (a change rebuilds: `_layout_key`)
            self.start_button = button(self, r(1010, 652, 230, 48), _("Start the game"), self.start, "#primary",
                                       enabled=can_start,
                                       tooltip=None if can_start else _("Every online seat must be taken first"))
        elif any(line.mine for line in s.seats):
            ready = any(line.mine and line.ready for line in s.seats)
            self.ready_button = button(self, r(1010, 652, 230, 48), _("Not ready") if ready else _("Ready"),
                                       lambda: self.session.set_ready(not ready), "#primary")

    # ---- actions ----------------------------------------------------------------------------------------
    def sit(self, seat: int) -> None:
        if self.name_entry is not None:
            self.seat_name = self.name_entry.get_text().strip() or self.session.name
        self.session.take_seat(seat, self.seat_name)

    def start(self) -> None:
        self.session.start_game()

    def send_chat(self) -> None:
        if self.chat_entry is not None and self.session.say(self.chat_entry.get_text()):
            self.chat_entry.set_text("")

    def leave(self) -> None:
        detail = (_("The table closes for everybody.") if self.session.hosting
                  else _("You can join this table again from Join a table."))
        self.app.stack.push(ConfirmScene(self.app, _("Leave the table?"), detail, _("Leave"), self._left))

    def _left(self) -> None:
        stop_polling(self.app, self.session)
        self.session.close()
        self.app.nav.reset("menu")

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.chat_entry:
            self.send_chat()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.leave()

    # ---- the network ----------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        updates = self.session.poll()
        for update in updates:
            if update.kind == "refused":
                self.message, self.error = update.text, True
            elif update.kind in ("dropped", "reconnecting", "failed", "closed"):
                self.message, self.error = update.text, update.kind != "reconnecting"
            elif update.kind in ("connected", "welcome"):
                self.message, self.error = "", False
        if self.session.views:        # the game runs (started now, or joined again mid-game): to the board
            self.app.nav.replace("online-board", self.session)
            return True
        if self._layout_key() != self._key:
            self.rebuild()
        return bool(updates)

    # ---- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        r = ui.rect
        s = self.session
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, _("Lobby"), (ui.px(40), ui.px(18)), "title", 40, CREAM)
        where = self.where_text()
        ui.blit_text(surface, ui.fit(where, "bold", 17, ui.px(1200)), (ui.px(40), ui.px(78)), "bold", 17, GOLD_LIGHT)
        ui.blit_text(surface, ui.fit(self.what_text(), "body", 15, ui.px(1200)), (ui.px(40), ui.px(106)), "body", 15,
                     CREAM)
        seats, chat = r(*SEATS_PANEL), r(*CHAT_PANEL)
        for rect, title in ((seats, _("Seats")), (chat, _("Chat"))):
            panel(surface, rect, ui)
            ui.blit_text(surface, title, (rect.x + ui.px(16), rect.y + ui.px(8)), "heading", 24, INK)
        for i, line in enumerate(s.seats):
            y = ui.px(ROW_TOP + i * ROW_PITCH)
            colour = (70, 150, 60) if line.connected or line.kind == "computer" else (170, 80, 60)
            pygame.draw.circle(surface, colour, (ui.px(68), y + ui.px(24)), ui.px(8))
            name = _("{name} (you)").format(name=line.name) if line.mine else line.name
            ui.blit_text(surface, ui.fit(name, "bold", 17, ui.px(250)), (ui.px(88), y + ui.px(4)), "bold", 17, INK)
            ui.blit_text(surface, ui.fit(seat_kind(line), "body", 14, ui.px(250)), (ui.px(88), y + ui.px(28)), "body", 14,
                         INK_SOFT)
            ui.blit_text(surface, ui.fit(seat_state(line, None), "body", 15, ui.px(220)), (ui.px(350), y + ui.px(14)),
                         "body", 15, INK)
        if self.name_entry is not None:
            ui.blit_text(surface, ui.fit(_("Sit down as"), "bold", 15, ui.px(160)), (ui.px(60), ui.px(582)), "bold", 15,
                         INK)
        draw_chat(surface, ui, pygame.Rect(chat.x + ui.px(16), chat.y + ui.px(48), chat.w - ui.px(32),
                                           chat.h - ui.px(120)), s)
        note = self.message or self.status_text()
        if note:
            colour = (255, 190, 120) if self.error else GOLD_LIGHT
            ui.blit_text(surface, ui.fit(note, "bold", 15, ui.px(740)), (ui.px(256), ui.px(664)), "bold", 15, colour)

    def where_text(self) -> str:
        s = self.session
        if s.hosting:
            addresses = ", ".join(s.addresses[:3]) or "127.0.0.1"
            return _("Join code {code} · address {addresses} · port {port}").format(code=s.code, addresses=addresses,
                                                                                  port=s.port)
        return _("Table {code} at {address}:{port}").format(code=s.code, address=s.address, port=s.port)

    def what_text(self) -> str:
        from ..setup.setup_maps import board_or_none

        lobby = self.session.lobby
        if lobby is None:
            return _("Connecting to the table…")
        name = getattr(board_or_none(lobby.map_id), 'name', lobby.map_id)
        if lobby.mode == "coop":        # the partners play together against the Void: say so before the board opens
            return _("Map: {map} · co-op against the Void, {players} partners").format(
                map=name, players=len(self.session.seats))
        return _("Map: {map} · {players} players").format(map=name, players=len(self.session.seats))

    def status_text(self) -> str:
        s = self.session
        if s.connection == "connecting":
            return _("Connecting to the table…")
        if s.is_host:
            if s.lobby is not None and s.lobby.can_start:
                return _("Every seat is taken: start when you are ready.")
            return _("Waiting for friends to take the online seats.")
        if not any(line.mine for line in s.seats):
            return _("Pick a free seat to play.")
        return _("Waiting for the host to start the game.")
