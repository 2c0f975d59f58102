"""The Hint's ring on the map: the next piece of the hinted move, ringed the way the tutorial's coach rings
the one thing to click (the same glow), so a person follows the whole move click by click."""

from __future__ import annotations

import pygame

from ..ui.look import INK
from .hints import Hint, hint_draw, hint_ring, hint_targets

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


def hint_card_rect(hud, controller, hint: Hint | None) -> pygame.Rect | None:
    """The display card or the deck a hinted draw takes (the side panel's own rectangle), or None."""
    draw = hint_draw(controller, hint)
    if draw is None:
        return None
    if draw.card is None:
        return hud.deck_rect
    slots = controller.display_slots()
    if draw.card not in slots:
        return None
    index = slots.index(draw.card)
    return hud.display_rects[index] if index < len(hud.display_rects) else None


def draw_hint_card(surface: pygame.Surface, ui, hud, controller, hint: Hint | None) -> None:
    """The glow round the display card or the deck a hinted draw takes (play-test 2026-11-29: a draw hint marked
    nothing, and with a gap in the display a person had to find the card by its colour)."""
    rect = hint_card_rect(hud, controller, hint)
    if rect is None:
        return
    width = max(2, ui.px(4))
    ring = rect.inflate(ui.px(10), ui.px(10))
    pygame.draw.rect(surface, GLOW, ring, width, border_radius=ui.px(9))
    pygame.draw.rect(surface, INK, ring.inflate(2 * width, 2 * width), max(1, ui.px(1)), border_radius=ui.px(11))
