"""Host a table: map, options and seats as in New game, each seat a player online, a person at this computer or a
computer of a level; "Open the table" starts the table server here and goes to the lobby.

Why a subclass of the setup screen: the map grid, the options and every engine verdict (a map's player
range, options that do not go together) are the same as for a game at one computer; only the seat kinds and
what the start button does differ.
"""

from __future__ import annotations

import random

from ...engine import ConfigError, Game, MapError
from ...engine.core.config import GameConfig, GameMode, PlayerSpec
from ...i18n import N_, _
from ..setup.setup import SetupScene
from ..setup.setup_mode import ModeSetupScene
from ..ui.look import INK, INK_SOFT
from ..ui.widgets import button, text_entry
from ..ui.words import localized, player_text
from .online_join import split_address
from .online_net import DEFAULT_PORT, OnlineSession, PlannedSeat, connector, local_addresses

# the seat kinds in the order a click cycles through them: a player online, a person here, computers
HOST_KINDS: tuple[str | None, ...] = ("remote", None, "easy", "normal", "hard")
HOST_LABELS = {"remote": N_("Online"), None: N_("Here"), "easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
HOST_TIPS = {"remote": N_("A friend plays this seat from another computer (click: a person here)"),
             None: N_("A person at this computer plays this seat (click: a computer)"),
             "easy": N_("Computer, Easy (click for Normal)"), "normal": N_("Computer, Normal (click for Hard)"),
             "hard": N_("Computer, Hard (click: a friend online)")}


def next_host_kind(kind: str | None) -> str | None:
    i = HOST_KINDS.index(kind) if kind in HOST_KINDS else -1
    return HOST_KINDS[(i + 1) % len(HOST_KINDS)]


class HostScene(SetupScene):
    """New game's form for a table (see the module docstring)."""

    name = "online-host"
    title = N_("Host a table")
    start_label = N_("Open the table")

    def __init__(self, app) -> None:
        super().__init__(app)
        computers = self.model.computers
        if not any(kind == "remote" for kind in computers):   # the first time: seat 1 here, the others online
            self.model.computers = [None] + ["remote"] * (len(self.model.names) - 1)
        self.addresses = local_addresses()
        self.session: OnlineSession | None = None
        self.server_text = ""            # "address:port" of an `iwari serve` to make the table on ("": here)
        self.server_entry = None

    def build(self) -> None:
        super().build()
        for widget in getattr(self, "seat_buttons", []):   # the setup's Person/computer buttons give way to ours
            widget.kill()
        r = self.app.ui.rect
        kinds = self.model.computers[:len(self.model.names)]
        kinds += [None] * (len(self.model.names) - len(kinds))
        self.model.computers[:len(kinds)] = kinds
        self.seat_buttons = [button(self, r(616, 124 + i * 54, 76, 40), _(HOST_LABELS.get(kind, HOST_LABELS[None])),
                                    lambda k=i: self.cycle(k), object_id="#small", tooltip=_(HOST_TIPS[kind]))
                             for i, kind in enumerate(kinds)]
        self.server_entry = text_entry(self, r(600, 538, 248, 36), self.server_text, 60, _("this computer"))

    def cycle(self, index: int) -> None:
        if 0 <= index < len(self.model.computers):
            self._sync_names()
            self.model.computers[index] = next_host_kind(self.model.computers[index])
            self.changed()

    def _draw_players(self, surface) -> None:  # noqa: F811  (the server line under the rows)
        self._draw_rows(surface)
        ui = self.app.ui
        ui.blit_text(surface, _("Table on"), (ui.px(468), ui.px(546)), "bold", 15, INK)

    def table_note(self) -> str:
        server = self.server_entry.get_text().strip() if self.server_entry is not None else ""
        return _("Friends join at {address}; the lobby shows the port and the code.").format(
            address=server or ", ".join(self.addresses[:2]))

    def _draw_rows(self, surface) -> None:
        """The setup's rows, with the robot mark on computer seats only (an online seat is a person)."""
        kept = self.model.computers
        self.model.computers = [None if kind == "remote" else kind for kind in kept]
        try:
            super()._draw_players(surface)
        finally:
            self.model.computers = kept

    def plan(self) -> list[PlannedSeat]:
        seats = []
        for name, kind in zip(self.model.names, self.model.computers + [None] * len(self.model.names)):
            if kind == "remote":
                seats.append(PlannedSeat("remote", None, name))
            elif kind is None:
                seats.append(PlannedSeat("local", None, name))
            else:
                seats.append(PlannedSeat("computer", kind, name))
        return seats

    def config(self, seed: int) -> GameConfig:
        """The model's game with a computer level only on the computer seats (an online seat is a person)."""
        players = tuple(PlayerSpec(n, c, k if k not in (None, "remote") else None)
                        for n, c, k in zip(self.model.names, self.model.colours,
                                           self.model.computers + [None] * len(self.model.names)))
        return GameConfig(self.model.map_id, players, seed, frozenset(self.model.feats), self.model.draft,
                          self.model.first, options=self.model.chosen_options())

    def start(self, seed: int | None = None) -> bool:
        """Check the setup with the engine, open the table on this computer and go to its lobby."""
        self.model.names = [e.get_text() for e in self.entries] or self.model.names
        problem = self.name_problem() or ("" if self.model.map_id else _("No map is installed, so no game can start."))
        if problem:
            self.error = problem
            self.app.request_redraw()
            return False
        config = self.config(seed if seed is not None else random.SystemRandom().randrange(1, 2**31))
        reason = self.judge.refusal(config)
        if reason is not None:
            self.error = _("Cannot start yet: {reason}.").format(reason=reason)
            self.app.request_redraw()
            return False
        host_name = next((n for n, k in zip(self.model.names, self.model.computers) if k is None), self.model.names[0])
        self.server_text = self.server_entry.get_text().strip() if self.server_entry is not None else ""
        try:
            if self.server_text:        # on an `iwari serve`: "address:port" (the port 7878 when left out)
                address, port = split_address(self.server_text)
                session = connector().host_on_server(address, port or DEFAULT_PORT, config, self.plan(), host_name)
            else:
                session = connector().host(config, self.plan(), host_name)
        except (OSError, RuntimeError, ConfigError, MapError, ValueError) as error:
            self.error = _("The table could not be opened: {reason}.").format(reason=player_text(localized(error)))
            self.app.request_redraw()
            return False
        self.session = session
        self.app.nav.replace("online-lobby", session)
        return True


class HostCoopScene(ModeSetupScene):
    """Co-op against the Void for two people on two computers: the co-op setup, the partner's seat online."""

    name = "online-host-coop"

    def __init__(self, app) -> None:
        self.server_text = ""            # "address:port" of an `iwari serve` to make the table on ("": here)
        self.server_entry = None
        super().__init__(app, GameMode.COOP)
        self.addresses = local_addresses()

    @property
    def title(self) -> str:
        return _("Host co-op against the Void")

    def build(self) -> None:
        if self.server_entry is not None:    # a click on an option rebuilds the form: what was typed stays
            self.server_text = self.server_entry.get_text()
        super().build()
        # the same "Table on" as Host a table: partners who keep an `iwari serve` play co-op on it too
        self.server_entry = text_entry(self, self.app.ui.rect(760, 162, 300, 40), self.server_text, 60,
                                       _("this computer"))
        start = _("Start game")
        for widget in list(self.widgets):
            if getattr(widget, "text", None) == start:
                widget.kill()
                self.widgets.remove(widget)
        r = self.app.ui.rect
        button(self, r(1070, 652, 170, 48), _(HostScene.start_label), self.start, object_id="#primary",
               enabled=bool(self.maps))

    def draw(self, surface) -> None:
        super().draw(surface)
        ui = self.app.ui
        server = self.server_entry.get_text().strip() if self.server_entry is not None else ""
        note = _("{name} plays at this computer, {partner} online; friends join at {address}.").format(
            name=self.model.names[0] or "?", partner=self.model.names[1] or "?",
            address=server or ", ".join(self.addresses[:2]))
        ui.blit_text(surface, ui.fit(note, "italic", 14, ui.px(760)), (ui.px(468), ui.px(600)), "italic", 14, INK_SOFT)
        ui.blit_text(surface, _("Table on"), (ui.px(760), ui.px(130)), "bold", 15, INK)

    def start(self, seed: int | None = None) -> bool:
        self._sync_names()
        names = [n.strip() for n in self.model.names]
        if not all(names):
            self.error = _("Player {n} needs a name.").format(n=names.index("") + 1)
        elif names[0].casefold() == names[1].casefold():
            self.error = _("The two partners need different names.")
        if self.error or not self.model.map_id:
            self.error = self.error or _("No map for this mode is installed.")
            self.app.request_redraw()
            return False
        config = self.model.config(seed if seed is not None else random.SystemRandom().randrange(1, 2**31))
        plan = [PlannedSeat("local", None, names[0]), PlannedSeat("remote", None, names[1])]
        self.server_text = self.server_entry.get_text().strip() if self.server_entry is not None else ""
        try:
            Game.new(config)
            if self.server_text:        # on an `iwari serve`: "address:port" (the port 7878 when left out)
                address, port = split_address(self.server_text)
                session = connector().host_on_server(address, port or DEFAULT_PORT, config, plan, names[0])
            else:
                session = connector().host(config, plan, names[0])
        except (ConfigError, MapError) as error:
            self.error = _("Cannot start yet: {reason}.").format(reason=player_text(localized(error)))
            self.app.request_redraw()
            return False
        except (OSError, RuntimeError, ValueError) as error:
            self.error = _("The table could not be opened: {reason}.").format(reason=player_text(localized(error)))
            self.app.request_redraw()
            return False
        self.app.nav.replace("online-lobby", session)
        return True
