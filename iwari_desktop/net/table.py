"""One online table on its host: seats, credentials, the lobby, the game, chat and away seats (issue #33).

Pure logic, no sockets and no clock of its own (`now` is passed in), so every rule is tested without a
network: the transport (net/server.py) calls `connect`, `handle`, `disconnect` and `tick` and sends each
returned `Outbox` to its connection (closing it afterwards with `close` when set).

Trust: a connection holds the seats whose credentials it showed in its Hello (or got by TakeSeat; the
host's connection also holds the LOCAL seats, the people at the host's computer). A seat's view is sent
ONLY to the connections holding that seat, and every message that acts for a seat must carry the seat's
credential, compared in constant time with `hmac.compare_digest` against its sha256 (the plain
credential is never stored, so a saved table leaks none). Every intent is checked against the engine
(whose turn, legal, not stale by `state_number`) and a refusal says why with the engine's rule id and
its translatable sentence.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from typing import Any, Iterable

from msgspec import Struct

from iwari_desktop.engine.core.actions import Action, parse_action
from iwari_desktop.engine.core.config import COMPUTER_LEVELS, GameConfig, PlayerSpec
from iwari_desktop.engine.core.errors import ActionParseError, IllegalAction
from iwari_desktop.engine.core.game import Game
from iwari_desktop.engine.core.rules import apply
from iwari_desktop.engine.core.text import Text
from iwari_desktop.engine.files.saves import save_game
from iwari_desktop.net import protocol as p
from iwari_desktop.net.chat import CHAT_TAIL, clean_chat, clean_name
from iwari_desktop.net.computer import ComputerTurn
from iwari_desktop.net import refusals as r
from iwari_desktop.net.refusals import refusal
from iwari_desktop.net.seat_view import public_log_entry, seat_snapshot
from iwari_desktop.net.seats import (ChatEntry, Connection, Outbox, Seat, SeatKind, SeatPlan, TableError, check_setup,
                                     credential_hash, credential_matches, new_code, new_credential, normal_code,
                                     result_json)
from iwari_desktop.net.table_file import table_from_json, table_to_json

__all__ = ["ChatEntry", "Connection", "Outbox", "Seat", "SeatKind", "SeatPlan", "Table", "TableError",
           "credential_hash", "credential_matches", "new_code", "normal_code", "refusal", "seats_of"]


class Table:
    """The authoritative table: `connect`/`handle`/`disconnect`/`tick` return what to send to whom.

    Why it owns the seats and not the transport: who may see and do what is the table's rule, the same
    behind the in-game host and `iwari serve`, and it must hold over a restart (`to_json`). A seat once
    given stays with its credential: nobody can take it over after the start, and Play again keeps it.
    `state_number` counts every change (action, undo, new game) and never goes back, so a message that
    saw an older state is always recognised as stale.
    """

    def __init__(self, code: str | None, config: GameConfig, plan: list[SeatPlan], host_name: str,
                 host_credential: str | None = None) -> None:
        if len(plan) != len(config.players):
            raise TableError(f"the plan has {len(plan)} seats but the setup {len(config.players)} players")
        for index, seat in enumerate(plan):
            if seat.kind is SeatKind.COMPUTER and seat.level not in COMPUTER_LEVELS:
                raise TableError(f"seat {index}: unknown computer level {seat.level!r}")
        check_setup(config)
        self.code = normal_code(code) if code else new_code()
        self.config = config
        self.host_name = clean_name(host_name, "Host")
        self.host_credential = host_credential or new_credential()
        self.host_hash = credential_hash(self.host_credential)
        self.connections: dict[int, Connection] = {}
        self.seats: list[Seat] = []
        for index, plan_seat in enumerate(plan):
            seat = Seat(index, plan_seat.kind, plan_seat.level if plan_seat.kind is SeatKind.COMPUTER else None,
                        clean_name(plan_seat.name or config.players[index].name, f"Player {index + 1}"))
            self.seats.append(seat)
            self._prepare_seat(seat)
        self.game: Game | None = None
        self.state_number = 0
        self.log: list[str] = []
        self.chat: list[ChatEntry] = []
        self.events: list[str] = []   # one English line per table event, for the host's console (pop_events)
        self._over: tuple[Game, int, p.GameOver] | None = None   # the end as sent, so a late reader gets the same

    def pop_events(self) -> list[str]:
        """The console lines since the last call (started, finished, a seat dropped or back, a stand-in)."""
        events, self.events = self.events, []
        return events

    def _event(self, text: str) -> None:
        self.events = (self.events + [f"table {self.code}: {text}"])[-100:]

    # ---- queries -------------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.game is not None

    def can_start(self) -> bool:
        return not self.started and all(seat.taken for seat in self.seats)

    def holders(self, seat: int) -> list[int]:
        """The connections holding `seat` (the only ones ever sent its view)."""
        return [c.conn_id for c in self.connections.values() if seat in c.seats]

    def seat_info(self, seat: Seat, now: float) -> p.SeatInfo:
        connected = seat.kind is SeatKind.COMPUTER or bool(self.holders(seat.index))
        away = None if seat.away_since is None else round(max(0.0, now - seat.away_since), 1)
        return p.SeatInfo(seat=seat.index, name=seat.name, kind=seat.kind.value, level=seat.level, taken=seat.taken,
                          connected=connected, ready=seat.ready or seat.kind is SeatKind.COMPUTER,
                          away_seconds=away, computer_standin=seat.standin)

    def lobby_state(self, now: float) -> p.LobbyState:
        options = {name: value for name, value in self.config.options if type(value) in (bool, int)}
        return p.LobbyState(map_id=self.config.map_id[:64], mode=self.config.mode.value, options=options,
                            seats=[self.seat_info(s, now) for s in self.seats], can_start=self.can_start(),
                            started=self.started)

    def computer_controls(self, seat: int) -> str | None:
        """The level of the computer playing `seat` now (its own, or a stand-in while it is away), else None."""
        record = self.seats[seat]
        if record.kind is SeatKind.COMPUTER:
            return record.level
        if record.away_since is not None and record.standin is not None:
            return record.standin
        return None

    def computer_turn(self) -> ComputerTurn | None:
        """The decision a computer must take now (None when a person is to move or no game runs)."""
        if self.game is None or self.game.is_over():
            return None
        seat = self.game.state.current_player()
        level = None if seat is None else self.computer_controls(seat)
        if level is None:
            return None
        seed = (self.game.config.seed * 1_000_003 + self.state_number) % (2**63)
        return ComputerTurn(seat, level, self.state_number, self.game.state.clone(), seed)

    # ---- connections ----------------------------------------------------------------------------
    def connect(self, conn_id: int, hello: p.Hello, now: float) -> list[Outbox]:
        """A new connection said Hello: check version, code and every credential, then welcome it."""
        if hello.version != p.PROTOCOL_VERSION:
            return [Outbox(conn_id, p.WrongVersion(table_version=p.PROTOCOL_VERSION, app_version=_app_version()),
                           p.CLOSE_WRONG_VERSION)]
        if normal_code(hello.table_code) != self.code:
            return [Outbox(conn_id, p.Closed(reason=r.R_BAD_CODE), p.CLOSE_BAD_CREDENTIAL)]
        if conn_id in self.connections:
            return [Outbox(conn_id, p.Closed(reason=r.R_HELLO_TWICE), p.CLOSE_BAD_MESSAGE)]
        is_host = hello.host_credential is not None and credential_matches(hello.host_credential, self.host_hash)
        seats: set[int] = set()
        for key in hello.credentials:
            stored = self.seats[key.seat].credential_hash if key.seat < len(self.seats) else None
            if not credential_matches(key.credential, stored):
                return [Outbox(conn_id, p.Closed(reason=r.R_BAD_SEAT_KEY), p.CLOSE_BAD_CREDENTIAL)]
            seats.add(key.seat)
            self.seats[key.seat].credential = key.credential
        if hello.host_credential is not None and not is_host:
            return [Outbox(conn_id, p.Closed(reason=r.R_BAD_SEAT_KEY), p.CLOSE_BAD_CREDENTIAL)]
        if is_host:
            seats |= {s.index for s in self.seats if s.kind is SeatKind.LOCAL}
        conn = Connection(conn_id, clean_name(hello.name, "Player"), is_host, seats)
        self.connections[conn_id] = conn
        for index in seats:
            if self.seats[index].away_since is not None:
                self._event(f"seat {index + 1} ({self.seats[index].name}) is back")
            self._returned(self.seats[index])
        out = [Outbox(conn_id, self._welcome(conn))]
        out += [Outbox(conn_id, p.ChatLine(name=c.name, text=c.text, at=c.at)) for c in self.chat[-CHAT_TAIL:]]
        out += self._broadcast_status(now)
        if self.started:
            out += self._views_for(conn)
            if self.game is not None and self.game.is_over():
                out.append(Outbox(conn_id, self._game_over()))
        return out

    def disconnect(self, conn_id: int, now: float) -> list[Outbox]:
        """A connection closed: its seats held by nobody else become away (once the game started)."""
        conn = self.connections.pop(conn_id, None)
        if conn is None:
            return []
        for index in conn.seats:
            seat = self.seats[index]
            if self.started and not self.holders(index) and seat.away_since is None:
                seat.away_since = now
                self._event(f"seat {index + 1} ({seat.name}) dropped")
        return self._broadcast_status(now)

    def tick(self, now: float) -> list[Outbox]:
        """The away seconds for everybody, while a seat is away (call it every second or so)."""
        if any(seat.away_since is not None for seat in self.seats):
            return self._broadcast_status(now)
        return []

    # ---- messages -------------------------------------------------------------------------------
    def handle(self, conn_id: int, message: Struct, now: float) -> list[Outbox]:
        """One decoded message from a connection that said Hello; the answers and updates to send."""
        conn = self.connections.get(conn_id)
        if conn is None:
            return [Outbox(conn_id, p.Closed(reason="say Hello first"), p.CLOSE_BAD_MESSAGE)]
        if isinstance(message, p.Hello):
            return [Outbox(conn_id, p.Closed(reason=r.R_HELLO_TWICE), p.CLOSE_BAD_MESSAGE)]
        if isinstance(message, p.HOST_ONLY) and not conn.is_host:
            return self._refuse(conn_id, "host", r.R_HOST_ONLY)
        handler = _HANDLERS.get(type(message))
        if handler is None:
            return [Outbox(conn_id, p.Closed(reason=f"{type(message).__name__} is not for the host"),
                           p.CLOSE_BAD_MESSAGE)]
        return handler(self, conn, message, now)

    def _chat(self, conn: Connection, message: p.Chat, now: float) -> list[Outbox]:
        text = clean_chat(message.text)
        if not text:
            return []
        if not conn.chat.allow(now):
            seconds = max(1, round(conn.chat.wait(now)))
            return self._refuse(conn.conn_id, "chat", Text(r.R_CHAT_RATE, seconds=seconds))
        entry = ChatEntry(conn.name, text, round(now, 3))
        self.chat = (self.chat + [entry])[-CHAT_TAIL:]
        line = p.ChatLine(name=entry.name, text=entry.text, at=entry.at)
        return [Outbox(c, line) for c in self.connections]

    # lobby
    def _take_seat(self, conn: Connection, message: p.TakeSeat, now: float) -> list[Outbox]:
        if self.started:
            return self._refuse(conn.conn_id, "lobby", r.R_STARTED)
        seat = self._seat(message.seat)
        if seat is None:
            return self._refuse(conn.conn_id, "seat", Text(r.R_NO_SEAT, seat=message.seat + 1))
        if seat.kind is not SeatKind.REMOTE:
            return self._refuse(conn.conn_id, "seat", Text(r.R_NOT_REMOTE, seat=message.seat + 1))
        if seat.taken:
            return self._refuse(conn.conn_id, "seat", Text(r.R_SEAT_TAKEN, seat=message.seat + 1))
        seat.credential = new_credential()
        seat.credential_hash = credential_hash(seat.credential)
        seat.name = clean_name(message.name, seat.name)
        seat.ready = False
        conn.seats.add(seat.index)
        return [Outbox(conn.conn_id, self._welcome(conn))] + self._broadcast_status(now)

    def _leave_seat(self, conn: Connection, message: p.LeaveSeat, now: float) -> list[Outbox]:
        if self.started:
            return self._refuse(conn.conn_id, "lobby", r.R_STARTED)
        if message.seat not in conn.seats or self.seats[message.seat].kind is not SeatKind.REMOTE:
            return self._refuse(conn.conn_id, "seat", Text(r.R_NOT_YOUR_SEAT, seat=message.seat + 1))
        self._free(self.seats[message.seat])
        return [Outbox(conn.conn_id, self._welcome(conn))] + self._broadcast_status(now)

    def _set_ready(self, conn: Connection, message: p.SetReady, now: float) -> list[Outbox]:
        if self.started:
            return self._refuse(conn.conn_id, "lobby", r.R_STARTED)
        for index in conn.seats:
            self.seats[index].ready = message.ready
        return self._broadcast_status(now)

    def _configure_seat(self, conn: Connection, message: p.ConfigureSeat, now: float) -> list[Outbox]:
        if self.started:
            return self._refuse(conn.conn_id, "lobby", r.R_STARTED)
        seat = self._seat(message.seat)
        if seat is None:
            return self._refuse(conn.conn_id, "seat", Text(r.R_NO_SEAT, seat=message.seat + 1))
        kind = SeatKind(message.kind)
        if kind is SeatKind.COMPUTER and message.level not in COMPUTER_LEVELS:
            return self._refuse(conn.conn_id, "level", Text(r.R_LEVEL, level=str(message.level)))
        touched = set(self.holders(seat.index))
        self._free(seat)
        seat.kind, seat.level = kind, message.level if kind is SeatKind.COMPUTER else None
        self._prepare_seat(seat)
        touched |= {c for c in self.connections if self.connections[c].is_host}
        return [Outbox(c, self._welcome(self.connections[c])) for c in sorted(touched)] + self._broadcast_status(now)

    def _start(self, conn: Connection, message: p.StartGame, now: float) -> list[Outbox]:
        if self.started:
            return self._refuse(conn.conn_id, "lobby", r.R_STARTED)
        if not self.can_start():
            return self._refuse(conn.conn_id, "lobby", r.R_CANNOT_START)
        self.game = Game.new(self._game_config(self.config.seed))
        self.state_number, self.log = 0, []
        for seat in self.seats:     # taken in the lobby by someone who has dropped since: away from the start
            if seat.kind is not SeatKind.COMPUTER and not self.holders(seat.index) and seat.away_since is None:
                seat.away_since = now
        self._event(f"started ({len(self.seats)} seats, {self.config.map_id}, {self.config.mode.value})")
        return self._broadcast_status(now) + self._all_views()

    def _play_again(self, conn: Connection, message: p.PlayAgain, now: float) -> list[Outbox]:
        if self.game is None:
            return self._refuse(conn.conn_id, "lobby", r.R_NO_GAME)
        if not self.game.is_over():
            return self._refuse(conn.conn_id, "over", r.R_NOT_OVER)
        self.game = Game.new(self._game_config(secrets.randbits(63)))
        self.state_number += 1       # a late intent of the last game is stale in the new one
        self.log = []
        self._event("started again")
        return self._broadcast_status(now) + self._all_views()

    def _away_decision(self, conn: Connection, message: p.AwayDecision, now: float) -> list[Outbox]:
        if self.game is None:
            return self._refuse(conn.conn_id, "lobby", r.R_NO_GAME)
        seat = self._seat(message.seat)
        if seat is None:
            return self._refuse(conn.conn_id, "seat", Text(r.R_NO_SEAT, seat=message.seat + 1))
        if seat.away_since is None:
            return self._refuse(conn.conn_id, "away", Text(r.R_NOT_AWAY, name=seat.name))
        if message.computer is not None and message.computer not in COMPUTER_LEVELS:
            return self._refuse(conn.conn_id, "level", Text(r.R_LEVEL, level=message.computer))
        seat.standin = message.computer
        self._event(f"seat {seat.index + 1} ({seat.name}): " + (f"the computer ({seat.standin}) stands in"
                                                                if seat.standin else "waiting for its player"))
        return self._broadcast_status(now)

    # game
    def _intent(self, conn: Connection, message: p.Intent, now: float) -> list[Outbox]:
        refused = self._check_acting(conn, message.seat, message.credential, message.state_number)
        if refused:
            return refused
        try:
            action = parse_action(message.action)
        except ActionParseError:
            return self._refuse(conn.conn_id, "B5", Text(r.R_UNREADABLE, action=message.action))
        error = self._try_play(action)
        if error is not None:
            return self._refuse(conn.conn_id, error.rule, error.reason)
        return self._after_change(message.seat, action, now)

    def _undo(self, conn: Connection, message: p.Undo, now: float) -> list[Outbox]:
        refused = self._check_acting(conn, message.seat, message.credential, message.state_number)
        if refused:
            return refused
        assert self.game is not None
        if not self.game.can_undo():
            return self._refuse(conn.conn_id, "undo", r.R_UNDO)
        self.game.undo()
        self.state_number += 1
        self.log = [public_log_entry(action) for action in self.game.log]
        return self._after_change(None, None, now)

    def play_computer(self, action: Action, state_number: int, now: float) -> list[Outbox]:
        """A computer's answer to `computer_turn()`; ignored ([]) when the table moved on meanwhile or the
        seat's own player came back, and when the move is not legal (a bot's bug must not stop the table)."""
        turn = self.computer_turn()
        if turn is None or state_number != self.state_number:
            return []
        if self._try_play(action) is not None:
            return []
        return self._after_change(turn.seat, action, now)

    # ---- helpers --------------------------------------------------------------------------------
    def _check_acting(self, conn: Connection, seat: int, credential: str, state_number: int) -> list[Outbox]:
        """The refusal for an acting message that may not act ([] when it may)."""
        if self.game is None:
            return self._refuse(conn.conn_id, "lobby", r.R_NO_GAME)
        if seat >= len(self.seats) or seat not in conn.seats:
            return self._refuse(conn.conn_id, "seat", Text(r.R_NOT_YOUR_SEAT, seat=seat + 1))
        if not credential_matches(credential, self.seats[seat].credential_hash):
            return self._refuse(conn.conn_id, "credential", r.R_CREDENTIAL)
        if state_number != self.state_number:
            return self._refuse(conn.conn_id, "stale", Text(r.R_STALE, seen=state_number, now=self.state_number))
        if self.game.is_over():
            return self._refuse(conn.conn_id, "over", r.R_OVER)
        current = self.game.state.current_player()
        if current != seat:
            name = self.seats[current].name if current is not None else "?"
            return self._refuse(conn.conn_id, "turn", Text(r.R_NOT_YOUR_TURN, name=name))
        return []

    def _try_play(self, action: Action) -> IllegalAction | None:
        """Play `action` if the engine lists it as legal now; else the engine's reason, nothing changed.

        Why the list first: a refusal must leave the game untouched, so the engine's own reason is
        asked of a clone, and an action the list lacks is refused even if `apply` would let it pass.
        """
        assert self.game is not None
        if action in self.game.legal_actions():
            try:
                self.game.play(action)     # leaves state and log untouched when it refuses
            except IllegalAction as error:
                return error
            return None
        try:
            apply(self.game.state.clone(), action)
        except IllegalAction as error:
            return error
        except Exception:       # an action of another module's shape: the engine may not even read it
            pass
        return IllegalAction("B5", r.R_NOT_LEGAL, action=str(action))

    def _after_change(self, seat: int | None, action: Action | None, now: float) -> list[Outbox]:
        assert self.game is not None
        if action is not None:
            self.state_number += 1
            self.log.append(public_log_entry(action))
        out = self._all_views(seat, action)
        if self.game.is_over():
            self._event(f"finished after {len(self.game.log)} actions, scores {list(self.game.state.scores)}")
            over = self._game_over()
            out += [Outbox(c, over) for c in self.connections]
        return out

    def _game_over(self) -> p.GameOver:
        """The end as every connection receives it, also one that comes back after the end.

        Made once per finished game: the save carries the time it was written, and a player who reconnects a
        second later must get the very file the others got, not one that differs in its stamp."""
        assert self.game is not None and self.game.is_over()
        if self._over is not None and self._over[0] is self.game and self._over[1] == self.state_number:
            return self._over[2]
        over = p.GameOver(state_number=self.state_number, result=result_json(self.game),
                          save=json.loads(json.dumps(save_game(self.game))))
        self._over = (self.game, self.state_number, over)
        return over

    def _all_views(self, seat: int | None = None, action: Action | None = None) -> list[Outbox]:
        made: dict[int, p.GameView] = {}     # one view per seat, however many connections hold it
        out: list[Outbox] = []
        for conn in self.connections.values():
            out += self._views_for(conn, seat, action, made)
        return out

    def _views_for(self, conn: Connection, last_seat: int | None = None, action: Action | None = None,
                   made: dict[int, p.GameView] | None = None) -> list[Outbox]:
        """A GameView of every seat `conn` holds, and of no other seat."""
        made = {} if made is None else made
        return [Outbox(conn.conn_id, self._view(seat, last_seat, action, made)) for seat in sorted(conn.seats)]

    def _view(self, seat: int, last_seat: int | None, action: Action | None, made: dict[int, p.GameView]) -> p.GameView:
        if seat not in made:
            assert self.game is not None
            state = self.game.state
            made[seat] = p.GameView(
                state_number=self.state_number, seat=seat, snapshot=seat_snapshot(state, seat),
                log=self.log[-p.MAX_LOG:], last_action=None if action is None else public_log_entry(action),
                last_seat=last_seat, can_undo=self.game.can_undo() and state.current_player() == seat)
        return made[seat]

    def _broadcast_status(self, now: float) -> list[Outbox]:
        if not self.started:
            lobby = self.lobby_state(now)
            return [Outbox(c, lobby) for c in self.connections]
        status = p.SeatStatus(seats=[self.seat_info(s, now) for s in self.seats])
        return [Outbox(c, status) for c in self.connections]

    def _welcome(self, conn: Connection) -> p.Welcome:
        keys = [p.SeatKey(seat=i, credential=self.seats[i].credential) for i in sorted(conn.seats)
                if self.seats[i].credential]
        return p.Welcome(version=p.PROTOCOL_VERSION, table_code=self.code, host_name=self.host_name, seats=keys,
                         is_host=conn.is_host)

    def _refuse(self, conn_id: int, rule: str, reason: str) -> list[Outbox]:
        return [Outbox(conn_id, refusal(self.state_number, rule, reason))]

    def _seat(self, index: int) -> Seat | None:
        return self.seats[index] if 0 <= index < len(self.seats) else None

    def _prepare_seat(self, seat: Seat) -> None:
        """A LOCAL seat is taken by the host from the start (its credential goes to the host's connection)."""
        if seat.kind is SeatKind.LOCAL:
            seat.credential = new_credential()
            seat.credential_hash = credential_hash(seat.credential)
            for conn in self.connections.values():
                if conn.is_host:
                    conn.seats.add(seat.index)

    def _free(self, seat: Seat) -> None:
        """Lobby only: the seat has no player and no credential any more."""
        seat.credential = seat.credential_hash = None
        seat.ready = False
        for conn in self.connections.values():
            conn.seats.discard(seat.index)

    def _returned(self, seat: Seat) -> None:
        """A player is back at an away seat: the stand-in (if any) stops."""
        seat.away_since = None
        seat.standin = None

    def _game_config(self, seed: int) -> GameConfig:
        """The setup with the seats' names and computer levels and the given seed."""
        players = tuple(PlayerSpec(seat.name, spec.colour, seat.level if seat.kind is SeatKind.COMPUTER else None)
                        for seat, spec in zip(self.seats, self.config.players))
        return dataclasses.replace(self.config, players=players, seed=seed)

    # ---- saving ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The table's save (host side only): see net/table_file.py."""
        return table_to_json(self)

    @classmethod
    def from_json(cls, data: object, now: float = 0.0) -> "Table":
        """A table read back from `to_json` (TableError when damaged); every seat starts away at `now`."""
        return table_from_json(cls, data, now)


def _app_version() -> str:
    from iwari_desktop import __version__
    return str(__version__)[:40]


_HANDLERS = {
    p.Chat: Table._chat, p.TakeSeat: Table._take_seat, p.LeaveSeat: Table._leave_seat, p.SetReady: Table._set_ready,
    p.ConfigureSeat: Table._configure_seat, p.StartGame: Table._start, p.PlayAgain: Table._play_again,
    p.AwayDecision: Table._away_decision, p.Intent: Table._intent, p.Undo: Table._undo,
}


def seats_of(outbox: Iterable[Outbox], conn_id: int) -> list[int]:
    """The seats whose GameViews `outbox` sends to `conn_id` (for tests and the transport's log)."""
    return [o.message.seat for o in outbox if o.conn_id == conn_id and isinstance(o.message, p.GameView)]
