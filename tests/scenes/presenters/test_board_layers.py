"""The rules' pieces on the board are drawn by their presenters, step by step in a declared order.

The board (`presenters/board_layers.RuleLayers`) names no rule: it asks the registry for the presenters of
each `BoardStep`. These tests pin the declared layering (the one the board had before the pieces moved into
the presenters), check that the steps run where the board's drawing needs them (the ground marks before the
tents, the tokens over the mountains), and take each presenter away in turn: its pieces must vanish from
the board, so no rule's picture is still drawn anywhere else.
"""

from __future__ import annotations

from typing import ClassVar

import pygame
import pytest

from expansion_draw_helpers import drawn_pieces, fresh_sample
from solo_scene_helpers import solo_game
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.scenes.selftest.board_samples import EXPANSION_MAPS
from iwari_desktop.scenes.presenters import registry
from iwari_desktop.scenes.presenters.base import BoardStep, PieceHit, Presenter


SIZE = (1280, 720)

# the layering the board drew before the pieces moved (scenes/modules/board_expansion.py's ExpansionLayer)
DECLARED = {
    BoardStep.UNDER: ("long-road", "worship", "ruins"),   # the road, golden totem rings, blocked-badge rings
    BoardStep.TENT: ("ruins",),                           # the neutral Void's tents are ruins
    BoardStep.MOUNTAIN: ("twin-connections",),            # icebergs
    BoardStep.OVER: ("ruins", "contested", "worship", "coop", "solo"),   # ruin icons, contested and golden
                                                          # tokens; last the Void's pawn and claims
    BoardStep.TOKENS: ("worship", "contested"),           # golden tokens find room first, moved tokens after
    BoardStep.HIT: ("contested", "ruins", "long-road"),   # after the placed tokens
}


@pytest.fixture
def art():
    pygame.init()  # every test: tests/conftest.py shuts pygame down after a test
    from iwari_desktop.scenes.ui.pieces import PieceArt

    return PieceArt()


def _view(game, art):
    from iwari_desktop.scenes.board.board_view import BoardView

    view = BoardView(game.state.board, art)
    view.set_area(pygame.Rect(0, 0, 900, 700))
    return view


def _picture(view, state) -> bytes:
    surface = pygame.Surface(SIZE, pygame.SRCALPHA)
    view._draw_pieces(surface, state, {})
    return pygame.image.tobytes(surface, "RGBA")


def _kinds(view, state) -> list[str]:
    return [key[0] for key, _rect in drawn_pieces(view, state, SIZE)]


def test_each_board_step_asks_its_presenters_in_the_declared_order():
    assert {step: tuple(p.key for p in registry.board_presenters(step)) for step in BoardStep} == DECLARED


def test_a_new_rules_marks_join_each_layer_at_its_declared_place(monkeypatch, art):
    """A presenter the code has never seen draws in both layers where its `board_order` puts it: under the
    tents between the road and Worship's rings, over the mountains between the contested and golden tokens."""
    calls: list[tuple[str, str, int]] = []  # (step, presenter, blits on the board so far)

    def spy(cls, step: str):
        if f"draw_{step}" not in vars(cls):   # an inherited hook (co-op's is solo's) is recorded once, by its owner
            return
        method = getattr(cls, f"draw_{step}")

        def recorded(self, pen, surface, state, views):
            calls.append((step, self.key, len(surface.log)))
            return method(self, pen, surface, state, views)

        monkeypatch.setattr(cls, f"draw_{step}", recorded)

    class Tides(Presenter):
        key: ClassVar[str] = "tides"
        board_order = {BoardStep.UNDER: 15, BoardStep.OVER: 25}

        def draw_under(self, pen, surface, state, views):
            pass

        def draw_over(self, pen, surface, state, views):
            pass

    monkeypatch.setitem(registry.PRESENTERS, "tides", Tides())
    for shown in {type(p) for p in registry.presenters()}:
        spy(shown, "under")
        spy(shown, "over")
    game = fresh_sample("glacial-mass")
    view = _view(game, art)
    drawn = drawn_pieces(view, game.state, SIZE)
    under = [(key, n) for step, key, n in calls if step == "under"]
    over = [(key, n) for step, key, n in calls if step == "over"]
    assert [key for key, _n in under] == ["long-road", "tides", "worship", "ruins"]
    assert [key for key, _n in over] == ["ruins", "contested", "tides", "worship", "coop", "solo"]
    assert all(n == 0 for _key, n in under), "the ground marks come before every tent"
    kinds = [key[0] for key, _rect in drawn]
    last_base = max(i for i, kind in enumerate(kinds) if kind in ("tent", "totem", "mountain", "iceberg"))
    assert all(n > last_base for _key, n in over), "the tokens lie over the tents, totems and mountains"


# each rule with pieces: a sample map showing them, and the pictures (PieceArt keys) only it draws
PIECES = [
    ("ruins", "forgotten-island", {"void_ruin", "biome_icon"}),
    ("contested", "the-void", {"contested"}),
    ("worship", "forgotten-island", {"golden_worship"}),
    ("twin-connections", "glacial-mass", {"iceberg"}),
    ("long-road", "long-road", set()),  # rings drawn, not pictures: checked by the pixels
]


@pytest.mark.parametrize(("key", "map_id", "pictures"), PIECES, ids=[p[0] for p in PIECES])
def test_a_rules_pieces_are_drawn_by_its_presenter_and_vanish_without_it(monkeypatch, art, key, map_id, pictures):
    game = fresh_sample(map_id)
    state = game.state
    view = _view(game, art)
    before_kinds, before = _kinds(view, state), _picture(view, state)
    assert pictures <= set(before_kinds), f"the sample on {map_id} must show {key}'s pieces"
    monkeypatch.delitem(registry.PRESENTERS, key)
    after_kinds, after = _kinds(view, state), _picture(view, state)
    assert not pictures & set(after_kinds), f"{key}'s pieces are still drawn somewhere else"
    assert after != before, f"without its presenter, {key} must leave the board"


def test_every_presenter_with_board_pieces_changes_the_board(monkeypatch, art):
    """Every rule that declares board steps, a new one too, draws something on one of the sample boards and
    the board changes when its presenter is gone (a sample map must show its pieces)."""
    drawing = {p.key for step in BoardStep for p in registry.board_presenters(step)}
    assert {key for key, _map, _pictures in PIECES} <= drawing
    games = {map_id: fresh_sample(map_id) for map_id in EXPANSION_MAPS}
    games.update({mode.value: solo_game(mode) for mode in (GameMode.SOLO, GameMode.COOP)})  # the Void's pawn
    views = {map_id: _view(game, art) for map_id, game in games.items()}
    pictures = {map_id: _picture(views[map_id], game.state) for map_id, game in games.items()}
    for key in sorted(drawing):
        shown = registry.PRESENTERS[key]
        monkeypatch.delitem(registry.PRESENTERS, key)
        changed = [m for m, game in games.items() if _picture(views[m], game.state) != pictures[m]]
        monkeypatch.setitem(registry.PRESENTERS, key, shown)
        assert changed, f"{key} declares board steps but draws on no sample board"


def test_hover_finds_a_rules_piece_only_through_its_presenter(monkeypatch, art):
    game = fresh_sample("forgotten-island")
    state = game.state
    view = _view(game, art)
    ruin = state.board.ruin_spaces[0]
    pos = view.to_screen(state.board.spaces[ruin].position)
    assert view.expansion.piece_at(state, pos) == PieceHit("ruin", ruin)
    golden, point = next((k, p) for (kind, k), p in view.expansion.placed_tokens(state).items() if kind == "golden")
    assert view.expansion.piece_at(state, view.to_screen(point)) == PieceHit("golden", golden)
    monkeypatch.delitem(registry.PRESENTERS, "ruins")
    monkeypatch.delitem(registry.PRESENTERS, "worship")
    assert view.expansion.piece_at(state, pos) is None
    assert view.expansion.placed_tokens(state) == {}, "no presenter, no golden token to place"
