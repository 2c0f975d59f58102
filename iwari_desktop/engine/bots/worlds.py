"""Worlds a seat may believe in: the only states a bot ever plans on.

`observation.determinize` redraws the hidden cards, but which world it deals for a given bot RNG
still depends on how the hidden cards happen to lie (its shuffle starts from the deck order and
the other hands). A bot must not be swayed even that way, so `public_copy` first puts the hidden
cards in a canonical order — sorted, dealt to the other hands by their sizes, the rest to the
deck — and replaces the game's RNG. Two states that look the same to the seat give equal public
copies, hence equal worlds for equal bot RNGs, hence equal decisions (the spy tests check this).

When the engine starts tracking cards that are publicly known to sit in a hand (a card seen taken
from the display), `public_copy` must keep those in place; `determinize` is then the one that
knows them, and this copy only has to sort what stays hidden.
"""

from __future__ import annotations

from iwari_desktop.engine.core.observation import determinize
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import GameState


def public_copy(state: GameState, seat: int) -> GameState:
    """A clone of `state` whose hidden parts (other hands, deck order, game RNG) are canonical."""
    twin = state.clone()
    hidden = list(twin.deck)
    for other, hand in enumerate(twin.hands):
        if other != seat:
            hidden.extend(hand)
    hidden.sort()
    for other, hand in enumerate(twin.hands):
        if other != seat:
            size = len(hand)
            twin.hands[other] = hidden[:size]
            del hidden[:size]
    twin.deck = hidden
    twin.rng = Rng(0)
    return twin


def sample_world(public: GameState, seat: int, rng: Rng) -> GameState:
    """One world consistent with `seat`'s observation, drawn with the bot's `rng` from a `public_copy`."""
    return determinize(public, seat, rng)
