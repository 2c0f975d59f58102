"""Draw every sprite of Iwari Desktop into assets/sprites/ (the names come from SpriteBook).

    .venv/bin/python tools/make_sprites.py            # all sprites
    .venv/bin/python tools/make_sprites.py --sheet /tmp/sheet.png   # also a contact sheet to look at
    .venv/bin/python tools/make_sprites.py --out /tmp/sprites   # somewhere else than assets/sprites

Everything is vector-drawn with pygame on a canvas SS times larger than the stored size, then
smoothscaled down (anti-aliasing). Transparent pixels carry the outline ink colour, so the
straight-alpha downscale does not fringe. Deterministic: the same code gives the same files.
Tribes are told apart by colour AND by an emblem (docs/art.md has the table).

The drawings live in the `tools/sprites/` package, one module per sprite family; this script
collects them under their SpriteBook names and writes the files.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from iwari_desktop.art.fonts import art_font  # noqa: E402
from iwari_desktop.art.palette import BIOME_KEYS, TRIBE_KEYS  # noqa: E402
from iwari_desktop.art.sprites import FEAT_KEYS, ICON_SIZES, sprite_names  # noqa: E402
from tools.sprites.canvas import Colour  # noqa: E402
from tools.sprites.cards import biome_card, card_back  # noqa: E402
from tools.sprites.feats import feat  # noqa: E402
from tools.sprites.icons import app_icon, biome_icon  # noqa: E402
from tools.sprites.neutral_pieces import iceberg, mountain, void_pawn, void_ruin, void_totem  # noqa: E402
from tools.sprites.tokens import contested, determination, golden_worship  # noqa: E402
from tools.sprites.tribes import tent, totem, tribe_emblem  # noqa: E402


def build_all() -> dict[str, pygame.Surface]:
    out: dict[str, pygame.Surface] = {}
    for colour in TRIBE_KEYS:
        out[f"tent_{colour}"] = tent(colour)
        out[f"totem_{colour}"] = totem(colour)
        out[f"emblem_{colour}"] = tribe_emblem(colour)
    for key in FEAT_KEYS:
        out[f"feat_{key}"] = feat(key)
    out["mountain"] = mountain()
    out["iceberg"] = iceberg()
    out["void_ruin"] = void_ruin()
    out["void_totem"] = void_totem()
    out["void_pawn"] = void_pawn()
    for side in ("front", "back"):
        out[f"contested_{side}"] = contested(side)
    out["determination"] = determination()
    out["golden_worship"] = golden_worship()
    for key in BIOME_KEYS:
        out[f"card_{key}"] = biome_card(key)
        out[f"biome_{key}"] = biome_icon(key)
    out["card_back"] = card_back()
    big = app_icon(256)
    out["icon"] = big
    for s in ICON_SIZES:
        if s != 256:
            # Downscale in halving steps for crisp small icons.
            img = big
            while img.get_width() // 2 >= s * 1.5:
                img = pygame.transform.smoothscale(img, (img.get_width() // 2, img.get_height() // 2))
            out[f"icon_{s}"] = pygame.transform.smoothscale(img, (s, s))
    missing = set(sprite_names()) - set(out)
    extra = set(out) - set(sprite_names())
    if missing or extra:
        raise SystemExit(f"sprite list mismatch: missing {sorted(missing)}, extra {sorted(extra)}")
    return out


def contact_sheet(sprites: dict[str, pygame.Surface], background: Colour = (120, 150, 110)) -> pygame.Surface:
    """All sprites on one picture, for looking at them."""
    cell = 170
    cols = 10
    names = list(sprites)
    rows = (len(names) + cols - 1) // cols
    sheet = pygame.Surface((cols * cell, rows * cell))
    sheet.fill(background)
    font = art_font("body", 11)
    for i, name in enumerate(names):
        img = sprites[name]
        x, y = (i % cols) * cell, (i // cols) * cell
        scale = min(1.0, (cell - 24) / max(img.get_width(), img.get_height()))
        if scale < 1:
            img = pygame.transform.smoothscale(img, (int(img.get_width() * scale), int(img.get_height() * scale)))
        sheet.blit(img, (x + (cell - img.get_width()) // 2, y + (cell - 18 - img.get_height()) // 2))
        label = font.render(name, True, (20, 20, 20))
        sheet.blit(label, (x + (cell - label.get_width()) // 2, y + cell - 18))
    return sheet


def main(argv: list[str] | None = None) -> int:
    from iwari_desktop.art import ensure_pygame_headless
    from iwari_desktop.resources import sprites_dir

    parser = argparse.ArgumentParser(prog="tools/make_sprites.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="output folder (default: assets/sprites)")
    parser.add_argument("--sheet", type=Path, default=None, help="also write a contact sheet PNG here")
    args = parser.parse_args(argv)
    ensure_pygame_headless()
    random.seed(0)
    out_dir = args.out or sprites_dir()
    out_dir.mkdir(parents=True, exist_ok=True)
    sprites = build_all()
    for name, surface in sprites.items():
        pygame.image.save(surface, str(out_dir / f"{name}.png"))
    print(f"{len(sprites)} sprites written to {out_dir}")
    if args.sheet:
        pygame.image.save(contact_sheet(sprites), str(args.sheet))
        print(f"contact sheet: {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
