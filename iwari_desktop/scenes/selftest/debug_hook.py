"""A tester's hook, off unless IWARI_DEBUG_BOT=1: a bot presses for the current player, and a dump of click targets.

Playing six expansion maps to the end by hand is too slow to verify them as a person would. With
the variable set, F9 makes a bot play one gesture for whoever is on turn (Shift+F9: up to 40, stopping
at any overlay), through `smoke_driver.bot_step` — the same `GameController` calls a click makes; in a
game against the Void the `solo` bot through `solo_driver.void_step` — and
F10 writes the screen points of the board's click targets to IWARI_DEBUG_DUMP (default
iwari-debug.json in the temp folder), so an outside script (xdotool) can click them for real.
Without the variable neither key does anything: a player never meets this.

The board never imports this module: the app hands it in as `app.tester_hook` (app.py is the one
place that wires test-only parts), and `ui/intents.py` decides whether F9/F10 are keys at all.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from ..ui.intents import DEBUG_BURST as BURST, DEBUG_ENV as ENV, debug_keys_on as enabled  # noqa: F401

DUMP_ENV = "IWARI_DEBUG_DUMP"


def dump_path() -> Path:
    return Path(os.environ.get(DUMP_ENV) or Path(tempfile.gettempdir()) / "iwari-debug.json")


def bot_press(board, count: int) -> int:
    """Let a bot play up to `count` gestures for the player on turn; stops when another screen opens.

    Returns the gestures played. A gesture the controller refuses ends the burst with its reason shown.
    """
    import random

    from iwari_desktop.engine.bots.normal import NormalBot
    from iwari_desktop.engine.bots.solo import SoloBot
    from .smoke_driver import DriverError, bot_step
    from .solo_driver import void_step

    against_void = board.controller.void_view() is not None
    bot = getattr(board, "_debug_bot", None)
    if bot is None:
        seed = len(board.controller.game.log)
        bot = board._debug_bot = SoloBot(seed=seed) if against_void else NormalBot(seed=seed)
    rng = random.Random(len(board.controller.game.log))

    def step(controller, chooser) -> None:
        """The Void's steps are gestures the base driver does not make: the solo driver makes them."""
        if against_void:
            void_step(controller, rng, chooser)
        else:
            bot_step(controller, chooser)
    played = 0
    while played < count and board.app.stack.top is board and not (
            board.controller.over and not board.controller.turn_done):
        try:
            step(board.controller, bot)
        except DriverError as error:
            board.controller.notify(str(error))
            break
        played += 1
        board._after()
    return played


def _inside(board, territory: int) -> tuple[int, int] | None:
    """A screen point that clicks `territory` and nothing else on it (no space, token nor totem stack)."""
    view = board.view
    poly = view.board.territories[territory].polygon
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    points = []
    for i in range(24):
        for j in range(24):
            points.append((min(xs) + (max(xs) - min(xs)) * (i + 0.5) / 24, min(ys) + (max(ys) - min(ys)) * (j + 0.5) / 24))
    points.sort(key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
    for p in points:
        pos = view.to_screen(p)
        if (view.territory_at(pos) == territory and view.space_at(pos) is None and view.totem_at(pos) is None
                and board.flow.token_at(pos) is None and view.connection_at(pos) is None):
            return pos
    return None


def targets(board) -> dict:
    """The board's click targets now, in screen pixels (what F10 writes)."""
    c = board.controller
    view = board.view
    state = c.state
    hud = board.hud
    spaces = {s.index: view.to_screen(s.position) for s in state.board.spaces}
    return {
        "top": type(board.app.stack.top).__name__,
        "phase": state.phase.name,
        "current": state.active_seat,
        "over": c.over,
        "prompt": c.prompt(),
        "hand": [str(card) for card in c.hand()],
        "hand_rects": [list(r.center) for r in hud.hand_rects],
        "display_rects": [list(r.center) for r in hud.display_rects],
        "display": [None if card is None else card.key for card in c.display_slots()],   # the slot under each rect
        "deck": list(hud.deck_rect.center),
        "buttons": {name: list(b.rect.center) for name, b in
                    {**board._buttons, **getattr(board, "_online_buttons", {})}.items() if b.visible},
        "territories": {t.index: _inside(board, t.index) for t in state.board.territories},
        "spaces": spaces,
        "ruin_spaces": [s.index for s in state.board.spaces if s.is_ruin_space],
        "totem_spaces": {t.index: view.to_screen(t.totem_space) for t in state.board.territories
                         if t.totem_space is not None},
        "connections": {c_.number: view.to_screen(c_.position) for c_ in state.board.connections},
        "tokens": {t: view.to_screen(p) for t, p in board.flow.waiting_tokens().items()},
        "lit_territories": sorted(c.lit_territories()),
        "lit_spaces": sorted(c.lit_spaces()),
        "lit_connections": sorted(c.lit_connections()),
        "lit_points": [list(p) for p, _ in board.flow.lit_points()],
        "unexplored": _unexplored(state),
        "legal": [str(a) for a in c.legal()][:200],
        # at an online table (scenes/online): whose turn this computer plays, an intent still unanswered, the score
        "my_turn": getattr(c, "my_turn", True),
        "waiting": getattr(c, "waiting", None),
        "held": getattr(c, "held", None),
        "log_len": len(c.game.log),
        "scores": list(state.scores),
        "names": [t.name for t in state.tribes],
    }


def _unexplored(state) -> list[int]:
    """Territories with no tent yet (B8), so a tester can aim for the last one (Courage, E9)."""
    from iwari_desktop.engine.rulesets.courage import unexplored_territories

    return list(unexplored_territories(state))


def dump(board) -> Path:
    """Write `targets(board)` as JSON (temp file + rename) and return where."""
    path = dump_path()
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(targets(board), default=str, indent=1), encoding="utf-8")
    tmp.replace(path)
    return path
