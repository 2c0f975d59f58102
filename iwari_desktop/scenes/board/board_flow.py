"""The board screen's part for the expansion: the clicks only its pieces take, their lit rings, the extra controls.

A mixin of `BoardScene`, kept apart so each file stays small. Like the rest of the board screen it
decides nothing: which tokens, ruin spaces and Void totems light, and what a click on them means,
come from the `GameController` (and so from `legal_actions`). The rings drawn here are a small hook
beside `BoardView.draw`: contested tokens on their spots and Void totem stacks are not tent spaces,
so `lit_spaces` cannot carry them.
"""

from __future__ import annotations

import pygame

from ...engine import Phase
from ...i18n import _
from ..ui.look import GOLD_LIGHT


class BoardFlow:
    """The expansion's input and lit targets on the board screen (see the module docstring)."""

    def _click_expansion(self, pos: tuple[int, int]) -> bool:
        """Clicks only the expansion's pieces take in the action step: a contested token on its spot, a ruin
        space, a Void totem stack that could be moved (or the one chosen). True when one was hit."""
        c = self.controller
        token = self.token_at(pos)
        if token is not None:
            c.click_token(token)
            return True
        space = self.view.space_at(pos)
        if space is not None and c.state.board.spaces[space].is_ruin_space:
            c.click_space(space)
            return True
        stack = self.view.totem_at(pos)
        if stack is not None and (stack in c.void_sources() or stack == c.void_source):
            c.click_totem_stack(stack)
            return True
        return False

    def waiting_tokens(self) -> dict[int, tuple[float, float]]:
        """Contested tokens still on their spots (map positions), from the module's public view."""
        view = self.controller.module_view("contested") or []
        spots = self.controller.state.board.contested_spots
        return {entry["token"]: spots[entry["token"]].position for entry in view if entry["territory"] is None}

    def token_at(self, pos: tuple[int, int]) -> int | None:
        """The contested token on its spot under `pos` (None if none there)."""
        x, y = self.view.to_map(pos)
        reach = self.view.space_gap * 0.6
        best, best_d = None, reach
        for token, spot in self.waiting_tokens().items():
            d = ((x - spot[0]) ** 2 + (y - spot[1]) ** 2) ** 0.5
            if d < best_d:
                best, best_d = token, d
        return best

    def lit_points(self) -> list[tuple[tuple[int, int], bool]]:
        """Extra lit targets (screen point, chosen?): waiting contested tokens the cards can move, Void totems
        that can be moved, and the Void totem chosen for a move."""
        c = self.controller
        if c.needs_handoff or c.turn_done:
            return []
        board = c.state.board
        spots = board.contested_spots
        points = [(self.view.to_screen(spots[t].position), False) for t in c.lit_tokens()]
        for t in c.void_sources():
            if board.territories[t].totem_space is not None:
                points.append((self.view.to_screen(board.territories[t].totem_space), False))
        if c.void_source is not None and board.territories[c.void_source].totem_space is not None:
            points.append((self.view.to_screen(board.territories[c.void_source].totem_space), True))
        return points

    def _draw_lit_points(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        radius = max(8, int(self.view.space_gap * 0.55 * self.view.k))
        ring = max(2, int(4 * self.view.k * 1.4))
        for centre, chosen in self.lit_points():
            pygame.draw.circle(surface, (30, 20, 10), centre, radius + ring // 2 + 1, max(1, ring // 2))
            pygame.draw.circle(surface, GOLD_LIGHT if chosen else (255, 244, 190), centre, radius, ring)
            if chosen:
                pygame.draw.circle(surface, GOLD_LIGHT, centre, radius + ring + ui.px(3), max(1, ring // 2))


    def _optional_row(self, order: list[str], covered: bool) -> None:
        """The row under the main buttons: the controls that apply now, side by side (at most two)."""
        c = self.controller
        b = self._buttons
        live = not covered and not c.turn_done and not c.needs_handoff
        wanted = {
            "pieces": live and len(c.piece_counts()) > 1 and not c.use_permit,
            "permit": live and c.state.phase in (Phase.MAIN, Phase.THIRD_TRIBE) and c.permit_offered(),
            "totem": self.totem_offered() and not covered,
            "void": live and c.state.phase is Phase.PIECES and c.void_totem_allowed(),
        }
        shown = [name for name in order if wanted[name]][:2]
        ui = self.app.ui
        x, y, sw = self.side_rect.x, self.hud.buttons_top + ui.px(46), self.side_rect.w
        width = sw if len(shown) < 2 else (sw - ui.px(6)) // 2
        for i, name in enumerate(shown):
            place = pygame.Rect(x + i * (width + ui.px(6)), y, width, ui.px(34))
            if b[name].relative_rect != place:
                b[name].set_relative_position(place.topleft)
                b[name].set_dimensions(place.size)
            b[name].show()
        for name in order:
            if name not in shown:
                b[name].hide()
        if "permit" in shown:
            b["permit"].set_text(_("Don't use the token") if c.use_permit else
                                 (_("Use Determination") if len(shown) > 1 else _("Use the Determination token")))
        if "totem" in shown:
            b["totem"].set_text(_("Your totem (T)") if len(shown) > 1 else (
                _("Move your totem (T)") if c.moving() else _("Place a totem (T)")))  # S9: a move's totem
        if "void" in shown:
            b["void"].set_text(_("Void totem (V)") if len(shown) > 1 else _("Place the Void totem (V)"))


