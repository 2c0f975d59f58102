"""The board draws every expansion piece where the game state says, fits its text at three window
sizes, and explains each piece on hover in plain words (issue 8, "In the game").

States are mid-game sample games on each expansion map, played by bots through the engine
(`selftest/board_samples.py`); what is drawn is recorded blit by blit and compared with the rule
modules' public views and the board data.
"""

from __future__ import annotations

import math
import re

import pygame
import pytest

from expansion_draw_helpers import SIZES, drawn_pieces, fresh_sample, open_board
from iwari_desktop.engine.maps.geometry import point_in_polygon
from iwari_desktop.scenes.presenters.views import module_views
from iwari_desktop.scenes.selftest.board_samples import EXPANSION_MAPS
from iwari_desktop.scenes.ui.intents import Intent, Kind
from layout_check import all_text, faults

RULING_ID = re.compile(r"\b[BEPS]\d{1,2}\b")


@pytest.fixture
def make_app(tmp_path, monkeypatch, kept_file_art, kept_text_store, kept_shape_store, kept_theme_store):
    """An App of a given size and language; like the `app` fixture (tests/conftest.py) it draws from the worker's
    shared stores of decoded art, text, widget boxes and theme, which only ever hold the same pictures and answers
    an App makes for itself (each App still has its own scenes and caches)."""
    monkeypatch.setenv("IWARI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("IWARI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("IWARI_CONFIG_DIR", str(tmp_path / "config"))
    from iwari_desktop.app import App

    def make(size=(1280, 720), lang="en"):
        monkeypatch.setenv("IWARI_LANG", lang)
        application = App(size=size, fullscreen=False, headless=True, file_art=kept_file_art,
                          text_store=kept_text_store, shape_store=kept_shape_store, give_back_memory=False,
                          theme_store=kept_theme_store)
        application.step(0)
        return application

    yield make
    from iwari_desktop.i18n import set_language

    set_language("en")   # the language is process-wide; tests/conftest.py closes the window


def _kinds(drawn, kind: str):
    return [(key, rect) for key, rect in drawn if key[0] == kind]


def _close(rect: pygame.Rect, point, reach: float) -> bool:
    return math.dist(rect.center, point) <= reach


# ---- layout ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("map_id", EXPANSION_MAPS)
def test_expansion_board_text_fits_at_every_size(make_app, map_id, size):
    app = make_app(size)
    open_board(app, fresh_sample(map_id))
    assert faults(app) == []


@pytest.mark.parametrize("map_id", EXPANSION_MAPS)
def test_expansion_boards_fit_in_german_with_no_english_word(make_app, map_id):
    app = make_app((1280, 720), "de")
    open_board(app, fresh_sample(map_id))
    assert faults(app) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_expedition_cards_overlay_opens_from_the_panel_and_fits(make_app, size):
    from iwari_desktop.scenes.presenters.expeditions import ExpeditionOverlay

    app = make_app(size)
    board = open_board(app, fresh_sample("glacial-mass"))
    app.step(0)
    board.handle(Intent(Kind.CLICK, pos=board.hud.expedition_chip.center))
    app.step(0)
    overlay = app.stack.top
    assert isinstance(overlay, ExpeditionOverlay)
    texts = all_text(app)
    for card in module_views(board.controller.state)["expeditions"]:
        assert f"Expedition {card['number']}" in texts
        first_words = card["mission"].split()[0].capitalize()
        assert any(t.startswith(first_words) for t in texts), card["mission"]
    assert faults(app) == []
    overlay.handle(Intent(Kind.CANCEL))
    assert app.stack.top is board


def test_no_expedition_button_without_expedition_cards(make_app):
    app = make_app()
    board = open_board(app, fresh_sample("the-void"))  # no expedition cards on The Void
    app.step(0)
    assert board.hud.expedition_chip is None


# ---- pieces where the state says ------------------------------------------------------------------------
def _board(make_app, map_id, turns=22, seed=12):
    app = make_app()
    board = open_board(app, fresh_sample(map_id, turns, seed))
    return app, board, board.controller.state, board.view


def test_e3_void_ruins_kept_ruins_and_ruin_icons_drawn_on_their_spaces(make_app):
    app, board, state, view = _board(make_app, "forgotten-island")
    ruins = module_views(state)["ruins"]
    assert ruins["void_ruins"] and any(ruins["kept_spaces"]), "the sample must hold both kinds"
    drawn = drawn_pieces(view, state, app.screen.get_size())
    reach = view.tent_px * 0.5
    void_ruins = _kinds(drawn, "void_ruin")
    assert len(void_ruins) == len(ruins["void_ruins"])
    for space in ruins["void_ruins"]:
        centre = view.to_screen(state.board.spaces[space].position)
        assert any(_close(r, centre, reach) for _, r in void_ruins), space
    for tribe, spaces in enumerate(ruins["kept_spaces"]):
        colour = state.tribes[tribe].colour.value
        for space in spaces:
            centre = view.to_screen(state.board.spaces[space].position)
            assert any(key[1] == colour and _close(r, centre, reach) for key, r in _kinds(drawn, "tent")), space
    icons = _kinds(drawn, "biome_icon")
    for space in state.board.ruin_spaces:
        biome = state.board.spaces[space].ruin_biome.key
        centre = view.to_screen(state.board.spaces[space].position)
        assert any(key[1] == biome and _close(r, centre, view.tent_px) for key, r in icons), space


def test_p11_blocked_connections_get_a_ring_and_open_ones_do_not(make_app):
    app, board, state, view = _board(make_app, "forgotten-island")
    ruins = module_views(state)["ruins"]
    surface = app.screen.copy()
    surface.blit(view.background(), view.rect)
    before = surface.copy()
    view._draw_pieces(surface, state, {})
    ring = (196, 150, 236)

    def ring_pixels(target, number):
        x, y = view.to_screen(state.board.connections_by_number[number].position)
        reach = int(30 * view.k)
        return sum(1 for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)
                   if tuple(target.get_at((x + dx, y + dy)))[:3] == ring)

    ruin_connections = {state.board.spaces[s].connection for s in state.board.ruin_spaces}
    blocked = set(ruins["blocked_connections"])
    assert blocked and ruin_connections - blocked
    for number in ruin_connections:
        added = ring_pixels(surface, number) - ring_pixels(before, number)
        assert (added > 20) == (number in blocked), number


def test_e5_void_totems_drawn_in_their_stacks(make_app):
    app, board, state, view = _board(make_app, "uncharted-paths")
    void = state.void_tribe
    drawn = _kinds(drawn_pieces(view, state, app.screen.get_size()), "void_totem")
    expected = 0
    for t in state.board.territories:
        shown = sum(1 for tribe in state.totem_stacks[t.index][-4:] if tribe == void)
        expected += shown
        if shown:
            centre = view.to_screen(t.totem_space)
            near = [r for _, r in drawn if _close(r, centre, view.tent_px * 3)]
            assert len(near) == shown, t.name
    assert expected == len(drawn) and expected > 0
    assert sum(1 for t, n in module_views(state)["void-totems"]["void_totems"] if t != 0) > 0, "one moved out"


@pytest.mark.parametrize("map_id", ["floating-lands", "glacial-mass", "long-road"])
def test_e4_a_mountain_on_water_is_drawn_as_an_iceberg_on_glacial_mass_only(make_app, map_id):
    app, board, state, view = _board(make_app, map_id)
    drawn = drawn_pieces(view, state, app.screen.get_size())
    assert state.mountains
    ice = state.board.iceberg_connections if "twin-connections" in state.board.rules else frozenset()
    if map_id == "glacial-mass":
        assert ice & set(state.mountains), "the sample must cover at least one water slot"
    for n in state.mountains:
        spot = view.to_screen(view.mountain_spot(n))
        kind = "iceberg" if n in ice else "mountain"
        assert any(_close(r, spot, 3) for _, r in _kinds(drawn, kind)), (n, kind)
        other = "mountain" if kind == "iceberg" else "iceberg"
        assert not any(_close(r, spot, 3) for _, r in _kinds(drawn, other)), n


def test_e7_contested_tokens_on_their_spots_and_moved_with_the_tent(make_app):
    app, board, state, view = _board(make_app, "the-void")
    tokens = module_views(state)["contested"]
    moved = [t for t in tokens if t["territory"] is not None]
    waiting = [t for t in tokens if t["territory"] is None]
    assert moved and waiting, "the sample must hold both"
    drawn = drawn_pieces(view, state, app.screen.get_size())
    contested = _kinds(drawn, "contested")
    for t in waiting:
        spot = view.to_screen(state.board.contested_spots[t["token"]].position)
        assert any(key[1] == "front" and _close(r, spot, 2) for key, r in contested), t
    placed = view.expansion.placed_tokens(state)
    for t in moved:
        point = placed[("contested", t["token"])]
        territory = state.board.territories[t["territory"]]
        assert point_in_polygon(point, territory.polygon), t
        assert all(math.dist(point, s.position) > 13 for s in state.board.spaces), "covers a tent space"
        centre = view.to_screen(point)
        assert any(key[1] == "back" and _close(r, centre, 2) for key, r in contested), t
        colour = state.tribes[t["tribe"]].colour.value
        assert any(key[1] == colour and _close(r, centre, view.tent_px) for key, r in _kinds(drawn, "tent")), t


@pytest.mark.parametrize("map_id", ["floating-lands", "forgotten-island", "long-road"])
def test_e10_golden_tokens_beside_their_totem_spaces(make_app, map_id):
    app, board, state, view = _board(make_app, map_id)
    golden = module_views(state)["worship"]["golden"]
    assert golden
    drawn = _kinds(drawn_pieces(view, state, app.screen.get_size()), "golden_worship")
    placed = view.expansion.placed_tokens(state)
    assert len(drawn) == len(golden)
    for territory in golden:
        t = state.board.territories[territory]
        point = placed[("golden", territory)]
        assert point_in_polygon(point, t.polygon)
        assert math.dist(point, t.totem_space) < 90
        assert any(_close(r, view.to_screen(point), 2) for _, r in drawn)


def test_e6_purple_road_spaces_are_ringed(make_app):
    app, board, state, view = _board(make_app, "long-road")
    from iwari_desktop.art.palette import RUIN

    surface = app.screen.copy()
    surface.blit(view.background(), view.rect)
    before = surface.copy()
    view._draw_pieces(surface, state, {})
    road = [s for s in state.board.spaces if s.purple_road]
    assert road
    for s in road:
        x, y = view.to_screen(s.position)
        r = int(24 * view.k)
        box = [(x + dx, y + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)]
        count = lambda target: sum(1 for p in box if tuple(target.get_at(p))[:3] == RUIN)  # noqa: E731
        assert count(surface) > count(before) + 5, s.index


def test_tribe_panel_shows_kept_ruins_and_a_neutral_void_without_score(make_app):
    app, board, state, view = _board(make_app, "forgotten-island")
    from iwari_desktop.scenes.board.hud import Hud

    recorder_size = app.screen.get_size()
    from expansion_draw_helpers import BlitLog

    surface = BlitLog(recorder_size)
    board.hud._draw_tribes(surface, board.controller)
    names = {id(image): key for key, image in board.art._cache.items()}
    kept = module_views(state)["ruins"]["kept"]
    for tribe, n in enumerate(kept):
        row = board.hud.tribe_row(tribe)
        icons = [r for src, r in surface.log if names.get(id(src), ("",))[0] == "void_ruin" and row.contains(r)]
        if state.tribes[tribe].role.value == "void":
            assert len(icons) == 1  # its own piece as the row's picture, no kept-ruins badge
        else:
            assert len(icons) == (1 if n else 0), state.tribes[tribe].name
    from layout_check import record

    void_row = board.hud.tribe_row(state.void_tribe)
    row_texts = [t.text for t in record(app).texts if void_row.contains(t.ink)]
    assert "no score" in row_texts and not any(t.strip().isdigit() for t in row_texts), row_texts
    assert isinstance(board.hud, Hud)


def test_e7_the_determination_holder_is_marked_in_the_tribe_panel(make_app):
    app, board, state, view = _board(make_app, "the-void")
    from expansion_draw_helpers import BlitLog

    holder = module_views(state)["determination"]["holder"]
    surface = BlitLog(app.screen.get_size())
    board.hud._draw_tribes(surface, board.controller)
    names = {id(image): key for key, image in board.art._cache.items()}
    marks = [r for src, r in surface.log if names.get(id(src), ("",))[0] == "determination"]
    assert len(marks) == 1 and board.hud.tribe_row(holder).contains(marks[0])


# ---- hover ------------------------------------------------------------------------------------------------
def _hover_text(app, board, pos) -> list[str]:
    board.handle(Intent(Kind.HOVER, pos=pos))
    texts = all_text(app)
    assert not [t for t in texts if RULING_ID.search(t)], "no ruling ids in player-facing text"
    return texts


def test_hover_explains_ruins_and_blocked_connections(make_app):
    app, board, state, view = _board(make_app, "forgotten-island")
    ruins = module_views(state)["ruins"]
    texts = _hover_text(app, board, view.to_screen(state.board.spaces[ruins["void_ruins"][0]].position))
    assert any(t.startswith("Ruin space") for t in texts) and any("Void ruin" in t for t in texts)
    kept = next(s for spaces in ruins["kept_spaces"] for s in spaces)
    texts = _hover_text(app, board, view.to_screen(state.board.spaces[kept].position))
    assert any("took this ruin" in t for t in texts)
    number = ruins["blocked_connections"][0]
    texts = _hover_text(app, board, view.to_screen(state.board.connections_by_number[number].position))
    assert any(t.startswith("Blocked by a Void ruin") for t in texts)
    texts = _hover_text(app, board, board.hud.tribe_row(state.void_tribe).center)
    assert "The Void · neutral" in texts


def test_hover_explains_void_totems_and_the_void_centre(make_app):
    app, board, state, view = _board(make_app, "uncharted-paths")
    centre = next(t for t in state.board.territories if t.biome.key == "void")
    texts = _hover_text(app, board, view.to_screen(centre.polygon_centre if hasattr(centre, "polygon_centre")
                                                   else centre.totem_space))
    assert any(t.startswith("Neutral Void totems here") for t in texts)
    assert any("never score" in t for t in texts)


def test_hover_explains_contested_tokens_and_determination(make_app):
    app, board, state, view = _board(make_app, "the-void")
    tokens = module_views(state)["contested"]
    waiting = next(t for t in tokens if t["territory"] is None)
    texts = _hover_text(app, board, view.to_screen(state.board.contested_spots[waiting["token"]].position))
    assert "Contested token" in texts
    moved = next(t for t in tokens if t["territory"] is not None)
    point = view.expansion.placed_tokens(state)[("contested", moved["token"])]
    texts = _hover_text(app, board, view.to_screen(point))
    assert any(t.startswith("Contested token in ") for t in texts)
    holder = module_views(state)["determination"]["holder"]
    texts = _hover_text(app, board, board.hud.tribe_row(holder).center)
    assert any(t.startswith("Holds the Determination token") for t in texts)
    purple = next(t.index for t in state.tribes if t.role.value == "purple")
    texts = _hover_text(app, board, board.hud.tribe_row(purple).center)
    assert any(t.startswith("The sixth tribe") for t in texts)


def test_hover_explains_the_purple_road_golden_tokens_icebergs_and_expeditions(make_app):
    app, board, state, view = _board(make_app, "long-road")
    road = next(s for s in state.board.spaces if s.purple_road)
    texts = _hover_text(app, board, view.to_screen(road.position))
    assert "The purple road" in texts and any("like one more territory" in t for t in texts)
    golden = module_views(state)["worship"]["golden"][0]
    texts = _hover_text(app, board, view.to_screen(view.expansion.placed_tokens(state)[("golden", golden)]))
    assert "Golden token (Worship)" in texts
    texts = _hover_text(app, board, board.hud.expedition_chip.center)
    assert "Expedition cards (click to see them)" in texts
    app, board, state, view = _board(make_app, "glacial-mass")   # icebergs belong to Glacial Mass's rules (E4)
    number = next(n for n in state.mountains if n in state.board.iceberg_connections)
    texts = _hover_text(app, board, view.to_screen(view.mountain_spot(number)))
    assert f"Iceberg on connection {number}" in texts
    app, board, state, view = _board(make_app, "floating-lands")  # elsewhere a mountain on water stays one
    number = next(n for n in state.mountains if n in state.board.iceberg_connections)
    texts = _hover_text(app, board, view.to_screen(view.mountain_spot(number)))
    assert f"Mountain on connection {number}" in texts


def test_p12_courage_and_worship_feats_are_drawn_and_explained(make_app):
    from iwari_desktop.scenes.presenters.hover_words import feat_notes

    app, board, state, view = _board(make_app, "long-road", turns=10_000, seed=3)
    assert state.is_terminal()
    worship = [i for i, f in enumerate(state.feats) if f.feat.value == "worship"]
    assert worship, "this seeded game ends with Worship placed"
    drawn = drawn_pieces(view, state, app.screen.get_size())
    spots = dict(view.feat_spots(state))
    for i in worship:
        assert any(key[:2] == ("feat", "worship") and r.center == spots[i].center for key, r in drawn)
        assert feat_notes(state, i)
