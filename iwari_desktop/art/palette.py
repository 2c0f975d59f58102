"""Colours and the colour-blind emblems shared by the map art, the sprites and the game scenes.

Kept free of pygame so that anything may read it. Colours are plain RGB tuples.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# Per biome: base, light, dark, accent. Muted, illustrated tones; saturated enough to tell apart
# at a glance, never neon. Keys are `Biome.key`.
BIOME_COLOURS: dict[str, dict[str, RGB]] = {
    "tundra": {"base": (170, 74, 58), "light": (199, 108, 82), "dark": (118, 46, 38), "accent": (226, 208, 158)},
    "forest": {"base": (72, 128, 64), "light": (120, 172, 90), "dark": (36, 78, 42), "accent": (164, 200, 112)},
    "glaciers": {"base": (170, 206, 232), "light": (228, 242, 251), "dark": (96, 146, 190), "accent": (255, 255, 255)},
    "coast": {"base": (232, 202, 116), "light": (246, 226, 164), "dark": (196, 160, 80), "accent": (250, 238, 222)},
    "desert": {"base": (220, 132, 58), "light": (242, 168, 90), "dark": (170, 90, 38), "accent": (96, 132, 70)},
    "void": {"base": (62, 38, 92), "light": (110, 74, 156), "dark": (32, 18, 52), "accent": (236, 218, 255)},
}

BIOME_KEYS: tuple[str, ...] = ("tundra", "forest", "glaciers", "coast", "desert", "void")

SEA_DEEP: RGB = (34, 84, 120)
SEA_MID: RGB = (48, 108, 142)
SEA_SHALLOW: RGB = (104, 170, 178)
SEA_FOAM: RGB = (214, 236, 232)

INK: RGB = (44, 30, 22)  # the dark brown of outlines and writing
PAPER: RGB = (246, 238, 218)  # the cream of rings, badges and labels
ROAD_EARTH: RGB = (132, 88, 52)
ROAD_EDGE: RGB = (238, 220, 180)
ROAD_PURPLE: RGB = (132, 74, 178)
ROAD_PURPLE_EDGE: RGB = (226, 204, 246)
WOOD: RGB = (150, 100, 58)
WOOD_DARK: RGB = (92, 58, 32)
WATER_BADGE: RGB = (58, 124, 178)
WATER_BADGE_DARK: RGB = (26, 70, 112)
RUIN: RGB = (128, 80, 170)
RUIN_DARK: RGB = (64, 34, 96)
GOLD: RGB = (226, 178, 60)
GOLD_DARK: RGB = (150, 104, 28)

# Tribe colours (B1). Each tribe also wears an emblem so that colour is never the only cue.
TRIBE_COLOURS: dict[str, RGB] = {
    "red": (200, 48, 44),
    "green": (52, 142, 66),
    "blue": (44, 102, 196),
    "yellow": (242, 202, 52),
    "orange": (236, 126, 30),
    "purple": (128, 70, 176),
}
TRIBE_KEYS: tuple[str, ...] = ("red", "green", "blue", "yellow", "orange", "purple")

# Colour-blind emblems (docs/art.md has the table): the pattern printed on a tribe's tents and the
# emblem on its totems.
TRIBE_PATTERNS: dict[str, str] = {
    "red": "plain",
    "green": "stripes",
    "blue": "dots",
    "yellow": "chevron",
    "orange": "cross",
    "purple": "star",
}


def shade(colour: RGB, factor: float) -> RGB:
    """Darker for factor < 1, lighter (towards white) for factor > 1."""
    if factor <= 1.0:
        return tuple(max(0, min(255, round(c * factor))) for c in colour)  # type: ignore[return-value]
    t = min(1.0, factor - 1.0)
    return tuple(max(0, min(255, round(c + (255 - c) * t))) for c in colour)  # type: ignore[return-value]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def readable_ink(background: RGB) -> RGB:
    """Dark ink on light colours, cream on dark ones."""
    r, g, b = background
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else PAPER
