"""The Void's forecast as the board draws it (presenters/solo_forecast.py, solo_box.py, solo_board.py), checked
against what the engine then does (issue 20 part 2), and the Void cards laid above the display (issue 19 item 4).

The engine's own forecast is checked in tests/engine/rulesets/solo/test_solo_forecast.py; here the picture
the board draws from — the lit territories, the totem and ruin spaces marked, the Corruption's verdict
tokens, the sentences — is compared with the pieces and claims the engine puts down when the Void card
is laid, and the live preview is followed as the player picks cards.
"""

from __future__ import annotations

import random

import pygame
import pytest

from forecast_helpers import hit_records, vs_void_game
from scene_helpers import advance_void_game, frames_at_checkpoints
from solo_scene_helpers import solo_game

from iwari_desktop.engine import Biome, Phase, apply, legal_actions
from iwari_desktop.engine.bots.random_bot import RandomBot
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.rulesets.solo.actions import VoidChoice, VoidPlay
from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.engine.rulesets.solo.events import COUNT
from iwari_desktop.engine.rulesets.solo.forecast import TIE_DECISIONS, StrikeKind
from iwari_desktop.engine.rulesets.solo.standing import claim_verdict, standing
from iwari_desktop.scenes.presenters.registry import presenter
from iwari_desktop.scenes.presenters.solo_forecast import picture
from iwari_desktop.scenes.presenters.views import module_views

LAY_ONE = VoidPlay(None, (), 0, 1)


def _lay_and_settle(state, play):
    """Play `play` on a clone, the player's choices inside the strike taken as P56 takes them (the lowest)."""
    trial = state.clone()
    start = data(trial).events.total
    apply(trial, play)
    while trial.phase is Phase.MODULE and data(trial).decision and data(trial).decision[0] in TIE_DECISIONS:
        kind = data(trial).decision
        apply(trial, VoidChoice(min(kind[2:] if kind[0] == "space" else kind[1:]), kind[0] == "space"))
    return trial, data(trial).events.since(start)


def _void_actions(map_id: str, coop: bool, seed: int, wanted: int):
    """Positions of a random game where laying one Void card is a legal Void action."""
    state = vs_void_game(map_id, coop, seed, auto=False, k=10)
    bots = [RandomBot(seed * 10 + i) for i in range(state.n_players)]
    found = []
    for _ in range(4000):
        if state.is_terminal() or len(found) >= wanted:
            break
        options = legal_actions(state)
        if LAY_ONE in options:
            found.append(state.clone())
        d = data(state)
        if d.decision and d.decision[0] in TIE_DECISIONS:
            kind = d.decision
            action = VoidChoice(min(kind[2:] if kind[0] == "space" else kind[1:]), kind[0] == "space")
        else:
            action = bots[state.active_seat].choose(state, options)
        apply(state, action)
    return found


@pytest.mark.parametrize("map_id, coop", [("new-horizons", False), ("glacial-mass", False), ("long-road", True),
                                          ("uncharted-paths", False)])
def test_s5_s6_each_drawn_forecast_is_what_the_engine_then_does(map_id, coop):
    """The picture drawn while one Void card is picked: every marked space gets the Void's piece, the lit
    territories are the strike's, and each verdict token is the claim the Corruption then records."""
    checked = corruptions = 0
    for seed in (3, 4):
        for state in _void_actions(map_id, coop, seed, 6):
            shown = picture(state, (Biome.VOID,))
            assert shown is not None and shown.preview is not None
            trial, events = _lay_and_settle(state, LAY_ONE)
            done = [(t, kind, where) for t, kind, where, bonus in hit_records(events) if not bonus]
            assert sorted(w for _, kind, w in done if kind == "totem") == sorted(shown.totems)
            assert sorted(w for _, kind, w in done if kind == "ruin") == sorted(shown.ruins)
            assert set(shown.lit) <= set(state.board.connections_by_number[shown.strike.connection].territories)
            claims = data(trial).claims
            if shown.strike.kind is StrikeKind.CORRUPTION:
                corruptions += 1
                counted = {e.territory for e in events if e.kind == COUNT}
                assert {v.territory for v in shown.counts} <= counted
                for v in shown.counts:
                    assert claim_verdict(v.territory, claims[v.territory]).side == v.side
                assert "Corruption counts" in shown.lines[0] or "Corruption (" in shown.lines[0]
            else:
                assert shown.counts == ()
            checked += 1
    assert checked >= 6, checked
    assert corruptions >= (1 if map_id != "uncharted-paths" else 0), "a Corruption's verdict tokens were checked"


def test_s4_the_live_preview_follows_the_void_cards_picked():
    """No pick: the next strike and a Corruption's counts; one Void card: what laying it sets off; two: more."""
    for state in _void_actions("new-horizons", False, 5, 40):
        two = VoidPlay(None, (), 0, 2)
        if two not in legal_actions(state):
            continue
        plain, one, both = picture(state), picture(state, (Biome.VOID,)), picture(state, (Biome.VOID, Biome.VOID))
        assert plain.preview is None and plain.lines[0].startswith("Next Void card")
        assert one.lines[0].startswith("Laying this Void card makes")
        assert both.lines[0].startswith("Laying these 2 Void cards makes")   # the laying makes (issue #34)
        toward = plain.forecast.toward
        assert f"makes {min(toward + 1, 4)} of 4" in one.lines[0]
        assert f"makes {min(toward + 2, 4)} of 4" in both.lines[0]
        if toward + 2 >= 4 > toward + 1:   # the second card turns an Infection into a Corruption
            assert one.strike.kind is StrikeKind.INFECTION and both.strike.kind is StrikeKind.CORRUPTION
            assert both.counts and "Corruption counts" in both.lines[0]
        return
    raise AssertionError("no position with two Void cards in hand")


def test_s7_a_territory_hover_says_who_a_count_now_gives_it_to_and_why():
    state = _void_actions("glacial-mass", False, 6, 3)[-1]
    solo = presenter("solo")
    views = module_views(state)
    now = standing(state)
    for v in now.verdicts:
        notes = solo.territory_notes(state, v.territory, str, views)
        assert len(notes) == 2
        who = "the Void" if v.side == "void" else "you"
        if v.counted:
            assert notes[0].startswith("Counted (") and notes[0].endswith(f"it went to {who}, because:")
        else:
            assert notes[0] == f"Counted now, it would go to {who}, because:"
        p, q = v.players_total, v.void_total
        assert f"totems {p} against {q}" in notes[1] or notes[1].startswith("Empty")
        assert "virtual" not in " ".join(notes)


def _board_at_void_action(app, mode=GameMode.SOLO, seed=7):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, solo_game(mode, seed=seed, **({"open_hands": True} if mode is GameMode.COOP else {})))
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(seed)
    with frames_at_checkpoints(app):    # only the board reached is drawn (and checked)
        for _ in range(3000):
            if app.stack.top is board and c.void_action_open() and Biome.VOID in c.hand() and c.state.turn >= 3:
                break
            advance_void_game(app, board, rng)
    assert app.stack.top is board and Biome.VOID in c.hand()
    board.anims.clear()
    return board


def _drawn(board):
    board.draw(board.app.screen)
    return board.over_board[0]


def _covered_spaces(board, rects):
    view = board.view
    points = [view.to_screen(s.position) for s in view.board.spaces]
    points += [view.to_screen(t.totem_space) for t in view.board.territories if t.totem_space is not None]
    points += [view.to_screen(c.position) for c in view.board.connections]
    return [p for p in points for r in rects if r.collidepoint(p)]


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("mode", [GameMode.SOLO, GameMode.COOP])
def test_the_forecast_boxes_cover_no_space_and_follow_the_pick(app, mode):
    from layout_check import faults

    board = _board_at_void_action(app, mode)
    c = board.controller
    drawn = _drawn(board)
    boxes = [drawn.rect] + [r for r in drawn.more if board.view.rect.contains(r)]
    assert len(boxes) >= 2, "the counters and the forecast"
    assert _covered_spaces(board, boxes) == []
    for i, a in enumerate(boxes):
        assert all(not a.colliderect(b) for b in boxes[i + 1:])
    assert faults(app) == []
    before = [lines for _, lines in drawn.tips]
    c.toggle_card(c.hand().index(Biome.VOID))
    board._after()
    picked = _drawn(board)
    after = [lines for _, lines in picked.tips]
    assert after != before
    assert _covered_spaces(board, [picked.rect] + [r for r in picked.more if board.view.rect.contains(r)]) == []
    # the main button's own label with a Void card picked is the Void turn's (issue 19 item 3), not this box's
    assert [f for f in faults(app) if not f.startswith("UIButton text")] == []


def test_s4_the_void_cards_laid_above_the_display_are_drawn_there_as_cards(app):
    board = _board_at_void_action(app)
    state = board.controller.state
    data(state).above = 2
    drawn = _drawn(board)
    hud = board.hud
    laid = [r for r in drawn.more if hud.cards_rect.contains(r)]
    assert len(laid) == 1
    area = laid[0]
    assert area.bottom <= hud.display_rects[0].top and area.right < hud.deck_rect.left
    tip = next(lines for r, lines in drawn.tips if r == area)
    assert tip[0] == "2 Void cards laid above the display"
    surface = app.screen
    card_px = surface.get_at((area.x + 3, area.centery))
    assert card_px[2] > card_px[1], "a purple Void card face, not the parchment"
    data(state).above = 0
    assert not [r for r in _drawn(board).more if hud.cards_rect.contains(r)]


def test_the_corruptions_counter_is_said_in_plain_words_with_its_end_on_hover(app):
    board = _board_at_void_action(app)
    drawn = _drawn(board)
    rect, tip = drawn.tips[1]
    assert tip[0] == "Corruptions"
    assert any("third Corruption ends the game" in line for line in tip)
    ui_text = [lines for _, lines in drawn.tips]
    assert all("virtual" not in " ".join(lines) for lines in ui_text)


def test_the_steps_screen_still_draws_the_counters_alone_at_the_top_left(app):
    from iwari_desktop.scenes.presenters.views import draw_over_board

    board = _board_at_void_action(app)
    surface = pygame.Surface(app.screen.get_size())
    drawn = draw_over_board(surface, app.ui, board.view.rect, board.controller.state)
    assert len(drawn) == 1 and drawn[0].more == []
    assert drawn[0].rect.topleft == (board.view.rect.x + app.ui.px(8), board.view.rect.y + app.ui.px(8))


SOLO_MAPS = ["new-horizons", "vast-lands", "floating-lands", "forgotten-island", "glacial-mass", "uncharted-paths",
             "long-road"]


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_on_every_map_the_boxes_cover_no_space_badge_or_each_other(app):
    """The boxes are placed per map (sea first): on each map, in both languages, nothing clickable is hidden."""
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game

    for map_id in SOLO_MAPS:
        start_game(app, solo_game(map_id=map_id, seed=3))
        board = app.stack.find(BoardScene)
        drawn = _drawn(board)
        boxes = [drawn.rect] + [r for r in drawn.more if board.view.rect.contains(r)]
        assert len(boxes) >= 2, map_id
        assert _covered_spaces(board, boxes) == [], map_id
        for i, a in enumerate(boxes):
            assert all(not a.colliderect(b) for b in boxes[i + 1:]), map_id
        app.nav.reset("menu")
