"""The scoring screen on the expansion: ruins, the Long Road, expedition points, Courage and Worship are
stepped through like territories, lit on the map and explained; the table adds up to the engine's scores.

Positions are built with the engine API and finished by the engine's own final scoring; the scene is
then driven step by step as a player does (Next / Enter), and every text drawn is checked for fit and
for ruling ids.
"""

from __future__ import annotations

import pygame
import pytest

from engine_helpers import end_by_last_turn, final_scoring_now, give_hand, put_tents
from iwari_desktop.engine import BASE_FEATS, Biome, FeatKind, Game, GameConfig, Phase, PlaceFeat, apply
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.core.state import FeatOnBoard
from iwari_desktop.engine.rulesets.ruins import TakeRuin
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.scoring.scoring import ScoringScene
from iwari_desktop.scenes.scoring.scoring_table import table_rows
from iwari_desktop.scenes.scoring.scoring_words import explain, multiplier_text
from iwari_desktop.scenes.selftest.smoke_driver import bot_step
from iwari_desktop.scenes.ui.words import has_ruling_id
from layout_check import faults, record
from scene_helpers import frames_at_checkpoints, key


def game(map_id: str, players: int = 3, seed: int = 1, **kwargs) -> Game:
    return Game.new(GameConfig.quick(map_id, players, seed, first_player=0, **kwargs))


def scene_for(app, g: Game, index: int = -1) -> ScoringScene:
    controller = GameController(g)
    scene = ScoringScene(app, controller, g.state.reports[index])
    app.stack.push(scene)
    app.step(0)
    return scene


def step_through(app, scene: ScoringScene) -> list[str]:
    """Every step by Enter, as a player; returns the categories seen, checking text on each step. The checks draw
    each step themselves (`layout_check.record`), so the app's own frame per key press is left out
    (`frames_at_checkpoints`, issue #32)."""
    seen = []
    with frames_at_checkpoints(app):
        while not scene.at_table:
            line = scene.lines[scene.step]
            seen.append(line.category)
            for text in explain(scene.controller.state, line) + [line.label]:
                assert text and not has_ruling_id(text), text
            drawn = record(app)   # one drawing read by both checks (each drew the step again)
            assert faults(app, drawn) == [], f"step {scene.step} ({line.subject})"
            assert not any(has_ruling_id(t.text) for t in drawn.texts)   # all_text(app): the same lines
            key(app, pygame.K_RETURN)
    assert faults(app) == []
    return seen


def line_of(scene: ScoringScene, subject: str):
    return next(l for l in scene.lines if l.subject == subject)


def test_e3_kept_ruins_are_a_step_lighting_the_ruin_spaces_and_a_table_row(app):
    g = game("forgotten-island")
    s = g.state
    give_hand(s, 0, [Biome.COAST, Biome.COAST, Biome.FOREST])
    apply(s, TakeRuin(74))
    final_scoring_now(s)
    scene = scene_for(app, g)
    ruins = line_of(scene, "ruins:0")
    scene.go(scene.lines.index(ruins))
    territories, connection, spaces = scene._focus()
    assert spaces == {74} and territories == set() and connection is None
    assert "kept 1 ruin" in explain(s, ruins)[0]
    categories = step_through(app, scene)
    assert "ruins" in categories and set(categories[categories.index("ruins") + 1:]) <= {"expedition"}
    rows, totals = table_rows(scene)
    assert dict(rows)["ruins"][0] == 1 and totals == s.scores


def test_e6_the_long_road_follows_the_territories_lights_its_spaces_and_is_explained(app):
    g = game("long-road", 4)
    s = g.state
    for tribe, spaces in ((0, (0, 1, 3)), (1, (4, 5)), (2, (8,))):
        for space in spaces:
            primitives.put_tent(s, tribe, space)
    final_scoring_now(s)
    scene = scene_for(app, g)
    road = line_of(scene, "long-road")
    scene.go(scene.lines.index(road))
    territories, _, spaces = scene._focus()
    assert spaces == set(range(12)) and territories == {s.board.spaces[i].territory for i in range(12)}
    words = " ".join(explain(s, road))
    assert "like one more territory" in words and "no feat" in words and "Player 1 rank 1 scores 6" in words
    categories = step_through(app, scene)
    assert categories.index("long-road") == categories.count("tents")   # right after the territories
    rows, totals = table_rows(scene)
    assert dict(rows)["long-road"][:3] == [6, 3, 2] and totals == s.scores


def test_e9_the_rulebook_example_courage_first_then_x2_with_the_cancelled_feat_named(app):
    g = game("new-horizons", 3, feats=BASE_FEATS, options={"courage": True})
    s = g.state
    territory = next(t for t in s.board.territories if len(t.tent_spaces) >= 8)
    put_tents(s, 0, territory.tent_spaces[:5])
    put_tents(s, 1, territory.tent_spaces[5:8])
    for feat in (FeatKind.UNION, FeatKind.UNION, FeatKind.COURAGE):
        s.feats.append(FeatOnBoard(feat, 2, territory.index, False))
    s.feats_earned[FeatKind.COURAGE] = [2]
    final_scoring_now(s)
    scene = scene_for(app, g)
    assert scene.lines[0].category == "courage"
    assert scene._focus()[0] == {territory.index}
    assert "cancels one of the 2 feats there, so the multiplier is x2" in explain(s, scene.lines[0])[0]
    tents = line_of(scene, f"territory:{territory.index}")
    assert tents.multiplier == 2 and tents.points == {0: 16, 1: 10}   # ranks 8 and 5, doubled
    assert multiplier_text(s, tents) == "×2: 2 feats (Union, Union), one cancelled by Courage"
    step_through(app, scene)
    assert table_rows(scene)[1] == s.scores


def test_e10_worship_is_the_first_step_and_lights_where_it_went(app):
    g = game("new-horizons", 3, options={"worship": 1})
    s = g.state
    put_tents(s, 0, [35, 71])
    end_by_last_turn(s)
    assert s.phase is Phase.MODULE                 # the game waits for the Worship decision first
    target = s.board.spaces[71].territory
    apply(s, PlaceFeat(FeatKind.WORSHIP, target, False))
    assert s.is_terminal() and s.ext["worship"].target == target
    scene = scene_for(app, g)
    first = scene.lines[0]
    assert first.category == "worship" and "puts Worship on" in explain(s, first)[0]
    assert scene._focus()[0] == {target}
    step_through(app, scene)


def test_e8_expedition_points_are_steps_of_the_final_scoring_and_a_row_not_the_half_journey(app):
    g = game("new-horizons", 3, options={"expeditions": True})
    s = g.state
    data = s.ext["expeditions"]
    data.cards[0] = 1
    tundra = [sp for t in s.board.territories if t.biome is Biome.TUNDRA for sp in t.tent_spaces]
    put_tents(s, 0, tundra[:3])
    primitives.put_tent(s, 0, tundra[3])            # the fourth Tundra tent meets card 1 (4 points)
    assert s.scores[0] == 4 and s.reports[-1].kind == "award"
    final_scoring_now(s)
    scene = scene_for(app, g)
    award = next(l for l in scene.lines if l.category == "expedition")
    assert award.points == {0: 4} and scene.before == [0, 0, 0]
    assert "first to have 4 tents in Tundra territories" in explain(s, award)[0]
    categories = step_through(app, scene)
    assert categories[-1] == "expedition"
    rows, totals = table_rows(scene)
    assert "half" not in dict(rows) and dict(rows)["expedition"] == [4, 0, 0]
    assert totals == s.scores == scene.running_totals()


def test_e8_a_half_journey_after_an_award_counts_it_in_its_own_row(app):
    g = game("new-horizons", 3, options={"expeditions": True})
    s = g.state
    s.ext["expeditions"].cards[0] = 1
    tundra = [sp for t in s.board.territories if t.biome is Biome.TUNDRA for sp in t.tent_spaces]
    for space in tundra[:4]:
        primitives.put_tent(s, 0, space)
    from iwari_desktop.engine.core.scoring import score_report

    half = score_report(s, final=False)
    s.reports.append(half)
    for t, p in enumerate(half.totals()):
        s.scores[t] += p
    scene = scene_for(app, g)
    assert scene.awards == [] and scene.before == [4, 0, 0]
    rows, totals = table_rows(scene)
    assert dict(rows)["expedition"] == [4, 0, 0] and "half" not in dict(rows)
    assert totals == s.scores
    step_through(app, scene)


@pytest.mark.slow
@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("map_id, players, options", [
    ("forgotten-island", 4, {"expeditions": True, "courage": True, "worship": 1}),
    ("uncharted-paths", 3, {"expeditions": True, "courage": True, "worship": 3}),
    ("the-void", 5, {"courage": True, "worship": 2}),
    ("long-road", 2, {"expeditions": True, "worship": 1}),
])
def test_whole_games_by_gestures_score_every_line_and_the_table_matches_the_engine(app, map_id, players, options):
    g = Game.new(GameConfig.quick(map_id, players, 4, feats=BASE_FEATS, options=options))
    c = GameController(g)
    bot = RandomBot(4)
    while not (c.over and not c.turn_done):
        bot_step(c, bot)
        while c.announcements:
            note = c.next_announcement()
            assert not has_ruling_id(note.title + note.body)
        if c.message is not None:
            assert not has_ruling_id(c.message.text), c.message.text
    assert all(not has_ruling_id(text) for _, text in c.history)
    scene = ScoringScene(app, c, g.state.reports[-1])
    app.stack.push(scene)
    app.step(0)
    step_through(app, scene)
    assert table_rows(scene)[1] == g.state.scores


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080)])
def test_e8_every_expedition_title_shows_whole_on_its_scoring_step(app, size):  # noqa: F811
    """Found in play: card 16's title was cut after two lines, leaving "(spaces where 3 or more" unclosed."""
    from iwari_desktop.engine.rulesets.expeditions import EXPEDITION_CARDS
    from scene_helpers import resize

    resize(app, size)
    g = game("new-horizons", 3, options={"expeditions": True})
    final_scoring_now(g.state)
    scene = scene_for(app, g)
    inner = scene.side.w - app.ui.px(36)
    for card in EXPEDITION_CARDS:
        label = f"Expedition {card.number}: {card.mission}"
        lines = scene.title_lines(label, inner)
        assert " ".join(lines) == label, (size, lines)
        assert all(app.ui.text_width(text, "title", 24) <= inner for text in lines)
