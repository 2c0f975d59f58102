"""The decisions solo and co-op add (S4, S5, S8, S9, P20, P21) in their text form: what a save's log holds.

Each text reads back to the same action, and a damaged one is refused with a one-line ActionParseError that
says what was expected, never misread as another decision (docs/engine.md, "Saves").
"""

from __future__ import annotations

import pytest

from iwari_desktop.engine import Biome, parse_action
from iwari_desktop.engine.core.errors import ActionParseError
from iwari_desktop.engine.rulesets.solo.actions import (
    Decline, FreePlace, MovePiece, MovePieces, VoidChoice, VoidHand, VoidPlay, VoidSkip, parse_vs_void,
)

FOREST, COAST, DESERT, TUNDRA = Biome.FOREST, Biome.COAST, Biome.DESERT, Biome.TUNDRA

TEXTS = [
    (VoidPlay(3, (FOREST, COAST, COAST), 2, 1), "void-play t3 forest+coast+coast 2 v1"),   # S4
    (VoidPlay(12, (DESERT,), 1, 0), "void-play t12 desert 1 v0"),
    (VoidPlay(None, (), 0, 2), "void-play - v2"),                                           # S4: Void cards only
    (VoidSkip(DESERT), "void-skip desert"),                                                 # S4's skip
    (VoidChoice(3, False), "void-choice t3"),                                               # S5/S8/P21
    (VoidChoice(12, True), "void-choice s12"),                                              # S5's tie
    (FreePlace(4, 2), "free-place t4 2"),                                                   # S8
    (Decline(), "decline"),
    (MovePieces(2, 5, (DESERT, TUNDRA, TUNDRA), 2), "move t2 t5 desert+tundra+tundra 2"),   # S9
    (MovePiece(3, 40), "move-piece s3 s40"),
    (MovePiece(None, None), "move-piece totem"),
    (VoidHand(), "void-hand"),                                                              # P20
]


@pytest.mark.parametrize("action, text", TEXTS, ids=[t for _, t in TEXTS])
def test_s4_s9_every_decision_against_the_void_has_a_text_that_reads_back(action, text):
    assert str(action) == text
    assert parse_action(text) == action
    assert parse_vs_void(text) == action


@pytest.mark.parametrize("text, expected", [
    ("void-play t3 forest 1", "expected void-play t<n> <cards> <pieces> v<n>"),
    ("void-play t3 forest x1 v1", "expected void-play t<n> <cards> <pieces> v<n>"),
    ("void-play - 2", "expected v<number>, got '2'"),
    ("void-play x3 forest 1 v1", "expected t<number>, got 'x3'"),
    ("void-play t forest 1 v1", "expected t<number>, got 't'"),
    ("void-play tx forest 1 v1", "expected t<number>, got 'tx'"),
    ("void-play t3 lava 1 v1", "bad action 'void-play t3 lava 1 v1': "),
    ("void-skip lava", "bad action 'void-skip lava': "),
    ("void-choice x3", "expected t<number>"),
    ("void-choice s", "expected s<number>"),
    ("move t2 x5 desert 1", "expected t<number>, got 'x5'"),
    ("move t2 t5 lava 1", "bad action 'move t2 t5 lava 1': "),
    ("move-piece s3", "expected move-piece s<from> s<to> or move-piece totem"),
    ("move-piece t3 s4", "expected s<number>, got 't3'"),
])
def test_s4_s9_a_damaged_decision_is_refused_saying_what_was_expected(text, expected):
    with pytest.raises(ActionParseError) as error:
        parse_vs_void(text)
    assert expected in str(error.value)


@pytest.mark.parametrize("text", ["", "decline now", "void-hand 1", "void-skip", "free-place t4", "free-place t4 x",
                                  "void-choice", "void-skip desert coast", "place t1 desert 1",
                                  "move t2 t5 desert x", "move t2 t5 desert", "move-pieces s3 s4"])
def test_s4_other_texts_are_not_decisions_against_the_void(text):
    assert parse_vs_void(text) is None
