"""Who plays each seat: a person or a computer at one of three levels, chosen in the player rows.

Kept apart from setup.py so the seat choice is one small widget per row; the choice lives in
`SetupModel.computers` and reaches the game as `PlayerSpec.computer`, so saves carry it.
The robot mark drawn here is also what the board's tribe panel shows beside a computer's tribe.
"""

from __future__ import annotations

import pygame

from ...i18n import N_, _
from ..ui.look import INK
from ..ui.widgets import button

# the seat kinds in the order a click cycles through them (None: a person)
SEAT_KINDS: tuple[str | None, ...] = (None, "easy", "normal", "hard")
SEAT_LABELS = {None: N_("Person"), "easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
SEAT_TIPS = {None: N_("A person plays this seat (click for a computer)"),
             "easy": N_("Computer, Easy: makes mistakes a newcomer can punish (click for Normal)"),
             "normal": N_("Computer, Normal: the best move one step ahead (click for Hard)"),
             "hard": N_("Computer, Hard: searches ahead for most of a second (click for a person)")}


def next_kind(kind: str | None) -> str | None:
    """The seat kind after `kind` in the cycle (an unknown kind starts it again)."""
    i = SEAT_KINDS.index(kind) if kind in SEAT_KINDS else -1
    return SEAT_KINDS[(i + 1) % len(SEAT_KINDS)]


def build_seat_buttons(scene, rect_of, computers: list[str | None]) -> list:
    """One cycling button per player row; `rect_of(i)` places row i's button."""
    buttons = []
    for i, kind in enumerate(computers):
        tip = SEAT_TIPS.get(kind)
        buttons.append(button(scene, rect_of(i), _(SEAT_LABELS.get(kind, SEAT_LABELS[None])),
                              lambda k=i: cycle_seat(scene, k), object_id="#small", tooltip=_(tip) if tip else None))

    return buttons


def cycle_seat(scene, index: int) -> None:
    """A click on row `index`'s seat button: the next kind, then the form is rebuilt."""
    model = scene.model
    if 0 <= index < len(model.computers):
        scene._sync_names()
        model.computers[index] = next_kind(model.computers[index])
        scene.changed()


def draw_robot(surface: pygame.Surface, centre: tuple[int, int], size: int, colour=(70, 70, 80)) -> pygame.Rect:
    """A small robot head (antenna, eyes, mouth): the mark of a computer seat. Drawn, as the fonts have no glyph."""
    w, h = size, int(size * 0.8)
    head = pygame.Rect(0, 0, w, h)
    head.center = (centre[0], centre[1] + size // 10)
    pygame.draw.line(surface, INK, (head.centerx, head.top), (head.centerx, head.top - size // 4), max(1, size // 10))
    pygame.draw.circle(surface, INK, (head.centerx, head.top - size // 4), max(1, size // 8))
    pygame.draw.rect(surface, (235, 235, 240), head, border_radius=max(1, size // 5))
    pygame.draw.rect(surface, colour, head, max(1, size // 10), border_radius=max(1, size // 5))
    eye = max(1, size // 8)
    for dx in (-w // 4, w // 4):
        pygame.draw.circle(surface, colour, (head.centerx + dx, head.centery - h // 8), eye)
    pygame.draw.line(surface, colour, (head.centerx - w // 4, head.centery + h // 4),
                     (head.centerx + w // 4, head.centery + h // 4), max(1, size // 12))
    return head


def draw_seat_marks(surface: pygame.Surface, ui, computers: list[str | None], centre_of) -> None:
    """A robot mark on each computer seat's colour disc in the setup rows."""
    for i, kind in enumerate(computers):
        if kind is not None:
            x, y = centre_of(i)
            draw_robot(surface, (x + ui.px(10), y + ui.px(10)), ui.px(14))
