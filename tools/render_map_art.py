"""Render the illustrated background `assets/maps/<id>.png` of every map from its `.tmx` data.

    .venv/bin/python tools/render_map_art.py                 # every assets/maps/*.tmx
    .venv/bin/python tools/render_map_art.py new-horizons    # only these ids
    .venv/bin/python tools/render_map_art.py --overlay --out /tmp/maps   # with the data overlay
    .venv/bin/python tools/render_map_art.py --sample --out /tmp/maps    # the synthetic art test board

Run it after any geometry edit in Tiled: the picture is drawn from the map data, so it must be
re-rendered whenever the data changes. Headless (no window needed). See docs/art.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

MAX_PNG_BYTES = 2_000_000


def main(argv: list[str] | None = None) -> int:
    from iwari_desktop.art.fingerprint import write_record
    from iwari_desktop.art.map_render import save_board_render
    from iwari_desktop.engine.maps.board import MapError
    from iwari_desktop.engine.maps.tmx_loader import load_board
    from iwari_desktop.resources import maps_dir

    parser = argparse.ArgumentParser(prog="tools/render_map_art.py", description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*", help="map ids (default: every .tmx in assets/maps)")
    parser.add_argument("--out", type=Path, default=None, help="output folder (default: assets/maps)")
    parser.add_argument("--overlay", action="store_true", help="draw the data overlay (for checking, not for the game)")
    parser.add_argument("--sample", action="store_true", help="render the synthetic sample board instead")
    args = parser.parse_args(argv)

    out_dir = args.out or maps_dir()
    out_dir.mkdir(parents=True, exist_ok=True)
    if args.sample:
        from iwari_desktop.art.sample_board import sample_board

        boards = [("sample", lambda: sample_board())]
    else:
        ids = args.ids or sorted(p.stem for p in maps_dir().glob("*.tmx"))
        if not ids:
            print(f"no maps found in {maps_dir()}", file=sys.stderr)
            return 1
        boards = [(map_id, (lambda p=maps_dir() / f"{map_id}.tmx": load_board(p))) for map_id in ids]

    failures = 0
    for map_id, load in boards:
        started = time.monotonic()
        try:
            board = load()
        except MapError as error:
            print(f"{map_id}: skipped: {error}", file=sys.stderr)
            failures += 1
            continue
        out = out_dir / f"{map_id}.png"
        try:
            layout = save_board_render(board, out, overlay=args.overlay)
        except OSError as error:
            print(f"{map_id}: cannot write {out}: {error.strerror or error}", file=sys.stderr)
            failures += 1
            continue
        if not args.overlay and not args.sample:
            write_record(out, board, {t: tuple(r) for t, r in layout.labels.items()}, layout.name_caps)
        for index in layout.crowded_names:
            print(f"{map_id}: no free spot for the name of {board.territories[index].name!r}: it covers a space, "
                  "badge or road; move spaces apart in Tiled", file=sys.stderr)
            failures += 1
        size = out.stat().st_size
        note = "" if size < MAX_PNG_BYTES else "  (over 2 MB: smooth the textures)"
        print(f"{out}  {size / 1e6:.2f} MB  {time.monotonic() - started:.1f} s{note}")
        if size >= MAX_PNG_BYTES:
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
