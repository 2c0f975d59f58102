"""A click plays the free Place the Hint names (the real-click re-play of 2026-11-29, hint 38: "Forest + Forest for 1
piece in Sunscorch Flats: a tent, then a tent" — the second tent the free Place a new settlement earns, of 1 piece; a
click on the lit territory always took the largest free Place, so the player got a third tent the hint never named)."""

from __future__ import annotations

import functools

from hint_helpers import game_of, open_board, take_the_laptop

from iwari_desktop.engine import Game
from iwari_desktop.engine.bots.solo import SoloBot
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.rulesets.solo.actions import FreePlace
from iwari_desktop.engine.core.actions import PlaceTent
from iwari_desktop.scenes.board.hints import Hint, piece_words


def _free_place_of_two_sizes():
    """A solo game at a free Place offered in two sizes in one territory, and those two: a fresh game each call (a
    test plays on it), rebuilt from the log the solo bot played once for the whole file (issue #32)."""
    config, log, smaller, larger = _found_free_place()
    return Game.replay(config, list(log)), smaller, larger


@functools.cache
def _found_free_place():
    """The solo bot's game up to the first free Place in two sizes: (its setup, its log, the smaller, the larger)."""
    for seed in range(1, 60):
        game = game_of([None], seed=seed, mode=GameMode.SOLO, map_name="new-horizons")
        bot = SoloBot(seed)
        while not game.state.is_terminal() and len(game.log) < 400:
            legal = game.legal_actions()
            free = [a for a in legal if isinstance(a, FreePlace)]
            for territory in {a.territory for a in free}:
                sizes = sorted((a for a in free if a.territory == territory), key=lambda a: a.pieces)
                if len(sizes) >= 2:
                    return game.config, tuple(game.log), sizes[0], sizes[-1]
            game.play(bot.choose(game.state, legal))
    raise AssertionError("no solo game offered a free Place in two sizes")


def test_s8_a_click_on_the_hinted_territory_plays_the_free_place_the_hint_names(app):
    game, smaller, larger = _free_place_of_two_sizes()
    board = open_board(app, game)
    take_the_laptop(app, board)
    c = board.controller
    board.computers.hint = Hint(smaller, "Hint: …", None, (smaller,), asked_at=len(game.log))
    assert c.click_territory(smaller.territory)
    assert game.log[-1] == smaller


def test_s8_without_a_hint_a_click_takes_the_largest_free_place(app):
    game, _smaller, larger = _free_place_of_two_sizes()
    board = open_board(app, game)
    take_the_laptop(app, board)
    assert board.controller.click_territory(larger.territory)
    assert game.log[-1] == larger


def test_s8_the_hint_names_the_free_place_between_the_pieces_it_earns_and_the_pieces_before():
    """"for 1 piece …: a tent, then a tent" read as a contradiction: the second tent is the free Place's."""
    game, smaller, _larger = _free_place_of_two_sizes()
    place = game.log[-2] if len(game.log) >= 2 else game.log[-1]
    words = piece_words(game.state, (place, PlaceTent(0), smaller, PlaceTent(1)))
    assert words == "a tent, then the free Place of 1 piece it earns, then a tent"


def test_s8_the_one_piece_switch_chooses_the_smaller_free_place_without_a_hint(app):
    """Without a hint a person chooses the size too: the "Place 1 piece only" switch a Place offers."""
    game, smaller, larger = _free_place_of_two_sizes()
    board = open_board(app, game)
    take_the_laptop(app, board)
    c = board.controller
    assert {smaller.pieces, larger.pieces} <= set(c.piece_counts())
    board._toggle_pieces()
    assert c.pieces_choice == min(c.piece_counts())
    assert c.click_territory(smaller.territory)
    assert game.log[-1] == smaller
