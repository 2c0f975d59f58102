"""What a rule shows on the desktop: the base of every presenter (one file per engine rule module).

The engine's `RuleModule` decides a rule; its presenter, registered under the same key, holds what the
screens show of it: its scoring categories (name, place in the order, colour), its setup option title
and setup line, whether its view is the Void's, and the Recent-moves words of its own actions. The
screens never list rules by hand: they ask the registry (`registry.py`), so a new rule is one engine file
plus one presenter file. Every field and hook defaults to "shows nothing", so a presenter states only what
its rule adds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class Category:
    """A ScoreLine category (`ScoreLine.category`) as the scoring screens show it.

    `order`: its place when the steps and the table rows are sorted (smaller first; None: after every
    ordered one). `colour`: its bar and chip colour (None: the screens' default). `own_focus`: the map
    lights what `scoring_words.expansion_focus` says for its lines (ruins kept, the road, a feat),
    rather than a territory or connection named in the subject.
    """

    key: str
    name: str                                  # marked with N_, translated when shown
    order: int | None = None
    colour: tuple[int, int, int] | None = None
    own_focus: bool = False


class Presenter:
    """The base of every presenter; a subclass names its engine `key` and overrides what its rule shows."""

    key: ClassVar[str] = ""
    # the ScoreLine categories this rule's lines carry
    categories: ClassVar[tuple[Category, ...]] = ()
    # the setup screen's title of this rule when it is an option (engine `OPTIONS`), "" otherwise
    option_title: ClassVar[str] = ""
    # a map rule's setup line, shown only when the engine module gives no `summary` (N_-marked)
    setup_line: ClassVar[str] = ""
    # True: this module's public view is the Void's (solo, co-op): counters, pawn, claims, the end screen
    against_void: ClassVar[bool] = False

    def describe(self, state: Any, action: Any) -> str | None:
        """Recent moves' words for one of this rule's own actions about to be played (None: not its action)."""
        return None
