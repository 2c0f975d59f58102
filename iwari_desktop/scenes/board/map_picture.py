"""The map's picture at any size: the Tiled file's art, art redrawn after an edit, or a plain rendition.

Kept apart from `BoardView` because the picture is wanted without a board view too: the setup screen's
and the campaign's map thumbnails (`board_preview`), the smoke runs and the art tests. Decoding the art is
the expensive part, so every picture is kept under what it was made from (the map's files on disk, the
geometry's fingerprint) in the app's byte-bounded caches; without art (a map still being drawn, a test
fixture) a plain rendition is drawn from the board data.
"""

from __future__ import annotations

import importlib
import logging

import pygame

from ...art.palette import BIOME_COLOURS, INK, PAPER, SEA_DEEP, SEA_MID, WATER_BADGE, shade
from ...art.surface_cache import FileArt, SurfaceCaches
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.maps.registry import map_path

log = logging.getLogger(__name__)

def _map_files(map_id: str) -> tuple:
    """The map's .tmx and its picture as they are on disk now (path, change time, size): what a picture
    decoded from them is kept under, so an edited map is decoded afresh."""
    path = map_path(map_id)
    state = []
    for file in (path, path.with_suffix(".png")):
        try:
            info = file.stat()
            state.append((str(file), info.st_mtime_ns, info.st_size))
        except OSError:
            state.append((str(file), None, None))
    return tuple(state)


def _load_pytmx_image(map_id: str, files: FileArt | None = None) -> pygame.Surface | None:
    """The `background` image layer of the map's .tmx through pytmx.util_pygame, or None; decoded
    through `files` (see `FileArt`)."""
    path = map_path(map_id)
    if not path.is_file():
        return None
    if files is None:
        return _decode_background(map_id)
    return files.get(("map-art", _map_files(map_id)), lambda: _decode_background(map_id))


def _decode_background(map_id: str) -> pygame.Surface | None:
    path = map_path(map_id)
    try:
        import pytmx
        import pytmx.util_pygame as util
        if not hasattr(util, "pygame"):  # imported while the engine kept pygame out: load it properly now
            util = importlib.reload(util)
        tiled = util.load_pygame(str(path))
        found = None
        for layer in tiled.layers:
            if isinstance(layer, pytmx.TiledImageLayer) and layer.name == "background" and layer.image is not None:
                found = layer.image
                break
        # a TiledMap lives in reference cycles until Python's next full collection: it must not keep
        # 7 MB pictures alive that long (a preview lets go of the full art at once)
        tiled.images = []
        return found
    except Exception as error:  # missing or broken art must never stop the game
        log.info("no background art for %s: %s", map_id, error)
    return None


def map_art(board: Board, caches: SurfaceCaches | None = None,
            files: FileArt | None = None) -> pygame.Surface | None:
    """The map picture for this exact geometry, kept in the app's byte-bounded `caches.map_art`
    (without `caches`, loaded afresh through `files` and kept by nobody).

    The bundled background is used while it matches the map data; after someone edits the
    `.tmx` in Tiled (a space dragged, a road added) the picture would show circles where no space
    is, so it is redrawn once from the data and kept in the cache folder under its fingerprint.
    """
    from ...art.fingerprint import geometry_fingerprint

    key = (board.map_id, geometry_fingerprint(board))
    art = caches.map_art.get(key) if caches is not None else None
    if art is None:
        art = _map_art(board, key[1], caches.files if caches is not None else files)
        if art is not None and caches is not None:  # a failure (no window yet, no file) is retried, not remembered
            caches.map_art.put(key, art)
    return art


def _map_art(board: Board, fingerprint: str, files: FileArt | None = None) -> pygame.Surface | None:
    from ...art.fingerprint import is_fresh

    path = map_path(board.map_id)
    if not path.is_file():
        return None
    if is_fresh(path.with_suffix(".png"), board):
        return _load_pytmx_image(board.map_id, files)
    return _redrawn_art(board, fingerprint)


def _redrawn_art(board: Board, fingerprint: str) -> pygame.Surface | None:
    from ... import storage

    cached = storage.cache_dir() / "maps" / f"{board.map_id}-{fingerprint}.png"
    try:
        if cached.is_file():
            return pygame.image.load(str(cached))
        from ...art.map_art import render_background

        picture = render_background(board)
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_name(f".{cached.name}.tmp.png")
        pygame.image.save(picture, str(partial))
        partial.replace(cached)  # atomic: a half-written picture is never picked up
        return picture
    except (OSError, pygame.error) as error:  # no cache folder: still draw, just not remembered
        log.info("could not cache redrawn art for %s: %s", board.map_id, error)
        try:
            from ...art.map_art import render_background

            return render_background(board)
        except pygame.error:
            return None


def peak_slots(board: Board) -> dict[int, tuple[float, float]]:
    """Where the map art printed each connection's mountain slot, so a mountain sits on its slot."""
    from ...art.map_art import peak_slots as printed_slots

    return printed_slots(board)


def plain_board(board: Board, size: tuple[int, int]) -> pygame.Surface:
    """A clean map picture from the data alone: biome fills, borders, roads, spaces and badges."""
    k = size[0] / board.size[0]
    surf = pygame.Surface(size)
    surf.fill(SEA_DEEP)

    def p(pt: tuple[float, float]) -> tuple[float, float]:
        return pt[0] * k, pt[1] * k

    for t in board.territories:
        pts = [p(q) for q in t.polygon]
        pygame.draw.polygon(surf, SEA_MID, pts, max(2, int(18 * k)))
    for t in board.territories:
        colours = BIOME_COLOURS[t.biome.key]
        pts = [p(q) for q in t.polygon]
        pygame.draw.polygon(surf, colours["base"], pts)
        pygame.draw.polygon(surf, colours["light"], [(x * 0.97 + sum(q[0] for q in pts) / len(pts) * 0.03,
                                                      y * 0.97 + sum(q[1] for q in pts) / len(pts) * 0.03)
                                                     for x, y in pts], max(1, int(4 * k)))
    for t in board.territories:
        pygame.draw.polygon(surf, shade(BIOME_COLOURS[t.biome.key]["dark"], 0.7), [p(q) for q in t.polygon],
                            max(1, int(3 * k)))
    for road in board.roads:
        pts = [p(board.spaces[road.a].position), *(p(w) for w in road.waypoints), p(board.spaces[road.b].position)]
        pygame.draw.lines(surf, (238, 220, 180), False, pts, max(2, int(9 * k)))
        pygame.draw.lines(surf, (132, 88, 52), False, pts, max(1, int(5 * k)))
    for space in board.spaces:
        pygame.draw.circle(surf, PAPER, p(space.position), max(3, 15 * k))
        pygame.draw.circle(surf, INK, p(space.position), max(3, 15 * k), max(1, int(3 * k)))
    for t in board.territories:
        if t.totem_space is not None:
            pygame.draw.circle(surf, (96, 64, 40), p(t.totem_space), max(4, 24 * k))
            pygame.draw.circle(surf, PAPER, p(t.totem_space), max(4, 24 * k), max(1, int(4 * k)))
    font = pygame.font.Font(None, max(10, int(30 * k)))
    for c in board.connections:
        centre = p(c.position)
        fill = PAPER if c.kind.value == "land" else WATER_BADGE
        pygame.draw.circle(surf, fill, centre, max(6, 20 * k))
        pygame.draw.circle(surf, INK, centre, max(6, 20 * k), max(1, int(3 * k)))
        label = font.render(str(c.number), True, INK if fill == PAPER else PAPER)
        surf.blit(label, label.get_rect(center=centre))
    return surf


def board_picture(board: Board, size: tuple[int, int], caches: SurfaceCaches | None = None,
                  files: FileArt | None = None) -> pygame.Surface:
    """The map art (or the plain rendition) at `size`, opaque and in the display's format."""
    art = map_art(board, caches, files)
    picture = pygame.transform.smoothscale(art, size) if art is not None else plain_board(board, size)
    return picture.convert() if pygame.display.get_surface() is not None else picture


def view_picture(board: Board, size: tuple[int, int], caches: SurfaceCaches) -> pygame.Surface:
    """`board_picture` for a board view (the board screen, a replay), scaled through the app's `caches.files`.

    The game scales the art each time a view asks (once per view and window size); a process that builds
    many Apps over the same unchanged files hands them a store that keeps the scaled picture too (see
    `FileArt`), so a board shown at the same size by another App is not scaled again (issue #32). The key
    names the map's files and their state, its geometry, the size and the display's pixel format; a map
    without art (the plain rendition, or art that failed to load) is never handed to the store."""
    from ...art.fingerprint import geometry_fingerprint

    if map_art(board, caches) is None:
        return board_picture(board, size, caches)
    display = pygame.display.get_surface()
    shown = None if display is None else (display.get_bitsize(), display.get_masks())
    key = ("map-picture", _map_files(board.map_id), geometry_fingerprint(board), tuple(size), shown)
    picture = caches.files.get(key, lambda: board_picture(board, size, caches))
    return picture if picture is not None else board_picture(board, size, caches)


def board_preview(board: Board, size: tuple[int, int], files: FileArt | None = None) -> pygame.Surface | None:
    """A small picture of the map (setup and campaign thumbnails), made at preview size: the full art
    is loaded for it and let go at once, never kept for the sake of a picture a few hundred pixels wide
    (the app's `files` decode it; see `FileArt`)."""
    if files is None:
        return board_picture(board, size)
    from ...art.fingerprint import geometry_fingerprint

    key = ("map-preview", _map_files(board.map_id), geometry_fingerprint(board), tuple(size),
           pygame.display.get_surface() is not None)
    return files.get(key, lambda: board_picture(board, size, files=files))
