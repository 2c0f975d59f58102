"""Makes the Windows `.ico` and macOS `.icns` application icons from `assets/sprites/icon.png`.

Both formats may embed PNG images, so no Pillow and no platform tool (iconutil, ImageMagick) is
needed: pygame scales the picture to each size and this module writes the containers.

    python build/tools/make_icons.py [icon.png] [out-dir]      # writes iwari.ico and iwari.icns

The PyInstaller spec calls `make_icons()` itself when it builds on Windows or macOS.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_PNG = ROOT / "assets" / "sprites" / "icon.png"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# (type code, pixel size) of PNG-capable icns elements (macOS 10.7+).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),  # 16@2x
    (b"ic12", 64),  # 32@2x
    (b"ic13", 256),  # 128@2x
    (b"ic14", 512),  # 256@2x
)


def _png_bytes_at(source: Path, sizes: set[int]) -> dict[int, bytes]:
    """PNG data of `source` scaled to each square size (smooth scaling, alpha kept)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    loaded = pygame.image.load(str(source))
    # A 32-bit RGBA copy: smoothscale needs one, and convert_alpha() would need a window.
    image = pygame.Surface(loaded.get_size(), pygame.SRCALPHA, 32)
    image.blit(loaded, (0, 0))
    out: dict[int, bytes] = {}
    for size in sorted(sizes):
        scaled = image if image.get_size() == (size, size) else pygame.transform.smoothscale(image, (size, size))
        buffer = io.BytesIO()
        pygame.image.save(scaled, buffer, "icon.png")
        out[size] = buffer.getvalue()
    return out


def ico_from_pngs(pngs: dict[int, bytes]) -> bytes:
    """An ICO container holding one PNG entry per size (Windows Vista and later)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = [], []
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries.append(struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns_from_pngs(pngs: dict[int, bytes]) -> bytes:
    """An ICNS container with PNG elements."""
    body = b""
    for code, size in ICNS_TYPES:
        data = pngs[size]
        body += code + struct.pack(">I", len(data) + 8) + data
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def make_icons(source: Path = DEFAULT_PNG, out_dir: Path | None = None) -> tuple[Path, Path]:
    out_dir = Path(out_dir) if out_dir else ROOT / "build" / "work" / "icons"
    out_dir.mkdir(parents=True, exist_ok=True)
    pngs = _png_bytes_at(Path(source), set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    ico = out_dir / "iwari.ico"
    icns = out_dir / "iwari.icns"
    ico.write_bytes(ico_from_pngs({s: pngs[s] for s in ICO_SIZES}))
    icns.write_bytes(icns_from_pngs(pngs))
    return ico, icns


if __name__ == "__main__":
    args = sys.argv[1:]
    written = make_icons(Path(args[0]) if args else DEFAULT_PNG, Path(args[1]) if len(args) > 1 else None)
    for path in written:
        print(path)
