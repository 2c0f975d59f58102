"""Playtest D4: rewording an engine sentence must not break saves (version 3 digest: data, no words), and the
saves and history entries written before (version 2, whose digest covered the Void's log word for word) still
load, checked with the words of their time (rulesets/solo/digest_v2.py).

The files in tests/support/saved_games/ were written by main at a7ad654, before the change.
"""

from __future__ import annotations

import dataclasses

from repo_root import ROOT

from iwari_desktop.engine.core.text import Text
from iwari_desktop.engine.files.saves import (
    SAVE_VERSION, load_game, read_save, read_save_data, save_game, state_digest,
)
from iwari_desktop.engine.history.record import read_history_file
from iwari_desktop.engine.rulesets.solo.data import Claim, data
from iwari_desktop.engine.rulesets.solo.digest_v2 import v2_english
from iwari_desktop.engine.rulesets.solo.outcome import END_VOID_CONTROL, claim_sentence
from iwari_desktop.engine.rulesets.solo.steps import BESIDE_WORDS, FREE_PLACE_WORDS

OLD = ROOT / "tests" / "support" / "saved_games"
SAVE = OLD / "solo-save-v2-a7ad654.json"
HISTORY = OLD / "history-v2-a7ad654.json"


def test_s7_a_save_written_by_version_2_loads_and_its_log_reads_in_todays_words():
    written = read_save_data(SAVE)
    assert written["version"] == 2
    game = read_save(SAVE)
    state = game.state
    assert game.is_over() and state.end_reason == END_VOID_CONTROL and state.result.won is False
    log = data(state).log
    assert any("1 tent against 1 ruin;" in sentence for sentence in log)   # v2 said "tents 1 against 1 ruins"
    again = save_game(game)
    assert again["version"] == SAVE_VERSION == 3 and again["digest"] != written["digest"]
    assert load_game(again).state == state


def test_s12_history_entries_written_by_version_2_load_solo_and_coop():
    records = read_history_file(HISTORY)
    assert [r.mode.value for r in records] == ["coop", "solo"]
    for record in records:
        game = load_game(record.save, f"history ({record.map_name})")
        assert game.is_over() and game.state.turn == record.turns
        assert len(game.log) == record.moves


def _reworded(game) -> None:
    """Every sentence the solo module keeps, said in other words: the log and the outcome's reasons."""
    d = data(game.state)
    d.log[:] = [Text("Said otherwise ({n}).", n=i) for i, _ in enumerate(d.log)]
    d.outcome = dataclasses.replace(d.outcome, territories=tuple(
        dataclasses.replace(t, why=Text("Said otherwise.")) if t.side else t for t in d.outcome.territories))


def test_the_digest_covers_what_happened_not_the_words_it_is_told_in():
    game = read_save(SAVE)
    today, then = state_digest(game), state_digest(game, 2)
    _reworded(game)
    assert state_digest(game) == today                  # version 3: the words are not in it
    assert state_digest(game, 2) != then                # version 2 was: the reason for version 3
    data(game.state).beside += 1
    assert state_digest(game) != today                  # what happened still is


def test_version_2_words_are_rebuilt_exactly_as_they_were_written():
    game = read_save(SAVE)
    state = game.state
    tie = Claim("void", 1, 1, 0, 1, None, "corruption", 13)
    assert str(claim_sentence(state, tie)) == ("1 tent against 1 ruin; equal pieces, so no extra totem; 0 totems "
                                               "against 1 totem: the Void controls it")
    assert v2_english(claim_sentence(state, tie)) == ("tents 1 against 1 ruins; no virtual totem on a tie; totems 0 "
                                                      "against 1: the Void controls it")
    counted = Text("{territory} is counted: {claim}.", territory="Ashen Isle",
                   claim=claim_sentence(state, Claim("players", 3, 2, 1, 1, "players", "filled", 4)))
    assert v2_english(counted) == ("Ashen Isle is counted: tents 3 against 2 ruins; the player gains the virtual "
                                   "totem; totems 2 against 1: the player controls it.")
    assert v2_english(Text(BESIDE_WORDS, beside=2, limit=3, count=3)) == (
        "One Void card goes beside the board (2 of 3); 3 are shuffled into the deck.")
    for pieces in (1, 2):
        assert v2_english(Text(FREE_PLACE_WORDS, count=pieces, territory="Ashen Isle")) == (
            f"A new settlement: a free Place of {pieces} in Ashen Isle.")
    unchanged = Text(("{count} Void card laid above the display ({above} of {limit} toward a Corruption).",
                      "{count} Void cards laid above the display ({above} of {limit} toward a Corruption)."),
                     count=2, above=3, limit=4)
    assert v2_english(unchanged) == str(unchanged)


def test_s7_the_claim_sentence_says_the_extra_totem_without_jargon_and_version_2_keeps_its_words():
    """Issue #34: "the player gains the virtual totem" is the rule book's jargon, met nowhere else on screen;
    today's sentence says what it is (more pieces give an extra totem). Version 2 saves keep the old words."""
    from iwari_desktop.engine.core.config import GameMode
    from iwari_desktop.engine import Game, GameConfig, PlayerSpec
    from iwari_desktop.engine.core.config import PLAYER_COLOURS

    solo = read_save(SAVE).state
    coop = Game.new(GameConfig("new-horizons", tuple(PlayerSpec(n, PLAYER_COLOURS[i]) for i, n in
                                                     enumerate(["Ann", "Ben"])), 1, mode=GameMode.COOP)).state
    cases = [(solo, "players", "more pieces give the player an extra totem", "the player gains the virtual totem"),
             (coop, "players", "more pieces give the players an extra totem", "the players gain the virtual totem"),
             (solo, "void", "more pieces give the Void an extra totem", "the Void gains the virtual totem"),
             (coop, "void", "more pieces give the Void an extra totem", "the Void gains the virtual totem"),
             (solo, None, "equal pieces, so no extra totem", "no virtual totem on a tie"),
             (coop, None, "equal pieces, so no extra totem", "no virtual totem on a tie")]
    for state, virtual, today, then in cases:
        tents = {"players": (3, 1), "void": (1, 3), None: (2, 2)}[virtual]
        claim = Claim("void", tents[0], tents[1], 0, 1, virtual, "corruption", 13)
        sentence = claim_sentence(state, claim)
        assert today in str(sentence) and "virtual" not in str(sentence)
        assert then in v2_english(sentence)
