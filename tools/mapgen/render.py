"""Debug picture of a map: polygons, spaces, roads and badges, drawn with pygame from the Board.

`python -m tools.mapgen.render [ids...] [--out DIR]` writes DIR/<id>.png (default /tmp/iwari-maps).
This is only a geometry check, not the background art.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

COLOURS = {
    "tundra": (196, 92, 70),
    "forest": (70, 140, 70),
    "glaciers": (130, 180, 225),
    "coast": (225, 200, 95),
    "desert": (228, 150, 70),
    "void": (140, 85, 185),
}
SEA = (40, 80, 120)


def render_board(board, out_path: Path, scale: float = 1.0) -> None:
    import pygame

    pygame.init()
    w, h = board.size
    surf = pygame.Surface((int(w * scale), int(h * scale)))
    surf.fill(SEA)
    font = pygame.font.Font(None, int(20 * scale) + 2)
    small = pygame.font.Font(None, int(16 * scale) + 2)

    def s(p):
        return (int(p[0] * scale), int(p[1] * scale))

    for t in board.territories:
        pts = [s(p) for p in t.polygon]
        pygame.draw.polygon(surf, COLOURS[t.biome.key], pts)
    for t in board.territories:
        pts = [s(p) for p in t.polygon]
        pygame.draw.polygon(surf, (30, 30, 30), pts, 2)
        for p in pts:
            pygame.draw.circle(surf, (20, 20, 20), p, 2)
    for road in board.roads:
        a = board.spaces[road.a].position
        b = board.spaces[road.b].position
        pts = [s(a)] + [s(p) for p in road.waypoints] + [s(b)]
        colour = (250, 250, 250) if road.along_connection else (90, 60, 30)
        pygame.draw.lines(surf, colour, False, pts, 4 if road.along_connection else 3)
    for sp in board.spaces:
        deg = len(board.road_neighbours[sp.index])
        if sp.is_ruin_space:
            pygame.draw.circle(surf, (120, 40, 160), s(sp.position), int(13 * scale))
            lab = small.render(sp.ruin_biome.key[:2], True, (255, 255, 255))
            surf.blit(lab, lab.get_rect(center=s(sp.position)))
            continue
        fill = (245, 240, 225)
        if sp.purple_road:
            fill = (190, 120, 230)
        pygame.draw.circle(surf, fill, s(sp.position), int(11 * scale))
        ring = (20, 20, 20) if deg < 3 else (200, 0, 0)
        if deg == 0:
            ring = (0, 120, 255)
        pygame.draw.circle(surf, ring, s(sp.position), int(11 * scale), 2 if deg != 1 else 4)
    for t in board.territories:
        if t.totem_space:
            pygame.draw.circle(surf, (250, 250, 250), s(t.totem_space), int(17 * scale))
            pygame.draw.circle(surf, (40, 40, 40), s(t.totem_space), int(17 * scale), 3)
            lab = small.render(t.name[:14], True, (0, 0, 0))
            surf.blit(lab, lab.get_rect(center=(s(t.totem_space)[0], s(t.totem_space)[1] + int(28 * scale))))
        else:
            cx = sum(p[0] for p in t.polygon) / len(t.polygon)
            cy = sum(p[1] for p in t.polygon) / len(t.polygon)
            lab = small.render(t.name[:14] + " (no totem)", True, (0, 0, 0))
            surf.blit(lab, lab.get_rect(center=s((cx, cy))))
    for c in board.connections:
        colour = (255, 255, 255) if c.kind.value == "land" else (150, 220, 255)
        pygame.draw.circle(surf, colour, s(c.position), int(13 * scale))
        pygame.draw.circle(surf, (0, 0, 0), s(c.position), int(13 * scale), 2)
        lab = font.render(str(c.number), True, (0, 0, 0))
        surf.blit(lab, lab.get_rect(center=s(c.position)))
        if c.peak_group:
            px, py = s(c.position)
            tri = [(px + int(14 * scale), py - int(22 * scale)), (px + int(26 * scale), py - int(4 * scale)),
                   (px + int(2 * scale), py - int(4 * scale))]
            pygame.draw.polygon(surf, (110, 110, 110), tri)
            lab = small.render(str(c.peak_group), True, (255, 255, 255))
            surf.blit(lab, lab.get_rect(center=(px + int(14 * scale), py - int(9 * scale))))
    for spot in board.contested_spots:
        px, py = s(spot.position)
        pygame.draw.rect(surf, (255, 0, 200), (px - 9, py - 9, 18, 18))
        pygame.draw.rect(surf, (0, 0, 0), (px - 9, py - 9, 18, 18), 2)
    title = font.render(f"{board.map_id}: {board.name}", True, (255, 255, 255))
    surf.blit(title, (10, 10))
    out_path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(out_path))


def main(argv: list[str] | None = None) -> int:
    from iwari_desktop.engine.maps.tmx_loader import load_board

    from .maps import MAPS_DIR, RECIPE_IDS

    parser = argparse.ArgumentParser(prog="python -m tools.mapgen.render")
    parser.add_argument("ids", nargs="*")
    parser.add_argument("--out", default="/tmp/iwari-maps")
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args(argv)
    for map_id in args.ids or RECIPE_IDS:
        board = load_board(MAPS_DIR / f"{map_id}.tmx")
        out = Path(args.out) / f"{map_id}.png"
        render_board(board, out, args.scale)
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
