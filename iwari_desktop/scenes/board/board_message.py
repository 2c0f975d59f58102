"""Where the board's message (a Hint's line, an error, a rule's note) goes: at the foot of the map, clear of
the boxes the rules draw over the board (the Void's counters and forecast).

Why the message gives way and not the boxes: a box that moved whenever a message came or went would jump
across the map exactly when the player asks for help (playtest D15), and a German message left no spot for
the forecast at all. So the boxes keep their places, and the message narrows between them (wrapping onto
more lines), or goes to the top of the map when the foot has too little room between them.

Nor does the message hide what a person clicks or reads on the map (play-test 2026-11-29: a three-line Hint
hid connection 18's badge at the map's foot): where the first placing would cover a tent space, a totem
circle or a connection badge (`BoardView.clickable_rects`), the message looks for the widest spot at the
foot, then at the top, that covers none of them nor a rule's box (`_clear_spot`); where the boxes take the
only free water (Floating Lands in solo), one that covers a box but none of the map's things; and only when
there is none keeps the first.

Which message: the controller's last one, else the autosave's failure (`shown_message`); drawn as a
parchment panel, or a reddish one in bold for an error (`draw_message`).
"""

from __future__ import annotations

import pygame

from ..ui.look import GOLD_LIGHT, INK, PARCHMENT, TERRACOTTA, Ui, panel
from .controller_context import Message

LINE = 22  # design px per message line (body 15)


def message_lines(ui: Ui, text: str, error: bool, width: int) -> list[str]:
    return ui.wrap(text, "bold" if error else "body", 15, width - ui.px(40))


def _placed(ui: Ui, area: pygame.Rect, text: str, error: bool, left: int, right: int,
            foot: bool) -> tuple[list[str], pygame.Rect]:
    lines = message_lines(ui, text, error, right - left)
    rect = pygame.Rect(left, 0, right - left, ui.px(14) + len(lines) * ui.px(LINE))
    if foot:
        rect.bottom = area.bottom - ui.px(10)
    else:
        rect.top = area.y + ui.px(10)
    return lines, rect


def place_message(ui: Ui, area: pygame.Rect, text: str, error: bool, avoid: list[pygame.Rect],
                  keep_clear: list[pygame.Rect] = ()) -> tuple[list[str], pygame.Rect]:
    """The message's lines and panel in the board `area`: as wide as the map allows at its foot, narrowed to
    the room between the `avoid` boxes there; at the top the same way when the foot leaves less than half
    the width; over the boxes only when neither has room. Clear of `keep_clear` (the map's spaces and badges)
    where any spot is (`_clear_spot`)."""
    key = (text, error, tuple(area), tuple(map(tuple, avoid)), tuple(map(tuple, keep_clear)), ui.px(100))
    placed = _PLACED.get(key)
    if placed is None:
        lines, rect = _first_place(ui, area, text, error, avoid)
        if keep_clear and rect.collidelist(list(keep_clear)) >= 0:
            # clear of both, else of the map's spaces and badges alone: a box of the rules is covered for as long as
            # the message stands, a space would be unclickable and a badge unreadable
            lines, rect = (_clear_spot(ui, area, text, error, list(avoid) + list(keep_clear))
                           or _clear_spot(ui, area, text, error, list(keep_clear)) or (lines, rect))
        if len(_PLACED) > 64:
            _PLACED.clear()
        placed = _PLACED[key] = (lines, rect)
    return list(placed[0]), placed[1].copy()


# the placings already worked out: a frame asks again for the same message in the same place
_PLACED: dict[tuple, tuple[list[str], pygame.Rect]] = {}


def _clear_spot(ui: Ui, area: pygame.Rect, text: str, error: bool,
                blocked: list[pygame.Rect]) -> tuple[list[str], pygame.Rect] | None:
    """The widest spot at the foot of `area`, else at its top, where the message covers none of `blocked`;
    of equal widths the one nearest the middle. None: no width down to a quarter of the map's has one."""
    full = (area.x + ui.px(20), area.right - ui.px(20))
    span = full[1] - full[0]
    step = max(4, ui.px(12))
    for foot in (True, False):
        for twentieth in range(20, 4, -1):
            width = span * twentieth // 20
            lines, rect = _placed(ui, area, text, error, full[0], full[0] + width, foot)
            xs = sorted(range(full[0], full[1] - width + 1, step),
                        key=lambda x: abs(x + width // 2 - area.centerx))
            for x in xs:
                rect.x = x
                if rect.collidelist(blocked) < 0:
                    return lines, rect
    return None


def _first_place(ui: Ui, area: pygame.Rect, text: str, error: bool,
                 avoid: list[pygame.Rect]) -> tuple[list[str], pygame.Rect]:
    """The placing among the rules' boxes alone (module docstring)."""
    full = (area.x + ui.px(20), area.right - ui.px(20))
    gap = ui.px(8)
    for foot in (True, False):
        left, right = full
        for _ in range(4):   # a narrower message is taller and may reach a further box: settle it
            lines, rect = _placed(ui, area, text, error, left, right, foot)
            hits = [box for box in avoid if box.colliderect(rect)]
            if not hits:
                return lines, rect
            for box in hits:
                if box.centerx < (left + right) // 2:
                    left = max(left, box.right + gap)
                else:
                    right = min(right, box.left - gap)
            if right - left < (full[1] - full[0]) // 2:
                break
    return _placed(ui, area, text, error, *full, True)


ShownMessage = tuple[str, bool, list[str], pygame.Rect]  # (text, error, its lines, its panel)


def shown_message(ui: Ui, area: pygame.Rect, message: Message | None, autosave_error: str | None,
                  over_board: list, keep_clear: list[pygame.Rect] = ()) -> ShownMessage | None:
    """The message shown at the foot of the board `area`, placed clear of the rules' boxes drawn over it
    last frame (`over_board`) and of the map's spaces and badges (`keep_clear`), or None. No controller
    message: the autosave's failure, as an error."""
    text = message.text if message else autosave_error
    if not text:
        return None
    error = bool(message and message.error) or message is None
    boxes = [r for drawn in over_board for r in [drawn.rect, *drawn.more] if area.contains(r)]
    lines, r = place_message(ui, area, text, error, boxes, keep_clear)
    return text, error, lines, r


def draw_message(surface: pygame.Surface, ui: Ui, shown: ShownMessage | None) -> None:
    if shown is None:
        return
    text, error, lines, r = shown
    panel(surface, r, ui, fill=(255, 240, 225) if error else PARCHMENT, border=TERRACOTTA if error else GOLD_LIGHT)
    y = r.y + ui.px(7)
    for line in lines:
        ui.blit_text(surface, line, (r.centerx, y), "bold" if error else "body", 15,
                     (140, 40, 24) if error else INK, "midtop", box=r)
        y += ui.px(LINE)
