"""Against the Void the board sounds each of the Void's steps as the steps screen shows it, the rest at once
when the player skips, and the music turns tense when the Void is one territory or one Corruption card from
winning (issue #22); heard through a fake mixer. What each step must sound is read off the engine's event."""

from __future__ import annotations

import random

from audio_helpers import app_with_fake_audio, new_cues
from solo_scene_helpers import solo_game
from iwari_desktop.audio.listen import void_is_close
from iwari_desktop.engine.rulesets.solo import events as ev
from iwari_desktop.engine.rulesets.solo.data import VOID, data
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.selftest.solo_driver import void_step
from iwari_desktop.scenes.setup.setup import start_game

VOID_CUES = {"infection", "corruption", "territory-void", "territory-yours", "void-win", "solo-win"}


def cue_of_event(event, state) -> list[str]:
    """What a Void step must sound, from the event's kind (and the game's outcome for the end)."""
    kind = event.kind
    if kind == ev.INFECTION:
        return ["infection"]
    if kind == ev.CORRUPTION:
        return ["corruption"]
    if kind == ev.COUNT:
        return ["territory-void" if event.side == VOID else "territory-yours"]
    if kind == ev.RUIN:
        return ["tent"]
    if kind == ev.TOTEM:
        return ["totem"]
    if kind == ev.END:
        return ["solo-win" if data(state).outcome.won else "void-win"]
    return []


def open_solo_board(app, seed: int = 5):
    audio, mixer, clock = app_with_fake_audio(app)
    start_game(app, solo_game(seed=seed))
    board = app.stack.find(BoardScene)
    while app.stack.top is not board:
        app.stack.pop()
    return board, audio, mixer, clock


def test_each_void_step_sounds_as_it_is_shown_and_a_skip_sounds_the_rest_at_once(app):
    board, audio, mixer, clock = open_solo_board(app)
    rng = random.Random(7)
    shown = skipped = 0
    for _ in range(3000):
        top = app.stack.top
        before = len(mixer.played)
        if top is board:
            if board.controller.over:
                break
            void_step(board.controller, rng)
            board._after()
            steps = app.stack.top
            if steps.name != "void-steps":
                assert not VOID_CUES & set(new_cues(mixer, audio, clock, before))
                continue
            state = board.controller.state
            cues = new_cues(mixer, audio, clock, before)   # the action's own sounds, then the first step's
            first = cue_of_event(steps.events[0], state)
            assert cues[len(cues) - len(first):] == first
            assert not VOID_CUES & set(cues[:len(cues) - len(first)])   # no step heard before it is shown
            if skipped <= shown:   # every other sequence: skipped at its first step (Esc)
                rest = [c for e in steps.events[1:] for c in cue_of_event(e, state)]
                before = len(mixer.played)
                steps.finish()
                got = new_cues(mixer, audio, clock, before)   # one batch: the weightiest four, in order
                assert got == rest if len(rest) <= 4 else (len(got) == 4 and set(got) <= set(rest))
                skipped += 1
                continue
            for index in range(1, len(steps.events)):
                before = len(mixer.played)
                steps.advance()
                assert new_cues(mixer, audio, clock, before) == cue_of_event(steps.events[index], state)
            shown += 1
            steps.advance()
            assert app.stack.top is not steps
        else:
            top.skip() if top.name == "scoring" else (top.acknowledge() if top.name == "announcement" else
                                                        app.stack.pop())
    assert shown >= 2 and skipped >= 2
    assert mixer.played_names.count("infection") >= 1


def test_the_music_turns_tense_near_the_void_s_win_and_no_overlay_restarts_it(app):
    board, audio, mixer, clock = open_solo_board(app)
    app.step(0)   # the board's first frame: its music starts
    assert mixer.started_tracks == ["board"]
    rng = random.Random(7)
    c = board.controller
    for _ in range(3000):
        if void_is_close(c.state) or c.over:
            break
        top = app.stack.top
        if top is board:
            void_step(c, rng)
            board._after()
        elif top.name == "void-steps":
            top.finish()
        else:
            app.stack.pop()
        new_cues(mixer, audio, clock, 0)   # time passes: a fade-out ends, the next loop starts
    assert void_is_close(c.state), "the seeded game never brought the Void close to winning"
    assert mixer.started_tracks == ["board", "danger"]
    assert ("fade", 700) in mixer.music
    calls = len(mixer.music)
    board.open_pause()   # a menu over the board (Settings, Rules behind it) changes nothing
    app.step(0)
    app.stack.top.settings()
    app.step(0)
    new_cues(mixer, audio, clock, 0)
    assert len(mixer.music) == calls
    while app.stack.top is not board:
        app.stack.pop()
    app.step(0)
    assert len(mixer.music) == calls
