"""Scoring rulings B3, B12, B15-B19, E9 and S1 pinned (issue #32): what a scoring line says and scores with
every memo empty, in English and German; the JSON the `score` command prints; the corners of `score_report`.

Why: the scoring screen reads each line's label and detail to the players, in their language; the rule
tests of test_scoring_points.py check the points. The memos are emptied before each test (fresh_memos.py
says why): otherwise a position scored once is never worked out again in the same process.
"""

from __future__ import annotations

import dataclasses
import gettext

import pytest

from engine_fixtures import small_board
from engine_helpers import (
    GREEN, RED, T_COAST, T_DESERT, T_FOREST, final_scoring_now, make_state, put_tent, put_tents, put_totem,
)
from fresh_memos import forget_memos
from scoring_helpers import line_for

from iwari_desktop.engine import GameConfig, new_game
from iwari_desktop.engine.core.config import PlayerSpec
from iwari_desktop.engine import FeatKind
from iwari_desktop.engine.core.scoring import (
    connection_block, decide_winner, score_report, settlement_lines, tent_lines, totem_lines,
)
from iwari_desktop.engine.core.state import FeatOnBoard
from iwari_desktop.engine.core.text import render
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
THIRD = 2   # the 2-player game's third tribe (B12)


@pytest.fixture(autouse=True)
def _worked_out_afresh():
    forget_memos()


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


def _named_third_tribe_game():
    """A 3-player game whose second player typed "Third tribe" as their name (only 2-player games refuse it)."""
    config = GameConfig.quick("small-test", 3, 1, first_player=0)
    players = (config.players[0], PlayerSpec("Third tribe", config.players[1].colour), config.players[2])
    return new_game(dataclasses.replace(config, players=players), small_board())


# ---- B15 tents -----------------------------------------------------------------------------------------

def test_b15_b12_the_tent_line_names_each_tribe_its_tents_and_rank_in_english_and_german():
    state = make_state(2, seed=1)
    put_tents(state, RED, [0, 1, 2])
    put_tent(state, THIRD, 3)
    (line,) = tent_lines(state)
    assert (line.category, line.subject) == ("tents", f"territory:{T_DESERT}")
    assert line.points == {RED: 4, THIRD: 3} and line.ranks == {RED: 1, THIRD: 2}
    assert line.label == "Desert 0 (Desert)" and _de(line.label) == "Desert 0 (Wüste)"
    assert line.detail == "Player 1 3 tents, rank 1, Third tribe 1 tent, rank 2"
    assert _de(line.detail) == "Player 1 3 Zelte, Rang 1, Dritter Stamm 1 Zelt, Rang 2"


def test_b15_a_player_named_like_the_third_tribe_keeps_the_typed_name_in_german():
    state = _named_third_tribe_game()
    put_tents(state, GREEN, [0, 1])
    (line,) = tent_lines(state)
    assert _de(line.detail) == "Third tribe 2 Zelte, Rang 1"


def test_b15_each_territory_scores_its_own_ranking_in_one_scoring():
    """Two territories with the same standings and the same names are two lines, each with its own label."""
    state = make_state(3, seed=2)
    put_tents(state, RED, [12, 13])
    put_tent(state, GREEN, 14)
    put_tents(state, RED, [20, 21])
    put_tent(state, GREEN, 22)
    lines = tent_lines(state)
    assert [(l.subject, l.label, l.points) for l in lines] == [
        (f"territory:{T_FOREST}", "Forest 2 (Forest)", {RED: 3, GREEN: 2}),
        (f"territory:{T_COAST}", "Coast 4 (Coast)", {RED: 3, GREEN: 2})]
    assert [_de(l.label) for l in lines] == ["Forest 2 (Wald)", "Coast 4 (Küste)"]


def test_e5_the_void_ranks_among_the_tents_but_never_scores():
    """E5: the neutral Void can hold a majority and never scores; a tribe ranked below it scores the Void's count
    (B15). The Void's tents here are put by hand: on a real map its pieces in territories are totems."""
    board = dataclasses.replace(small_board(mountains=False), rules=("void-totems",))
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board)
    void = state.void_tribe
    put_tents(state, void, [0, 1, 2])
    put_tent(state, RED, 3)
    (line,) = tent_lines(state)
    assert line.ranks == {void: 1, RED: 2} and line.points == {RED: 3}
    assert _de(line.detail) == "Die Leere 3 Zelte, Rang 1, Player 1 1 Zelt, Rang 2"


# ---- B16 totems and B3 mountains -----------------------------------------------------------------------

def _connection_9_won_by(state, tribe):
    """`tribe` alone holds the totem majority in Forest and Coast (connection 9, never covered)."""
    put_tents(state, tribe, [12, 20])
    put_totem(state, tribe, T_FOREST)
    put_totem(state, tribe, T_COAST)


def test_b16_the_totem_line_names_the_connection_its_winners_and_both_territories_in_english_and_german():
    state = make_state(3, seed=4)
    _connection_9_won_by(state, RED)
    (line,) = totem_lines(state)
    assert (line.category, line.subject, line.points) == ("totems", "connection:9", {RED: 2})
    assert line.label == "Connection 9 (land)" and _de(line.label) == "Verbindung 9 (Land)"
    assert line.detail == "Player 1 hold the totem majority in both Forest 2 and Coast 4: 2 totems in all"
    assert _de(line.detail) == "Totemmehrheit sowohl in Forest 2 als auch in Coast 4 für Player 1: insgesamt 2 Totems"


def test_b16_b12_the_third_tribe_is_named_in_german_and_a_player_so_named_is_not():
    """The same connection, territories and totems, won once by the third tribe and once by a player who typed
    its name: each line says its own winner in German."""
    state = make_state(2, seed=4)
    _connection_9_won_by(state, THIRD)
    assert _de(line_for(totem_lines(state), "connection:9").detail).endswith("für Dritter Stamm: insgesamt 2 Totems")
    state = _named_third_tribe_game()
    _connection_9_won_by(state, GREEN)
    assert _de(line_for(totem_lines(state), "connection:9").detail).endswith("für Third tribe: insgesamt 2 Totems")


def test_b3_a_covered_connection_is_blocked_with_its_ruling_in_english_and_german():
    state = make_state(5, seed=0)
    (covered,) = state.mountains
    reason = connection_block(state, covered)
    assert reason == "B3: covered by a mountain" and reason.rule == "B3"
    assert _de(reason) == "von einem Berg versperrt"
    assert connection_block(state, 9) is None   # connection 9 carries no peak


# ---- B17 settlements -----------------------------------------------------------------------------------

def test_b17_the_settlement_lines_number_each_tribes_settlements_and_read_in_english_and_german():
    state = make_state(3, seed=5)
    put_tents(state, RED, [0, 1, 2, 3, 12, 13, 14, 15, 16])
    lines = settlement_lines(state)
    assert [(l.category, l.subject, l.points) for l in lines] == [
        ("settlement", "settlement:0:1", {RED: 4}), ("settlement", "settlement:0:2", {RED: 4})]
    assert lines[0].label == "Player 1 settlement of 4" and lines[0].detail == "4 tents joined by roads"
    assert _de(lines[0].label) == "Siedlung von Player 1 mit 4 Zelten"
    assert _de(lines[0].detail) == "4 durch Wege verbundene Zelte"


def test_b17_b12_the_third_tribes_settlement_and_a_player_named_like_it_read_apart_in_german():
    state = make_state(2, seed=5)
    put_tents(state, THIRD, [0, 1, 2, 3])
    (line,) = settlement_lines(state)
    assert line.subject == f"settlement:{THIRD}:1" and _de(line.label) == "Siedlung von Dritter Stamm mit 4 Zelten"
    state = _named_third_tribe_game()
    put_tents(state, GREEN, [0, 1, 2, 3])
    (line,) = settlement_lines(state)
    assert line.subject == f"settlement:{GREEN}:1" and _de(line.label) == "Siedlung von Third tribe mit 4 Zelten"


# ---- B19 and E9: the multipliers of the final scoring --------------------------------------------------

def test_e9_courage_on_the_only_feat_of_a_territory_and_of_a_connection_leaves_x1():
    """E9: Courage cancels one feat and never counts itself, so a lone Union and a lone Honour with Courage on
    them multiply by 1, not 2 (B19: n counting feats give x(n+1))."""
    state = make_state(3, seed=4, feats={FeatKind.UNION, FeatKind.HONOUR, FeatKind.COURAGE})
    _connection_9_won_by(state, RED)
    state.feats += [FeatOnBoard(FeatKind.UNION, RED, T_FOREST, False),
                    FeatOnBoard(FeatKind.COURAGE, RED, T_FOREST, False),
                    FeatOnBoard(FeatKind.HONOUR, RED, 9, True),
                    FeatOnBoard(FeatKind.COURAGE, GREEN, 9, True)]
    report = score_report(state, final=True)
    forest = line_for(report.lines, f"territory:{T_FOREST}")
    assert forest.multiplier == 1 and forest.points == {RED: 1}
    connection = line_for(report.lines, "connection:9")
    assert connection.multiplier == 1 and connection.points == {RED: 2}


# ---- S1: no points against the Void --------------------------------------------------------------------

def test_s1_the_final_report_against_the_void_holds_only_the_claims_and_no_points():
    from solo_helpers import solo_state, vd

    from iwari_desktop.engine.rulesets.solo.data import Claim

    state = solo_state()
    put_tents(state, RED, [0, 1, 2, 3])          # tents and a settlement score nothing (S1)
    vd(state).claims[T_DESERT] = Claim("players", 4, 0, 0, 0, "players", "filled", 1)
    report = score_report(state, final=True)
    assert report.kind == "final"
    assert [(l.category, l.subject, l.base) for l in report.lines] == [("claim", f"territory:{T_DESERT}", {})]
    assert report.totals() == [0] * len(state.tribes)


# ---- the `score` command's JSON (engine/cli/score.py) --------------------------------------------------

def test_b15_b16_b17_b18_the_json_of_a_final_scoring_carries_every_line_and_the_result():
    state = make_state(3, seed=4, feats={FeatKind.HONOUR})
    _connection_9_won_by(state, RED)
    put_tents(state, GREEN, [0, 1, 2, 3])
    state.feats.append(FeatOnBoard(FeatKind.HONOUR, RED, 9, True))
    final_scoring_now(state)
    data = state.reports[-1].to_json(["Ann", "Ben", "Cy"])
    assert data["kind"] == "final" and data["tribes"] == ["Ann", "Ben", "Cy"]
    assert data["totals"] == [6, 8, 0]
    assert data["by_category"] == {"tents": [2, 4, 0], "totems": [4, 0, 0], "settlement": [0, 4, 0]}
    assert line_for(state.reports[-1].lines, "connection:9").to_json() == {
        "category": "totems", "subject": "connection:9", "label": "Connection 9 (land)",
        "base": {"0": 2}, "multiplier": 2, "points": {"0": 4},
        "detail": "Player 1 hold the totem majority in both Forest 2 and Coast 4: 2 totems in all", "ranks": {}}
    desert = next(l for l in data["lines"] if l["subject"] == f"territory:{T_DESERT}")
    assert desert["ranks"] == {"1": 1} and desert["points"] == {"1": 4}
    assert "tribes" not in state.reports[-1].to_json()
    assert state.result.to_json() == {"totals": [6, 8, 0], "winners": [GREEN], "decided_by": "points",
                                      "players_lose": False}


def test_b12_the_json_of_a_result_the_third_tribe_wins_alone_says_the_players_lose():
    state = make_state(2, seed=6)
    state.scores = [3, 4, 9]
    assert decide_winner(state).to_json() == {"totals": [3, 4, 9], "winners": [THIRD], "decided_by": "points",
                                              "players_lose": True}
