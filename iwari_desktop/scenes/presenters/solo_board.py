"""Solo and co-op on the map: the Void pawn on its connection, the claim tokens on counted territories
(drawn by the solo presenter, `solo.py`, over the pieces), and the forecast's marks (`draw_forecast`).

Everything is read from the solo/co-op module's public view (`pawn`, `claims`); nothing is decided here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame


if TYPE_CHECKING:
    from ..board.board_view import BoardView
    from .solo_forecast import ForecastPicture

VOID_PURPLE = (92, 52, 140)
VOID_LIGHT = (200, 170, 240)
VOID_DARK = (28, 14, 40)
PLAYER_GREEN = (52, 128, 70)


def claim_spot(view: "BoardView", territory: int) -> tuple[int, int]:
    """Where a territory's claim token sits: a free spot beside its totem space (covers no space or name)."""
    t = view.board.territories[territory]
    centre = t.totem_space or t.polygon[0]
    spots = view.free_spots(centre, 40, 26) or view.free_spots(centre, 62, 26)
    return view.to_screen(spots[0] if spots else centre)


def draw_board_layer(view: "BoardView", surface: pygame.Surface, data: dict[str, Any]) -> None:
    """The pawn and the claim tokens of the Void's public view `data`, drawn over the pieces."""
    k = view.k
    r = max(8, int(15 * k * 1.4))
    for key, side in (data.get("claims") or {}).items():
        claim_token(surface, claim_spot(view, int(key)), r, side)
    pawn = data.get("pawn")
    connection = view.board.connections_by_number.get(pawn) if pawn is not None else None
    if connection is not None:
        draw_pawn(view, surface, view.to_screen(connection.position))


def claim_token(surface: pygame.Surface, at: tuple[int, int], r: int, side: str) -> None:
    """A claim token: purple with a cross for the Void, green with a tick for the players."""
    x, y = at
    colour = VOID_PURPLE if side == "void" else PLAYER_GREEN
    pygame.draw.circle(surface, (20, 12, 8), (x, y), r + 2)
    pygame.draw.circle(surface, colour, (x, y), r)
    pygame.draw.circle(surface, (245, 235, 210), (x, y), r, max(1, r // 6))
    mark = [(x - r * 0.45, y), (x - r * 0.1, y + r * 0.4), (x + r * 0.5, y - r * 0.4)]
    if side == "void":  # a spiral-ish cross for the Void, a tick for the players
        pygame.draw.line(surface, (245, 235, 210), (x - r * 0.4, y - r * 0.4), (x + r * 0.4, y + r * 0.4), max(2, r // 4))
        pygame.draw.line(surface, (245, 235, 210), (x - r * 0.4, y + r * 0.4), (x + r * 0.4, y - r * 0.4), max(2, r // 4))
    else:
        pygame.draw.lines(surface, (245, 235, 210), False, mark, max(2, r // 4))


def draw_forecast(view: "BoardView", surface: pygame.Surface, picture: "ForecastPicture") -> None:
    """The forecast on the map: the strike's territories outlined in purple, a purple ring with a pale Void
    totem or ruin where each piece goes, and a pale claim token on each territory the Corruption counts."""
    board, k = view.board, view.k
    width = max(2, int(3 * k * 1.4))
    for t in picture.lit:
        outline = [view.to_screen(p) for p in board.territories[t].polygon]
        if len(outline) > 2:
            pygame.draw.lines(surface, VOID_DARK, True, outline, width + 2)
            pygame.draw.lines(surface, VOID_LIGHT, True, outline, width)
    ring = max(9, int(view.tent_px * 0.8))
    size = max(12, int(view.tent_px * 1.1))
    for t in picture.totems:
        spot = board.territories[t].totem_space
        if spot is not None:
            _ghost(surface, view.to_screen(spot), ring + width, view.art.void_totem(max(14, int(view.tent_px * 1.25))))
    for space in picture.ruins:
        _ghost(surface, view.to_screen(board.spaces[space].position), ring, view.art.void_ruin(size))
    r = max(8, int(15 * k * 1.4))
    for verdict in picture.counts:
        token = pygame.Surface((2 * r + 6, 2 * r + 6), pygame.SRCALPHA)
        claim_token(token, (r + 3, r + 3), r, verdict.side)
        token.set_alpha(175)
        x, y = claim_spot(view, verdict.territory)
        surface.blit(token, token.get_rect(center=(x, y)))
        pygame.draw.circle(surface, VOID_LIGHT, (x, y), r + 3, max(1, width // 2))


def _ghost(surface: pygame.Surface, at: tuple[int, int], ring: int, image: pygame.Surface) -> None:
    """A piece still to come: its picture half see-through inside a purple ring."""
    pale = image.copy()
    pale.set_alpha(150)
    surface.blit(pale, pale.get_rect(center=at))
    pygame.draw.circle(surface, VOID_DARK, at, ring + 1, 4)
    pygame.draw.circle(surface, VOID_LIGHT, at, ring, 2)


def draw_pawn(view: "BoardView", surface: pygame.Surface, at: tuple[float, float]) -> None:
    """The Void pawn beside the connection badge at screen point `at` (the steps screen moves it between two)."""
    k = view.k
    x, y = int(at[0]), int(at[1])
    pr = max(10, int(22 * k * 1.4))
    x, y = x + int(pr * 1.1), y - int(pr * 0.5)  # beside the connection's badge, whose number stays readable
    body = [(x, y - pr * 1.5), (x + pr * 0.75, y + pr * 0.2), (x, y + pr * 0.55), (x - pr * 0.75, y + pr * 0.2)]
    pygame.draw.polygon(surface, (16, 8, 24), [(px + 2, py + 3) for px, py in body])
    pygame.draw.polygon(surface, VOID_PURPLE, body)
    pygame.draw.polygon(surface, VOID_LIGHT, body, max(2, pr // 6))
    pygame.draw.circle(surface, VOID_LIGHT, (x, int(y - pr * 0.45)), max(3, pr // 4))
