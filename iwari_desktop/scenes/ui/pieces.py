"""The one place the scenes get piece and card pictures from: sprites if the art package has them, else shapes.

Scenes ask for `tent`, `totem`, `mountain`, `feat` and `card` images at a pixel size and get a
cached `pygame.Surface`. When `iwari_desktop.art.sprites.SpriteBook` exists and knows a picture,
it is used; otherwise a drawn stand-in is made here (supersampled for smooth edges), so swapping
in final art never touches a scene.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from ...art.palette import BIOME_COLOURS, GOLD, GOLD_DARK, INK, PAPER, TRIBE_COLOURS, TRIBE_PATTERNS, shade
from ...art.surface_cache import FileArt

SS = 3  # supersampling factor for the drawn stand-ins

FEAT_LETTERS = {"union": "U", "discovery": "D", "honour": "H", "respect": "R", "courage": "C", "worship": "W"}
FEAT_COLOURS = {"union": (176, 96, 52), "discovery": (62, 120, 150), "honour": (150, 52, 48),
                "respect": (48, 98, 158), "courage": (112, 70, 150), "worship": (180, 140, 40)}


def _sprite_book(files: FileArt | None) -> Any:
    try:
        from ...art.sprites import SpriteBook  # type: ignore[import-not-found]
    except Exception:  # the art package may not ship sprites yet
        return None
    try:
        return SpriteBook(files=files)
    except Exception:
        return None


def _rimmed(image: pygame.Surface, colour: tuple[int, int, int]) -> pygame.Surface:
    """`image` with a one-pixel rim of `colour` around its opaque shape (a piece on a ground of its own colour)."""
    mask = pygame.mask.from_surface(image, 96)
    rim = mask.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface((image.get_width() + 2, image.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        out.blit(rim, (dx, dy))
    out.blit(image, (1, 1))
    return out


class PieceArt:
    def __init__(self, files: FileArt | None = None) -> None:
        """`files`: where the sprites' PNGs are decoded (art/surface_cache.FileArt; the app's own)."""
        self._cache: dict[tuple, pygame.Surface] = {}
        self._book = _sprite_book(files)
        self._font_cache: dict[int, pygame.font.Font] = {}

    # ---- sprites -----------------------------------------------------------------------------
    def _book_image(self, call) -> pygame.Surface | None:
        """Ask the sprite book; any failure (no book, missing file) means "draw it here instead"."""
        if self._book is None:
            return None
        try:
            image = call(self._book)
        except Exception:
            return None
        return image if isinstance(image, pygame.Surface) else None

    def _cached(self, key: tuple, from_book, make) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is None:
            surf = self._book_image(from_book) or make()
            self._cache[key] = surf
        return surf

    def tent(self, colour: str, size: int) -> pygame.Surface:
        return self._cached(("tent", colour, size), lambda b: b.tent(colour, size), lambda: self._draw_tent(colour, size))

    def totem(self, colour: str, size: int) -> pygame.Surface:
        """A totem `size` pixels tall."""
        return self._cached(("totem", colour, size), lambda b: b.totem(colour, size),
                            lambda: self._draw_totem(colour, size))

    def mountain(self, size: int) -> pygame.Surface:
        return self._cached(("mountain", "", size), lambda b: b.mountain(size), lambda: self._draw_mountain(size))

    def feat(self, kind: str, size: int) -> pygame.Surface:
        return self._cached(("feat", kind, size), lambda b: b.feat(kind, size), lambda: self._draw_feat(kind, size))

    def card(self, biome: str, size: tuple[int, int]) -> pygame.Surface:
        return self._cached(("card", biome, size), lambda b: b.sized(f"card_{biome}", *size),
                            lambda: self._draw_card(biome, size))

    def card_back(self, size: tuple[int, int]) -> pygame.Surface:
        return self._cached(("card_back", "", size), lambda b: b.sized("card_back", *size), lambda: self._draw_back(size))

    def icon(self, size: int) -> pygame.Surface | None:
        return self._book_image(lambda b: b.icon(size))

    # ---- expansion pieces and tokens (E3-E10) ---------------------------------------------------
    def iceberg(self, size: int) -> pygame.Surface:
        """A mountain on a water slot (E4): same job, drawn as ice."""
        return self._cached(("iceberg", "", size), lambda b: b.iceberg(size),
                            lambda: self._draw_token(size, (214, 232, 246), (90, 130, 170), "^"))

    def void_ruin(self, size: int) -> pygame.Surface:
        """The neutral Void's ruin on a ruin space (E3)."""
        return self._cached(("void_ruin", "", size), lambda b: b.void_ruin(size),
                            lambda: self._draw_token(size, (92, 60, 130), (40, 24, 60), "R"))

    def void_totem(self, size: int) -> pygame.Surface:
        """A neutral Void totem, `size` pixels tall (E5), with a pale rim so it reads on the purple Void ground."""
        key = ("void_totem", "", size)
        surf = self._cache.get(key)
        if surf is None:
            plain = self._book_image(lambda b: b.void_totem(size)) or self._draw_totem("purple", size)
            surf = self._cache[key] = _rimmed(plain, (236, 222, 255))
        return surf

    def contested(self, side: str, size: int) -> pygame.Surface:
        """A contested token (E7): 'front' on its spot, 'back' once moved into a territory."""
        return self._cached(("contested", side, size), lambda b: b.contested(side, size),
                            lambda: self._draw_token(size, (226, 212, 180), (110, 80, 50), "C"))

    def determination(self, size: int) -> pygame.Surface:
        return self._cached(("determination", "", size), lambda b: b.determination(size),
                            lambda: self._draw_token(size, (168, 40, 48), (90, 20, 24), "D"))

    def golden_worship(self, size: int) -> pygame.Surface:
        """Worship's golden token (variant 3) beside a totem space."""
        return self._cached(("golden_worship", "", size), lambda b: b.golden_worship(size),
                            lambda: self._draw_token(size, GOLD, GOLD_DARK, "W"))

    def biome_icon(self, biome: str, size: int) -> pygame.Surface:
        """The round biome icon printed on ruin spaces (E3)."""
        return self._cached(("biome_icon", biome, size), lambda b: b.biome_icon(biome, size),
                            lambda: self._draw_token(size, BIOME_COLOURS.get(biome, BIOME_COLOURS["void"])["base"],
                                                     INK, biome[:1].upper()))

    # ---- drawn stand-ins -----------------------------------------------------------------------
    @staticmethod
    def _finish(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        return pygame.transform.smoothscale(big, size)

    def _draw_tent(self, colour: str, size: int) -> pygame.Surface:
        s = size * SS
        big = pygame.Surface((s, s), pygame.SRCALPHA)
        rgb = TRIBE_COLOURS.get(colour, (128, 128, 128))
        outline = shade(rgb, 0.45)
        pts = [(s * 0.5, s * 0.06), (s * 0.96, s * 0.9), (s * 0.04, s * 0.9)]
        pygame.draw.polygon(big, (0, 0, 0, 90), [(x + s * 0.04, y + s * 0.05) for x, y in pts])
        pygame.draw.polygon(big, rgb, pts)
        pygame.draw.polygon(big, shade(rgb, 1.25), [pts[0], (s * 0.5, s * 0.9), pts[2]])
        self._pattern(big, TRIBE_PATTERNS.get(colour, "plain"), pts, outline, s)
        pygame.draw.polygon(big, (40, 24, 16), [(s * 0.5, s * 0.46), (s * 0.62, s * 0.9), (s * 0.38, s * 0.9)])
        pygame.draw.polygon(big, outline, pts, max(2, s // 14))
        return self._finish(big, (size, size))

    def _pattern(self, big: pygame.Surface, pattern: str, pts: list, ink: tuple, s: int) -> None:
        mark = (*shade(ink, 1.0), 150)
        layer = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        w = max(2, s // 18)
        if pattern == "stripes":
            for k in range(-2, 4):
                x = s * (0.18 + 0.2 * k)
                pygame.draw.line(layer, mark, (x, s), (x + s * 0.5, s * 0.1), w)
        elif pattern == "dots":
            for x, y in ((0.5, 0.55), (0.35, 0.75), (0.65, 0.75), (0.5, 0.33)):
                pygame.draw.circle(layer, mark, (s * x, s * y), s * 0.06)
        elif pattern == "chevron":
            for dy in (0.45, 0.65):
                pygame.draw.lines(layer, mark, False, [(s * 0.2, s * (dy + 0.15)), (s * 0.5, s * dy),
                                                       (s * 0.8, s * (dy + 0.15))], w)
        elif pattern == "cross":
            pygame.draw.line(layer, mark, (s * 0.3, s * 0.45), (s * 0.7, s * 0.85), w)
            pygame.draw.line(layer, mark, (s * 0.7, s * 0.45), (s * 0.3, s * 0.85), w)
        elif pattern == "star":
            from ...art.glyphs import star_points
            pygame.draw.polygon(layer, mark, star_points((s * 0.5, s * 0.6), s * 0.2, s * 0.09))
        mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(layer, (0, 0))

    def _draw_totem(self, colour: str, size: int) -> pygame.Surface:
        w, h = int(size * 0.62) * SS, size * SS
        big = pygame.Surface((w, h), pygame.SRCALPHA)
        rgb = TRIBE_COLOURS.get(colour, (128, 128, 128))
        outline = shade(rgb, 0.45)
        body = pygame.Rect(w * 0.14, h * 0.08, w * 0.72, h * 0.86)
        pygame.draw.rect(big, (0, 0, 0, 90), body.move(w * 0.06, h * 0.04), border_radius=int(w * 0.18))
        pygame.draw.rect(big, rgb, body, border_radius=int(w * 0.18))
        pygame.draw.rect(big, shade(rgb, 1.3), (body.x, body.y, body.w * 0.4, body.h), border_radius=int(w * 0.18))
        for f in (0.36, 0.64):
            pygame.draw.line(big, outline, (body.left, h * f), (body.right, h * f), max(2, SS * 2))
        pygame.draw.circle(big, PAPER, (w * 0.5, h * 0.22), w * 0.12)
        pygame.draw.rect(big, outline, body, max(2, SS * 2), border_radius=int(w * 0.18))
        return self._finish(big, (w // SS, h // SS))

    def _draw_mountain(self, size: int) -> pygame.Surface:
        s = size * SS
        big = pygame.Surface((s, s), pygame.SRCALPHA)
        base = (120, 112, 104)
        pygame.draw.polygon(big, (0, 0, 0, 80), [(s * 0.08, s * 0.95), (s * 0.45, s * 0.2), (s * 0.98, s * 0.95)])
        pygame.draw.polygon(big, shade(base, 0.8), [(s * 0.45, s * 0.9), (s * 0.7, s * 0.4), (s * 0.96, s * 0.9)])
        pygame.draw.polygon(big, base, [(s * 0.04, s * 0.9), (s * 0.4, s * 0.12), (s * 0.76, s * 0.9)])
        pygame.draw.polygon(big, shade(base, 1.25), [(s * 0.04, s * 0.9), (s * 0.4, s * 0.12), (s * 0.4, s * 0.9)])
        pygame.draw.polygon(big, (248, 248, 250), [(s * 0.29, s * 0.36), (s * 0.4, s * 0.12), (s * 0.51, s * 0.36),
                                                   (s * 0.44, s * 0.32), (s * 0.38, s * 0.39)])
        pygame.draw.polygon(big, INK, [(s * 0.04, s * 0.9), (s * 0.4, s * 0.12), (s * 0.76, s * 0.9)], max(2, SS * 2))
        return self._finish(big, (size, size))

    def _draw_feat(self, kind: str, size: int) -> pygame.Surface:
        s = size * SS
        big = pygame.Surface((s, s), pygame.SRCALPHA)
        rgb = FEAT_COLOURS.get(kind, (120, 120, 120))
        c = (s / 2, s / 2)
        pygame.draw.circle(big, (0, 0, 0, 90), (c[0] + s * 0.04, c[1] + s * 0.05), s * 0.46)
        pygame.draw.circle(big, GOLD_DARK, c, s * 0.47)
        pygame.draw.circle(big, GOLD, c, s * 0.41)
        pygame.draw.circle(big, rgb, c, s * 0.33)
        font = pygame.font.Font(None, int(s * 0.62))
        letter = font.render(FEAT_LETTERS.get(kind, "?"), True, PAPER)
        big.blit(letter, letter.get_rect(center=(c[0], c[1] + s * 0.03)))
        return self._finish(big, (size, size))

    def _draw_token(self, size: int, face: tuple, rim: tuple, letter: str) -> pygame.Surface:
        """A round stand-in token with a letter, for a sprite the art package lacks."""
        s = max(4, size) * SS
        big = pygame.Surface((s, s), pygame.SRCALPHA)
        pygame.draw.circle(big, rim, (s / 2, s / 2), s * 0.48)
        pygame.draw.circle(big, face, (s / 2, s / 2), s * 0.4)
        label = pygame.font.Font(None, int(s * 0.6)).render(letter, True, rim)
        big.blit(label, label.get_rect(center=(s / 2, s / 2)))
        return self._finish(big, (max(4, size), max(4, size)))

    def _draw_card(self, biome: str, size: tuple[int, int]) -> pygame.Surface:
        from ...art.glyphs import biome_glyph

        w, h = size[0] * SS, size[1] * SS
        big = pygame.Surface((w, h), pygame.SRCALPHA)
        colours = BIOME_COLOURS.get(biome, BIOME_COLOURS["void"])
        radius = int(w * 0.1)
        pygame.draw.rect(big, PAPER, (0, 0, w, h), border_radius=radius)
        inner = pygame.Rect(w * 0.07, h * 0.05, w * 0.86, h * 0.9)
        pygame.draw.rect(big, colours["base"], inner, border_radius=int(radius * 0.7))
        band = pygame.Rect(inner.x, inner.y + inner.h * 0.72, inner.w, inner.h * 0.28)
        pygame.draw.rect(big, colours["dark"], band, border_bottom_left_radius=int(radius * 0.7),
                         border_bottom_right_radius=int(radius * 0.7))
        glyph_colour = colours["accent"] if biome not in ("glaciers", "coast") else colours["dark"]
        biome_glyph(big, biome, (w / 2, inner.y + inner.h * 0.38), min(w, h) * 0.5, glyph_colour, colours["base"])
        pygame.draw.rect(big, shade(colours["dark"], 0.7), (0, 0, w, h), max(2, SS * 2), border_radius=radius)
        card = self._finish(big, size)
        fsize = max(8, int(size[1] * 0.14))
        font = self._font_cache.get(fsize)
        if font is None:
            from .look import FONT_FILES, fonts_dir
            try:
                font = pygame.font.Font(str(fonts_dir() / FONT_FILES["bold"]), fsize)
            except (OSError, pygame.error):
                font = pygame.font.Font(None, int(fsize * 1.3))
            self._font_cache[fsize] = font
        from .terms import biome_name

        label = font.render(biome_name(biome), True, PAPER if biome != "coast" else INK)
        if label.get_width() > size[0] * 0.84:
            label = pygame.transform.smoothscale(label, (int(size[0] * 0.84), int(label.get_height() * size[0] * 0.84
                                                                                  / label.get_width())))
        card.blit(label, label.get_rect(center=(size[0] / 2, size[1] * (0.05 + 0.9 * 0.86))))
        return card

    def _draw_back(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size[0] * SS, size[1] * SS
        big = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = int(w * 0.1)
        pygame.draw.rect(big, (92, 58, 32), (0, 0, w, h), border_radius=radius)
        inner = pygame.Rect(w * 0.1, h * 0.07, w * 0.8, h * 0.86)
        pygame.draw.rect(big, (128, 82, 46), inner, border_radius=int(radius * 0.6))
        for k in range(6):
            angle = k * math.pi / 3
            cx, cy = w / 2, h / 2
            pygame.draw.line(big, GOLD, (cx, cy), (cx + math.cos(angle) * w * 0.28, cy + math.sin(angle) * w * 0.28),
                             max(2, SS * 2))
        pygame.draw.circle(big, GOLD, (w / 2, h / 2), w * 0.12)
        pygame.draw.rect(big, GOLD_DARK, inner, max(2, SS * 2), border_radius=int(radius * 0.6))
        return self._finish(big, size)
