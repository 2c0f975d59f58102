"""S5 Infection: a Void totem where the cap allows, else a ruin on the empty space closest to a ruin; the pawn.

These functions decide and place; choices the rules leave to the player (which closest space on a
tie) are returned as candidate lists for `steps` to ask about or to settle by the fixed tie rule (P56).
"""

from __future__ import annotations

from iwari_desktop.engine.core.placement import empty_spaces, piece_veto_reason
from iwari_desktop.engine.core.state import EMPTY, GameState

import iwari_desktop.engine.rulesets.solo.maprules as maprules
from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.engine.rulesets.solo.events import PAWN, SILENT, VoidEvent
from iwari_desktop.engine.rulesets.solo.sides import settled
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_

TOTEM = "totem"
RUIN = "ruin"


def targets(state: GameState) -> list[int]:
    """The territories of the pawn's connection still to infect (not counted, not the centre, P22)."""
    a, b = state.board.connections_by_number[data(state).pawn].territories
    return [t for t in (a, b) if not settled(state, t)]


def piece_for(state: GameState, territory: int) -> str | None:
    """S5: a Void totem if the cap allows (ruins are the Void's tents), else a ruin; None if neither fits.

    P61: a Void totem the Void no longer has "can't be placed" either (B11), so a ruin goes instead; only
    a ruin the Void lacks ends the game (S10).
    """
    void = state.void_tribe
    t = state.board.territories[territory]
    if (t.totem_space is not None and state.totems_left[void] > 0
            and len(state.totem_stacks[territory]) + 1 <= state.totem_cap(territory)
            and not piece_veto_reason(state, void, territory, totem=True)):
        return TOTEM
    if state.territory_empty[territory] > 0:
        return RUIN
    return None


def distances_from_ruins(state: GameState) -> list[int | None]:
    """Road steps from the nearest Void ruin to every space (None: no ruin reaches it)."""
    void = state.void_tribe
    owner = state.space_owner
    dist: list[int | None] = [None] * len(owner)
    frontier = [s for s, who in enumerate(owner) if who == void]
    for s in frontier:
        dist[s] = 0
    neighbours = state.space_neighbours
    step = 0
    while frontier:
        step += 1
        nxt = []
        for s in frontier:
            for n in neighbours[s]:
                if dist[n] is None:
                    dist[n] = step
                    nxt.append(n)
        frontier = nxt
    return dist


def closest_spaces(state: GameState, territory: int) -> list[int]:
    """S5: the territory's empty tent spaces closest by road steps to any ruin; all of them when no ruin
    reaches the territory (the player chooses freely then)."""
    spaces = list(empty_spaces(state, territory))
    if len(spaces) <= 1:
        return spaces
    # `distances_from_ruins`' walk, stopped at the first step that reaches one of the spaces: the spaces it
    # reaches then are those at the least distance (a walk of the whole board was 7 % of the forecast's time).
    void = state.void_tribe
    owner = state.space_owner
    frontier = [s for s, who in enumerate(owner) if who == void]
    seen = [False] * len(owner)
    for s in frontier:
        seen[s] = True
    wanted = set(spaces)
    neighbours = state.space_neighbours
    while frontier:
        nxt = []
        found = False
        for s in frontier:
            for n in neighbours[s]:
                if not seen[n]:
                    seen[n] = True
                    nxt.append(n)
                    if n in wanted:
                        found = True
        if found:
            return [s for s in spaces if seen[s]]
        frontier = nxt
    return spaces


def nearest_ruin(state: GameState, space: int) -> tuple[int, int] | None:
    """(road steps, space) of the Void ruin nearest to `space` (None: no ruin reaches it), for saying why a
    ruin goes where it goes; among equally near ruins one in the space's own territory first, then the
    lowest-numbered."""
    void = state.void_tribe
    owner = state.space_owner
    neighbours = state.space_neighbours
    territory_of = state.board.spaces
    seen = {space}
    frontier = [space]
    steps = 0
    while frontier:
        ruins = sorted(s for s in frontier if owner[s] == void and s != space)
        if ruins:
            home = territory_of[space].territory
            own = [s for s in ruins if territory_of[s].territory == home]
            return steps, (own or ruins)[0]
        steps += 1
        nxt = []
        for s in frontier:
            for n in neighbours[s]:
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return None


def totem_destination(state: GameState, territory: int) -> int:
    """Where a Void totem for `territory` goes (the purple centre on The Uncharted Paths, S11)."""
    return maprules.void_totem_destination(state, territory)


def advance_pawn(state: GameState) -> None:
    """S5: the next number, wrapping to 1, skipping connections whose two territories are both counted
    (the centre counts as counted, P22); it stays put when every connection is settled."""
    d = data(state)
    numbers = sorted(state.board.connections_by_number)
    i = numbers.index(d.pawn)
    by_number = state.board.connections_by_number
    for k in range(1, len(numbers) + 1):
        n = numbers[(i + k) % len(numbers)]
        a, b = by_number[n].territories
        if not (settled(state, a) and settled(state, b)):
            if n != d.pawn:   # an event only (the log never had a sentence for it): screens walk the pawn
                d.events.add(VoidEvent(PAWN, SILENT if d.quiet else Text(
                    N_("The Void pawn moves on from connection {start} to connection {end}: the next connection whose "
                       "two territories are not both counted."), start=d.pawn, end=n),
                                       connection=n, start=d.pawn, logged=False))
            d.pawn = n
            return


def fix_pawn(state: GameState) -> None:
    """After a count: a pawn resting on a connection of two counted territories passes on (rulebook)."""
    d = data(state)
    a, b = state.board.connections_by_number[d.pawn].territories
    if settled(state, a) and settled(state, b):
        advance_pawn(state)


__all__ = ["targets", "piece_for", "closest_spaces", "nearest_ruin", "advance_pawn", "fix_pawn", "totem_destination", "TOTEM",
           "RUIN", "EMPTY"]
