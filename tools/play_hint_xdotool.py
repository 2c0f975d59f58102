"""Play a solo campaign chapter by real clicks, asking the Hint at every decision and playing exactly what it names.

    Xvfb :91 -screen 0 1280x800x24 &  DISPLAY=:91 openbox &
    DISPLAY=:91 .venv/bin/python tools/play_hint_xdotool.py --out /tmp/playhint   (start the chapter by hand first,
    or let --campaign click Campaign, a new profile and chapter 1)

Two processes. The game runs as `play_hint_xdotool.py --game` (the real app, tester hook on): before it starts,
this file wraps the board's `hint_for` so every Hint shown is written to <out>/hints.jsonl (its text, the steps of
the whole move, the log index it was asked at) and `Game.play` so the log length is written to <out>/live.json;
once the log has gone past the hinted move, the wrapper checks the Hint's reason against the game
(tests/support/hint_claims.py: the move played on a copy of the real position, every claim asserted) and checks
that the log holds exactly the hinted steps and that the real position after them is the one the claims were read
on (claims, verdicts, Void count, phase); the result is appended to <out>/checks.jsonl.
The driver (this file without --game) clicks: F10 for the click targets (scenes/selftest/debug_hook.py), the Hint
button when a decision is open and no hinted step is left, then each hinted step by what a person clicks — the
ringed space or totem circle (and checks the ring's glow is drawn there), the glowing territory, Exchange (X), the
display card or the deck, Enter — and answers any screen over the board with Enter. Nothing of the game is changed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GLOW = (255, 170, 40)


# ---- the game process ------------------------------------------------------------------------------------------

def run_game(out: Path) -> int:
    """The real app with two recorders around it (no game file changed)."""
    sys.path.insert(0, str(ROOT / "tests" / "support"))
    import traceback

    from iwari_desktop.engine.core.game import Game
    from iwari_desktop.scenes.board import computer_turns

    pending: list[dict] = []
    board_of: dict = {}   # game -> its board's controller (for the display's slots as drawn)
    hints = out / "hints.jsonl"
    checks = out / "checks.jsonl"
    original_hint_for, original_play = computer_turns.hint_for, Game.play

    def hint_for(controller, action, adviser, asked_at=-1):
        board_of[id(controller.game)] = controller
        hint = original_hint_for(controller, action, adviser, asked_at=asked_at)
        n = sum(1 for _ in hints.open()) + 1 if hints.exists() else 1
        entry = {"n": n, "asked_at": asked_at, "text": hint.text, "steps": [str(s) for s in hint.steps],
                 "why": getattr(getattr(hint.reason, "why", None), "name", None), "log_len": len(controller.game.log),
                 "display": [str(c) for c in controller.state.display]}
        with hints.open("a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")
        pending.append({**entry, "game": controller.game, "before": controller.state.clone(), "reason": hint.reason,
                        "steps_obj": list(hint.steps)})
        return hint

    def check(p: dict, game) -> dict:
        from hint_claims import check_claims, toward
        from iwari_desktop.engine.rulesets.solo.data import data
        from iwari_desktop.engine.rulesets.solo.standing import standing

        start, steps = p["asked_at"], p["steps_obj"]
        played = game.log[start:start + len(steps)]
        result = {"n": p["n"], "text": p["text"], "steps": p["steps"], "played": [str(a) for a in played],
                  "exact": played == steps, "why": p["why"]}
        try:
            sim = check_claims(p["before"], p["reason"])
            result["claims"] = "held"
        except AssertionError as error:
            result["claims"] = "FAILED: " + (str(error) or traceback.format_exc(limit=2).splitlines()[-2].strip())
            return result
        real = p["after"]
        same = (standing(real).verdicts == standing(sim).verdicts and toward(real) == toward(sim)
                and real.phase == sim.phase and dict(data(real).claims) == dict(data(sim).claims))
        result["board_matches"] = bool(same)
        return result

    def play(self, action):
        original_play(self, action)
        live = {"log_len": len(self.log), "last": str(action), "display": [str(c) for c in self.state.display]}
        if id(self) in board_of:
            live["slots"] = [None if c is None else str(c) for c in board_of[id(self)].display_slots()]
        (out / "live.json").write_text(json.dumps(live), encoding="utf-8")
        for p in list(pending):
            if p["game"] is self and len(self.log) == p["asked_at"] + len(p["steps_obj"]):
                p["after"] = self.state.clone()
                pending.remove(p)
                try:
                    result = check(p, self)
                except Exception as error:   # noqa: BLE001 - a tester's record, never the game's
                    result = {"n": p["n"], "text": p["text"], "error": repr(error)}
                with checks.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(result) + "\n")

    computer_turns.hint_for = hint_for
    Game.play = play
    from iwari_desktop.app import run

    return run(["--windowed", "--size", "1280x720"])


# ---- the driver --------------------------------------------------------------------------------------------------

def xdo(*args: str) -> str:
    return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True).stdout.strip()


class Notes(list):
    """What the script noticed (no ring drawn, a click that played nothing), written to the log at once."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def append(self, note: str) -> None:
        super().append(note)
        with self.path.open("a", encoding="utf-8") as f:
            f.write(f"NOTE {note}\n")


class Driver:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.dump = out / "targets.json"
        self.shots = 0
        self.notes = Notes(out / "driver.log")

    def origin(self) -> tuple[int, int]:
        """The game window's top-left on the screen (the click targets are window pixels)."""
        info = subprocess.run(["xwininfo", "-id", xdo("getactivewindow")], capture_output=True, text=True).stdout
        x = int(info.split("Absolute upper-left X:")[1].split()[0])
        y = int(info.split("Absolute upper-left Y:")[1].split()[0])
        return x, y

    def click(self, pos, button: int = 1) -> None:
        ox, oy = self.origin()
        xdo("mousemove", str(int(pos[0]) + ox), str(int(pos[1]) + oy))
        time.sleep(0.08)
        xdo("click", str(button))
        time.sleep(0.25)

    def key(self, name: str) -> None:
        xdo("key", name)
        time.sleep(0.25)

    def shot(self, name: str) -> Path:
        path = self.out / f"{name}.png"
        subprocess.run(["import", "-window", "root", str(path)], check=True)
        return path

    def targets(self) -> dict | None:
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

    def log_len(self) -> int:
        try:
            return json.loads((self.out / "live.json").read_text())["log_len"]
        except (OSError, ValueError):
            return 0

    def hints(self) -> list[dict]:
        path = self.out / "hints.jsonl"
        return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []

    def glow_near(self, pos, radius: int = 30) -> bool:
        """Whether the Hint's glow colour is drawn within `radius` px of `pos` (read from a real screenshot)."""
        import pygame

        img = pygame.image.load(str(self.shot("_probe")))
        ox, oy = self.origin()
        x0, y0 = int(pos[0]) + ox, int(pos[1]) + oy
        for x in range(max(0, x0 - radius), min(img.get_width(), x0 + radius)):
            for y in range(max(0, y0 - radius), min(img.get_height(), y0 + radius)):
                r, g, b, *_ = img.get_at((x, y))
                if abs(r - GLOW[0]) < 12 and abs(g - GLOW[1]) < 12 and abs(b - GLOW[2]) < 12:
                    return True
        return False

    def gesture(self, t: dict, step: str) -> None:
        """The click a person makes for one hinted step, the Hint having picked its cards."""
        from iwari_desktop.engine.core.actions import Draw, Exchange, Place, PlaceTent, PlaceTotem, parse_action
        from iwari_desktop.engine.rulesets.solo.actions import FreePlace, VoidChoice, VoidPlay

        a = parse_action(step)
        if isinstance(a, PlaceTent):
            pos = t["spaces"][str(a.space)]
            if not self.glow_near(pos):
                self.notes.append(f"no ring drawn on space {a.space} for {step}")
            self.click(pos)
        elif isinstance(a, PlaceTotem):
            territory = next((k for k in t["totem_spaces"] if t["lit_territories"] and int(k) in t["lit_territories"]),
                             None)
            ring = [p for k, p in t["totem_spaces"].items() if self.glow_near(p, 26)] if territory is None else []
            pos = t["totem_spaces"][territory] if territory is not None else (ring[0] if ring else None)
            if pos is None:
                self.notes.append(f"no totem circle ringed for {step}: pressed T")
                self.key("t")
            else:
                self.click(pos)
        elif isinstance(a, (Place, FreePlace)) or (isinstance(a, VoidPlay) and a.territory is not None):
            self.click(t["territories"][str(a.territory)])
        elif isinstance(a, VoidChoice):
            self.click(t["spaces"][str(a.target)] if a.space else t["territories"][str(a.target)])
        elif isinstance(a, Exchange):
            self.key("x")
        elif isinstance(a, Draw):
            if a.card is None:
                self.click(t["deck"])
            else:
                # a taken card leaves a gap until the refill and refilled cards take the free slots: the board's
                # own slots (written to live.json by the wrapper) say where each card is drawn
                slots = json.loads((self.out / "live.json").read_text()).get("slots") or []
                if str(a.card) not in slots:
                    self.notes.append(f"display slots unclear for {step}: {slots}")
                self.click(t["display_rects"][slots.index(str(a.card)) if str(a.card) in slots else 0])
        else:
            self.key("Return")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--game", action="store_true", help="run the game with the recorders (started by the driver)")
    parser.add_argument("--gestures", type=int, default=900)
    parser.add_argument("--hint-wait", type=float, default=25.0)
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.game:
        return run_game(out)
    d = Driver(out)
    steps: list[str] = []
    done_at = -1
    ignored = 0
    log = open(out / "driver.log", "a", encoding="utf-8")
    for _ in range(args.gestures):
        t = d.targets()
        if t is None:   # a screen over the board
            d.key("Return")
            time.sleep(0.4)
            continue
        if t["over"]:
            d.shot("game-over")
            print("game over", file=log, flush=True)
            return 0
        n = d.log_len()
        if steps and n >= done_at:
            steps = []
        if not t["legal"]:
            d.key("Return")   # End turn
            time.sleep(0.5)
            continue
        if not steps:
            if "hint" not in t["buttons"]:
                print("no hint button", t["phase"], file=log, flush=True)
                d.key("Return")
                continue
            known = len(d.hints())
            d.click(t["buttons"]["hint"])
            xdo("mousemove", "640", "10")
            for _ in range(int(args.hint_wait / 0.25)):
                time.sleep(0.25)
                if len(d.hints()) > known:
                    break
            else:
                standing = d.hints()[-1] if d.hints() else None
                if standing is None or standing["asked_at"] != n:   # a hint standing for this position is said again
                    d.notes.append(f"no hint within {args.hint_wait}s at log {n}")
                    print("no hint", n, file=log, flush=True)
                    continue
            time.sleep(0.4)
            h = d.hints()[-1]
            d.shot(f"hint-{h['n']:03d}")
            steps = list(h["steps"])
            done_at = h["asked_at"] + len(steps)
            print(f"hint {h['n']} @{h['asked_at']}: {h['text']} | steps {steps}", file=log, flush=True)
            t = d.targets() or t
        k = d.log_len() - (done_at - len(steps))
        if k >= len(steps):
            steps = []
            continue
        step = steps[k]
        before = d.log_len()
        d.gesture(t, step)
        for _ in range(20):
            if d.log_len() > before:
                break
            time.sleep(0.1)
        else:
            d.notes.append(f"click for {step} did not play it (log {before})")
            d.shot(f"ignored-{before:03d}")
            print("IGNORED", step, file=log, flush=True)
            if step == "totem":   # the ringed circle refused: the key the prompt names plays the same move
                d.key("t")
                time.sleep(0.5)
                if d.log_len() > before:
                    d.notes.append(f"totem played with T after the ringed circle's click was refused (log {before})")
                    ignored = 0
                    continue
            ignored += 1
            if ignored >= 3:   # give up on this hint: ask again
                d.notes.append(f"gave up on {step}")
                steps, ignored = [], 0
            continue
        ignored = 0
        print(f"  played {step} -> log {d.log_len()}", file=log, flush=True)
    print("notes", d.notes, file=log, flush=True)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
