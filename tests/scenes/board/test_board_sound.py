"""The board screen sounds every action the game applies (issue #22): a seeded game played through the board
scene and its overlays, by gestures and by a computer seat, heard through a fake mixer; what each step must
sound is read off the engine (the action, the feats and the reports it added), not off the audio's table."""

from __future__ import annotations

from collections import Counter

import pytest

from audio_helpers import app_with_fake_audio, new_cues
from scene_helpers import board_after_handoff, map_id
from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, PlayerSpec
from iwari_desktop.engine.bots.players import GreedyBot
from iwari_desktop.engine.core.actions import Draw, Exchange, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.config import PLAYER_COLOURS
from iwari_desktop.scenes.board.overlays import AnnouncementOverlay, HandoffOverlay
from iwari_desktop.scenes.scoring.scoring import ScoringScene
from iwari_desktop.scenes.selftest.smoke_driver import bot_step

MOST_AT_ONCE = 4   # the audio sounds the weightiest four of one batch (docs/sound.md)


def people_and_a_computer(seed: int = 5) -> Game:
    specs = (PlayerSpec("Ann", PLAYER_COLOURS[0]), PlayerSpec("Ben", PLAYER_COLOURS[1]),
             PlayerSpec("Cat", PLAYER_COLOURS[2], "easy"))
    return Game.new(GameConfig(map_id(), specs, seed, BASE_FEATS, first_player=0))


def expected_of(action, before: tuple[int, list[str]], state, first_of_computer_turn: bool) -> list[str]:
    """What one applied action must sound, from engine facts: its own piece or card, a feat it added, the
    scoring reports it added; a computer's first step of its turn adds the computer's cue."""
    feats, kinds = before
    out = ["computer-move"] if first_of_computer_turn else []
    if isinstance(action, PlaceTent):
        out.append("tent")
    elif isinstance(action, PlaceTotem):
        out.append("totem")
    elif isinstance(action, Draw):
        out.append("card-deck" if action.card is None else "card-display")
    elif isinstance(action, Exchange):
        out.append("exchange")
    if len(state.feats) > feats:
        out.append("feat")
    added = [r.kind for r in state.reports][len(kinds):]
    out += ["half-journey" for k in added if k == "half"] + ["final-scoring" for k in added if k == "final"]
    return out


def line_cue(scoring: ScoringScene, viewer: int | None) -> list[str]:
    """What the scoring line on screen must sound: a territory topped by the one at the laptop, or by another."""
    if scoring.at_table:
        return []
    line = scoring.lines[scoring.step]
    firsts = {t for t, rank in line.ranks.items() if rank == 1}
    if not line.subject.startswith("territory:") or not firsts:
        return []
    return ["territory-yours" if viewer in firsts else "territory-other"]


@pytest.mark.slow
def test_a_seeded_game_through_the_board_sounds_every_action_handoff_and_scoring_line(app):
    audio, mixer, clock = app_with_fake_audio(app)
    game = people_and_a_computer()
    board = board_after_handoff(app, game)
    c = board.controller
    bot = GreedyBot(5)
    heard: Counter = Counter()
    computer_turn = None
    for _ in range(5000):
        top = app.stack.top
        before = len(mixer.played)
        if isinstance(top, HandoffOverlay):
            top.confirm()
            assert new_cues(mixer, audio, clock, before) == ["your-turn"]
            heard["your-turn"] += 1
        elif isinstance(top, AnnouncementOverlay):
            top.acknowledge()
            assert new_cues(mixer, audio, clock, before) == []
        elif isinstance(top, ScoringScene):
            while not top.at_table:   # each line as it is revealed (the first one sounded as the screen opened)
                top.go(top.step + 1)
                cues = new_cues(mixer, audio, clock, before)
                assert cues == line_cue(top, c.viewer_seat)
                heard.update(cues)
                before = len(mixer.played)
            final = top.final
            top.close()
            if final:
                break
        elif top is board:
            if c.over and not c.turn_done and not c.new_reports():
                break
            marks = (len(c.state.feats), [r.kind for r in c.state.reports])
            turn = (c.state.turn, c.state.active_seat)
            if c.computer_to_move:
                first = computer_turn != turn
                computer_turn = turn
                c.play_computer(bot.choose(c.state))
            else:
                first = False
                logged = len(c.game.log)
                bot_step(c, bot)
                if len(c.game.log) == logged:   # the handoff taken or the turn ended: no action applied
                    board._after()   # ... but a scoring may open, its first line heard
                    opened = app.stack.top
                    cues = new_cues(mixer, audio, clock, before)
                    assert cues == (line_cue(opened, c.viewer_seat) if isinstance(opened, ScoringScene) else [])
                    heard.update(cues)
                    continue
            board._after()
            want = expected_of(c.game.log[-1], marks, c.state, first)
            cues = new_cues(mixer, audio, clock, before)
            if len(want) <= MOST_AT_ONCE:
                assert cues == want, (str(c.game.log[-1]), want, cues)
            else:   # a crowded moment: the weightiest four, none made up
                assert len(cues) == MOST_AT_ONCE and set(cues) <= set(want)
            heard.update(cues)
        else:
            raise AssertionError(f"unexpected screen {type(top).__name__}")
    else:
        raise AssertionError("the game did not end")
    assert c.over
    for cue in ("tent", "totem", "card-deck", "card-display", "feat", "computer-move", "your-turn",
                "half-journey", "final-scoring", "territory-yours", "territory-other"):
        assert heard[cue] >= 1, (cue, heard)
    assert heard["computer-move"] >= 3   # once per computer turn, not once per step


def test_a_refused_click_sounds_once_and_nothing_else_does(app):
    audio, mixer, clock = app_with_fake_audio(app)
    board = board_after_handoff(app, people_and_a_computer())
    c = board.controller
    c.clear_selection()
    assert not c.click_territory(0) and c.message.error   # nothing selected to pay with
    board._after()
    board._after()   # the same refusal still on screen is not a second one
    assert new_cues(mixer, audio, clock, 0) == ["illegal"]
    c.toggle_card(0)
    board._after()
    assert new_cues(mixer, audio, clock, 1) == []   # a card picked: a gesture, not an action


def test_undo_is_quiet_and_the_next_action_sounds_on_the_rebuilt_state(app):
    audio, mixer, clock = app_with_fake_audio(app)
    board = board_after_handoff(app, people_and_a_computer())
    c = board.controller
    bot = GreedyBot(3)
    while not (c.game.log and isinstance(c.game.log[-1], PlaceTent) and c.can_undo()):
        bot_step(c, bot)
        board._after()
    played = len(new_cues(mixer, audio, clock, 0))
    assert mixer.played_names[-1] == "tent"
    assert c.undo()
    board._after()
    assert new_cues(mixer, audio, clock, played) == []   # the replayed log stays quiet
    bot_step(c, bot)
    board._after()
    assert isinstance(c.game.log[-1], PlaceTent) and audio._state is c.state
    assert new_cues(mixer, audio, clock, played) == ["tent"]


def test_a_computer_s_turn_sounds_its_cue_once_then_its_steps(app):
    audio, mixer, clock = app_with_fake_audio(app)
    specs = (PlayerSpec("Ann", PLAYER_COLOURS[0]), PlayerSpec("Cat", PLAYER_COLOURS[1], "easy"))
    game = Game.new(GameConfig(map_id(), specs, 4, BASE_FEATS, first_player=1))
    board = board_after_handoff(app, game)
    c = board.controller
    bot = GreedyBot(4)
    turns = []
    while c.computer_to_move:
        before = len(mixer.played)
        c.play_computer(bot.choose(c.state))
        board._after()
        turns.append(new_cues(mixer, audio, clock, before))
    assert len(turns) >= 2 and turns[0][0] == "computer-move"
    assert all("computer-move" not in cues for cues in turns[1:])   # once per turn, not per step
