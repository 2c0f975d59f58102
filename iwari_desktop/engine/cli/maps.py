"""`python -m iwari_desktop.engine maps`: list, validate and render the maps.

Exit codes follow `cli_common`: 0 fine; 1 a map breaks a requirement (one line per problem, on
stdout, "map_id: object: constraint", all problems of the map at once: `validate` loads leniently,
so a dangling object reference or a space outside every territory is one of those lines too) or
rendering is unavailable; 2 bad input: a missing file, an unknown map id, a file the loader cannot
turn into a Board at all (not XML, not Tiled, a missing layer), or a render target that is not a
writable .png file, reported as one "error: ..." line on stderr.

The renderer lives outside the engine and uses pygame, so it is imported lazily inside `render`
only: listing and validating never import pygame.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

from iwari_desktop.resources import maps_dir
from iwari_desktop.engine.maps.board import Board, MapError
from iwari_desktop.engine.cli.common import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, CommandError
from iwari_desktop.engine.maps.validator import check_map_file
from iwari_desktop.engine.maps.registry import bundled_map_ids, get_board, map_path

RENDER_MODULE = "iwari_desktop.art.map_render"
MODE_ORDER = ("multiplayer", "solo", "coop")  # docs/maps.md order, not alphabetical


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("maps", help="list, validate and render the maps",
                                   description="Without a subcommand: list the bundled maps.")
    parser.add_argument("--json", action="store_true", help="list as JSON lines")
    parser.set_defaults(handler=list_maps)
    commands = parser.add_subparsers(dest="maps_command", metavar="{list,validate,render}",
                                     parser_class=type(parser))

    listing = commands.add_parser("list", help="list the bundled maps (the default)")
    listing.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="one JSON object per line")
    listing.set_defaults(handler=list_maps)

    validate = commands.add_parser("validate", help="check maps against MAPS.md and RULINGS.md")
    validate.add_argument("files", nargs="*", metavar="FILE",
                          help=".tmx files or bundled map ids (default: every bundled map)")
    validate.set_defaults(handler=validate_maps)

    render = commands.add_parser("render", help="render a map's background picture to a PNG file")
    render.add_argument("map_id", metavar="ID", help="a bundled map id or a .tmx path")
    render.add_argument("out", metavar="OUT.png", help="where to write the picture")
    render.add_argument("--no-overlay", action="store_true", help="leave out the rules overlay")
    render.set_defaults(handler=render_map)


def _quiet_pytmx() -> None:
    """pytmx logs an error when it cannot import pygame, which the loader blocks on purpose.

    Without a logging handler Python prints that record on stderr, which would break the
    one-line output of every command; the message is noise here, so that one logger is muted.
    """
    logging.getLogger("pytmx.util_pygame").disabled = True


def _bundled_ids() -> tuple[str, ...]:
    ids = bundled_map_ids()
    if not ids:
        raise CommandError(f"no bundled maps found in {maps_dir()}", EXIT_FAILED)
    return ids


def _counts(board: Board) -> dict[str, int]:
    return {
        "territories": len(board.territories),
        "tent_spaces": sum(1 for s in board.spaces if not s.is_ruin_space),
        "ruin_spaces": len(board.ruin_spaces),
        "road_segments": len(board.roads),
        "connections": len(board.connections),
    }


def _summary(board: Board) -> dict[str, Any]:
    return {
        "id": board.map_id,
        "name": board.name,
        "min_players": board.min_players,
        "max_players": board.max_players,
        "modes": sorted(board.modes, key=lambda m: (MODE_ORDER + (m,)).index(m)),
        "mountains": board.uses_mountains,
        "rules": list(board.rules),
        **_counts(board),
    }


TABLE_COLUMNS = (  # heading, summary key, right-aligned
    ("ID", "id", False), ("NAME", "name", False), ("PLAYERS", "players", False), ("MODES", "modes", False),
    ("TERRITORIES", "territories", True), ("TENT SPACES", "tent_spaces", True),
    ("ROADS", "road_segments", True), ("CONNECTIONS", "connections", True),
)


def _table(rows: list[dict[str, Any]]) -> list[str]:
    cells = [[heading for heading, _, _ in TABLE_COLUMNS]]
    for row in rows:
        shown = dict(row, players=f"{row['min_players']}-{row['max_players']}", modes=",".join(row["modes"]))
        cells.append([str(shown[key]) for _, key, _ in TABLE_COLUMNS])
    widths = [max(len(line[i]) for line in cells) for i in range(len(TABLE_COLUMNS))]
    return ["  ".join(cell.rjust(w) if right else cell.ljust(w)
                      for cell, w, (_, _, right) in zip(line, widths, TABLE_COLUMNS)).rstrip()
            for line in cells]


def list_maps(args: argparse.Namespace) -> int:
    """Every bundled map in MAPS.md order; a map that does not load is reported and makes the exit 1."""
    _quiet_pytmx()
    rows: list[dict[str, Any]] = []
    failed = False
    for map_id in _bundled_ids():
        try:
            rows.append(_summary(get_board(map_id)))
        except MapError as error:
            failed = True
            if args.json:
                print(json.dumps({"id": map_id, "error": str(error)}))
            else:
                print(f"error: {error}", file=sys.stderr)
    if args.json:
        for row in rows:
            print(json.dumps(row))
    elif rows:
        print("\n".join(_table(rows)))
    return EXIT_FAILED if failed else EXIT_OK


def _resolve_file(name: str) -> Path:
    """A path as given, or else a bundled map id; missing either way is bad input."""
    path = Path(name)
    if path.is_file():
        return path
    if not path.suffix:
        bundled = map_path(name)
        if bundled.is_file():
            return bundled
    raise MapError(f"{name}: no such map file")


def validate_maps(args: argparse.Namespace) -> int:
    """"ok" per good map, one line per problem otherwise; the worst outcome decides the exit code."""
    _quiet_pytmx()
    targets = list(args.files) or [str(map_path(map_id)) for map_id in _bundled_ids()]
    exit_code = EXIT_OK
    for target in targets:
        try:
            board, problems = check_map_file(_resolve_file(target))
        except MapError as error:
            print(f"error: {error}", file=sys.stderr)
            exit_code = EXIT_BAD_INPUT
            continue
        for problem in problems:
            print(problem)
        if problems:
            exit_code = max(exit_code, EXIT_FAILED)
        else:
            counts = _counts(board)
            print(f"{board.map_id}: ok ({counts['territories']} territories, {counts['tent_spaces']} tent spaces, "
                  f"{counts['road_segments']} road segments, {counts['connections']} connections)")
    return exit_code


def _render_target(out: str) -> Path:
    """OUT.png as given: a file name ending in .png that is not a directory (else bad input)."""
    path = Path(out)
    if not out.strip() or path.suffix.lower() != ".png":
        raise CommandError(f"OUT.png must be a file name ending in .png, not {out!r}", EXIT_BAD_INPUT)
    if path.is_dir():
        raise CommandError(f"cannot write {out}: it is a directory", EXIT_BAD_INPUT)
    return path


def render_map(args: argparse.Namespace) -> int:
    """Render through the art package, which may not exist yet in a partial checkout."""
    _quiet_pytmx()
    out = _render_target(args.out)
    try:
        board = get_board(args.map_id)
    except MapError as error:
        raise CommandError(str(error), EXIT_BAD_INPUT) from None
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep the output to one line
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # rendering to a file needs no window
    try:
        from iwari_desktop.art.map_render import save_board_render
    except ImportError as error:
        missing = isinstance(error, ModuleNotFoundError) and error.name in {"iwari_desktop.art", RENDER_MODULE}
        reason = f"{RENDER_MODULE} does not exist yet" if missing else str(error).splitlines()[0]
        raise CommandError(f"rendering is unavailable: {reason}", EXIT_FAILED) from None
    try:
        save_board_render(board, out, overlay=not args.no_overlay)
    except OSError as error:  # the renderer turns pygame's own save errors into OSError too
        raise CommandError(f"cannot write {args.out}: {error.strerror or error}", EXIT_BAD_INPUT) from None
    print(f"{board.map_id}: rendered to {args.out}")
    return EXIT_OK
