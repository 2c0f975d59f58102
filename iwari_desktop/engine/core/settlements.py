"""Settlements (B17): road-connected groups of one tribe's tents."""

from __future__ import annotations

from iwari_desktop.engine.core.state import GameState


def tribe_groups(state: GameState, tribe: int) -> list[list[int]]:
    """Every road-connected group of `tribe`'s tents (any size), each sorted by space index."""
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start, who in enumerate(state.space_owner):
        if who == tribe and start not in seen:
            group = group_containing(state, start)
            seen.update(group)
            groups.append(group)
    return groups


def all_groups(state: GameState, minimum: int = 1) -> dict[int, list[list[int]]]:
    """`tribe_groups` of every tribe with a tent, from one walk over the spaces (the final scoring's B17);
    only groups of at least `minimum` tents are kept (and sorted), in the same order."""
    owner = state.space_owner
    neighbours = state.space_neighbours
    seen = [False] * len(owner)
    groups: dict[int, list[list[int]]] = {}
    for start, tribe in enumerate(owner):
        if tribe < 0 or seen[start]:
            continue
        seen[start] = True
        group = [start]
        frontier = [start]
        while frontier:
            for nxt in neighbours[frontier.pop()]:
                if not seen[nxt] and owner[nxt] == tribe:
                    seen[nxt] = True
                    group.append(nxt)
                    frontier.append(nxt)
        if len(group) >= minimum:
            group.sort()
            groups.setdefault(tribe, []).append(group)
    return groups


def settlements(state: GameState, tribe: int, minimum: int = 4) -> list[list[int]]:
    """B17: `tribe`'s road-connected groups of at least `minimum` tents, each sorted by space index."""
    return [g for g in tribe_groups(state, tribe) if len(g) >= minimum]


def group_containing(state: GameState, space: int) -> list[int]:
    """The road-connected group of the tent on `space` (its owner's tents only)."""
    owner = state.space_owner
    tribe = owner[space]
    neighbours = state.space_neighbours  # along-connection segments only under `connection_roads` (E2, E3)
    group = {space}
    frontier = [space]
    while frontier:
        current = frontier.pop()
        for nxt in neighbours[current]:
            if nxt not in group and owner[nxt] == tribe:
                group.add(nxt)
                frontier.append(nxt)
    return sorted(group)
