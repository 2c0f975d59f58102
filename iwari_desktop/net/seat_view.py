"""What one seat is sent: the state masked down to what that seat may know (docs/network.md).

Why a full masked state and not the Observation: the client draws the board and computes its own legal
actions with the very engine and scenes of pass-and-play, which work on a GameState. So the client gets a
GameState in which every fact the seat may not know is replaced by a fill that depends ONLY on what the
seat knows. Then two real states the seat cannot tell apart (same observation, other hidden cards, other
deck order, other RNG) give byte-identical messages — that is the secrets test (tests/net/test_secrets.py),
and it is why nothing hidden can leak, not even through the order of a list.

The fill (`mask_state`): the cards the seat cannot see — the other hands' cards that are not publicly
known (`known_cards`, kept where they are) and the deck — are pooled and SORTED; the other hands are
refilled from the front of that pool in seat order, the rest is the deck. Module data a seat cannot see is
laid out by the module's own `redraw_hidden` with `Rng(0)` on that sorted fill (the solo piles, S2). The
RNG becomes `Rng(0)` and the config's seed 0. The removed cards (B2) stay: they follow from the player
count and the modules' `build_deck`, which every seat knows. With co-op's `open_hands` (S12) the
partner's hand is not hidden and stays as it is.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from iwari_desktop.engine.core.actions import Action, Draw
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.net.errors import WireError
from iwari_desktop.net.state_codec import decode_config, decode_state, encode_config, encode_state


def open_hands(state: GameState) -> bool:
    """S12: partners in co-op with the `open_hands` option see each other's hand."""
    return state.config.mode is GameMode.COOP and bool(state.config.option("open_hands", False))


def mask_state(state: GameState, seat: int) -> GameState:
    """A copy of `state` in which all `seat` may not see is replaced by a fill made only of what it knows."""
    if not 0 <= seat < state.n_players:
        raise ValueError(f"no seat {seat} in a game of {state.n_players}")
    guess = state.clone()
    guess.config = dataclasses.replace(state.config, seed=0)
    hidden_seats = [] if open_hands(state) else [s for s in range(state.n_players) if s != seat]
    kept: dict[int, list[Biome]] = {}
    pool: list[Biome] = list(guess.deck)
    for other in hidden_seats:
        unknown = list(guess.hands[other])
        kept[other] = []
        for card in (guess.known_cards[other] if guess.known_cards else ()):
            if card in unknown:
                unknown.remove(card)
                kept[other].append(card)
        pool.extend(unknown)
    pool.sort()
    taken = 0
    for other in hidden_seats:
        need = len(guess.hands[other]) - len(kept[other])
        guess.hands[other] = sorted(kept[other] + pool[taken:taken + need])
        taken += need
    guess.deck = pool[taken:]
    for module in guess.hooks.redraw_hidden:
        module.redraw_hidden(guess, seat, Rng(0))
    guess.rng = Rng(0)
    return guess


def seat_snapshot(state: GameState, seat: int) -> dict[str, Any]:
    """What the host sends `seat`: the setup (seed 0) and the masked state, JSON-ready."""
    return {"config": encode_config(state.config), "state": encode_state(mask_state(state, seat))}


def client_state(snapshot: object) -> GameState:
    """The GameState a client plays on, from a `seat_snapshot` received; WireError if malformed."""
    if type(snapshot) is not dict or set(snapshot) != {"config", "state"}:
        raise WireError("a snapshot needs a config and a state")
    return decode_state(snapshot["state"], decode_config(snapshot["config"]))


def public_log_entry(action: Action) -> str:
    """The action as every seat may read it in the log: its text form, which never names a card drawn
    from the deck ("draw deck"; `Action.reveals_hidden`), only cards that were face up or are paid openly."""
    if isinstance(action, Draw) and action.reveals_hidden:
        return "draw deck"   # what Draw's text says today; kept here so a reworded text cannot name the card
    return str(action)
