"""Small drawing helpers on top of pygame.draw: thick smooth strokes, splines, noise, masks, halo text.

Everything draws onto surfaces the caller owns; callers supersample (draw big, smoothscale down)
for anti-aliasing, so these helpers favour solid, gap-free shapes over per-pixel smoothing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence

import pygame

from iwari_desktop.engine.maps.geometry import point_in_polygon

Point = tuple[float, float]
Colour = tuple[int, ...]


# --- geometry ---------------------------------------------------------------------------------

def catmull_rom(points: Sequence[Point], step: float = 6.0) -> list[Point]:
    """A smooth curve through all points (open Catmull-Rom), sampled about every `step` pixels."""
    if len(points) < 3:
        return [tuple(p) for p in points]  # type: ignore[misc]
    pts = [points[0], *points, points[-1]]
    out: list[Point] = [tuple(points[0])]  # type: ignore[list-item]
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        seg = math.dist(p1, p2)
        n = max(2, int(seg / step))
        for j in range(1, n + 1):
            t = j / n
            t2, t3 = t * t, t * t * t
            x = 0.5 * ((2 * p1[0]) + (-p0[0] + p2[0]) * t + (2 * p0[0] - 5 * p1[0] + 4 * p2[0] - p3[0]) * t2
                       + (-p0[0] + 3 * p1[0] - 3 * p2[0] + p3[0]) * t3)
            y = 0.5 * ((2 * p1[1]) + (-p0[1] + p2[1]) * t + (2 * p0[1] - 5 * p1[1] + 4 * p2[1] - p3[1]) * t2
                       + (-p0[1] + 3 * p1[1] - 3 * p2[1] + p3[1]) * t3)
            out.append((x, y))
    return out


def resample(points: Sequence[Point], spacing: float) -> list[tuple[Point, Point]]:
    """Points every `spacing` pixels along a polyline, each with its unit direction."""
    out: list[tuple[Point, Point]] = []
    carry = 0.0
    for i in range(len(points) - 1):
        (x1, y1), (x2, y2) = points[i], points[i + 1]
        seg = math.hypot(x2 - x1, y2 - y1)
        if seg < 1e-6:
            continue
        ux, uy = (x2 - x1) / seg, (y2 - y1) / seg
        d = carry
        while d <= seg:
            out.append(((x1 + ux * d, y1 + uy * d), (ux, uy)))
            d += spacing
        carry = d - seg
    return out


def polygon_centroid(polygon: Sequence[Point]) -> Point:
    area = cx = cy = 0.0
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if abs(area) < 1e-9:
        xs, ys = zip(*polygon)
        return (sum(xs) / n, sum(ys) / n)
    area *= 0.5
    return (cx / (6 * area), cy / (6 * area))


def closest_on_polygon(p: Point, polygon: Sequence[Point]) -> tuple[Point, float]:
    best: Point = polygon[0]
    best_d = math.inf
    n = len(polygon)
    for i in range(n):
        a, b = polygon[i], polygon[(i + 1) % n]
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 < 1e-12 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
        q = (a[0] + t * dx, a[1] + t * dy)
        d = math.dist(p, q)
        if d < best_d:
            best, best_d = q, d
    return best, best_d


def scaled(points: Iterable[Point], k: float, offset: Point = (0.0, 0.0)) -> list[Point]:
    ox, oy = offset
    return [((x - ox) * k, (y - oy) * k) for x, y in points]


# --- strokes ----------------------------------------------------------------------------------

def thick_polyline(surface: pygame.Surface, colour: Colour, points: Sequence[Point], width: float) -> None:
    """A polyline of even thickness with round joins and caps (pygame's own wide lines are uneven)."""
    if not points:
        return
    r = width / 2.0
    if len(points) == 1:
        pygame.draw.circle(surface, colour, points[0], r)
        return
    for i in range(len(points) - 1):
        (x1, y1), (x2, y2) = points[i], points[i + 1]
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy)
        if length < 1e-6:
            continue
        nx, ny = -dy / length * r, dx / length * r
        pygame.draw.polygon(surface, colour, [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)])
    if r >= 1.5:
        for p in points:
            pygame.draw.circle(surface, colour, p, r)


def dotted_polyline(surface: pygame.Surface, colour: Colour, points: Sequence[Point], radius: float, spacing: float) -> None:
    for p, _ in resample(points, spacing):
        pygame.draw.circle(surface, colour, p, radius)


def ring(surface: pygame.Surface, colour: Colour, centre: Point, radius: float, width: float) -> None:
    """A ring of even width (pygame's `width=` circles leave moiré gaps at large radii when supersampled)."""
    if width <= 0:
        return
    temp = pygame.Surface((int(2 * radius + 4), int(2 * radius + 4)), pygame.SRCALPHA)
    c = (radius + 2, radius + 2)
    pygame.draw.circle(temp, colour, c, radius)
    pygame.draw.circle(temp, (0, 0, 0, 0), c, max(0.0, radius - width))
    surface.blit(temp, (centre[0] - radius - 2, centre[1] - radius - 2))


# --- surfaces ---------------------------------------------------------------------------------

def alpha_surface(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface((max(1, int(size[0])), max(1, int(size[1]))), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    return surface


def noise_layer(size: tuple[int, int], cell: float, colour: tuple[int, int, int], max_alpha: int,
                rng: random.Random, min_alpha: int = 0) -> pygame.Surface:
    """Smooth value noise: a constant colour whose alpha wanders between min_alpha and max_alpha.

    One random value per `cell` pixels, interpolated by smoothscaling up in two steps with a light
    blur in between (no blocky bilinear diamonds, and cheap at any size).
    """
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    gw, gh = max(2, int(w / cell) + 2), max(2, int(h / cell) + 2)
    small = pygame.Surface((gw, gh), pygame.SRCALPHA)
    for y in range(gh):
        for x in range(gw):
            small.set_at((x, y), (*colour, rng.randint(min_alpha, max_alpha)))
    m = max(1, min(8, int(cell)))
    mid = pygame.transform.smoothscale(small, (gw * m, gh * m))
    if m >= 3:
        mid = pygame.transform.box_blur(mid, max(1, m // 2))
        mid = pygame.transform.box_blur(mid, max(1, m // 2))
    big = pygame.transform.smoothscale(mid, (int(gw * cell), int(gh * cell)))
    out = alpha_surface((w, h))
    out.blit(big, (-int(cell / 2), -int(cell / 2)))
    return out


def soften(surface: pygame.Surface, radius: int, passes: int = 2) -> pygame.Surface:
    """An approximately Gaussian blur from repeated box blurs (pygame's gaussian_blur is slow at large radii).

    Wide blurs run on a reduced copy and are scaled back up: same look, a fraction of the time.
    """
    radius = max(1, int(radius))
    factor = 1
    while factor < 8 and radius / (factor * 2) >= (1.5 if factor == 1 else 2.5):
        factor *= 2
    if factor > 1:
        w, h = surface.get_size()
        small = pygame.transform.smoothscale(surface, (max(1, w // factor), max(1, h // factor)))
        for _ in range(passes):
            small = pygame.transform.box_blur(small, max(1, round(radius / factor)))
        return pygame.transform.smoothscale(small, (w, h))
    out = surface
    for _ in range(passes):
        out = pygame.transform.box_blur(out, radius)
    return out


def tinted(mask: pygame.Surface, colour: tuple[int, int, int], alpha: int = 255) -> pygame.Surface:
    """The mask's alpha shape in one colour (alpha scaled by `alpha`/255)."""
    out = pygame.Surface(mask.get_size(), pygame.SRCALPHA)
    out.fill((*colour, alpha))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def boost_alpha(surface: pygame.Surface, times: int) -> pygame.Surface:
    """Double the alpha (saturating) `times` times: turns a blurred mask into a harder-edged dilation."""
    for _ in range(times):
        surface.blit(surface.copy(), (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return surface


def invert_alpha_mask(mask: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(mask.get_size(), pygame.SRCALPHA)
    out.fill((255, 255, 255, 255))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    out.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
    # RGB went to 0 under SUB; MAX restores white while keeping alpha.
    return out


def composite_supersampled(dest: pygame.Surface, layer: pygame.Surface, at: Point = (0, 0)) -> None:
    """Blit a big SRCALPHA layer onto `dest` at 1/k size, with premultiplied alpha so edges stay clean."""
    w, h = dest.get_size()
    k_w = layer.get_width() / w
    size = (round(layer.get_width() / k_w), round(layer.get_height() / k_w))
    small = pygame.transform.smoothscale(layer.premul_alpha(), size)
    dest.blit(small, at, special_flags=pygame.BLEND_PREMULTIPLIED)


def text_surface(font: pygame.font.Font, text: str, colour: tuple[int, int, int],
                 halo: tuple[int, int, int] | None = None, halo_width: int = 2, halo_alpha: int = 255) -> pygame.Surface:
    """Text with an optional outline halo, for labels over busy textures."""
    body = font.render(text, True, colour)
    if halo is None:
        return body
    w, h = body.get_width() + 2 * halo_width + 2, body.get_height() + 2 * halo_width + 2
    out = alpha_surface((w, h))
    ghost = font.render(text, True, halo)
    for dy in range(-halo_width, halo_width + 1):
        for dx in range(-halo_width, halo_width + 1):
            if dx * dx + dy * dy <= halo_width * halo_width + 1:
                out.blit(ghost, (halo_width + 1 + dx, halo_width + 1 + dy))
    if halo_alpha < 255:
        out.fill((255, 255, 255, halo_alpha), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(body, (halo_width + 1, halo_width + 1))
    return out


def blit_centred(dest: pygame.Surface, source: pygame.Surface, centre: Point) -> pygame.Rect:
    rect = source.get_rect(center=(round(centre[0]), round(centre[1])))
    dest.blit(source, rect)
    return rect
