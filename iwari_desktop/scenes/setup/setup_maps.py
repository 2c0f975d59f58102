"""The setup screen's map chooser: a grid of map thumbnails, and the chosen map's facts and special rules.

Tiles are drawn by the scene (a thumbnail with the name under it) rather than by pygame-gui, which
cannot put a picture and a wrapped name on one button; clicks and hovering come in as intents.
"""

from __future__ import annotations

import pygame

from iwari_desktop.engine import MapError
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.maps.registry import get_board
from ...art.surface_cache import FileArt
from ..board.map_picture import board_preview
from .setup_words import map_rule_lines
from ...i18n import _
from ..ui.look import GOLD, GOLD_LIGHT, INK, INK_SOFT, TERRACOTTA, Ui

COLUMNS = 4
TILE_W, THUMB_H, NAME_LINES, NAME_SIZE = 85, 60, 3, 12
GAP = 8
REFUSED_INK = (150, 60, 30)


def board_or_none(map_id: str) -> Board | None:
    try:
        return get_board(map_id)
    except MapError:
        return None


def map_facts(board: Board) -> str:
    """Players, mountains and size of a map, in one line."""
    mountains = _("with mountains") if board.uses_mountains else _("no mountains")
    return _("{low}–{high} players · {mountains} · {n} territories").format(
        low=board.min_players, high=board.max_players, mountains=mountains, n=len(board.territories))


def vs_void_facts(board: Board) -> str:
    """The map's size as a game against the Void plays it: no player range, and never mountains (S1)."""
    return _("{n} territories · no mountains against the Void").format(n=len(board.territories))


class MapTiles:
    """The map grid inside the Map panel: where each tile is, what is under the mouse, how it looks."""

    def __init__(self, maps: list[str], files: FileArt | None = None) -> None:
        self.maps = maps
        self.files = files  # the app's (`app.caches.files`): where the thumbnails' art is decoded
        self._thumbs: dict[tuple[str, tuple[int, int]], pygame.Surface | None] = {}

    def tile_rects(self, ui: Ui, left: int, top: int) -> list[pygame.Rect]:
        """One rect per map in design order, `COLUMNS` to a row, each a thumbnail plus two name lines."""
        name_h = ui.line_height("bold", NAME_SIZE)
        h = ui.px(THUMB_H + 4) + NAME_LINES * name_h
        rects = []
        for i in range(len(self.maps)):
            row, col = divmod(i, COLUMNS)
            rects.append(pygame.Rect(ui.px(left + col * (TILE_W + GAP)), ui.px(top) + row * (h + ui.px(GAP)),
                                     ui.px(TILE_W), h))
        return rects

    def bottom(self, ui: Ui, left: int, top: int) -> int:
        rects = self.tile_rects(ui, left, top)
        return max((r.bottom for r in rects), default=ui.px(top))

    def hit(self, ui: Ui, left: int, top: int, pos: tuple[int, int]) -> str | None:
        for map_id, rect in zip(self.maps, self.tile_rects(ui, left, top)):
            if rect.collidepoint(pos):
                return map_id
        return None

    def thumb(self, map_id: str, size: tuple[int, int]) -> pygame.Surface | None:
        """The map's background art scaled to fit `size` (cached; None for a map that does not load)."""
        key = (map_id, size)
        if key not in self._thumbs:
            board = board_or_none(map_id)
            if board is None:
                self._thumbs[key] = None
            else:
                bw, bh = board.size
                k = min(size[0] / bw, size[1] / bh)
                self._thumbs[key] = board_preview(board, (max(1, int(bw * k)), max(1, int(bh * k))), self.files)
        return self._thumbs[key]

    def draw(self, surface: pygame.Surface, ui: Ui, left: int, top: int, selected: str,
             hovered: str | None) -> None:
        for map_id, rect in zip(self.maps, self.tile_rects(ui, left, top)):
            board = board_or_none(map_id)
            thumb_box = pygame.Rect(rect.x, rect.y, rect.w, ui.px(THUMB_H))
            picture = self.thumb(map_id, thumb_box.size)
            if picture is not None:
                at = picture.get_rect(center=thumb_box.center)
                surface.blit(picture, at)
            else:
                pygame.draw.rect(surface, (200, 186, 156), thumb_box)
            chosen = map_id == selected
            frame = GOLD if chosen else (GOLD_LIGHT if map_id == hovered else INK_SOFT)
            pygame.draw.rect(surface, frame, thumb_box.inflate(ui.px(4), ui.px(4)) if chosen else thumb_box,
                             max(1, ui.px(3 if chosen else 1)))
            name = board.name if board is not None else map_id
            y = thumb_box.bottom + ui.px(4)
            line_h = ui.line_height("bold", NAME_SIZE)
            lines = ui.wrap(name, "bold", NAME_SIZE, rect.w)[:NAME_LINES]
            for line in lines:
                line = ui.fit(line, "bold", NAME_SIZE, rect.w)
                ui.blit_text(surface, line, (rect.centerx, y), "bold", NAME_SIZE, TERRACOTTA if chosen else INK,
                             "midtop", box=rect)
                y += line_h


def draw_map_details(surface: pygame.Surface, ui: Ui, box: pygame.Rect, board: Board | None, map_id: str,
                     refusal: str | None, facts: str | None = None, rules: list[str] | None = None) -> None:
    """The chosen map's name, facts (`map_facts` unless given) and special rules (`map_rule_lines` unless
    given; one bullet each), and why it cannot start, if so."""
    if board is None:
        ui.blit_text(surface, ui.fit(_("{map}: this map does not load").format(map=map_id), "bold", 14, box.w),
                     box.topleft,
                     "bold", 14, REFUSED_INK, box=box)
        return
    y = box.y
    ui.blit_text(surface, ui.fit(board.name, "heading", 20, box.w), (box.x, y), "heading", 20, INK, box=box)
    y += ui.line_height("heading", 20)
    facts = map_facts(board) if facts is None else facts
    ui.blit_text(surface, ui.fit(facts, "body", 14, box.w), (box.x, y), "body", 14, INK_SOFT, box=box)
    y += ui.line_height("body", 14) + ui.px(6)
    if rules is None:
        rules = map_rule_lines(board) or [_("No special rules: the base game.")]
    bullet = ui.px(14)
    lines: list[tuple[str, bool]] = []
    for rule in rules:
        for i, line in enumerate(ui.wrap(rule, "body", 13, box.w - bullet)):
            lines.append((line, i == 0))
    notes = ui.wrap(_("Cannot start yet: {reason}").format(reason=refusal), "bold", 13, box.w) if refusal else []

    line_h = ui.line_height("body", 13)
    room = max(0, (box.bottom - y) // line_h - len(notes))
    if len(lines) > room:  # never draw past the panel: the last line that fits ends the list
        lines = lines[:room]
        if lines:
            lines[-1] = (ui.fit(lines[-1][0] + "…", "body", 13, box.w - bullet), lines[-1][1])
    for line, first in lines:
        if first:
            pygame.draw.circle(surface, TERRACOTTA, (box.x + ui.px(5), y + line_h // 2), max(2, ui.px(3)))
        ui.blit_text(surface, line, (box.x + bullet, y), "body", 13, INK, box=box)
        y += line_h
    for line in notes:
        ui.blit_text(surface, line, (box.x, y), "bold", 13, REFUSED_INK, box=box)
        y += line_h
