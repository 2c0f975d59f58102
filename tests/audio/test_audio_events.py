"""Every engine event that has a cue plays it (issue #22), heard through a fake mixer that records calls."""

from __future__ import annotations

import pytest

from audio_helpers import drain, fake_audio, heard, play_seeded
from engine_fixtures import small_board
from solo_helpers import solo_state
from iwari_desktop.audio import SOUNDS, Cue, Happening
from iwari_desktop.audio.happenings import cue_of
from iwari_desktop.audio.listen import of_score_line, void_is_close
from iwari_desktop.engine import GameConfig, apply, legal_actions, new_game
from iwari_desktop.engine.core.actions import Draw, Exchange, FeatKind, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.scoring import ScoreLine
from iwari_desktop.engine.core.text import Text
from iwari_desktop.engine.rulesets.solo import events as void_events
from iwari_desktop.engine.rulesets.solo.data import CARDS_BESIDE_TO_END, PLAYERS, VOID, Claim, data
from iwari_desktop.engine.rulesets.solo.end import finish
from iwari_desktop.engine.rulesets.solo.outcome import END_ALL_COUNTED, END_VOID_CONTROL

BASE_FEATS = frozenset({FeatKind.UNION, FeatKind.DISCOVERY, FeatKind.HONOUR, FeatKind.RESPECT})


def multiplayer(seed: int):
    config = GameConfig.quick("small-test", 3, seed, feats=BASE_FEATS, first_player=0, options={"expeditions": True})
    return new_game(config, small_board())


def test_the_table_sounds_every_happening_and_uses_every_cue():
    assert set(SOUNDS) == set(Happening)
    assert {sounding.cue for sounding in SOUNDS.values()} == set(Cue)


@pytest.mark.parametrize("happening", list(Happening), ids=lambda h: h.name)
def test_each_happening_plays_its_cue(happening):
    audio, mixer, clock = fake_audio()
    audio.hear(happening)
    drain(audio, clock)
    assert mixer.played_names == [cue_of(happening).value]
    assert audio.played == {cue_of(happening): 1}


@pytest.mark.parametrize("seed", range(2))
def test_a_multiplayer_game_sounds_its_actions_scorings_feats_and_expeditions(seed):
    audio, mixer, clock = fake_audio()
    steps = play_seeded(multiplayer(seed), seed, audio, clock, mixer)
    for action, names in steps:   # each action's own sound, first
        if isinstance(action, PlaceTent):
            assert names[0] == "tent"
        elif isinstance(action, PlaceTotem):
            assert names[0] == "totem"
        elif isinstance(action, Draw):
            assert names[0] == ("card-deck" if action.card is None else "card-display")
        elif isinstance(action, Exchange):
            assert names[0] == "exchange"
    counts = heard(steps)
    assert counts["half-journey"] == 1 and counts["final-scoring"] == 1
    assert counts["feat"] >= 1 and counts["expedition"] >= 1
    assert not {"infection", "corruption", "void-win", "solo-win", "territory-void"} & set(counts)


@pytest.mark.parametrize("seed", (1, 2))
def test_a_solo_game_sounds_the_voids_infections_corruptions_counts_and_its_end(seed):
    audio, mixer, clock = fake_audio()
    state = solo_state(seed)
    steps = play_seeded(state, seed, audio, clock, mixer)
    counts = heard(steps)
    d = data(state)
    assert d.infections >= 1 and counts["infection"] >= 1
    assert (counts["corruption"] >= 1) == (d.corruptions >= 1)
    void_held = sum(1 for c in d.claims.values() if c.side == VOID)
    assert counts["territory-void"] >= (1 if void_held else 0)
    assert counts["void-win" if not d.outcome.won else "solo-win"] == 1
    assert counts["final-scoring"] == 0   # no fanfare for a game against the Void: its end has its own cue


def test_corruption_is_heard_in_some_seeded_solo_game():
    corruptions = 0
    for seed in range(1, 4):
        audio, mixer, clock = fake_audio()
        corruptions += heard(play_seeded(solo_state(seed), seed, audio, clock, mixer))["corruption"]
    assert corruptions >= 1


@pytest.mark.parametrize("end, won, cue", [(END_ALL_COUNTED, True, "solo-win"), (END_VOID_CONTROL, False, "void-win")])
def test_the_end_of_a_game_against_the_void(end, won, cue):
    state = solo_state(3)
    audio, mixer, clock = fake_audio()
    audio.watch(state)
    if won:   # every territory already held by the player: nothing left for the Void
        for t in state.board.territories:
            data(state).claims[t.index] = Claim(PLAYERS, 1, 0, 1, 0, PLAYERS, "filled", 1)
    finish(state, end)
    assert data(state).outcome.won is won
    audio.on_action(None, state)
    drain(audio, clock)
    assert mixer.played_names[-1] == cue


def test_void_steps_one_at_a_time_and_counts_by_side():
    state = solo_state(1)
    audio, mixer, clock = fake_audio()
    for kind, side, cue in [(void_events.INFECTION, None, "infection"), (void_events.CORRUPTION, None, "corruption"),
                            (void_events.COUNT, PLAYERS, "territory-yours"), (void_events.COUNT, VOID, "territory-void"),
                            (void_events.RUIN, None, "tent"), (void_events.TOTEM, None, "totem")]:
        audio.on_void_event(void_events.VoidEvent(kind, Text("step"), territory=0, side=side), state)
        drain(audio, clock)
        assert mixer.played_names[-1] == cue
    before = len(mixer.played)
    audio.on_void_event(void_events.VoidEvent(void_events.PAWN, Text("pawn"), connection=2), state)
    drain(audio, clock)
    assert len(mixer.played) == before   # the pawn moving is quiet


def test_board_shown_void_steps_are_not_heard_twice():
    state = solo_state(2)
    audio, mixer, clock = fake_audio()
    audio.watch(state)
    finish(state, END_VOID_CONTROL)
    audio.on_action(None, state, with_void_steps=False)
    drain(audio, clock)
    assert "void-win" not in mixer.played_names


def test_territory_lines_on_the_scoring_screen_by_who_took_them():
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0), small_board())
    line = ScoreLine("tents", "territory:0", "Desert", {0: 3, 1: 1}, ranks={0: 1, 1: 2})
    assert of_score_line(line, state, frozenset({0})).value == "territory counted for you"
    assert of_score_line(line, state, frozenset({1})) is Happening.TERRITORY_OTHER
    assert of_score_line(ScoreLine("totems", "connection:3", "C3", {0: 4}), state, frozenset({0})) is None
    audio, mixer, clock = fake_audio()
    audio.on_score_line(line, state, [1])
    drain(audio, clock)
    assert mixer.played_names == ["territory-other"]


def test_a_computer_turn_is_announced_once_then_its_steps_sound():
    state = multiplayer(4)
    audio, mixer, clock = fake_audio()
    audio.watch(state)
    turns = []
    for _ in range(12):
        turns.append((state.turn, state.active_seat))
        action = legal_actions(state)[0]
        apply(state, action)
        audio.on_action(action, state, by_computer=True)
        drain(audio, clock)
    assert len(set(turns)) >= 2
    assert mixer.played_names.count("computer-move") == len(set(turns))
    assert mixer.played_names[0] == "computer-move" and len(mixer.played_names) > len(set(turns))


def test_a_batch_plays_in_order_a_gap_apart_and_only_the_weightiest_few():
    audio, mixer, clock = fake_audio()
    audio.hear([Happening.TENT_PLACED, Happening.CORRUPTION, Happening.TERRITORY_VOID, Happening.TERRITORY_VOID,
                Happening.VOID_TOTEM, Happening.VOID_WON])
    assert mixer.played_names == ["corruption"]       # the first at once; the tent and totem are the lightest: dropped
    clock.advance(0.1)
    audio.update()
    assert mixer.played_names == ["corruption"]       # not yet: a gap between cues
    assert 0 < audio.wake_in() <= 0.22                # the frame loop is told when to wake for the next
    drain(audio, clock)
    assert mixer.played_names == ["corruption", "territory-void", "territory-void", "void-win"]


def test_loading_or_undoing_a_game_does_not_replay_its_history():
    state = solo_state(1)
    audio, mixer, clock = fake_audio()
    finish(state, END_VOID_CONTROL)            # a finished game the audio never saw (a load, an undo)
    audio.on_action(None, state)
    drain(audio, clock)
    assert mixer.played_names == []


def test_the_void_is_close_one_territory_or_one_corruption_card_from_winning():
    state = solo_state(1)
    assert not void_is_close(state)
    d = data(state)
    d.beside = CARDS_BESIDE_TO_END - 1
    assert void_is_close(state)
    d.beside = 0
    k = 3
    for territory in range(k - 1):
        d.claims[territory] = Claim(VOID, 0, 1, 0, 1, None, "corruption", 1)
    assert void_is_close(state)
    coop = solo_state(1, coop=True)   # K is 1 in co-op: only the Corruption cards make it tense
    assert not void_is_close(coop)
    assert not void_is_close(multiplayer(1))
