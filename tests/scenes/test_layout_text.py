"""No text overlaps other text or leaves its box, in every scene's longest states (issue 13, item 2), in
English and in German (issue 12).

Each scene is rendered with a `TextRecorder` (see tests/support/layout_check.py) in the states that make
its text longest: the final round of the second journey, five players with 16-character names,
a refusal message, the pieces step, scoring steps and the final table; at 1280×720, 1280×800 and
1920×1080.
"""

from __future__ import annotations

import pytest

from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, Phase, PlayerSpec
from iwari_desktop.engine.bots.players import GreedyBot
from iwari_desktop.engine.core.config import PLAYER_COLOURS
from iwari_desktop.i18n import _, ngettext
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.selftest.smoke_driver import bot_step
from layout_check import faults, resize_undrawn
from scene_helpers import LONG, map_id

SIZES = [(1280, 720), (1280, 800), (1920, 1080)]
# every check runs in English and in German (about a third longer): text and widgets must fit both
LANGS = ["en", "de"]


def long_game(players: int = 5, seed: int = 8) -> Game:
    specs = tuple(PlayerSpec(LONG[i], PLAYER_COLOURS[i]) for i in range(players))
    return Game.new(GameConfig(map_id(), specs, seed, BASE_FEATS))


def open_board(app, game: Game) -> BoardScene:
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, game)
    board = app.stack.find(BoardScene)
    board.controller.accept_handoff()
    app.step(0)
    while app.stack.top is not board:
        app.stack.pop()
    return board


# The actions each `play_until` had the bot choose, kept per worker under the game, the moves made before, the
# bot's seed and the wanted moment (the lambda's code): a test's [en] and [de] play the same game to the same
# moments (the bot decides on the state alone, whatever the language), so the second replays the first's
# choices through the very same gestures instead of having the bot choose each again (a sixth of the file's time).
_CHOSEN: dict[tuple, tuple] = {}


class _Chosen:
    """A bot that plays `actions` in order, or, with none, `bot`'s choices, noting each in `noted`."""

    def __init__(self, bot, actions: tuple | None, noted: list) -> None:
        self.bot, self.actions, self.noted = bot, iter(actions) if actions is not None else None, noted

    def choose(self, state):
        action = next(self.actions) if self.actions is not None else self.bot.choose(state)
        self.noted.append(action)
        return action


def play_until(board: BoardScene, until, seed: int = 3) -> None:
    """Bot gestures straight through the controller (no frames), then the screen catches up."""
    import json

    c = board.controller
    key = (json.dumps(c.game.config.to_json(), sort_keys=True), tuple(str(a) for a in c.game.log), seed,
           until.__code__)
    noted: list = []
    bot = _Chosen(GreedyBot(seed), _CHOSEN.get(key), noted)
    for _ in range(30_000):
        if until(c):
            break
        bot_step(c, bot)
    assert until(c), "the game never reached the wanted state"
    _CHOSEN[key] = tuple(noted)
    c.announcements.clear()
    c.mark_reports_shown()


def settle(app, board) -> None:
    board._seen_version = -1
    board._refresh_buttons()
    while app.stack.top is not board:
        app.stack.pop()


def faults_at_every_size(app, board) -> list[str]:
    """The layout check at each window size, on the same game state (the state is the costly part to reach)."""
    found = []
    for size in SIZES:
        resize_undrawn(app, size)   # the checks draw what they read
        settle(app, board)
        found += [f"{size[0]}x{size[1]}: {f}" for f in faults(app)]
    return found


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_board_text_never_overlaps_in_the_final_round_with_five_long_names(app):
    board = open_board(app, long_game())
    play_until(board, lambda c: c.state.end_triggered and not c.over and c.hand_visible and not c.turn_done
               and c.state.phase is Phase.MAIN)
    c = board.controller
    c.notify(_("Game saved to slot {slot} ({name}).").format(slot=3, name="W" * 40))
    assert faults_at_every_size(app, board) == []
    # the pieces step of the final round, with the optional row of buttons showing
    play_until(board, lambda c: c.state.phase is Phase.PIECES and c.hand_visible)
    assert faults_at_every_size(app, board) == []
    # the turn over, the primary button naming the next long name
    play_until(board, lambda c: c.turn_done and not c.over)
    assert faults_at_every_size(app, board) == []


@pytest.mark.parametrize("app", LANGS, indirect=True)
@pytest.mark.parametrize("size", SIZES)
def test_board_text_fits_early_with_cards_selected_and_a_refusal(app, size):
    resize_undrawn(app, size)
    board = open_board(app, long_game(players=5, seed=2))
    c = board.controller
    c.toggle_card(0)
    c.toggle_card(1)
    c.toggle_card(2)
    c.click_territory(0)
    board._refresh_buttons()
    assert c.message is not None
    assert faults(app) == []


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_overlays_and_scoring_fit_with_five_long_names(app):
    from iwari_desktop.scenes.board.overlays import AnnouncementOverlay, HandoffOverlay, PauseOverlay, SaveOverlay
    from iwari_desktop.scenes.board.narration import Announcement
    from iwari_desktop.scenes.scoring.scoring import ScoringScene

    board = open_board(app, long_game())
    c = board.controller
    play_until(board, lambda c: c.state.end_triggered and c.turn_done and not c.over)
    settle(app, board)
    c.confirm()  # the handoff to the next long name, with a full "Meanwhile"
    ending = Announcement(_("The journey is ending"),
                          ngettext("{names} placed its last tent", "{names} placed their last tent", 1).format(
                              names="W" * 30) + ". " + _("Still to play, one last turn: {names}. Then comes the final "
                                                         "scoring.").format(names=", ".join(LONG)))
    for size in SIZES:
        resize_undrawn(app, size)   # the checks draw what they read
        if not isinstance(app.stack.top, HandoffOverlay):  # the board may have opened it itself
            app.stack.push(HandoffOverlay(app, c))
        assert faults(app) == [], size
        app.stack.pop()
        app.stack.push(AnnouncementOverlay(app, ending))
        assert faults(app) == [], size
        app.stack.pop()
        board.open_pause()
        assert faults(app) == [], size
        app.stack.top.save()
        assert isinstance(app.stack.top, SaveOverlay)
        assert faults(app) == [], size
        app.stack.pop()
        app.stack.pop()
    play_until(board, lambda c: c.over)
    report = c.state.reports[-1]
    for size in SIZES:
        resize_undrawn(app, size)   # the checks draw what they read
        scene = ScoringScene(app, c, report)
        app.stack.push(scene)
        for step in range(len(scene.lines) + 1):
            scene.go(step)
            assert faults(app) == [], f"{size}: scoring step {step}"
        half = ScoringScene(app, c, c.state.reports[0])
        app.stack.push(half)
        half.skip()
        assert faults(app) == [], size
        app.stack.pop()
        app.stack.pop()


@pytest.mark.parametrize("app", LANGS, indirect=True)
@pytest.mark.parametrize("size", SIZES)
def test_setup_menu_and_rules_fit(app, size):
    from iwari_desktop.scenes.rules.rules import RulesScene
    from iwari_desktop.scenes.setup.setup import SetupScene

    resize_undrawn(app, size)
    assert faults(app) == []
    setup = SetupScene(app)
    app.stack.push(setup)
    for _ in range(2):
        setup._add()
    setup.set_names(LONG)
    setup.model.names = list(LONG)
    assert faults(app) == []
    setup._remove(4)
    setup._remove(3)
    setup._remove(2)
    assert setup.third_tribe_colour() is not None
    assert faults(app) == []
    app.stack.push(RulesScene(app))
    assert faults(app) == []


def test_the_pause_note_sits_inside_its_panel_and_tells_the_truth_at_game_over(app):
    """The autosave line used to hang below the pause panel over the dimmed board, and it still said
    "autosaved after every turn" on a finished game."""
    from layout_check import record

    board = open_board(app, long_game(players=3))
    board.controller.autosave = lambda game: None      # as a real game started from setup has
    for size in SIZES:
        resize_undrawn(app, size)   # the checks draw what they read
        board.open_pause()
        pause = app.stack.top
        notes = [t for t in record(app).texts if "autosave" in t.text]
        assert notes and all(pause._panel.contains(t.ink) for t in notes), size
        assert "after every turn" in " ".join(t.text for t in notes)
        assert faults(app) == [], size
        app.stack.pop()
    play_until(board, lambda c: c.over)
    while app.stack.top is not board:
        app.stack.pop()
    board.open_pause()
    text = " ".join(t.text for t in record(app).texts if "autosave" in t.text)
    assert "The game is over" in text and "after every turn" not in text
