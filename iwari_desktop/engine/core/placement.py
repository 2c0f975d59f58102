"""Paying for pieces (B6) and whether pieces fit in a territory (B8–B11).

These functions are the inner loop of `legal_actions`, so they work on small integers and lists
rather than objects.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable, Iterator

from iwari_desktop.engine.core.actions import Place
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.kept import fits as _fits, piece_shift
from iwari_desktop.engine.core.state import EMPTY, GameState

Payment = tuple[tuple[Biome, ...], int]  # (cards sorted, pieces they pay for)


@lru_cache(maxsize=4096)
def payments_for(hand: tuple[Biome, ...], target: Biome, wilds: bool = True) -> tuple[Payment, ...]:
    """Every way to pay from `hand` (sorted) for pieces in a territory of `target` (B6).

    One piece: X, or a pair YY of any one biome (X's own included). Two pieces: XX, or X plus a pair.
    Every played card pays for exactly one piece, so X+Y (Y unused) is not a payment. With
    `wilds` False (solo Void cards, S3) pairs are not wild. Result order is stable for replay.
    """
    counts = Counter(hand)
    options: set[Payment] = set()
    x = counts.get(target, 0)
    if x >= 1:
        options.add(((target,), 1))
    if x >= 2:
        options.add(((target, target), 2))
    if wilds:
        for y, n in counts.items():
            if n >= 2:
                options.add(((y, y), 1))  # P1: a pair of the target's own biome may pay for one piece
                if x >= 1 and (y != target or x >= 3):
                    options.add((tuple(sorted((target, y, y))), 2))
    return tuple(sorted(options, key=lambda p: (len(p[0]), p[1], p[0])))


@lru_cache(maxsize=16_384)
def _place(territory: int, cards: tuple[Biome, ...], pieces: int) -> Place:
    """One shared object per distinct Place: actions are immutable, and building a frozen dataclass for every
    legal option was a tenth of a random game's time (issue #20)."""
    return Place(territory, cards, pieces)


def payment_is_valid(cards: tuple[Biome, ...], target: Biome, pieces: int) -> bool:
    """Whether exactly these cards (in any order) pay for exactly `pieces` pieces in a `target` territory.

    B6 with P1: a card that pays for no piece makes the payment invalid.
    """
    return (tuple(sorted(cards)), pieces) in payments_for(tuple(sorted(cards)), target)


def _territory_numbers(state: GameState, tribe: int, territory: int) -> tuple[int, int, int, int, bool]:
    """(empty tent spaces, own tents, most tents of any tribe, totems, totems allowed) as rules see them.

    The third number stands where `kept.fits` wants the most tents of another tribe: the answers read it
    only through the cap `max(mine, top_other)` (B9) and the unexplored test `mine == 0 and top_other == 0`
    (B8), which the most tents of any tribe, the tribe's own included, answer alike, without a slice.
    Rule modules may veto tents or totems in a territory (`RuleModule.piece_veto`); a vetoed tent
    looks like a full territory and a vetoed totem like a missing totem space.
    """
    tents = state.territory_tents[territory]
    mine = tents[tribe]
    top = max(tents)   # the inner loop of legal_actions: one C call
    empty = state.territory_empty[territory]
    holds_totems = state.board.totem_holders[territory]
    for module in state.hooks.piece_veto:
        if empty and module.piece_veto(state, tribe, territory, totem=False):
            empty = 0
        if holds_totems and module.piece_veto(state, tribe, territory, totem=True):
            holds_totems = False
    return empty, mine, top, len(state.totem_stacks[territory]), holds_totems


def piece_veto_reason(state: GameState, tribe: int, territory: int, totem: bool) -> str | None:
    """The first module's reason (ruling id first) against this piece here, for error messages."""
    for module in state.hooks.piece_veto:
        reason = module.piece_veto(state, tribe, territory, totem=totem)
        if reason:
            return reason
    return None


def _kept_answer_holds(state: GameState, tribe: int) -> bool:
    """Whether the state's kept answers (core/kept.py) hold for `tribe`: they are worked out for a full
    supply and no module's veto; with two tents and two totems left a Place of two pieces never runs short
    (B11). One test for `can_place`, `piece_options` and `place_options`, so they cannot drift apart."""
    return not state.hooks.piece_veto and state.tents_left[tribe] >= 2 and state.totems_left[tribe] >= 2


def can_place(state: GameState, tribe: int, territory: int, pieces: int, permit: bool = False) -> bool:
    """B8: an unexplored territory takes exactly one tent (unless a module's `permit` allows more, E7);
    otherwise `pieces` must fit in some order."""
    if not permit and pieces in (1, 2) and _kept_answer_holds(state, tribe):   # a Place has one or two (B6)
        return bool(state.territory_fits[territory][tribe] >> (pieces - 1) & 1)
    return _can_place(_territory_numbers(state, tribe, territory), pieces, state.tents_left[tribe],
                      state.totems_left[tribe], permit)


def _can_place(numbers: tuple[int, int, int, int, bool], pieces: int, tents_left: int, totems_left: int,
               permit: bool = False) -> bool:
    """`can_place` on a territory's numbers (`_territory_numbers`), which `place_options` reads once per territory."""
    empty, mine, top, totems, holds_totems = numbers
    if top == 0 and not permit:   # B8: no tent in it
        return pieces == 1 and empty > 0 and tents_left > 0
    return _fits(pieces, empty, mine, top, totems, tents_left, totems_left, holds_totems)


def piece_options(state: GameState, tribe: int, territory: int, pieces_left: int,
                  explored_at_start: bool) -> tuple[bool, bool]:
    """Whether the next piece may be (tent, totem) so that the rest of the action still fits.

    `pieces_left` counts the tribe's own pieces only (a module's piece of the Place, P16, is the
    module's to fit); with none left, neither is offered.
    """
    if pieces_left <= 0:
        return False, False
    if pieces_left <= 2 and _kept_answer_holds(state, tribe):   # the state's kept answer (core/kept.py)
        code = state.territory_fits[territory][tribe] >> piece_shift(pieces_left, bool(explored_at_start))
        return bool(code & 1), bool(code & 2)
    empty, mine, top, totems, holds_totems = _territory_numbers(state, tribe, territory)
    tents_left, totems_left = state.tents_left[tribe], state.totems_left[tribe]
    tent_ok = empty > 0 and tents_left > 0 and _fits(
        pieces_left - 1, empty - 1, mine + 1, top, totems, tents_left - 1, totems_left, holds_totems)
    totem_ok = (explored_at_start and holds_totems and totems_left > 0 and totems + 1 <= top   # B9: the cap
                and _fits(pieces_left - 1, empty, mine, top, totems + 1, tents_left, totems_left - 1, holds_totems))
    return tent_ok, totem_ok


def empty_spaces(state: GameState, territory: int) -> Iterable[int]:
    """The territory's empty tent spaces in map order, lazily: PlaceTent options come out in a stable order."""
    owner = state.space_owner
    return (s for s in state.board.territories[territory].tent_spaces if owner[s] == EMPTY)


def payment_refusal(state: GameState, tribe: int, territory: int, cards: tuple[Biome, ...], pieces: int) -> str | None:
    """The first module `payment_filter` reason (ruling id first) against paying this way, else None."""
    for module in state.hooks.payment_filter:
        reason = module.payment_filter(state, tribe, territory, cards, pieces)
        if reason:
            return reason
    return None


def placement_permit(state: GameState, tribe: int, territory: int, cards: tuple[Biome, ...], pieces: int) -> str | None:
    """The first module `placement_permit` (an exception to B8, E7), else None."""
    for module in state.hooks.placement_permit:
        permit = module.placement_permit(state, tribe, territory, cards, pieces)
        if permit:
            return permit
    return None


def place_options(state: GameState, tribe: int, hand: list[Biome]) -> list[Place]:
    """Every Place (cards, territory, piece count) that can be completed (B6-B11), in a stable order.

    Payments a module filters out are left out; a 2-piece Place in an unexplored territory is offered
    only under a module's placement permit (B8's exception, E7).

    Without a module that filters payments, permits or vetoes pieces (the base game, most maps) the fast
    path below gives the same list as `iter_place_options` (a test compares them on every map): it reads
    each territory's numbers once, asks a memo whether one and two pieces fit, and takes the territory's
    options for that answer from another memo, instead of a generator step, a lookup and a test per
    payment (the profile of issue #32: a third of a random game went to this function).
    """
    if not hand:
        return []
    hooks = state.hooks
    if hooks.payment_filter or hooks.placement_permit or hooks.piece_veto:
        return list(iter_place_options(state, tribe, hand))
    board = state.board
    key = tuple(hand)
    try:
        plan = board.place_plans[key]
    except KeyError:   # the first Place with this hand on this board
        plan = board.place_plans[key] = _plan(board, key)
    if _kept_answer_holds(state, tribe):   # no module takes part here (above)
        # the state keeps each territory's answer for a full supply (core/kept.py): one lookup per territory
        kept = state.territory_fits
        options = []
        for territory, choices in plan:
            fits = kept[territory][tribe] & 3
            if fits:
                options.extend(choices[fits])
        return options
    # two pieces at most: a supply of two or more behaves as two, which keeps the memo below small
    tents_left, totems_left = min(state.tents_left[tribe], 2), min(state.totems_left[tribe], 2)
    all_tents, all_empty, stacks, holders = state.territory_tents, state.territory_empty, state.totem_stacks, \
        board.totem_holders
    fits_memo = _FITS
    options: list[Place] = []
    for territory, choices in plan:
        tents = all_tents[territory]
        mine = tents[tribe]
        top = max(tents)   # for the most tents of another tribe, as in `_territory_numbers`
        empty = all_empty[territory]
        if top == 0:   # B8: an unexplored territory takes exactly one tent
            if empty > 0 and tents_left > 0:
                options.extend(choices[1])
            continue
        numbers = (empty, mine, top, len(stacks[territory]), tents_left, totems_left, holders[territory])
        try:
            fits = fits_memo[numbers]
        except KeyError:   # rare after the first turns: a few hundred numbers in a whole game
            fits = fits_memo[numbers] = _fits(1, *numbers) | _fits(2, *numbers) << 1
        if fits:
            options.extend(choices[fits])
    return options


# place_options' memo: for a territory's numbers, 1 when one piece fits, + 2 when two do (0 to 3)
_FITS: dict[tuple[int, int, int, int, int, int, bool], int] = {}


def _plan(board, hand: tuple[Biome, ...]) -> tuple[tuple[int, tuple[tuple[Place, ...], ...]], ...]:
    """For `hand`: each territory (map order, by biome) its hand can pay for, with its options when nothing,
    one piece, two pieces or both fit (indexed 0 to 3, as `_FITS` answers)."""
    plan = []
    for biome, territories in board.territories_by_biome.items():
        payments = payments_for(hand, biome)
        if not payments:
            continue
        for territory in territories:
            plan.append((territory, tuple(tuple(_place(territory, cards, pieces) for cards, pieces in payments
                                                if fits >> (pieces - 1) & 1) for fits in range(4))))
    return tuple(plan)


def any_place(state: GameState, tribe: int, hand: list[Biome]) -> bool:
    """Whether `place_options` would offer anything, without listing the rest: the solo rules ask it before
    every Void action (P55), and a play-out of the Expert plays thousands of them."""
    return next(iter_place_options(state, tribe, hand), None) is not None


def iter_place_options(state: GameState, tribe: int, hand: list[Biome]) -> Iterator[Place]:
    """`place_options` one at a time, in the same order."""
    if not hand:
        return
    key = tuple(hand)
    board = state.board
    hooks = state.hooks
    filters = hooks.payment_filter
    permits = hooks.placement_permit
    tents_left, totems_left = state.tents_left[tribe], state.totems_left[tribe]
    for biome, territories in board.territories_by_biome.items():
        payments = payments_for(key, biome)
        if not payments:
            continue
        for territory in territories:
            fits: dict[int, bool] = {}
            numbers = None
            for cards, pieces in payments:
                if filters and payment_refusal(state, tribe, territory, cards, pieces):
                    continue
                ok = fits.get(pieces)
                if ok is None:
                    if numbers is None:
                        numbers = _territory_numbers(state, tribe, territory)
                    ok = fits[pieces] = _can_place(numbers, pieces, tents_left, totems_left)
                if not ok and permits and pieces > 1 and not state.is_explored(territory):
                    ok = (placement_permit(state, tribe, territory, cards, pieces) is not None
                          and can_place(state, tribe, territory, pieces, permit=True))
                if ok:
                    yield _place(territory, cards, pieces)
