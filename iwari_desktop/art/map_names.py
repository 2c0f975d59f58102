"""The name stage of the map background: each territory's name, placed where nothing else is.

Names come last (before the frame) because they must avoid everything the other stages printed:
spaces, badges, peak slots, contested spots and, if there is room, roads.
"""

from __future__ import annotations

import math

import pygame

from iwari_desktop.engine.maps.board import Point
from .draw import alpha_surface, blit_centred, polygon_centroid, text_surface, thick_polyline
from .map_canvas import MapCanvas
from .map_sizes import (BADGE_RADIUS, CONTESTED_RADIUS, LABEL_FONT_SIZE, MIN_NAME_CAP, ROAD_WIDTH, TENT_SPACE_RADIUS,
                        TOTEM_SPACE_RADIUS)
from .palette import INK, PAPER


class NamePainter(MapCanvas):
    """Finds a free spot for every territory name and prints it there."""

    def obstacle_mask(self, roads: bool) -> pygame.mask.Mask:
        """Everything a name must not cover, at 1x (roads only if asked: a name may cross a road)."""
        surf = pygame.Surface((self.w, self.h))
        surf.fill((0, 0, 0))
        white = (255, 255, 255)
        for s in self.board.spaces:
            pygame.draw.circle(surf, white, s.position, TENT_SPACE_RADIUS + 5)
        for t in self.board.territories:
            if t.totem_space:
                pygame.draw.circle(surf, white, t.totem_space, TOTEM_SPACE_RADIUS + 5)
        if roads:
            for path in self.roads:
                thick_polyline(surf, white, path, ROAD_WIDTH + 8)
        for c in self.board.connections:
            pygame.draw.circle(surf, white, c.position, BADGE_RADIUS + 6)
        for slot in self.layout.peak_slots.values():
            pygame.draw.rect(surf, white, pygame.Rect(slot[0] - 28, slot[1] - 14, 56, 28))
        for spot in self.board.contested_spots:
            pygame.draw.circle(surf, white, spot.position, CONTESTED_RADIUS + 8)
        surf.set_colorkey((0, 0, 0))
        return pygame.mask.from_surface(surf)

    def paint_names(self) -> None:
        k = self.k
        strict, loose = self.obstacle_mask(roads=True), self.obstacle_mask(roads=False)
        for territory in self.board.territories:
            inside = pygame.Surface((self.w, self.h))
            inside.fill((0, 0, 0))
            pygame.draw.polygon(inside, (255, 255, 255), territory.polygon)
            inside.set_colorkey((0, 0, 0))
            outside = pygame.mask.from_surface(inside)
            outside.invert()
            # "spill": a crowded territory's name may reach out over its own coast, never into a neighbour.
            grown = pygame.Surface((self.w, self.h))
            grown.fill((0, 0, 0))
            pygame.draw.polygon(grown, (255, 255, 255), territory.polygon)
            thick_polyline(grown, (255, 255, 255), list(territory.polygon) + [territory.polygon[0]], 56)
            for other in self.board.territories:
                if other.index != territory.index:
                    pygame.draw.polygon(grown, (0, 0, 0), other.polygon)
                    thick_polyline(grown, (0, 0, 0), list(other.polygon) + [other.polygon[0]], 6)
            pygame.draw.polygon(grown, (255, 255, 255), territory.polygon)
            grown.set_colorkey((0, 0, 0))
            outside_grown = pygame.mask.from_surface(grown)
            outside_grown.invert()
            blocked = {}
            for key, base, obstacles in (("strict", outside, strict), ("loose", outside, loose), ("spill", outside_grown, loose)):
                m = base.copy()
                m.draw(obstacles, (0, 0))
                blocked[key] = m
            name = territory.name.upper()
            placed = None
            for mode, size, lines, angle, style in self.label_tries(territory):
                label = self.label_surface(lines, size, territory.biome.key == "void", style)
                if angle:
                    label = pygame.transform.rotozoom(label, -angle, 1.0)
                placed = self.find_label_spot(blocked[mode], territory.polygon, self.label_footprint(label, angle))
                if placed is not None:
                    break
            if placed is None:
                # Nowhere is wholly free: the smallest legible label, where it covers the least.
                size = self.min_label_size()
                label = self.label_surface([name], size, territory.biome.key == "void", "condensed")
                placed = self.least_covered_spot(blocked["spill"], territory.polygon, self.label_footprint(label, 0.0)[-1])
                self.layout.crowded_names.append(territory.index)
            lw, lh = label.get_width() / k, label.get_height() / k
            rect = pygame.Rect(0, 0, int(lw), int(lh))
            rect.center = (round(placed[0]), round(placed[1]))
            self.layout.labels[territory.index] = rect
            self.layout.name_caps[territory.index] = self.cap_height(size)
            blit_centred(self.canvas, label, self.K(placed))

    def cap_height(self, size: int) -> float:
        """Height of a capital letter of the name font at `size`, in board pixels (what legibility is judged by)."""
        return self.font(size).metrics("H")[0][3] / self.k

    def min_label_size(self) -> int:
        """The smallest name size whose capitals are at least `MIN_NAME_CAP` board pixels tall."""
        size = LABEL_FONT_SIZE
        while size > 6 and self.cap_height(size - 1) >= MIN_NAME_CAP:
            size -= 1
        return size

    def label_tries(self, territory) -> list[tuple[str, int, list[str], float, str]]:
        """Every way to print a name, best first: (obstacle mode, size, lines, angle, style).

        Never smaller than `min_label_size`: a name the players cannot read at 1280×720 is no name.
        Sizes step down before the rules loosen (crossing a road, spilling over the coast), and only
        then do the letters close up (no letter-spacing, then condensed).
        """
        name = territory.name.upper()
        words = name.split()
        two = [" ".join(words[: (len(words) + 1) // 2]), " ".join(words[(len(words) + 1) // 2:])] if len(words) > 1 else None
        axis = _principal_angle(territory.polygon)
        # Steep names read bottom-to-top, as on printed maps.
        angles = [a for a in dict.fromkeys((axis if abs(axis) <= 60 else -90.0, -90.0)) if abs(a) > 12]
        sizes = list(range(LABEL_FONT_SIZE, self.min_label_size() - 1, -1))
        shapes = [([name], 0.0)] + ([(two, 0.0)] if two else []) + [([name], a) for a in angles]
        if two:
            shapes += [(two, a) for a in angles]
        tries = []
        for style in ("spaced", "plain", "condensed"):
            for mode in ("strict", "loose", "spill"):
                for size in sizes:
                    tries += [(mode, size, lines, angle, style) for lines, angle in shapes]
        return tries

    def least_covered_spot(self, blocked: pygame.mask.Mask, polygon: tuple[Point, ...], box: pygame.mask.Mask) -> Point:
        """The spot near the territory where the box covers the fewest blocked pixels (the last resort)."""
        xs, ys = zip(*polygon)
        w, h = box.get_size()
        cx, cy = polygon_centroid(polygon)
        best, best_key = (cx, cy), (math.inf, math.inf)
        for y in range(max(0, int(min(ys))), max(1, min(self.h, int(max(ys))) - h + 1), 4):
            for x in range(max(0, int(min(xs))), max(1, min(self.w, int(max(xs))) - w + 1), 4):
                centre = (x + w / 2, y + h / 2)
                key = (blocked.overlap_area(box, (x, y)), math.dist(centre, (cx, cy)))
                if key < best_key:
                    best, best_key = centre, key
        return best

    def label_footprint(self, label: pygame.Surface, angle: float) -> list[pygame.mask.Mask]:
        """Masks of the label's box at 1x with shrinking margins (rotated like the label)."""
        k = self.k
        out = []
        w, h = label.get_width() / k, label.get_height() / k
        if angle:
            # The unrotated box: recover it from the rotated bounds.
            a = math.radians(abs(angle))
            c, s_ = abs(math.cos(a)), abs(math.sin(a))
            det = c * c - s_ * s_
            if abs(det) > 0.2:
                bw, bh = (w * c - h * s_) / det, (h * c - w * s_) / det
            else:
                bw, bh = max(w, h), min(w, h) * 0.5
        else:
            bw, bh = w, h
        for margin in (8, 4, 1):
            box = pygame.Surface((max(1, int(bw + 2 * margin)), max(1, int(bh + 2 * margin))), pygame.SRCALPHA)
            box.fill((255, 255, 255, 255))
            if angle:
                box = pygame.transform.rotate(box, -angle)
            out.append(pygame.mask.from_surface(box, 127))
        return out

    def label_surface(self, lines: list[str], font_size: int, dark_ground: bool = False, style: str = "spaced") -> pygame.Surface:
        """The name's lines, each cut to its ink (capitals leave no room for descenders), centred and stacked.

        `style`: "spaced" (thin spaces between letters, like engraved map names), "plain", or
        "condensed" (plain, squeezed to 82 % of its width: same capital height, narrower letters).
        """
        k = self.k
        font = self.font(font_size)
        ink, halo = ((240, 230, 255), (28, 14, 44)) if dark_ground else (INK, PAPER)
        rendered = []
        for line in lines:
            text = "\u2009".join(line) if style == "spaced" else line
            surface = text_surface(font, text, ink, halo, halo_width=int(2.2 * k), halo_alpha=215)
            rendered.append(surface.subsurface(surface.get_bounding_rect(min_alpha=1)))
        gap = int(3 * k)
        w = max(r.get_width() for r in rendered)
        h = sum(r.get_height() for r in rendered) + gap * (len(rendered) - 1)
        out = alpha_surface((w, h))
        y = 0
        for r in rendered:
            out.blit(r, ((w - r.get_width()) // 2, y))
            y += r.get_height() + gap
        if style == "condensed":
            out = pygame.transform.smoothscale(out, (max(1, round(w * 0.82)), h))
        return out

    def find_label_spot(self, blocked: pygame.mask.Mask, polygon: tuple[Point, ...],
                        footprints: list[pygame.mask.Mask]) -> Point | None:
        """The free spot nearest the territory's centre where the footprint fits (widest margin first)."""
        cx, cy = polygon_centroid(polygon)
        xs, ys = zip(*polygon)
        for box in footprints:
            w, h = box.get_size()
            best, best_d = None, math.inf
            pad = 30  # the "spill" mode may reach past the polygon's bounds
            for y in range(max(0, int(min(ys)) - pad), min(self.h, int(max(ys)) + pad) - h + 1, 4):
                for x in range(max(0, int(min(xs)) - pad), min(self.w, int(max(xs)) + pad) - w + 1, 4):
                    if blocked.overlap(box, (x, y)) is None:
                        centre = (x + w / 2, y + h / 2)
                        d = math.dist(centre, (cx, cy))
                        if d < best_d:
                            best, best_d = centre, d
            if best is not None:
                return best
        return None


def _principal_angle(polygon: tuple[Point, ...]) -> float:
    """The direction (degrees, -90..90, y down) along which a territory is longest."""
    n = len(polygon)
    mx = sum(p[0] for p in polygon) / n
    my = sum(p[1] for p in polygon) / n
    sxx = sum((p[0] - mx) ** 2 for p in polygon)
    syy = sum((p[1] - my) ** 2 for p in polygon)
    sxy = sum((p[0] - mx) * (p[1] - my) for p in polygon)
    angle = math.degrees(0.5 * math.atan2(2 * sxy, sxx - syy))
    if angle > 90:
        angle -= 180
    if angle < -90:
        angle += 180
    return angle
