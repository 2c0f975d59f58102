"""Play whole online games between two game windows by real clicks and keys (xdotool): a host and a joiner.

Set-up (as root, two clean clones, each with its own venv from its own Makefile; pip needs the network, so this
runs outside any namespace):

    git clone /work/wt/online-play /tmp/op/host && git clone /work/wt/online-play /tmp/op/join
    (cd /tmp/op/host && make .venv/.runtime) && (cd /tmp/op/join && make .venv/.runtime)

Then everything inside one network namespace of its own (only `lo`), so the Join screen's zeroconf browsing and
the hosted table's advertising never leave it:

    unshare -n sh -c 'ip link set lo up
      Xvfb :77 -screen 0 1280x800x24 & Xvfb :78 -screen 0 1280x800x24 & sleep 1
      DISPLAY=:77 openbox & DISPLAY=:78 openbox & sleep 1
      /tmp/op/host/.venv/bin/python /tmp/op/host/tools/play_online_xdotool.py --mode table --drop --chat --again \\
          --out /tmp/op/run-table'
    ... --mode coop --out /tmp/op/run-coop                           (co-op against the Void, two partners)
    /tmp/op/host/.venv/bin/iwari serve --port 7979 --store /tmp/op/store > /tmp/op/serve.log 2>&1 &   (a terminal)
    ... --mode table --server 127.0.0.1:7979 --serve-log /tmp/op/serve.log --chat --again --out /tmp/op/run-serve
    ... --mode coop --server 127.0.0.1:7979 --serve-log /tmp/op/serve.log --out /tmp/op/run-serve-coop
    ... --attach (same --out): go on with two windows already at the table; --resume: start both games again and
        click Continue on each (the host's table reopens from its save), then play on

Each window runs its own clone's `.venv/bin/iwari --windowed --size 1280x720` with its own HOME and XDG folders
under --out, SDL_AUDIODRIVER=dummy and the tester hook (IWARI_DEBUG_BOT=1, IWARI_DEBUG_DUMP: F10 writes the board's
click targets, legal actions, whose turn this computer plays and the scores; scenes/selftest/debug_hook.py). Every
gesture is a real click or key through `Player` of tools/play_solo_xdotool.py. The host clicks Play online → Host a
table (3 seats: a person here, one online seat, an Easy computer; `--mode coop`: Host co-op against the Void) →
Open the table, and reads the join code from its console line (the same code its Lobby shows); the joiner clicks
Play online → Join a table, types its name, 127.0.0.1, the port and the code, Join the table, Sit here, Ready; the
host Starts. Then each window plays its own seat whenever the board says it is this computer's turn (a legal
action from the dump, clicked), answers any screen over the board (the half journey, an announcement, the Void's
steps) with Enter between rivals and Esc in co-op (`overlay_key`: never Enter twice in a row where "Leave the
table?" may be asked), and stops when both boards say the game is over, with the final scoring or the co-op end
screen photographed on both. `--chat`: one line from each side through the board's Chat button. `--drop`: the
joiner's game is killed (kill -9) in the middle of one of its turns (after its first action), the host lets a
computer play that seat, the joiner's game starts again and clicks Continue, and its board must equal the host's
(log length and scores).
`--again`: the host clicks Play again at the end and both boards must show the new game. Screenshots (both
screens) go to --out; one line per event on the console and a summary JSON in <out>/summary.json.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.play_solo_xdotool import Player, display_env, game_window, xdo  # noqa: E402

SIZE = (1280, 720)
CODE_LINE = re.compile(r"table ([A-Z0-9]{4,8}): created by")


# ---- pure logic (tests/tools/test_play_online_xdotool.py) ---------------------------------------------------
def table_code(console: str) -> str | None:
    """The join code of the newest table a console made ("table K7QM4P: created by Ann (…)"), None if none yet."""
    codes = CODE_LINE.findall(console)
    return codes[-1] if codes else None


def next_move(t: dict | None) -> str:
    """What a window should do now, from its board's dump: "over" (the game ended), "overlay" (another screen is
    on top: answer it), "play" (a legal action of this computer's seat), "end" (this computer's turn with nothing
    left to choose: End turn), "wait" (another seat's turn, or the table's answer is awaited)."""
    if t is None:
        return "overlay"
    if t.get("over"):
        return "over"
    if not t.get("my_turn", True) or t.get("waiting"):
        return "wait"
    return "play" if t.get("legal") else "end"


def overlay_key(mode: str, in_a_row: int) -> str:
    """The key that answers a screen over the board, `in_a_row` screens after the board was last seen.

    Between rivals Enter (Next in a scoring, Understood, the Void's steps): nothing there asks to leave. In co-op
    Esc (Skip the Void's steps; the end screen back to the board, where the dump says the game is over) and every
    third time Enter, for an announcement that only Enter closes: Enter on the end screen would ask "Leave the
    table?", and a second Enter would leave it, so Enter never comes twice in a row."""
    if mode != "coop":
        return "Return"
    return "Return" if in_a_row % 3 == 2 else "Escape"


def tracebacks(log_text: str) -> list[str]:
    """The first line after each 'Traceback' in a game's log (what went wrong, for the report)."""
    lines = log_text.splitlines()
    found = []
    for i, line in enumerate(lines):
        if line.startswith("Traceback"):
            tail = next((x for x in lines[i + 1:] if x and not x.startswith((" ", "\t"))), "?")
            found.append(tail)
    return found


# ---- where things are on the screens that are not the board ---------------------------------------------------
@dataclass
class Layout:
    """Screen points of the menus' and online screens' widgets at 1280×720, laid out off screen in this process
    (the same code as the windows run), as play_solo_xdotool.start_positions does for Solo."""

    menu: dict[str, tuple[int, int]] = field(default_factory=dict)
    online: dict[str, tuple[int, int]] = field(default_factory=dict)
    host: dict[str, tuple[int, int]] = field(default_factory=dict)
    host_kinds: list[tuple[int, int]] = field(default_factory=list)
    coop: dict[str, tuple[int, int]] = field(default_factory=dict)
    join: dict[str, tuple[int, int]] = field(default_factory=dict)
    lobby: dict[str, tuple[int, int]] = field(default_factory=dict)
    chat: dict[str, tuple[int, int]] = field(default_factory=dict)
    scoring_again: tuple[int, int] = (0, 0)


def layout(scratch: Path) -> Layout:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    for key in ("IWARI_DATA_DIR", "IWARI_CONFIG_DIR", "IWARI_CACHE_DIR"):
        os.environ[key] = str(scratch / key.lower())
    from iwari_desktop.app import App
    from iwari_desktop.i18n import _
    from iwari_desktop.scenes.online import online_lobby as lobby
    from iwari_desktop.scenes.online.online_chat import ChatOverlay
    from iwari_desktop.scenes.online.online_host import HostCoopScene, HostScene
    from iwari_desktop.scenes.online.online_join import JoinScene
    from iwari_desktop.scenes.online.online_menu import OnlineMenuScene

    app = App(size=SIZE, fullscreen=False)
    out = Layout()
    out.menu = {k: tuple(b.rect.center) for k, b in app.stack.top.buttons.items()}

    def live(scene) -> list:
        app.stack.push(scene)
        app.step(0)
        widgets = [w for w in scene.widgets if w.alive()]
        return widgets

    def by_text(widgets, text: str) -> tuple[int, int]:
        return tuple(next(w for w in widgets if getattr(w, "text", None) == text).rect.center)

    menu = OnlineMenuScene(app)
    live(menu)
    out.online = {k: tuple(b.rect.center) for k, b in menu.buttons.items()}
    host = HostScene(app)
    widgets = live(host)
    out.host = {"open": by_text(widgets, _("Open the table")), "server": tuple(host.server_entry.rect.center)}
    out.host_kinds = [tuple(b.rect.center) for b in host.seat_buttons]
    app.stack.pop()
    coop = HostCoopScene(app)
    widgets = live(coop)
    out.coop = {"open": by_text(widgets, _("Open the table")), "server": tuple(coop.server_entry.rect.center)}
    app.stack.pop()
    join = JoinScene(app)
    live(join)
    out.join = {k: tuple(e.rect.center) for k, e in join.entries.items()}
    out.join["join"] = by_text(join.widgets, _("Join the table"))
    join.back()
    r = app.ui.rect
    out.lobby = {f"sit{i}": tuple(r(580, lobby.ROW_TOP + i * lobby.ROW_PITCH + 6, 140, 38).center) for i in range(6)}
    out.lobby.update(ready=tuple(r(1010, 652, 230, 48).center), start=tuple(r(1010, 652, 230, 48).center),
                     chat=tuple(r(776, 568, 330, 40).center), send=tuple(r(1114, 568, 110, 40).center))
    chat = ChatOverlay(app, SimpleNamespace(chat=[]))   # its layout needs no table
    widgets = live(chat)
    out.chat = {"send": by_text(widgets, _("Send")), "close": by_text(widgets, _("Close"))}
    out.scoring_again = (app.ui.px(40) + app.ui.px(110), SIZE[1] - app.ui.px(60) + app.ui.px(25))
    app.close() if hasattr(app, "close") else None
    return out


# ---- one window ---------------------------------------------------------------------------------------------
class Side:
    """One game window: its clone, its X display, its own HOME and XDG folders, its log."""

    def __init__(self, label: str, clone: Path, display: str, out: Path, seed: int) -> None:
        self.label, self.clone, self.display, self.out = label, clone, display, out / label
        self.out.mkdir(parents=True, exist_ok=True)
        self.dump = self.out / "targets.json"
        self.log = self.out / "game.log"
        self.rng = random.Random(seed)
        self.proc: subprocess.Popen | None = None
        self.player: Player | None = None
        self.shots = 0
        self.last: dict | None = None
        self.starts = 0

    def env(self) -> dict[str, str]:
        home = self.out / "home"
        env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / ".local/share"),
                   XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"), DISPLAY=self.display,
                   SDL_AUDIODRIVER="dummy", IWARI_DEBUG_BOT="1", IWARI_DEBUG_DUMP=str(self.dump))
        for key in ("SDL_VIDEODRIVER", "IWARI_DATA_DIR", "IWARI_CONFIG_DIR", "IWARI_CACHE_DIR", "IWARI_LANG"):
            env.pop(key, None)
        return env

    def launch(self) -> None:
        self.starts += 1
        with self.log.open("a", encoding="utf-8") as log:
            log.write(f"---- start {self.starts} at {time.strftime('%H:%M:%S')} ----\n")
        self.proc = subprocess.Popen([str(self.clone / ".venv/bin/iwari"), "--windowed", "--size", "%dx%d" % SIZE],
                                     env=self.env(), cwd=self.out, stdout=self.log.open("a"),
                                     stderr=subprocess.STDOUT)
        # the active window of this display, once the game's window is up
        window = game_window(self.display)
        if not window:
            raise RuntimeError(f"{self.label}: the game window never appeared")
        self.player = Player(window, self.dump, self.out, self.rng, display=self.display)
        time.sleep(1.5)

    def kill9(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        say(f"{self.label}: kill -9 {self.proc.pid}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    # gestures
    def click(self, pos, button: int = 1) -> None:
        self.player.click(pos, button)

    def key(self, name: str) -> None:
        self.player.key(name)

    def type(self, text: str) -> None:
        xdo("type", "--window", self.player.window, "--delay", "40", text, display=self.display)
        time.sleep(0.2)

    def replace_text(self, pos, text: str) -> None:
        """Click a text field, select what it holds and type over it."""
        self.click(pos)
        xdo("key", "--window", self.player.window, "ctrl+a", display=self.display)
        time.sleep(0.1)
        xdo("key", "--window", self.player.window, "BackSpace", display=self.display)
        self.type(text)

    def shot(self, name: str) -> Path:
        if self.player is not None:     # the pointer off the map first: no tooltip over the picture
            xdo("mousemove", "--window", self.player.window, "470", "14", display=self.display)
            time.sleep(0.4)
        self.shots += 1
        path = self.out / f"{self.shots:03d}-{name}.png"
        subprocess.run(["import", "-window", "root", str(path)], check=True, env=display_env(self.display))
        return path

    def targets(self) -> dict | None:
        t = self.player.targets()
        if t is not None and t.get("top") in ("OnlineBoardScene",):
            self.last = t
        return t


def say(line: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} {line}", flush=True)


def wait_for(what: str, condition, seconds: float = 30.0, every: float = 0.3):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise TimeoutError(f"timed out: {what}")


# ---- the scenario -------------------------------------------------------------------------------------------
class Table:
    def __init__(self, args, lay: Layout) -> None:
        self.args, self.lay = args, lay
        out = Path(args.out)
        self.host = Side("host", Path(args.host_clone), args.host_display, out, args.seed)
        self.join = Side("join", Path(args.join_clone), args.join_display, out, args.seed + 1)
        self.summary: dict = {"mode": args.mode, "server": args.server, "games": [], "events": []}
        self.code = ""
        self.port = 7878

    def note(self, line: str) -> None:
        say(line)
        self.summary["events"].append(f"{time.strftime('%H:%M:%S')} {line}")

    def first_start(self, side: Side) -> None:
        side.launch()
        side.shot("first-start")
        side.key("Escape")        # the first start offers Learn to play: Not now
        time.sleep(0.6)
        side.shot("menu")

    def open_table(self) -> None:
        h, lay = self.host, self.lay
        h.click(lay.menu["online"])
        time.sleep(0.8)
        if self.args.mode == "coop":
            h.click(lay.online["coop"])
            time.sleep(3.0)
            if self.args.server:
                h.replace_text(lay.coop["server"], self.args.server)
            h.shot("host-coop")
            h.click(lay.coop["open"])
        else:
            h.click(lay.online["host"])
            time.sleep(3.0)             # (the setup's map pictures take a few seconds the first time on this machine)
            third = lay.host_kinds[2]      # Online → Here → Easy: the third seat is an Easy computer
            h.click(third)
            time.sleep(0.3)
            h.click(third)
            time.sleep(0.3)
            if self.args.server:
                h.replace_text(lay.host["server"], self.args.server)
            h.shot("host-table")
            h.click(lay.host["open"])
        time.sleep(2.0)
        h.shot("lobby-host")
        if self.args.server:
            self.port = int(self.args.server.rsplit(":", 1)[1])
            console = Path(self.args.serve_log)
        else:
            console = h.log
        self.code = wait_for("the table's code on the console", lambda: table_code(console.read_text("utf-8")))
        self.note(f"table {self.code} on port {self.port} ({'iwari serve' if self.args.server else 'the host game'})")

    def join_table(self) -> None:
        j, lay = self.join, self.lay
        j.click(lay.menu["online"])
        time.sleep(0.8)
        j.click(lay.online["join"])
        time.sleep(1.5)
        j.replace_text(lay.join["name"], "Ben")
        j.replace_text(lay.join["address"], "127.0.0.1")
        j.replace_text(lay.join["port"], str(self.port))
        j.replace_text(lay.join["code"], self.code)
        j.shot("join-form")
        j.click(lay.join["join"])
        time.sleep(2.0)
        j.shot("lobby-join")
        j.click(lay.lobby["sit1"])
        time.sleep(1.0)
        j.click(lay.lobby["ready"])
        time.sleep(1.0)
        if self.args.chat:
            j.click(lay.lobby["chat"])
            j.type("Hello from Ben's computer!")
            j.key("Return")
            time.sleep(0.8)
            self.host.click(lay.lobby["chat"])
            self.host.type("Welcome, Ben. Starting now.")
            self.host.key("Return")
            time.sleep(0.8)
        j.shot("lobby-ready")
        self.host.shot("lobby-can-start")

    def start(self) -> None:
        self.host.click(self.lay.lobby["start"])
        wait_for("both boards", lambda: self.host.targets() and self.join.targets(), 40, 1.0)
        self.host.shot("board-start")
        self.join.shot("board-start")

    def chat_from(self, side: Side, text: str) -> None:
        t = side.targets()
        side.click(t["buttons"]["chat"])
        time.sleep(0.6)
        side.type(text)
        side.key("Return")
        time.sleep(0.6)
        side.shot("chat")
        side.click(self.lay.chat["close"])
        time.sleep(0.4)
        self.note(f"{side.label}: chat line sent through the board's Chat button")

    def drop_and_return(self) -> None:
        """kill -9 the joiner on its turn; the host lets a computer play; the joiner restarts and clicks Continue."""
        h, j = self.host, self.join
        before = j.last
        j.shot("before-kill")
        j.kill9()
        self.note(f"joiner killed mid-turn ({before['phase']}, log {before['log_len']})")
        t = wait_for("the host's away row", lambda: (x := h.targets()) and "computer1" in x["buttons"] and x, 60, 1.0)
        h.shot("dropped")
        h.click(t["buttons"]["computer1"])
        self.note("host: Computer plays seat 2 while Ben is away")
        wait_for("the stand-in to play", lambda: (x := h.targets()) and x["log_len"] > before["log_len"] + 1, 60, 1.0)
        h.shot("standin-played")
        j.launch()
        j.shot("restarted-menu")
        j.click(self.lay.menu["continue"])
        time.sleep(3.0)
        back = wait_for("the joiner's board after Continue", lambda: j.targets(), 40, 1.0)
        j.shot("rejoined")
        host_now = h.targets()
        same = host_now is not None and back["log_len"] == host_now["log_len"] and back["scores"] == host_now["scores"]
        self.note(f"joiner back by Continue: log {back['log_len']} vs host {host_now and host_now['log_len']}, scores "
                  f"{back['scores']} vs {host_now and host_now['scores']}: {'equal' if same else 'DIFFERENT'}")
        self.summary["rejoin_equal"] = same

    def play_to_end(self, label: str, drop: bool, chat: bool) -> dict:
        started = time.monotonic()
        sides = (self.host, self.join)
        done: dict[str, dict] = {}
        actions = {s.label: 0 for s in sides}
        joiner_turns = acted_this_turn = 0
        overlays = {s.label: 0 for s in sides}     # screens over the board answered in a row
        same = {s.label: 0 for s in sides}
        seen = {s.label: -1 for s in sides}
        was_joiner_turn = False
        chatted = set()
        dropped = False
        last_change, last_len = time.monotonic(), -1
        while len(done) < 2:
            for side in sides:
                if side.label in done:
                    continue
                t = side.targets()
                move = next_move(t)
                if move != "overlay":
                    overlays[side.label] = 0
                if t is not None and t["log_len"] != last_len:
                    last_len, last_change = t["log_len"], time.monotonic()
                if move == "over":
                    side.shot(f"{label}-over-board")
                    done[side.label] = {"scores": t["scores"], "names": t["names"], "log_len": t["log_len"]}
                    side.key("Return")            # See the result (co-op: the end screen)
                    time.sleep(1.5)
                    if self.args.mode == "coop":
                        side.shot(f"{label}-end-screen")
                    else:
                        side.shot(f"{label}-scoring-first")
                        side.key("Escape")        # Skip to the table
                        time.sleep(1.0)
                        side.shot(f"{label}-final-table")
                    self.note(f"{side.label}: game over, scores {t['scores']} ({t['names']})")
                    continue
                if move == "overlay":
                    side.key(overlay_key(self.args.mode, overlays[side.label]))
                    overlays[side.label] += 1
                    time.sleep(0.3)
                    continue
                mine = move in ("play", "end")
                if side is self.join:
                    if mine and not was_joiner_turn:
                        joiner_turns += 1
                        acted_this_turn = 0
                    was_joiner_turn = mine
                # mid-turn: the joiner's third turn, after its first action (cards played, a piece not yet placed)
                if drop and not dropped and side is self.join and mine and joiner_turns >= 3 and acted_this_turn:
                    dropped = True
                    self.drop_and_return()
                    break
                if chat and side.label not in chatted and mine and actions[side.label] >= 6:
                    chatted.add(side.label)
                    self.chat_from(side, f"Good move coming from {side.label}!")
                    continue
                if move == "play":
                    what = side.player.play(t)
                    actions[side.label] += 1
                    acted_this_turn += side is self.join
                    same[side.label] = same[side.label] + 1 if t["log_len"] == seen[side.label] else 0
                    seen[side.label] = t["log_len"]
                    if same[side.label] > 8:      # clicks that change nothing: stop and show the screen
                        side.shot(f"{label}-clicks-do-nothing")
                        raise RuntimeError(f"{side.label}: 8 clicked actions changed nothing ({what})")
                    say(f"{side.label} {t['phase']} {what}")
                    if actions[side.label] in (10, 40):
                        side.shot(f"{label}-mid")
                    time.sleep(0.3)
                elif move == "end":
                    side.key("Return")
                    time.sleep(0.3)
            if time.monotonic() - last_change > 120:
                for side in sides:
                    side.shot(f"{label}-stall")
                raise TimeoutError("no move for 120 s on either screen")
        game = {"label": label, "seconds": round(time.monotonic() - started), "actions_clicked": actions,
                "host": done["host"], "join": done["join"], "agree": done["host"]["scores"] == done["join"]["scores"]}
        self.summary["games"].append(game)
        self.note(f"{label}: over in {game['seconds']} s, host {done['host']['scores']}, "
                  f"joiner {done['join']['scores']}")
        return game

    def play_again(self) -> None:
        h, j = self.host, self.join
        h.click(self.lay.scoring_again)      # the host's final table: Play again
        time.sleep(2.0)                      # the joiner's results close by themselves when the new game arrives
        fresh = wait_for("both boards on the new game", lambda: (a := h.targets()) and (b := j.targets())
                         and not a["over"] and not b["over"] and a["log_len"] < 6 and (a, b), 40, 1.0)
        h.shot("again-board")
        j.shot("again-board")
        self.note(f"Play again: both boards on a new game (host log {fresh[0]['log_len']}, "
                  f"joiner {fresh[1]['log_len']})")
        self.summary["play_again"] = True

    def attach(self) -> None:
        """Take over two windows already at the table (a run of this script that stopped midway)."""
        for side in (self.host, self.join):
            window = game_window(side.display)
            if not window:
                raise RuntimeError(f"{side.label}: no game window on {side.display}")
            side.player = Player(window, side.dump, side.out, side.rng, display=side.display)
            side.shots = len(list(side.out.glob("*.png")))
        self.note("attached to the two windows at the table")

    def resume(self) -> None:
        """Both games start again (after the host's crash): the host clicks Continue and its table opens again from
        its save; the joiner clicks Continue and is back at its seat."""
        for side in (self.host, self.join):
            side.shots = len(list(side.out.glob("*.png")))
            side.launch()
            time.sleep(2.0)
            side.shot("restarted-menu")
            side.click(self.lay.menu["continue"])
            time.sleep(3.0)
            side.shot("continued")
        for side in (self.host, self.join):
            wait_for(f"{side.label}'s board after Continue", lambda s=side: s.targets(), 60, 1.0)
            side.shot("back-at-the-table")
        h, j = self.host.last, self.join.last
        self.note(f"after the host's restart: host log {h['log_len']} scores {h['scores']}, "
                  f"joiner log {j['log_len']} scores {j['scores']}")

    def run(self) -> int:
        try:
            if self.args.attach:
                self.attach()
            elif self.args.resume:
                self.resume()
            else:
                self.first_start(self.host)
                self.first_start(self.join)
                self.open_table()
                self.join_table()
                self.start()
            self.play_to_end(self.args.mode + (" on iwari serve" if self.args.server else ""), self.args.drop,
                             self.args.chat)
            if self.args.again:
                self.play_again()
            return 0
        finally:
            for side in (self.host, self.join):
                problems = tracebacks(side.log.read_text("utf-8", errors="replace")) if side.log.exists() else []
                self.summary[f"{side.label}_tracebacks"] = problems
            name = "summary-resumed.json" if self.args.attach or self.args.resume else "summary.json"
            (Path(self.args.out) / name).write_text(json.dumps(self.summary, indent=1), encoding="utf-8")
            if not self.args.keep:
                for side in (self.host, self.join):
                    side.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("table", "coop"), default="table")
    parser.add_argument("--host-clone", default="/tmp/op/host")
    parser.add_argument("--join-clone", default="/tmp/op/join")
    parser.add_argument("--host-display", default=":77")
    parser.add_argument("--join-display", default=":78")
    parser.add_argument("--server", default="", help="HOST:PORT of a running `iwari serve` to make the table on")
    parser.add_argument("--serve-log", default="", help="that server's console (the join code is read there)")
    parser.add_argument("--out", default="/tmp/op/run")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--drop", action="store_true", help="kill -9 the joiner on its turn, a computer stands in")
    parser.add_argument("--chat", action="store_true", help="a chat line from each side (lobby and board)")
    parser.add_argument("--again", action="store_true", help="Play again at the end")
    parser.add_argument("--keep", action="store_true", help="leave both windows open at the end")
    parser.add_argument("--resume", action="store_true",
                        help="start both games again and click Continue on each (same --out), then play on")
    parser.add_argument("--attach", action="store_true",
                        help="go on with the two windows already at the table (same --out; no set-up clicks)")
    args = parser.parse_args(argv)
    if args.server and not args.serve_log:
        parser.error("--server needs --serve-log (the join code is read from the server's console)")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    lay = layout(out / "layout")
    return Table(args, lay).run()


if __name__ == "__main__":
    raise SystemExit(main())
