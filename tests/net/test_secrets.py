"""THE secrets test (issue #33): what a seat is sent is a function of what that seat may know, nothing else.

Information flow, not a list of forbidden fields: for real states s along games of every mode, the states
`determinize(s, seat, Rng(k))` have the same observation for `seat` but other hidden hands, another deck
order and another RNG. If any of those leaked into the snapshot — one card, the order, the RNG or the seed —
the encoded bytes would differ. Plus the real seed and RNG words are searched for in the bytes directly.
"""

from __future__ import annotations

import msgspec
import pytest

from iwari_desktop.engine.core.observation import determinize, observe
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.net.seat_view import open_hands, seat_snapshot
from net_games import Case, every_case, states_along

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
        seen = observe(state, seat)   # once per seat: the look-alikes are made from copies, `state` stays as it is
        for k in range(SAMPLES):
            twin = _look_alike(state, seat, k)
            assert observe(twin, seat) == seen
            differing += twin.deck != state.deck or twin.hands != state.hands
            assert msgspec.json.encode(seat_snapshot(twin, seat)) == raw, f"seat {seat} sample {k}"
        for secret in (state.config.seed, state.rng.state):
            if secret > 1000:   # a small number appears in any message by chance
                assert str(secret).encode() not in raw
    return differing


@pytest.mark.parametrize("case", every_case())   # QUICK quick, the other modes marked slow
def test_snapshot_bytes_depend_only_on_what_the_seat_knows_in_every_mode(case):
    differing = sum(_check(state) for state in states_along(case, every=2))
    assert differing > 0, "the look-alike states must really hide other cards"




def _leaky(monkeypatch, leak) -> None:
    """Make `seat_snapshot` send one hidden fact more, as a bug would."""
    from iwari_desktop.net import seat_view

    honest = seat_view.mask_state

    def mask(state, seat):
        masked = honest(state, seat)
        leak(masked, state, seat)
        return masked

    monkeypatch.setattr(seat_view, "mask_state", mask)


@pytest.mark.parametrize("leak", [
    lambda masked, state, seat: setattr(masked, "deck", list(state.deck)),                      # the deck order
    lambda masked, state, seat: setattr(masked, "rng", state.rng.copy()),                       # the RNG
    lambda masked, state, seat: masked.hands.__setitem__((seat + 1) % state.n_players,          # one other hand
                                                         list(state.hands[(seat + 1) % state.n_players])),
    lambda masked, state, seat: masked.discard.append(state.deck[-1]),                          # one hidden card
], ids=["deck-order", "rng", "other-hand", "one-card"])
def test_the_secrets_test_fails_when_a_hidden_fact_is_sent(monkeypatch, leak):
    _leaky(monkeypatch, leak)
    state = list(states_along(Case("vast-lands", players=4, seed=3), every=10))[2]
    with pytest.raises(AssertionError):
        _check(state)
