"""The last setup of each kind of game, remembered in settings.json so Setup opens where the player left it.

A player who just played six on The Void against five computers and opens New game again wants the
same table, not New Horizons with three people. Settings keeps one `RememberedSetup` per mode
("multiplayer", "solo", "coop"): the map, the seats (name, colour, computer level), the feats, the
start choices and the options.

Only shapes and bounds are checked here (settings.json goes through the bounded reader and must never
crash the game); whether a remembered map is still installed, a colour still offered or an option still
allowed is the setup screen's call when it applies the memory, through the engine as for any choice.
Anything unusable is dropped, never an error: a forgotten setup costs the player a few clicks only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MODES = ("multiplayer", "solo", "coop")
MAX_SEATS = 6
MAX_NAME = 16          # the setup's name entry takes 16 characters
MAX_KEY = 40           # a map id, a colour, a level, a feat or an option name
MAX_OPTIONS = 16
OPTION_RANGE = (0, 100)   # every option value is a switch or a small count (K, worship, …)


@dataclass(frozen=True)
class RememberedSeat:
    name: str
    colour: str = ""
    computer: str | None = None   # a computer's level, None: a person


@dataclass(frozen=True)
class RememberedSetup:
    map_id: str
    seats: tuple[RememberedSeat, ...]
    feats: tuple[str, ...] = ()
    draft: bool = False
    first: int | None = None
    options: dict[str, bool | int] = field(default_factory=dict)


def _key(value: Any) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= MAX_KEY else None


def _seat(data: Any) -> RememberedSeat | None:
    if not isinstance(data, dict) or not isinstance(data.get("name"), str) or len(data["name"]) > MAX_NAME:
        return None
    colour = _key(data.get("colour")) or ""
    computer = _key(data.get("computer"))
    return RememberedSeat(data["name"], colour, computer)


def _option(value: Any) -> bool | int | None:
    if isinstance(value, bool):
        return value
    if type(value) is int and OPTION_RANGE[0] <= value <= OPTION_RANGE[1]:
        return value
    return None


def parse_setup(data: Any) -> RememberedSetup | None:
    """One remembered setup from its JSON, or None when its shape is unusable (a bad part is dropped)."""
    if not isinstance(data, dict) or _key(data.get("map_id")) is None:
        return None
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or not 1 <= len(raw_seats) <= MAX_SEATS:
        return None
    seats = tuple(_seat(s) for s in raw_seats)
    if any(s is None for s in seats):
        return None
    raw_feats = data.get("feats")
    feats = tuple(f for f in raw_feats[:8] if _key(f)) if isinstance(raw_feats, list) else ()
    draft = data.get("draft") if isinstance(data.get("draft"), bool) else False
    first = data.get("first")
    first = first if type(first) is int and 0 <= first < len(seats) else None
    options: dict[str, bool | int] = {}
    raw_options = data.get("options")
    if isinstance(raw_options, dict):
        for name, value in list(raw_options.items())[:MAX_OPTIONS]:
            checked = _option(value)
            if _key(name) and checked is not None:
                options[name] = checked
    return RememberedSetup(data["map_id"], seats, feats, draft, first, options)  # type: ignore[arg-type]


def parse_setups(data: Any) -> dict[str, RememberedSetup]:
    """Every usable remembered setup of the settings file's `last_setups` object, by mode."""
    if not isinstance(data, dict):
        return {}
    found = {mode: parse_setup(data.get(mode)) for mode in MODES}
    return {mode: setup for mode, setup in found.items() if setup is not None}
