"""The Hint's ring on the map: the next piece of the hinted move, ringed the way the tutorial's coach rings
the one thing to click (the same glow), so a person follows the whole move click by click."""

from __future__ import annotations

import pygame

from ..ui.look import INK
from .hints import Hint, hint_ring, hint_targets

GLOW = (255, 170, 40)   # the tutorial coach's glow (scenes/tutorial/tutorial_panel.py), which the board cannot import



def hint_ring_point(view, controller, hint: Hint | None) -> tuple[int, int] | None:
    """The screen point the hint rings now (a tent space, or the totem circle), or None."""
    ring = hint_ring(controller, hint)
    if ring is None:
        return None
    board = controller.state.board
    kind, index = ring
    if kind == "space":
        return view.to_screen(board.spaces[index].position)
    totem = board.territories[index].totem_space
    return view.to_screen(totem) if totem is not None else None


def draw_hint_ring(surface: pygame.Surface, ui, view, controller, hint: Hint | None,
                   under: list[pygame.Rect] = ()) -> None:
    """The glow on what the hint asks to click next on the map: its territory's outline while its cards are picked,
    then each piece's space or totem circle. Drawn over the forecast's outlines (which would hide it) but under the
    boxes over the board (`under`: the Void's counters and forecast): the play-test saw the outline cross the
    counters' text, so the glow is drawn on a layer of its own with those boxes cut out."""
    territories, _spaces = hint_targets(controller, hint)
    point = hint_ring_point(view, controller, hint)
    if not territories and point is None:
        return
    width = max(2, ui.px(4))
    layer = pygame.Surface(view.rect.size, pygame.SRCALPHA)
    at = (-view.rect.x, -view.rect.y)
    for territory in sorted(territories or ()):
        pygame.draw.polygon(layer, GLOW, [(x + at[0], y + at[1]) for x, y in view.outline(territory)], width)
    if point is not None:
        centre = (point[0] + at[0], point[1] + at[1])
        pygame.draw.circle(layer, GLOW, centre, ui.px(19), width)
        pygame.draw.circle(layer, INK, centre, ui.px(19) + width, max(1, ui.px(1)))
    for box in under:
        layer.fill((0, 0, 0, 0), box.move(at))
    surface.blit(layer, view.rect)
