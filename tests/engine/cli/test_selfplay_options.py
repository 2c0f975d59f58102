"""`selfplay --expeditions --courage --worship N`: the options switch their modules on, refusals exit 2."""

from __future__ import annotations

import json

import pytest

from iwari_desktop.engine.__main__ import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main(["selfplay", *args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_e8_e9_e10_selfplay_flags_play_the_options_and_list_their_modules(capsys):
    code, lines, err = run(capsys, "--map", "floating-lands", "--players", "4", "--games", "2", "--seed", "5",
                           "--feats", "--expeditions", "--courage", "--worship", "3")
    assert code == 0 and err == ""
    games = [json.loads(line) for line in lines[:-1]]
    assert len(games) == 2 and json.loads(lines[-1])["games"] == 2
    for game in games:
        assert {"expeditions", "courage", "worship", "mountains"} <= set(game["modules"])
        assert len(game["scores"]) == 4
    code, lines, _ = run(capsys, "--map", "floating-lands", "--players", "4", "--games", "1", "--seed", "5")
    assert not {"expeditions", "courage", "worship"} & set(json.loads(lines[0])["modules"])


@pytest.mark.parametrize("args, message", [
    (("--map", "the-void", "--expeditions"), "error: The Void is played without expedition cards"),
    (("--map", "glacial-mass", "--worship", "2"), "error: Worship variant 2 counts tents on contested tokens"),
    (("--worship", "7"), "error: option worship must be one of 0, 1, 2, 3, not 7"),
])
def test_e8_e10_refused_options_are_one_line_and_exit_2(capsys, args, message):
    code, lines, err = run(capsys, *args)
    assert code == 2 and lines == [] and err.startswith(message) and err.count("\n") == 1
