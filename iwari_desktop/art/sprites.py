"""SpriteBook: the game's pieces, tokens, cards and icons, loaded from assets/sprites and cached per size.

The PNGs are made by `tools/make_sprites.py` (docs/art.md). Names are listed here once
(`sprite_names()`); the generator draws exactly these and the tests check that each exists.
Loading never needs a display: `convert_alpha()` is applied only once a display surface exists
(copies scaled before that stay plain SRCALPHA surfaces, which blit correctly anyway).

Sizes: `tent(colour, size)` and the round tokens are square; `totem`, `void_totem` and
`void_pawn` are taller than wide and are sized by height; `card(biome, height)` keeps the 5:7
card shape.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ..resources import sprites_dir
from .palette import BIOME_KEYS, TRIBE_KEYS
from .surface_cache import FileArt

FEAT_KEYS: tuple[str, ...] = ("union", "discovery", "honour", "respect", "courage", "worship")
CONTESTED_SIDES: tuple[str, ...] = ("front", "back")
ICON_SIZES: tuple[int, ...] = (256, 128, 64, 48, 32, 16)
SPRITE_FILE = "sprite"   # the first part of a decoded PNG's key in `FileArt` (then its path, change time, size)

# Stored pixel sizes (width, height) of each kind; scaled copies are made from these.
STORED_SIZES: dict[str, tuple[int, int]] = {
    "tent": (128, 128),
    "totem": (96, 160),
    "emblem": (64, 64),
    "feat": (128, 128),
    "mountain": (160, 128),
    "iceberg": (160, 128),
    "void_ruin": (128, 128),
    "void_totem": (96, 160),
    "contested": (128, 128),
    "determination": (128, 128),
    "golden_worship": (128, 128),
    "card": (240, 336),
    "card_back": (240, 336),
    "biome": (128, 128),
    "void_pawn": (112, 160),
}

CARD_ASPECT = 240 / 336


def sprite_names() -> list[str]:
    """Every sprite file name (without .png) that the game may ask for."""
    names: list[str] = []
    names += [f"tent_{c}" for c in TRIBE_KEYS]
    names += [f"totem_{c}" for c in TRIBE_KEYS]
    names += [f"emblem_{c}" for c in TRIBE_KEYS]
    names += [f"feat_{f}" for f in FEAT_KEYS]
    names += ["mountain", "iceberg", "void_ruin", "void_totem"]
    names += [f"contested_{s}" for s in CONTESTED_SIDES]
    names += ["determination", "golden_worship", "void_pawn"]
    names += [f"card_{b}" for b in BIOME_KEYS]
    names += ["card_back"]
    names += [f"biome_{b}" for b in BIOME_KEYS]
    names += ["icon"] + [f"icon_{s}" for s in ICON_SIZES if s != 256]
    return names


class SpriteBook:
    """Loads sprites lazily and keeps scaled copies; one instance per game is plenty.

    `files` is where the PNGs are decoded (art/surface_cache.FileArt): the game decodes each once per book;
    a process that builds many Apps over the same files hands every book one store that keeps them."""

    def __init__(self, directory: str | Path | None = None, files: FileArt | None = None) -> None:
        self.directory = Path(directory) if directory is not None else sprites_dir()
        self.files = files if files is not None else FileArt()
        self._originals: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}
        self._converted = False

    # -- loading ---------------------------------------------------------------------------

    def path(self, name: str) -> Path:
        return self.directory / f"{name}.png"

    def image(self, name: str) -> pygame.Surface:
        """The sprite at its stored size."""
        self._maybe_convert()
        surface = self._originals.get(name)
        if surface is None:
            path = self.path(name)
            if not path.is_file():
                raise FileNotFoundError(f"sprite {name!r} missing: {path} (run tools/make_sprites.py)")
            info = path.stat()
            decoded = self.files.get((SPRITE_FILE, str(path), info.st_mtime_ns, info.st_size),
                                     lambda: pygame.image.load(str(path)))
            if decoded is None:
                raise FileNotFoundError(f"sprite {name!r} could not be decoded: {path}")
            surface = self._prepare(decoded)
            self._originals[name] = surface
        return surface

    def _prepare(self, surface: pygame.Surface) -> pygame.Surface:
        """The book's own copy of a decoded sprite: the decoded one may be shared by other books."""
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            return surface.convert_alpha()
        if not surface.get_flags() & pygame.SRCALPHA:
            out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            out.blit(surface, (0, 0))
            return out
        return surface.copy()

    def _maybe_convert(self) -> None:
        """Once a window exists, convert what was loaded before it (faster blits)."""
        if self._converted or not (pygame.display.get_init() and pygame.display.get_surface() is not None):
            return
        self._converted = True
        self._originals = {k: v.convert_alpha() for k, v in self._originals.items()}
        self._scaled = {k: v.convert_alpha() for k, v in self._scaled.items()}

    def sized(self, name: str, width: int, height: int) -> pygame.Surface:
        """The sprite scaled to exactly width x height (cached)."""
        width, height = max(1, int(width)), max(1, int(height))
        key = (name, width, height)
        surface = self._scaled.get(key)
        if surface is None:
            original = self.image(name)
            if original.get_size() == (width, height):
                surface = original
            else:
                surface = pygame.transform.smoothscale(original, (width, height))
            self._scaled[key] = surface
        return surface

    def by_height(self, name: str, height: int) -> pygame.Surface:
        w, h = self.image(name).get_size()
        return self.sized(name, round(height * w / h), height)

    def preload(self) -> None:
        for name in sprite_names():
            self.image(name)

    # -- pieces and tokens ----------------------------------------------------------------

    def tent(self, colour: str, size: int) -> pygame.Surface:
        return self.sized(f"tent_{_key(colour)}", size, size)

    def totem(self, colour: str, height: int) -> pygame.Surface:
        return self.by_height(f"totem_{_key(colour)}", height)

    def emblem(self, colour: str, size: int) -> pygame.Surface:
        """The tribe's colour disc with its colour-blind emblem (for player lists and scores)."""
        return self.sized(f"emblem_{_key(colour)}", size, size)

    def feat(self, key: str, size: int) -> pygame.Surface:
        return self.sized(f"feat_{_key(key)}", size, size)

    def mountain(self, width: int) -> pygame.Surface:
        return self.sized("mountain", width, round(width * 128 / 160))

    def iceberg(self, width: int) -> pygame.Surface:
        return self.sized("iceberg", width, round(width * 128 / 160))

    def void_ruin(self, size: int) -> pygame.Surface:
        return self.sized("void_ruin", size, size)

    def void_totem(self, height: int) -> pygame.Surface:
        return self.by_height("void_totem", height)

    def void_pawn(self, height: int) -> pygame.Surface:
        return self.by_height("void_pawn", height)

    def contested(self, side: str, size: int) -> pygame.Surface:
        """side 'front': the token on its spot between two territories; 'back': flipped into a territory."""
        if side not in CONTESTED_SIDES:
            raise KeyError(side)
        return self.sized(f"contested_{side}", size, size)

    def determination(self, size: int) -> pygame.Surface:
        return self.sized("determination", size, size)

    def golden_worship(self, size: int) -> pygame.Surface:
        return self.sized("golden_worship", size, size)

    # -- cards and icons -------------------------------------------------------------------

    def card(self, biome_key: str, height: int) -> pygame.Surface:
        return self.sized(f"card_{_key(biome_key)}", round(height * CARD_ASPECT), height)

    def card_back(self, height: int) -> pygame.Surface:
        return self.sized("card_back", round(height * CARD_ASPECT), height)

    def biome_icon(self, biome_key: str, size: int) -> pygame.Surface:
        return self.sized(f"biome_{_key(biome_key)}", size, size)

    def icon(self, size: int = 256) -> pygame.Surface:
        """The application icon; the stored size closest above `size` is scaled down."""
        best = min((s for s in ICON_SIZES if s >= size), default=256)
        name = "icon" if best == 256 else f"icon_{best}"
        return self.sized(name, size, size)


def _key(value: object) -> str:
    """Accept enum members (TribeColour, Biome) as well as plain strings."""
    text = getattr(value, "key", None) or getattr(value, "value", None) or value
    return str(text).strip().lower()
