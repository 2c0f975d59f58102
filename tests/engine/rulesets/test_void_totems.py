"""E5 The Uncharted Paths (`void-totems`): setup, the two kinds of Void-totem move, the extra own piece (P16),
the order of pieces under the cap (B9), the neutral Void in majorities and scoring, P5 re-checks, the
third tribe (P7), which Void totem moves (P37), text forms, saves, determinism and random games.

Positions are built on the real map. Territories of uncharted-paths: t0 The Hollow Rift (Void, no tent
spaces), t1 Tundra, t2 Desert, t3 Coast (spaces 19 20 21 23 24 71), t4 Forest, t5 Tundra, t6 Glaciers
(34-41 74), t7 Forest, t8 Glaciers, t9 Coast, t10 Desert, t11 Tundra. Connection 18 joins t2-t3 and 20
joins t3-t4 (both land).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine_helpers import (draw_until_turn_ends, final_scoring_now, give_hand, move_totem, put_tent, put_tents,
                            put_totem)

from iwari_desktop.engine import (
    Biome, Exchange, FeatKind, Game, GameConfig, IllegalAction, Phase, Place, PlaceTent, PlaceTotem, TribeRole,
    apply, legal_actions, new_game, parse_action,
)
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.core.errors import ActionParseError
from iwari_desktop.engine.core.observation import observe
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.files.saves import load_game, save_game, state_digest
from iwari_desktop.engine.rulesets.void_totems import VoidMove, VoidTotem, VoidTotems

TUNDRA, FOREST, GLACIERS, COAST, DESERT = Biome.TUNDRA, Biome.FOREST, Biome.GLACIERS, Biome.COAST, Biome.DESERT
RED, GREEN, BLUE, YELLOW = range(4)
CENTRE, T_DESERT, T_COAST, T_FOREST, T_GLACIERS, T_COAST2 = 0, 2, 3, 4, 6, 9
COAST_SPACES = (19, 20, 21, 23, 24, 71)
GLACIER_SPACES = (34, 35, 36, 37, 38, 39, 40, 41, 74)
FOREST_SPACES = (12, 13, 14, 15, 16, 17, 18, 22)
DESERT_SPACES = (64, 65, 66, 67, 68, 69)
VOID_TOTEM = VoidTotem()


def game(n_players: int = 4, seed: int = 3, feats=()):
    return new_game(GameConfig.quick("uncharted-paths", n_players, seed, feats=frozenset(feats), first_player=0))


def void_of(state) -> int:
    return state.void_tribe


def move_void(state, source: int, territory: int, cards, *steps) -> None:
    """Commit a Void-totem move, then its pieces: "void", "totem" or a space index."""
    apply(state, VoidMove(source, territory, tuple(sorted(cards))))
    for step in steps:
        apply(state, VOID_TOTEM if step == "void" else PlaceTotem() if step == "totem" else PlaceTent(step))


def moves(state) -> list[VoidMove]:
    return [a for a in legal_actions(state) if isinstance(a, VoidMove)]


def refused(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        apply(state, action)
    return error.value


# ---- setup ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_e5_setup_puts_five_void_totems_on_the_void_territory(players):
    state = game(players)
    void = void_of(state)
    assert state.tribes[void].role is TribeRole.VOID and void == len(state.tribes) - 1
    assert state.totem_stacks[CENTRE] == [void] * 5
    assert state.totems_left[void] == 3
    assert all(not stack for t, stack in enumerate(state.totem_stacks) if t != CENTRE)
    assert state.mountains == ()
    assert (state.third_tribe is not None) == (players == 2)


def test_e5_module_names_itself_for_the_setup_screen():
    assert VoidTotems.title == "the Uncharted Paths rules"
    assert "Void totem" in VoidTotems.summary and len(VoidTotems.summary) < 140
    assert any(m.key == "void-totems" for m in game().modules)


# ---- the two kinds of move -------------------------------------------------------------------------

def test_e5_move_from_the_void_territory_costs_two_cards_of_the_destination_biome():
    state = game()
    put_tents(state, RED, COAST_SPACES[:2])
    give_hand(state, RED, [COAST, COAST, DESERT])
    assert moves(state) == [VoidMove(CENTRE, T_COAST, (COAST, COAST))]  # t9 Coast is unexplored (B8)
    apply(state, VoidMove(CENTRE, T_COAST, (COAST, COAST)))
    assert state.phase is Phase.PIECES and legal_actions(state) == [VOID_TOTEM]  # no own piece was paid for
    apply(state, VOID_TOTEM)
    void = void_of(state)
    assert state.totem_stacks[T_COAST] == [void] and state.totem_stacks[CENTRE] == [void] * 4
    assert state.hands[RED] == [DESERT] and state.discard[-2:] == [COAST, COAST]
    assert state.phase is Phase.DRAW


def test_e5_no_wilds_pay_for_a_move():
    state = game()
    put_tents(state, RED, COAST_SPACES[:2])
    give_hand(state, RED, [FOREST, FOREST, DESERT])
    assert moves(state) == []
    assert refused(state, VoidMove(CENTRE, T_COAST, (FOREST, FOREST))).rule == "E5"
    assert state.phase is Phase.MAIN and state.hands[RED] == [FOREST, FOREST, DESERT]


def test_e5_move_between_territories_costs_one_card_of_each_biome():
    state = game()
    void = void_of(state)
    put_tents(state, RED, COAST_SPACES[:2])
    put_tents(state, GREEN, FOREST_SPACES[:2])
    move_totem(state, void, CENTRE, T_FOREST)
    give_hand(state, RED, [FOREST, COAST, TUNDRA])
    assert moves(state) == [VoidMove(T_FOREST, T_COAST, (FOREST, COAST))]
    move_void(state, T_FOREST, T_COAST, [COAST, FOREST], "void")
    assert state.totem_stacks[T_FOREST] == [] and state.totem_stacks[T_COAST] == [void]
    assert state.hands[RED] == [TUNDRA]


def test_e5_no_move_between_two_territories_of_one_biome():
    state = game()
    void = void_of(state)
    put_tents(state, RED, (47, 48))          # t7 Forest, explored
    put_tents(state, GREEN, FOREST_SPACES[:2])
    move_totem(state, void, CENTRE, T_FOREST)
    give_hand(state, RED, [FOREST, FOREST, FOREST])
    assert all(m.source == CENTRE for m in moves(state))
    assert refused(state, VoidMove(T_FOREST, 7, (FOREST, FOREST))).rule == "E5"


def test_p16_the_void_territory_is_never_a_destination():
    state = game()
    give_hand(state, RED, [TUNDRA, TUNDRA, TUNDRA])
    put_tents(state, RED, (42, 43))  # t1 Tundra
    assert all(m.territory != CENTRE for m in moves(state))
    assert refused(state, VoidMove(1, CENTRE, (TUNDRA, TUNDRA))).rule == "E5"


def test_p38_no_move_into_an_unexplored_territory():
    state = game()
    give_hand(state, RED, [COAST, COAST, COAST])
    assert moves(state) == []
    assert refused(state, VoidMove(CENTRE, T_COAST2, (COAST, COAST, COAST))).rule == "E5"


# ---- the own piece and the order of pieces -----------------------------------------------------------

def test_p16_one_more_card_of_t_adds_an_own_piece_in_the_order_chosen():
    state = game()
    void = void_of(state)
    put_tents(state, RED, COAST_SPACES[:2])
    give_hand(state, RED, [COAST, COAST, COAST])
    assert moves(state) == [VoidMove(CENTRE, T_COAST, (COAST, COAST)),
                            VoidMove(CENTRE, T_COAST, (COAST, COAST, COAST))]
    apply(state, VoidMove(CENTRE, T_COAST, (COAST, COAST, COAST)))
    options = legal_actions(state)
    assert set(options) == {PlaceTent(s) for s in COAST_SPACES[2:]} | {PlaceTotem(), VOID_TOTEM}
    apply(state, PlaceTent(COAST_SPACES[2]))
    assert legal_actions(state) == [VOID_TOTEM]  # one Void totem per action, and the own piece is down
    apply(state, VOID_TOTEM)
    assert state.territory_tents[T_COAST][RED] == 3 and state.totem_stacks[T_COAST] == [void]
    assert state.phase is Phase.DRAW and state.hands[RED] == []


def test_b9_an_own_totem_first_may_leave_the_void_totem_no_room():
    state = game()
    put_tent(state, RED, COAST_SPACES[0])
    put_tent(state, GREEN, COAST_SPACES[1])   # cap 1
    give_hand(state, RED, [COAST, COAST, COAST])
    apply(state, VoidMove(CENTRE, T_COAST, (COAST, COAST, COAST)))
    options = legal_actions(state)
    assert PlaceTotem() not in options and VOID_TOTEM in options and PlaceTent(COAST_SPACES[2]) in options
    assert refused(state, PlaceTotem()).rule == "B9"
    apply(state, VOID_TOTEM)                  # the Void totem first: then the own piece must be a tent
    assert legal_actions(state) == [PlaceTent(s) for s in COAST_SPACES[2:]]


def test_b9_an_own_tent_first_can_raise_the_cap_for_the_void_totem():
    state = game()
    void = void_of(state)
    put_tent(state, RED, COAST_SPACES[0])
    put_tent(state, GREEN, COAST_SPACES[1])
    put_totem(state, GREEN, T_COAST)          # cap 1, full of totems
    give_hand(state, RED, [COAST, COAST, COAST])
    assert moves(state) == [VoidMove(CENTRE, T_COAST, (COAST, COAST, COAST))]  # the move alone cannot fit
    apply(state, VoidMove(CENTRE, T_COAST, (COAST, COAST, COAST)))
    assert set(legal_actions(state)) == {PlaceTent(s) for s in COAST_SPACES[2:]}
    apply(state, PlaceTent(COAST_SPACES[2]))  # red has 2 tents: cap 2
    apply(state, VOID_TOTEM)
    assert state.totem_stacks[T_COAST] == [GREEN, void]


def test_p16_the_tent_first_order_works_with_no_own_totems_and_one_empty_space():
    """The own tent is offered even when no further own piece could follow it: the last piece is the Void's."""
    state = game()
    void = void_of(state)
    put_tents(state, RED, COAST_SPACES[:2])
    put_tents(state, GREEN, COAST_SPACES[2:4])
    put_tent(state, BLUE, COAST_SPACES[4])    # one empty space left (71)
    put_totem(state, GREEN, T_COAST, 2)       # cap 2, two totems
    put_totem(state, RED, T_GLACIERS, 8)      # red has no totems left
    give_hand(state, RED, [COAST, COAST, COAST])
    apply(state, VoidMove(CENTRE, T_COAST, (COAST, COAST, COAST)))
    assert legal_actions(state) == [PlaceTent(71)]
    apply(state, PlaceTent(71))
    apply(state, VOID_TOTEM)
    assert state.totem_stacks[T_COAST] == [GREEN, GREEN, void] and state.territory_empty[T_COAST] == 0


# ---- the neutral Void in majorities, scoring and feats ------------------------------------------------

def test_e5_the_void_shares_a_majority_and_never_scores():
    state = game()
    void = void_of(state)
    put_tents(state, RED, COAST_SPACES[:2] + FOREST_SPACES[:2])
    put_totem(state, RED, T_COAST)
    put_totem(state, RED, T_FOREST)
    move_totem(state, void, CENTRE, T_COAST)  # Void 1, red 1 in Coast: shared; red alone in Forest
    draw_until_turn_ends(state)
    final_scoring_now(state)
    lines = {line.subject: line for line in state.reports[-1].lines}
    assert lines["connection:20"].base == {RED: 3}   # all totems in both territories, the Void's included
    assert state.scores[void] == 0
    assert all(void not in line.base for report in state.reports for line in report.lines)


def test_e5_a_void_majority_alone_means_the_connection_scores_for_nobody():
    state = game()
    void = void_of(state)
    put_tents(state, RED, COAST_SPACES[:2] + FOREST_SPACES[:2])
    put_totem(state, RED, T_COAST)
    put_totem(state, RED, T_FOREST)
    put_totem(state, void, T_COAST, 2)
    state.totems_left[void] += 2
    del state.totem_stacks[CENTRE][-2:]
    state.totem_counts[CENTRE][void] -= 2
    final_scoring_now(state)
    line = next((l for l in state.reports[-1].lines if l.subject == "connection:20"), None)
    assert line is None or sum(line.points.values()) == 0


def _two_waiting_for_honour(state):
    """Red (c20: Coast-Forest) and blue (c18: Desert-Coast) each wait for the Coast majority the Void holds."""
    void = void_of(state)
    put_tents(state, YELLOW, COAST_SPACES[:4])           # cap 4 in Coast
    put_tents(state, RED, FOREST_SPACES[:1])
    put_tents(state, BLUE, DESERT_SPACES[:1])
    put_tents(state, GREEN, GLACIER_SPACES[:1])
    put_totem(state, RED, T_COAST)
    put_totem(state, RED, T_FOREST)
    put_totem(state, BLUE, T_COAST)
    put_totem(state, BLUE, T_DESERT)
    del state.totem_stacks[CENTRE][-2:]
    state.totem_counts[CENTRE][void] -= 2
    state.totem_stacks[T_COAST] += [void, void]
    state.totem_counts[T_COAST][void] += 2


def test_p5_a_void_totem_leaving_hands_honour_to_the_next_tribe_in_turn_order():
    state = game(feats=(FeatKind.HONOUR,))
    _two_waiting_for_honour(state)
    apply(state, Exchange(state.hands[RED][0]))          # red's turn; green is next
    draw_until_turn_ends(state)
    assert state.active_seat == GREEN and state.feats == []
    give_hand(state, GREEN, [COAST, GLACIERS, TUNDRA])
    move_void(state, T_COAST, T_GLACIERS, [COAST, GLACIERS], "void")
    # both qualify at once; P5: the actor (green, not qualifying), then turn order from green: blue before red
    assert [(f.feat, f.tribe, f.target, f.on_connection) for f in state.feats] == [(FeatKind.HONOUR, BLUE, 18, True)]
    assert state.feat_supply[FeatKind.HONOUR] == 0


# ---- who moves, and which totem ------------------------------------------------------------------------

def test_p7_the_third_tribe_may_move_a_void_totem():
    state = game(2)
    third, void = state.third_tribe, void_of(state)
    put_tents(state, third, COAST_SPACES[:2])
    give_hand(state, RED, [COAST, COAST, DESERT])
    apply(state, Exchange(DESERT))
    assert state.phase is Phase.THIRD_TRIBE
    assert VoidMove(CENTRE, T_COAST, (COAST, COAST)) in legal_actions(state)
    apply(state, VoidMove(CENTRE, T_COAST, (COAST, COAST)))
    assert state.pending.tribe == third and state.acting_tribe == third
    apply(state, VOID_TOTEM)
    assert state.totem_stacks[T_COAST] == [void] and state.phase is Phase.DRAW and state.hands[RED] == []


def test_p37_the_highest_void_totem_of_the_source_moves_and_the_stack_keeps_its_order():
    state = game()
    void = void_of(state)
    put_tents(state, YELLOW, COAST_SPACES[:4])
    put_tents(state, GREEN, GLACIER_SPACES[:1])
    del state.totem_stacks[CENTRE][-2:]
    state.totem_counts[CENTRE][void] -= 2
    for tribe in (void, RED, void, BLUE):
        state.totem_stacks[T_COAST].append(tribe)
        state.totem_counts[T_COAST][tribe] += 1
    state.totems_left[RED] -= 1
    state.totems_left[BLUE] -= 1
    give_hand(state, RED, [COAST, GLACIERS, TUNDRA])
    move_void(state, T_COAST, T_GLACIERS, [COAST, GLACIERS], "void")
    assert state.totem_stacks[T_COAST] == [void, RED, BLUE]
    assert state.totem_stacks[T_GLACIERS] == [void]


# ---- text forms, views, saves, determinism -------------------------------------------------------------

def test_e5_actions_have_text_forms_that_parse_back():
    for action in (VoidMove(0, 3, (COAST, COAST)), VoidMove(4, 3, (FOREST, COAST, COAST)), VOID_TOTEM):
        assert parse_action(str(action)) == action
    assert str(VoidMove(0, 3, (COAST, COAST, COAST))) == "void-move t0 t3 coast+coast+coast"
    for bad in ("void-move t0 t3 coast", "void-move x0 t3 coast+coast", "void-move t0 t3 lava+coast",
                "void-totem now", "void-move t0 t3"):
        with pytest.raises(ActionParseError):
            parse_action(bad)


def test_e5_a_fresh_process_reads_void_actions_before_any_game_exists():
    code = ("from iwari_desktop.engine import parse_action; "
            "print(parse_action('void-move t0 t3 coast+coast'), parse_action('void-totem'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "void-move t0 t3 coast+coast void-totem"


def test_e5_public_view_shows_void_totems_and_the_move_under_way():
    state = game()
    void = void_of(state)
    put_tents(state, RED, COAST_SPACES[:2])
    give_hand(state, RED, [COAST, COAST, COAST])
    view = observe(state, GREEN).module_view("void-totems")
    assert view == {"void_tribe": void, "void_territories": [CENTRE], "void_totems": [[CENTRE, 5]],
                    "moving_from": None}
    apply(state, VoidMove(CENTRE, T_COAST, (COAST, COAST, COAST)))
    assert observe(state, GREEN).module_view("void-totems")["moving_from"] == CENTRE
    apply(state, VOID_TOTEM)
    view = observe(state, GREEN).module_view("void-totems")
    assert view["void_totems"] == [[CENTRE, 4], [T_COAST, 1]] and view["moving_from"] is None  # moved; the own piece waits


def _random_game(players: int, seed: int, steps: int | None = None) -> tuple[Game, int]:
    game_ = Game.new(GameConfig.quick("uncharted-paths", players, seed))
    bot = RandomBot(seed + 7)
    moved = 0
    while not game_.is_over() and (steps is None or len(game_.log) < steps):
        options = game_.legal_actions()
        voids = [a for a in options if isinstance(a, VoidMove)]
        action = voids[0] if voids and bot.rng.below(2) else bot.choose(game_.state, options)
        moved += isinstance(action, VoidMove)
        game_.play(action)
    return game_, moved


def test_e5_saves_round_trip_in_the_middle_of_a_move():
    for seed in range(40):
        game_, moved = _random_game(3, seed, steps=60)
        if game_.state.phase is Phase.PIECES and "void-totems" in game_.state.ext:
            break
    else:
        pytest.fail("no random game stopped in the middle of a Void-totem move")
    loaded = load_game(save_game(game_))
    assert loaded.state == game_.state and state_digest(loaded) == state_digest(game_)
    assert [str(a) for a in loaded.log] == [str(a) for a in game_.log]
    assert VOID_TOTEM in loaded.legal_actions()


def test_e5_same_seed_and_log_replay_exactly():
    game_, moved = _random_game(4, 11)
    assert moved > 0
    again = Game.replay(game_.config, [parse_action(str(a)) for a in game_.log])
    assert again.state == game_.state and state_digest(again) == state_digest(game_)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_e5_random_games_end_with_pieces_conserved_and_the_rules_kept(players):
    total_moves = 0
    for seed in range(6):
        game_ = Game.new(GameConfig.quick("uncharted-paths", players, seed, feats=frozenset(FeatKind)
                                          - {FeatKind.COURAGE, FeatKind.WORSHIP}))
        rng = Rng(seed)
        state = game_.state
        void = void_of(state)
        while not game_.is_over():
            options = game_.legal_actions()
            assert options
            for a in options:
                if isinstance(a, VoidMove):
                    assert a.territory != CENTRE and state.board.territories[a.territory].biome is not \
                        state.board.territories[a.source].biome
            action = options[rng.below(len(options))]
            total_moves += isinstance(action, VoidMove)
            game_.play(action)
            state = game_.state
            on_board = sum(stack.count(void) for stack in state.totem_stacks)
            assert on_board + state.totems_left[void] == 8 and on_board == 5
            assert set(state.totem_stacks[CENTRE]) <= {void}
            for t, stack in enumerate(state.totem_stacks):
                if t != CENTRE:
                    assert len(stack) <= state.totem_cap(t)
            for tribe in state.roles.scoring:
                assert sum(s.count(tribe) for s in state.totem_stacks) + state.totems_left[tribe] == 8
        assert state.scores[void] == 0 and len(game_.log) < 3000
    assert total_moves > 0


def test_p16_begin_place_refuses_more_module_pieces_than_pieces():
    from iwari_desktop.engine.core.primitives import begin_place
    state = game()
    with pytest.raises(ValueError):
        begin_place(state, RED, T_COAST, 1, module_pieces=2)
    assert state.pending is None and state.phase is Phase.MAIN
