"""Which characters a shipped font really has, read from its `cmap` table.

pygame's `Font.metrics` reports the metrics of the "missing glyph" box for characters a font lacks,
so it cannot tell a real glyph from tofu. The UI only ever uses a handful of symbols, and a test
checks each of them against this table, so no box ever comes back on screen.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path


def _format4(data: bytes, off: int) -> set[int]:
    seg_x2 = struct.unpack_from(">H", data, off + 6)[0]
    n = seg_x2 // 2
    ends = struct.unpack_from(f">{n}H", data, off + 14)
    starts = struct.unpack_from(f">{n}H", data, off + 16 + seg_x2)
    deltas = struct.unpack_from(f">{n}h", data, off + 16 + 2 * seg_x2)
    range_off = off + 16 + 3 * seg_x2
    offsets = struct.unpack_from(f">{n}H", data, range_off)
    chars: set[int] = set()
    for i in range(n):
        for code in range(starts[i], ends[i] + 1):
            if code == 0xFFFF:
                continue
            if offsets[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                at = range_off + 2 * i + offsets[i] + 2 * (code - starts[i])
                glyph = struct.unpack_from(">H", data, at)[0]
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                chars.add(code)
    return chars


def _format12(data: bytes, off: int) -> set[int]:
    groups = struct.unpack_from(">I", data, off + 12)[0]
    chars: set[int] = set()
    for g in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, off + 16 + 12 * g)
        chars.update(c for c in range(start, end + 1) if glyph + (c - start))
    return chars


@lru_cache(maxsize=16)
def font_chars(path: str | Path) -> frozenset[int]:
    """Every code point the TrueType/OpenType font at `path` maps to a real glyph."""
    data = Path(path).read_bytes()
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap = None
    for i in range(num_tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap = offset
    if cmap is None:
        return frozenset()
    chars: set[int] = set()
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    for i in range(count):
        platform, encoding, sub = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        if platform not in (0, 3):
            continue
        off = cmap + sub
        fmt = struct.unpack_from(">H", data, off)[0]
        if fmt == 4:
            chars |= _format4(data, off)
        elif fmt == 12:
            chars |= _format12(data, off)
    return frozenset(chars)


def missing_chars(path: str | Path, text: str) -> set[str]:
    """The characters of `text` (other than line breaks) the font at `path` cannot draw."""
    have = font_chars(str(path))
    return {ch for ch in text if ch not in "\n\r\t" and ord(ch) not in have}
