"""Answers worked out from a board's data are kept once per Board object (art/per_board.py, issue #32): the same
board asks nothing twice, a changed board (a new object) is worked out afresh, and a board let go takes its
answers with it."""

from __future__ import annotations

import dataclasses
import gc

from iwari_desktop.art import per_board as module
from iwari_desktop.art.fingerprint import _fingerprint, geometry_fingerprint
from iwari_desktop.art.map_geometry import peak_slots
from iwari_desktop.engine.maps.registry import get_board


def test_an_answer_is_worked_out_once_per_board_and_forgotten_with_it():
    board = dataclasses.replace(get_board("new-horizons"))
    made = []
    assert module.per_board(board, "probe", lambda: made.append(1) or 7) == 7
    assert module.per_board(board, "probe", lambda: made.append(1) or 8) == 7 and made == [1]
    key = (id(board), "probe")
    assert key in module._KNOWN
    del board
    gc.collect()
    assert key not in module._KNOWN


def test_a_moved_space_makes_another_fingerprint_and_each_caller_gets_its_own_slots():
    board = get_board("new-horizons")
    moved = list(board.spaces)
    x, y = moved[0].position
    moved[0] = dataclasses.replace(moved[0], position=(x + 5.0, y))
    edited = dataclasses.replace(board, spaces=tuple(moved))
    assert geometry_fingerprint(board) == _fingerprint(board)
    assert geometry_fingerprint(edited) == _fingerprint(edited) != geometry_fingerprint(board)
    first = peak_slots(board)
    first.clear()
    assert peak_slots(board) and peak_slots(board) is not peak_slots(board)
