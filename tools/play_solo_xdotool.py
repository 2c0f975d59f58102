"""Play one solo game against the Void with real mouse clicks and keys (xdotool), as a person would.

    xvfb-run -a -s "-screen 0 1280x800x24" sh -c 'openbox & .venv/bin/python tools/play_solo_xdotool.py'

Starts the game (`python -m iwari_desktop`, tester hook on: IWARI_DEBUG_BOT=1), clicks Solo in the menu
and Start game in the setup, then loops: F10 makes the board write its click targets and legal actions
(scenes/selftest/debug_hook.py); the script picks one legal action with a seeded RNG (a move of pieces, S9,
whenever one is offered) and makes it with clicks on hand cards, territories and spaces, and keys
(Enter, T, D, X); any screen over the board (the Void's steps, an announcement) is answered with Next
(Enter) or Skip (Esc). It stops at the end screen, saving screenshots (scrot) of the board during the
game and of the end screen into --out (with --overlay-shots N also the first N screens over the board, e.g.
the Void's steps), and prints one line per action it clicked.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def display_env(display: str | None) -> dict[str, str] | None:
    """The environment for a command on X display `display` (None: this process's own DISPLAY)."""
    return None if display is None else dict(os.environ, DISPLAY=display)


def xdo(*args: str, display: str | None = None) -> str:
    return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True,
                          env=display_env(display)).stdout.strip()


class Player:
    """Clicks and keys into one game window; `display` names its X display when a script drives several
    (tools/play_online_xdotool.py: a host and a joiner), None for this process's own DISPLAY."""

    def __init__(self, window: str, dump: Path, out: Path, rng: random.Random, display: str | None = None) -> None:
        self.window, self.dump, self.out, self.rng, self.display = window, dump, out, rng, display
        self.shots = 0

    def click(self, pos, button: int = 1) -> None:
        x, y = int(pos[0]), int(pos[1])
        xdo("mousemove", "--window", self.window, str(x), str(y), display=self.display)
        time.sleep(0.05)
        xdo("click", str(button), display=self.display)
        time.sleep(0.12)

    def key(self, name: str) -> None:
        xdo("key", "--window", self.window, name, display=self.display)
        time.sleep(0.15)

    def shot(self, name: str) -> None:
        path = self.out / f"{name}.png"
        subprocess.run(["scrot", "-o", str(path)], check=True, env=display_env(self.display))
        print("screenshot", path, flush=True)

    def targets(self) -> dict | None:
        """Ask the board for its click targets (F10); None when another screen is on top (no fresh dump)."""
        before = self.dump.stat().st_mtime_ns if self.dump.exists() else 0
        self.key("F10")
        for _ in range(20):
            time.sleep(0.05)
            if self.dump.exists() and self.dump.stat().st_mtime_ns != before:
                try:
                    return json.loads(self.dump.read_text(encoding="utf-8"))
                except json.JSONDecodeError:
                    continue
        return None

    # ---- gestures --------------------------------------------------------------------------------
    def select(self, t: dict, cards) -> None:
        """Exactly `cards` selected: a right click clears the selection, then a click per card."""
        self.click(t["territories"][next(iter(t["territories"]))] or (100, 100), button=3)
        hand = [int(c) for c in t["hand"]]
        used: set[int] = set()
        for card in cards:
            i = next(i for i, c in enumerate(hand) if c == int(card) and i not in used)
            used.add(i)
            self.click(t["hand_rects"][i])

    def territory(self, t: dict, index: int) -> None:
        self.click(t["territories"][str(index)])

    def space(self, t: dict, index: int) -> None:
        self.click(t["spaces"][str(index)])

    def play(self, t: dict) -> str:
        from iwari_desktop.engine.core.actions import (Draw, Exchange, Pass, Place, PlaceFeat, PlaceTent, PlaceTotem,
                                                       parse_action)
        from iwari_desktop.engine.rulesets.solo.actions import (Decline, FreePlace, MovePiece, MovePieces,
                                                                VoidChoice, VoidHand, VoidPlay, VoidSkip)

        legal = [parse_action(a) for a in t["legal"]]
        if not legal:
            self.key("Return")  # the turn is over: End turn / Continue
            return "end turn"
        most: dict = {}
        for a in legal:
            if isinstance(a, (Place, VoidPlay, MovePieces, FreePlace)):
                k = (type(a), getattr(a, "source", None), a.territory, getattr(a, "cards", ()),
                     getattr(a, "void_cards", 0))
                most[k] = max(most.get(k, 0), a.pieces)

        def clickable(a) -> bool:
            if isinstance(a, (Place, VoidPlay, MovePieces, FreePlace)):
                k = (type(a), getattr(a, "source", None), a.territory, getattr(a, "cards", ()),
                     getattr(a, "void_cards", 0))
                return a.pieces == most[k]
            return not isinstance(a, Draw) or a.card is None
        options = [a for a in legal if clickable(a)] or legal
        moves = [a for a in options if isinstance(a, MovePieces)]
        action = moves[0] if moves else self.rng.choice(options)
        if isinstance(action, Place):
            self.select(t, action.cards)
            self.territory(t, action.territory)
        elif isinstance(action, PlaceTent):
            self.space(t, action.space)
        elif isinstance(action, PlaceTotem):
            self.key("t")
        elif isinstance(action, Exchange):
            self.select(t, (action.card,))
            self.key("x")
        elif isinstance(action, Draw):
            if action.card is None:
                self.key("d")
            else:       # the slot that holds that card (a display running out leaves slots empty)
                slots = t.get("display") or []
                self.click(t["display_rects"][next((i for i, key in enumerate(slots) if key == action.card.key), 0)])
        elif isinstance(action, VoidPlay):
            from iwari_desktop.engine import Biome

            self.select(t, action.cards + (Biome.VOID,) * action.void_cards)
            if action.territory is None:
                self.key("Return")
            else:
                self.territory(t, action.territory)
        elif isinstance(action, VoidSkip):
            self.select(t, (action.card,))
            self.key("Return")
        elif isinstance(action, VoidChoice):
            self.space(t, action.target) if action.space else self.territory(t, action.target)
        elif isinstance(action, FreePlace):
            self.territory(t, action.territory)
        elif isinstance(action, MovePieces):
            self.select(t, action.cards)
            self.territory(t, action.source)
            self.territory(t, action.territory)
            self.shot("xplay-move")
        elif isinstance(action, MovePiece):
            if action.space is None:
                self.key("t")
            else:
                self.space(t, action.source_space)
                self.space(t, action.space)
        elif isinstance(action, PlaceFeat):   # an earned feat (base game): its lit territory or connection
            self.click(t["connections" if action.on_connection else "territories"][str(action.target)])
        elif isinstance(action, (Decline, VoidHand, Pass)):
            self.key("Return")
        return str(action)


def start_positions() -> tuple[tuple[int, int], tuple[int, int]]:
    """Where Solo (menu) and Start game (solo setup) are at 1280x720: the same layout, laid out off screen."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from iwari_desktop.app import App
    from iwari_desktop.engine.core.config import GameMode
    from iwari_desktop.scenes.setup.setup_mode import ModeSetupScene

    app = App(size=(1280, 720), fullscreen=False)
    solo = app.stack.top.buttons["solo"].rect.center
    setup = ModeSetupScene(app, GameMode.SOLO)
    app.stack.push(setup)
    app.step(0)
    from iwari_desktop.i18n import _

    start = next(w.rect.center for w in setup.widgets if getattr(w, "text", "") == _("Start game"))  # any IWARI_LANG
    return solo, start


def seen_the_offer(env: dict[str, str]) -> None:
    """A settings file that has already asked about Learn to play: the first start's offer would otherwise
    cover the menu and take the script's first click."""
    from iwari_desktop import storage

    before = {k: os.environ.get(k) for k in ("IWARI_CONFIG_DIR", "IWARI_LANG")}
    os.environ.update({k: env[k] for k in before if k in env})
    try:
        settings = storage.load_settings()
        settings.tutorial_offered = True
        storage.save_settings(settings)
    finally:
        for k, v in before.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def game_window(display: str | None = None) -> str:
    """The game's window id once it is up and active ("" if it never appears)."""
    env = display_env(display)
    for _ in range(100):
        time.sleep(0.2)
        wid = subprocess.run(["xdotool", "getactivewindow"], capture_output=True, text=True, env=env).stdout.strip()
        if wid and "Iwari" in subprocess.run(["xdotool", "getwindowname", wid], capture_output=True,
                                             text=True, env=env).stdout:
            return wid
    return ""


def launch(out: Path, seed: int) -> tuple[subprocess.Popen, Player | None]:
    """Start the game (tester hook on, fresh folders under `out`, the language of IWARI_LANG) and click Solo,
    then Start game; the player that clicks on, None when the window never appeared."""
    solo, start = start_positions()
    dump = out / "targets.json"
    env = dict(os.environ, IWARI_DEBUG_BOT="1", IWARI_DEBUG_DUMP=str(dump), IWARI_DATA_DIR=str(out / "data"),
               IWARI_CONFIG_DIR=str(out / "config"), IWARI_CACHE_DIR=str(out / "cache"))
    env.pop("SDL_VIDEODRIVER", None)
    seen_the_offer(env)
    game = subprocess.Popen([sys.executable, "-m", "iwari_desktop", "--windowed", "--size", "1280x720"], env=env,
                            cwd=ROOT)
    window = game_window()
    if not window:
        return game, None
    time.sleep(1.0)
    player = Player(window, dump, out, random.Random(seed))
    player.click(solo)
    time.sleep(0.5)
    player.click(start)
    time.sleep(1.0)
    return game, player


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(tempfile.gettempdir()) / "iwari-xplay"))
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--limit", type=int, default=1500, help="gestures at most")
    parser.add_argument("--overlay-shots", type=int, default=0, metavar="N",
                        help="also screenshot the first N screens over the board (the Void's steps, announcements)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    game, player = launch(out, args.seed)
    try:
        if player is None:
            print("error: the game window never appeared", file=sys.stderr)
            return 1
        overlays = played = 0
        seen_over = False
        for _ in range(args.limit):
            t = player.targets()
            if t is None:  # a screen over the board: the Void's steps, an announcement, the end screen
                overlays += 1
                if seen_over:
                    player.shot("xplay-end")
                    print(f"end screen reached after {played} actions", flush=True)
                    return 0
                if overlays <= args.overlay_shots:
                    player.shot(f"xplay-overlay-{overlays:03d}")
                player.key("Escape" if overlays % 3 else "Return")
                continue
            if t["over"]:
                seen_over = True
                player.shot("xplay-over-board")
                player.key("Return")  # See the result
                time.sleep(0.5)
                continue
            if played == 25:
                player.shot("xplay-mid")
            print(t["phase"], player.play(t), flush=True)
            played += 1
        print("error: the game did not end within the limit", file=sys.stderr)
        return 1
    finally:
        stop(game)


def stop(game: subprocess.Popen) -> None:
    """End the game window even when it does not answer the polite request in time."""
    game.terminate()
    try:
        game.wait(timeout=10)
    except subprocess.TimeoutExpired:
        game.kill()
        game.wait()


if __name__ == "__main__":
    raise SystemExit(main())
