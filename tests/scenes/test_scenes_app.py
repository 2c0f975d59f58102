"""The application shell: command line, smoke run, scene stack balance, intents, markdown, scoring scene."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass

import pygame
import pytest

from iwari_desktop.engine.bots.players import GreedyBot
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.ui.intents import Intent, Kind, translate
from iwari_desktop.scenes.ui.markdown import inline_runs, parse_blocks
from iwari_desktop.scenes.scoring.scoring import ScoringScene, outcome_text
from iwari_desktop.scenes.selftest.smoke_driver import bot_step
from iwari_desktop.scenes.ui.stack import Scene, SceneStack
from scene_helpers import make_game

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "IWARI_LANG": "en"}


def _run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "iwari_desktop", *args], capture_output=True, text=True,
                          timeout=300, env=env or ENV)


# `--smoke` (the English game to a loaded save): its summary line and slot are checked where the game is
# played in-process, tests/scenes/selftest/test_smoke_sound.py; the entry point with `--smoke` exiting 0
# with one line, by tests/scenes/test_scenes_language.py's German run. A subprocess here played it again.


def test_version_and_bad_arguments():
    done = _run("--version")
    assert done.returncode == 0 and done.stdout.strip().startswith("Iwari Desktop ")
    bad = _run("--size", "huge")
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1 and "size" in bad.stderr
    assert _run("--frobnicate").returncode == 2


# ---- scene stack ---------------------------------------------------------------------------------------

@dataclass
class _FakeApp:
    stack: SceneStack

    def request_redraw(self) -> None:
        pass


class _Probe(Scene):
    def __init__(self, app, log: list[str], name: str, hides: bool = True) -> None:
        super().__init__(app)
        self.log, self.name, self.hides_below_ui = log, name, hides

    def enter(self): self.log.append(f"enter {self.name}")
    def exit(self): self.log.append(f"exit {self.name}")
    def pause(self, covered_by): self.log.append(f"pause {self.name}")
    def resume(self): self.log.append(f"resume {self.name}")


def test_stack_calls_are_balanced():
    stack = SceneStack()
    app = _FakeApp(stack)
    log: list[str] = []
    a, b, c, d = (_Probe(app, log, n) for n in "abcd")
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    stack.pop()
    stack.push(d)
    stack.reset(_Probe(app, log, "e"))
    assert log == ["enter a", "pause a", "enter b", "exit b", "enter c", "exit c", "resume a", "pause a",
                   "enter d", "exit d", "exit a", "enter e"]
    for name in "abcd":
        assert log.count(f"enter {name}") == log.count(f"exit {name}") == 1
        # every pause is followed by a resume, unless the scene exits while paused (a reset)
        assert log.count(f"pause {name}") - log.count(f"resume {name}") in (0, 1)


def test_overlays_are_drawn_over_the_opaque_scene_below():
    stack = SceneStack()
    app = _FakeApp(stack)
    log: list[str] = []
    base, board, overlay = _Probe(app, log, "menu"), _Probe(app, log, "board"), _Probe(app, log, "pause")
    overlay.opaque = False
    for s in (base, board, overlay):
        stack.push(s)
    assert stack.visible() == [board, overlay]


def test_events_become_intents():
    def ev(t, **kw):
        return pygame.event.Event(t, **kw)

    assert translate(ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)) == [Intent(Kind.CONFIRM)]
    assert translate(ev(pygame.KEYDOWN, key=pygame.K_2, mod=0)) == [Intent(Kind.PICK_CARD, index=1)]
    assert translate(ev(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0)) == [Intent(Kind.UNDO)]
    assert translate(ev(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL)) == [Intent(Kind.UNDO)]
    assert translate(ev(pygame.KEYDOWN, key=pygame.K_F11, mod=0)) == [Intent(Kind.TOGGLE_FULLSCREEN)]
    assert translate(ev(pygame.MOUSEBUTTONDOWN, pos=(3, 4), button=1)) == [Intent(Kind.CLICK, pos=(3, 4))]
    # typing a name: digits and Backspace belong to the text field, F11 and Esc still work
    assert translate(ev(pygame.KEYDOWN, key=pygame.K_2, mod=0), text_focus=True) == []
    assert translate(ev(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0), text_focus=True) == []
    assert translate(ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0), text_focus=True) == [Intent(Kind.CANCEL)]


def test_markdown_subset():
    blocks = parse_blocks("# Title\n\nSome **bold** text\nwraps here.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    kinds = [k for k, _ in blocks]
    assert kinds == ["h1", "p", "li", "li", "table"]
    assert blocks[4][1] == [["a", "b"], ["1", "2"]]
    assert inline_runs("a **b c** d") == [("a", False), ("b", True), ("c", True), ("d", False)]


# ---- scoring -----------------------------------------------------------------------------------------------

def _finished_game():
    game = make_game(players=3, seed=13)
    controller = GameController(game)
    bot = GreedyBot(6)
    while not controller.over:
        bot_step(controller, bot)
    return controller


def test_scoring_scene_steps_through_lines_then_the_table(app):
    controller = _finished_game()
    final = controller.state.reports[-1]
    scene = ScoringScene(app, controller, final)
    app.stack.push(scene)
    app.step(0)
    kinds = [line.category for line in scene.lines]
    assert kinds == sorted(kinds, key=lambda k: {"tents": 0, "totems": 1, "settlement": 2}.get(k, 9))
    totem_numbers = [int(l.subject.split(":")[1]) for l in scene.lines if l.category == "totems"]
    assert totem_numbers == sorted(totem_numbers)
    seen_focus = 0
    while not scene.at_table:
        focus, _, _ = scene._focus()
        seen_focus += bool(focus)
        scene.handle(Intent(Kind.CONFIRM))
        app.step(0)
    assert seen_focus >= 1
    assert scene.running_totals() == list(controller.state.scores)
    headline, _ = outcome_text(controller)
    assert headline
    scene.close()
    assert controller.new_reports() == []


@pytest.mark.parametrize("winners,decided,lose,expect", [
    ((0,), "points", False, "wins"), ((1,), "supply", False, "supply"), ((0, 1), "shared", False, "share"),
    ((2,), "points", True, "both players lose")])
def test_outcome_texts(winners, decided, lose, expect):
    from iwari_desktop.engine.core.scoring import GameResult

    controller = GameController(make_game(players=2, seed=1))
    controller.state.result = GameResult((10, 10, 9), winners, decided, lose)
    headline, why = outcome_text(controller)
    assert expect in (headline + " " + why)


def test_board_art_comes_from_the_tiled_background_layer(tmp_path, monkeypatch, app):
    """The map picture is the .tmx `background` image layer, loaded through pytmx and scaled."""
    from map_fixtures import write_valid_map

    from iwari_desktop.engine.maps.registry import get_board
    from iwari_desktop.scenes.board import map_picture

    root = tmp_path / "assets"
    (root / "maps").mkdir(parents=True)
    write_valid_map(root / "maps", "art-probe")
    picture = pygame.Surface((1600, 1120))
    picture.fill((10, 200, 30))
    pygame.image.save(picture, str(root / "maps" / "art-probe.png"))
    write_valid_map(root / "maps", "no-art-probe")
    monkeypatch.setenv("IWARI_ASSETS", str(root))
    monkeypatch.setenv("IWARI_CACHE_DIR", str(tmp_path / "cache"))
    board = get_board("art-probe")
    from iwari_desktop.art.fingerprint import write_record

    write_record(root / "maps" / "art-probe.png", board, {}, {})  # as the render tool does (no names printed)
    scaled = map_picture.board_picture(board, (400, 280))
    assert scaled.get_size() == (400, 280)
    assert tuple(scaled.get_at((200, 140)))[:3] == (10, 200, 30)
    # without its PNG the map is drawn from the board data instead of failing
    plain = map_picture.board_picture(get_board("no-art-probe"), (400, 280))
    assert plain.get_size() == (400, 280) and tuple(plain.get_at((200, 140)))[:3] != (10, 200, 30)


def test_markdown_punctuation_after_bold_opens_no_gap():
    """Found in the rules screen ("**six players**; the sixth..." showed "six players ;")."""
    assert inline_runs("up to **six players**; the") == [("up", False), ("to", False), ("six", True),
                                                         ("players;", True), ("the", False)]
    assert inline_runs("press **Use it**, then") == [("press", False), ("Use", True), ("it,", True), ("then", False)]
    assert inline_runs("**a** b") == [("a", True), ("b", False)]
    assert inline_runs("x **b** c") == [("x", False), ("b", True), ("c", False)]


def test_every_screen_draws_pieces_from_the_app_s_one_piece_art(app):
    """Each screen used to load its own sprite book and scale every piece again (the replay run held
    three copies): the board, its overlays and the scoring screen now share the app's, and it goes with
    the app."""
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.board.overlays import HandoffOverlay
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, make_game(seed=3))
    board = app.stack.find(BoardScene)
    handoff = HandoffOverlay(app, board.controller)
    assert board.art is app.piece_art and handoff.art is app.piece_art
    assert app.piece_art.tent("red", 40) is handoff.art.tent("red", 40)   # scaled once, drawn by all
    app.close()
    assert app._piece_art is None
