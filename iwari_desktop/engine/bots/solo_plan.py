"""Where the Void will strike before the end: a projection of the rest of a game against the Void.

Why: the result is decided at the final count (S7, S10), and the Void's pawn walks the connections
in their printed order (S5), so which territories the coming Infections hit — and which of them a
Corruption counts (S6) — can be read off the board. This module plays the expected remaining
Infections forward on a small copy of the numbers (tents, ruins, totems, empty spaces per
territory), with no further piece of the players' side, and reports which territories the Void
would then hold. A bot that places pieces so that this projection improves defends the territories
the pawn is about to reach, claims the ones it will not reach in time, and keeps the Void's piece
supply (the game's clock, S10) in mind.

Assumptions (the projection is a guide, not the rules): every Void card from now on sets off one
Infection; a quarter of the Void's pieces go to Void actions rather than Infections; every fourth
Void card (counting those above and in the display) makes the Infection a Corruption that counts
both territories. Reads only what the seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.bots.solo_eval import map_threats
from iwari_desktop.engine.core.placement import piece_veto_reason
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo import maprules
from iwari_desktop.engine.rulesets.solo.data import CARDS_BESIDE_TO_END, CORRUPTION_AT, VOID, VoidData, data
from iwari_desktop.engine.rulesets.solo.outcome import k_of

_TOTEM_ROOM: dict[tuple[int, int], tuple[object, list[bool | None]]] = {}


def _totem_room(state: GameState, tribe: int) -> list[bool | None]:
    """Per territory, `totem_allowed` as far as known (None: not asked yet) for this board and tribe.

    Kept per board object (its id, checked against the board itself, so a reused id never answers for
    another map); a list indexed by territory, for `plan` asks it of every territory of every position.
    """
    board = state.board
    entry = _TOTEM_ROOM.get((id(board), tribe))
    if entry is None or entry[0] is not board:
        if len(_TOTEM_ROOM) > 64:
            _TOTEM_ROOM.clear()
        entry = _TOTEM_ROOM[(id(board), tribe)] = (board, [None] * len(board.territories))
    return entry[1]


def totem_allowed(state: GameState, tribe: int, territory: int) -> bool:
    """Whether the map lets `tribe` put a totem in an open territory at all (Floating Lands' Tundra does not).

    Remembered per board: for open territories the answer depends on the map only.
    """
    room = _totem_room(state, tribe)
    known = room[territory]
    if known is None:
        known = room[territory] = (state.board.territories[territory].totem_space is not None
                                   and not piece_veto_reason(state, tribe, territory, totem=True))
    return known


PIECES_PER_INFECTION = 1.6
INFECTIONS_PER_TURN = 0.8    # Void cards surfacing per turn, measured in bot games   # a ruin or totem in each of two territories, fewer once some are counted
INFECTION_SHARE = 0.75       # of the Void's pieces left, the part Infections (not Void actions) will use


@dataclass(slots=True)
class _Land:
    """One open territory's numbers in the projection."""

    pt: int
    po: int
    ruins: int
    vo: int
    stack: int
    empty: int
    totem_ok: bool
    centre: bool       # a Void totem for it goes to the centre (The Uncharted Paths, S11)
    counted: bool = False
    hits: int = 0
    first: int = -1     # the projected Infection (0 = the next) that hits it first

    def void_holds(self) -> bool:
        p = self.po + (self.pt > self.ruins)
        v = self.vo + (self.ruins > self.pt)
        return p <= v


@dataclass(frozen=True)
class Projection:
    """The projected end: territories the Void holds (counted ones included), hits by territory, and
    whether a map's own Void win (the centre's fifth totem) comes first."""

    void_count: int
    void_territories: frozenset[int]
    hits: dict[int, int]
    centre_loss: bool
    infections: int
    first_hit: dict[int, int]


# One open territory as `project`, `plan` and `plan_value` read it:
# (territory, players' tents, players' totems, Void ruins, Void totems, totem stack height, empty spaces).
Open = tuple[int, int, int, int, int, int, int]


def open_numbers(state: GameState) -> list[Open]:
    """Every open (playable, not yet counted) territory's numbers, in index order.

    Why: the three parts of the plan value each read them; a bot asks for the value of tens of thousands
    of positions a turn, so they are read off the state once per position and handed on.
    """
    claims = data(state).claims
    void = state.void_tribe
    tents_by = state.territory_tents
    totems_by = state.totem_counts
    stacks = state.totem_stacks
    empty = state.territory_empty
    # One comprehension (the tuple's parts are evaluated left to right, so `ruins` and `vo` are set before use):
    # a fifth of the plan value's time went to this loop's appends.
    return [(t, sum(tents := tents_by[t]) - (ruins := tents[void]), sum(totems := totems_by[t]) - (vo := totems[void]),
             ruins, vo, len(stacks[t]), empty[t])
            for t in state.board.playable_territories if t not in claims]


def expected_infections(state: GameState) -> int:
    """Infections still to come before the end: by the Void's pieces and by the Corruption clock."""
    d = data(state)
    void = state.void_tribe
    pieces = state.tents_left[void] + state.totems_left[void]
    by_pieces = int(pieces * INFECTION_SHARE / PIECES_PER_INFECTION)
    pressure = d.above + state.display.count(Biome.VOID)
    by_cards = max(0, (CARDS_BESIDE_TO_END - d.beside) * CORRUPTION_AT - pressure)
    return max(0, min(by_pieces, by_cards))


def project(state: GameState, infections: int | None = None) -> Projection:
    """Play `infections` (default: `expected_infections`) Infections forward from the pawn (module docstring)."""
    return _project(state, open_numbers(state), infections)


def _project(state: GameState, opens: list[Open], infections: int | None = None) -> Projection:
    """`project` on the open territories' numbers already read (`open_numbers`)."""
    d = data(state)
    board = state.board
    void = state.void_tribe
    centre_limit = maprules.void_totems_win(state)
    centre_map = centre_limit is not None
    room = _totem_room(state, void)
    lands: list[_Land | None] = [None] * len(board.territories)   # by territory; None: settled (counted or spaceless)
    for t, pt, po, ruins, vo, stack, empty in opens:
        dest = maprules.void_totem_destination(state, t) if centre_map else t
        totem_ok = room[t]
        if totem_ok is None:
            totem_ok = totem_allowed(state, void, t)
        lands[t] = _Land(pt, po, ruins, vo, stack, empty, totem_ok, dest != t)
    centre = 0
    if centre_map:
        centre = max((state.totem_counts[t][void] for t in board.spaceless_territories), default=0)
    totems = state.totems_left[void]
    ruins_left = state.tents_left[void]
    n = expected_infections(state) if infections is None else infections
    pressure = d.above + state.display.count(Biome.VOID)
    to_corruption = max(0, CORRUPTION_AT - 1 - pressure)
    numbers = board.connection_numbers
    by_number = board.connections_by_number
    count = len(numbers)
    pawn = numbers.index(d.pawn)
    centre_loss = False
    done = 0
    ended = False
    for j in range(n):
        if ended:
            break
        for step in range(count):   # the pawn skips connections of two settled territories
            a, b = by_number[numbers[(pawn + step) % count]].territories
            land_a, land_b = lands[a], lands[b]
            if not ((land_a is None or land_a.counted) and (land_b is None or land_b.counted)):
                pawn = (pawn + step) % count
                break
        else:
            break
        a, b = by_number[numbers[pawn]].territories
        corruption = j >= to_corruption and (j - to_corruption) % CORRUPTION_AT == 0
        for t in (a, b):
            land = lands[t]
            if land is None or land.counted:
                continue
            land.hits += 1
            if land.first < 0:
                land.first = j
            if land.totem_ok and totems > 0 and land.stack + 1 <= max(land.pt, land.ruins):
                totems -= 1
                if land.centre:
                    centre += 1
                    if centre_limit is not None and centre >= centre_limit:
                        centre_loss = True
                else:
                    land.vo += 1
                    land.stack += 1
            elif land.empty > 0 and ruins_left > 0:
                ruins_left -= 1
                land.ruins += 1
                land.empty -= 1
                if land.empty == 0:
                    land.counted = True
            elif land.empty > 0:
                ended = True   # the Void lacks a piece: the game ends here (S10)
                break
            if corruption:
                land.counted = True
        done = j + 1
        if centre_loss:
            break
        pawn = (pawn + 1) % count
    void_claims = {t for t, c in d.claims.items() if c.side == VOID}
    opened = [(t, lands[t]) for t, *_ in opens]
    projected = void_claims | {t for t, land in opened if land.void_holds()}
    return Projection(len(projected), frozenset(projected), {t: land.hits for t, land in opened},
                      centre_loss, done, {t: land.first for t, land in opened if land.first >= 0})


LOST = 99   # a territory no number of pieces can hold


@lru_cache(maxsize=200_000)
def _holds_after(pt: int, po: int, ruins: int, vo: int, stack: int, empty: int, totem_ok: bool, centre: bool,
                 hits: int) -> bool:
    """Whether the players' side still holds a territory after `hits` Infections (S5 then S7)."""
    for _ in range(hits):
        if totem_ok and stack + 1 <= max(pt, ruins):
            if not centre:
                vo += 1
                stack += 1
        elif empty > 0:
            ruins += 1
            empty -= 1
            if empty == 0:
                break           # filled: counted at once
        else:
            break
    return po + (pt > ruins) > vo + (ruins > pt)


@lru_cache(maxsize=200_000)
def deficit(pt: int, po: int, ruins: int, vo: int, stack: int, empty: int, totem_ok: bool, centre: bool,
            hits: int, totem_room: bool) -> int:
    """The fewest more pieces (tents and totems) that hold a territory through `hits` Infections (B8-B10:
    tents on empty spaces, totems up to the largest tent count); LOST when none do within six."""
    for extra in range(0, 7):
        for tents in range(extra, -1, -1):
            totems = extra - tents
            if tents > empty:
                continue
            if pt + tents == 0 and extra:
                continue
            if totems and (not totem_room or stack + totems > max(pt + tents, ruins)):
                continue
            if _holds_after(pt + tents, po + totems, ruins, vo, stack + totems, empty - tents, totem_ok, centre,
                            hits):
                return extra
    return LOST


@dataclass(frozen=True)
class Plan:
    """What the players' side must still do: each open territory's deficit (pieces to hold it), which of
    them the Void may have (K - 1 allowed), and the pieces the player can still place before the end."""

    void_claims: int
    deficits: dict[int, int]
    given_up: frozenset[int]
    needed: int
    available: int
    centre_loss: bool
    hits: dict[int, int]


def plan(state: GameState) -> Plan:
    """The deficits against the projected hits (`project`), the worst ones given up while K allows."""
    return _plan(state, open_numbers(state))


def _plan(state: GameState, opens: list[Open]) -> Plan:
    """`plan` on the open territories' numbers already read (`open_numbers`)."""
    d = data(state)
    proj = _project(state, opens)
    void = state.void_tribe
    void_claims = sum(1 for c in d.claims.values() if c.side == VOID)
    deficits: dict[int, int] = {}
    centre_map = maprules.void_totems_win(state) is not None
    void_room = _totem_room(state, void)
    own_room = _totem_room(state, 0)
    hits = proj.hits
    first_hit = proj.first_hit
    for t, pt, po, ruins, vo, stack, empty in opens:
        dest = maprules.void_totem_destination(state, t) if centre_map else t
        void_ok = void_room[t]
        if void_ok is None:
            void_ok = totem_allowed(state, void, t)
        own_ok = own_room[t]
        if own_ok is None:
            own_ok = totem_allowed(state, 0, t)
        need = deficit(pt, po, ruins, vo, stack, empty, void_ok, dest != t, hits.get(t, 0), own_ok)
        first = first_hit.get(t)
        if first is not None and need < LOST:
            actions = int(first / INFECTIONS_PER_TURN)   # player actions before that Infection
            room = 2 * actions - (1 if pt == 0 and actions else 0)
            if need > room:
                need = LOST   # it cannot be made safe in time
        deficits[t] = need
    allowance = max(0, k_of(state) - 1 - void_claims)
    worst = sorted(deficits, key=lambda t: (-deficits[t], t))[:allowance]
    given_up = frozenset(worst)
    needed = sum(min(v, 8) for t, v in deficits.items() if t not in given_up)
    seats = range(state.n_players)
    supply = sum(state.tents_left[s] + state.totems_left[s] for s in seats)
    turns = proj.infections / INFECTIONS_PER_TURN + 1
    available = int(min(supply, 1.7 * turns * state.n_players))
    return Plan(void_claims, deficits, given_up, needed, available, proj.centre_loss, proj.hits)


def plan_value(state: GameState, seat: int | None = None) -> float:
    """How good the position is for the players' side (higher is better).

    The main terms come from `solo_plan.plan`: Void territories already counted, open ones that cannot
    be held in time against the Infections the pawn brings (beyond the K - 1 the Void may have), and
    the pieces still needed to hold the rest, against the pieces the player can place before the end.
    Small terms break its ties: tent and totem leads where the pawn will strike, pieces on the board
    rather than in the supply, the Void's pieces left (the clock, S10), Void cards toward a Corruption
    and beside the board, a Void card in the seat's hand (a dead card, S3), and a map's own Void win
    drawing near (S10, S11).
    """
    if state.phase is Phase.GAME_OVER and state.result is not None:
        return 1000.0 if state.result.won else -1000.0
    d = data(state)
    void = state.void_tribe
    tents_left, totems_left = state.tents_left, state.totems_left
    pressure = d.above + state.display.count(Biome.VOID)
    supply = sum(tents_left[s] + totems_left[s] for s in range(state.n_players))
    value = _plan_score(state, open_numbers(state), d, void, pressure, supply)
    value -= 0.5 * supply
    value += CLOCK * (tents_left[void] + totems_left[void])
    value -= 1.5 * pressure + 6.0 * d.beside
    if seat is not None:
        value -= 3.0 * state.hands[seat].count(Biome.VOID)
    value -= map_threats(state)
    return value


CLOCK = 0.3

_SCORES: dict[tuple, tuple[object, object, float]] = {}
_SCORES_LIMIT = 20_000   # about 25 MB of keys; a search turn meets some 10,000 distinct plans


def _plan_score(state: GameState, opens: list[Open], d: VoidData, void: int, pressure: int, supply: int) -> float:
    """The plan's terms of `plan_value`: claims, territories lost in time, pieces needed, leads where the pawn strikes.

    Why remembered: a play-out weighs a Place and then plays its pieces and weighs them again, and many
    positions differ only in what the plan does not read (the hand, the deck, the players' roads), so two
    thirds of the plans a search asks for were already made. The key holds everything `_plan` reads — the
    open territories' numbers, the pawn, the Void cards above, in the display and beside the board, the
    Void's pieces and totems on the centre, the Void's claims, K and the players' supply — and the entry
    the board and modules it was made for (compared by identity, so a reused id never answers wrongly).
    `d`, `void`, `pressure` (Void cards above and in the display) and `supply` (the players' pieces left) are
    `plan_value`'s, read once there for both.
    """
    board, modules = state.board, state.modules
    centre = 0
    if maprules.void_totems_win(state) is not None:
        centre = max((state.totem_counts[t][void] for t in board.spaceless_territories), default=0)
    claims = d.claims
    k = k_of(state)
    key = (id(board), id(modules), tuple(opens), d.pawn, pressure, d.beside,
           state.tents_left[void], state.totems_left[void], centre,
           sum(1 for c in claims.values() if c.side == VOID) if claims else 0,
           k, state.n_players, supply)
    known = _SCORES.get(key)
    if known is not None and known[0] is board and known[1] is modules:
        return known[2]
    p = _plan(state, opens)
    lost = sum(1 for t, v in p.deficits.items() if v >= LOST and t not in p.given_up)
    value = -30.0 * p.void_claims - 25.0 * lost - 1.0 * p.needed - 4.0 * max(0, p.needed - p.available)
    if p.void_claims + lost >= k:
        value -= 40.0
    if p.centre_loss:
        value -= 150.0
    hits = p.hits
    for t, pt, po, vt, vo, _, _ in opens:   # index order: the float sum must not change
        lead = 0.4 * (pt - vt) + 0.6 * (po - vo)
        value += 0.3 * max(-2.0, min(lead, 2.0)) * (1.0 + hits.get(t, 0))
    if len(_SCORES) >= _SCORES_LIMIT:
        _SCORES.clear()
    _SCORES[key] = (board, modules, value)
    return value
