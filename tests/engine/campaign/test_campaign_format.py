"""The campaign file format: the bundled campaigns, and one-line errors naming the field for every mistake."""

from __future__ import annotations

import pytest

from campaign_helpers import DELETE, campaign_data, chapter, edited, write_json
from iwari_desktop.engine.campaign.campaign_file import (
    COOP_CAMPAIGN, SOLO_CAMPAIGN, bundled_campaign_path, bundled_campaign_paths, read_campaign,
)
from iwari_desktop.engine.campaign.difficulty import CampaignMode, Difficulty
from iwari_desktop.engine.campaign.format import CampaignInvalid, NotACampaign, parse_campaign
from iwari_desktop.engine.campaign.goals import GoalKind
from iwari_desktop.engine.campaign.mapcheck import check_maps
from iwari_desktop.engine.maps.registry import get_board

EXPANSION_SOLO_MAPS = {"glacial-mass", "long-road", "floating-lands", "forgotten-island", "uncharted-paths"}
BASE_MAPS = {"new-horizons", "vast-lands"}


def test_bundled_campaigns_load_and_pass_the_map_checks():
    ids = {read_campaign(path, get_board).id for path in bundled_campaign_paths()}
    assert {SOLO_CAMPAIGN, COOP_CAMPAIGN} <= ids


@pytest.mark.parametrize("campaign_id, mode", [(SOLO_CAMPAIGN, CampaignMode.SOLO), (COOP_CAMPAIGN, CampaignMode.COOP)])
def test_s10_s12_bundled_journeys_open_on_a_base_map_cross_the_five_solo_maps_and_close_asking_more(campaign_id, mode):
    campaign = read_campaign(bundled_campaign_path(campaign_id), get_board)
    assert campaign.mode is mode
    maps = [c.map for c in campaign.chapters]
    assert maps[0] in BASE_MAPS
    assert set(maps[1:-1]) == EXPANSION_SOLO_MAPS and len(maps) == 7
    ks = [c.k for c in campaign.chapters]
    assert ks[0] == max(ks)                                  # the opening chapter is the gentlest
    assert ks[-1] < min(ks[:-1])                             # the closing chapter asks for more than any before
    assert campaign.bonus is not None and 0 < campaign.bonus.opens_at_stars < campaign.max_stars
    assert campaign.bonus.seed is not None                   # the bonus is a fixed deal to learn
    for chapter in campaign.all_chapters:
        assert [g.kind for g in chapter.goals][0] is GoalKind.WIN
        assert len(chapter.goals) == 3 and chapter.story and chapter.map_rules


def test_difficulty_shifts_k_with_a_floor_of_one():
    assert [Difficulty.EASY.k(3), Difficulty.NORMAL.k(3), Difficulty.HARD.k(3)] == [4, 3, 2]
    assert [Difficulty.EASY.k(1), Difficulty.NORMAL.k(1), Difficulty.HARD.k(1)] == [2, 1, 1]
    campaign = parse_campaign(campaign_data(), "t.json")
    assert campaign.chapters[0].k_at(Difficulty.HARD) == 2


def test_seed_policy_fresh_or_fixed():
    campaign = parse_campaign(campaign_data(), "t.json")
    assert campaign.chapters[0].seed is None and campaign.chapters[0].deal_seed(777) == 777
    assert campaign.bonus.seed == 42 and campaign.bonus.deal_seed(777) == 42


def test_coop_defaults_to_k_one():
    data = campaign_data(mode="coop")
    for c in data["chapters"] + [data["bonus"]]:
        c["goals"][1] = {"kind": "ruins_at_most", "count": 8}
    campaign = parse_campaign(data, "t.json")
    assert campaign.mode is CampaignMode.COOP and {c.k for c in campaign.all_chapters} == {1}


def problems_of(data) -> tuple[str, ...]:
    with pytest.raises(CampaignInvalid) as error:
        parse_campaign(data, "t.json")
    for line in error.value.problems:
        assert "\n" not in line and len(line) <= 300
    return error.value.problems


@pytest.mark.parametrize("path, value, expected", [
    ("chapters.1.goals.1.kind", "foo", "t.json: chapters[1].goals[1].kind: unknown goal 'foo'"),
    ("chapters.0.goals.0.kind", "void_at_most", "chapters[0].goals[0].kind: the first goal of a chapter is always \"win\""),
    ("chapters.0.goals.2", {"kind": "win"}, "chapters[0].goals[2].kind: \"win\" is the first goal only"),
    ("chapters.2.goals.1.count", 2, "chapters[2].goals[1].count: 2 asks nothing beyond a win"),
    ("chapters.2.goals.1.count", "1", "chapters[2].goals[1].count: must be a whole number, not text '1'"),
    ("chapters.0.goals.1", {"kind": "control_biome", "biome": "void"}, "chapters[0].goals[1].biome: must be one of"),
    ("chapters.0.goals.1", {"kind": "void_at_most", "cout": 1}, "chapters[0].goals[1].cout: unknown field"),
    ("chapters.0.goals.1", {"kind": "win_before_corruption", "corruption": 4},
     "chapters[0].goals[1].corruption: must be from 1 to 3, not 4"),
    ("chapters.0.goals.2", {"kind": "void_at_most", "count": 1}, "chapters[0].goals[2]: the same goal as goals[1]"),
    ("chapters.0.goals", [{"kind": "win"}], "chapters[0].goals: a chapter has exactly 3 goals, not 1"),
    ("chapters.1.k", 0, "chapters[1].k: must be from 1 to 12, not 0"),
    ("chapters.1.k", True, "chapters[1].k: must be a whole number, not true/false True"),
    ("chapters.1.seed", -5, "chapters[1].seed: must be \"fresh\""),
    ("chapters.1.seed", "random", "chapters[1].seed: must be \"fresh\""),
    ("chapters.0.map", "../../etc/passwd", "chapters[0].map: must be an id"),
    ("chapters.0.id", DELETE, "chapters[0].id: is missing"),
    ("chapters.2.id", "ch-1", "chapter id 'ch-1' is used twice"),
    ("chapters.0.story", "Only one sentence here.", "chapters[0].story: 1 sentence (a briefing tells its story in 2 to 3)"),
    ("chapters.0.story", "One. Two. Three. Four.", "chapters[0].story: 4 sentences"),
    ("chapters.0.map_rules", "  ", "chapters[0].map_rules: is empty"),
    ("chapters.0.map_rules", "Line one.\nLine two.", "chapters[0].map_rules: holds a line break"),
    ("chapters.0.title", "x" * 61, "chapters[0].title: is 61 characters long (at most 60)"),
    ("chapters.0.tiles", "typo", "chapters[0].tiles: unknown field"),
    ("chapters.0", [], "chapters[0] must be an object, not a list"),
    ("chapters", [], "chapters: a campaign needs at least one chapter"),
    ("mode", "trio", "mode: must be one of solo, coop, not 'trio'"),
    ("bonus.opens_at_stars", 99, "bonus.opens_at_stars: must be from 1 to 9, not 99"),
    ("bonus.opens_at_stars", DELETE, "bonus.opens_at_stars: is missing"),
    ("extra", 1, "extra: unknown field"),
])
def test_each_mistake_is_one_line_naming_its_field(path, value, expected):
    problems = problems_of(edited(campaign_data(), path, value))
    assert any(expected in p for p in problems), problems


def test_every_problem_is_collected_in_one_run():
    data = edited(edited(edited(campaign_data(), "chapters.0.k", "3"), "chapters.2.goals.1.kind", "foo"), "title", 5)
    problems = problems_of(data)
    assert len(problems) == 3
    with pytest.raises(CampaignInvalid) as error:
        parse_campaign(data, "t.json")
    assert str(error.value).endswith("(and 2 more problems)")


@pytest.mark.parametrize("data, expected", [
    ([1, 2], "not a campaign file (a JSON list, not an object)"),
    ({"format": "iwari-desktop-save", "version": 1}, "its format is 'iwari-desktop-save'"),
    ({"version": 1}, "no 'format' field"),
    ({"format": "iwari-campaign", "version": 2}, "made by a newer Iwari Desktop (campaign version 2"),
    ({"format": "iwari-campaign", "version": "1"}, "'version' must be a whole number"),
])
def test_a_document_that_is_not_a_campaign(data, expected):
    with pytest.raises(NotACampaign, match="^t.json: .*" + expected.replace("(", r"\(").replace(")", r"\)")):
        parse_campaign(data, "t.json")


def test_s1_map_checks_name_the_field():
    data = campaign_data()
    data["chapters"][0] = chapter("ch-1", "the-void")
    data["chapters"][1] = chapter("ch-2", "nowhere-land")
    data["chapters"][2] = chapter("ch-3", "glacial-mass", k=12, goals=[
        {"kind": "win"}, {"kind": "control_biome", "biome": "tundra"}, {"kind": "no_ruin_on_purple_road"}])
    data["bonus"]["goals"][2] = {"kind": "control_at_least", "count": 9}
    problems = check_maps(parse_campaign(data, "t.json"), get_board)
    assert problems[0].startswith("chapters[0].map: The Void is not played against the Void")
    assert problems[1].startswith("chapters[1].map: nowhere-land: no such map")
    assert "chapters[2].k: 12 gives K = 13 at Easy, more than the 12 territories of Glacial Mass" in problems
    assert "chapters[2].goals[2].kind: Glacial Mass has no purple road" in problems
    assert any(p.startswith("bonus.goals[2].count: 9 asks nothing beyond a win at K = 3") for p in problems)
    assert len(problems) == 5


def test_p22_the_purple_centre_is_no_territory_for_k(tmp_path):
    data = campaign_data(chapters=1, bonus=False)
    data["chapters"][0] = chapter("ch-1", "uncharted-paths", k=11)
    problems = check_maps(parse_campaign(data, "t.json"), get_board)
    assert problems == ["chapters[0].k: 11 gives K = 12 at Easy, more than the 11 territories of The Uncharted Paths"]


def test_read_campaign_reports_map_problems_as_invalid(tmp_path):
    data = campaign_data()
    data["chapters"][0]["map"] = "the-void"
    path = write_json(tmp_path / "mine.json", data)
    with pytest.raises(CampaignInvalid, match="^mine.json: chapters\\[0\\].map"):
        read_campaign(path, get_board)
    assert read_campaign(path).chapters[0].map == "the-void"   # without a loader: the format only
