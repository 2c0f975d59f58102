"""Playtest D2: a game that ends during a Corruption counts its Corruptions and its turns alike on the end
screen's foot line, the board's purple box and History (S6, S10, P27).

By the rules the Corruption that the end cuts short has struck (S6: it strikes when the Void cards reach 4;
its counting is what gave the Void its third territory, P27), but its Void card never went beside the board;
and the turn it struck in was begun, so it is one of the game's turns. One source for all three screens:
the engine's outcome (`corruptions`, `beside`, `turns` = `state.turn`).
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from solo_helpers import play_to_the_end

from iwari_desktop.engine.bots.registry import make_vs_void_bot
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.game import Game
from iwari_desktop.engine.files.saves import save_game
from iwari_desktop.engine.history.record import record_of
from iwari_desktop.engine.rulesets.solo import events as ev
from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.engine.rulesets.solo.outcome import END_VOID_CONTROL, VoidOutcome
from iwari_desktop.scenes.history.history_words import length_text
from iwari_desktop.scenes.presenters.solo_box import counter_lines
from iwari_desktop.scenes.presenters.views import void_view
from iwari_desktop.scenes.solo.void_end import foot_line
from iwari_desktop.scenes.solo.void_steps_plan import frame_state, plan_steps

SEED = 4   # New Horizons, the solo bot: the second Corruption's counting gives the Void its third territory


@lru_cache(maxsize=1)
def cut_short() -> tuple[Game, list[ev.VoidEvent], int]:
    """The game, the events from the action that set off its last Corruption to the end, and the pawn before."""
    game = Game.new(GameConfig.quick("new-horizons", 1, SEED, mode=GameMode.SOLO))
    bot = make_vs_void_bot("solo", SEED)
    last, pawn = play_to_the_end(game, bot.choose, lambda event: event.kind == ev.CORRUPTION)
    return game, last, pawn


def test_s6_the_sample_game_really_ends_inside_its_second_corruption():
    game, last, _pawn = cut_short()
    state, outcome = game.state, game.state.result
    assert state.end_reason == END_VOID_CONTROL and outcome.won is False
    assert [e.kind for e in last].count(ev.CORRUPTION) == 1 and ev.CORRUPT_CARDS not in [e.kind for e in last]
    assert (outcome.corruptions, outcome.beside) == (2, 1) and outcome.corruption_cut_short
    assert sum(state.turns_taken) == state.turn - 1      # the last turn was begun, never finished


def test_s6_a_corruption_cut_short_counts_alike_on_the_end_screen_the_box_and_history(language):
    game, _last, _pawn = cut_short()
    state, outcome = game.state, game.state.result
    assert outcome.turns == state.turn == 13
    foot = foot_line(outcome)
    box = counter_lines(void_view(state), 1)[1]
    record = record_of(game, save_game(game))
    history = length_text(record.turns, record.moves)
    if language == "en":
        assert foot == "Corruptions: 2 of 3, the last one cut short by the end · 13 turns"
        assert box == "Corruptions: 2 of 3 — the third ends the game"
        assert history.startswith("13 turns, ")
    else:
        assert foot == "Verderbnisse: 2 von 3, die letzte vom Spielende abgebrochen · 13 Züge"
        assert box == "Verderbnisse: 2 von 3 – die dritte beendet das Spiel"
        assert history.startswith("13 Züge, ")
    assert record.turns == outcome.turns


def test_s6_the_box_counts_a_corruption_from_the_step_it_strikes_on():
    game, last, pawn = cut_short()
    state = game.state
    plan = plan_steps(state.board, last, data(state).pawn, pawn)
    strikes = next(i for i, step in enumerate(plan) if step.kind == ev.CORRUPTION)
    shown = [void_view(frame_state(state, plan, i))["corruptions"] for i in range(len(plan))]
    assert shown == [1] * strikes + [2] * (len(plan) - strikes)
    assert {void_view(frame_state(state, plan, i))["beside"] for i in range(len(plan))} == {1}


def test_s10_a_game_ended_by_the_third_card_beside_says_no_more_than_the_count():
    whole = VoidOutcome(totals=(0,), winners=(), decided_by="territories", won=False, corruptions=3, beside=3,
                        turns=1)
    assert not whole.corruption_cut_short
    assert foot_line(whole) == "Corruptions: 3 of 3 · 1 turn"


def test_s12_a_coop_loss_before_its_one_territory_says_territory_not_territories(language):
    from iwari_desktop.scenes.solo.void_end import end_lines

    lost = VoidOutcome(totals=(0, 0), winners=(), decided_by="territories", won=False, end="void-settlement",
                       reason="void-settlement", void_territories=0, k=1)
    _head, _ended, verdict = end_lines(lost, 2)
    assert verdict.endswith({"en": "(the Void controls 0 of the 1 territory it needed).",
                             "de": "(die Leere beherrscht 0; gebraucht hätte sie 1 Gebiet)."}[language])
    _head, _ended, verdict = end_lines(dataclasses.replace(lost, k=3, void_territories=2), 1)
    assert verdict.endswith({"en": "(the Void controls 2 of the 3 territories it needed).",
                             "de": "(die Leere beherrscht 2; gebraucht hätte sie 3 Gebiete)."}[language])
