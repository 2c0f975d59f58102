"""Small diagrams for the rules page, drawn with the game's own pieces so they look like the board.

`rules.md` asks for one with a Markdown image line, `![caption](diagram:NAME)`; the page renderer
calls `draw_diagram` with the name. Each diagram is drawn into a strip of the page's width.
"""

from __future__ import annotations

import pygame

from ...art.palette import BIOME_COLOURS
from ...i18n import _, ngettext
from .terms import biome_name, colour_name
from .pieces import PieceArt
from .look import INK, INK_SOFT, Ui, tribe_rgb

HEIGHT = 150  # design pixels


def _territory(surface: pygame.Surface, rect: pygame.Rect, biome: str, ui: Ui, label: str) -> None:
    colours = BIOME_COLOURS[biome]
    pygame.draw.rect(surface, colours["base"], rect, border_radius=ui.px(18))
    pygame.draw.rect(surface, colours["dark"], rect, max(2, ui.px(3)), border_radius=ui.px(18))
    ui.blit_text(surface, label, (rect.centerx, rect.y + ui.px(6)), "bold", 13, INK, "midtop")


def _tent_ranks(surface: pygame.Surface, area: pygame.Rect, ui: Ui, art: PieceArt) -> None:
    terr = pygame.Rect(area.x, area.y, area.w // 2 - ui.px(10), area.h)
    _territory(surface, terr, "glaciers", ui, _("{biome} · {tents}").format(
        biome=biome_name("glaciers").upper(), tents=ngettext("{n} tent", "{n} tents", 9).format(n=9)))
    rows = [("yellow", 4, _("1st: {points}").format(points=9)), ("red", 2, _("2nd: {points}").format(points=4)),
            ("green", 2, _("2nd: {points}").format(points=4)), ("blue", 1, _("3rd: {points}").format(points=2))]
    size = ui.px(22)
    y = terr.y + ui.px(28)
    for colour, count, points in rows:
        for k in range(count):
            surface.blit(art.tent(colour, size), (terr.x + ui.px(16) + k * (size + ui.px(4)), y))
        ui.blit_text(surface, points, (area.x + area.w // 2 + ui.px(10), y + ui.px(2)), "bold", 14, tribe_ink(colour))
        y += size + ui.px(6)


def _totem_connection(surface: pygame.Surface, area: pygame.Rect, ui: Ui, art: PieceArt) -> None:
    w = area.w // 2 - ui.px(40)
    left = pygame.Rect(area.x, area.y, w, area.h - ui.px(24))
    right = pygame.Rect(area.right - w, area.y, w, area.h - ui.px(24))
    for box, biome, n in ((left, "forest", 5), (right, "coast", 2)):
        _territory(surface, box, biome, ui, _("{biome} · {totems}").format(
            biome=biome_name(biome).upper(), totems=ngettext("{n} totem", "{n} totems", n).format(n=n)))
    badge = (area.centerx, left.centery)
    pygame.draw.line(surface, INK, (left.right, badge[1]), (right.x, badge[1]), max(2, ui.px(3)))
    pygame.draw.circle(surface, (243, 230, 200), badge, ui.px(16))
    pygame.draw.circle(surface, INK, badge, ui.px(16), max(1, ui.px(2)))
    ui.blit_text(surface, "6", badge, "bold", 15, INK, "center")
    h = ui.px(34)
    for box, stacks in ((left, ("red", "red", "orange", "orange", "blue")), (right, ("red", "blue"))):
        x = box.x + ui.px(16)
        for colour in stacks:
            surface.blit(art.totem(colour, h), (x, box.y + ui.px(36)))
            x += ui.px(26)
    ui.blit_text(surface, _("{colour}: {sum}").format(colour=colour_name("red"), sum="5 + 2 = 7"), (area.centerx, area.bottom - ui.px(4)), "bold", 14, tribe_ink("red"),
                 "midbottom")


def _settlement(surface: pygame.Surface, area: pygame.Rect, ui: Ui, art: PieceArt) -> None:
    land = pygame.Rect(area.x, area.y, area.w, area.h - ui.px(24))
    _territory(surface, land, "coast", ui, "")
    step = (area.w - ui.px(80)) // 7
    y = land.centery + ui.px(4)
    spots = [(area.x + ui.px(40) + i * step, y + (ui.px(22) if i % 2 else -ui.px(10))) for i in range(8)]
    pygame.draw.lines(surface, (132, 88, 52), False, spots, max(2, ui.px(4)))
    owners = ["red", "red", "red", "red", "red", None, "blue", "blue"]
    size = ui.px(26)
    for (x, sy), owner in zip(spots, owners):
        pygame.draw.circle(surface, (243, 230, 200), (x, sy), ui.px(11))
        pygame.draw.circle(surface, INK, (x, sy), ui.px(11), max(1, ui.px(2)))
        if owner:
            surface.blit(art.tent(owner, size), art.tent(owner, size).get_rect(center=(x, sy - ui.px(3))))
    ui.blit_text(surface, _("{colour}: a settlement of {n} tents = {n} points").format(colour=colour_name("red"), n=5), (area.x + ui.px(4), area.bottom), "bold", 14,
                 tribe_ink("red"), "bottomleft")
    ui.blit_text(surface, _("{colour}: {n} tents, no settlement").format(colour=colour_name("blue"), n=2), (area.right - ui.px(4), area.bottom), "bold", 14,
                 tribe_ink("blue"), "bottomright")


def _paying(surface: pygame.Surface, area: pygame.Rect, ui: Ui, art: PieceArt) -> None:
    cw, ch = ui.px(70), ui.px(100)
    x = area.x
    groups = [(["desert"], _("pays for 1 piece")), (["forest", "forest"], _("a pair pays for 1 piece"))]
    for cards, text in groups:
        for k, card in enumerate(cards):
            surface.blit(art.card(card, (cw, ch)), (x + k * (cw + ui.px(8)), area.y))
        width = len(cards) * (cw + ui.px(8))
        ui.blit_text(surface, text, (x, area.y + ch + ui.px(8)), "body", 14, INK_SOFT)
        x += max(width, ui.font("body", 14).size(text)[0]) + ui.px(30)
    target = pygame.Rect(x, area.y, max(ui.px(150), area.right - x), ch)
    _territory(surface, target, "desert", ui, _("{biome} territory").format(biome=biome_name("desert").upper()))

    size = ui.px(30)
    surface.blit(art.tent("orange", size), (target.x + ui.px(20), target.y + ui.px(40)))
    surface.blit(art.totem("orange", ui.px(40)), (target.x + ui.px(64), target.y + ui.px(34)))


DIAGRAMS = {"tent-ranks": _tent_ranks, "totem-connection": _totem_connection, "settlement": _settlement,
            "paying": _paying}


def tribe_ink(colour: str) -> tuple[int, int, int]:
    from .look import on_parchment

    return on_parchment(tribe_rgb(colour))


def diagram_height(ui: Ui) -> int:
    return ui.px(HEIGHT)


def draw_diagram(surface: pygame.Surface, name: str, area: pygame.Rect, ui: Ui, art: PieceArt) -> bool:
    """Draw diagram `name` into `area`; False (nothing drawn) for a name this version does not know."""
    draw = DIAGRAMS.get(name)
    if draw is None:
        return False
    draw(surface, area, ui, art)
    return True
