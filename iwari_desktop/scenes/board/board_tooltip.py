"""The board screen's tooltip: which words the thing under the mouse has, and where their box goes.

A part of `BoardScene`, kept apart so the scene file holds its layout, input and flow. It is handed the
scene and only reads it (the hover fields its `_hover` set, the controller, the side panel, the rules'
boxes over the board), as `ControllerWords` reads the controller. Where the box goes is a search of its
own: clear of the cursor, the lit spaces and the map's printed names (`rect`), or beside the side panel
for what lies in the panel (`beside_panel`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Phase
from ...i18n import _
from ..ui.look import CREAM, GOLD_LIGHT
from ..ui.tooltip_place import inside_window, margin_px

if TYPE_CHECKING:
    from .board import BoardScene


class BoardTooltip:
    """The board's tooltip, its words and its place (see the module docstring)."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene

    def draw(self, surface: pygame.Surface) -> None:
        """The tooltip of what lies under the mouse, if it has one: the greyed main button's reason first,
        then a rule's box over the board, the side panel, a card, a feat, a mountain, a rule's piece, a
        connection, a territory."""
        if self.scene.hover_pos is None or self.scene.controller.needs_handoff:
            return
        from ..presenters import hover_words as notes

        c = self.scene.controller
        panel_lines = self.scene.hud.tooltip(self.scene.hover_pos, c)
        greyed = self.scene.greyed_reason(self.scene.hover_pos)
        box_lines = next((found for box in self.scene.over_board if (found := box.tip_at(self.scene.hover_pos))), [])
        if greyed:
            lines = greyed
        elif box_lines:
            lines = box_lines
        elif panel_lines:
            lines = panel_lines
        elif self.scene.hover_card is not None:
            lines = self.card_lines(self.scene.hover_card)
            if not lines:
                return
        elif self.scene.hover_feat is not None and self.scene.hover_feat < len(c.state.feats):
            lines = c.feat_info(self.scene.hover_feat) + notes.feat_notes(c.state, self.scene.hover_feat)
        elif self.scene.hover_mountain is not None:
            lines = notes.mountain_lines(c.state, self.scene.hover_mountain) or c.mountain_info(self.scene.hover_mountain)
        elif self.scene.hover_piece is not None:
            lines = notes.piece_lines(c.state, self.scene.hover_piece, c.tribe_name)
        elif self.scene.hover_connection is not None:
            lines = c.connection_info(self.scene.hover_connection) + notes.connection_notes(c.state, self.scene.hover_connection)
        elif self.scene.hover_territory is not None:
            lines = c.territory_info(self.scene.hover_territory) + notes.territory_notes(c.state, self.scene.hover_territory,
                                                                                  c.tribe_name)
        else:
            return
        ui = self.scene.app.ui
        styles = [("bold" if i == 0 else "body", CREAM if i else GOLD_LIGHT) for i in range(len(lines))]
        w = max(ui.font(role, 14).size(line)[0] for line, (role, _) in zip(lines, styles)) + ui.px(20)
        h = sum(ui.line_height(role, 14) for role, _ in styles) + ui.px(14)
        r = self.rect(self.scene.hover_pos, (w, h))
        pygame.draw.rect(surface, (44, 30, 22), r, border_radius=ui.px(8))
        pygame.draw.rect(surface, GOLD_LIGHT, r, max(1, ui.px(1)), border_radius=ui.px(8))
        y = r.y + ui.px(7)
        for line, (role, colour) in zip(lines, styles):
            ui.blit_text(surface, line, (r.x + ui.px(10), y), role, 14, colour, box=r)
            y += ui.line_height(role, 14)

    def card_lines(self, hit: tuple[str, int]) -> list[str]:
        """A card's words: the deck's, or a card of the hand or the display by its place (`Hud.card_at`)."""
        c = self.scene.controller
        where, index = hit
        if where == "deck":
            return c.deck_info()
        if where == "hand":
            hand = c.hand()
            return c.card_info(hand[index], _("your hand")) if index < len(hand) else []
        slots = c.display_slots()
        card = slots[index] if index < len(slots) else None
        return c.card_info(card, _("display")) if card is not None else []

    def rect(self, pos: tuple[int, int], size: tuple[int, int]) -> pygame.Rect:
        """Where a tooltip goes: away from the cursor, from every lit tent space, from the names and from
        the rules' boxes over the board.

        Tries the four corners around the cursor, then the four sides of the lit spaces' bounding
        box, and keeps the first spot inside the map that covers neither the cursor, a lit space, a
        territory name nor a rule's box (the Void's counters and forecast: a territory's verdict is read
        against them); if none is free, the one that hides the fewest lit spaces, then names and boxes.
        """
        if not self.scene.board_area.collidepoint(pos) and self.scene.side_rect.collidepoint(pos):
            return self.beside_panel(pos, size)
        best, best_cost = None, None
        for r, lit_hidden, names_hidden in self.candidates(pos, size):
            if not lit_hidden and not names_hidden:
                return self.inside(r)
            cost = (lit_hidden, names_hidden)
            if best_cost is None or cost < best_cost:
                best, best_cost = r, cost
        return self.inside(best if best is not None else pygame.Rect(pos, size))

    def inside(self, r: pygame.Rect) -> pygame.Rect:
        """`r` at least TOOLTIP_MARGIN pixels inside the window (ui/tooltip_place.py)."""
        return inside_window(r, self.scene.app.screen.get_rect(), margin_px(self.scene.app.ui))

    def beside_panel(self, pos: tuple[int, int], size: tuple[int, int]) -> pygame.Rect:
        """A tooltip for something in the side panel (a hand card, a tribe): beside the panel, over the map.

        Why not around the cursor: the panel stands at the window's right edge, so a tooltip to the right
        ran off the window, and one below or above lay under the panel's buttons (pygame-gui draws the
        buttons over everything the board draws, so the tooltip's lines were hidden)."""
        gap = self.scene.app.ui.px(12)
        r = pygame.Rect(0, 0, *size)
        r.midright = (self.scene.side_rect.x - gap, pos[1])
        return self.inside(r)

    def candidates(self, pos: tuple[int, int], size: tuple[int, int]) -> list[tuple[pygame.Rect, int, int]]:
        """Each spot a tooltip may take (clamped, off the cursor) with the lit spaces it hides, and the names and
        rules' boxes."""
        ui = self.scene.app.ui
        gap = ui.px(18)
        w, h = size
        x, y = pos
        state = self.scene.controller.state
        lit = [self.scene.view.to_screen(state.board.spaces[sp].position) for sp in self.scene.controller.lit_spaces()]
        if state.phase is Phase.PIECES and state.pending is not None:
            # the territory being placed into: all of its spaces and its totem space stay in sight
            t = state.board.territories[state.pending.territory]
            lit += [self.scene.view.to_screen(state.board.spaces[sp].position) for sp in t.tent_spaces]
            if t.totem_space is not None:
                lit.append(self.scene.view.to_screen(t.totem_space))
        names = self.name_rects() + self.rule_boxes()
        reach = self.scene.view.tent_px
        candidates = [pygame.Rect(x + gap, y + gap, w, h), pygame.Rect(x - gap - w, y - gap - h, w, h),
                      pygame.Rect(x + gap, y - gap - h, w, h), pygame.Rect(x - gap - w, y + gap, w, h)]
        if lit:
            box = pygame.Rect(lit[0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for p in lit])
            box.inflate_ip(reach * 2, reach * 2)
            m = ui.px(4)
            candidates += [pygame.Rect(box.right + m, y - h // 2, w, h), pygame.Rect(box.x - m - w, y - h // 2, w, h),
                           pygame.Rect(x - w // 2, box.y - m - h, w, h), pygame.Rect(x - w // 2, box.bottom + m, w, h)]
        window = self.scene.app.screen.get_rect()
        inner = window.inflate(-2 * margin_px(ui), -2 * margin_px(ui))
        area = self.scene.board_area.clip(inner) if self.scene.board_area.collidepoint(pos) else inner
        found: list[tuple[pygame.Rect, int, int]] = []
        for r in candidates:
            r.clamp_ip(area)
            if r.inflate(ui.px(8), ui.px(8)).collidepoint(pos):
                continue
            lit_hidden = sum(1 for p in lit if r.inflate(reach, reach).collidepoint(p))
            found.append((r, lit_hidden, sum(1 for n in names if r.colliderect(n))))
        return found

    def rule_boxes(self) -> list[pygame.Rect]:
        """The boxes the rules drew over the board last frame (solo/co-op: the Void's counters and forecast)."""
        area = self.scene.board_area
        return [r for drawn in self.scene.over_board for r in [drawn.rect, *drawn.more] if area.colliderect(r)]

    def name_rects(self) -> list[pygame.Rect]:
        """The territory names printed on the map picture, in screen pixels."""
        rects = []
        for box in self.scene.view.name_boxes():
            left, top = self.scene.view.to_screen((box.x, box.y))
            right, bottom = self.scene.view.to_screen((box.right, box.bottom))
            rects.append(pygame.Rect(left, top, right - left, bottom - top))
        return rects
