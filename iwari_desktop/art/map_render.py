"""A map picture for people checking a map: the background plus a readable overlay of its data.

`save_board_render(board, out, overlay=True)` backs `python -m iwari_desktop.engine maps render`.
The overlay shows what the rules read from the map file: every space's index (ruin spaces as
R<i>), road segments with crossings, dead ends and off-road spaces marked, each connection's
number, kind, peak group and the two territories it joins, each territory's index, biome and tent
count, a title strip with the map's counts and a legend strip (`LEGEND`) for the marks. Works headless: no window, only fonts are initialised.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import pygame

from iwari_desktop.engine.core.biomes import ConnectionKind
from iwari_desktop.engine.maps.board import Board
from . import ensure_pygame_headless
from .draw import alpha_surface, composite_supersampled, polygon_centroid, scaled, text_surface, thick_polyline
from .fonts import art_font
from .map_art import TENT_SPACE_RADIUS, MapLayout, render_background_with_layout, road_path
from .palette import INK, PAPER

K = 2  # the overlay is drawn supersampled too

ROAD_LINE = (255, 255, 255, 200)
BRIDGE_LINE = (120, 220, 255, 230)
CROSSING = (255, 214, 64)
DEAD_END = (240, 90, 80)
LINK = (255, 250, 220, 150)

# The strip along the bottom edge: every mark of the overlay that is not self-explaining text.
LEGEND = (
    "white: roads", "blue: roads along connections", "yellow ring: crossing", "red ring: dead end",
    "red cross: off-road space (no road segment)", "p: purple road",
)


def _tag(font: pygame.font.Font, text: str, fg: tuple[int, int, int], bg: tuple[int, int, int, int], pad: int) -> pygame.Surface:
    label = font.render(text, True, fg)
    w, h = label.get_width() + 2 * pad, label.get_height() + pad
    out = alpha_surface((w, h))
    pygame.draw.rect(out, bg, out.get_rect(), border_radius=h // 2)
    out.blit(label, (pad, pad // 2))
    return out


def draw_overlay(board: Board, surface: pygame.Surface, label_rects: dict[int, pygame.Rect] | None = None) -> None:
    """Draw the data overlay onto a board-sized surface."""
    ensure_pygame_headless()
    w, h = board.size
    layer = alpha_surface((w * K, h * K))
    small = art_font("body", 11 * K)
    tiny = art_font("body", 10 * K)
    degree = [len(n) for n in board.road_neighbours]  # every drawn segment, bridges included

    # Territory -> connection links: thin lines from each badge to both territories' centres.
    centres = [polygon_centroid(t.polygon) for t in board.territories]
    for c in board.connections:
        for t in c.territories:
            thick_polyline(layer, LINK, scaled([c.position, centres[t]], K), 1.2 * K)

    # Roads: centre lines; bridges (along a connection) in blue.
    for road in board.roads:
        pts = scaled(road_path(board, road), K)
        colour = BRIDGE_LINE if road.along_connection is not None else ROAD_LINE
        thick_polyline(layer, (20, 20, 20, 140), pts, 3.4 * K)
        thick_polyline(layer, colour, pts, 1.6 * K)

    # Spaces: crossings (3+ segments) get a yellow ring, dead ends (1 segment) a red one,
    # unconnected spaces a red cross; each space shows its index.
    for space in board.spaces:
        x, y = space.position[0] * K, space.position[1] * K
        r = (TENT_SPACE_RADIUS + 3) * K
        if degree[space.index] >= 3:
            pygame.draw.circle(layer, (*CROSSING, 255), (x, y), r, int(2.2 * K))
        elif degree[space.index] == 1:
            pygame.draw.circle(layer, (*DEAD_END, 255), (x, y), r, int(2.2 * K))
        elif degree[space.index] == 0:
            thick_polyline(layer, (*DEAD_END, 255), [(x - r, y - r), (x + r, y + r)], 2.4 * K)
            thick_polyline(layer, (*DEAD_END, 255), [(x - r, y + r), (x + r, y - r)], 2.4 * K)
        text = f"R{space.index}" if space.is_ruin_space else str(space.index)
        if space.purple_road:
            text += "p"
        tag = _tag(small, text, PAPER, (30, 22, 18, 215), int(3 * K))
        layer.blit(tag, (x + 7 * K, y - 20 * K))

    # Connections: "#n land|water [peak g]", and which territories it joins.
    for c in board.connections:
        x, y = c.position[0] * K, c.position[1] * K
        kind = "water" if c.kind is ConnectionKind.WATER else "land"
        text = f"#{c.number} {kind}"
        if c.peak_group:
            text += f" peak {c.peak_group}"
        text += f"  T{c.territories[0]}\u2013T{c.territories[1]}"
        bg = (24, 70, 120, 225) if c.kind is ConnectionKind.WATER else (90, 56, 28, 225)
        tag = _tag(tiny, text, PAPER, bg, int(3 * K))
        layer.blit(tag, (x - tag.get_width() / 2, y + 19 * K))

    # Territories: index, biome, tent spaces, totem space.
    for t in board.territories:
        rect = (label_rects or {}).get(t.index)
        anchor = (rect.centerx, rect.bottom + 2) if rect else centres[t.index]
        totem = "totem" if t.totem_space else "no totem"
        text = f"T{t.index} \u00b7 {t.biome.key} \u00b7 {len(t.tent_spaces)} tents \u00b7 {totem}"
        tag = _tag(tiny, text, INK, (255, 248, 230, 215), int(3 * K))
        layer.blit(tag, (anchor[0] * K - tag.get_width() / 2, anchor[1] * K))
    for spot in board.contested_spots:
        x, y = spot.position[0] * K, spot.position[1] * K
        tag = _tag(tiny, f"C{spot.index} T{spot.territories[0]}|T{spot.territories[1]}", PAPER, (70, 30, 90, 225), int(3 * K))
        layer.blit(tag, (x - tag.get_width() / 2, y - 34 * K))

    composite_supersampled(surface, layer)

    # Title strip.
    crossings = sum(1 for d in degree if d >= 3)
    dead_ends = sum(1 for d in degree if d == 1)
    land = sum(1 for c in board.connections if c.kind is ConnectionKind.LAND)
    parts = [
        f"{board.name} ({board.map_id})",
        f"{board.min_players}\u2013{board.max_players} players",
        f"{len(board.territories)} territories",
        f"{sum(1 for s in board.spaces if not s.is_ruin_space)} tent spaces",
        f"{len(board.ruin_spaces)} ruin spaces" if board.ruin_spaces else "",
        f"{len(board.roads)} roads ({crossings} crossings, {dead_ends} dead ends)",
        f"{len(board.connections)} connections ({land} land, {len(board.connections) - land} water)",
        f"peaks {sum(1 for c in board.connections if c.peak_group)}" if board.uses_mountains else "no mountains",
        f"rules: {', '.join(board.rules)}" if board.rules else "",
    ]
    title = text_surface(art_font("body", 13), "  \u00b7  ".join(p for p in parts if p), PAPER)
    strip = alpha_surface((w, title.get_height() + 8))
    strip.fill((20, 14, 10, 200))
    strip.blit(title, (10, 4))
    surface.blit(strip, (0, 0))
    legend_surface = text_surface(art_font("body", 11), " \u00b7 ".join(LEGEND), PAPER)
    strip = alpha_surface((legend_surface.get_width() + 16, legend_surface.get_height() + 6))
    strip.fill((20, 14, 10, 190))
    strip.blit(legend_surface, (8, 3))
    surface.blit(strip, (0, h - strip.get_height()))


def render_board_picture(board: Board, overlay: bool = True) -> pygame.Surface:
    return _picture_with_layout(board, overlay)[0]


def _picture_with_layout(board: Board, overlay: bool) -> tuple[pygame.Surface, MapLayout]:
    surface, layout = render_background_with_layout(board)
    if overlay:
        draw_overlay(board, surface, layout.labels)
    return surface, layout


def save_board_render(board: Board, out_path: str | Path, overlay: bool = True) -> MapLayout:
    """Write the board's background (and, with overlay, its data drawn on top) as a PNG; return its layout
    (so the render tool records where the names went without painting the map a second time).

    A place that cannot be written (a directory, a read-only or virtual file system, a parent that
    cannot be made) raises OSError, also where pygame itself reports a `pygame.error`. The place is
    tried before the map is painted (painting takes seconds), and the picture is written to a
    temporary file beside it and renamed, so an interrupted render never leaves half a PNG.
    """
    ensure_pygame_headless()
    out = Path(out_path)
    if out.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a directory", str(out))
    out.parent.mkdir(parents=True, exist_ok=True)
    handle, partial_name = tempfile.mkstemp(prefix=f".{out.stem}.", suffix=".png", dir=out.parent)
    os.close(handle)
    partial = Path(partial_name)
    try:
        surface, layout = _picture_with_layout(board, overlay)
        try:
            pygame.image.save(surface, str(partial))
        except pygame.error as error:
            raise OSError(str(error).splitlines()[0] if str(error) else "pygame could not save the picture") from None
        partial.replace(out)
    finally:
        partial.unlink(missing_ok=True)
    return layout


__all__ = ["LEGEND", "save_board_render", "render_board_picture", "draw_overlay"]
