"""Records and averages over the history of finished games: per player name, per map, per computer level.

Counting rules (docs/history.md):
- Player statistics count people only (a computer seat has a level, not a name worth a record); names
  are matched ignoring case and surrounding spaces, and shown as last written.
- A shared win is a win for every seat that shares it; a game the third tribe won is a loss for both.
- Scores count only in multiplayer games: solo and co-op are won or lost against the Void (the points
  column of such a game is always 0), so they have their own table: wins and losses per player name,
  mode and map (both partners of a co-op game share its result).
- A computer level's record is its seats' results in multiplayer games.
Pure arithmetic on `GameRecord`s; nothing here reads a file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.history.record import GameRecord


@dataclass
class Tally:
    """Games, wins and scores of one player (or level) in one slice (all maps, or one map)."""

    games: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)

    def add(self, won: bool, score: int | None) -> None:
        self.games += 1
        self.wins += int(won)
        if score is not None:
            self.scores.append(score)

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        """Wins per game, 0.0 to 1.0 (0.0 before any game)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def best(self) -> int | None:
        return max(self.scores) if self.scores else None

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None


@dataclass
class PlayerStats:
    """One person's multiplayer record, overall and per map (keyed by map name)."""

    name: str
    total: Tally = field(default_factory=Tally)
    maps: dict[str, Tally] = field(default_factory=dict)


@dataclass
class VersusRecord:
    """One person's solo or co-op results on one map."""

    name: str
    mode: str          # GameMode value: "solo" or "coop"
    map_name: str
    tally: Tally = field(default_factory=Tally)


@dataclass
class Statistics:
    players: list[PlayerStats]                       # most games first, then by name
    versus_void: list[VersusRecord]                  # by name, mode, map: wins/losses against the Void
    levels: dict[str, Tally]                         # computer level -> its seats' multiplayer record
    games: int


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def statistics(records: list[GameRecord]) -> Statistics:
    """Everything the History screen's tables show; `records` newest first."""
    people: dict[str, PlayerStats] = {}
    versus: dict[tuple[str, str, str], VersusRecord] = {}
    levels: dict[str, Tally] = {}
    for record in reversed(records):   # oldest first, so a name is shown as last written
        if record.mode is not GameMode.MULTIPLAYER:
            for seat in record.seats:
                if seat.computer is not None:
                    continue
                row = versus.setdefault((_key(seat.name), record.mode.value, record.map_name),
                                        VersusRecord(seat.name, record.mode.value, record.map_name))
                row.name = " ".join(seat.name.split()) or seat.name
                row.tally.add(record.won is True, None)
            continue
        for seat in record.seats:
            if seat.computer is not None:
                levels.setdefault(seat.computer, Tally()).add(seat.winner, seat.score)
                continue
            key = _key(seat.name)
            stats = people.setdefault(key, PlayerStats(seat.name))
            stats.name = " ".join(seat.name.split()) or seat.name
            stats.total.add(seat.winner, seat.score)
            stats.maps.setdefault(record.map_name, Tally()).add(seat.winner, seat.score)
    players = sorted(people.values(), key=lambda p: (-p.total.games, -p.total.wins, p.name.casefold()))
    rows = sorted(versus.values(), key=lambda r: (r.name.casefold(), r.mode, r.map_name))
    return Statistics(players, rows, levels, len(records))
