"""Regenerate the bundled maps: `python -m tools.mapgen [ids...]` (or `python tools/mapgen/build.py`).

Each map is drawn from its recipe in tools/mapgen/maps/, written to assets/maps/<id>.tmx and
loaded back with the game's own loader. Once written, the .tmx files are the source of truth
(edited in Tiled); rerunning this overwrites such edits, so only rerun on purpose.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    __package__ = "tools.mapgen"

from .layout import build_layout  # noqa: E402
from .raster import build_planar  # noqa: E402
from .tmx import write_tmx  # noqa: E402

from .maps import MAPS_DIR, RECIPE_IDS  # noqa: E402  (the render tool reads them there too: no circle)

ROOT = Path(__file__).resolve().parents[2]


def recipe_for(map_id: str):
    return importlib.import_module(f"tools.mapgen.maps.{map_id.replace('-', '_')}").RECIPE


def build_one(map_id: str, out_dir: Path = MAPS_DIR, verbose: bool = False) -> Path:
    from iwari_desktop.engine.maps.tmx_loader import load_board

    recipe = recipe_for(map_id)
    planar = build_planar(recipe)
    layout = build_layout(recipe, planar, verbose=verbose)
    path = out_dir / f"{map_id}.tmx"
    write_tmx(layout, path)
    load_board(path)  # must load with the game's loader
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.mapgen", description="Draw the Iwari maps from their recipes")
    parser.add_argument("ids", nargs="*", help=f"map ids (default: all of {', '.join(RECIPE_IDS)})")
    parser.add_argument("--out", type=Path, default=MAPS_DIR, help="output folder (default assets/maps)")
    parser.add_argument("--render", type=Path, help="also write debug PNGs of each map into this folder")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    for map_id in args.ids or RECIPE_IDS:
        start = time.time()
        path = build_one(map_id, args.out, args.verbose)
        print(f"{path}  ({time.time() - start:.1f}s)")
        if args.render:
            from iwari_desktop.engine.maps.tmx_loader import load_board

            from .render import render_board

            render_board(load_board(path), args.render / f"{map_id}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
