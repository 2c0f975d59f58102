"""THE secrets test (issue #33): what a seat is sent is a function of what that seat may know, nothing else.

Information flow, not a list of forbidden fields: for real states s along games of every mode, the states
`determinize(s, seat, Rng(k))` have the same observation for `seat` but other hidden hands, another deck
order and another RNG. If any of those leaked into the snapshot — one card, the order, the RNG or the seed —
the encoded bytes would differ. Plus the real seed and RNG words are searched for in the bytes directly.
"""

from __future__ import annotations

import msgspec
import pytest

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.observation import determinize, observe
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.net.seat_view import open_hands, seat_snapshot
from net_games import CASES, QUICK, Case, states_along

SAMPLES = 3


def _look_alike(state: GameState, seat: int, k: int) -> GameState:
    """`determinize`, with the partner's hand put back under S12's open hands (the seat sees it there)."""
    twin = determinize(state, seat, Rng(1000 + k))
    if open_hands(state):
        pool = twin.deck + [c for s in range(state.n_players) if s != seat for c in twin.hands[s]]
        for other in range(state.n_players):
            if other != seat:
                twin.hands[other] = list(state.hands[other])
                for card in state.hands[other]:
                    pool.remove(card)
        Rng(77 + k).shuffle(pool)
        twin.deck = pool
        for module in twin.hooks.redraw_hidden:
            module.redraw_hidden(twin, seat, Rng(5 + k))
    return twin


def _check(state: GameState) -> int:
    """Compare every seat's snapshot with its look-alikes'; returns how many differed in hidden facts."""
    differing = 0
    for seat in range(state.n_players):
        raw = msgspec.json.encode(seat_snapshot(state, seat))
        for k in range(SAMPLES):
            twin = _look_alike(state, seat, k)
            assert observe(twin, seat) == observe(state, seat)
            differing += twin.deck != state.deck or twin.hands != state.hands
            assert msgspec.json.encode(seat_snapshot(twin, seat)) == raw, f"seat {seat} sample {k}"
        for secret in (state.config.seed, state.rng.state):
            if secret > 1000:   # a small number appears in any message by chance
                assert str(secret).encode() not in raw
    return differing


@pytest.mark.parametrize("case", QUICK, ids=str)
def test_snapshot_bytes_depend_only_on_what_the_seat_knows(case):
    differing = sum(_check(state) for state in states_along(case, every=6))
    assert differing > 0, "the look-alike states must really hide other cards"


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=str)
def test_snapshot_bytes_depend_only_on_what_the_seat_knows_in_every_mode(case):
    for state in states_along(case, every=2):
        _check(state)


def test_the_secrets_test_catches_one_leaked_card():
    """The property really fails when something hidden gets in: send the other seat's first card."""
    case = Case("new-horizons", players=3)
    state = next(states_along(case))
    leaky = {"snapshot": seat_snapshot(state, 0), "leak": int(state.hands[1][0])}
    others = []
    for k in range(8):
        twin = _look_alike(state, 0, k)
        others.append(msgspec.json.encode({"snapshot": seat_snapshot(twin, 0), "leak": int(twin.hands[1][0])}))
    assert any(raw != msgspec.json.encode(leaky) for raw in others)


def test_the_secrets_test_catches_the_deck_order_and_the_rng():
    state = next(states_along(Case("long-road", players=4)))
    twin = _look_alike(state, 0, 1)
    assert twin.deck != state.deck and twin.rng != state.rng
    assert [int(c) for c in state.deck] != [int(c) for c in twin.deck]
    assert Biome.VOID not in state.deck
