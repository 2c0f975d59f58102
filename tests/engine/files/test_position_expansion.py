"""Position files with the deluxe expansion's pieces and claims, scored by `score` (docs/save-format.md §3).

Every example in docs/examples/ is loaded and scored through the command's own function, and its
totals must equal the figures below, which were computed by hand from the rules before the command
was run (the working is in each test's comment). Bad expansion positions give one line and exit 2.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from iwari_desktop.engine.__main__ import main
from iwari_desktop.engine.core.state import TribeRole
from iwari_desktop.engine.files.position import PositionError
from iwari_desktop.engine.files.positions import load_position, read_position
from repo_root import ROOT
EXAMPLES = ROOT / "docs" / "examples"

# Totals per tribe in file order (the neutral Void, listed last by the engine, always 0), worked by hand:
EXPECTED = {
    # B15: 3-2-1-1 tents in one Desert score 7, 2 (green, rank 3), 3 (blue, rank 2), 2.
    "position-desert.json": [7, 2, 3, 2],
    # Forgotten Island. Tents: Sunken Causeway Ana 2 / Stone 1 -> Ana 3, Stone 2 (B15); Wardstone Moor,
    # Pilgrim Steppe 1 each for Ana, Tidegrave Bay 2 for Ana; Ben 1 + 1. Totems: connection 11 (Sunken
    # Causeway - Pilgrim Steppe) is open since Ana's tent stands on its ruin space s74: Ana holds both
    # ends, 1 + 1 totems = 2 (B16); connection 2 is still blocked by the Void ruin on s77 (E3, P10): 0 for
    # Ben. Settlement: s48-s0-s74-s1 are joined by roads, the ruin space among them (P10) along
    # connection 11 (connection-roads): 4 tents = 4 (B17). Ruin kept: 1 (E3). Expedition cards (E8):
    # card 4 (4 Coast tents: 2 + 2) first = 4, card 7 (first in tents in 3 territories: Ana leads 4)
    # first = 6. Ana 3+1+1+2 + 2 + 4 + 1 + 4+6 = 24, Ben 2, Stone tribe 2.
    "position-forgotten-island.json": [24, 2, 2, 0],
    # Glacial Mass. Tents: Whitecrown Ana 2; Frostbitten Ana 1 = Ben 1 (both rank 1: 2 each); Cleo 1,
    # Dev 1. Connections 1 and 11 both join Whitecrown (2 Ana totems) and Frostbitten (1): each scores
    # 3 for Ana (E4: scored separately); Honour on connection 1 doubles it: 6 + 3. Ana 2+2+6+3 = 13.
    "position-glacial-mass.json": [13, 2, 1, 1],
    # The Long Road. Road tents Ana 3, Ben 2, Cleo 1, Dev 1 of 7: 7, 3, 2, 2 (E6, B15 ranks, x1).
    # Territories: Saltmarsh Ana 3 (x2 by Worship = 6), Wayfarer's Wood Ben 2, Cairnfrost Cleo 1,
    # Sunfire Dev 1. Worship variant 1: only s0 (Ana) is a dead end. Ana 6+7, Ben 2+3, Cleo 1+2, Dev 1+2.
    "position-long-road.json": [13, 5, 3, 3],
    # Floating Lands. Tents: Cloudspire Ana 2; Windharp Ana 1 = Ben 1 (2 each); Anvil of the Sky (Tundra,
    # tents only, E2) Cleo 3. Connection 1: Ana's totems in both ends, 1 + 1 = 2, doubled by Worship
    # (variant 3: Ana's 2 totems on golden-token spaces, nobody else has one) = 4. Ana 2+2+4 = 8.
    "position-floating-lands.json": [8, 2, 3],
    # The Void, 6 players. Cinder Reach: Ana 1 + her tent on contested token 0 = 2, Fay 1 -> Ana 3, Fay 2,
    # x2 by Worship (variant 2: Ana has 2 tents on tokens, Ben 1) = 6, 4. Flintmoor: Cleo 2, Ana 1 on
    # token 1 -> Cleo 3, Ana 2. Scorchglass Barrens: Ben's token tent 1. Moonwater Dev 1, Shardveil Eve 1.
    "position-the-void.json": [8, 1, 3, 1, 1, 4],
    # The Uncharted Paths. Whisperbark Wood: Ana 2, Ben 1 -> 3, 2; two Union and Courage: x2 (E9), 6, 4.
    # Redstone Moor Ana 1. Connection 1: Ana holds Redstone Moor and shares Whisperbark Wood with the
    # Void's moved totem (E5): 2 + 1 totems = 3. Cleo alone in 9 territories: 9. Ana 6+1+3 = 10.
    "position-uncharted-paths.json": [10, 4, 9, 0],
}


def score(path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["score", str(path), "--compact"]) == 0
    return json.loads(capsys.readouterr().out)


# positions against the Void are counted, not scored: checked in tests/engine/files/test_position_vs_void.py
VS_VOID_EXAMPLES = {"position-solo.json"}


def test_every_example_is_checked() -> None:
    assert {p.name for p in EXAMPLES.glob("position-*.json")} == set(EXPECTED) | VS_VOID_EXAMPLES


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_scores_exactly_as_computed_by_hand(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    document = score(EXAMPLES / name, capsys)
    assert [t["points"] for t in document["totals"]] == EXPECTED[name]
    for report in document["reports"]:
        for line in report["lines"]:
            assert line["detail"], f"{line['label']} has no explanation"


def test_two_players_keep_the_third_tribe_and_the_neutral_void() -> None:
    position = read_position(EXAMPLES / "position-forgotten-island.json")
    state = position.state
    assert [t.role for t in state.tribes] == [TribeRole.SEAT, TribeRole.SEAT, TribeRole.THIRD, TribeRole.VOID]
    assert state.tribes[2].name == "Stone tribe"
    void = state.void_tribe
    # s74 was taken by Ana; the other five ruin spaces keep their setup Void ruins
    assert [state.space_owner[s] for s in state.board.ruin_spaces] == [0, void, void, void, void, void]
    assert state.ext["ruins"].kept == [[74], [], [], []]


def _data(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text())


def test_setup_pieces_survive_clearing_the_board() -> None:
    data = _data("position-forgotten-island.json")
    data.pop("ruins")
    data["tents"] = [{"tribe": "Ana", "space": "s0"}]
    data["totems"] = []
    data["expeditions"] = [{"card": n, "claimed_by": []} for n in (7, 14, 15)]
    state = load_position(data, "p.json").state
    void = state.void_tribe
    assert all(state.space_owner[s] == void for s in state.board.ruin_spaces)
    assert state.tents_left[void] == 21 - 6
    up = _data("position-uncharted-paths.json")
    up["totems"] = []
    up["feats"] = []
    up["options"] = {}
    state = load_position(up, "p.json").state
    assert state.totem_stacks[0] == [state.void_tribe] * 5


def test_p12_e9_courage_example_gives_times_two(capsys: pytest.CaptureFixture[str]) -> None:
    document = score(EXAMPLES / "position-uncharted-paths.json", capsys)
    line = next(l for l in document["reports"][-1]["lines"] if l["subject"] == "territory:4")
    assert line["multiplier"] == 2 and line["points"] == {"0": 6, "1": 4}


def test_e10_worship_without_a_target_goes_where_its_placer_scores_most(capsys, tmp_path) -> None:
    data = _data("position-long-road.json")
    del data["worship"]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    document = score(path, capsys)
    assert document["decisions"] == [{"module": "worship", "tribe": 0, "action": "feat worship t0", "chosen": "best"}]
    assert document["totals"][0]["points"] == 13


def test_e5_e7_a_tribe_totem_in_a_purple_void_territory_of_the_void_map_is_read_and_scored(capsys, tmp_path) -> None:
    """The Void map's purple territories are territories like any other (E7): a tribe totem stands there under
    the cap (B9). The ban on tribe totems is The Uncharted Paths' centre's alone, which has no tent spaces
    (E5). Issue #21: `score` exited 2 with "only Void totems stand in a Void territory (E5)"."""
    data = _data("position-the-void.json")
    data["tents"].append({"tribe": "Eve", "territory": "Shardveil"})          # Eve: 2 tents in purple Shardveil
    data["totems"] = [{"territory": "Shardveil", "stack": ["Eve", "Fay"]}]   # cap 2
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    document = score(path, capsys)
    assert [t["points"] for t in document["totals"]] == [8, 1, 3, 1, 2, 4]   # Eve's 2 tents: 2 (was 1)
    data["totems"] = [{"territory": "Shardveil", "stack": ["Eve", "Fay", "Eve"]}]
    with pytest.raises(PositionError, match="B9"):
        load_position(data)


def _bad(name: str, change) -> dict:
    data = copy.deepcopy(_data(name))
    change(data)
    return data


BAD = {
    "ruin-not-a-ruin-space": (_bad("position-forgotten-island.json",
                                   lambda d: d["ruins"].append({"space": "s5", "tribe": "Ben"})), "not a ruin space"),
    "tent-on-ruin-space": (_bad("position-forgotten-island.json",
                                lambda d: d["tents"].append({"tribe": "Ben", "space": 75})), "under 'ruins'"),
    "ruins-elsewhere": (_bad("position-glacial-mass.json",
                             lambda d: d.update(ruins=[{"space": 1, "tribe": "Ana"}])), "no ruin spaces"),
    "void-tent": (_bad("position-forgotten-island.json",
                       lambda d: d["tents"].append({"tribe": "void", "space": 5})), "neutral Void"),
    "contested-wrong-territory": (_bad("position-the-void.json",
                                       lambda d: d["contested"].append({"token": 3, "territory": "Flintmoor",
                                                                        "tribe": "Eve"})), "one of them"),
    "contested-twice": (_bad("position-the-void.json",
                             lambda d: d["contested"].append(dict(d["contested"][0]))), "listed twice"),
    "determination-elsewhere": (_bad("position-long-road.json", lambda d: d.update(determination="Ana")),
                                "no Determination"),
    "expeditions-on-the-void": (_bad("position-the-void.json",
                                     lambda d: d["options"].update(expeditions=True)), "without expedition cards"),
    "expeditions-count": (_bad("position-forgotten-island.json", lambda d: d["expeditions"].pop()), "3 revealed"),
    "expedition-unclaimed": (_bad("position-forgotten-island.json",
                                  lambda d: d["expeditions"][0].update(claimed_by=[])), "claims a card the moment"),
    "expedition-not-met": (_bad("position-forgotten-island.json",
                                lambda d: d["expeditions"][0].update(claimed_by=["Ana", "Ben"])), "does not have"),
    "expedition-third-tribe": (_bad("position-forgotten-island.json",
                                    lambda d: d["expeditions"][1].update(claimed_by=["Stone tribe"])), "P15"),
    "expedition-impossible": (_bad("position-floating-lands.json",
                                   lambda d: (d.pop("worship"), d.update(options={"expeditions": True}, expeditions=[
                                       {"card": 8}, {"card": 7}, {"card": 14}]))), "P46"),
    "courage-without-option": (_bad("position-uncharted-paths.json", lambda d: d.update(options={})), "courage"),
    "courage-alone": (_bad("position-uncharted-paths.json", lambda d: d.update(feats=d["feats"][2:])), "holds none"),
    "courage-too-early": (_bad("position-uncharted-paths.json", lambda d: d["tents"].pop()), "still unexplored"),
    "worship-wrong-target": (_bad("position-the-void.json", lambda d: d.update(worship={"target": "Shardveil"})),
                             "not where"),
    "worship-golden-missing": (_bad("position-floating-lands.json", lambda d: d["worship"]["golden"].pop()),
                               "no token in"),
    "worship-feat-entry": (_bad("position-glacial-mass.json",
                                lambda d: d["feats"].append({"kind": "worship", "territory": 1})), "final scoring"),
    "too-many-void-totems": (_bad("position-uncharted-paths.json",
                                  lambda d: d["totems"].append({"territory": 0, "stack": ["void"] * 5})),
                             "exactly 5"),
    "tribe-totem-in-the-centre": (_bad("position-uncharted-paths.json",
                                       lambda d: d["totems"].append({"territory": 0, "stack": ["void"] * 4 + ["Ana"]})),
                                  "no tent spaces"),
    "void-totem-elsewhere": (_bad("position-glacial-mass.json",
                                  lambda d: d["totems"].append({"territory": 4, "stack": ["Ana"]})), "B9"),
    "purple-off-the-void": (_bad("position-long-road.json", lambda d: d["tribes"][3].update(colour="purple")),
                            "purple is only"),
    "seven-players": (_bad("position-the-void.json",
                           lambda d: d["tribes"].append({"name": "Gus"})), "2 to 6"),
    "road-missing": (_bad("position-glacial-mass.json", lambda d: d["tents"][0].update(purple_road=True)),
                     "purple road does not cross"),
    "void-named-player": (_bad("position-uncharted-paths.json", lambda d: d["tribes"][2].update(name="The Void")),
                          "neutral Void's name"),
    "unknown-option": (_bad("position-glacial-mass.json", lambda d: d.update(options={"k": 3})), "unknown option"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_expansion_position_is_one_line_and_exit_2(name: str, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    data, words = BAD[name]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["score", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: bad.json: "), captured.err
    assert words in lines[0]
    with pytest.raises(PositionError):
        load_position(data, "bad.json").ending()   # a Worship target is checked when Worship is decided


def test_a_save_in_progress_with_worship_scores_hypothetically(tmp_path, capsys) -> None:
    from iwari_desktop.engine import Game, GameConfig
    from iwari_desktop.engine.bots.players import RandomBot
    from iwari_desktop.engine.files.saves import write_save
    game = Game.new(GameConfig.quick("long-road", 3, 5, options={"worship": 1, "courage": True}))
    bot = RandomBot(1)
    for _ in range(60):
        game.play(bot.choose(game.state, game.legal_actions()))
    path = tmp_path / "s.json"
    write_save(path, game)
    document = score(path, capsys)
    assert document["hypothetical"] is True
    assert document["reports"][-1]["kind"] == "final"
    assert any(l["category"] == "worship" for l in document["reports"][-1]["lines"])
    assert game.state.phase.value != "over" and not game.state.is_terminal()
    assert [t["points"] for t in document["totals"]] == document["result"]["totals"]
