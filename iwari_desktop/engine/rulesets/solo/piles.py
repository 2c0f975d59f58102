"""S2's four piles, as a player may know them: where the first deck's Void cards can still lie.

Why: the first deck is built from four piles of about equal size with three Void cards shuffled into
each (S2), stacked one on another. So the Void cards are not anywhere in the deck: a pile not yet
touched holds exactly three, and the pile being drawn holds the rest. Every player knows this (it is
how the table builds the deck), and a search that deals the hidden deck uniformly would believe in
decks that cannot exist — three Void cards in a row on top, or none for twenty cards. The solo module's
`redraw_hidden` (used by `observation.determinize`) lays the redrawn deck out by this rule; it reads
only public facts: the deck's size, whether it is still the first deck, and how many Void cards the
redrawn deck holds (in solo exactly the twelve minus those the player has seen).

A Corruption shuffles its Void cards into the whole deck (S6), and once the first deck has run out the
new decks are the discard pile shuffled (S10, P59): from either on there is no pile structure to keep.
"""

from __future__ import annotations

from iwari_desktop.engine.core.biomes import BASE_DECK_COUNTS, Biome
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.rulesets.solo.data import PILES, VOID_CARDS_PER_PILE, data

HAND_SIZE = 3      # B4, as dealt at setup
DISPLAY_SIZE = 4


def pile_bounds(n_players: int) -> list[tuple[int, int]]:
    """(start, end) of each pile in the first deck's list (the top is the list's end), as S2 built it."""
    n = sum(BASE_DECK_COUNTS.values()) - HAND_SIZE * n_players - DISPLAY_SIZE
    bounds = []
    start = 0
    for i in range(PILES):
        size = n // PILES + (1 if i < n % PILES else 0) + VOID_CARDS_PER_PILE
        bounds.append((start, start + size))
        start += size
    return bounds


def void_per_pile(deck_size: int, void_cards: int, bounds: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """(start, end, Void cards) of each pile part still in a first deck of `deck_size` cards holding
    `void_cards` Void cards: untouched piles three each, the pile being drawn the rest."""
    parts = [(start, min(end, deck_size)) for start, end in bounds if start < deck_size]
    # three in each pile; then the top one (being drawn) takes what is left over or gives up what is missing,
    # within its size, then the pile under it, and so on. Cards missing are those a world's hidden hands hold
    # (co-op); so every count stays possible.
    counts = [VOID_CARDS_PER_PILE] * len(parts)
    surplus = void_cards - sum(counts)
    for i in reversed(range(len(parts))):
        room = (parts[i][1] - parts[i][0]) - counts[i]
        add = max(-counts[i], min(surplus, room))
        counts[i] += add
        surplus -= add
    return [(start, end, c) for (start, end), c in zip(parts, counts)]


def lay_out_piles(state: GameState, rng: Rng) -> None:
    """Put the (already redrawn) first deck's Void cards where S2's piles allow; the other cards stay in their
    pile (shuffled with its Void cards), so the piles keep their sizes and the deck its biome cards."""
    if state.deck_exhaustions or not state.deck or data(state).corruptions:
        return
    deck = state.deck
    others = [card for card in deck if card is not Biome.VOID]
    void_cards = len(deck) - len(others)
    laid: list[Biome] = []
    for start, end, count in void_per_pile(len(deck), void_cards, pile_bounds(state.n_players)):
        part = others[:end - start - count] + [Biome.VOID] * count
        del others[:end - start - count]
        rng.shuffle(part)
        laid.extend(part)
    laid.extend(others)   # nothing is left unless the counts could not be met; keep every card
    state.deck = laid
