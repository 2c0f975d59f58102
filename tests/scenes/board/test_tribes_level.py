"""The Tribes panel names each computer's level during play (issue #19 item 7): "Kiona 🤖 Hard", in
English and German, whole, on the tribe's own row."""

from __future__ import annotations

import pytest

from catch_up_helpers import LEVELS, NAMES, open_six

WORDS = {"en": {"easy": "Easy", "normal": "Normal", "hard": "Hard"},
         "de": {"easy": "Leicht", "normal": "Normal", "hard": "Schwer"}}


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_each_computer_row_shows_its_level(app):
    from layout_check import record
    from iwari_desktop.i18n import current_language

    board = open_six(app)
    texts = record(app).texts
    for seat, level in enumerate(LEVELS):
        row = board.hud.tribe_row(seat)
        on_row = [t for t in texts if row.contains(t.ink)]
        assert any(t.text == NAMES[seat] for t in on_row), (seat, [t.text for t in on_row])  # the name, not cut
        shown = {t.text for t in on_row} & set(WORDS[current_language()].values())
        if level is None:
            assert not shown  # a person's row names no level
        else:
            assert shown == {WORDS[current_language()][level]}
            word = next(t for t in on_row if t.text in shown)
            name = next(t for t in on_row if t.text == NAMES[seat])
            assert word.ink.x > name.ink.right and abs(word.ink.centery - name.ink.centery) <= app.ui.px(4)
