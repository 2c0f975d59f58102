"""The engine's command line: `selfplay` and `score` (with position files).

Most commands run in-process through the same `main(argv)` (tests/support/cli_runner.py: a subprocess each
cost seconds on a loaded machine); `run_subprocess` keeps real `python -m iwari_desktop.engine`
runs for the entry point itself: a game, usage errors, and a file that never ends.

Maps come from tests/support/map_fixtures.py (written to a temporary folder), so these tests do not depend on
the hand-drawn bundled maps, except the documented example (docs/examples/position-desert.json) and
the bundled-map smoke test, which use what is bundled.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from map_fixtures import valid_spec, write_map, write_valid_map

from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, get_board
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.files.position import PositionError, score_now
from iwari_desktop.engine.files.positions import load_position
from iwari_desktop.engine.files.saves import write_save
from cli_runner import run_engine
from repo_root import ROOT
EXAMPLE = ROOT / "docs" / "examples" / "position-desert.json"
GAME_KEYS = {"seed", "map", "players", "scores", "winner", "players_lose", "turns", "decisions", "modules"}


def run_subprocess(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "iwari_desktop.engine", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_engine(*args)


def assert_one_line_error(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    return lines[0]


@pytest.fixture(scope="module")
def map_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_valid_map(tmp_path_factory.mktemp("maps"))


@pytest.fixture
def board(map_file: Path):
    return get_board(str(map_file))


# ---- selfplay -------------------------------------------------------------------------------------

def selfplay_lines(*args: str, command=run) -> list[dict]:
    proc = command("selfplay", *args)
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_selfplay_prints_one_json_line_per_game_then_the_speed(map_file: Path) -> None:
    lines = selfplay_lines("--map", str(map_file), "--players", "3", "--games", "4", "--seed", "10",
                           command=run_subprocess)
    assert len(lines) == 5
    games, speed = lines[:-1], lines[-1]
    for i, game in enumerate(games):
        assert set(game) == GAME_KEYS
        assert game["seed"] == 10 + i
        assert game["map"] == "fixture-vale"
        assert game["players"] == 3
        assert len(game["scores"]) == 3 and all(isinstance(s, int) and s >= 0 for s in game["scores"])
        best = max(game["scores"])
        assert game["winner"] and all(game["scores"][w] == best for w in game["winner"])
        assert game["players_lose"] is False
        assert game["turns"] > 0 and game["decisions"] >= game["turns"]
    assert set(speed) == {"games", "games_per_second", "decisions_per_second"}
    assert speed["games"] == 4
    assert speed["games_per_second"] > 0 and speed["decisions_per_second"] > 0


def test_selfplay_is_reproducible_from_the_seed(map_file: Path) -> None:
    first = selfplay_lines("--map", str(map_file), "--players", "4", "--games", "3", "--seed", "5")[:-1]
    again = selfplay_lines("--map", str(map_file), "--players", "4", "--games", "3", "--seed", "5")[:-1]
    alone = selfplay_lines("--map", str(map_file), "--players", "4", "--games", "1", "--seed", "6")[:-1]
    assert first == again
    assert alone == first[1:2]  # game i uses seed S+i, bots included


def test_selfplay_two_players_scores_the_third_tribe_too(map_file: Path) -> None:
    """B12: the third tribe scores like a player, so a 2-player line has three scores."""
    lines = selfplay_lines("--map", str(map_file), "--players", "2", "--games", "2", "--seed", "1",
                           "--bot", "greedy", "--feats", "--draft")
    for game in lines[:-1]:
        assert game["players"] == 2
        assert len(game["scores"]) == 3
        assert isinstance(game["players_lose"], bool)
        assert game["players_lose"] == (game["winner"] == [2])


def test_selfplay_on_the_bundled_default_map() -> None:
    lines = selfplay_lines("--players", "5", "--games", "1", "--feats")
    assert lines[0]["map"] == "new-horizons" and len(lines[0]["scores"]) == 5


@pytest.mark.parametrize("args, words", [
    (["--map", "no-such-map"], "no such map"),
    (["--map", "{map}", "--players", "6"], "6"),
    (["--map", "{map}", "--players", "1"], "1"),
    (["--map", "{map}", "--games", "0"], "--games"),
    (["--map", "{map}", "--bot", "clever"], "clever"),
    (["--map", "{map}", "--players", "three"], "--players"),
    (["--map", "{map}", "--unknown-flag"], "unknown"),
])
def test_selfplay_bad_arguments_are_one_line_and_exit_2(map_file: Path, args: list[str], words: str) -> None:
    command = run_subprocess if args[-1] in ("no-such-map", "--unknown-flag") else run  # the real exit path too
    line = assert_one_line_error(command("selfplay", *[a.format(map=map_file) for a in args]))
    assert words in line


# ---- score: the documented example ---------------------------------------------------------------

def score(path: Path) -> dict:
    proc = run("score", str(path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return json.loads(proc.stdout)


def test_documented_desert_example_scores_7_3_2_2() -> None:
    """B15, the rulebook's example: tents 3-2-1-1 in a Desert score 7, 3, 2, 2."""
    doc = score(EXAMPLE)
    assert doc["source"] == "position" and doc["scoring"] == "final"
    names = [t["name"] for t in doc["tribes"]]
    points = {t["name"]: t["points"] for t in doc["totals"]}
    assert points == {"Tundra tribe": 7, "Glaciers tribe": 3, "Forest tribe": 2, "Coast tribe": 2}
    (report,) = doc["reports"]
    (line,) = report["lines"]  # only the Desert scores: no totems, no settlement of 4
    assert line["category"] == "tents" and "(Desert)" in line["label"]
    assert line["multiplier"] == 1
    by_name = {names[int(k)]: v for k, v in line["points"].items()}
    assert by_name == points
    ranks = {names[int(k)]: v for k, v in line["ranks"].items()}
    assert ranks == {"Tundra tribe": 1, "Glaciers tribe": 2, "Forest tribe": 3, "Coast tribe": 3}
    assert doc["result"]["winner_names"] == ["Tundra tribe"]
    assert doc["result"]["decided_by"] == "points"


def test_documented_example_half_journey_scores_the_same(tmp_path: Path) -> None:
    """Only tents score in the example, so the half journey (tents, no multipliers) gives the same."""
    data = json.loads(EXAMPLE.read_text())
    data["scoring"] = "half"
    if data["map"].endswith(".tmx") and not Path(data["map"]).is_absolute():
        data["map"] = str(EXAMPLE.parent / data["map"])  # a map path is relative to the position file
    doc = score_data(tmp_path, data)
    assert doc["reports"][0]["kind"] == "half" and doc["result"] is None
    assert totals(doc) == totals(score(EXAMPLE))


def test_documented_example_is_the_one_in_the_docs() -> None:
    """docs/save-format.md quotes the example file in full; the two must not drift apart."""
    text = (ROOT / "docs" / "save-format.md").read_text()
    section = text[text.index("### Worked example"):]
    quoted = section[section.index("```json") + len("```json"):]
    quoted = quoted[:quoted.index("```")]
    assert json.loads(quoted) == json.loads(EXAMPLE.read_text())
    assert "7 / 3 / 2 / 2" in section


# ---- score: saves ---------------------------------------------------------------------------------

def play(map_file: Path, players: int, seed: int, stop_after: int | None = None) -> Game:
    game = Game.new(GameConfig.quick(str(map_file), players, seed, feats=BASE_FEATS))
    bot = RandomBot(seed)
    while not game.is_over() and (stop_after is None or len(game.log) < stop_after):
        game.play(bot.choose(game.state))
    return game


@pytest.mark.parametrize("players", [2, 3])
def test_score_a_finished_save_prints_the_reports_it_scored(map_file: Path, tmp_path: Path, players: int) -> None:
    game = play(map_file, players, seed=11)
    write_save(tmp_path / "over.json", game)
    doc = score(tmp_path / "over.json")
    state = game.state
    assert doc["source"] == "save" and doc["hypothetical"] is False
    assert [r["kind"] for r in doc["reports"]] == [r.kind for r in state.reports]
    assert doc["reports"][-1]["kind"] == "final"
    assert [t["points"] for t in doc["totals"]] == state.scores
    summed = [sum(r["totals"][i] for r in doc["reports"]) for i in range(len(state.tribes))]
    assert summed == state.scores
    assert doc["result"]["winners"] == list(state.result.winners)
    assert doc["result"]["winner_names"] == [state.tribes[w].name for w in state.result.winners]
    for report in doc["reports"]:
        for line in report["lines"]:
            assert {"category", "subject", "label", "base", "multiplier", "points", "detail"} <= set(line)
            assert all(line["points"][k] == v * line["multiplier"] for k, v in line["base"].items())
    assert len(doc["tribes"]) == len(state.tribes) == (3 if players == 2 else players)


def test_score_a_save_in_progress_is_a_hypothetical_final_scoring(map_file: Path, tmp_path: Path) -> None:
    game = play(map_file, 3, seed=4, stop_after=90)
    assert not game.is_over()
    write_save(tmp_path / "mid.json", game)
    doc = score(tmp_path / "mid.json")
    assert doc["hypothetical"] is True
    (report,) = doc["reports"]
    assert report["kind"] == "final"
    expected = score_now(game.state, final=True).totals()
    assert report["totals"] == expected
    assert [t["points"] for t in doc["points_before"]] == game.state.scores
    assert [t["points"] for t in doc["totals"]] == [a + b for a, b in zip(game.state.scores, expected)]
    assert game.state.reports == [] or game.state.reports[-1].kind == "half"  # the save was not changed


def test_score_a_damaged_save_is_one_line(map_file: Path, tmp_path: Path) -> None:
    game = play(map_file, 3, seed=2, stop_after=30)
    path = tmp_path / "bad.json"
    write_save(path, game)
    data = json.loads(path.read_text())
    data["digest"] = "0" * 64
    path.write_text(json.dumps(data))
    assert "damaged" in assert_one_line_error(run("score", str(path)))


# ---- score: position files ------------------------------------------------------------------------

FOUR = [{"name": "Ana", "colour": "red"}, {"name": "Ben", "colour": "green"},
        {"name": "Cleo", "colour": "blue"}, {"name": "Dov", "colour": "yellow"}]


def position(map_file: Path, **fields) -> dict:
    data = {"format": "iwari-position", "version": 1, "map": str(map_file), "tribes": copy.deepcopy(FOUR[:3])}
    data.update(fields)
    return data


def score_data(tmp_path: Path, data: dict) -> dict:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data))
    return score(path)


def totals(doc: dict) -> dict[str, int]:
    return {t["name"]: t["points"] for t in doc["totals"]}


def test_position_tents_by_space_and_by_territory(map_file: Path, board, tmp_path: Path) -> None:
    dune = board.territory_named("Dune Sea")
    spaces = dune.tent_spaces
    data = position(map_file, tents=[
        {"tribe": "Ana", "space": f"s{spaces[0]}"}, {"tribe": "Ben", "space": spaces[6]},
        {"tribe": "blue", "territory": "Dune Sea", "count": 2},  # a tribe by colour; fills s1, s2
        {"tribe": "Ana", "territory": f"t{dune.index}", "count": 2},
    ], scoring="half")
    doc = score_data(tmp_path, data)
    assert totals(doc) == {"Ana": 6, "Cleo": 3, "Ben": 2}  # 3-2-1: 6, 3, 2


def test_position_settlement_totems_feats_and_mountains(map_file: Path, board, tmp_path: Path) -> None:
    # Two land-connected territories of the top row: connection 1 joins Ashen Steppe and Mossy Hollow.
    c1 = board.connections_by_number[1]
    a, b = (board.territories[t].name for t in c1.territories)
    tents = [{"tribe": "Ana", "territory": a, "count": 7},  # a whole road tree: a settlement of 7 (B17)
             {"tribe": "Ana", "territory": b, "count": 1}, {"tribe": "Ben", "territory": b, "count": 1}]
    totems = [{"territory": a, "stack": ["Ana"]}, {"territory": b, "stack": ["Ana"]}]
    base = score_data(tmp_path, position(map_file, tents=tents, totems=totems))
    lines = {(l["category"], l["subject"]): l for l in base["reports"][0]["lines"]}
    assert lines[("totems", "connection:1")]["points"] == {"0": 2}  # B16: 2 totems in both territories
    settlement = [l for l in base["reports"][0]["lines"] if l["category"] == "settlement"]
    assert [l["points"] for l in settlement] == [{"0": 8}]  # the road across the border joins the 8th tent

    feats = [{"kind": "union", "tribe": "Ana", "territory": a}, {"kind": "discovery", "territory": a},
             {"kind": "honour", "tribe": "Ana", "connection": "c1"}]
    featured = score_data(tmp_path, position(map_file, tents=tents, totems=totems, feats=feats))
    lines = {(l["category"], l["subject"]): l for l in featured["reports"][0]["lines"]}
    assert lines[("tents", f"territory:{c1.territories[0]}")]["multiplier"] == 3  # two feats: ×3 (B19)
    assert lines[("totems", "connection:1")]["multiplier"] == 2
    assert totals(featured)["Ana"] == totals(base)["Ana"] + 2 * 7 + 2

    covered = score_data(tmp_path, position(map_file, tents=tents, totems=totems, mountains=[1]))
    assert ("totems", "connection:1") not in {(l["category"], l["subject"]) for l in covered["reports"][0]["lines"]}
    assert covered["mountains"] == [1]


def test_position_two_players_with_a_named_third_tribe_and_points_before(map_file: Path, tmp_path: Path) -> None:
    tribes = [{"name": "Ana"}, {"name": "Ben"}, {"name": "The Others", "colour": "orange", "third": True}]
    data = position(map_file, tribes=tribes, points_before={"Ana": 10, "The Others": 3},
                    tents=[{"tribe": "The Others", "territory": "Dune Sea", "count": 2}])
    doc = score_data(tmp_path, data)
    assert [t["third"] for t in doc["tribes"]] == [False, False, True]
    assert doc["tribes"][2]["colour"] == "orange"
    assert totals(doc) == {"Ana": 10, "Ben": 0, "The Others": 5}
    assert doc["result"]["winner_names"] == ["Ana"] and doc["result"]["players_lose"] is False


def test_position_the_third_tribe_alone_first_means_both_players_lose(map_file: Path, tmp_path: Path) -> None:
    data = position(map_file, tribes=[{"name": "Ana"}, {"name": "Ben"}],
                    tents=[{"tribe": "Third tribe", "territory": "Dune Sea", "count": 3}])
    doc = score_data(tmp_path, data)
    assert doc["result"]["players_lose"] is True


def test_position_tie_broken_by_supply(map_file: Path, tmp_path: Path) -> None:
    """B18: equal points, the tribe with more pieces left in supply wins."""
    data = position(map_file, tents=[{"tribe": "Ana", "territory": "Dune Sea", "count": 2},
                                     {"tribe": "Ben", "territory": "Red Mesa", "count": 1}],
                    points_before={"Ben": 1})
    doc = score_data(tmp_path, data)
    assert totals(doc)["Ana"] == totals(doc)["Ben"] == 2
    assert doc["result"]["winner_names"] == ["Ben"] and doc["result"]["decided_by"] == "supply"


def test_position_map_path_is_relative_to_the_position_file(tmp_path: Path) -> None:
    folder = tmp_path / "positions"
    folder.mkdir()
    write_valid_map(folder, "beside")
    data = position(Path("beside.tmx"), tents=[{"tribe": "Ana", "territory": "Dune Sea", "count": 2}])
    doc = score_data(folder, data)
    assert doc["map"]["id"] == "beside" and totals(doc)["Ana"] == 2


def test_load_position_raises_a_typed_error(map_file: Path) -> None:
    with pytest.raises(PositionError, match="unknown tribe 'Zed'"):
        load_position(position(map_file, tents=[{"tribe": "Zed", "territory": "Dune Sea"}]), "p.json")


def _bad_positions(map_file: Path, no_totem_map: Path) -> dict[str, tuple[object, str]]:
    return {
        "unknown-format": ({"format": "something-else", "version": 1}, "unknown format"),
        "no-format": ({"hello": 1}, "not an Iwari"),
        "json-list": ([1, 2, 3], "not an Iwari"),
        "newer-version": (position(map_file, version=2), "newer"),
        "unknown-map": (position(map_file, map="atlantis"), "no such map"),
        "missing-space": (position(map_file, tents=[{"tribe": "Ana", "space": 999}]), "no tent space s999"),
        "occupied-space": (position(map_file, tents=[{"tribe": "Ana", "space": 3}, {"tribe": "Ben", "space": "s3"}]),
                           "already holds a tent of Ana"),
        "full-territory": (position(map_file, tents=[{"tribe": "Ana", "territory": "Red Mesa", "count": 7}]),
                           "empty tent space"),
        "unknown-tribe": (position(map_file, tents=[{"tribe": "Zed", "territory": "Dune Sea"}]), "unknown tribe"),
        "unknown-territory": (position(map_file, tents=[{"tribe": "Ana", "territory": "Atlantis"}]),
                              "no territory called"),
        "no-totem-space": (position(no_totem_map, tents=[{"tribe": "Ana", "territory": "Ashen Steppe"}],
                                    totems=[{"territory": "Ashen Steppe", "stack": ["Ana"]}]), "no totem space"),
        "totem-cap": (position(map_file, tents=[{"tribe": "Ana", "territory": "Dune Sea"}],
                               totems=[{"territory": "Dune Sea", "stack": ["Ana", "Ben"]}]), "B9"),
        "too-many-players": (position(map_file, tribes=FOUR + [{"name": "E"}, {"name": "F"}]), "players"),
        "one-player": (position(map_file, tribes=FOUR[:1]), "players"),
        "same-colour": (position(map_file, tribes=[{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}]),
                        "colour"),
        "third-with-three": (position(map_file, tribes=FOUR[:3] + [{"name": "T", "third": True}]), "third tribe"),
        "bad-feat": (position(map_file, feats=[{"kind": "courage", "territory": "Dune Sea"}]), "'kind'"),
        "honour-on-water": (position(map_file, feats=[{"kind": "honour", "connection": 9}]), "land connection"),
        "mountain-no-peak": (position(map_file, mountains=[12]), "no peak symbol"),
        "typo-field": (position(map_file, tent=[]), "unknown field 'tent'"),
        "bad-scoring": (position(map_file, scoring="midway"), "scoring"),
    }


BAD_POSITION_NAMES = list(_bad_positions(Path("x.tmx"), Path("y.tmx")))


@pytest.mark.parametrize("name", BAD_POSITION_NAMES)
def test_score_bad_position_is_one_line_and_exit_2(map_file: Path, tmp_path: Path, name: str) -> None:
    spec = valid_spec("no-totem-vale")
    ashen = spec.territory("Ashen Steppe").oid
    spec.totems = [t for t in spec.totems if t.territory != ashen]
    no_totem_map = write_map(tmp_path, spec)
    data, words = _bad_positions(map_file, no_totem_map)[name]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    line = assert_one_line_error(run("score", str(path)))
    assert words in line


@pytest.mark.parametrize("content, words", [
    (None, "no such file"),
    ("{not json", "not valid JSON"),
    ("", "not valid JSON"),
])
def test_score_unreadable_files_are_one_line_and_exit_2(tmp_path: Path, content: str | None, words: str) -> None:
    path = tmp_path / "input.json"
    if content is not None:
        path.write_text(content)
    line = assert_one_line_error(run("score", str(path)))
    assert words in line


def test_score_without_a_file_argument_is_one_line() -> None:
    assert_one_line_error(run("score"))


# ---- the benchmark script -------------------------------------------------------------------------

def test_engine_benchmark_runs_and_reports_both_rates(map_file: Path) -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "engine.py"), "--games", "3", "--map", str(map_file)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "games/s:" in proc.stdout and "decisions/s:" in proc.stdout and "fixture-vale" in proc.stdout


@pytest.mark.parametrize("content", [
    "[" * 100_000 + "]" * 100_000,
    '{"format": "iwari-position", "version": ' + "9" * 5000 + "}",
])
def test_score_refuses_absurd_json_in_one_line(tmp_path, content):
    path = tmp_path / "absurd.json"
    path.write_text(content, encoding="utf-8")
    assert "absurd.json" in assert_one_line_error(run("score", str(path)))


def test_score_refuses_an_endless_file_in_one_line():
    line = assert_one_line_error(run_subprocess("score", "/dev/zero"))
    assert "too large" in line or "not a text file" in line or "not valid JSON" in line
