"""What the state keeps per territory instead of recounting it at every decision (issue #32 item 2).

Why: `placement.place_options` asked, at every main-phase decision, every territory its hand can pay for how
its tents stand (the most tents of another tribe, explored or not) and whether one or two pieces fit
(B8, B9, B11): a third of a random game's time, for numbers that change only where a piece was placed or
taken. Now each territory has a *fit entry*: for every tribe, whether one piece, two pieces or both could
go there with a full supply (the same 0-3 code as the memo of `place_options`: 1 when one piece fits, + 2
when two do; an unexplored territory takes exactly one tent, B8). The rules and the primitives refresh a
territory's entry when they change its tents or totems (`GameState.territory_changed`), so listing the
Places is one lookup per territory. The entry also answers `placement.piece_options` (may the next piece of
a Place be a tent, a totem) and `can_place`, which the pieces phase and `apply` ask at every piece.

An entry is a pure function of the territory's numbers (tents per tribe, empty tent spaces, totems, whether
it holds totems), so it is memoised across games and states (`ENTRIES`); a state holds only shared
immutable tuples, which a clone copies by copying one list. Nothing of it is saved: it is rebuilt from the
saved counts (`fit_entries`) whenever a state is made, and whoever changes a territory's counts other than
through the rules and `core.primitives` (a position file, a test helper) calls `GameState.refresh_counts`.
tests/engine/core/test_kept_counts.py checks after random actions, copies and undos that the kept entries
equal a recount.

A supply below two pieces changes the answers; `place_options` then reads the numbers afresh, as before.
"""

from __future__ import annotations

from collections.abc import Sequence

# per tribe index, bits 0-1: 0 nothing fits, 1 one piece, 2 two pieces, 3 one or two; above, `piece_shift`
FitEntry = tuple[int, ...]

# the territory's numbers (tents per tribe..., empty spaces, totems, holds totems) -> its entry
ENTRIES: dict[tuple[int | bool, ...], FitEntry] = {}
ENTRIES_LIMIT = 200_000   # a random 3-player game on New Horizons meets about five new ones


def fits(n: int, empty: int, mine: int, top_other: int, totems: int, tents_left: int, totems_left: int,
         holds_totems: bool) -> bool:
    """Can `n` more pieces go in one after another? Tries a tent first, then a totem (B9 order)."""
    if n == 0:
        return True
    if empty > 0 and tents_left > 0:
        if fits(n - 1, empty - 1, mine + 1, top_other, totems, tents_left - 1, totems_left, holds_totems):
            return True
    if holds_totems and totems_left > 0 and totems + 1 <= max(mine, top_other):
        if fits(n - 1, empty, mine, top_other, totems + 1, tents_left, totems_left - 1, holds_totems):
            return True
    return False


def top_other(tents: Sequence[int], tribe: int) -> int:
    """The most tents any tribe but `tribe` has in the territory (0 when it stands alone)."""
    return max((c for i, c in enumerate(tents) if i != tribe), default=0)


def piece_shift(pieces_left: int, explored: bool) -> int:
    """Where an entry keeps `piece_options`' answer (bit 0 a tent, bit 1 a totem) for these pieces left."""
    return 2 + 4 * (pieces_left - 1) + 2 * explored


def _code(empty: int, mine: int, other: int, totems: int, holds: bool) -> int:
    """One tribe's answers with a full supply: bits 0-1 how many pieces a new Place may put here (B8: one
    tent if unexplored), then per (pieces left 1-2, explored at the action's start) whether the next piece
    may be a tent and whether a totem so that the rest still fits (`placement.piece_options`)."""
    if mine == 0 and other == 0:   # B8: an unexplored territory takes exactly one tent
        code = 1 if empty > 0 else 0
    else:
        code = (fits(1, empty, mine, other, totems, 2, 2, holds)
                + 2 * fits(2, empty, mine, other, totems, 2, 2, holds))
    for pieces_left in (1, 2):
        for explored in (False, True):
            tent = empty > 0 and fits(pieces_left - 1, empty - 1, mine + 1, other, totems, 1, 2, holds)
            totem = (explored and holds and totems + 1 <= max(mine, other)
                     and fits(pieces_left - 1, empty, mine, other, totems + 1, 2, 1, holds))
            code |= (tent + 2 * totem) << piece_shift(pieces_left, explored)
    return code


# one tribe's numbers (empty, own tents, most of another tribe, totems, holds totems) -> its `_code`: far fewer
# than whole territories, so a new territory entry is mostly lookups
_CODES: dict[tuple[int, int, int, int, bool], int] = {}


def _entry(tents: tuple[int, ...], empty: int, totems: int, holds_totems: bool, memo: bool = False) -> FitEntry:
    """A territory's entry; `memo` False (the tests' recount) computes every code afresh."""
    codes = []
    for tribe, mine in enumerate(tents):
        numbers = (empty, mine, top_other(tents, tribe), totems, holds_totems)
        code = _CODES.get(numbers) if memo else None
        if code is None:
            code = _code(*numbers)
            if memo:
                _CODES[numbers] = code
        codes.append(code)
    return tuple(codes)


def fit_entry(tents: list[int], empty: int, totems: int, holds_totems: bool) -> FitEntry:
    """The entry of a territory with these numbers (memoised: a map has few distinct ones)."""
    key = (*tents, empty, totems, holds_totems)
    entry = ENTRIES.get(key)
    if entry is None:
        if len(ENTRIES) > ENTRIES_LIMIT:   # a long tournament's process: start again rather than grow
            ENTRIES.clear()
        entry = ENTRIES[key] = _entry(tuple(tents), empty, totems, holds_totems, memo=True)
    return entry


def fit_entries(territory_tents: Sequence[list[int]], territory_empty: Sequence[int],
                totem_stacks: Sequence[list[int]], totem_holders: Sequence[bool]) -> list[FitEntry]:
    """Every territory's entry, counted afresh from the state's lists (a new or loaded state, and the tests)."""
    return [fit_entry(tents, empty, len(stack), holds)
            for tents, empty, stack, holds in zip(territory_tents, territory_empty, totem_stacks, totem_holders)]
