"""The table's strip over the board, as the play-test of 2026-11-29 saw it (issue #33,
docs/playtest-2026-11-29-online.md).

A player away with a computer standing in read "Ben · away 0:03 · a computer (Normal) pl…" at three seats on a
1280×720 window: the words that matter most were the ones cut. The strip now says a shorter form when the whole
one does not fit, and each seat's words always end whole (no "…") while a short form fits.
"""

from __future__ import annotations

import pytest

from online_ui_helpers import at_table

from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_values import SeatLine


@pytest.fixture(autouse=True)
def real_connector_after():
    yield
    online_net.use_connector(None)


def board_of(app, kinds):
    """The host's board at a started table (the test names seat 1 "Ben" itself)."""
    _connector, board, _guests = at_table(app, kinds)
    return board


def strip_texts(app, board, monkeypatch) -> list[str]:
    drawn: list[str] = []
    original = app.ui.blit_text

    def record(surface, text, pos, *args, **kwargs):
        if board.strip_rect.collidepoint(pos):
            drawn.append(text)
        return original(surface, text, pos, *args, **kwargs)
    monkeypatch.setattr(app.ui, "blit_text", record)
    board._draw_table(app.screen)
    monkeypatch.setattr(app.ui, "blit_text", original)
    return drawn


@pytest.mark.parametrize("kinds, says_computer", [([None, "remote", "easy"], True),
                                                  ([None, "remote", "easy", "normal", "hard"], False)])
def test_an_away_seat_with_a_computer_standing_in_is_never_cut(app, monkeypatch, kinds, says_computer):
    board = board_of(app, kinds)
    seats = board.session.seats
    seats[1] = SeatLine(1, "Ben", "remote", None, True, False, False, 3.0, "normal")
    texts = strip_texts(app, board, monkeypatch)
    ben = next(t for t in texts if t.startswith("Ben"))
    assert not any(t.endswith("…") for t in texts), texts
    if says_computer:       # (five seats: the name alone fits, its dot says away; the words come when there is room)
        assert "computer plays" in ben, f"the strip must still say a computer plays for Ben: {ben!r}"
