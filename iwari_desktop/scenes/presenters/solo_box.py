"""Solo and co-op over the board: the purple box of the Void's counters (toward a Corruption, the
Corruptions so far, the territory tally) and its forecast, drawn by the solo presenter (`solo.py`); and the
Void cards laid above the display, drawn there as cards (as on the table).

Each box goes where it covers no space, badge or name of the map (`box_place.BoxPlacer`: sea first, then
land with no space on it); a forecast that fits nowhere is told by the counters' hover words instead.
Everything is read from the module's public view and the forecast picture; nothing is decided here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _, current_language, ngettext
from .box_place import board_key
from .solo_board import VOID_LIGHT, pawn_rect

if TYPE_CHECKING:
    from ..board.board_view import BoardView
    from ..ui.look import Ui
    from .box_place import BoxPlacer
    from .solo_forecast import ForecastPicture

BESIDE_LIMIT = 3  # S6: the third Void card beside the board ends the game


def counter_lines(data: dict[str, Any], players: int) -> list[str]:
    """The three counters in words: toward a Corruption, beside the board, the territory tally.

    No counter reads "n of m" with n past m: the cards that reach the limit set off a Corruption (a
    game that ends in its middle keeps them where they were), and the Void's territories reach K only
    when the game is lost (the last counting may add more)."""
    toward, limit = data.get("toward_corruption", 0), data.get("corruption_at", 4)
    if toward > limit:
        cards = _("Void cards: {n} — a Corruption ({limit} are enough)").format(n=toward, limit=limit)
    elif toward == limit:
        cards = _("Void cards: {n} of {limit} — a Corruption").format(n=toward, limit=limit)
    else:
        cards = _("Void cards: {n} of {limit} toward a Corruption").format(n=toward, limit=limit)
    # the Corruptions that struck, as the end screen and the campaign count them (one the end cut short too)
    struck = min(data.get("corruptions", 0), BESIDE_LIMIT)
    n, k = data.get("void_territories", 0), data.get("k", 0)
    if n >= k:
        lose = (ngettext("The Void controls {n} — you lost ({k} was enough)",
                         "The Void controls {n} — you lost ({k} were enough)", k) if players == 1
                else ngettext("The Void controls {n} — you two lost ({k} was enough)",
                              "The Void controls {n} — you two lost ({k} were enough)", k))
    else:
        lose = (_("The Void controls {n} — you lose at {k}") if players == 1
                else _("The Void controls {n} — you two lose at {k}"))
    corruptions = _("Corruptions: {n} of {limit} — the third ends the game").format(n=struck, limit=BESIDE_LIMIT)
    return [cards, corruptions, lose.format(n=n, k=k)]


SIZE = 14
HANGING = 12  # design px a wrapped counter's later rows are set in
HOT = (255, 190, 120)
FORECAST = (236, 224, 255)
SHADE = (28, 14, 40, 215)


@dataclass(frozen=True)
class Line:
    text: str
    colour: tuple[int, int, int] = VOID_LIGHT
    role: str = "bold"
    size: int = SIZE


@dataclass
class Drawn:
    """A box drawn over the board: its rect and the hover words of its parts (rect, lines)."""

    rect: pygame.Rect
    tips: list[tuple[pygame.Rect, list[str]]] = field(default_factory=list)
    more: list[pygame.Rect] = field(default_factory=list)   # further boxes drawn with it (the forecast's)

    def tip_at(self, pos: tuple[int, int]) -> list[str]:
        for rect, lines in self.tips:
            if rect.collidepoint(pos):
                return lines
        return []


def counter_tips(data: dict[str, Any], players: int) -> list[list[str]]:
    """The hover words of the three counters: what each number leads to, in plain words."""
    limit, k = data.get("corruption_at", 4), data.get("k", 0)
    return [
        [_("Void cards toward a Corruption"),
         _("Void cards laid above the display and those face up in the display count together."),
         _("When they reach {limit}, a Corruption strikes: the Void places its pieces, then counts both "
           "territories of its connection at once.").format(limit=limit)],
        [_("Corruptions"),
         _("Each Corruption leaves one of its Void cards beside the board."),
         _("The third Corruption ends the game: every open territory is counted then, and ties and empty "
           "territories go to the Void.")],
        [_("The Void's territories"),
         (ngettext("You lose when the Void controls {k} territory.", "You lose when the Void controls {k} territories.", k)
          if players == 1 else
          ngettext("You two lose when the Void controls {k} territory.",
                   "You two lose when the Void controls {k} territories.", k)).format(k=k),
         _("A territory goes to the side with more totems there; a tie goes to the Void.")],
    ]


def forecast_tip(picture: "ForecastPicture", state: Any) -> list[str]:
    """The forecast box's hover words: its sentences, what the map's marks mean, then the standing."""
    return [_("The Void's next move"), *picture.lines,
            _("On the map: a purple outline around the territories it strikes, a ring where each of its pieces "
              "goes, a pale token on each territory a Corruption would count.")] + standing_tip(picture, state)[1:]


def standing_tip(picture: "ForecastPicture", state: Any) -> list[str]:
    """The tallies' hover words: which open territories a count now would give to each side."""
    names = state.board.territories
    standing = picture.forecast.standing
    lines = [_("If every open territory were counted now")]
    mine = ", ".join(names[t].name for t in standing.leaning_players)
    void = ", ".join(names[t].name for t in standing.leaning_void)
    if mine:
        lines.append(_("Counted now, yours: {names}").format(names=mine))
    if void:
        lines.append(_("Counted now, the Void's: {names}").format(names=void))
    lines.append(_("Point at a territory to see why."))
    return lines


def counter_box(data: dict[str, Any], players: int, picture: "ForecastPicture | None") -> list[Line]:
    """The counters box: the three counters, then both tallies with what is still open."""
    counters = counter_lines(data, players)
    toward = data.get("toward_corruption", 0)
    hot = [toward >= data.get("corruption_at", 4) - 1, False,
           data.get("void_territories", 0) >= data.get("k", 1) - 1]
    lines = [Line(text, HOT if h else VOID_LIGHT) for text, h in zip(counters, hot)]
    if picture is not None:
        lines.append(Line(picture.tally, VOID_LIGHT))
    return lines


def forecast_box(picture: "ForecastPicture") -> list[Line]:
    """The forecast box: the next strike and a Corruption's counts, or the live preview of picked Void cards."""
    colour = HOT if picture.preview is not None else FORECAST
    return [Line(text, colour, "body", SIZE - 1) for text in picture.lines]


def _rows(ui: "Ui", lines: list[Line], width: int) -> list[tuple[str, Line, int]]:
    """Each line wrapped to `width`, its rows balanced: (text, its line, index of the source line)."""
    return [(part, line, i) for i, line in enumerate(lines) for part in balanced_wrap(ui, line, width)]


def balanced_wrap(ui: "Ui", line: Line, width: int) -> list[str]:
    """`line` wrapped to `width` in as few rows as a plain wrap, at the narrowest width that keeps that count.

    Why: the counters are short sentences in a narrow box, and a plain wrap leaves their last word alone on
    a row ("… beendet das" / "Spiel"), which reads as a separate line; rows of even length read as one."""
    rows = ui.wrap(line.text, line.role, line.size, width)
    if len(rows) < 2:
        return rows
    low, high = width // 2, width   # `high` always gives len(rows) rows
    while high - low > 1:
        middle = (low + high) // 2
        if len(ui.wrap(line.text, line.role, line.size, middle)) == len(rows):
            high = middle
        else:
            low = middle
    return ui.wrap(line.text, line.role, line.size, high)


def _indents(ui: "Ui", rows: list[tuple[str, Line, int]]) -> list[int]:
    """A hanging indent for the rows that go on with the line above: a wrapped counter reads as one entry."""
    return [ui.px(HANGING) if n and index == rows[n - 1][2] else 0 for n, (_, _, index) in enumerate(rows)]


def _size(ui: "Ui", rows: list[tuple[str, Line, int]]) -> tuple[int, int]:
    width = max(ui.text_width(text, line.role, line.size) + indent
                for (text, line, _), indent in zip(rows, _indents(ui, rows))) + 2 * ui.px(10)
    return width, sum(ui.line_height(line.role, line.size) for _, line, _ in rows) + 2 * _pad(ui, rows)


def _pad(ui: "Ui", rows: list[tuple[str, Line, int]]) -> int:
    """The box's top and bottom padding: tighter for the forecast's lines, which need the map's narrow strips."""
    return ui.px(6) if any(line.role == "bold" for _, line, _ in rows) else ui.px(3)


def place_box(ui: "Ui", area: pygame.Rect, lines: list[Line], widths: list[int], view: "BoardView | None",
              placer: "BoxPlacer | None", avoid: list[pygame.Rect], least: bool = False
              ) -> tuple[pygame.Rect, list] | None:
    """The first wrap width (then the same a point smaller) whose box finds a spot clear of the map and of
    `avoid`; without a view, the top left of `area` at the first width. None: no spot anywhere (`least`:
    the first width's spot covering the least instead)."""
    margin = ui.px(8)
    smaller = [replace(line, size=line.size - 1) for line in lines]
    for shown in (lines, smaller):
        for width in widths:
            rows = _rows(ui, shown, width)
            size = _size(ui, rows)
            if view is None or placer is None:
                return pygame.Rect(area.x + margin, area.y + margin, *size), rows
            spot = placer.place(view, area, size, margin, avoid)
            if spot is not None:
                return spot, rows
    if least and view is not None and placer is not None:
        rows = _rows(ui, lines, widths[0])
        spot = placer.place(view, area, _size(ui, rows), margin, avoid, least=True)
        if spot is not None:
            return spot, rows
    return None


def paint_box(surface: pygame.Surface, ui: "Ui", box: pygame.Rect, rows: list, tips: list[list[str]]) -> Drawn:
    """The dark purple box with its rows; each source line's rows answer the hover with its (wrapped) tip."""
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill(SHADE)
    surface.blit(shade, box)
    pygame.draw.rect(surface, VOID_LIGHT, box, 1)
    y = box.y + _pad(ui, rows)
    spans: dict[int, pygame.Rect] = {}
    for (text, line, index), indent in zip(rows, _indents(ui, rows)):
        h = ui.line_height(line.role, line.size)
        ui.blit_text(surface, text, (box.x + ui.px(10) + indent, y), line.role, line.size, line.colour, box=box)
        row = pygame.Rect(box.x, y, box.w, h)
        spans[index] = spans[index].union(row) if index in spans else row
        y += h
    return Drawn(box, [(rect, tips[min(i, len(tips) - 1)]) for i, rect in spans.items() if tips])


Panel = tuple[pygame.Rect, list, list[list[str]]]   # a box: its rect, its rows, each source line's hover words


def box_layout(ui: "Ui", area: pygame.Rect, state: Any, data: dict[str, Any], picture: "ForecastPicture | None",
               view: "BoardView | None", placer: "BoxPlacer | None", keep_clear: tuple[pygame.Rect, ...]) -> list[Panel]:
    """Where the counters and the forecast go and how their lines wrap (see `draw_box`): the counters first,
    clear of the map, the Void's pawn and `keep_clear`, in this order: their own lines; two joined lines for a
    strip (crowded maps, or a long message at the foot); at last the spot that covers the least. Then the
    forecast, whole or line by line, clear of both."""
    players = len(state.config.players)
    pawn = data.get("pawn")
    if view is not None and pawn in view.board.connections_by_number:   # the boxes leave the pawn in sight too
        keep_clear = (*keep_clear, pawn_rect(view, pawn))
    tips = counter_tips(data, players)
    counters = counter_box(data, players, picture)
    wide, strip = [ui.px(430), ui.px(330)], [ui.px(880), ui.px(620)]
    joined = [Line(" · ".join(line.text for line in pair), HOT if any(line.colour == HOT for line in pair) else VOID_LIGHT,
                   "bold", SIZE - 1) for pair in (counters[:2], counters[2:])]
    joined_tips = False
    placed = None
    if view is not None:
        for lines, widths in ((counters, wide), (joined, strip)):
            placed = place_box(ui, area, lines, widths, view, placer, list(keep_clear))
            if placed is not None:
                joined_tips = lines is joined
                break
        if placed is None:
            placed = place_box(ui, area, counters, wide, view, placer, list(keep_clear), least=True)
    if placed is None:   # no view (the Void's steps screen): the top left, as ever
        placed = place_box(ui, area, counters, [ui.px(430)], None, None, [])
    box, rows = placed
    forecast: list[tuple[pygame.Rect, list]] = []
    widths = [ui.px(880), ui.px(620), ui.px(430), ui.px(330)]
    if picture is not None and view is not None:
        lines = forecast_box(picture)
        whole = place_box(ui, area, lines, widths, view, placer, [box, *keep_clear])
        if whole is not None:
            forecast.append(whole)
        else:   # line by line, each where it fits
            for line in lines:
                one = place_box(ui, area, [line], widths, view, placer, [box, *keep_clear] + [r for r, _ in forecast])
                if one is not None:
                    forecast.append(one)
    told = sum(len({i for _, _, i in shown}) for _, shown in forecast)
    tally_tip = standing_tip(picture, state) if picture is not None else []
    if picture is not None and told < len(picture.lines):   # what found no room is told on hover
        tally_tip = forecast_tip(picture, state)
    counter_tips_ = [tips[0] + tips[1], tips[2] + tally_tip] if joined_tips else tips + [tally_tip]
    panels: list[Panel] = [(box, rows, [wrapped(ui, tip) for tip in counter_tips_])]
    if forecast:
        words = wrapped(ui, forecast_tip(picture, state))
        panels += [(rect, shown, [words]) for rect, shown in forecast]
    return panels


def layout_key(ui: "Ui", area: pygame.Rect, data: dict[str, Any], picture: "ForecastPicture | None",
               view: "BoardView | None", keep_clear: tuple[pygame.Rect, ...]) -> tuple:
    """Everything a layout depends on: a frame with the same key draws the same boxes."""
    shown = None if picture is None else (picture.lines, picture.tally, picture.forecast.standing.leaning_players,
                                          picture.forecast.standing.leaning_void)
    counters = tuple(data.get(k) for k in ("toward_corruption", "corruption_at", "corruptions", "void_territories", "k",
                                           "pawn"))
    return (current_language(), ui.px(100), tuple(area), tuple(tuple(r) for r in keep_clear), counters, shown,
            None if view is None else board_key(view))


def draw_box(surface: pygame.Surface, ui: "Ui", area: pygame.Rect, state: Any, data: dict[str, Any],
             picture: "ForecastPicture | None" = None, view: "BoardView | None" = None,
             placer: "BoxPlacer | None" = None, keep_clear: tuple[pygame.Rect, ...] = (),
             layouts: dict | None = None) -> Drawn:
    """The Void's counters over the board `area` and, beside them, its forecast: each box where it covers
    nothing of the map (with a `view` and a `placer`; else at the top left). A forecast that fits nowhere
    is told by the counters' hover words instead. Returns both boxes and their hover words.

    `layouts` keeps the last layouts by `layout_key`: wrapping and measuring the lines is most of the
    box's cost, and a frame redrawn without a change needs none of it."""
    key = layout_key(ui, area, data, picture, view, keep_clear)
    panels = layouts.get(key) if layouts is not None else None
    if panels is None:
        panels = box_layout(ui, area, state, data, picture, view, placer, keep_clear)
        if layouts is not None:
            if len(layouts) > 16:
                layouts.clear()
            layouts[key] = panels
    drawn = None
    for rect, rows, tips in panels:
        painted = paint_box(surface, ui, rect, rows, tips)
        drawn = painted if drawn is None else Drawn(drawn.rect, drawn.tips + painted.tips, drawn.more + [painted.rect])
    assert drawn is not None
    return drawn


def wrapped(ui: "Ui", lines: list[str]) -> list[str]:
    """Hover words wrapped to a tooltip's width (the first line is its title)."""
    width = ui.px(460)
    return [part for i, line in enumerate(lines) for part in ui.wrap(line, "bold" if i == 0 else "body", 14, width)]


def draw_laid_cards(surface: pygame.Surface, ui: "Ui", art: Any, display_area: pygame.Rect,
                    display_cards: tuple[pygame.Rect, ...], data: dict[str, Any]) -> Drawn | None:
    """The Void cards laid above the display, drawn as small cards in the Display panel's heading row
    beside its title (as they lie above the display on the table), with their hover words."""
    above = data.get("above", 0)
    if not above or not display_cards:
        return None
    top = display_area.y + ui.px(4)
    h = max(8, display_cards[0].y - ui.px(5) - top)
    w = max(6, h * 54 // 80)
    x = display_area.x + ui.px(12) + ui.text_width(_("Display"), "heading", 17) + ui.px(10)
    image = art.card("void", (w, h))
    rects = []
    for i in range(above):
        r = pygame.Rect(x + i * (w + ui.px(3)), top, w, h)
        surface.blit(image, r)
        rects.append(r)
    area = rects[0].unionall(rects)
    label = ngettext("{n} laid above", "{n} laid above", above).format(n=above)
    ui.blit_text(surface, label, (area.right + ui.px(5), area.centery), "body", 12, (92, 52, 140), "midleft")
    area.w += ui.px(5) + ui.text_width(label, "body", 12)
    toward = data.get("toward_corruption", 0)
    tip = [ngettext("{n} Void card laid above the display", "{n} Void cards laid above the display", above).format(n=above),
           _("With those face up in the display: {n} of {limit} toward a Corruption.").format(
               n=toward, limit=data.get("corruption_at", 4))]
    return Drawn(area, [(area, wrapped(ui, tip))])
