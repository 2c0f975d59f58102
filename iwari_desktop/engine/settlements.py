"""Settlements (B17): road-connected groups of one tribe's tents."""

from __future__ import annotations

from .state import GameState


def tribe_groups(state: GameState, tribe: int) -> list[list[int]]:
    """Every road-connected group of `tribe`'s tents (any size), each sorted by space index."""
    owner = state.space_owner
    neighbours = state.board.space_neighbours
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start, who in enumerate(owner):
        if who != tribe or start in seen:
            continue
        group = [start]
        seen.add(start)
        frontier = [start]
        while frontier:
            space = frontier.pop()
            for nxt in neighbours[space]:
                if nxt not in seen and owner[nxt] == tribe:
                    seen.add(nxt)
                    group.append(nxt)
                    frontier.append(nxt)
        groups.append(sorted(group))
    return groups


def settlements(state: GameState, tribe: int, minimum: int = 4) -> list[list[int]]:
    return [g for g in tribe_groups(state, tribe) if len(g) >= minimum]


def group_containing(state: GameState, space: int) -> list[int]:
    """The road-connected group of the tent on `space` (its owner's tents only)."""
    owner = state.space_owner
    tribe = owner[space]
    neighbours = state.board.space_neighbours
    group = {space}
    frontier = [space]
    while frontier:
        current = frontier.pop()
        for nxt in neighbours[current]:
            if nxt not in group and owner[nxt] == tribe:
                group.add(nxt)
                frontier.append(nxt)
    return sorted(group)
