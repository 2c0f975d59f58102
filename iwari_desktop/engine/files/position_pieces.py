"""The parts of a position file that every kind of position reads the same way: `tents` and `totems`
entries, and `options` with a fixed set of names.

A mixin of `position._Loader`, so the multiplayer reader (position.py, with the expansion's fields in
position_expansion.py) and the reader of games against the Void (position_vs_void.py) check these
entries with the same words and in the same order; each keeps what differs (which tribes a piece may
name, how many pieces a side has, which rules a message cites) and puts the pieces itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator

from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.files.reader import short
from iwari_desktop.engine.files.typed import FieldError, Fields

_TOTEM_KEYS = {"territory", "stack"}
_RUIN_KEYS = {"space", "tribe"}


@dataclass(frozen=True)
class TentEntry:
    """One checked `tents` entry: a tent `space`, or (space None) `count` tents in `territory`."""

    where: str
    entry: dict[str, Any]
    tribe: int
    space: int | None = None
    territory: int = -1
    count: int = 0


@dataclass(frozen=True)
class TotemEntry:
    """One checked `totems` entry: a territory that can hold totems, its name and its stack, bottom first."""

    where: str
    territory: int
    name: str
    stack: list[Any]


class PiecesLoader:
    """Mixin of `position._Loader`: uses the loader's `fail`, `_keys`, `_list`, `_int`, `_ref_number`,
    `_territory`, `_tribe`, `_label` and `data`."""

    data: Any

    def _tent_entries(self, allowed: set[str], tribe_of: Callable[[Any, str], int],
                      missing_tribe: str) -> Iterator[TentEntry]:
        """`tents`, entries on named spaces first (so that "count" entries fill only what is left), each
        checked to name a tribe (read by `tribe_of`) and either a space or a territory with a count of
        at least 1. A generator: the caller puts each entry's pieces before the next is read, so errors
        come in the order a person reading the file would meet them."""
        entries = self._list("tents")
        ordered = sorted(enumerate(entries, start=1),
                         key=lambda e: 0 if isinstance(e[1], dict) and "space" in e[1] else 1)
        for i, entry in ordered:
            where = f"tents entry {i}"
            entry = self._keys(entry, allowed, where)
            if "tribe" not in entry:
                raise self.fail(f"{where}: {missing_tribe}")
            tribe = tribe_of(entry["tribe"], where)
            if "space" in entry:
                if "territory" in entry or "count" in entry:
                    raise self.fail(f"{where}: give either 'space' or 'territory' (with 'count'), not both")
                yield TentEntry(where, entry, tribe, space=self._ref_number(entry["space"], "s", "'space'", where))
                continue
            if "territory" not in entry:
                raise self.fail(f"{where}: give 'space' (a tent space) or 'territory' (with 'count')")
            territory = self._territory(entry["territory"], where)
            count = entry.get("count", 1)
            if self._int(count) is None or count < 1:
                raise self.fail(f"{where}: 'count' must be a whole number of at least 1")
            yield TentEntry(where, entry, tribe, territory=territory, count=count)

    def _totem_entries(self, state: GameState, seen: set[int], no_totem_space: str) -> Iterator[TotemEntry]:
        """`totems`: one stack per territory (the territories met are added to `seen`), a list, and only
        where the territory has a totem space (`no_totem_space` cites the rules for that refusal)."""
        for i, entry in enumerate(self._list("totems"), start=1):
            where = f"totems entry {i}"
            entry = self._keys(entry, _TOTEM_KEYS, where)
            if "territory" not in entry:
                raise self.fail(f"{where}: 'territory' is missing")
            territory = self._territory(entry["territory"], where)
            name = self._label(territory)
            if territory in seen:
                raise self.fail(f"{where}: {name} already has a stack; give one stack per territory")
            seen.add(territory)
            stack = entry.get("stack")
            if not isinstance(stack, list):
                raise self.fail(f"{where}: 'stack' must be a list of tribes, bottom first")
            if stack and not state.board.territories[territory].holds_totems:
                raise self.fail(f"{where}: {name} has no totem space, so it takes no totems ({no_totem_space})")
            yield TotemEntry(where, territory, name, stack)

    def _ruin_entries(self, state: GameState, taker: str) -> Iterator[tuple[str, int, int]]:
        """`ruins` (Forgotten Island, E3): (where, ruin space, tribe) per entry, each checked to name a ruin
        space and a tribe (`taker` says who, in the message); refused on a map without ruin spaces."""
        from iwari_desktop.engine.rulesets.ruins import Ruins

        entries = self._list("ruins")
        if entries and not any(m.key == Ruins.key for m in state.modules):
            raise self.fail(f"'ruins': {state.board.name} has no ruin spaces (E3)")
        spaces = state.board.spaces
        for i, entry in enumerate(entries, start=1):
            where = f"ruins entry {i}"
            entry = self._keys(entry, _RUIN_KEYS, where)
            if "space" not in entry or "tribe" not in entry:
                raise self.fail(f"{where}: give 'space' (a ruin space) and 'tribe' ({taker})")
            space = self._ref_number(entry["space"], "s", "'space'", where)
            if not 0 <= space < len(spaces) or not spaces[space].is_ruin_space:
                ruin = ", ".join(f"s{s}" for s in state.board.ruin_spaces)
                raise self.fail(f"{where}: s{space} is not a ruin space (the ruin spaces are {ruin})")
            yield where, space, self._tribe(entry["tribe"], where)

    def _add_totem(self, state: GameState, totem: TotemEntry, tribe: int, supply: Callable[[int], str]) -> None:
        """One totem of `tribe` on top of the stack; `supply(tribe)` says how many it has, when none is left."""
        if state.totems_left[tribe] == 0:
            raise self.fail(f"{totem.where}: {state.tribes[tribe].name} has only {supply(tribe)}")
        state.totem_stacks[totem.territory].append(tribe)
        state.totem_counts[totem.territory][tribe] += 1
        state.totems_left[tribe] -= 1

    def _check_totem_cap(self, state: GameState, totem: TotemEntry, holders: str) -> None:
        """B9: no more totems than the most pieces one side has there (`holders` says whose pieces count).
        A territory without tent spaces (the purple centre of The Uncharted Paths) has no tents to cap its
        Void totems (E5, S11); the purple territories of The Void map have tents and their cap (E7)."""
        if not state.board.territories[totem.territory].tent_spaces:
            return
        cap = state.totem_cap(totem.territory)
        if len(totem.stack) > cap:
            raise self.fail(f"{totem.where}: {totem.name} holds {len(totem.stack)} totem(s) but the most {holders} "
                            f"has there is {cap}, so at most {cap} totem(s) could be placed (B9)")

    def _read_options(self, allowed: tuple[str, ...], takes: str,
                      read: Callable[[Fields], dict[str, Any]]) -> dict[str, Any]:
        """`options` (none: {}): only the names in `allowed` (`takes` follows the unknown name in the
        message), the values read by `read`; every field error is the loader's one-line failure."""
        if "options" not in self.data:
            return {}
        try:
            fields = Fields(self.data["options"], "options")
            unknown = sorted(set(fields.data) - set(allowed))
            if unknown:
                raise FieldError(f"options: unknown option {short(unknown[0])} ({takes})")
            return read(fields)
        except FieldError as error:
            raise self.fail(str(error)) from None

    # provided by position._Loader
    fail: Callable[[str], Exception]
    _keys: Callable[..., dict[str, Any]]
    _list: Callable[[str], list[Any]]
    _int: Callable[[Any], int | None]
    _ref_number: Callable[..., int]
    _territory: Callable[[Any, str], int]
    _tribe: Callable[[Any, str], int]
    _label: Callable[[int], str]
