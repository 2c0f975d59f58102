"""What the handoff's "Meanwhile" tells the player taking the computer: everything since their own last turn.

After five computers have moved there are some fifteen entries, more than the handoff's card can hold at
1280×720. The card shows the newest whole entries that fit, wrapped (never cut with "…"), and says how many
earlier ones it leaves out and where they are (L, or the button: the game log, opened at "Since your last
turn"). Before playtest D6 the card showed the last five entries of the game, whoever made them, and said
nothing of the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .narration import EVENT

if TYPE_CHECKING:
    from ..ui.look import Ui
    from .controller import GameController

SIZE = 14            # the type of the entries
MAX_ROWS = 8         # wrapped lines the card gives the entries at most (it also keeps inside the window)


@dataclass(frozen=True)
class Meanwhile:
    """The entries since the player's last turn: the wrapped rows shown (tribe or EVENT on an entry's first
    row, None on the rows that continue it), how many entries there are, and how many older ones are left out."""

    rows: list[tuple[int | None, str]]
    total: int
    earlier: int


def news_since_last_turn(controller: GameController) -> list[tuple[int, str]]:
    """The public entries after the last action of the player the board brings up to date (at a handoff:
    the one taking the computer, `CatchUp.seat`), oldest first, each as (tribe or EVENT, sentence)."""
    since = controller.catch_up.since()
    history = controller.shown_history()
    marks = controller.recent.marks[:len(history)]
    return [(tribe, text if tribe == EVENT else f"{controller.tribe_name(tribe)} {text}")
            for (tribe, text), mark in zip(history, marks) if mark > since]


def meanwhile(controller: GameController, ui: Ui, width: int, max_rows: int = MAX_ROWS) -> Meanwhile:
    """The newest whole entries that fit in `max_rows` wrapped rows of `width` pixels (oldest of them first)."""
    news = news_since_last_turn(controller)
    kept: list[list[tuple[int | None, str]]] = []
    rows = 0
    for tribe, sentence in reversed(news):
        lines = ui.wrap(sentence, "body", SIZE, width)
        if rows + len(lines) > max_rows:
            break
        kept.insert(0, [(tribe if n == 0 else None, line) for n, line in enumerate(lines)])
        rows += len(lines)
    return Meanwhile([row for entry in kept for row in entry], len(news), len(news) - len(kept))
