"""Helpers for the engine rule tests: build exact positions on the fixture board and check invariants.

Positions are set up in two ways: by playing real actions (`place`, `draw_until_turn_ends`) or by
writing pieces straight into the state (`put_tent`, `put_totem`), which keeps every derived field
(territory counts, empty spaces, supplies) consistent so that the rules see a position that play
could have reached. Card helpers move cards between piles rather than inventing them, so the card
total stays 57 unless a test says otherwise.

Fixture board (tests/support/engine_fixtures.py), territory: biome, spaces:
  t0 Desert 0-6 (roads 0-1-2-3-4, 5 and 6 off-road), t1 Tundra 7-11 (road 4-7 crosses the
  border, chain 7-8-9-10), t2 Forest 12-15 (chain), t3 Glaciers 16-19 (16-17-18), t4 Coast 20-23
  (20-21-22), t5 Tundra 24-26 (24-25).
Connections: 1 t0-t1 land (peak 1), 2 t1-t2 water (peak 1), 3 t2-t3 land (peak 2), 4 t3-t4 water
(peak 2), 5 t4-t5 land (peak 3), 6 t0-t5 water (peak 3), 7 t0-t2 land (peak 4), 8 t1-t3 water
(peak 4), 9 t2-t4 land (no peak).
Seats in `GameConfig.quick`: 0 red, 1 green, 2 blue, 3 yellow, 4 orange; with 2 players tribe 2
(blue) is the third tribe.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import chain
from typing import Iterable, Sequence

from engine_fixtures import small_board

from iwari_desktop.engine import (
    Action, Biome, Draw, Exchange, GameConfig, GameState, Pass, Phase, Place, PlaceTent, PlaceTotem, apply,
    legal_actions, new_game,
)
from iwari_desktop.engine.core.biomes import BASE_DECK_COUNTS, ConnectionKind
from iwari_desktop.engine.maps.board import Board, Connection
from iwari_desktop.engine.core.kept import _entry as kept_entry
from iwari_desktop.engine.core.state import EMPTY

TUNDRA, FOREST, GLACIERS, COAST, DESERT = (Biome.TUNDRA, Biome.FOREST, Biome.GLACIERS, Biome.COAST, Biome.DESERT)

# Territory indices of the fixture board.
T_DESERT, T_TUNDRA, T_FOREST, T_GLACIERS, T_COAST, T_TUNDRA2 = range(6)
SPACES = {0: tuple(range(0, 7)), 1: tuple(range(7, 12)), 2: tuple(range(12, 16)), 3: tuple(range(16, 20)),
          4: tuple(range(20, 24)), 5: tuple(range(24, 27))}

FULL_DECK = Counter(BASE_DECK_COUNTS)
TOTAL_CARDS = sum(FULL_DECK.values())  # 57
RED, GREEN, BLUE, YELLOW, ORANGE = range(5)


def make_state(n_players: int = 3, seed: int = 1, *, feats: Iterable = (), draft: bool = False,
               first_player: int | None = 0, board: Board | None = None, mountains: bool = True) -> GameState:
    config = GameConfig.quick("small-test", n_players, seed, feats=frozenset(feats), draft=draft,
                              first_player=first_player)
    return new_game(config, board if board is not None else small_board(mountains=mountains))


def all_cards(state: GameState) -> Counter:
    """Every card of the deck, display, discard, removed pile and hands, counted in one pass (issue #32:
    check_invariants asks after every action; the sum of six Counters cost twice as much)."""
    return Counter(chain(state.deck, state.display, state.discard, state.removed, *state.hands))


def _take(state: GameState, card: Biome) -> None:
    """Remove one `card` from the deck (bottom first), else the discard pile; never from hands/display."""
    for pile in (state.deck, state.discard):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"no {card.label} card left in deck or discard to build the test position")


def give_hand(state: GameState, seat: int, cards: Sequence[Biome]) -> None:
    """Give `seat` exactly `cards`, returning its old hand to the deck bottom (card total unchanged)."""
    state.deck[0:0] = state.hands[seat]
    state.hands[seat] = []
    for card in cards:
        _take(state, card)
    state.hands[seat] = sorted(cards)


def set_display(state: GameState, cards: Sequence[Biome]) -> None:
    """Replace the display with `cards`, returning the old display to the deck bottom."""
    state.deck[0:0] = state.display
    state.display = []
    for card in cards:
        _take(state, card)
    state.display = list(cards)


def set_deck_top(state: GameState, cards: Sequence[Biome]) -> None:
    """Put `cards` on top of the deck, the first one on the very top (drawn first)."""
    for card in cards:
        _take(state, card)
    state.deck.extend(reversed(list(cards)))


def shrink_deck(state: GameState, keep: int) -> None:
    """Move all but the top `keep` deck cards to the discard pile."""
    cut = len(state.deck) - keep
    assert cut >= 0
    state.discard.extend(state.deck[:cut])
    del state.deck[:cut]


def put_tent(state: GameState, tribe: int, space: int) -> None:
    """Put a tent of `tribe` straight on `space` from its supply (no rules check beyond emptiness)."""
    assert state.space_owner[space] == EMPTY, f"space {space} is taken"
    territory = state.board.spaces[space].territory
    state.space_owner[space] = tribe
    state.territory_tents[territory][tribe] += 1
    state.territory_empty[territory] -= 1
    state.territory_changed(territory)   # the state's kept counts (core/kept.py)
    state.tents_left[tribe] -= 1


def put_tents(state: GameState, tribe: int, spaces: Iterable[int]) -> None:
    for space in spaces:
        put_tent(state, tribe, space)


def put_totem(state: GameState, tribe: int, territory: int, count: int = 1) -> None:
    for _ in range(count):
        state.totem_stacks[territory].append(tribe)
        state.totem_counts[territory][tribe] += 1
        state.totems_left[tribe] -= 1
    state.territory_changed(territory)


def move_totem(state: GameState, tribe: int, source: int, target: int) -> None:
    """Move `tribe`'s topmost totem in `source` onto `target` straight (no rules check; a Void totem out of the
    centre, say), both territories' kept counts refreshed (core/kept.py)."""
    stack = state.totem_stacks[source]
    del stack[len(stack) - 1 - stack[::-1].index(tribe)]
    state.totem_counts[source][tribe] -= 1
    state.totem_stacks[target].append(tribe)
    state.totem_counts[target][tribe] += 1
    state.territory_changed(source)
    state.territory_changed(target)


def place(state: GameState, territory: int, cards: Sequence[Biome], pieces: int, *steps: int | str) -> GameState:
    """Play a Place and its pieces: each step is a space index (tent) or "totem"."""
    apply(state, Place(territory, tuple(sorted(cards)), pieces))
    for step in steps:
        apply(state, PlaceTotem() if step == "totem" else PlaceTent(int(step)))
    return state


def draw_until_turn_ends(state: GameState) -> None:
    """Finish the DRAW phase taking the deck top (or the first display card when the deck is empty)."""
    while state.phase is Phase.DRAW:
        apply(state, Draw(None) if state.deck else Draw(state.display[0]))


def last_seat(state: GameState) -> int:
    return (state.first_seat - 1) % state.n_players


def play_out_quietly(state: GameState, limit: int = 200) -> None:
    """Finish the game without touching the board: empty each hand by exchanging, then draw.

    Only for 3+ players (the 2-player third tribe would have to place pieces).
    """
    assert state.third_tribe is None
    for _ in range(limit):
        if state.is_terminal():
            return
        if state.phase is Phase.MAIN:
            hand = state.hands[state.active_seat]
            apply(state, Exchange(hand[0]) if hand else Pass())
        elif state.phase in (Phase.DRAW, Phase.DRAFT):
            draw_until_turn_ends(state)
        else:
            raise AssertionError(f"unexpected phase {state.phase} while playing out quietly")
    raise AssertionError("the game did not end")


def end_by_last_turn(state: GameState) -> None:
    """The round's last seat takes an empty turn after the end was triggered (the journey's last turn).

    The active player's hand goes to the discard pile (cards conserved), they pass and draw, and
    the end of that turn runs the final scoring (B14) and what rule modules decide before it.
    """
    state.end_triggered = True
    state.active_seat = last_seat(state)
    state.phase = Phase.MAIN
    state.discard.extend(state.hands[state.active_seat])
    state.hands[state.active_seat] = []
    apply(state, Pass())
    draw_until_turn_ends(state)


def final_scoring_now(state: GameState) -> None:
    """End the game at once without touching the board (`end_by_last_turn`); it must be over then."""
    end_by_last_turn(state)
    assert state.is_terminal()


def with_extra_connection(board: Board, number: int, a: int, b: int, kind: ConnectionKind) -> Board:
    """The board plus one more connection (e.g. a second one between the same two territories, E4)."""
    extra = Connection(number=number, object_id=3000 + number, territories=(a, b), kind=kind, position=(0.0, 0.0))
    return dataclasses.replace(board, connections=board.connections + (extra,))


def piece_counts_ok(state: GameState, tents: int = 20, totems: int = 8) -> None:
    for tribe in range(len(state.tribes)):
        on_board_tents = sum(1 for owner in state.space_owner if owner == tribe)
        on_board_totems = sum(stack.count(tribe) for stack in state.totem_stacks)
        assert on_board_tents + state.tents_left[tribe] == tents, (tribe, on_board_tents, state.tents_left[tribe])
        assert on_board_totems + state.totems_left[tribe] == totems, (tribe, on_board_totems, state.totems_left[tribe])


# the tests' own recounts: (tents per tribe, empty spaces, totems, holds totems) -> the entry `kept._entry` counts
# without the engine's memos; a pure function of those numbers, so each is counted once per test process
_RECOUNTS: dict[tuple[tuple[int, ...], int, int, bool], tuple[int, ...]] = {}


def recount_entry(tents: tuple[int, ...], empty: int, totems: int, holds: bool) -> tuple[int, ...]:
    """A territory's fit entry counted afresh by `kept._entry(memo=False)`, never from the engine's `ENTRIES`
    or `_CODES`: check_invariants compares every state's kept entries with it after every action (issue #32:
    counting them anew each time was two thirds of the property tests' time)."""
    key = (tents, empty, totems, holds)
    entry = _RECOUNTS.get(key)
    if entry is None:
        entry = _RECOUNTS[key] = kept_entry(tents, empty, totems, holds)
    return entry


def check_invariants(state: GameState) -> None:
    """Everything that must hold after every single action of any game."""
    assert all_cards(state) == FULL_DECK, "cards not conserved"
    assert len(state.deck) + len(state.display) + len(state.discard) + len(state.removed) + sum(
        len(h) for h in state.hands) == TOTAL_CARDS
    piece_counts_ok(state)
    for territory in state.board.territories:
        t = territory.index
        owners = [state.space_owner[s] for s in territory.tent_spaces]
        assert state.territory_empty[t] == owners.count(EMPTY)
        for tribe in range(len(state.tribes)):
            assert state.territory_tents[t][tribe] == owners.count(tribe)
            assert state.totem_counts[t][tribe] == state.totem_stacks[t].count(tribe)
        assert len(state.totem_stacks[t]) <= max(state.territory_tents[t]), "totem cap exceeded (B9)"
    assert len(state.space_owner) == len(state.board.spaces)  # one owner per space: at most one tent each
    holders = state.board.totem_holders   # the kept counts (core/kept.py) equal a recount, without their memo
    assert state.territory_fits == [recount_entry(tuple(tents), empty, len(stack), holders[t]) for t, (tents, empty, stack)
                                    in enumerate(zip(state.territory_tents, state.territory_empty, state.totem_stacks))]
    assert all(owner == EMPTY or 0 <= owner < len(state.tribes) for owner in state.space_owner)
    assert all(len(hand) <= 3 for hand in state.hands)
    assert len(state.display) <= 4


def legal_set(state: GameState) -> set[Action]:
    return set(legal_actions(state))
