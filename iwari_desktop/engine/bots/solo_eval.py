"""Small judgements of a solo/co-op position that the players'-side bots share.

`infections_to_flip` / `territory_flip`: how many more Infections an open territory takes before the
Void would control it if counted (S5, S7). `pawn_territories`: the open territories of the pawn's next
connections (S5). `strike_losses`: the territories a Corruption striking now would give the Void (S6).
`map_threats`: a map's own Void win drawing near (S10, S11). The bots' evaluation itself is
`solo_plan.plan_value`.

Everything here reads only what the seat may see: the board, the claims, the pawn and the public
card counts.
"""

from __future__ import annotations

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo import maprules
from iwari_desktop.engine.rulesets.solo.data import CORRUPTION_AT, PLAYERS, VOID, data
from iwari_desktop.engine.rulesets.solo.outcome import k_of
from iwari_desktop.engine.rulesets.solo.sides import group_tuples, side_tents, side_totems, settled

WIN = 1000.0
FLIP_HORIZON = 4


def infections_to_flip(tents: int, totems: int, ruins: int, void_totems: int, empty: int, other_totems: int,
                       totem_ok: bool, void_totems_left: int) -> int:
    """Infections the territory takes before the Void would control it if counted (0: it does now).

    Follows S5: a Void totem while the cap (largest tent count, ruins as the Void's tents) leaves room,
    else a ruin; a ruin on the last space counts the territory at once (returns FLIP_HORIZON: safe).
    `other_totems` are totems in the stack that belong to neither count (none in plain solo).
    """
    p, v, r = totems, void_totems, ruins
    left = void_totems_left
    for hits in range(FLIP_HORIZON + 1):
        pv = p + (tents > r)
        vv = v + (r > tents)
        if pv <= vv:
            return hits
        if hits == FLIP_HORIZON:
            break
        if totem_ok and p + v + other_totems + 1 <= max(tents, r) and left > 0:
            v += 1
            left -= 1
        elif empty > 0:
            r += 1
            empty -= 1
            if empty == 0:
                pv = p + (tents > r)
                vv = v + (r > tents)
                return FLIP_HORIZON if pv > vv else hits + 1
        else:
            return FLIP_HORIZON
    return FLIP_HORIZON


def territory_flip(state: GameState, territory: int) -> int:
    """`infections_to_flip` for one open territory of `state`."""
    pt, vt = side_tents(state, territory)
    po, vo = side_totems(state, territory)
    t = state.board.territories[territory]
    totem_ok = t.totem_space is not None and maprules.void_totem_destination(state, territory) == territory
    return infections_to_flip(pt, po, vt, vo, state.territory_empty[territory], 0, totem_ok,
                              state.totems_left[state.void_tribe])


def pawn_territories(state: GameState, ahead: int = 2) -> list[list[int]]:
    """The open territories of the pawn's connection and of the next `ahead - 1` connections it will visit."""
    d = data(state)
    numbers = sorted(state.board.connections_by_number)
    by_number = state.board.connections_by_number
    i = numbers.index(d.pawn)
    out: list[list[int]] = []
    for k in range(len(numbers)):
        n = numbers[(i + k) % len(numbers)]
        a, b = by_number[n].territories
        if settled(state, a) and settled(state, b):
            continue
        out.append([x for x in (a, b) if not settled(state, x)])
        if len(out) >= ahead:
            break
    return out


def value(state: GameState, seat: int) -> float:
    """The players' side's view of `state` (higher is better); a finished game is +-WIN. The bots choose by
    `solo_plan.plan_value`; this simpler sum of named parts is what the hint's reason is worded from."""
    return sum(value_terms(state, seat).values())


def value_terms(state: GameState, seat: int) -> dict[tuple, float]:
    """`value` split by source; its values add up to `value(state, seat)`.

    Keys: ("over",) a finished game; ("claims",) claimed territories; ("territory", t) an open
    territory's safety; ("expected",) the expected Void total against K; ("pressure",) Void cards toward
    a Corruption; ("beside",) Void cards beside the board; ("hand",) Void cards in the seat's hand;
    ("pieces",) unplaced pieces; ("void-totems",) the Void's totems still in supply; ("map",) the map's
    own Void wins. Why split: the hint names the term a move gains most ("makes ... safer").
    """
    if state.phase is Phase.GAME_OVER:
        result = state.result
        won = getattr(result, "won", None)
        return {("over",): WIN if won else -WIN}
    terms: dict[tuple, float] = {}
    d = data(state)
    k = k_of(state)
    void_claims = sum(1 for c in d.claims.values() if c.side == VOID)
    player_claims = len(d.claims) - void_claims
    pressure = d.above + state.display.count(Biome.VOID)
    claims = 14.0 * player_claims - 30.0 * void_claims
    if void_claims >= k - 1:
        claims -= 40.0
    terms[("claims",)] = claims
    ahead = pawn_territories(state)
    next_hit = set(ahead[0]) if ahead else set()
    soon = set(ahead[1]) if len(ahead) > 1 else set()
    corruption_next = pressure >= CORRUPTION_AT - 1
    open_void = 0
    for t in state.board.territories:
        if not t.tent_spaces or t.index in d.claims:
            continue
        flip = territory_flip(state, t.index)
        explored = state.is_explored(t.index)
        if t.index in next_hit:
            flip -= 1
            if corruption_next:
                flip = -1 if flip < 0 else flip * 2   # it will be counted right after the Infection
        elif t.index in soon:
            flip -= 0.5
        if flip <= 0:
            open_void += 1
            here = -9.0 if explored else -6.0
        else:
            here = 3.0 + 2.5 * min(flip, 3)
        if not explored:
            here -= 2.0
        terms[("territory", t.index)] = here
    # losing territories beyond K-1 at the end is fatal: weigh the expected Void total against K
    expected = void_claims + open_void
    terms[("expected",)] = -12.0 * (expected - k + 1) if expected >= k else 0.0
    void = state.void_tribe
    terms[("pressure",)] = -3.0 * pressure * (1 + (pressure >= 2))
    terms[("beside",)] = -14.0 * d.beside
    terms[("hand",)] = -5.0 * state.hands[seat].count(Biome.VOID)
    terms[("pieces",)] = -0.6 * (state.tents_left[seat] + state.totems_left[seat])   # unplaced pieces win nothing
    terms[("void-totems",)] = 0.5 * state.totems_left[void]
    terms[("map",)] = -map_threats(state)
    return terms


def map_threats(state: GameState) -> float:
    """S10/S11 Void wins that draw near: a big Void settlement, totems on The Uncharted Paths' centre, the
    ruin-space or purple-road comparison at the end.

    The settlement is graded by its largest group; where the map says how big one more ruin would make it
    (`solo_settlement_reach`, Floating Lands), a group one ruin short of that counts as already there: two
    groups a ruin apart are as near the win as their sum less one (docs/ai.md, "Floating Lands' Tundra
    settlement, graded")."""
    penalty = 0.0
    limit, totem_limit, reach_modules, margin_modules, check_modules = maprules.threat_hooks(state)
    void = state.void_tribe
    if state.space_owner.count(void) >= limit - 3:   # only then can a group be that big (or one ruin from it)
        largest = largest_void_settlement(state)
        if reach_modules:   # one ruin may join groups (Floating Lands): as near as the group it makes, less that ruin
            reaches = [module.solo_settlement_reach(state) for module in reach_modules]   # maprules.settlement_reaches
            largest = max(largest, min(max(reaches), limit) - 1)
        if largest >= limit - 3:
            penalty += 6.0 * (largest - (limit - 4)) ** 2
    if totem_limit is not None:
        on_centre = max((state.totem_counts[t][void] for t in state.board.spaceless_territories), default=0)
        penalty += 5.0 * on_centre * on_centre
    if margin_modules:   # maprules.end_margins (none: adds 0.0 to a non-negative sum, so skipped)
        penalty += MARGIN_STEP * sum(max(0, module.solo_end_margin(state) + 1) for module in margin_modules)
    for module in check_modules:   # maprules.end_check
        if module.solo_end_check(state):
            penalty += 15.0
            break
    return penalty


# Each site the Void leads or ties an end comparison by (Forgotten Island's ruin spaces) costs this much on top
# of the flat 15 once it is lost: the Expert then races for the sites (10 games for K = 7 on Forgotten Island:
# 0 wins and 6 outright losses before, 6 wins and 1 outright loss after; docs/ai.md). The purple road has no
# margin hook: a graded road term made the Expert walk into the road's loss (docs/ai.md, session 7).
MARGIN_STEP = 4.0


_LARGEST: dict[tuple[int, frozenset[int], tuple[int, ...]], tuple[object, int]] = {}
_LARGEST_LIMIT = 50_000


def largest_void_settlement(state: GameState) -> int:
    """The most Void ruins joined in one settlement (S8, S10; `side_groups`), remembered per placement of ruins.

    Why: the bots ask it of every position they weigh, and the Void's ruins change far less often than the
    players' pieces, so most positions repeat a ruin placement already measured. The key holds the road
    adjacency's identity (checked against the object itself, so a reused id never answers for another map),
    the linked spaces and the spaces the Void holds."""
    owner = state.space_owner
    void = state.void_tribe
    neighbours = state.space_neighbours
    linked = maprules.linked_void_spaces(state)
    # the spaces the Void holds (a comprehension: 0.6 of compress(range, map(void.__eq__, owner))'s time)
    ruins = tuple([s for s, who in enumerate(owner) if who == void])
    key = (id(neighbours), linked, ruins)
    known = _LARGEST.get(key)
    if known is not None and known[0] is neighbours:
        return known[1]
    largest = max((len(g) for g in group_tuples(state, VOID, linked)), default=0)
    if len(_LARGEST) >= _LARGEST_LIMIT:
        _LARGEST.clear()
    _LARGEST[key] = (neighbours, largest)
    return largest


__all__ = ["infections_to_flip", "map_threats", "pawn_territories", "strike_losses", "territory_flip", "value",
           "value_terms", "WIN", "PLAYERS"]


def strike_losses(state: GameState) -> int:
    """Territories of the pawn's connection the Void would control if a Corruption struck now (S5-S7).

    One Infection-style piece in each (a Void totem where the cap leaves room and the Void has one, else a
    ruin; P61), then the count: the side with more tents/ruins gains the virtual totem, ties to the Void.
    """
    ahead = pawn_territories(state, 1)
    if not ahead:
        return 0
    lost = 0
    void_totems = state.totems_left[state.void_tribe]
    for territory in ahead[0]:
        pt, vt = side_tents(state, territory)
        po, vo = side_totems(state, territory)
        t = state.board.territories[territory]
        totem_ok = (t.totem_space is not None and void_totems > 0
                    and maprules.void_totem_destination(state, territory) == territory
                    and len(state.totem_stacks[territory]) + 1 <= max(pt, vt))
        if totem_ok:
            vo += 1
            void_totems -= 1
        elif state.territory_empty[territory] > 0:
            vt += 1
        p = po + (pt > vt)
        v = vo + (vt > pt)
        lost += p <= v
    return lost
