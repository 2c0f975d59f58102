"""Go on playing the board that is open in a running game window, by real clicks, asking the Hint each turn.

    DISPLAY=:82 .venv/bin/python tools/play_on_xdotool.py --dump /tmp/run/targets.json --out /tmp/run --actions 120

For a playtest that a person set up by hand (a campaign chapter started through its briefing, a game in
German): the game must run with the tester hook (IWARI_DEBUG_BOT=1, IWARI_DEBUG_DUMP=<--dump>). Unlike
`play_solo_xdotool.py` it does not start the game; it takes the active window and, until --actions actions are
made or the game ends: clicks the Hint at the start of each turn of the player and screenshots the board
once the Hint's line is shown (`hint-NNN.png`), makes one legal action with the xdotool player of
`play_solo_xdotool.py`, answers any screen over the board (the Void's steps, a Corruption, an announcement)
with Next (Enter) after screenshotting it (`over-NNN.png`), and prints one line per action.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.play_solo_xdotool import Player, xdo  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", required=True, help="the IWARI_DEBUG_DUMP file of the running game")
    parser.add_argument("--out", required=True, help="folder for the screenshots")
    parser.add_argument("--actions", type=int, default=200, help="actions at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hint-wait", type=float, default=6.0, help="seconds given to the Hint")
    parser.add_argument("--overlay-shots", type=int, default=20, help="screens over the board to keep")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    player = Player(xdo("getactivewindow"), Path(args.dump), out, random.Random(args.seed))
    overlays = hints = 0
    last_phase = ""
    for n in range(args.actions):
        t = player.targets()
        if t is None:  # the Void's steps, a Corruption, an announcement, the end screen
            overlays += 1
            if overlays <= args.overlay_shots:
                player.shot(f"over-{overlays:03d}")
            player.key("Return")
            time.sleep(0.4)
            if overlays > 3 * args.actions:
                return 1
            continue
        if t["over"]:
            player.shot("game-over")
            print(f"the game is over after {n} actions", flush=True)
            return 0
        hint = t["buttons"].get("hint")
        choosing = "MAIN" if t["phase"] == "MAIN" and t["legal"] else t["phase"]  # a MAIN with no choice: End turn
        turn_starts = choosing == "MAIN" and last_phase != "MAIN"  # the turn's first choice
        last_phase = choosing
        if hint and turn_starts:
            player.click(hint)
            time.sleep(args.hint_wait)
            xdo("mousemove", "640", "20")
            hints += 1
            player.shot(f"hint-{hints:03d}")
            t = player.targets() or t
        print(t["phase"], player.play(t), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
