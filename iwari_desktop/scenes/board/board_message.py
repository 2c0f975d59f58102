"""Where the board's message (a Hint's line, an error, a rule's note) goes: at the foot of the map, clear of
the boxes the rules draw over the board (the Void's counters and forecast).

Why the message gives way and not the boxes: a box that moved whenever a message came or went would jump
across the map exactly when the player asks for help (playtest D15), and a German message left no spot for
the forecast at all. So the boxes keep their places, and the message narrows between them (wrapping onto
more lines), or goes to the top of the map when the foot has too little room between them.

Nor does the message hide what a person clicks or reads on the map (play-test 2026-11-29: a three-line Hint
hid connection 18's badge at the map's foot): where the first placing would cover a tent space, a totem
circle or a connection badge (`BoardView.clickable_rects`), the message looks for the widest spot at the
foot, then at the top, then anywhere over the water, that covers none of them nor a rule's box
(`_clear_spot`), first in its own type, then a size smaller (`SMALL`); on a map with no such spot (The Void,
or any solo map when the Void's boxes take its free water, at 1280×720) beside the map, over the side
panel's recent moves when it fits there (the log is a click or L away); else over a rule's box, never over
the map's things; only when nothing is clear does it keep the first placing.

Which message: the controller's last one, else the autosave's failure (`shown_message`); drawn as a
parchment panel, or a reddish one in bold for an error (`draw_message`).
"""

from __future__ import annotations

import pygame

from ..ui.look import GOLD_LIGHT, INK, PARCHMENT, TERRACOTTA, Ui, panel
from .controller_context import Message

LINE = 22  # design px per message line (body 15)
SMALL, SMALL_LINE = 13, 19   # the smaller type a long message takes where the map has no room for it at 15
LINES = {15: LINE, SMALL: SMALL_LINE, 12: 17}   # design px per line by type size (12: beside the map at most)


class Lines(list):
    """A message's lines, and the type size they were wrapped for (15, or `SMALL` where room was short)."""

    size = 15

    @property
    def line(self) -> int:
        return LINES[self.size]


def message_lines(ui: Ui, text: str, error: bool, width: int, size: int = 15) -> Lines:
    lines = Lines(ui.wrap(text, "bold" if error else "body", size, width - ui.px(40)))
    lines.size = size
    return lines


def _placed(ui: Ui, area: pygame.Rect, text: str, error: bool, left: int, right: int,
            foot: bool, size: int = 15) -> tuple[list[str], pygame.Rect]:
    lines = message_lines(ui, text, error, right - left, size)
    rect = pygame.Rect(left, 0, right - left, ui.px(14) + len(lines) * ui.px(lines.line))
    if foot:
        rect.bottom = area.bottom - ui.px(10)
    else:
        rect.top = area.y + ui.px(10)
    return lines, rect


def place_message(ui: Ui, area: pygame.Rect, text: str, error: bool, avoid: list[pygame.Rect],
                  keep_clear: list[pygame.Rect] = (), aside: pygame.Rect | None = None) -> tuple[list[str], pygame.Rect]:
    """The message's lines and panel in the board `area`: as wide as the map allows at its foot, narrowed to
    the room between the `avoid` boxes there; at the top the same way when the foot leaves less than half
    the width; when neither leaves half, the wider of the two while it holds a readable message (a third of the
    width: a smaller online map beside the co-op counters left just under half, playtest 2026-11-29); over the
    boxes only when neither has room. Clear of `keep_clear` (the map's spaces and badges)
    where any spot is (`_clear_spot`), else in the side panel's `aside` (the recent moves' place)."""
    key = (text, error, tuple(area), tuple(map(tuple, avoid)), tuple(map(tuple, keep_clear)),
           tuple(aside) if aside is not None else None, ui.px(100))
    placed = _PLACED.get(key)
    if placed is None:
        lines, rect = _first_place(ui, area, text, error, avoid)
        if keep_clear and (rect.collidelist(list(keep_clear)) >= 0 or rect.collidelist(list(avoid)) >= 0):
            # clear of both, else of the map's spaces and badges alone: a box of the rules is covered for as long as
            # the message stands, a space would be unclickable and a badge unreadable
            blocked = list(avoid) + list(keep_clear)
            spot = _clear_spot(ui, area, text, error, blocked) or _clear_spot(ui, area, text, error, blocked, SMALL)
            for size in (SMALL, 12) if spot is None and aside is not None else ():
                # a crowded map (The Void at 1280×720): beside it, if it fits there
                aside_lines = message_lines(ui, text, error, aside.w, size)
                beside = pygame.Rect(aside.x, aside.y, aside.w, ui.px(14) + len(aside_lines) * ui.px(LINES[size]))
                if beside.h <= aside.h:
                    spot = aside_lines, pygame.Rect(aside)   # the whole of the recent moves' place: none peeks out
                    break
            spot = spot or _clear_spot(ui, area, text, error, list(keep_clear), SMALL)
            lines, rect = spot or (lines, rect)
        if len(_PLACED) > 64:
            _PLACED.clear()
        placed = _PLACED[key] = (lines, rect)
    lines = Lines(placed[0])
    lines.size = getattr(placed[0], "size", 15)
    return lines, placed[1].copy()


# the placings already worked out: a frame asks again for the same message in the same place
_PLACED: dict[tuple, tuple[list[str], pygame.Rect]] = {}


def _clear_spot(ui: Ui, area: pygame.Rect, text: str, error: bool,
                blocked: list[pygame.Rect], size: int = 15) -> tuple[list[str], pygame.Rect] | None:
    """The widest spot at the foot of `area`, else at its top, else anywhere over the map (the water between its
    islands), where the message covers none of `blocked`; of equal widths the one nearest the middle. None: no
    width down to a quarter of the map's has one."""
    full = (area.x + ui.px(20), area.right - ui.px(20))
    span = full[1] - full[0]
    step = max(4, ui.px(12))
    placings = []
    for twentieth in range(20, 4, -1):
        width = span * twentieth // 20
        lines, rect = _placed(ui, area, text, error, full[0], full[0] + width, True, size)
        xs = sorted(range(full[0], full[1] - width + 1, step), key=lambda x: abs(x + width // 2 - area.centerx))
        placings.append((lines, rect, xs))
    foot_top = [lambda r: area.bottom - ui.px(10) - r.h, lambda r: area.y + ui.px(10)]
    for where in foot_top + [None]:
        for lines, rect, xs in placings:
            if where is not None:
                ys = [where(rect)]
            else:   # anywhere: nearest the foot first
                ys = list(range(area.bottom - ui.px(10) - rect.h, area.y + ui.px(10), -step))
            for y in ys:
                for x in xs:
                    spot = pygame.Rect(x, y, rect.w, rect.h)
                    if spot.collidelist(blocked) < 0:
                        return lines, spot
    return None


def _first_place(ui: Ui, area: pygame.Rect, text: str, error: bool,
                 avoid: list[pygame.Rect]) -> tuple[list[str], pygame.Rect]:
    """The placing among the rules' boxes alone (module docstring)."""
    full = (area.x + ui.px(20), area.right - ui.px(20))
    narrow: list[tuple[int, list[str], pygame.Rect]] = []      # (width, lines, panel) clear of the boxes, under half
    gap = ui.px(8)
    for foot in (True, False):
        left, right = full
        for _ in range(4):   # a narrower message is taller and may reach a further box: settle it
            lines, rect = _placed(ui, area, text, error, left, right, foot)
            hits = [box for box in avoid if box.colliderect(rect)]
            if not hits:
                if right - left >= (full[1] - full[0]) // 2:
                    return lines, rect
                narrow.append((right - left, lines, rect))
                break
            for box in hits:
                if box.centerx < (left + right) // 2:
                    left = max(left, box.right + gap)
                else:
                    right = min(right, box.left - gap)
            if right - left < (full[1] - full[0]) // 3:
                break
    if narrow:
        _width, lines, rect = max(narrow, key=lambda placed: placed[0])
        if area.contains(rect):
            return lines, rect
    return _placed(ui, area, text, error, *full, True)


ShownMessage = tuple[str, bool, list[str], pygame.Rect]  # (text, error, its lines, its panel)


def shown_message(ui: Ui, area: pygame.Rect, message: Message | None, autosave_error: str | None,
                  over_board: list, keep_clear: list[pygame.Rect] = (),
                  aside: pygame.Rect | None = None) -> ShownMessage | None:
    """The message shown at the foot of the board `area`, placed clear of the rules' boxes drawn over it
    last frame (`over_board`) and of the map's spaces and badges (`keep_clear`), or None. No controller
    message: the autosave's failure, as an error."""
    text = message.text if message else autosave_error
    if not text:
        return None
    error = bool(message and message.error) or message is None
    boxes = [r for drawn in over_board for r in [drawn.rect, *drawn.more] if area.contains(r)]
    lines, r = place_message(ui, area, text, error, boxes, keep_clear, aside)
    return text, error, lines, r


def draw_message(surface: pygame.Surface, ui: Ui, shown: ShownMessage | None) -> None:
    if shown is None:
        return
    text, error, lines, r = shown
    size, step = getattr(lines, "size", 15), getattr(lines, "line", LINE)
    panel(surface, r, ui, fill=(255, 240, 225) if error else PARCHMENT, border=TERRACOTTA if error else GOLD_LIGHT)
    y = r.y + ui.px(7)
    for line in lines:
        ui.blit_text(surface, line, (r.centerx, y), "bold" if error else "body", size,
                     (140, 40, 24) if error else INK, "midtop", box=r)
        y += ui.px(step)
