"""A six-tribe game on The Void against five computers, played through the board's controller (issue #19):
the set-up the game-log, rings, level and main-button tests share.

The computers' moves come from quick seeded bots (the Easy player) handed to `play_computer`, the path
the window's computer turns take, so no thread and no pace are involved.
"""

from __future__ import annotations

from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, PlayerSpec
from iwari_desktop.engine.bots.registry import make_bot
from iwari_desktop.engine.core.config import PLAYER_COLOURS, SIXTH_COLOUR

LEVELS = [None, "easy", "normal", "hard", "normal", "hard"]
NAMES = ["Tester", "Kiona", "Aiyana", "Dyani", "Elsu", "Hakan"]


def six_on_the_void(levels: list[str | None] = LEVELS, seed: int = 7) -> Game:
    colours = PLAYER_COLOURS + (SIXTH_COLOUR,)
    specs = tuple(PlayerSpec(NAMES[i], colours[i], level) for i, level in enumerate(levels))
    return Game.new(GameConfig("the-void", specs, seed, BASE_FEATS, first_player=0))


def open_six(app, levels: list[str | None] = LEVELS, seed: int = 7):
    """The board of `six_on_the_void`, with nothing over it; its own computer turns stand still."""
    from iwari_desktop.scenes.board.board import BoardScene

    board = BoardScene(app, six_on_the_void(levels, seed), autosave=False)
    board.computers.step = lambda now=None: False  # the test plays the computers itself (`one_step`), no threads
    app.stack.push(board)
    app.step(0)
    close_overlays(app, board)
    return board


def close_overlays(app, board, draw: bool = True) -> None:
    """Take whatever the board opened over itself (an announcement, the scoring, a handoff) off again; then a step
    of the app, drawn unless `draw` is False (`step_unseen`)."""
    from iwari_desktop.scenes.board.overlays import HandoffOverlay

    while app.stack.top is not board:
        top = app.stack.top
        if isinstance(top, HandoffOverlay):
            top.confirm()
        elif top.name == "scoring":  # walked through: its reports count as shown, or the board opens it again
            top.skip()
            top.close()
        else:
            app.stack.pop()
    app.step(0) if draw else step_unseen(app)


def step_unseen(app) -> None:
    """`app.step(0)` without its frame: events, updates and the screens' flow as ever, nothing drawn. For the
    steps `play_until` passes through on its way to the state a test looks at (hundreds of frames a game nobody
    reads, issue #32); the app stays due a redraw, so its next step draws what stands then."""
    app.draw = lambda: None   # shadows the method for this one step
    try:
        app.step(0)
    finally:
        del app.draw


def one_step(app, board, bots: dict, draw: bool = True) -> None:
    """One step of play: a finished turn passed on, a computer's move, or a move of the person's seat (its frame
    drawn unless `draw` is False)."""
    c = board.controller
    if c.turn_done:
        c.confirm()
    elif c.computer_to_move:
        seat = c.state.active_seat
        c.play_computer(bots.setdefault(seat, make_bot("easy", seat)).choose(c.state))
    else:
        if c.needs_handoff:
            c.accept_handoff()
        seat = c.state.active_seat
        c._submit(bots.setdefault(seat, make_bot("easy", seat)).choose(c.state))
    board._after()
    close_overlays(app, board, draw)


def play_until(app, board, done, limit: int = 3000) -> dict:
    """Steps until `done(controller)`; returns the bots (to go on with the same ones). Only the state reached is
    drawn (one frame at the end), not every step on the way."""
    bots: dict = {}
    unseen = False
    for _ in range(limit):
        if done(board.controller):
            if unseen:
                app.step(0)
            return bots
        one_step(app, board, bots, draw=False)
        unseen = True
    raise AssertionError("the game did not get there")


def your_turn_after_rounds(rounds: int):
    """`done` for `play_until`: seat 0 at the start of its turn after `rounds` turns of its own."""
    def done(c) -> bool:
        return (c.state.turns_taken[0] >= rounds and c.state.active_seat == 0 and not c.turn_done
                and not c.over and c.state.phase.value == "main")
    return done
