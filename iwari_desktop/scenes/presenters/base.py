"""What a rule shows on the desktop: the base of every presenter (one file per engine rule module).

The engine's `RuleModule` decides a rule; its presenter, registered under the same key, holds what the
screens show of it: its scoring categories (name, place in the order, colour), its setup option title
and setup line, whether its view is the Void's, the hover sentences of its pieces and the notes it adds
to a territory's, connection's, feat's or tribe's tooltip, its badges in the tribe panel, and the
Recent-moves words and announcements of its own actions and moments. The screens never list rules by
hand: they ask the registry (`registry.py`), so a new rule is one engine file plus one presenter file.
Every field and hook defaults to "shows nothing", so a presenter states only what its rule adds.

Hooks are asked of every presenter, in `order`, whether or not the rule is in play: they read the module
views (`views.module_views`), which hold only the modules in play, so a rule not in play adds nothing.

A rule with pieces on the board also draws them here: `board_order` names each `BoardStep` it takes part in
and its place there (the board draws each step's presenters in that order), and the hooks of those steps
(`draw_under`, `draw_over`, `tokens`, `piece_at`, `draw_tent`, `draw_mountain`) get the board's `Pen`.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, ClassVar, Protocol

from ..ui.terms import feat_name
from ..ui.words import localized

Name = Callable[[int], str]        # a tribe's display name
Entry = tuple[int, str]            # a Recent-moves line: (tribe, what it did); tribe EVENT: about the whole game
EVENT = -1
Note = tuple[str, str]             # an announcement the players acknowledge: (title, body)
Focus = tuple[set[int], "int | None", set[int]]  # what a scoring step lights: territories, connection, spaces
Point = tuple[float, float]        # a point on the board (map units, as in the map data)


class BoardStep(Enum):
    """Where a rule's pieces join the board's drawing and hover. Rules' marks overlap, so each step has its
    own declared order (`Presenter.board_order`): one order could not serve both layers (Worship's golden
    ring lies between the purple road and the ruin rings, its golden tokens over the contested tokens)."""

    UNDER = "under"        # marks on the ground, before the tents: a road, a ring round a space or a badge
    TENT = "tent"          # a tent space's piece drawn in the tent's stead (the first presenter that draws it)
    MOUNTAIN = "mountain"  # a covered connection's piece drawn in the mountain's stead (likewise)
    OVER = "over"          # tokens and icons over the tents, totems and mountains
    TOKENS = "tokens"      # tokens on no printed spot, each given a free place in its territory, in this order
    HIT = "hit"            # pieces under the mouse, asked after the placed tokens (which lie on top)


@dataclass(frozen=True, slots=True)
class PieceHit:
    """A rule's piece under the mouse: `kind` (ruin, contested, golden, road …) names it to its presenter's
    `piece_lines`; `key` is its space, token or territory index."""

    kind: str
    key: int


@dataclass(frozen=True, slots=True)
class Token:
    """A token a rule lays on no printed spot: the board gives it the nearest free place on a ring of
    `radius` round `centre`, inside `territory`, clear of the tokens placed before it."""

    kind: str
    key: int
    centre: Point
    radius: float
    territory: int


class Pen(Protocol):
    """What the board hands a presenter to draw with (`board_layers.RuleLayers`)."""

    view: Any                      # the BoardView: board, art, k, tent_px, to_screen, to_map, free_spots
    highlight: PieceHit | None     # the rule's piece under the mouse, lit while hovered

    @property
    def token_px(self) -> int: ...

    @property
    def mark_width(self) -> int: ...

    def placed_tokens(self, state: Any, views: dict[str, Any] | None = None) -> dict[tuple[str, int], Point]: ...


@dataclass(frozen=True)
class BoardFocus:
    """What the player points at, or has picked and not played yet: a rule's drawings over the board follow
    it live (the Void's forecast follows the cards picked for its action, S4)."""

    cards: tuple[Any, ...] = ()        # the cards picked from the hand (Biome)
    hover_territory: int | None = None
    display_area: Any = None           # the side panel's Display box (a Rect), for what lies above the display
    display_cards: tuple[Any, ...] = ()  # its card slots (Rects)
    keep_clear: tuple[Any, ...] = ()     # Rects over the board a box must not cover (the board's message gives way to the boxes instead)


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
    # the order presenters are asked in (smaller first), so that several rules' lines in one tooltip or
    # one moment keep a fixed order; ties go by key
    order: ClassVar[int] = 50
    # the board steps this rule's pieces take part in, and its place in each (smaller first; ties by key)
    board_order: ClassVar[Mapping[BoardStep, int]] = {}

    def describe(self, state: Any, action: Any) -> str | None:
        """Recent moves' words for one of this rule's own actions about to be played (None: not its action)."""
        return None

    def events(self, state: Any, was: Any) -> tuple[list[Entry], list[Note]]:
        """This rule's big moments across one action (`was`: narration's `Before`): log lines, announcements."""
        return [], []

    def piece_lines(self, state: Any, hit: Any, name: Name, views: dict[str, Any]) -> list[str] | None:
        """The tooltip of this rule's piece under the mouse (`hit.kind`, `hit.key`); None: not its piece."""
        return None

    def territory_notes(self, state: Any, territory: int, name: Name, views: dict[str, Any]) -> list[str]:
        """Lines this rule adds to a territory's tooltip."""
        return []

    def connection_notes(self, state: Any, number: int, views: dict[str, Any]) -> list[str]:
        """Lines this rule adds to a connection's tooltip."""
        return []

    def feat_notes(self, state: Any, kind: str) -> list[str]:
        """Lines this rule adds under the tooltip of a feat of `kind` (the FeatKind's value)."""
        return []

    def tribe_notes(self, state: Any, tribe: int, name: Name, views: dict[str, Any]) -> list[str]:
        """Lines this rule adds to a tribe row's tooltip in the side panel."""
        return []

    def badges(self, state: Any, views: dict[str, Any]) -> dict[int, dict[str, int]]:
        """Per tribe, what the tribe panel shows beside its name for this rule (badge name → count)."""
        return {}

    def mountain_lines(self, state: Any, number: int, views: dict[str, Any]) -> list[str] | None:
        """The tooltip of the piece covering connection `number` when this rule draws it; None: a mountain."""
        return None

    # ---- the board's pieces, for the steps named in `board_order` ------------------------------------------
    def draw_under(self, pen: Pen, surface: Any, state: Any, views: dict[str, Any]) -> None:
        """BoardStep.UNDER: this rule's marks on the ground, beneath the tents."""

    def draw_over(self, pen: Pen, surface: Any, state: Any, views: dict[str, Any]) -> None:
        """BoardStep.OVER: this rule's tokens and icons over the pieces."""

    def tokens(self, pen: Pen, state: Any, views: dict[str, Any], size: float) -> list[Token]:
        """BoardStep.TOKENS: tokens to be given a free place (`size`: a token's width in map units)."""
        return []

    def piece_at(self, pen: Pen, state: Any, views: dict[str, Any], point: Point) -> PieceHit | None:
        """BoardStep.HIT: this rule's piece at the map `point` (its placed tokens are hit by the board)."""
        return None

    def draw_tent(self, pen: Pen, surface: Any, state: Any, space: int, owner: int) -> bool:
        """BoardStep.TENT: draw this rule's piece in place of `owner`'s tent on `space`; False: not its piece."""
        return False

    def draw_mountain(self, pen: Pen, surface: Any, views: dict[str, Any], number: int, centre: tuple[int, int],
                      px: int) -> bool:
        """BoardStep.MOUNTAIN: draw this rule's piece in place of the mountain on `number`; False: a mountain."""
        return False

    # ---- the scoring screen, for lines of this rule's categories (None: not this rule's line) ----------
    def line_title(self, state: Any, line: Any) -> str | None:
        """A scoring step's title in the active language."""
        return None

    def line_focus(self, state: Any, line: Any) -> Focus | None:
        """What the map lights for a step of a category with `own_focus`: (territories, connection, spaces)."""
        return None

    def explain(self, state: Any, line: Any) -> list[str] | None:
        """Sentences saying why each tribe scores this line's points."""
        return None

    # ---- a box over the board screen (`surface` a pygame Surface) ------------------------------------------
    def draw_over_board(self, surface: Any, ui: Any, area: Any, state: Any, views: dict[str, Any],
                        focus: BoardFocus | None = None, view: Any = None) -> Any:
        """Draw this rule's box over the board `area` (the Void's counters); returns what it drew (an object
        with `rect` and `tip_at(pos)`: the hover words there), or None."""
        return None


class FeatPresenter(Presenter):
    """A feat of the expansion whose final line changes multipliers rather than scoring (Courage, Worship):
    its step is titled with the feat's name, lights where the feat lies and tells the engine's detail."""

    def line_title(self, state: Any, line: Any) -> str | None:
        return feat_name(self.key) if line.subject.partition(":")[0] == self.key else None

    def line_focus(self, state: Any, line: Any) -> Focus | None:
        return feat_focus(state, self.key) if line.subject.partition(":")[0] == self.key else None

    def explain(self, state: Any, line: Any) -> list[str] | None:
        return detail_sentence(line) if line.category == self.key else None


def feat_focus(state: Any, kind: str) -> Focus:
    """Where the feat of `kind` lies: its territory, or a connection's two territories and its number."""
    feat = next((f for f in state.feats if f.feat.value == kind), None)
    if feat is None:
        return set(), None, set()
    if feat.on_connection:
        connection = state.board.connections_by_number[feat.target]
        return set(connection.territories), connection.number, set()
    return {feat.target}, None, set()


def detail_sentence(line: Any) -> list[str] | None:
    """The engine's own detail of a line as one sentence (expedition cards, Courage, Worship)."""
    if not line.detail:
        return None
    detail = localized(line.detail)
    return [detail[:1].upper() + detail[1:] + "."]
