"""The hot-seat handoff tells the player taking the computer everything since their own last turn (playtest
D6: after five computers had moved, "Meanwhile" listed the last five entries of the game, Dakota's only, and
said nothing of the rest).

Two people (the first and the last seat) and four computers between them on The Void: when the laptop comes
back to the last seat, the handoff's card names how many entries came since that seat's last turn, shows the
newest ones in full (wrapped, never cut), sums up the earlier ones, and L or its button opens the
whole game log at "Since your last turn". Every label fits in English and German at 1280×720 and 1920×1080.
"""

from __future__ import annotations

import pytest

from catch_up_helpers import open_six, play_until
from iwari_desktop.i18n import ngettext
from iwari_desktop.scenes.board.handoff_news import news_since_last_turn, summary_text
from iwari_desktop.scenes.board.narration import EVENT
from iwari_desktop.scenes.board.overlays import HandoffOverlay
from iwari_desktop.scenes.ui.intents import Intent, Kind
from layout_check import record
from scene_helpers import find_button, press, resize
from text_fit import fit_faults, untold

SIZES = [(1280, 720), (1920, 1080)]
LAST = 5
LEVELS = [None, "easy", "normal", "hard", "easy", None]   # people in the first and the last seat


def _laptop_back_to_the_last_seat(app):
    """The last seat's second turn is next: the first person and four computers have moved since its first.
    The handoff is shown to it as the board shows it (the test's driver had taken it away)."""
    board = open_six(app, LEVELS)
    c = board.controller
    play_until(app, board, lambda c: c.state.active_seat == LAST and c.state.turns_taken[LAST] >= 1
               and not c.turn_done and not c.computer_to_move and c.state.phase.value == "main")
    handoff = HandoffOverlay(app, c)
    app.stack.push(handoff)
    app.step(0)
    return board, handoff


def _handoff_texts(app, handoff) -> list[str]:
    layer = handoff.name + str(id(handoff))
    return [t.text for t in record(app).texts if t.layer == layer]


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_the_handoff_accounts_for_every_entry_since_the_players_last_turn(app):
    board, handoff = _laptop_back_to_the_last_seat(app)
    c = board.controller
    since = c.trail.last_turn_of(LAST)
    expected = [line for line, mark in zip(c.shown_history(), c.recent.marks) if mark > since]
    news = news_since_last_turn(c)
    assert len(news) == len(expected) > 5   # more than the five the card used to show
    assert [entry.tribe for entry in news] == [tribe for tribe, _text in expected]
    movers = {c.trail.seats[mark] for mark in c.recent.marks if mark > since}
    assert movers == {0, 1, 2, 3, 4}        # the other person and every computer moved since
    for size in SIZES:
        resize(app, size)
        handoff = app.stack.top
        drawn = _handoff_texts(app, handoff)
        heading = ngettext("Since your last turn: {n} move", "Since your last turn: {n} moves", len(news)).format(
            n=len(news))
        assert heading in drawn, drawn
        told = handoff.layout()["recent"][0]
        shown = len(news) - told.earlier
        assert 0 < shown and told.total == len(news)
        assert untold(drawn, [entry.sentence for entry in news[-shown:]]) == [], size   # the newest, in full
        # the earlier ones in short, one line per player in the order they played: every entry accounted for
        assert [s.seat for s in told.summaries] == list(dict.fromkeys(e.seat for e in news[:told.earlier]))
        assert sum(s.moves for s in told.summaries) == told.earlier
        for summary in told.summaries:
            tents = sum(e.tents for e in news[:told.earlier] if e.seat == summary.seat)
            assert summary.tents == tents
            assert summary_text(c, summary) in drawn
        assert {s.seat for s in told.summaries} | {e.seat for e in news[told.earlier:]} == movers
        assert fit_faults(app) == [], size


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_l_on_the_handoff_opens_the_whole_log_at_the_players_last_turn(app):
    board, handoff = _laptop_back_to_the_last_seat(app)
    c = board.controller
    handoff.handle(Intent(Kind.LOG))
    log = app.stack.top
    assert log.name == "game-log" and app.stack.scenes[-2] is handoff
    assert c.catch_up.since() == c.trail.last_turn_of(LAST)
    since_rows = [row for row in log.rows if row.kind == "since"]
    assert len(since_rows) == 1 and log.top == min(log.max_top, log.divider_top())
    lines_after = [row for row in log.rows[log.rows.index(since_rows[0]):] if row.kind == "line" and row.tribe is not None]
    assert len(lines_after) == len(news_since_last_turn(c))
    assert c.needs_handoff or c.viewer_seat == LAST   # the log changes nothing about whose hand is shown
    log.handle(Intent(Kind.LOG))
    assert app.stack.top is handoff
    assert handoff.layout()["log"] is not None   # entries were left out: a button says where they are
    press(app, find_button(handoff, handoff.layout()["log"][0]))   # and a click on it does the same as L
    assert app.stack.top.name == "game-log"


def test_entries_are_named_with_their_tribe_or_as_an_event(app):
    board, _handoff = _laptop_back_to_the_last_seat(app)
    c = board.controller
    news = news_since_last_turn(c)
    for entry in news:
        assert entry.tribe == EVENT or entry.sentence.startswith(c.tribe_name(entry.tribe))
    placed = [p for mark in range(c.trail.last_turn_of(LAST) + 1, len(c.trail.placed)) for p in c.trail.placed[mark]
              if p.tribe == c.trail.seats[mark]]
    assert sum(e.tents + e.totems for e in news) == len(placed) > 0   # each piece counted once, with its entry
