"""Where the board's message (a Hint's line, an error, a rule's note) goes: at the foot of the map, clear of
the boxes the rules draw over the board (the Void's counters and forecast).

Why the message gives way and not the boxes: a box that moved whenever a message came or went would jump
across the map exactly when the player asks for help (playtest D15), and a German message left no spot for
the forecast at all. So the boxes keep their places, and the message narrows between them (wrapping onto
more lines), or goes to the top of the map when the foot has too little room between them.

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


def place_message(ui: Ui, area: pygame.Rect, text: str, error: bool,
                  avoid: list[pygame.Rect]) -> tuple[list[str], pygame.Rect]:
    """The message's lines and panel in the board `area`: as wide as the map allows at its foot, narrowed to
    the room between the `avoid` boxes there; at the top the same way when the foot leaves less than half
    the width; when neither leaves half, the wider of the two while it holds a readable message (a third of the
    width: a smaller online map beside the co-op counters left just under half, playtest 2026-11-29); over the
    boxes only when neither has room."""
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
                  over_board: list) -> ShownMessage | None:
    """The message shown at the foot of the board `area`, placed clear of the rules' boxes drawn over it
    last frame (`over_board`), or None. No controller message: the autosave's failure, as an error."""
    text = message.text if message else autosave_error
    if not text:
        return None
    error = bool(message and message.error) or message is None
    boxes = [r for drawn in over_board for r in [drawn.rect, *drawn.more] if area.contains(r)]
    lines, r = place_message(ui, area, text, error, boxes)
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
