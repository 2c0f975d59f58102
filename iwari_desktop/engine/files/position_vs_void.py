"""Position files of a game against the Void (solo and co-op, S1-S12): pieces, counted territories, the
pawn and the Void cards, counted as at the end of the game.

A position file with a `"mode"` of `"solo"` or `"coop"` is read here (`positions.load_position` sends
it); the format is in docs/save-format.md ("Solo and co-op positions") with the example
docs/examples/position-solo.json. The state is a real game of that mode built by `new_game` (so the
Void is its own side, P19, and the map's solo rules are on, S11), cleared, and given the file's
pieces; counted territories get their claims from the engine's own count (S7) of the pieces as
placed, the pawn and the Void cards are set as given. `VoidPosition.ending()` runs the engine's end
of a game against the Void (S10, P27) on a copy: every territory still open is counted, then the
verdict. Nothing here decides a rule; the checks refuse positions play could never reach.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import ConfigError, GameConfig, GameMode, PlayerSpec
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import EMPTY, GameState
from iwari_desktop.engine.files.position import Position, PositionError, _Loader
from iwari_desktop.engine.files.reader import short
from iwari_desktop.engine.files.typed import FieldError, Fields
from iwari_desktop.engine.maps.board import Board

MODES = {"solo": GameMode.SOLO, "coop": GameMode.COOP}
END_POSITION = "position"          # why a position's game "ended": it is counted as at the end (S10)
PLAYER_TENTS = 21                  # P19: each player has all 21 tents against the Void
PLAYER_TOTEMS = 8
VOID_RUINS = 21                    # P19: the Void's 21 ruins and 8 totems
VOID_TOTEMS = 8
# Void cards: 12 in all (S2). Above the display there are at most 3 between turns (a fourth above and in the
# display sets off a Corruption, S6), but more while that Corruption is under way; beside the board a
# third ends the game (S10), and a finished game is a position too.
MAX_ABOVE = 12
MAX_BESIDE = 3

_TOP_KEYS = {"format", "version", "map", "mode", "tribes", "options", "tents", "ruins", "totems", "counted", "pawn",
             "void_cards", "scoring", "comment"}
_TRIBE_KEYS = {"name", "colour"}
_TENT_KEYS = {"tribe", "space", "territory", "count"}
_COUNTED_KEYS = {"territory", "when", "count"}
_WHEN = ("filled", "corruption", "end")
_COUNT_KEYS = ("tents", "ruins", "totems", "void_totems")   # a claim's numbers as counted (S7)
MAX_PIECES = 21            # a count's number: no side has more pieces of a kind (P19)
_VOID_CARD_KEYS = {"above", "beside"}
_OPTIONS = ("k",)


@dataclass
class VoidEnding:
    """The end of a game against the Void from a position: a finished copy and its `VoidOutcome`."""

    state: GameState
    result: Any   # rulesets.solo.outcome.VoidOutcome


@dataclass
class VoidPosition(Position):
    """A validated solo / co-op position; `ending()` counts it as at the end of the game (S10)."""

    def ending(self) -> VoidEnding:  # type: ignore[override]
        from iwari_desktop.engine.rulesets.solo.data import data
        from iwari_desktop.engine.rulesets.solo.end import prepare_end

        trial = self.state.clone()
        prepare_end(trial, END_POSITION)   # the engine's own end: the open territories counted, then the verdict
        return VoidEnding(trial, data(trial).outcome)


class VoidLoader(_Loader):
    """Reads a solo / co-op position (see the module docstring); `fail` and the references are the base's."""

    def load(self) -> VoidPosition:  # type: ignore[override]
        data = self.data
        self._check_header(_TOP_KEYS)
        mode = data.get("mode")
        if not isinstance(mode, str) or mode not in MODES:
            raise self.fail(f"'mode' must be \"solo\" or \"coop\" (a multiplayer position leaves it out), "
                            f"not {short(mode)}")
        if data.get("scoring", "final") != "final":
            raise self.fail("'scoring' of a game against the Void is \"final\": it is counted as at the end (S10)")
        board = self._board()
        players = self._players(MODES[mode])
        config = GameConfig(map_id=board.map_id, players=tuple(players), seed=0, mode=MODES[mode], first_player=0,
                            options=self._void_options())
        try:
            state = new_game(config, board)
        except ConfigError as error:
            raise self.fail(str(error)) from None
        self.state = state
        self._clear_for_void(state)
        self._put_pieces(state)
        self._take_ruins(state)
        self._put_stacks(state)
        self._set_counted(state)
        self._set_pawn(state)
        self._set_void_cards(state)
        state.refresh_counts()   # the pieces above were set straight into the counts (core/kept.py)
        return VoidPosition(state, "final", [0] * len(state.tribes), self.source)

    # ---- setup -----------------------------------------------------------------------------------
    def _players(self, mode: GameMode) -> list[PlayerSpec]:
        from iwari_desktop.engine.core.biomes import TribeColour
        from iwari_desktop.engine.core.config import PLAYER_COLOURS

        entries = self.data.get("tribes")
        seats = 1 if mode is GameMode.SOLO else 2
        if not isinstance(entries, list) or len(entries) != seats:
            raise self.fail(f"'tribes' must list {'one player' if seats == 1 else 'the two partners'} "
                            f"for {mode.value}, as {{\"name\": ..., \"colour\": ...}}")
        players: list[PlayerSpec] = []
        for i, entry in enumerate(entries, start=1):
            entry = self._keys(entry, _TRIBE_KEYS, f"tribe {i}")
            name = entry.get("name")
            if not isinstance(name, str) or not name.strip() or len(name.strip()) > 100:
                raise self.fail(f"tribe {i}: 'name' must be a non-empty string of at most 100 characters")
            colour = PLAYER_COLOURS[i - 1]
            if "colour" in entry:
                try:
                    colour = TribeColour(entry["colour"])
                except ValueError:
                    raise self.fail(f"tribe {i}: unknown colour {short(entry['colour'])} (expected "
                                    f"{', '.join(c.value for c in PLAYER_COLOURS)})") from None
            if colour not in PLAYER_COLOURS:
                raise self.fail(f"tribe {i}: {colour.value} is not a player's colour")
            players.append(PlayerSpec(name.strip(), colour))
        if len({p.colour for p in players}) != len(players) or len({p.name.casefold() for p in players}) != len(players):
            raise self.fail("the two partners need different names and colours")
        if any(p.name.casefold() == "void" or p.name.casefold() == "the void" for p in players):
            raise self.fail("\"Void\" names the Void's side: choose another name")
        return players

    def _void_options(self) -> dict[str, Any]:
        return self._read_options(_OPTIONS, f"a position against the Void takes {', '.join(_OPTIONS)}",
                                  lambda fields: {"k": fields.int("k", 1, 10)} if fields.has("k") else {})

    @staticmethod
    def _clear_for_void(state: GameState) -> None:
        """Only pieces, claims, the pawn and the Void cards matter: the dealt cards stay as `new_game` gave them."""
        from iwari_desktop.engine.rulesets.solo.data import data

        board = state.board
        n = len(state.tribes)
        void = state.void_tribe
        state.space_owner = [EMPTY] * len(board.spaces)
        state.territory_tents = [[0] * n for _ in board.territories]
        state.territory_empty = [len(t.tent_spaces) for t in board.territories]
        state.totem_stacks = [[] for _ in board.territories]
        state.totem_counts = [[0] * n for _ in board.territories]
        state.tents_left = [VOID_RUINS if t == void else PLAYER_TENTS for t in range(n)]
        state.totems_left = [VOID_TOTEMS if t == void else PLAYER_TOTEMS for t in range(n)]
        voids = state.display.count(Biome.VOID)   # the dealt display's Void cards go back into the deck:
        state.display = [c for c in state.display if c is not Biome.VOID]   # only 'void_cards' counts
        state.deck.extend([Biome.VOID] * voids)
        memory = data(state)
        memory.claims.clear()
        memory.log.clear()
        memory.marked = {key: [] for key in memory.marked}

    # ---- pieces ----------------------------------------------------------------------------------
    def _who(self, value: Any, where: str) -> int:
        if isinstance(value, str) and value.strip().casefold() in ("void", "the void"):
            return self.state.void_tribe
        return self._tribe(value, where)

    def _put(self, state: GameState, tribe: int, space: int, where: str) -> None:
        spaces = state.board.spaces
        if not 0 <= space < len(spaces):
            raise self.fail(f"{where}: there is no tent space s{space} (the map has s0 to s{len(spaces) - 1})")
        owner = state.space_owner[space]
        if owner != EMPTY:
            raise self.fail(f"{where}: tent space s{space} already holds a piece of {state.tribes[owner].name}")
        if state.tents_left[tribe] == 0:
            what = "ruins" if tribe == state.void_tribe else "tents"
            raise self.fail(f"{where}: {state.tribes[tribe].name} has only {VOID_RUINS if what == 'ruins' else PLAYER_TENTS} "
                            f"{what} (P19)")
        territory = spaces[space].territory
        state.space_owner[space] = tribe
        if territory is not None:
            state.territory_tents[territory][tribe] += 1
            state.territory_empty[territory] -= 1
        state.tents_left[tribe] -= 1

    def _put_pieces(self, state: GameState) -> None:
        """`tents`: the players' tents and the Void's ruins (tribe "void"), on a space or by count in a territory."""
        missing = "'tribe' is missing (a player, or \"void\" for the Void's ruins)"
        for tent in self._tent_entries(_TENT_KEYS, self._who, missing):
            where, tribe, territory, count = tent.where, tent.tribe, tent.territory, tent.count
            if tent.space is not None:
                self._put(state, tribe, tent.space, where)
                continue
            free = [s for s in state.board.territories[territory].tent_spaces if state.space_owner[s] == EMPTY]
            if count > len(free):
                raise self.fail(f"{where}: {self._label(territory)} has {len(free)} empty tent space(s) left, not "
                                f"enough for {count} more (B10)")
            for space in free[:count]:
                self._put(state, tribe, space, where)

    def _take_ruins(self, state: GameState) -> None:
        """`ruins` (Forgotten Island): ruin spaces a player took from the Void, lifting its ruin there into the
        player's keeping (E3, S11): the player's tent stands there and the ruin left the Void's supply (P10).
        A player's tent on a ruin space the Void had not reached is an ordinary `tents` entry."""
        from iwari_desktop.engine.rulesets.ruins import Ruins

        void = state.void_tribe
        for where, space, tribe in self._ruin_entries(state, "the player who took it"):
            if state.tents_left[void] == 0:
                raise self.fail(f"{where}: the Void has only {VOID_RUINS} ruins (P19)")
            self._put(state, tribe, space, where)
            state.ext[Ruins.key].kept[tribe].append(space)
            state.tents_left[void] -= 1

    def _put_stacks(self, state: GameState) -> None:
        """`totems`: stacks bottom first, the Void's totems as "void". No totem cap (B9) is checked: the cap
        holds when a piece is placed, but S9 moves a player's tents out of a territory and leaves its
        totems behind, so a stack may stand above the tents left there."""
        def supply(tribe: int) -> str:
            return f"{VOID_TOTEMS if tribe == state.void_tribe else PLAYER_TOTEMS} totems (P19)"

        for totem in self._totem_entries(state, set(), "B10"):
            for piece in totem.stack:
                self._add_totem(state, totem, self._who(piece, totem.where), supply)

    # ---- the Void's side of the table -------------------------------------------------------------
    def _set_counted(self, state: GameState) -> None:
        """`counted`: territories already counted (S7), each claimed by the engine's count of its pieces now."""
        from iwari_desktop.engine.rulesets.solo.counting import count, verdict

        listed: set[int] = set()
        for i, entry in enumerate(self._list("counted"), start=1):
            where = f"counted entry {i}"
            when, numbers = "filled", None
            if isinstance(entry, dict):
                entry = self._keys(entry, _COUNTED_KEYS, where)
                if "territory" not in entry:
                    raise self.fail(f"{where}: 'territory' is missing")
                when = entry.get("when", "filled")
                if when not in _WHEN:
                    raise self.fail(f"{where}: 'when' must be one of {', '.join(_WHEN)}, not {short(when)}")
                if "count" in entry:
                    numbers = self._count_numbers(entry["count"], where)
                entry = entry["territory"]
            territory = self._territory(entry, where)
            if territory in listed:
                raise self.fail(f"{where}: {self._label(territory)} is listed twice")
            listed.add(territory)
            if not state.board.territories[territory].tent_spaces:
                raise self.fail(f"{where}: {self._label(territory)} has no tent spaces and is never counted (P22)")
            claim = count(state, territory, when)
            if numbers is not None:   # counted before S9 moved pieces out: the claim stays as counted (S7, S9)
                claim.player_tents, claim.void_tents, claim.player_totems, claim.void_totems = numbers
                claim.side, claim.virtual = verdict(*numbers)

    def _count_numbers(self, value: Any, where: str) -> tuple[int, int, int, int]:
        """A counted territory's numbers when it was counted: players' tents, ruins, players' totems, Void totems."""
        try:
            fields = Fields(value, f"{where}: 'count'")
            unknown = sorted(set(fields.data) - set(_COUNT_KEYS))
            if unknown:
                raise FieldError(f"{where}: 'count': unknown field {short(unknown[0])} "
                                 f"(expected {', '.join(_COUNT_KEYS)})")
            pt, vt, po, vo = (fields.int(key, 0, MAX_PIECES, 0) for key in _COUNT_KEYS)
        except FieldError as error:
            raise self.fail(str(error)) from None
        return pt, vt, po, vo

    def _set_pawn(self, state: GameState) -> None:
        """The pawn on any connection: it rests on one of two counted territories when every connection is
        (the end, S5), and while the Void's steps are under way; it moves on only when the steps are over."""
        from iwari_desktop.engine.rulesets.solo.data import data

        value = self.data.get("pawn", 1)
        number = self._ref_number(value, "c", "'pawn'", "pawn")
        if number not in state.board.connections_by_number:
            raise self.fail(f"pawn: there is no connection {number}")
        data(state).pawn = number

    def _set_void_cards(self, state: GameState) -> None:
        from iwari_desktop.engine.rulesets.solo.data import data

        if "void_cards" not in self.data:
            return
        try:
            fields = Fields(self.data["void_cards"], "void_cards")
            unknown = sorted(set(fields.data) - _VOID_CARD_KEYS)
            if unknown:
                raise FieldError(f"void_cards: unknown field {short(unknown[0])} (expected above, beside)")
            above = fields.int("above", 0, MAX_ABOVE, 0)
            beside = fields.int("beside", 0, MAX_BESIDE, 0)
        except FieldError as error:
            raise self.fail(str(error)) from None
        memory = data(state)
        memory.above, memory.beside = above, beside
        memory.corruptions = beside


def load_vs_void(data: dict[str, Any], source: str, base_dir: Path | None, board: Board | None) -> VoidPosition:
    """Validate a solo / co-op position and build its state; PositionError names the first problem."""
    return VoidLoader(data, source, base_dir, board).load()


def is_vs_void(data: Any) -> bool:
    """A position file that names a mode (only games against the Void do)."""
    return isinstance(data, dict) and "mode" in data


__all__ = ["VoidPosition", "VoidEnding", "load_vs_void", "is_vs_void", "PositionError"]
