"""Who played each entry of the game's log, and which pieces each entry put on the board.

A player coming back to the table (after five computers, or after the laptop went round) wants to
see what happened since their own last turn: the log panel marks those lines, and the board rings
the pieces they put down (`BoardView.draw_marks`). Both questions need, per log entry, the seat that
played it and the pieces it placed. The pieces are read as a difference of the board before and
after the entry, so every rule's pieces (a Void ruin, a moved totem) count without knowing the rule.

The trail follows the live game (`follow` after each action, `drop_after` on undo) and is rebuilt
from the log when a saved game is loaded, so the marks survive save and load.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from iwari_desktop.engine.core.state import GameState

    from .controller import GameController

TENT = "tent"    # a piece on a tent space (a tent, or the Void's ruin): `where` is the space
TOTEM = "totem"  # a totem on a territory's totem space: `where` is the territory


@dataclass(frozen=True)
class Placed:
    """One piece an entry of the log put on the board, in its owner's colour."""

    kind: str
    where: int
    tribe: int


@dataclass(frozen=True)
class _Board:
    """What the board held at one moment, and whose turn it was."""

    seat: int
    owners: tuple[int, ...]
    totems: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, state: GameState) -> _Board:
        return cls(state.active_seat, tuple(state.space_owner), tuple(tuple(c) for c in state.totem_counts))

    def placed_since(self, earlier: _Board) -> tuple[Placed, ...]:
        tents = [Placed(TENT, space, owner) for space, (owner, was) in enumerate(zip(self.owners, earlier.owners))
                 if owner >= 0 and owner != was]
        totems = [Placed(TOTEM, territory, tribe)
                  for territory, (counts, was) in enumerate(zip(self.totems, earlier.totems))
                  for tribe, (n, before) in enumerate(zip(counts, was)) if n > before]
        return tuple(tents + totems)


class MoveTrail:
    """Per log entry: the seat that played it and the pieces it placed (see the module docstring)."""

    def __init__(self) -> None:
        self.seats: list[int] = []
        self.placed: list[tuple[Placed, ...]] = []
        self._last: _Board | None = None

    def follow(self, state: GameState) -> None:
        """Called with the state at the start and after every action: records the action just played."""
        now = _Board.of(state)
        if self._last is not None:
            self.seats.append(self._last.seat)
            self.placed.append(now.placed_since(self._last))
        self._last = now

    def drop_after(self, log_length: int, state: GameState) -> None:
        """An undo took entries back: forget them, and read the board as it is again."""
        del self.seats[log_length:], self.placed[log_length:]
        self._last = _Board.of(state)

    def last_turn_of(self, seat: int) -> int:
        """The log index of the seat's last action; -1 if it has not played yet."""
        for index in range(len(self.seats) - 1, -1, -1):
            if self.seats[index] == seat:
                return index
        return -1

    def placed_after(self, index: int, state: GameState) -> list[Placed]:
        """The pieces put down by the entries after `index` that are still on the board, each once."""
        found: dict[Placed, None] = {}
        for pieces in self.placed[index + 1:]:
            for piece in pieces:
                found[piece] = None
        return [p for p in found if _still_there(p, state)]


def _still_there(piece: Placed, state: GameState) -> bool:
    if piece.kind == TENT:
        return state.space_owner[piece.where] == piece.tribe
    return state.totem_counts[piece.where][piece.tribe] > 0


class CatchUp:
    """What is news to the player at the table: the log entries after their last action and the pieces those
    put down. Reads the controller (whose turn, who is a person, the trail and the log), never writes it."""

    def __init__(self, controller: GameController) -> None:
        self.c = controller

    def seat(self) -> int | None:
        """The seat the board brings up to date: the one person against computers; in hot-seat the player at
        the table (the one who just finished, until they pass the laptop on); None when the game is over or
        no person plays."""
        c = self.c
        humans = c.human_seats()
        if c.over or not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        if c.turn_done and c.last_seat in humans:
            return c.last_seat
        return c.state.active_seat if c.state.active_seat in humans else c.viewer_seat

    def since(self) -> int:
        """The log index of that seat's last action: the entries after it are news (-1: all of them)."""
        seat = self.seat()
        return len(self.c.game.log) - 1 if seat is None else self.c.trail.last_turn_of(seat)

    def new_pieces(self) -> list[Placed]:
        """The pieces put down since the player's last turn and still on the board (ringed on the map)."""
        return self.c.trail.placed_after(self.since(), self.c.state)

    def news_count(self) -> int:
        """How many of the shown log lines (the newest ones) came after the player's last turn."""
        shown = len(self.c.shown_history())
        since = self.since()
        return sum(1 for mark in self.c.recent.marks[:shown] if mark > since)
