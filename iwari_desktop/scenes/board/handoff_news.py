"""What the handoff's "Meanwhile" tells the player taking the computer: everything since their own last turn.

After five computers have moved there are some thirty entries, far more than the handoff's card can hold at
1280×720. So the card tells them in two parts: the earlier entries in short, one line per player in the order
they played ("Bodhi: 5 moves · 2 tents · 1 totem", the pieces read from the `MoveTrail`), then the newest
entries in full, wrapped (never cut with "…"); the whole log (L, or the card's button) has every word. Before
playtest D6 the card showed the last five entries of the game, whoever made them, and said nothing of the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...i18n import ngettext
from .controller_trail import TENT, TOTEM
from .narration import EVENT

if TYPE_CHECKING:
    from ..ui.look import Ui
    from .controller import GameController

SIZE = 14            # the type of the entries
MAX_ROWS = 10        # lines the card gives the news at most (it also keeps inside the window)


@dataclass(frozen=True)
class News:
    """One public entry after the player's last turn: the tribe of the seat whose turn it came in, the tribe it
    names (or EVENT), its sentence with the tribe's name in front, and the pieces of that seat's tribe it put
    down."""

    seat: int | None            # the tribe index of the player on turn (a seat's own tribe, not the Void)
    tribe: int
    sentence: str
    tents: int
    totems: int


@dataclass(frozen=True)
class Summary:
    """A player's earlier entries in short: whose turn (the tribe index), how many entries, the tents and totems
    they put down."""

    seat: int
    moves: int
    tents: int
    totems: int


@dataclass(frozen=True)
class Meanwhile:
    """What the card shows: the earlier entries in short (per player), the newest in wrapped rows (tribe or EVENT
    on an entry's first row, None on the rows that continue it), how many entries there are in all, how many
    are told in short."""

    summaries: list[Summary]
    rows: list[tuple[int | None, str]]
    total: int
    earlier: int


def news_since_last_turn(controller: GameController) -> list[News]:
    """The public entries after the last action of the player the board brings up to date (at a handoff: the
    one taking the computer, `CatchUp.seat`), oldest first."""
    since = controller.catch_up.since()
    history = controller.shown_history()
    marks = controller.recent.marks[:len(history)]
    trail = controller.trail
    tribe_of = {t.seat: t.index for t in controller.state.tribes if t.seat is not None}
    found: list[News] = []
    for (tribe, text), mark in zip(history, marks):
        if mark <= since:
            continue
        seat = tribe_of.get(trail.seats[mark]) if 0 <= mark < len(trail.seats) else None
        pieces = trail.placed[mark] if 0 <= mark < len(trail.placed) else ()
        own = [p for p in pieces if p.tribe == seat]
        found.append(News(seat, tribe, text if tribe == EVENT else f"{controller.tribe_name(tribe)} {text}",
                          sum(1 for p in own if p.kind == TENT), sum(1 for p in own if p.kind == TOTEM)))
    return found


def summarise(news: list[News]) -> list[Summary]:
    """The entries per player, in the order the players first appear (the pieces of an entry and its seat)."""
    order: dict[int, Summary] = {}
    for entry in news:
        if entry.seat is None:
            continue
        was = order.get(entry.seat, Summary(entry.seat, 0, 0, 0))
        order[entry.seat] = Summary(entry.seat, was.moves + 1, was.tents + entry.tents, was.totems + entry.totems)
    return list(order.values())


def summary_text(controller: GameController, summary: Summary) -> str:
    """"Bodhi: 5 moves · 2 tents · 1 totem" (no pieces: the moves alone)."""
    parts = [ngettext("{name}: {n} move", "{name}: {n} moves", summary.moves).format(
        name=controller.tribe_name(summary.seat), n=summary.moves)]
    if summary.tents:
        parts.append(ngettext("{n} tent", "{n} tents", summary.tents).format(n=summary.tents))
    if summary.totems:
        parts.append(ngettext("{n} totem", "{n} totems", summary.totems).format(n=summary.totems))
    return " · ".join(parts)


def meanwhile(controller: GameController, ui: Ui, width: int, max_rows: int = MAX_ROWS) -> Meanwhile:
    """As many of the newest entries in full as fit in `max_rows` rows of `width` pixels beside one line per player
    for the entries before them (at least the newest entry in full when anything is left out)."""
    news = news_since_last_turn(controller)
    wrapped = [[(entry.tribe if n == 0 else None, line)
                for n, line in enumerate(ui.wrap(entry.sentence, "body", SIZE, width))] for entry in news]
    for keep in range(len(news), 0, -1):
        earlier = summarise(news[:len(news) - keep])
        rows = sum(len(lines) for lines in wrapped[len(news) - keep:])
        if len(earlier) + rows <= max_rows or keep == 1:
            return Meanwhile(earlier, [row for lines in wrapped[len(news) - keep:] for row in lines], len(news),
                             len(news) - keep)
    return Meanwhile([], [], 0, 0)
