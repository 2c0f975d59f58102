"""Solo and co-op position files and `score` (S7, S10, S12, P19, P22, P27): the pieces, the counted territories,
the pawn and the Void cards of a game against the Void, counted as at the end; every bad input one line, exit 2.

The rulebook's counting examples come out of position files the way a player would write them.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from cli_runner import run_engine
from file_fuzz_helpers import assert_one_line, mutations, typed_edits, within, write_cases

from iwari_desktop.engine.files.position import PositionError
from iwari_desktop.engine.files.positions import load_position, read_position
from iwari_desktop.engine.files.position_vs_void import VoidPosition
from iwari_desktop.engine.rulesets.solo.data import data
from repo_root import ROOT
EXAMPLE = ROOT / "docs" / "examples" / "position-solo.json"


def base(**changes) -> dict:
    doc = {"format": "iwari-position", "version": 1, "map": "new-horizons", "mode": "solo",
           "tribes": [{"name": "Ann"}], "tents": [], "totems": [], "counted": [], "pawn": 1}
    doc.update(changes)
    return doc


def control(position: VoidPosition, name: str):
    return next(t for t in position.ending().result.territories if t.name == name)


def test_s7_counting_example_the_players_virtual_totem_breaks_the_totem_tie():
    position = load_position(base(
        tents=[{"tribe": "Ann", "territory": "Redscar Plateau", "count": 3},
               {"tribe": "void", "territory": "Redscar Plateau", "count": 2}],
        totems=[{"territory": "Redscar Plateau", "stack": ["Ann", "void"]}]))
    row = control(position, "Redscar Plateau")
    assert row.side == "players" and "more pieces give the player an extra totem" in row.why and "2 totems against 1 totem" in row.why


def test_s7_counting_example_on_glaciers_a_tie_goes_to_the_void():
    position = load_position(base(
        tents=[{"tribe": "Ann", "territory": "Frostmere Reach", "count": 2},
               {"tribe": "void", "territory": "Frostmere Reach", "count": 1}],
        totems=[{"territory": "Frostmere Reach", "stack": ["void"]}],
        counted=[{"territory": "Frostmere Reach", "when": "corruption"}]))
    claim = data(position.state).claims[0]
    assert claim.side == "void" and claim.when == "corruption" and claim.virtual == "players"
    row = control(position, "Frostmere Reach")
    assert row.side == "void" and "tie" in row.why


def test_s12_coop_position_partners_count_together():
    position = load_position(base(
        mode="coop", tribes=[{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "yellow"}],
        tents=[{"tribe": "Ann", "territory": "Mosswood Hollow", "count": 2},
               {"tribe": "Ben", "territory": "Mosswood Hollow", "count": 1},
               {"tribe": "void", "territory": "Mosswood Hollow", "count": 2}],
        totems=[{"territory": "Mosswood Hollow", "stack": ["void"]}]))
    row = control(position, "Mosswood Hollow")
    # 2 red + 1 yellow against 2 ruins: the partners hold the majority, so the virtual totem ties the Void's
    assert row.side == "void" and "more pieces give the players an extra totem" in row.why
    assert position.ending().result.k == 1


def test_s10_the_example_file_scores_with_every_territory_who_and_why():
    result = run_engine("score", str(EXAMPLE))
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["mode"] == "solo" and doc["pawn"] == 6 and doc["void_cards"] == {"above": 1, "beside": 1}
    assert doc["counted_before"] == ["Frostmere Reach"]
    names = {t["name"]: t for t in doc["territories"]}
    assert len(names) == 12 and all(t["side"] in ("players", "void") and t["why"] for t in names.values())
    assert names["Redscar Plateau"]["side"] == "players" and names["Frostmere Reach"]["side"] == "void"
    assert names["Amberdune Wastes"]["side"] == "players"
    assert doc["result"]["result"] == "loss" and doc["result"]["reason"] == "void-control"
    assert doc["result"]["void_territories"] == sum(1 for t in names.values() if t["side"] == "void")
    assert [t["side"] for t in doc["tribes"]] == ["players", "void"]


def test_s10_a_position_the_players_hold_is_a_win():
    doc = base(options={"k": 10})
    result = load_position(doc).ending().result
    assert result.won is False and result.reason == "void-control"   # 12 empty territories go to the Void
    tents = [{"tribe": "Ann", "territory": t, "count": 1} for t in
             ("Frostmere Reach", "Gullcry Cliffs", "Whisperpine Vale", "Silverfall Shelf", "Thornroot Weald",
              "Mosswood Hollow", "Redscar Plateau", "Hearthfire Steppe", "Sunscorch Flats", "Saltwind Bay",
              "Amberdune Wastes", "Ashen Isle")]
    result = load_position(base(tents=tents)).ending().result
    assert result.won is True and result.reason == "held" and result.player_territories == 12


BAD = [
    (base(mode="duel"), "'mode' must be"),
    (base(mode=["solo"]), "'mode' must be"),
    (base(map="the-void"), ""),
    (base(tribes=[{"name": "Ann"}, {"name": "Ben"}]), "one player"),
    (base(mode="coop"), "two partners"),
    (base(scoring="half"), "'scoring'"),
    (base(pawn=99), "no connection 99"),
    (base(tents=[{"tribe": "Ann", "space": "s9999"}]), "no tent space"),
    (base(tents=[{"tribe": "Ann", "territory": "Ashen Isle", "count": 4}]), "empty tent space"),
    (base(counted=[{"territory": "Ashen Isle", "when": "end"}, "t11"]), "listed twice"),
    (base(void_cards={"above": 13}), "void_cards"),     # 12 Void cards in all (S2)
    (base(void_cards={"beside": 4}), "void_cards"),     # a third beside the board ends the game (S10)
    (base(counted=[{"territory": "Ashen Isle", "count": {"tents": 22}}]), "count"),
    (base(counted=[{"territory": "Ashen Isle", "count": {"ruin": 1}}]), "unknown field"),
    (base(ruins=[{"space": "s3", "tribe": "Ann"}]), "no ruin spaces"),
    (base(options={"k": 0}), "options"),
    (base(options={"open_hands": True}), "unknown option"),
    (base(tribes=[{"name": "Void"}]), "Void"),
]


@pytest.mark.parametrize("doc,words", BAD)
def test_p27_bad_solo_positions_are_one_line_and_exit_2(tmp_path, doc, words):
    with pytest.raises(PositionError) as error:
        load_position(doc)
    assert words in str(error.value)
    assert_one_line(str(error.value))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    result = run_engine("score", str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


def test_s5_s10_the_pawn_may_rest_between_two_counted_territories():
    """Play leaves the pawn there while the Void's steps go on and when every territory is counted (S5, S10):
    such a position is read (issue #21: the reader refused it)."""
    doc = base(tents=[{"tribe": "Ann", "territory": "Frostmere Reach", "count": 8},
                      {"tribe": "Ann", "territory": "Gullcry Cliffs", "count": 4}],
               counted=["Frostmere Reach", "Gullcry Cliffs"], pawn=1)
    assert load_position(doc).state.ext["vs-void"].pawn == 1
    assert load_position(dict(doc, pawn=2)).state.ext["vs-void"].pawn == 2


def test_s7_s9_s10_p27_positions_play_reaches_that_the_reader_refused_are_read():
    """Each of these was refused as impossible, yet play reaches it (issue #21, found by the round trip):
    S9 moves a player's tents out of a counted territory (empty spaces under a 'filled' claim, totems above
    the tents left, the claim's numbers as counted); a finished game holds a full territory never counted (the
    Void won by its settlement at the filling, S10), K Void territories (P27), a third Void card beside the
    board (S10) and, mid-Corruption, 4 or more Void cards above the display (S6)."""
    moved = load_position(base(
        tents=[{"tribe": "Ann", "territory": "Ashen Isle", "count": 1}],
        totems=[{"territory": "Ashen Isle", "stack": ["Ann", "Ann"]}],
        counted=[{"territory": "Ashen Isle", "when": "filled",
                  "count": {"tents": 3, "ruins": 0, "totems": 2, "void_totems": 0}}]))
    claim = data(moved.state).claims[11]
    assert (claim.side, claim.when, claim.player_tents, claim.virtual) == ("players", "filled", 3, "players")
    assert control(moved, "Ashen Isle").side == "players"
    recount = load_position(base(tents=[{"tribe": "void", "territory": "Ashen Isle", "count": 1}],
                                 counted=[{"territory": "Ashen Isle", "when": "corruption"}]))
    assert data(recount.state).claims[11].side == "void" and data(recount.state).claims[11].void_tents == 1
    unlisted = load_position(base(tents=[{"tribe": "Ann", "territory": "Ashen Isle", "count": 3}]))
    assert 11 not in data(unlisted.state).claims
    assert control(unlisted, "Ashen Isle").side == "players" and control(unlisted, "Ashen Isle").when == "end"
    lost = load_position(base(options={"k": 1}, tents=[{"tribe": "void", "territory": "Ashen Isle", "count": 3}],
                              counted=["Ashen Isle"]))
    assert lost.ending().result.won is False
    cards = load_position(base(void_cards={"above": 5, "beside": 3}))
    assert (data(cards.state).above, data(cards.state).beside) == (5, 3)


@pytest.mark.parametrize("seed", range(4))
def test_fuzz_solo_positions_clear_error_or_a_counted_load(tmp_path, seed):
    rng = random.Random(seed)
    raw = EXAMPLE.read_bytes()
    doc = json.loads(raw)
    cases = list(mutations(raw, rng, 40)) + list(typed_edits(copy.deepcopy(doc), rng, 80))
    for path in write_cases(tmp_path, "p", iter(cases)):
        with within():
            try:
                position = read_position(path)
            except PositionError as error:
                assert_one_line(str(error))
                continue
            ending = position.ending()
            assert ending.result.won in (True, False) or not isinstance(position, VoidPosition)
