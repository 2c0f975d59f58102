"""Computer seats in the game window (issue #11, "In the game"): driven through the controller and the
board scene the way the window drives them, with fake bots where timing matters."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from iwari_desktop.engine import Game, GameConfig, PlayerSpec
from iwari_desktop.engine.bots.registry import level_names, make_bot
from iwari_desktop.engine.core.config import COMPUTER_LEVELS, PLAYER_COLOURS, ConfigError
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.engine.files.saves import load_game, save_game
from iwari_desktop.scenes.board.computer_turns import ComputerTurns, Thinker
from iwari_desktop.scenes.board.controller import GameController
from bot_helpers import hidden_swapped
from scene_helpers import frames_at_checkpoints, map_id


def game_with(computers: list[str | None], seed: int = 5, first: int | None = 0) -> Game:
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    specs = tuple(PlayerSpec(names[i], PLAYER_COLOURS[i], level) for i, level in enumerate(computers))
    return Game.new(GameConfig(map_id(), specs, seed, first_player=first))


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class FirstLegal:
    """A bot that plays the first legal action, optionally after waiting on a gate (a slow thinker)."""

    def __init__(self, gate: threading.Event | None = None) -> None:
        self.gate = gate
        self.seen: list[object] = []

    def choose(self, state, options=None):
        self.seen.append(state)
        if self.gate is not None:
            self.gate.wait(10)
        return (options or legal_actions(state))[0]


def run_until(turns: ComputerTurns, clock: FakeClock, done, limit: int = 4000) -> None:
    for _ in range(limit):
        if done():
            return
        clock.now += 1.0
        turns.step()
        if turns.thinker is not None:
            turns.thinker.join(10)
    raise AssertionError("the computers did not get there")


def test_levels_a_seat_may_name_are_the_bot_registry_levels():
    assert COMPUTER_LEVELS == tuple(level_names())
    with pytest.raises(ConfigError):
        PlayerSpec("Ann", PLAYER_COLOURS[0], "grandmaster")


def test_save_keeps_computer_seats_and_old_saves_still_load():
    game = game_with([None, "hard", "easy"])
    data = save_game(game)
    assert [p.get("computer") for p in data["setup"]["players"]] == [None, "hard", "easy"]
    assert "computer" not in data["setup"]["players"][0]  # a person's seat is written as before
    back = load_game(data)
    assert [p.computer for p in back.config.players] == [None, "hard", "easy"]
    people = save_game(game_with([None, None, None]))
    assert all(set(p) == {"name", "colour"} for p in people["setup"]["players"])
    assert [p.computer for p in load_game(people).config.players] == [None, None, None]


def test_save_with_an_unknown_computer_level_is_refused_in_one_line():
    data = save_game(game_with([None, "hard", None]))
    data["setup"]["players"][1]["computer"] = "cheater"
    with pytest.raises(Exception) as refused:
        load_game(data)
    assert "computer" in str(refused.value) and "\n" not in str(refused.value)


def test_one_person_against_computers_never_sees_a_handoff_and_plays_between_their_turns():
    game = game_with([None, "normal", "normal"], seed=11)
    c = GameController(game)
    clock = FakeClock()
    turns = ComputerTurns(c, "instant", factory=lambda level, seed: FirstLegal(), clock=clock)
    human_turns = 0
    for _ in range(6):
        run_until(turns, clock, lambda: c.over or (not c.computer_to_move and not c.turn_done))
        if c.over:
            break
        assert c.state.active_seat == 0 and not c.needs_handoff and c.hand_visible
        assert not c.can_undo()  # nothing of the person's own turn yet: the computers' moves stay
        before = len(game.log)
        assert c._submit(c.legal()[0])
        if not c.turn_done:
            assert c.can_undo() and c.undo() and len(game.log) == before  # undo takes back the person's step
            assert c._submit(c.legal()[0])
        while not c.turn_done and not c.over:
            assert c._submit(c.legal()[0])
        human_turns += 1
        c.confirm()
    assert human_turns >= 3
    assert any("Ben" in c.tribe_name(t) or t == 1 for t, _ in c.history)  # computer moves reach Recent moves


def test_a_person_cannot_play_for_a_computer_seat():
    game = game_with([None, "normal", None], seed=3)
    c = GameController(game)
    while not c.computer_to_move:
        if c.needs_handoff:
            c.accept_handoff()
        elif c.turn_done:
            c.confirm()
        else:
            assert c._submit(c.legal()[0])
    assert c.computer_to_move and c.legal() == [] and not c.can_undo()
    assert not c.pass_turn() and "computer" in c.message.text
    c.toggle_card(0)
    assert c.selected == []  # no picking cards while a computer plays


def test_two_people_with_a_computer_still_hand_over_and_hide_hands_while_it_plays():
    game = game_with([None, "normal", None], seed=3)
    c = GameController(game)
    clock = FakeClock()
    turns = ComputerTurns(c, "instant", factory=lambda level, seed: FirstLegal(), clock=clock)
    seen_handoff_to = set()
    for _ in range(400):
        if c.over or len(seen_handoff_to) >= 2:
            break
        if c.needs_handoff:
            seen_handoff_to.add(c.state.active_seat)
            c.accept_handoff()
        elif c.turn_done:
            if c.computer_level(c.last_seat) is None:
                c.confirm()
            else:
                assert not c.hand_visible
                clock.now += 1
                turns.step()
        elif c.computer_to_move:
            assert not c.hand_visible and c.observation() is None
            clock.now += 1
            turns.step()
            if turns.thinker is not None:
                turns.thinker.join(10)
        else:
            assert c._submit(c.legal()[0])
    assert seen_handoff_to == {0, 2}


def test_the_loop_keeps_stepping_while_a_slow_bot_thinks_and_the_answer_lands_afterwards():
    game = game_with(["normal", None, None], seed=2)
    c = GameController(game)
    gate = threading.Event()
    bot = FirstLegal(gate)
    clock = FakeClock()
    turns = ComputerTurns(c, "instant", factory=lambda level, seed: bot, clock=clock)
    assert c.computer_to_move
    turns.step()
    assert turns.thinking
    log_before = len(game.log)
    started = time.perf_counter()
    for _ in range(50):  # fifty frames pass while the bot is still thinking
        clock.now += 0.016
        turns.step()
    assert time.perf_counter() - started < 5  # none of them waited for the bot
    assert turns.thinking and len(game.log) == log_before
    assert bot.seen and bot.seen[0] is not game.state  # the bot works on its own clone
    gate.set()
    turns.thinker.join(10)
    turns.step()
    assert len(game.log) == log_before + 1


def test_a_decision_for_a_position_that_is_gone_is_never_applied():
    game = game_with(["normal", None, None], seed=2)
    c = GameController(game)
    gate = threading.Event()
    clock = FakeClock()
    turns = ComputerTurns(c, "instant", factory=lambda level, seed: FirstLegal(gate), clock=clock)
    turns.step()
    stale = turns.thinker
    turns.cancel()  # what loading another game or quitting does
    gate.set()
    stale.join(10)
    log_before = len(game.log)
    turns.thinker = None
    assert stale.poll() is not None and len(game.log) == log_before  # answered, but nobody applies it
    other = Thinker(FirstLegal(), game.state, (0, -1, 0))
    other.join(10)
    turns.thinker = other  # an answer keyed to another position is dropped, not played
    turns.step()
    assert len(game.log) == log_before and turns.thinker is not other


def test_the_driver_hands_the_bot_only_what_the_seat_may_know():
    game = game_with(["normal", "hard", None], seed=9)
    c = GameController(game)
    clock = FakeClock()
    decided: list[object] = []

    class Recorder:
        def __init__(self, level, seed):
            self.inner = make_bot(level, seed, budget=0.05) if level != "hard" else make_bot("normal", seed)

        def choose(self, state, options=None):
            action = self.inner.choose(state, options)
            twin = hidden_swapped(state, state.active_seat, 77)
            assert self.inner.choose(twin, options) == action  # hidden cards do not change its mind
            decided.append(action)
            return action

    turns = ComputerTurns(c, "instant", factory=Recorder, clock=clock)
    run_until(turns, clock, lambda: len(decided) >= 3 or c.over)
    assert len(decided) >= 3


def test_the_pace_holds_each_computer_step_on_screen():
    game = game_with(["normal", None, None], seed=2)
    c = GameController(game)
    clock = FakeClock()
    turns = ComputerTurns(c, "slow", factory=lambda level, seed: FirstLegal(), clock=clock)
    turns.step()
    turns.thinker.join(10)
    turns.step()
    assert len(game.log) == 1
    clock.now += 0.1
    turns.step()
    if turns.thinker is not None:
        turns.thinker.join(10)
    clock.now += 0.1
    turns.step()
    assert len(game.log) == 1  # within the slow pause: nothing new yet
    clock.now += 2.0
    run_until(turns, clock, lambda: len(game.log) >= 2)


def test_board_keeps_redrawing_and_answers_esc_while_a_computer_thinks(app, monkeypatch):
    import pygame

    from iwari_desktop.scenes.board.board import BoardScene
    from scene_helpers import key
    gate = threading.Event()
    game = game_with(["hard", None, "easy"], seed=4)
    board = BoardScene(app, game, autosave=False)
    board.computers.factory = lambda level, seed: FirstLegal(gate)
    app.stack.replace_all(board) if hasattr(app.stack, "replace_all") else app.stack.push(board)
    app.step(0)
    assert board.computers.thinking and board.animating  # the loop ticks every frame meanwhile
    frames = 0
    started = time.perf_counter()
    for _ in range(20):
        app.step(0)
        frames += 1
    assert frames == 20 and time.perf_counter() - started < 5
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not board  # the menu opened while the computer was still thinking
    key(app, pygame.K_ESCAPE)
    gate.set()
    board.computers.thinker.join(10)
    for _ in range(5):
        app.step(0)
    assert len(game.log) >= 1
    gate.clear()


def test_hint_names_what_hard_would_play_and_lights_its_cards(app):
    from iwari_desktop.scenes.board.board import BoardScene

    game = game_with([None, "normal", "normal"], seed=8)
    board = BoardScene(app, game, autosave=False)
    app.stack.push(board)
    app.step(0)
    c = board.controller
    for _ in range(200):
        if not c.computer_to_move and not c.turn_done and c.state.phase.name == "MAIN":
            break
        app.step(0)
        if board.computers.thinker is not None:
            board.computers.thinker.join(10)
    assert c.state.active_seat == 0 and c.hand_visible
    board.ask_hint()
    board.computers.hint_thinker.join(10)
    app.step(0)
    hint = board.computers.hint
    assert hint is not None and hint.action in c.game.legal_actions()
    assert c.message is not None and c.message.text.startswith("Hint: a Hard computer ")
    cards = getattr(hint.action, "cards", ())
    if cards:
        assert c.selected_cards() == tuple(sorted(cards))


def test_computer_pace_setting_is_stored_and_read_back_with_unknown_values_falling_back():
    from iwari_desktop import storage

    settings = storage.Settings(computer_pace="slow")
    assert storage.Settings.from_json(settings.to_json()).computer_pace == "slow"
    assert storage.Settings.from_json({"computer_pace": "ludicrous"}).computer_pace == "normal"


def test_settings_screen_changes_the_pace_the_board_uses(app):
    import pygame_gui

    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.settings.settings import SettingsScene

    board = BoardScene(app, game_with(["normal", None, None], seed=2), autosave=False)
    app.stack.push(board)
    app.step(0)
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step(0)
    scene.handle_ui(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.pace_menu,
                                       text="Instant"))
    scene.apply()
    app.step(0)
    assert app.settings.computer_pace == "instant" and board.computers.pace == "instant"


def test_setup_rows_choose_computer_seats_and_the_game_starts_with_them_even_all_computers(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import SetupScene
    from iwari_desktop.scenes.setup.setup_seats import SEAT_KINDS
    from scene_helpers import press
    scene = SetupScene(app)
    app.stack.push(scene)
    app.step(0)
    assert [b.text for b in scene.seat_buttons] == ["Person"] * len(scene.model.names)
    assert "pass one computer around" in scene.table_note()
    press(app, scene.seat_buttons[1])
    press(app, scene.seat_buttons[1])
    press(app, scene.seat_buttons[1])
    press(app, scene.seat_buttons[2])
    assert scene.model.computers == [None, "hard", "easy"]
    assert [b.text for b in scene.seat_buttons] == ["Person", "Hard", "Easy"]
    assert "against the computers" in scene.table_note()  # one person: nobody passes the machine
    scene.set_player_count(4)
    assert scene.model.computers == [None, "hard", "easy", None]  # a new player starts as a person
    scene.set_player_count(3)
    press(app, scene.seat_buttons[0])
    assert scene.model.computers == ["easy", "hard", "easy"] and len(SEAT_KINDS) == 4
    assert "watch" in scene.table_note()
    assert scene.start(seed=7)
    board = app.stack.top
    assert isinstance(board, BoardScene)
    assert [p.computer for p in board.controller.game.config.players] == ["easy", "hard", "easy"]
    assert not board.controller.needs_handoff and board.computers.busy  # watch mode: the computers play on


def test_a_computer_move_is_put_in_words_on_screen_and_in_recent_moves():
    game = game_with(["normal", None, None], seed=2)
    c = GameController(game)
    clock = FakeClock()
    turns = ComputerTurns(c, "instant", factory=lambda level, seed: FirstLegal(), clock=clock)
    history_before = len(c.history)
    run_until(turns, clock, lambda: len(game.log) >= 1)
    assert c.message is not None and c.message.text.startswith("Ann (computer) ")
    assert len(c.history) > history_before


def test_banner_says_a_computer_is_playing_and_never_asks_to_pass_the_laptop_to_it():
    game = game_with(["hard", None, None], seed=2)
    c = GameController(game)
    assert c.prompt() == "Ann is playing (computer, Hard): watch its move."
    clock = FakeClock()
    turns = ComputerTurns(c, "slow", factory=lambda level, seed: FirstLegal(), clock=clock)
    for _ in range(200):
        if c.turn_done:
            break
        clock.now += 2
        turns.step()
        if turns.thinker is not None:
            turns.thinker.join(10)
    assert c.turn_done and c.prompt() == "Ann's turn is over."
    single = GameController(game_with([None, "normal", "normal"], seed=2))
    while not single.turn_done:
        assert single._submit(single.legal()[0])
    assert single.prompt() == "Turn over — Enter lets Ben (computer) play."


def test_a_person_and_two_normal_computers_play_a_whole_game_through_the_window(app):
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.board.overlays import HandoffOverlay
    from iwari_desktop.scenes.selftest.smoke_driver import bot_step, dismiss_screen

    app.settings.computer_pace = "instant"
    game = game_with([None, "normal", "normal"], seed=21, first=None)
    board = BoardScene(app, game, autosave=False)
    app.stack.push(board)
    c = board.controller
    person = GreedyBot(5)
    with frames_at_checkpoints(app):   # every event, update and screen as usual; the frames are not checked
        for _ in range(20_000):
            if c.over and not c.turn_done:
                break
            top = app.stack.top
            assert not isinstance(top, HandoffOverlay)  # one person among computers: never a handoff
            if dismiss_screen(top) is not None:
                pass
            elif top is board and c.turn_done and c.computer_level(c.last_seat) is None:
                c.confirm()
            elif top is board and not c.computer_to_move and not c.turn_done:
                bot_step(c, person)
            elif board.computers.thinker is not None:
                board.computers.thinker.join(10)
            app.step(0)
    assert c.over
    movers = {tribe for tribe, _ in c.history}
    assert {1, 2} <= movers  # the computers' moves are in Recent moves


def test_the_one_person_sees_their_hand_while_a_computer_plays_but_cannot_pick_from_it():
    c = GameController(game_with(["normal", None, "normal"], seed=2))
    assert c.computer_to_move and c.hand_visible and len(c.hand()) == 3
    c.toggle_card(0)
    assert c.selected == [] and c.legal() == []
