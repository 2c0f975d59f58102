"""Setting up a game from a script: a fixed deal instead of a shuffled one.

A normal game is dealt by `new_game` from its seed. The tutorial needs the same cards every time, so
that each step can name the card to play and the tent space to fill. `new_tutorial_game` deals the
game normally (seats, tribes, mountains from the seed, the rule modules) and then puts the script's
hands, display and deck in place; every card of the normal deck the script does not use is set
aside with the removed cards. Pure and deterministic: the same deal always gives the same state,
and everything after it comes from the state's own RNG (the half-journey reshuffle).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.engine.core.game import Game
from iwari_desktop.engine.core.setup import DISPLAY_SIZE, HAND_SIZE, new_game


class DealError(ValueError):
    """A scripted deal that the game's deck cannot provide (a bug in the script, caught by its test)."""


@dataclass(frozen=True)
class Deal:
    """The cards of a scripted start. `deck` is listed in the order the cards are drawn (top first)."""

    hands: tuple[tuple[Biome, ...], ...]
    display: tuple[Biome, ...]
    deck: tuple[Biome, ...]

    @classmethod
    def parse(cls, hands: tuple[str, ...], display: str, deck: str) -> "Deal":
        """A deal from space-separated biome keys ("forest forest tundra"), the script's way of writing it."""
        def cards(text: str) -> tuple[Biome, ...]:
            return tuple(Biome.parse(word) for word in text.split())
        return cls(tuple(cards(h) for h in hands), cards(display), cards(deck))


def deal_cards(config: GameConfig, deal: Deal):
    """The state `new_game` deals for `config`, with the scripted cards in place of the shuffled ones."""
    state = new_game(config)
    if len(deal.hands) != len(config.players):
        raise DealError(f"the deal has {len(deal.hands)} hands for {len(config.players)} players")
    if any(len(hand) != HAND_SIZE for hand in deal.hands) or len(deal.display) != DISPLAY_SIZE:
        raise DealError(f"every hand holds {HAND_SIZE} cards and the display {DISPLAY_SIZE}")
    pool = Counter(state.deck) + Counter(state.display) + Counter(c for h in state.hands for c in h)
    wanted = Counter(deal.display) + Counter(deal.deck) + Counter(c for h in deal.hands for c in h)
    short = wanted - pool
    if short:
        raise DealError("the deal uses more cards than the deck holds: "
                        + ", ".join(f"{n} {b.key}" for b, n in sorted(short.items())))
    state.hands = [sorted(hand) for hand in deal.hands]
    state.display = list(deal.display)
    state.deck = list(reversed(deal.deck))  # the engine draws from the end of the list
    state.removed = sorted(state.removed + list((pool - wanted).elements()))
    state.known_cards = [[] for _ in deal.hands]
    return state


def new_tutorial_game(config: GameConfig, deal: Deal) -> Game:
    """A Game whose first state is the scripted deal; play goes on through `Game.play` as in any game.

    Its log cannot be replayed from the config alone (the deal is not the seed's), so the tutorial
    never saves it and offers no undo.
    """
    return Game(config, deal_cards(config, deal))
