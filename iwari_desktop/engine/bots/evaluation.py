"""The shared static evaluation every computer level judges positions with.

Why one module: Easy, Normal and Hard must agree on what a position is worth, or Hard's search
would optimise something the greedy levels do not value (and the future Hint line could not
explain a move). The evaluation is the final scoring the engine would run now (tents with their
feat multipliers, totem connections, settlements, every rule module's own final lines), plus:

- the half-journey scoring still to come (tents again, no multipliers) while the deck has not run
  out yet, since those points are real and a tent placed now earns them;
- part credit for what a one-ply look cannot see pay: a totem majority on one side of an open
  connection, and a road-connected group of two or three tents growing towards a settlement.

It reads the state only through public fields and the rule modules' scoring hooks, so expansion
rules that add final lines or multipliers are valued without changes here. It is a hot path for
search: plain loops over lists, no ScoreLine objects.
"""

from __future__ import annotations

from typing import Hashable

from iwari_desktop.engine.core.modules import RuleModule
from iwari_desktop.engine.core.scoring import connection_block
from iwari_desktop.engine.core.state import GameState

HALF_CONNECTION_CREDIT = 0.4     # per totem on the open connection, for a majority on one side only
GROUP_CREDIT = {2: 0.5, 3: 1.5}  # road-connected tents not yet a settlement (B17 needs 4)
SETTLEMENT_MINIMUM = 4


def _has_own_final_lines(module: RuleModule) -> bool:
    return type(module).final_lines is not RuleModule.final_lines


def tent_points(counts: list[int]) -> list[int]:
    """B15 dense ranking, as a plain list per tribe (0 for a tribe without tents there)."""
    points = [0] * len(counts)
    present = sorted({c for c in counts if c > 0}, reverse=True)
    if not present:
        return points
    total = sum(counts)
    for tribe, count in enumerate(counts):
        if count > 0:
            rank = present.index(count)
            points[tribe] = total if rank == 0 else present[rank - 1]
    return points


def _majority(counts: list[int]) -> frozenset[int]:
    top = max(counts)
    if top <= 0:
        return frozenset()
    return frozenset(t for t, c in enumerate(counts) if c == top)


# memos of the two per-territory answers above, by the territory's counts (issue #32: Hard's rollouts value
# tens of thousands of positions a decision, which share most of their territories); the values are never
# changed by their readers (tuples, frozensets)
_TENT_POINTS: dict[tuple[int, ...], tuple[int, ...]] = {}
_MAJORITIES: dict[tuple[int, ...], frozenset[int]] = {}
_MEMO_LIMIT = 100_000   # distinct counts seen; past it a memo starts again (a long tournament's process)


def _tent_points_of(counts: tuple[int, ...]) -> tuple[int, ...]:
    points = _TENT_POINTS.get(counts)
    if points is None:
        if len(_TENT_POINTS) > _MEMO_LIMIT:
            _TENT_POINTS.clear()
        points = _TENT_POINTS[counts] = tuple(tent_points(list(counts)))
    return points


def _majority_of(counts: tuple[int, ...]) -> frozenset[int]:
    holders = _MAJORITIES.get(counts)
    if holders is None:
        if len(_MAJORITIES) > _MEMO_LIMIT:
            _MAJORITIES.clear()
        holders = _MAJORITIES[counts] = _majority(list(counts))
    return holders


def group_sizes(state: GameState, tribe: int) -> list[int]:
    """Sizes of `tribe`'s road-connected tent groups (B17)."""
    return all_group_sizes(state, len(state.tribes))[tribe]


def all_group_sizes(state: GameState, n_tribes: int) -> list[list[int]]:
    """Per tribe, the sizes of its road-connected tent groups (B17), in one flood fill over the roads.

    One pass for all tribes rather than one per tribe: this is the evaluation's most expensive part. The last
    answer is kept (`_LAST_GROUPS`): Normal values one more tent in each territory on a scratch copy whose
    tents on spaces stay as they were (`normal.biome_worth`), the same fill again and again. The answers are
    also kept by the spaces' owners (`_GROUPS`): Hard's candidates and Normal's options come back to the same
    tents often (a 2-player game of Hard: 30 000 fills asked, 4 400 distinct; issue #32). Callers only read
    the lists.
    """
    owner = state.space_owner
    neighbours = state.space_neighbours
    last = _LAST_GROUPS
    if last and last[1] is neighbours and last[2] == n_tribes and last[0] == owner:
        return last[3]
    key = (n_tribes, *owner)
    known = _GROUPS.get(key)
    if known is not None and known[0] is neighbours:
        _LAST_GROUPS[:] = (list(owner), neighbours, n_tribes, known[1])
        return known[1]
    seen = [False] * len(owner)
    sizes: list[list[int]] = [[] for _ in range(n_tribes)]
    for start, tribe in enumerate(owner):
        if tribe < 0 or seen[start]:
            continue
        seen[start] = True
        stack = [start]
        size = 0
        while stack:
            current = stack.pop()
            size += 1
            for nxt in neighbours[current]:
                if not seen[nxt] and owner[nxt] == tribe:
                    seen[nxt] = True
                    stack.append(nxt)
        if tribe < n_tribes:
            sizes[tribe].append(size)
    _LAST_GROUPS[:] = (list(owner), neighbours, n_tribes, sizes)
    if len(_GROUPS) > _GROUPS_LIMIT:
        _GROUPS.clear()
    _GROUPS[key] = (neighbours, sizes)
    return sizes


# (space owners, road table, tribes, sizes) of the last `all_group_sizes` answer
_LAST_GROUPS: list = []
# (tribes, *space owners) -> (road table, sizes): every answer, while fewer than `_GROUPS_LIMIT`, then it starts
# again; an entry is about 1.2 kB (a key of every space), so the limit keeps it near 2.4 MB in a long process.
# Why 2 000 and not more: bench/decision_cpu.py (12 Hard decisions of 150 simulations + 1 Expert turn) fills
# 4 782 boards with it and 4 300 with 10 000 (12 MB), the same CPU within noise (issue #32)
_GROUPS: dict[tuple[int, ...], tuple[object, list[list[int]]]] = {}
_GROUPS_LIMIT = 2_000


def half_journey_pending(state: GameState) -> bool:
    """True while the half-journey tent scoring (B13) is still to come."""
    return state.deck_exhaustions == 0 or state.half_journey_due


def final_points(state: GameState) -> list[float]:
    """Points per tribe the final scoring would add if the game ended now (no part credit, no half journey).

    Matches `scoring.score_report(state, final=True).totals()`; a test holds the two together.
    """
    return _points(state, credit=False)


def estimate(state: GameState) -> list[float]:
    """Expected final total per tribe: points scored so far, the final scoring now, the pending half
    journey and part credit (see the module docstring). After the game is over, the exact scores."""
    if state.result is not None:
        return [float(s) for s in state.scores]
    values = _points(state, credit=True)
    return [v + s for v, s in zip(values, state.scores)]


Terms = dict[tuple[Hashable, ...], list[float]]
"""Points per tribe by where they come from: ("tents", territory), ("connection", number), ("link", number)
(part credit for an open connection), ("settlements",), ("groups",) (part credit), ("module", category),
("scored",) (points already scored)."""


def estimate_terms(state: GameState) -> Terms:
    """`estimate` split by source (see `Terms`): the per-tribe sums of its rows are `estimate(state)`.

    Why: the hint explains a move by the term that gained it most ("takes the tent majority in ...");
    the split is made by the same code that computes the estimate, so the two cannot drift apart.
    """
    terms: Terms = {("scored",): [float(s) for s in state.scores]}
    if state.result is None:
        _points(state, credit=True, terms=terms)
    return terms


def _add(terms: Terms, key: tuple[Hashable, ...], n: int, tribe: int, points: float) -> None:
    row = terms.get(key)
    if row is None:
        row = terms[key] = [0.0] * n
    row[tribe] += points


def _multipliers(state: GameState, hooks) -> tuple[dict[int, int], dict[int, int]]:
    """The feats' multipliers by territory and by connection, summed over the modules that give any."""
    territory_mult: dict[int, int] = {}
    connection_mult: dict[int, int] = {}
    for module in hooks.territory_multiplier_feats:
        for k, v in module.territory_multiplier_feats(state).items():
            territory_mult[k] = territory_mult.get(k, 0) + v
    for module in hooks.connection_multiplier_feats:
        for k, v in module.connection_multiplier_feats(state).items():
            connection_mult[k] = connection_mult.get(k, 0) + v
    return territory_mult, connection_mult


def _points(state: GameState, credit: bool, terms: Terms | None = None) -> list[float]:
    n = len(state.tribes)
    values = [0.0] * n
    hooks = state.hooks   # the modules that implement each hook (the others add nothing)
    territory_mult, connection_mult = _multipliers(state, hooks)
    half = credit and half_journey_pending(state)
    base_factor = 1 + (1 if half else 0)
    if terms is None:
        _tents_fast(state.territory_tents, territory_mult, base_factor, values)
    else:
        for territory, counts in enumerate(state.territory_tents):
            if not any(counts):
                continue
            points = _tent_points_of(tuple(counts))
            factor = territory_mult.get(territory, 0) + base_factor if territory_mult else base_factor
            for tribe in range(n):
                if points[tribe]:
                    values[tribe] += points[tribe] * factor
                    _add(terms, ("tents", territory), n, tribe, points[tribe] * factor)
    stacks = state.totem_stacks
    counts_of = state.totem_counts
    blocked = state.hooks.connection_veto
    covered = state.mountains
    held: dict[int, frozenset[int]] = {}   # the totem majority of each territory asked (most have no totem)
    for number, a, b in state.board.connection_ends:
        # the totems first: a connection without any scores nothing whether it is blocked or not, and the veto
        # is the costly question (issue #32); the answer is the same in either order
        value = len(stacks[a]) + len(stacks[b])
        if not value or number in covered or (blocked and connection_block(state, number)):
            continue
        held_a = held.get(a)
        if held_a is None:
            held_a = held[a] = _majority_of(tuple(counts_of[a])) if stacks[a] else _NONE
        held_b = held.get(b)
        if held_b is None:
            held_b = held[b] = _majority_of(tuple(counts_of[b])) if stacks[b] else _NONE
        factor = connection_mult.get(number, 0) + 1
        for tribe in held_a & held_b:
            if tribe < n:
                values[tribe] += value * factor
                if terms is not None:
                    _add(terms, ("connection", number), n, tribe, value * factor)
        if credit:
            for tribe in held_a ^ held_b:
                if tribe < n:
                    values[tribe] += HALF_CONNECTION_CREDIT * value
                    if terms is not None:
                        _add(terms, ("link", number), n, tribe, HALF_CONNECTION_CREDIT * value)
    for tribe, tribe_sizes in enumerate(all_group_sizes(state, n)):
        for size in tribe_sizes:
            if size >= SETTLEMENT_MINIMUM:
                values[tribe] += size
                if terms is not None:
                    _add(terms, ("settlements",), n, tribe, size)
            elif credit:
                values[tribe] += GROUP_CREDIT.get(size, 0.0)
                if terms is not None:
                    _add(terms, ("groups",), n, tribe, GROUP_CREDIT.get(size, 0.0))
    for module in hooks.final_lines:   # the modules with lines of their own (`_has_own_final_lines`)
        if _has_own_final_lines(module):
            for line in module.final_lines(state):
                for tribe, pts in line.points.items():
                    if 0 <= tribe < n:
                        values[tribe] += pts
                        if terms is not None:
                            _add(terms, ("module", line.category), n, tribe, pts)
    return values


_NONE: frozenset[int] = frozenset()


def _tents_fast(tents: list[list[int]], territory_mult: dict[int, int], base_factor: int,
                values: list[float]) -> None:
    """The tent lines of `_points` without `terms`, added to `values` (issue #32: the evaluation's hottest loop).

    Why the same sums: every tent line is a whole number (points times a whole multiplier) and `values` holds
    nothing else yet, so adding them in another grouping gives the very same floats."""
    n = len(values)
    for territory, counts in enumerate(tents):
        if not any(counts):
            continue
        points = _tent_points_of(tuple(counts))
        factor = territory_mult.get(territory, 0) + base_factor if territory_mult else base_factor
        for tribe, p in enumerate(points):
            if p and tribe < n:
                values[tribe] += p * factor


def margin(values: list[float], tribe: int) -> float:
    """How far `tribe` is ahead of its strongest rival (negative when behind): what a seat maximises.

    Every other tribe counts as a rival, the 2-player third tribe too: if it alone comes first both
    players lose (B12), so feeding it is as bad as feeding the opponent.
    """
    rivals = [v for t, v in enumerate(values) if t != tribe]
    return values[tribe] - (max(rivals) if rivals else 0.0)


def seat_value(state: GameState, seat: int) -> float:
    """The margin of `seat`'s tribe in `estimate(state)`."""
    return margin(estimate(state), state.tribe_of_seat(seat))



def margins_with_one_more_tent(state: GameState, tribe: int, territories: list[int]) -> list[float] | None:
    """Per territory of `territories`, `margin(estimate(s), tribe)` for `s` = `state` with one more tent of
    `tribe` counted there (no other change); None after the game is over (the caller does it the long way).

    Why (issue #32): Normal's `biome_worth` asks this for every territory with room before each draw; the full
    estimate each time redid the connections and the road groups, which one more tent count never changes
    (they read the totems, mountains and space owners; the vetoes read space owners). Those are taken once;
    the rest (the modules' multipliers and final lines, which may read tent counts) is asked of a scratch copy
    with the tent counted, as before. Each result is the same float as the full estimate's: the tent lines are
    whole numbers, so their sum is exact in any order (without territory multipliers the base sum with the one
    territory's line swapped is the very float `_tents_fast` gives), and every later addend is added in
    `_points`' own order.
    """
    if state.result is not None:
        return None
    n = len(state.tribes)
    factor = 1 + (1 if half_journey_pending(state) else 0)
    scratch = state.clone()
    hooks = scratch.hooks
    tents = scratch.territory_tents
    base = [0.0] * n
    _tents_fast(tents, {}, factor, base)
    links, groups = _tent_free_addends(scratch, n)
    finals = [module for module in hooks.final_lines if _has_own_final_lines(module)]
    scores = scratch.scores
    results: list[float] = []
    for territory in territories:
        counts = tents[territory]
        counts[tribe] += 1
        territory_mult, connection_mult = _multipliers(scratch, hooks)
        if territory_mult:
            values = [0.0] * n
            _tents_fast(tents, territory_mult, factor, values)
        else:
            values = base[:]
            counts[tribe] -= 1
            if any(counts):
                for t, p in enumerate(_tent_points_of(tuple(counts))):
                    if p and t < n:
                        values[t] -= p * factor
            counts[tribe] += 1
            for t, p in enumerate(_tent_points_of(tuple(counts))):
                if p and t < n:
                    values[t] += p * factor
        for number, value, both, either in links:
            mult = connection_mult.get(number, 0) + 1
            for t in both:
                if t < n:
                    values[t] += value * mult
            for t in either:
                if t < n:
                    values[t] += HALF_CONNECTION_CREDIT * value
        for t, amount in groups:
            values[t] += amount
        for module in finals:
            for line in module.final_lines(scratch):
                for t, pts in line.points.items():
                    if 0 <= t < n:
                        values[t] += pts
        counts[tribe] -= 1
        results.append(margin([v + s for v, s in zip(values, scores)], tribe))
    return results


def _tent_free_addends(state: GameState, n: int) -> tuple[list[tuple[int, int, frozenset[int], frozenset[int]]],
                                                           list[tuple[int, float]]]:
    """The parts of `_points(state, credit=True)` that no tent count changes, in its order: each scoring
    connection as (number, totems, tribes holding both ends, tribes holding one end), and the road groups'
    addends as (tribe, amount) (see `margins_with_one_more_tent`)."""
    links: list[tuple[int, int, frozenset[int], frozenset[int]]] = []
    stacks = state.totem_stacks
    counts_of = state.totem_counts
    blocked = state.hooks.connection_veto
    covered = state.mountains
    for number, a, b in state.board.connection_ends:
        value = len(stacks[a]) + len(stacks[b])
        if not value or number in covered or (blocked and connection_block(state, number)):
            continue
        held_a = _majority_of(tuple(counts_of[a])) if stacks[a] else _NONE
        held_b = _majority_of(tuple(counts_of[b])) if stacks[b] else _NONE
        links.append((number, value, held_a & held_b, held_a ^ held_b))
    groups: list[tuple[int, float]] = []
    for t, tribe_sizes in enumerate(all_group_sizes(state, n)):
        for size in tribe_sizes:
            groups.append((t, size) if size >= SETTLEMENT_MINIMUM else (t, GROUP_CREDIT.get(size, 0.0)))
    return links, groups
