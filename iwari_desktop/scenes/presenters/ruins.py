"""Void ruins (E3): the setup line, the kept ruins' scoring row, the words of taking a ruin space, and the
ruins on the board (the neutral Void's ruins, the ruin spaces' biome icons, the rings round blocked badges)."""

from __future__ import annotations

import math
from typing import Any, ClassVar

import pygame

from iwari_desktop.engine.rulesets.ruins import TakeRuin
from ...art.map_sizes import BADGE_RADIUS, RUIN_SPACE_RADIUS
from ...art.palette import RUIN_DARK
from ...i18n import N_, _, ngettext
from ..ui.terms import biome_name, tribe_label
from .base import BoardStep, Category, Focus, Name, Pen, PieceHit, Point, Presenter
from .registry import register


@register
class Ruins(Presenter):
    key: ClassVar[str] = "ruins"
    setup_line: ClassVar[str] = N_(
        "Void ruins guard the ruin spaces: two cards of a ruin's icon swap it for your tent, "
        "and each ruin you take is a point at the end. A connection with a ruin scores once a tent replaces it.")
    categories: ClassVar[tuple[Category, ...]] = (
        Category("ruins", N_("Ruins"), order=4, colour=(110, 100, 120), own_focus=True),)
    order: ClassVar[int] = 60  # its connection note before the twins', its tribe note before Determination's
    # its rings on the ground after the road's and Worship's; its icons first on top; its spaces hit after the
    # contested spots, before the road
    board_order: ClassVar[dict[BoardStep, int]] = {BoardStep.UNDER: 30, BoardStep.TENT: 10, BoardStep.OVER: 10,
                                                   BoardStep.HIT: 20}

    # ---- on the board ------------------------------------------------------------------------------------
    def draw_under(self, pen: Pen, surface: Any, state: Any, views: dict[str, Any]) -> None:
        """A dashed purple ring round each connection badge a Void ruin still blocks."""
        for number in (views.get("ruins") or {}).get("blocked_connections") or []:
            _blocked_ring(pen, surface, state.board.connections_by_number[number].position)

    def draw_tent(self, pen: Pen, surface: Any, state: Any, space: int, owner: int) -> bool:
        """The neutral Void's tents are its ruins, drawn where a tent would stand."""
        if owner != state.void_tribe:
            return False
        view = pen.view
        image = view.art.void_ruin(max(12, int(view.tent_px * 1.1)))
        x, y = view.to_screen(view.board.spaces[space].position)
        halo = max(6, int(RUIN_SPACE_RADIUS * view.k * 1.15))  # a pale disc: the dark ruin reads on any ground
        pygame.draw.circle(surface, (226, 208, 244), (x, y), halo)
        pygame.draw.circle(surface, RUIN_DARK, (x, y), halo, max(1, int(2 * view.k * 1.4)))
        surface.blit(image, image.get_rect(center=(x, y - image.get_height() // 8)))
        return True

    def draw_over(self, pen: Pen, surface: Any, state: Any, views: dict[str, Any]) -> None:
        """Each ruin space's biome icon (the two cards that take it), whoever holds the space."""
        view = pen.view
        icon = max(9, int(view.tent_px * 0.62))
        for space in view.board.ruin_spaces:
            image = view.art.biome_icon(view.board.spaces[space].ruin_biome.key, icon)
            surface.blit(image, image.get_rect(center=ruin_icon_centre(pen, space)))

    def piece_at(self, pen: Pen, state: Any, views: dict[str, Any], point: Point) -> PieceHit | None:
        board = pen.view.board
        for space in board.ruin_spaces:
            if math.dist(point, board.spaces[space].position) <= RUIN_SPACE_RADIUS + 3:
                return PieceHit("ruin", space)
        return None

    # ---- words -------------------------------------------------------------------------------------------

    def piece_lines(self, state: Any, hit: Any, name: Name, views: dict[str, Any]) -> list[str] | None:
        if hit.kind != "ruin":
            return None
        space = hit.key
        board = state.board
        s = board.spaces[space]
        biome = biome_name(s.ruin_biome)
        lines = [_("Ruin space · {biome} icon").format(biome=biome)]
        c = board.connections_by_number.get(s.connection)
        joins = _("connection {number}").format(number=s.connection) + (
            f" ({board.territories[c.territories[0]].name} – {board.territories[c.territories[1]].name})" if c else "")
        owner = state.space_owner[space]
        if owner >= 0 and owner != state.void_tribe:
            lines += [_("{player} took this ruin: 1 point at the end of the game").format(player=name(owner)),
                      _("With a tribe's tent here, {connection} is open again").format(connection=joins)]
            return lines
        lines += [_("A Void ruin still stands here, so {connection}").format(connection=joins),
                  _("scores nothing and earns no Honour or Respect."),
                  _("Play exactly two {biome} cards to put your tent here:").format(biome=biome),
                  _("the connection opens and you keep the ruin (1 point at the end).")]
        return lines

    def connection_notes(self, state: Any, number: int, views: dict[str, Any]) -> list[str]:
        if number in ((views.get("ruins") or {}).get("blocked_connections") or []):
            return [_("Blocked by a Void ruin: scores nothing and earns no"),
                    _("Honour or Respect until a tribe takes its ruin")]
        return []

    def tribe_notes(self, state: Any, tribe: int, name: Name, views: dict[str, Any]) -> list[str]:
        kept = ((views.get("ruins") or {}).get("kept") or [])
        if tribe < len(kept) and kept[tribe]:
            return [_("Ruins kept: {n} (1 point each at the end)").format(n=kept[tribe])]
        return []

    def badges(self, state: Any, views: dict[str, Any]) -> dict[int, dict[str, int]]:
        """Ruins kept: a ruin icon and the count beside the tribe's score."""
        return {tribe: {"ruins": kept} for tribe, kept in enumerate((views.get("ruins") or {}).get("kept") or [])
                if kept and state.tribes[tribe].role.scores}

    def describe(self, state: Any, action: Any) -> str | None:
        if not isinstance(action, TakeRuin):
            return None
        space = state.board.spaces[action.space]
        if space.ruin_biome is not None:
            return _("takes the {biome} ruin space on connection {number} with two {biome} cards").format(
                biome=biome_name(space.ruin_biome), number=space.connection)
        return _("takes the ruin space on connection {number} with two cards of its icon").format(
            number=space.connection)

    def line_title(self, state: Any, line: Any) -> str | None:
        kind, _sep, rest = line.subject.partition(":")
        if kind == "ruins" and rest.isdigit():
            return _("Ruins of {player}").format(player=tribe_label(state.tribes[int(rest)]))
        return None

    def line_focus(self, state: Any, line: Any) -> Focus | None:
        """The ruin spaces the tribe took."""
        kind, _sep, rest = line.subject.partition(":")
        if kind != "ruins" or not rest.isdigit():
            return None
        spaces = self._kept_spaces(state)
        return set(), None, set(spaces[int(rest)] if spaces is not None else [])

    def explain(self, state: Any, line: Any) -> list[str] | None:
        if line.category != "ruins" or not line.base:
            return None
        tribe = next(iter(line.base))
        spaces = self._kept_spaces(state)
        kept = len(spaces[tribe]) if spaces else 0
        return [ngettext("{player} kept {n} ruin, 1 point each.", "{player} kept {n} ruins, 1 point each.",
                         kept).format(player=tribe_label(state.tribes[tribe]), n=kept)]

    @staticmethod
    def _kept_spaces(state: Any) -> list[list[int]] | None:
        """Per tribe the ruin spaces it took (None: no ruins in this game)."""
        module = next((m for m in state.modules if m.key == "ruins"), None)
        return None if module is None else module.public_view(state, 0)["kept_spaces"]


def _blocked_ring(pen: Pen, surface: Any, position: Point) -> None:
    """A dashed purple ring around a connection badge: a Void ruin still blocks it."""
    view = pen.view
    cx, cy = view.to_screen(position)
    r = max(9, (BADGE_RADIUS + 5) * view.k)
    width = max(2, int(4 * view.k * 1.3))
    for i in range(10):
        a0 = i * math.pi / 5
        a1 = a0 + math.pi / 7
        pts = [(cx + r * math.cos(a0 + (a1 - a0) * j / 4), cy + r * math.sin(a0 + (a1 - a0) * j / 4)) for j in range(5)]
        pygame.draw.lines(surface, RUIN_DARK, False, pts, width + 2)
        pygame.draw.lines(surface, (196, 150, 236), False, pts, width)


def ruin_icon_centre(pen: Pen, space: int) -> tuple[int, int]:
    """The biome icon sits on the ruin space's outer side, away from its connection badge."""
    board = pen.view.board
    s = board.spaces[space]
    badge = board.connections_by_number[s.connection].position if s.connection in board.connections_by_number \
        else (s.position[0] - 1, s.position[1])
    dx, dy = s.position[0] - badge[0], s.position[1] - badge[1]
    length = math.hypot(dx, dy) or 1.0
    reach = RUIN_SPACE_RADIUS * 1.3
    return pen.view.to_screen((s.position[0] + dx / length * reach, s.position[1] + dy / length * reach + 4))
