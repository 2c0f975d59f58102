"""What is worked out from a board's data alone, kept once per Board object.

A Board is frozen (an edited map is a new Board), so an answer worked out from its data holds for as long as the
board lives. The board screen asks for the map's fingerprint on every map picture it looks up (its art, its
mountain slots, each thumbnail) — a JSON dump and a hash of the whole map each time — and every board view for
the printed peak slots (issue #32). Kept by the board's identity and the question's name, and forgotten with the
board. A module of its own: the painters and the fingerprint both use it, and it imports none of them.
"""

from __future__ import annotations

import weakref
from typing import Callable, TypeVar

from iwari_desktop.engine.maps.board import Board

T = TypeVar("T")

_KNOWN: dict[tuple[int, str], tuple[weakref.ref, object]] = {}


def per_board(board: Board, name: str, make: Callable[[], T]) -> T:
    """`make()`, a pure answer of `board`'s data, worked out once per Board object and `name`."""
    key = (id(board), name)
    known = _KNOWN.get(key)
    if known is not None and known[0]() is board:
        return known[1]  # type: ignore[return-value]
    value = make()

    def forget(ref: weakref.ref) -> None:
        if _KNOWN.get(key, (None,))[0] is ref:
            del _KNOWN[key]

    _KNOWN[key] = (weakref.ref(board, forget), value)
    return value
