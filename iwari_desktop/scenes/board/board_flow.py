"""The board screen's part for the expansion: the clicks only its pieces take, and their lit rings.

A part of `BoardScene` (`scene.flow`), kept apart so each file stays small; it is handed the scene and
reads its controller and map view (its extra controls are in the optional row of `board_buttons`). Like the rest of the board screen it
decides nothing: which tokens, ruin spaces and Void totems light, and what a click on them means,
come from the `GameController` (and so from `legal_actions`). The rings drawn here are a small hook
beside `BoardView.draw`: contested tokens on their spots and Void totem stacks are not tent spaces,
so `lit_spaces` cannot carry them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..ui.look import GOLD_LIGHT

if TYPE_CHECKING:
    from .board import BoardScene


class BoardFlow:
    """The expansion's input and lit targets on the board screen (see the module docstring)."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene

    def click(self, pos: tuple[int, int]) -> bool:
        """Clicks only the expansion's pieces take in the action step: a contested token on its spot, a ruin
        space, a Void totem stack that could be moved (or the one chosen). True when one was hit."""
        c = self.scene.controller
        token = self.token_at(pos)
        if token is not None:
            c.click_token(token)
            return True
        space = self.scene.view.space_at(pos)
        if space is not None and c.state.board.spaces[space].is_ruin_space:
            c.click_space(space)
            return True
        stack = self.scene.view.totem_at(pos)
        if stack is not None and (stack in c.void_sources() or stack == c.void_source):
            c.click_totem_stack(stack)
            return True
        return False

    def waiting_tokens(self) -> dict[int, tuple[float, float]]:
        """Contested tokens still on their spots (map positions), from the module's public view."""
        view = self.scene.controller.module_view("contested") or []
        spots = self.scene.controller.state.board.contested_spots
        return {entry["token"]: spots[entry["token"]].position for entry in view if entry["territory"] is None}

    def token_at(self, pos: tuple[int, int]) -> int | None:
        """The contested token on its spot under `pos` (None if none there)."""
        x, y = self.scene.view.to_map(pos)
        reach = self.scene.view.space_gap * 0.6
        best, best_d = None, reach
        for token, spot in self.waiting_tokens().items():
            d = ((x - spot[0]) ** 2 + (y - spot[1]) ** 2) ** 0.5
            if d < best_d:
                best, best_d = token, d
        return best

    def lit_points(self) -> list[tuple[tuple[int, int], bool]]:
        """Extra lit targets (screen point, chosen?): waiting contested tokens the cards can move, Void totems
        that can be moved, and the Void totem chosen for a move."""
        c = self.scene.controller
        if c.needs_handoff or c.turn_done:
            return []
        board = c.state.board
        spots = board.contested_spots
        points = [(self.scene.view.to_screen(spots[t].position), False) for t in c.lit_tokens()]
        for t in c.void_sources():
            if board.territories[t].totem_space is not None:
                points.append((self.scene.view.to_screen(board.territories[t].totem_space), False))
        if c.void_source is not None and board.territories[c.void_source].totem_space is not None:
            points.append((self.scene.view.to_screen(board.territories[c.void_source].totem_space), True))
        return points

    def draw_lit_points(self, surface: pygame.Surface) -> None:
        ui = self.scene.app.ui
        radius = max(8, int(self.scene.view.space_gap * 0.55 * self.scene.view.k))
        ring = max(2, int(4 * self.scene.view.k * 1.4))
        for centre, chosen in self.lit_points():
            pygame.draw.circle(surface, (30, 20, 10), centre, radius + ring // 2 + 1, max(1, ring // 2))
            pygame.draw.circle(surface, GOLD_LIGHT if chosen else (255, 244, 190), centre, radius, ring)
            if chosen:
                pygame.draw.circle(surface, GOLD_LIGHT, centre, radius + ring + ui.px(3), max(1, ring // 2))
