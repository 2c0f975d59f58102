"""The bundled maps, found by id under assets/maps; loading is cached because a Board never changes."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from iwari_desktop.resources import maps_dir
from iwari_desktop.engine.files.reader import clip
from iwari_desktop.engine.maps.board import Board, MapError
from iwari_desktop.engine.maps.tmx_loader import load_board
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_

# MAPS.md order: base board sides first, then the expansion.
MAP_IDS: tuple[str, ...] = (
    "new-horizons",
    "vast-lands",
    "floating-lands",
    "forgotten-island",
    "glacial-mass",
    "uncharted-paths",
    "long-road",
    "the-void",
)


def bundled_map_ids() -> tuple[str, ...]:
    """Ids in MAPS.md order that have a file; maps dropped into the folder by hand come last.

    Read again only when the folder changes (its modification time): a server checks the map of every message
    it decodes, and listing the folder each time was most of what decoding a snapshot cost."""
    folder = maps_dir()
    try:
        stamp = folder.stat().st_mtime_ns
    except OSError:
        stamp = -1
    return _map_ids_in(folder, stamp)


@lru_cache(maxsize=4)
def _map_ids_in(folder: Path, stamp: int) -> tuple[str, ...]:
    """The ids of `folder` as it was at `stamp` (the cache key; see `bundled_map_ids`)."""
    present = {p.stem for p in folder.glob("*.tmx")}
    ordered = [m for m in MAP_IDS if m in present]
    ordered += sorted(present - set(MAP_IDS))
    return tuple(ordered)


def map_path(map_id_or_path: str) -> Path:
    """A `.tmx` argument is a path as given; anything else is a bundled map id.

    The file need not exist: callers check (e.g. tests skip maps not drawn yet).
    """
    candidate = Path(map_id_or_path)
    if candidate.suffix == ".tmx":
        return candidate
    return maps_dir() / f"{map_id_or_path}.tmx"


@lru_cache(maxsize=32)
def _load_cached(path: str, mtime: float) -> Board:
    return load_board(path)


def get_board(map_id_or_path: str) -> Board:
    """A map by bundled id or by .tmx path; the cache key includes mtime so edits in Tiled show up."""
    path = map_path(map_id_or_path)
    try:
        if not path.is_file():
            known = ", ".join(bundled_map_ids()) or "none"
            raise MapError(Text(N_("{map}: no such map (bundled maps: {known})"), map=clip(map_id_or_path), known=known))
        return _load_cached(str(path.resolve()), path.stat().st_mtime)
    except OSError as error:  # a name the file system refuses (too long...): one line, never a traceback
        raise MapError(Text(N_("{map}: no such map ({reason})"), map=clip(map_id_or_path),
                            reason=error.strerror or type(error).__name__)) from None
