"""How a map's own rule module adapts to solo and co-op (S11), without the solo code naming any map.

A map module (ruins, void-totems, long-road, tundra-no-totems) may define any of these methods; the
solo module asks every active module that has one, in hook order, and only in a game against the
Void. This keeps each map's solo rule beside its multiplayer rule (docs/engine.md, "Solo and co-op").

| method | answer |
|---|---|
| `solo_void_ruin_spaces(state, territory, biome)` | spaces a ruin of the Void action paid with `biome` must go on (Forgotten Island's ruin spaces, P23; The Long Road's purple road); None: no priority |
| `solo_linked_void_spaces(state)` | spaces whose ruins all count as joined (Floating Lands' Tundra, S11) |
| `solo_void_settlement_win` (int attribute) | ruins in one Void settlement that win for the Void (8 on Floating Lands) |
| `solo_settlement_reach(state)` | the largest Void settlement one more ruin would make (Floating Lands): the bots grade the settlement win by it |
| `solo_ruins_after_action(state, paid)` | territories that get one ruin by S5's closest-space rule after a player action that paid `paid` (P24) |
| `solo_void_totem_destination(state, territory)` | where a Void totem the Void places by itself for `territory` goes instead (The Uncharted Paths' centre, S11; not one of the Void action, P62) |
| `solo_void_totems_win` (int attribute) | Void totems on that destination that win for the Void (5) |
| `solo_end_check(state)` | at the end, a reason the Void wins (more ruins than tents on ruin spaces / the purple road) |
| `solo_end_margin(state)` | how far the Void leads that end comparison now (Forgotten Island's ruin spaces): the bots grade the threat by it |
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.state import GameState

from iwari_desktop.engine.rulesets.solo.data import VOID_SETTLEMENT_WIN


# (id of a game's modules tuple, question) -> (that tuple, the answer): what `_having`, `void_settlement_win` and
# `void_totems_win` answer for a game's modules, looked up by the tuple's identity (checked against the tuple
# itself, so a reused id never answers for other modules). Why not only the lru_caches below: they hash the
# tuple, which hashes every frozen module field by field, and the bots ask tens of thousands of times a turn
# (a tenth of the solo bot's plan value went to that hashing).
_KNOWN: dict[tuple[int, str], tuple[tuple[Any, ...], Any]] = {}
_KNOWN_LIMIT = 4096


def _known(modules: tuple[Any, ...], name: str, answer: Any, *args: Any) -> Any:
    """`answer(modules, *args)`, remembered in `_KNOWN` under the tuple's identity and `name`."""
    known = _KNOWN.get((id(modules), name))
    if known is not None and known[0] is modules:
        return known[1]
    value = answer(modules, *args)
    if len(_KNOWN) >= _KNOWN_LIMIT:
        _KNOWN.clear()
    _KNOWN[(id(modules), name)] = (modules, value)
    return value


def _having(state: GameState, name: str) -> tuple[Any, ...]:
    return _known(state.modules, name, _modules_having, name)


@lru_cache(maxsize=1024)
def _modules_having(modules: tuple[Any, ...], name: str) -> tuple[Any, ...]:
    """The modules (in hook order) that define `name`: cached, since the bots' evaluation asks it thousands
    of times a turn and a game's modules never change (they are frozen and hashable)."""
    return tuple(module for module in modules if hasattr(module, name))


def void_ruin_spaces(state: GameState, territory: int, biome: Biome | None) -> tuple[int, ...] | None:
    for module in _having(state, "solo_void_ruin_spaces"):
        spaces = module.solo_void_ruin_spaces(state, territory, biome)
        if spaces:
            return tuple(spaces)
    return None


def linked_void_spaces(state: GameState) -> frozenset[int]:
    linked: set[int] = set()
    for module in _having(state, "solo_linked_void_spaces"):
        linked |= set(module.solo_linked_void_spaces(state))
    return frozenset(linked)


def void_settlement_win(state: GameState) -> int:
    return _known(state.modules, "#settlement-win", _void_settlement_win)


@lru_cache(maxsize=1024)
def _void_settlement_win(modules: tuple[Any, ...]) -> int:
    """A constant of the game's modules (class attributes), so asked once per module set."""
    sizes = [m.solo_void_settlement_win for m in _modules_having(modules, "solo_void_settlement_win")]
    return min(sizes) if sizes else VOID_SETTLEMENT_WIN


def ruins_after_action(state: GameState, paid: list[Biome]) -> list[int]:
    territories: list[int] = []
    for module in _having(state, "solo_ruins_after_action"):
        territories += module.solo_ruins_after_action(state, paid)
    return territories


def void_totem_destination(state: GameState, territory: int) -> int:
    for module in _having(state, "solo_void_totem_destination"):
        destination = module.solo_void_totem_destination(state, territory)
        if destination is not None:
            return destination
    return territory


def void_totems_win(state: GameState) -> int | None:
    return _known(state.modules, "#totems-win", _void_totems_win)


@lru_cache(maxsize=1024)
def _void_totems_win(modules: tuple[Any, ...]) -> int | None:
    """A constant of the game's modules (class attributes), so asked once per module set."""
    sizes = [m.solo_void_totems_win for m in _modules_having(modules, "solo_void_totems_win")]
    return min(sizes) if sizes else None


def end_margins(state: GameState) -> tuple[int, ...]:
    """Each active module's lead of the Void in its end comparison (`solo_end_margin`), for the bots."""
    return tuple(module.solo_end_margin(state) for module in _having(state, "solo_end_margin"))


def settlement_reaches(state: GameState) -> tuple[int, ...]:
    """Each active module's largest Void settlement one more ruin would make (`solo_settlement_reach`), for the
    bots; empty where no map rule asks for it (the bots then read the largest settlement alone)."""
    return tuple(module.solo_settlement_reach(state) for module in _having(state, "solo_settlement_reach"))


def threat_hooks(state: GameState) -> tuple[int, int | None, tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    """What the bots' map threats ask of the game's modules, in one look-up: `void_settlement_win`,
    `void_totems_win` and the modules defining `solo_settlement_reach`, `solo_end_margin` and `solo_end_check`.

    Why: the solo bots weigh every probe position's map threats (tens of thousands a turn), and five separate
    look-ups were a fifth of that weighing."""
    return _known(state.modules, "#threat-hooks", _threat_hooks)


def _threat_hooks(modules: tuple[Any, ...]
                  ) -> tuple[int, int | None, tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    return (_void_settlement_win(modules), _void_totems_win(modules), _modules_having(modules, "solo_settlement_reach"),
            _modules_having(modules, "solo_end_margin"), _modules_having(modules, "solo_end_check"))


def end_check(state: GameState) -> str | None:
    for module in _having(state, "solo_end_check"):
        reason = module.solo_end_check(state)
        if reason:
            return reason
    return None
