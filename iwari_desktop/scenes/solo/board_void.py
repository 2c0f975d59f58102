"""Solo and co-op on the board: the Void pawn on its connection, claim tokens on counted territories,
and the Void counters (toward a Corruption, beside the board, the territory tally).

Everything is read from the solo/co-op module's public view (`pawn`, `above`, `toward_corruption`,
`corruption_at`, `beside`, `claims`, `void_territories`, `k`, `log`); nothing is decided here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _, ngettext
from ..presenters.views import void_view

if TYPE_CHECKING:
    from ..board.board_view import BoardView
    from ..ui.look import Ui

VOID_PURPLE = (92, 52, 140)
VOID_LIGHT = (200, 170, 240)
PLAYER_GREEN = (52, 128, 70)
BESIDE_LIMIT = 3  # S6: the third Void card beside the board ends the game


def claim_spot(view: "BoardView", territory: int) -> tuple[int, int]:
    """Where a territory's claim token sits: a free spot beside its totem space (covers no space or name)."""
    t = view.board.territories[territory]
    centre = t.totem_space or t.polygon[0]
    spots = view.free_spots(centre, 40, 26) or view.free_spots(centre, 62, 26)
    return view.to_screen(spots[0] if spots else centre)


def draw_board_layer(view: "BoardView", surface: pygame.Surface, state) -> None:
    """The pawn and the claim tokens, drawn over the pieces."""
    data = void_view(state)
    if data is None:
        return
    k = view.k
    r = max(8, int(15 * k * 1.4))
    for key, side in (data.get("claims") or {}).items():
        x, y = claim_spot(view, int(key))
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
    pawn = data.get("pawn")
    connection = view.board.connections_by_number.get(pawn) if pawn is not None else None
    if connection is not None:
        draw_pawn(view, surface, view.to_screen(connection.position))


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


def counter_lines(data: dict[str, Any], players: int) -> list[str]:
    """The three counters in words: toward a Corruption, beside the board, the territory tally.

    No counter reads "n of m" with n past m: the cards that reach the limit set off a Corruption (a
    game that ends in its middle keeps them where they were), and the Void's territories reach K only
    when the game is lost (the last counting may add more)."""
    toward, limit = data.get("toward_corruption", 0), data.get("corruption_at", 4)
    if toward > limit:
        cards = _("Void cards: {n} — a Corruption ({limit} are enough)").format(n=toward, limit=limit)
    elif toward == limit:
        cards = _("Void cards: {n} of {limit} — a Corruption").format(n=toward, limit=limit)
    else:
        cards = _("Void cards: {n} of {limit} toward a Corruption").format(n=toward, limit=limit)
    beside = min(data.get("beside", 0), BESIDE_LIMIT)
    n, k = data.get("void_territories", 0), data.get("k", 0)
    if n >= k:
        lose = (ngettext("The Void controls {n} — you lost ({k} was enough)",
                         "The Void controls {n} — you lost ({k} were enough)", k) if players == 1
                else ngettext("The Void controls {n} — you two lost ({k} was enough)",
                              "The Void controls {n} — you two lost ({k} were enough)", k))
    else:
        lose = (_("The Void controls {n} — you lose at {k}") if players == 1
                else _("The Void controls {n} — you two lose at {k}"))
    return [cards, _("Beside the board: {n} of {limit}").format(n=beside, limit=BESIDE_LIMIT), lose.format(n=n, k=k)]


def draw_counters(surface: pygame.Surface, ui: "Ui", rect: pygame.Rect, state) -> pygame.Rect | None:
    """The Void counters in a dark box at the top of `rect` (the board area); returns the box drawn."""
    data = void_view(state)
    if data is None:
        return None
    lines = counter_lines(data, len(state.config.players))
    size = 14
    line_h = ui.line_height("bold", size)
    width = max(ui.text_width(line, "bold", size) for line in lines) + ui.px(20)
    box = pygame.Rect(rect.x + ui.px(8), rect.y + ui.px(8), width, len(lines) * line_h + ui.px(12))
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((28, 14, 40, 215))
    surface.blit(shade, box)
    pygame.draw.rect(surface, VOID_LIGHT, box, 1)
    y = box.y + ui.px(6)
    toward = data.get("toward_corruption", 0)
    for i, line in enumerate(lines):
        hot = (i == 0 and toward >= data.get("corruption_at", 4) - 1) or (
            i == 2 and data.get("void_territories", 0) >= data.get("k", 1) - 1)
        ui.blit_text(surface, line, (box.x + ui.px(10), y), "bold", size, (255, 190, 120) if hot else VOID_LIGHT)
        y += line_h
    return box
