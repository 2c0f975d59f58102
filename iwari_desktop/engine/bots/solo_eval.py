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

from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.rulesets.solo import maprules
from iwari_desktop.engine.rulesets.solo.data import VOID, data
from iwari_desktop.engine.rulesets.solo.sides import side_groups, side_tents, side_totems, settled

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


def map_threats(state: GameState) -> float:
    """S10/S11 Void wins that draw near: a big Void settlement, totems on The Uncharted Paths' centre, the
    ruin-space or purple-road comparison at the end."""
    penalty = 0.0
    limit = maprules.void_settlement_win(state)
    void = state.void_tribe
    if sum(1 for who in state.space_owner if who == void) >= limit - 3:   # only then can a group be that big
        linked = maprules.linked_void_spaces(state)
        groups = side_groups(state, VOID, linked)
        largest = max((len(g) for g in groups), default=0)
        if largest >= limit - 3:
            penalty += 6.0 * (largest - (limit - 4)) ** 2
    totem_limit = maprules.void_totems_win(state)
    if totem_limit is not None:
        on_centre = max((state.totem_counts[t.index][state.void_tribe] for t in state.board.territories
                         if not t.tent_spaces), default=0)
        penalty += 5.0 * on_centre * on_centre
    if maprules.end_check(state):
        penalty += 15.0
    return penalty


__all__ = ["infections_to_flip", "map_threats", "pawn_territories", "strike_losses", "territory_flip"]


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
