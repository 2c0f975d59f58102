"""Who is on which side: the seats (one player, or both partners as one tribe, S12) and the Void (P19).

Every majority and settlement of solo and co-op asks these helpers, never a tribe index directly, so
co-op's two colours count as one tribe everywhere (S12, P25).
"""

from __future__ import annotations

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.state import EMPTY, GameState

from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID, data


def side_of(state: GameState, tribe: int) -> str:
    return VOID if tribe == state.void_tribe else PLAYERS


def side_tents(state: GameState, territory: int) -> tuple[int, int]:
    """(players' tents, Void ruins) in a territory."""
    counts = state.territory_tents[territory]
    void = state.void_tribe
    return sum(counts) - counts[void], counts[void]


def side_totems(state: GameState, territory: int) -> tuple[int, int]:
    """(players' totems, Void totems) in a territory."""
    counts = state.totem_counts[territory]
    void = state.void_tribe
    return sum(counts) - counts[void], counts[void]


def playable(state: GameState, territory: int) -> bool:
    """A territory with tent spaces: infected, counted and compared (P22: the purple centre never is)."""
    return bool(state.board.territories[territory].tent_spaces)


def is_counted(state: GameState, territory: int) -> bool:
    return territory in data(state).claims


def settled(state: GameState, territory: int) -> bool:
    """Counted, or never countable (P22): what the pawn skips and the end ignores."""
    return territory in data(state).claims or not playable(state, territory)


def open_territories(state: GameState) -> list[int]:
    """Playable territories not yet counted, in index order."""
    claims = data(state).claims
    return [t.index for t in state.board.territories if t.tent_spaces and t.index not in claims]


def biome_explored(state: GameState, biome: Biome) -> bool:
    """S4/S9: every territory of the biome is full or counted (a biome the map lacks never is)."""
    territories = state.board.territories_by_biome.get(biome, ())
    return bool(territories) and all(
        is_counted(state, t) or state.territory_empty[t] == 0 for t in territories)


# (id of the road adjacency, linked spaces, the side's spaces) -> (that adjacency, its groups): see `side_groups`
_GROUPS: dict[tuple[int, frozenset[int], tuple[int, ...]], tuple[object, tuple[tuple[int, ...], ...]]] = {}
_GROUPS_LIMIT = 50_000


def side_groups(state: GameState, side: str, linked: frozenset[int] = frozenset()) -> list[list[int]]:
    """Road-connected groups of one side's tents (S8: co-op partners' tents join, P25).

    `linked` spaces (Floating Lands' Tundra ruins, S11) count as joined to one another wherever they lie.
    Remembered per placement of the side's pieces: the groups are a function of the spaces it holds, the
    roads and the linked spaces alone, and every piece placed asks for them (S8's check) while most
    placements repeat a pattern the bots' look-ahead has already met (a fifth of its rule work was
    walking these groups). The key holds the adjacency's identity, checked against the object itself so
    a reused id never answers for another map; each caller gets its own lists.
    """
    return [list(group) for group in group_tuples(state, side, linked)]


def group_tuples(state: GameState, side: str, linked: frozenset[int] = frozenset()) -> tuple[tuple[int, ...], ...]:
    """`side_groups` as the kept tuples themselves (shared: read them, never change them), for the callers that
    only read the groups (the S8 check, the bots' settlement measures): no list copied per placement."""
    owner = state.space_owner
    void = state.void_tribe
    if side == VOID:   # list comprehensions: half the time of a generator into tuple()
        mine = tuple([s for s, who in enumerate(owner) if who == void])
    else:
        empty = EMPTY
        mine = tuple([s for s, who in enumerate(owner) if who != empty and who != void])
    neighbours = state.space_neighbours
    key = (id(neighbours), linked, mine)
    known = _GROUPS.get(key)
    if known is None or known[0] is not neighbours:
        if len(_GROUPS) >= _GROUPS_LIMIT:
            _GROUPS.clear()
        known = _GROUPS[key] = (neighbours, _walk(mine, neighbours, linked))
    return known[1]


def _walk(mine: tuple[int, ...], neighbours: tuple[tuple[int, ...], ...],
          linked: frozenset[int]) -> tuple[tuple[int, ...], ...]:
    """The groups of `side_groups`, each sorted, in the order of their first space."""
    members = set(mine)
    link = [s for s in mine if s in linked]
    seen: set[int] = set()
    groups: list[tuple[int, ...]] = []
    for start in mine:
        if start in seen:
            continue
        group = {start}
        frontier = [start]
        while frontier:
            current = frontier.pop()
            for nxt in neighbours[current]:
                if nxt in members and nxt not in group:
                    group.add(nxt)
                    frontier.append(nxt)
            if current in linked:
                for nxt in link:
                    if nxt not in group:
                        group.add(nxt)
                        frontier.append(nxt)
        seen |= group
        groups.append(tuple(sorted(group)))
    return tuple(groups)
