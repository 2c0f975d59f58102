"""A fingerprint of everything a map background is drawn from, to notice stale art.

The background PNG is rendered from the map data; after someone edits the `.tmx` in Tiled the
picture must be rendered again. The render tool records this fingerprint beside each PNG
(`<id>.art.json`); `tests/art/test_art.py` compares it with the map as it is now, and the board scene
redraws a stale picture once into the cache folder (docs/maps.md).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from iwari_desktop.engine.maps.board import Board
from .per_board import per_board

ART_VERSION = 2  # bump when the renderer's look changes, so every background is redrawn


def geometry_fingerprint(board: Board) -> str:
    """The fingerprint of `board` as it is (a changed map is a new Board, `dataclasses.replace`)."""
    return per_board(board, "fingerprint", lambda: _fingerprint(board))


def _fingerprint(board: Board) -> str:
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


def write_record(png: Path, board: Board, labels: dict[int, tuple[int, int, int, int]] | None = None,
                 name_caps: dict[int, float] | None = None) -> None:
    """The fingerprint, plus where the picture printed each territory's name (board pixels, x y w h)
    and how tall its capitals are (board pixels).

    The game places feat icons clear of those names without rendering the map again; the tests
    check from the capital heights that every name is legible at 1280×720.
    """
    if labels is None or name_caps is None:
        from .map_art import render_background_with_layout

        layout = render_background_with_layout(board)[1]
        labels = {t: tuple(r) for t, r in layout.labels.items()}
        name_caps = dict(layout.name_caps)
    record = {"map_id": board.map_id, "geometry": geometry_fingerprint(board),
              "labels": {str(t): list(r) for t, r in sorted(labels.items())},
              "name_caps": {str(t): round(c, 2) for t, c in sorted(name_caps.items())}}
    record_path(png).write_text(json.dumps(record) + "\n", encoding="utf-8")


def name_boxes(png: Path, board: Board) -> dict[int, tuple[int, int, int, int]]:
    """The name boxes recorded for a fresh picture of `board` ({} if none are recorded or the picture is stale)."""
    try:
        record = json.loads(record_path(png).read_text(encoding="utf-8"))
        if record.get("geometry") != geometry_fingerprint(board) or not isinstance(record.get("labels"), dict):
            return {}
        return {int(t): (int(r[0]), int(r[1]), int(r[2]), int(r[3])) for t, r in record["labels"].items()}
    except (OSError, ValueError, TypeError, KeyError, IndexError):
        return {}


def name_caps(png: Path, board: Board) -> dict[int, float]:
    """The capital height of each printed name recorded for a fresh picture of `board` ({} if none or stale)."""
    try:
        record = json.loads(record_path(png).read_text(encoding="utf-8"))
        if record.get("geometry") != geometry_fingerprint(board) or not isinstance(record.get("name_caps"), dict):
            return {}
        return {int(t): float(c) for t, c in record["name_caps"].items()}
    except (OSError, ValueError, TypeError, KeyError):
        return {}


def is_fresh(png: Path, board: Board) -> bool:
    """True when `png` exists and was rendered from this exact geometry."""
    try:
        record = json.loads(record_path(png).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return png.is_file() and record.get("geometry") == geometry_fingerprint(board)
