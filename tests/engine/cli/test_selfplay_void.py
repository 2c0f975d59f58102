"""`selfplay` on The Void: 2 to 6 players with its rules on, and each game's line names the active modules."""

from __future__ import annotations

import json

import pytest

from iwari_desktop.engine.__main__ import main

VOID_MODULES = ["void-tribe", "contested", "determination"]


def run_selfplay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict], str]:
    code = main(["selfplay", *args])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


@pytest.mark.parametrize("n_players", [2, 3, 4, 5, 6])
def test_e7_selfplay_plays_the_void_with_every_player_count(capsys, n_players):
    code, lines, err = run_selfplay(capsys, "--map", "the-void", "--players", str(n_players), "--games", "2",
                                    "--seed", "4")
    assert (code, err) == (0, "")
    for game in lines[:-1]:
        assert game["players"] == n_players and game["map"] == "the-void"
        assert len(game["scores"]) == max(n_players, 3)       # B12: two players also score the third tribe
        assert game["modules"] == VOID_MODULES


def test_selfplay_lists_the_modules_of_base_maps_and_feats(capsys):
    code, lines, _ = run_selfplay(capsys, "--map", "new-horizons", "--players", "3", "--games", "1", "--feats")
    assert code == 0
    assert lines[0]["modules"] == ["mountains", "union", "discovery", "honour", "respect"]


def test_e7_six_players_are_refused_on_a_map_for_five(capsys):
    code, lines, err = run_selfplay(capsys, "--map", "new-horizons", "--players", "6")
    assert code == 2 and lines == []
    assert err.strip() == "error: New Horizons takes 2 to 5 players, not 6"
