"""Any position file, read by its kind: a game between tribes (`position.py`) or against the Void
(`position_vs_void.py`, a file with a "mode"). The one entry point for callers.

Apart from both readers because the Void's reader extends the tribes' one: if the tribes' reader also
chose between them, the two files would import each other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from iwari_desktop.engine.files.position import Position, load_tribes_position, read_position_data
from iwari_desktop.engine.files.position_vs_void import is_vs_void, load_vs_void
from iwari_desktop.engine.maps.board import Board


def read_position(path: str | Path) -> Position:
    """Read and validate a position file; a .tmx map it names is looked for next to the file first."""
    path = Path(path)
    return load_position(read_position_data(path), path.name, base_dir=path.parent)


def load_position(data: Any, source: str = "position", base_dir: Path | None = None,
                  board: Board | None = None) -> Position:
    """Validate a parsed position file and build its state; PositionError names the first problem."""
    if is_vs_void(data):
        return load_vs_void(data, source, base_dir, board)
    return load_tribes_position(data, source, base_dir, board)
