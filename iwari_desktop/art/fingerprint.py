"""A fingerprint of everything a map background is drawn from, to notice stale art.

The background PNG is rendered from the map data; after someone edits the `.tmx` in Tiled the
picture must be rendered again. The render tool records this fingerprint beside each PNG
(`<id>.art.json`); `tests/test_art.py` compares it with the map as it is now, and the board scene
redraws a stale picture once into the cache folder (docs/maps.md).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from iwari_desktop.engine.maps.board import Board

ART_VERSION = 1  # bump when the renderer's look changes, so every background is redrawn


def geometry_fingerprint(board: Board) -> str:
    parts = {
        "art": ART_VERSION,
        "name": board.name,
        "size": list(board.size),
        "territories": [(t.name, t.biome.key, [list(p) for p in t.polygon],
                         list(t.totem_space) if t.totem_space else None) for t in board.territories],
        "spaces": [(list(s.position), s.territory, s.ruin_biome.key if s.ruin_biome else None, s.purple_road)
                   for s in board.spaces],
        "roads": [(r.a, r.b, r.along_connection, [list(p) for p in r.waypoints]) for r in board.roads],
        "connections": [(c.number, list(c.territories), c.kind.value, c.peak_group, list(c.position))
                        for c in board.connections],
        "contested": [(list(c.territories), list(c.position)) for c in board.contested_spots],
    }
    return hashlib.sha256(json.dumps(parts, separators=(",", ":")).encode()).hexdigest()[:20]


def record_path(png: Path) -> Path:
    return png.with_suffix(".art.json")


def write_record(png: Path, board: Board) -> None:
    record_path(png).write_text(json.dumps({"map_id": board.map_id, "geometry": geometry_fingerprint(board)}) + "\n",
                                encoding="utf-8")


def is_fresh(png: Path, board: Board) -> bool:
    """True when `png` exists and was rendered from this exact geometry."""
    try:
        record = json.loads(record_path(png).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return png.is_file() and record.get("geometry") == geometry_fingerprint(board)
