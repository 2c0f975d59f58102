"""Screenshot the solo Hint (issue #20 part 3) the way a person gets it: real clicks in a real window.

    xvfb-run -a -s "-screen 0 1280x800x24" sh -c 'openbox & .venv/bin/python tools/screenshots_hint.py --lang en'
    xvfb-run -a -s "-screen 0 1280x800x24" sh -c 'openbox & .venv/bin/python tools/screenshots_hint.py --lang de'

Starts a solo game with clicks (Solo, Start game), plays `--actions` actions with the xdotool player of
`play_solo_xdotool.py`, goes on until the Void action is due (the step the first playtest found the hint
wrong at), clicks the Hint button, shoots the board while the Expert thinks (`solo-hint-thinking.png` in
--out) and once its line is shown: docs/screenshots/solo-hint.png (English) or
docs/screenshots/de/solo-hint.png (German).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.play_solo_xdotool import launch  # noqa: E402


def xdo_move_away(window: str) -> None:
    """The mouse off the button, so its tooltip does not cover the Recent-moves panel in the picture."""
    subprocess.run(["xdotool", "mousemove", "--window", window, "640", "20"], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=("en", "de"), default="en")
    parser.add_argument("--out", default=str(Path(tempfile.gettempdir()) / "iwari-hint-shots"))
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--actions", type=int, default=12, help="actions played before the hint is asked")
    parser.add_argument("--wait", type=float, default=8.0, help="seconds given to the hint at most")
    parser.add_argument("--at", choices=("void", "place", "draw"), default="void",
                        help="ask at the Void action (default), at the start of a turn (a Place) or at a draw "
                             "(solo-hint-draw.png: the display card or the deck rung)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ["IWARI_LANG"] = args.lang
    game, player = launch(out, args.seed)
    try:
        if player is None:
            print("error: the game window never appeared", file=sys.stderr)
            return 1
        played = 0
        for _ in range(400):
            t = player.targets()
            if t is None:
                player.key("Escape")
                continue
            if t["over"]:
                print("error: the game ended before the hint was asked", file=sys.stderr)
                return 1
            due = (any(a.startswith("void-play") for a in t["legal"]) if args.at == "void"
                   else t["phase"] == "DRAW" and len(t["legal"]) > 1 if args.at == "draw"
                   else t["phase"] == "MAIN" and any(a.startswith("place") for a in t["legal"]))
            if played >= args.actions and due and "hint" in t["buttons"]:
                player.click(t["buttons"]["hint"])
                xdo_move_away(player.window)
                time.sleep(0.2)
                player.shot(f"solo-hint-thinking-{args.lang}")
                time.sleep(args.wait)
                name = "solo-hint-draw.png" if args.at == "draw" else "solo-hint.png"
                target = ROOT / "docs" / "screenshots" / ("de" if args.lang == "de" else "") / name
                # the game window only (1280×720), as every other screenshot: not the screen with its title bar
                subprocess.run(["import", "-window", str(player.window), str(target)], check=True)
                print("screenshot", target, flush=True)
                return 0
            print(player.play(t), flush=True)
            played += 1
        print("error: no Void action came", file=sys.stderr)
        return 1
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()
            game.wait(10)


if __name__ == "__main__":
    raise SystemExit(main())
