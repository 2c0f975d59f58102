"""What the board controller's parts are handed: the game, the controller's entry points, Recent moves.

The controller (`GameController`) is a facade over small parts — the expansion's click flows, the S9
move flow, the solo/co-op flow, the words — each built with exactly what it uses. The entry points
in `BoardContext` are the controller's own bound methods, taken on the live controller: a subclass
that puts a gate in front of them (the tutorial's coach before `_submit`, `_blocked` and `prompt`)
stands in front of every part's gestures too, as it did when the parts were mixins.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine import Action, Biome, Game

if TYPE_CHECKING:
    from iwari_desktop.engine.core.state import GameState

WHOLE_GAME = 10 ** 9  # lines a log rebuilt from a save keeps: all of them (the game log scrolls back to the start)


@dataclass(frozen=True)
class Message:
    """The line at the foot of the board: what a gesture did, or why it was refused (`error`)."""

    text: str
    error: bool = False


@dataclass(frozen=True)
class BoardContext:
    """The game and the controller's entry points a part may call (see the module docstring)."""

    game: Game
    version: Callable[[], int]                        # bumped on every visible change: caches key on it
    legal: Callable[[], list[Action]]                  # the actions a gesture may submit now
    selected_cards: Callable[[], tuple[Biome, ...]]    # the picked cards, sorted
    explain: Callable[[Action], str | None]            # why the engine would refuse an action, in words
    submit: Callable[[Action], bool]                   # play an action as a gesture does
    blocked: Callable[[], bool]                        # no gesture now (handoff, turn over...); says why
    say: Callable[[str, bool], None]                   # the message line: (text, is an error)
    changed: Callable[[], None]                        # something visible changed
    prompt: Callable[[], str]                          # the banner's sentence, said again after a wrong click

    @property
    def state(self) -> GameState:
        return self.game.state


class RecentMoves:
    """The public lines of the whole game (the Recent-moves panel and the game log), each with the index
    of the log entry it tells.

    The marks let an undo drop exactly the lines of the actions it took back, and tell which lines came
    after a player's last turn (`MoveTrail.last_turn_of`).
    """

    def __init__(self) -> None:
        self.lines: list[tuple[int, str]] = []    # (tribe, what it did)
        self.marks: list[int] = []                # the log index each line belongs to

    def add(self, line: tuple[int, str], mark: int) -> None:
        self.lines.append(line)
        self.marks.append(mark)

    def retell(self, pairs: Iterable[tuple[int, tuple[int, str]]]) -> None:
        """Start again from (mark, line) pairs, e.g. the log retold in another language."""
        pairs = list(pairs)
        self.marks = [mark for mark, _line in pairs]
        self.lines = [line for _mark, line in pairs]

    def drop_after(self, log_length: int) -> None:
        """Drop the lines of actions no longer in a log that is now `log_length` long."""
        while self.marks and self.marks[-1] >= log_length:
            self.marks.pop()
            self.lines.pop()
