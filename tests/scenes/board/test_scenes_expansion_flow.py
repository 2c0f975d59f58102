"""The expansion's actions played by clicks and keys through the board screen, on real games.

Each test builds a position with the engine API (hands given, pieces put), starts the board scene
headless, plays the flow as a person would (cards, then lit targets) and checks the engine state it
left: the ruin taken, the Void totem moved, the contested token moved, the Determination token used
and passed, Courage on a connection, Worship placed before the final scoring, an expedition card
announced. No refusal or notice a player sees may carry a ruling id.
"""

from __future__ import annotations

import pygame

from engine_helpers import give_hand, last_seat, put_tent, put_tents
from iwari_desktop.engine import BASE_FEATS, Biome, FeatKind, Game, GameConfig, Phase, Place, PlaceFeat, PlaceTent
from iwari_desktop.engine.core.state import EMPTY, FeatOnBoard
from iwari_desktop.engine.rulesets.contested import PlaceContested, tokens
from iwari_desktop.engine.rulesets.determination import holder
from iwari_desktop.engine.rulesets.ruins import TakeRuin
from iwari_desktop.engine.rulesets.void_totems import VoidMove, VoidTotem
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.board.overlays import AnnouncementOverlay, HandoffOverlay
from iwari_desktop.scenes.scoring.scoring import ScoringScene
from iwari_desktop.scenes.setup.setup import start_game
from iwari_desktop.scenes.ui.words import has_ruling_id
from scene_helpers import click, inside, key, press

COAST, FOREST, DESERT, TUNDRA, GLACIERS = Biome.COAST, Biome.FOREST, Biome.DESERT, Biome.TUNDRA, Biome.GLACIERS


def new(map_id: str, players: int = 3, seed: int = 1, **kwargs) -> Game:
    return Game.new(GameConfig.quick(map_id, players, seed, first_player=0, **kwargs))


def board_for(app, game: Game) -> BoardScene:
    """The board scene on `game`, the handoff accepted: the active seat's hand is shown."""
    start_game(app, game)
    app.step(0)
    key(app, pygame.K_RETURN)
    board = app.stack.find(BoardScene)
    assert app.stack.top is board
    return board


def pick(app, board: BoardScene, *cards: Biome) -> None:
    """Select `cards` by their number keys, as a player does."""
    c = board.controller
    hand = list(c.hand())
    used: list[int] = []
    for card in cards:
        index = next(i for i, held in enumerate(hand) if held == card and i not in used)
        used.append(index)
        key(app, pygame.K_1 + index)
    assert sorted(c.selected) == sorted(used)


def at(board: BoardScene, point) -> tuple[int, int]:
    return board.view.to_screen(point)


def messages_are_plain(board: BoardScene) -> None:
    c = board.controller
    if c.message is not None:
        assert not has_ruling_id(c.message.text), c.message.text
    assert not has_ruling_id(c.prompt()), c.prompt()
    for _, text in c.history:
        assert not has_ruling_id(text), text


# ---- Forgotten Island: ruin spaces (E3) -------------------------------------------------------------

COAST_RUIN = 74   # a Coast icon on connection 11


def test_e3_two_icon_cards_light_the_ruin_space_and_a_click_takes_it(app):
    game = new("forgotten-island")
    give_hand(game.state, 0, [COAST, COAST, FOREST])
    board = board_for(app, game)
    c = board.controller
    assert "then a lit territory or ruin space" in c.prompt()      # what cards can be played on, said up front
    pick(app, board, COAST, COAST)
    assert COAST_RUIN in c.lit_spaces()
    assert "ruin space" in c.prompt()
    click(app, at(board, c.state.board.spaces[COAST_RUIN].position))
    assert c.game.log[-1] == TakeRuin(COAST_RUIN)
    s = c.state
    assert s.space_owner[COAST_RUIN] == 0 and s.ext["ruins"].kept[0] == [COAST_RUIN]
    assert s.hands[0] == [FOREST] and s.phase is Phase.DRAW
    assert c.selected == [] and "ruin space on connection 11" in c.history[-1][1]
    messages_are_plain(board)


def test_e3_a_wrong_pair_on_a_ruin_space_is_refused_in_plain_words(app):
    game = new("forgotten-island")
    give_hand(game.state, 0, [COAST, COAST, FOREST])
    board = board_for(app, game)
    c = board.controller
    pick(app, board, COAST, FOREST)
    assert COAST_RUIN not in c.lit_spaces()
    click(app, at(board, c.state.board.spaces[COAST_RUIN].position))
    assert c.game.log == [] and c.message.error
    assert "exactly two Coast cards" in c.message.text
    messages_are_plain(board)


def test_e3_without_the_icon_cards_the_engine_reason_is_shown_without_its_id(app):
    game = new("forgotten-island")
    give_hand(game.state, 0, [FOREST, FOREST, DESERT])
    board = board_for(app, game)
    c = board.controller
    pick(app, board, FOREST, FOREST)
    click(app, at(board, c.state.board.spaces[COAST_RUIN].position))
    assert c.game.log == [] and c.message.error
    assert "two Coast cards" in c.message.text and "E3" not in c.message.text
    messages_are_plain(board)


# ---- The Uncharted Paths: Void-totem moves (E5, P16) -------------------------------------------------

CENTRE, T_COAST = 0, 3
COAST_SPACES = (19, 20, 21, 23, 24, 71)


def void_game() -> Game:
    game = new("uncharted-paths", 4, seed=3)
    put_tent(game.state, 1, COAST_SPACES[0])           # green explored the Coast territory: cap 1
    give_hand(game.state, 0, [COAST, COAST, COAST])
    return game


def test_e5_cards_light_the_sources_then_the_destinations_then_the_void_totem_goes_first(app):
    board = board_for(app, void_game())
    c = board.controller
    void = c.state.void_tribe
    pick(app, board, COAST, COAST, COAST)
    assert CENTRE in c.void_sources() and CENTRE in c.lit_territories()
    assert any(chosen is False for _, chosen in board.flow.lit_points())        # the Void totem stack is ringed
    click(app, inside(board.view, CENTRE))
    assert c.void_source == CENTRE and c.lit_territories() == c.void_destinations() and T_COAST in c.lit_territories()
    click(app, inside(board.view, T_COAST))
    assert c.game.log[-1] == VoidMove(CENTRE, T_COAST, (COAST, COAST, COAST))
    assert c.state.phase is Phase.PIECES and c.void_totem_allowed()
    assert board._buttons["void"].visible and "Void totem (V)" in c.prompt()
    key(app, pygame.K_v)
    assert c.game.log[-1] == VoidTotem()
    s = c.state
    assert s.totem_counts[T_COAST][void] == 1 and s.totem_counts[CENTRE][void] == 4
    space = sorted(c.lit_spaces())[0]
    click(app, at(board, s.board.spaces[space].position))
    assert c.game.log[-1] == PlaceTent(space) and s.space_owner[space] == 0 and s.phase is Phase.DRAW
    assert "moves a Void totem into Lanternfish Shoals" in " ".join(text for _, text in c.history)
    messages_are_plain(board)


def test_p16_the_player_may_put_the_own_tent_first_then_click_the_stack_for_the_void_totem(app):
    board = board_for(app, void_game())
    c = board.controller
    void = c.state.void_tribe
    pick(app, board, COAST, COAST, COAST)
    click(app, at(board, c.state.board.territories[CENTRE].totem_space))    # the Void totem stack itself
    assert c.void_source == CENTRE
    click(app, inside(board.view, T_COAST))
    space = next(s for s in COAST_SPACES if c.state.space_owner[s] == EMPTY)
    click(app, at(board, c.state.board.spaces[space].position))
    assert c.state.space_owner[space] == 0 and c.state.phase is Phase.PIECES
    click(app, at(board, c.state.board.territories[T_COAST].totem_space))
    assert c.game.log[-1] == VoidTotem() and c.state.totem_counts[T_COAST][void] == 1
    assert c.state.phase is Phase.DRAW
    messages_are_plain(board)


def test_e5_choosing_the_source_again_drops_it_and_esc_clears_the_move(app):
    board = board_for(app, void_game())
    c = board.controller
    pick(app, board, COAST, COAST, COAST)
    click(app, inside(board.view, CENTRE))
    assert c.void_source == CENTRE
    click(app, inside(board.view, CENTRE))
    assert c.void_source is None
    click(app, inside(board.view, CENTRE))
    key(app, pygame.K_ESCAPE)
    assert c.void_source is None and c.selected == [] and c.game.log == []


# ---- The Void: contested tokens (E7) and the Determination token (E7, P17, P43) ------------------------

T_GREYWOOD, T_DUNESWORN, T_SCORCHGLASS = 3, 6, 11


def test_e7_two_cards_light_the_contested_tokens_and_a_click_moves_one_with_a_tent(app):
    game = new("the-void")
    give_hand(game.state, 0, [DESERT, DESERT, FOREST])
    board = board_for(app, game)
    c = board.controller
    pick(app, board, DESERT, DESERT)
    assert c.lit_tokens() == {0: T_SCORCHGLASS, 1: T_DUNESWORN, 2: T_SCORCHGLASS}
    assert "contested token" in c.prompt()
    spot = c.state.board.contested_spots[2].position
    click(app, at(board, spot))
    assert c.game.log[-1] == PlaceContested(2, T_SCORCHGLASS)
    s = c.state
    assert tokens(s)[2] == (T_SCORCHGLASS, 0) and s.territory_tents[T_SCORCHGLASS][0] == 1
    assert s.phase is Phase.DRAW and "contested token into" in c.history[-1][1]
    messages_are_plain(board)


def test_e7_a_token_clicked_with_the_wrong_cards_says_which_cards_it_takes(app):
    game = new("the-void")
    give_hand(game.state, 0, [DESERT, DESERT, FOREST])
    board = board_for(app, game)
    c = board.controller
    pick(app, board, DESERT, FOREST)
    click(app, at(board, c.state.board.contested_spots[2].position))
    assert c.game.log == [] and c.message.error
    assert "two Desert cards into" in c.message.text
    messages_are_plain(board)


def holder_game(players: int = 3) -> Game:
    """A game at the Determination holder's first turn (the last seat), the others having exchanged."""
    game = new("the-void", players)
    s = game.state
    while s.active_seat != holder(s):
        game.play(next(a for a in game.legal_actions() if a.__class__.__name__ == "Exchange"))
        while s.phase is Phase.DRAW:
            game.play(next(a for a in game.legal_actions() if a.__class__.__name__ == "Draw"))
    give_hand(s, s.active_seat, [FOREST, FOREST, DESERT])
    return game


def test_e7_the_determination_token_is_a_button_and_its_place_puts_two_pieces_then_passes(app):
    game = holder_game()
    seat = game.state.active_seat
    board = board_for(app, game)
    c = board.controller
    assert "You hold the Determination token" in c.prompt()
    pick(app, board, FOREST, FOREST)
    assert not c.state.is_explored(T_GREYWOOD) and T_GREYWOOD in c.lit_territories()
    assert c.place_choices()[T_GREYWOOD] == [1]            # never 2 pieces there without asking
    assert c.permit_offered() and board._buttons["permit"].visible
    assert "Determination" in c.prompt()
    press(app, board._buttons["permit"])
    assert c.use_permit and T_GREYWOOD in c.lit_territories()
    assert c.lit_territories() == c.flow_options().permit_places
    click(app, inside(board.view, T_GREYWOOD))
    assert c.game.log[-1] == Place(T_GREYWOOD, (FOREST, FOREST), 2)
    first = sorted(c.lit_spaces())[0]
    click(app, at(board, c.state.board.spaces[first].position))
    key(app, pygame.K_t)                                    # the second piece may be a totem (P43)
    s = c.state
    assert s.territory_tents[T_GREYWOOD][seat] == 1 and s.totem_stacks[T_GREYWOOD] == [seat]
    assert holder(s) == (seat - 1) % s.n_players and s.phase is Phase.DRAW
    assert any("uses the Determination token" in text for _, text in c.history)
    messages_are_plain(board)


def test_e7_without_the_button_an_unexplored_territory_takes_one_tent_and_the_token_stays(app):
    game = holder_game()
    seat = game.state.active_seat
    board = board_for(app, game)
    c = board.controller
    pick(app, board, FOREST, FOREST)
    click(app, inside(board.view, T_GREYWOOD))
    assert c.game.log[-1] == Place(T_GREYWOOD, (FOREST, FOREST), 1)
    assert holder(c.state) == seat
    messages_are_plain(board)


# ---- Courage (E9): a claim on territories and connections ----------------------------------------------

def courage_game() -> tuple[Game, int, int, int]:
    """New Horizons with Courage: every territory explored but one, a Union on a territory and Honour on a
    connection; the active player holds a card of the last territory's biome."""
    game = Game.new(GameConfig.quick("new-horizons", 3, 2, first_player=0, feats=BASE_FEATS,
                                     options={"courage": True}))
    s = game.state
    board = s.board
    last = max(board.territories, key=lambda t: len(t.tent_spaces))
    for t in board.territories:
        if t.index != last.index and t.tent_spaces:
            put_tent(s, 1, t.tent_spaces[0])
    union_on = next(t.index for t in board.territories if t.index != last.index and t.tent_spaces)
    honour_on = board.connections[0].number
    s.feats.append(FeatOnBoard(FeatKind.UNION, 1, union_on, False))
    s.feats.append(FeatOnBoard(FeatKind.HONOUR, 1, honour_on, True))
    give_hand(s, 0, [last.biome, last.biome, last.biome])
    return game, last.index, union_on, honour_on


def test_e9_courage_lights_territories_and_connections_and_goes_on_a_clicked_connection(app):
    game, last, union_on, honour_on = courage_game()
    board = board_for(app, game)
    c = board.controller
    biome = c.state.board.territories[last].biome
    pick(app, board, biome)
    click(app, inside(board.view, last))
    space = sorted(c.lit_spaces())[0]
    click(app, at(board, c.state.board.spaces[space].position))
    s = c.state
    assert s.phase is Phase.FEAT and s.pending_feats[0].feat is FeatKind.COURAGE
    assert c.lit_territories() == {union_on} and c.lit_connections() == {honour_on}
    assert "territory or connection" in c.prompt() and "cancels one feat" in c.prompt()
    click(app, at(board, s.board.connections_by_number[honour_on].position))
    assert c.game.log[-1] == PlaceFeat(FeatKind.COURAGE, honour_on, True)
    assert any(f.feat is FeatKind.COURAGE and f.on_connection and f.target == honour_on for f in s.feats)
    messages_are_plain(board)


def test_e9_courage_on_an_unlit_territory_is_refused_with_the_places_it_may_go(app):
    game, last, union_on, honour_on = courage_game()
    board = board_for(app, game)
    c = board.controller
    pick(app, board, c.state.board.territories[last].biome)
    click(app, inside(board.view, last))
    click(app, at(board, c.state.board.spaces[sorted(c.lit_spaces())[0]].position))
    other = next(t.index for t in c.state.board.territories if t.index not in (union_on, last))
    click(app, inside(board.view, other))
    assert c.state.phase is Phase.FEAT and c.message.error
    assert "lit territory or connection" in c.message.text
    messages_are_plain(board)


# ---- Worship (E10): decided before the final scoring -------------------------------------------------------

def test_e10_worship_is_announced_handed_to_the_winner_and_placed_by_a_click_before_the_scoring(app):
    game = Game.new(GameConfig.quick("new-horizons", 3, 1, first_player=0, options={"worship": 1}))
    s = game.state
    put_tents(s, 0, [35, 71])                  # two dead ends for the first player
    put_tent(s, 1, 28)
    s.end_triggered = True                     # the last seat's turn ends the journey
    s.active_seat = last_seat(s)
    board = board_for(app, game)
    c = board.controller
    key(app, pygame.K_1)
    press(app, board._buttons["exchange"])
    while not c.turn_done:
        click(app, board.hud.display_rects[0].center)
    assert c.state.phase is Phase.MODULE and c.state.active_seat == 0
    assert isinstance(app.stack.top, AnnouncementOverlay) and "Worship" in app.stack.top.note.title
    assert "dead-end" in app.stack.top.note.body and not has_ruling_id(app.stack.top.note.body)
    key(app, pygame.K_RETURN)                  # acknowledge
    key(app, pygame.K_RETURN)                  # end the turn
    assert isinstance(app.stack.top, HandoffOverlay)
    key(app, pygame.K_RETURN)
    assert c.viewer_seat == 0 and "Worship" in c.prompt()
    assert c.lit_territories() == {t.index for t in s.board.territories} and not c.lit_connections()
    target = s.board.spaces[35].territory
    click(app, inside(board.view, target))
    assert c.game.log[-1] == PlaceFeat(FeatKind.WORSHIP, target, False)
    assert c.state.is_terminal()
    assert any(f.feat is FeatKind.WORSHIP and f.target == target for f in c.state.feats)
    key(app, pygame.K_RETURN)
    scoring = app.stack.top
    assert isinstance(scoring, ScoringScene) and scoring.lines[0].category == "worship"
    messages_are_plain(board)


# ---- Expedition cards (E8): a claim is announced ------------------------------------------------------------

def test_e8_an_expedition_card_claimed_is_announced_logged_and_scored_without_a_scoring_screen(app):
    game = Game.new(GameConfig.quick("new-horizons", 3, 1, first_player=0, options={"expeditions": True}))
    s = game.state
    data = s.ext["expeditions"]
    data.cards[0] = 1                          # card 1: 4 tents in Tundra territories (first reward 4)
    tundra = [t for t in s.board.territories if t.biome is TUNDRA]
    spaces = [sp for t in tundra for sp in t.tent_spaces]
    put_tents(s, 0, spaces[:3])
    give_hand(s, 0, [TUNDRA, FOREST, DESERT])
    board = board_for(app, game)
    c = board.controller
    pick(app, board, TUNDRA)
    target = s.board.spaces[spaces[3]].territory
    click(app, inside(board.view, target))
    click(app, at(board, s.board.spaces[spaces[3]].position))
    assert data.claims[0] == [0] and s.scores[0] == 4
    assert c.shown_scores()[0] == 4                    # awarded points show at once
    assert not c.new_reports()                          # no scoring screen for it
    assert any("completes Expedition 1" in text for _, text in c.history)
    note = app.stack.top
    assert isinstance(note, AnnouncementOverlay) and note.note.title == "Expedition 1 claimed"
    assert "first to" in note.note.body and not has_ruling_id(note.note.body)
    key(app, pygame.K_RETURN)
    assert app.stack.top is board
    messages_are_plain(board)


# ---- the rules screen ---------------------------------------------------------------------------------------

def test_the_rules_screen_has_a_section_per_expansion_map_and_option_listed_in_its_contents(app):
    import re

    from iwari_desktop.engine import get_board
    from iwari_desktop.scenes.rules.rules import RulesScene, rules_text
    from layout_check import faults

    text = rules_text()
    sections = re.findall(r"^## (.+)$", text, re.M)
    maps = [get_board(m).name for m in ("floating-lands", "forgotten-island", "glacial-mass", "uncharted-paths",
                                        "long-road", "the-void")]
    for title in maps + ["Expedition cards", "Courage", "Worship"]:
        assert title in sections, title
    assert not has_ruling_id(text)
    scene = RulesScene(app)
    app.stack.push(scene)
    app.step(0)
    assert len(scene.toc_rects) == len(sections)
    assert all(rect.bottom <= scene.toc.bottom for rect, _ in scene.toc_rects)   # every entry reachable
    assert faults(app) == []


# ---- refusals in plain words ------------------------------------------------------------------------------

def test_e5_an_unlit_destination_is_refused_with_the_move_rule_in_words(app):
    board = board_for(app, void_game())
    c = board.controller
    pick(app, board, COAST, COAST, COAST)
    click(app, inside(board.view, CENTRE))
    dark = next(t.index for t in c.state.board.territories
                if t.index not in c.lit_territories() and t.index != CENTRE)
    click(app, inside(board.view, dark))
    assert c.state.phase is Phase.MAIN and c.message.error
    assert "Void totem moves into an explored territory" in c.message.text
    assert "void-move" not in c.message.text
    messages_are_plain(board)


def test_every_refusal_of_an_expansion_action_reads_without_ids_or_action_texts():
    import re

    from iwari_desktop.engine import Exchange
    from iwari_desktop.scenes.board.controller import GameController

    cases = [
        ("forgotten-island", [TakeRuin(3), TakeRuin(COAST_RUIN), TakeRuin(75)]),
        ("uncharted-paths", [VoidMove(CENTRE, T_COAST, (COAST, COAST)), VoidMove(5, 5, (FOREST, FOREST)), VoidTotem()]),
        ("the-void", [PlaceContested(9, 2), PlaceContested(2, 3), PlaceContested(2, T_SCORCHGLASS),
                      PlaceFeat(FeatKind.WORSHIP, 0, False)]),
    ]
    seen = 0
    for map_id, actions in cases:
        c = GameController(new(map_id))
        c.viewer_seat = c.state.active_seat
        for action in actions:
            reason = c.explain(action)
            assert reason, action
            seen += 1
            assert not has_ruling_id(reason), reason
            assert str(action) not in reason and not re.search(r"\b[st]\d", reason), reason
    assert seen == 10
    # a base action while Worship waits for its decision
    game = Game.new(GameConfig.quick("new-horizons", 3, 1, first_player=0, options={"worship": 1}))
    s = game.state
    put_tents(s, 0, [35, 71])
    s.end_triggered, s.active_seat = True, last_seat(s)
    c = GameController(game)
    c.viewer_seat = s.active_seat
    game.play(Exchange(s.hands[s.active_seat][0]))
    while s.phase is Phase.DRAW:
        game.play(next(a for a in game.legal_actions()))
    assert s.phase is Phase.MODULE
    reason = c.explain(Exchange(Biome.FOREST))
    assert reason and "Worship" in reason and not has_ruling_id(reason) and "exchange" not in reason
