"""Which card to draw against the Void: plan the next turn's hand, not the card alone.

Why: the strongest move against the Void is a Place that uses all three cards (`X` plus a wild pair
`YY`, two pieces): the hand is then empty and the Void action does not take place (S4; the
rulebook's move example says so). Every Void action the player cannot avoid gives the Void a piece,
and the Void's 29 pieces are the game's clock (S10). So a draw is judged by the best hand it can
still lead to this refill — every way to finish the hand from the display cards still there and
the deck top, the deck top weighed by what the seat cannot see — and by what taking a display card
costs: the refill turns a card face up, and a Void card turned up infects at once (S3), a Corruption
when the count reaches four (S6). A Void card in the hand is a dead card (S3: it never pays) that
must one day go above the display.

Everything here reads only what the seat may see: its hand, the display, the board, the public
counts of Void cards above and beside the board, and the deck's size.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import chain, combinations

from iwari_desktop.engine.core.biomes import BASE_DECK_COUNTS, VOID_CARD_COUNT, Biome
from iwari_desktop.engine.bots.solo_eval import strike_losses
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.rulesets.solo.data import CORRUPTION_AT, data

PLAY_ALL = 10.0      # a hand that can play all three cards: two pieces and no Void action
PLAY_PAIR = 6.0      # XX: two pieces, one card left for the Void
PLAY_ONE = 2.5       # one piece
DEAD_VOID = 4.0      # each Void card in the hand
REVEAL = 2.0         # a display card taken: a card turned up, maybe a Void card (an Infection)
REVEAL_CORRUPT = 6.0  # ... when that Void card would set off a Corruption


def _room(state: GameState, territory: int) -> tuple[bool, bool]:
    """(one piece fits, two pieces fit) in an open territory for the players' side (B8-B10, roughly)."""
    claims = data(state).claims
    if territory in claims:
        return False, False
    empty = state.territory_empty[territory]
    explored = state.is_explored(territory)
    if not explored:
        return empty > 0, False
    t = state.board.territories[territory]
    totem_room = t.totem_space is not None and len(state.totem_stacks[territory]) < state.totem_cap(territory) + 1
    return empty > 0 or totem_room, empty >= 2 or (empty >= 1 and totem_room)


def hand_score(state: GameState, hand: list[Biome], rooms: dict[Biome, tuple[bool, bool]]) -> float:
    """How good a full hand is for the next player action (see the module docstring)."""
    return _hand_value(tuple(sorted(hand)), tuple(rooms.items()))


@lru_cache(maxsize=65_536)
def _hand_value(hand: tuple[Biome, ...], room_items: tuple[tuple[Biome, tuple[bool, bool]], ...]) -> float:
    """`hand_score` of a sorted hand (the order of its cards does not matter): cached, since the draw planner
    asks it hundreds of times a decision for a handful of hands, and the Expert plans thousands of draws."""
    rooms = dict(room_items)
    cards = [c for c in hand if c is not Biome.VOID]
    dead = len(hand) - len(cards)
    counts = Counter(cards)
    pair = any(n >= 2 for n in counts.values())
    best = 0.0
    for biome, (one, two) in rooms.items():
        have = counts.get(biome, 0)
        if not have:
            continue
        rest = list(cards)
        rest.remove(biome)
        if two and len(rest) == 2 and rest[0] == rest[1]:
            best = max(best, PLAY_ALL)          # X + YY: every card played
        elif two and have >= 2:
            best = max(best, PLAY_PAIR)
        elif one:
            best = max(best, PLAY_ONE)
    if pair and best < PLAY_ONE and any(one for one, _ in rooms.values()):
        best = PLAY_ONE      # a pair is wild for one piece anywhere
    return best - DEAD_VOID * dead


def biome_rooms(state: GameState) -> dict[Biome, tuple[bool, bool]]:
    """Per biome: (one piece fits, two pieces fit) somewhere in its open territories (`hand_score`'s rooms)."""
    rooms: dict[Biome, tuple[bool, bool]] = {}
    for biome, territories in state.board.territories_by_biome.items():
        one = two = False
        for t in territories:
            a, b = _room(state, t)
            one, two = one or a, two or b
        rooms[biome] = (one, two)
    return rooms


def _deck_odds(state: GameState, seat: int) -> dict[Biome, float]:
    """What the deck top may be, by the cards the seat has not seen (own hand, display, discard, Void piles)."""
    d = data(state)
    seen = Counter(chain(state.display, state.discard, state.hands[seat], state.removed))   # one count, not four added
    totals = dict(BASE_DECK_COUNTS)
    totals[Biome.VOID] = VOID_CARD_COUNT
    unseen = {b: max(0, n - seen.get(b, 0)) for b, n in totals.items()}
    unseen[Biome.VOID] = max(0, unseen[Biome.VOID] - d.above - d.beside)
    total = sum(unseen.values())
    if total <= 0:
        return {b: 1.0 / len(unseen) for b in unseen}
    return {b: n / total for b, n in unseen.items() if n}


def draw_score(state: GameState, seat: int, card: Biome | None) -> float:
    """The value of drawing `card` (None: the deck top) now, planning the rest of this refill."""
    hand = list(state.hands[seat])
    need = 3 - len(hand)
    if need <= 0:
        return 0.0
    rooms = biome_rooms(state)
    odds = _deck_odds(state, seat)
    d = data(state)
    pressure = d.above + state.display.count(Biome.VOID)
    display = list(state.display)
    if card is not None:
        display.remove(card)
    losses = strike_losses(state)
    odds_items = tuple(odds.items())
    room_items = tuple(rooms.items())
    first = [] if card is None else [card]
    rest = need - 1
    best = None
    for k in range(min(rest, len(display)) + 1):
        for taken in set(combinations(sorted(display), k)):
            deck_draws = rest - k + (card is None)
            shown = list(first) + list(taken)
            value = _expected(tuple(sorted(hand + shown)), deck_draws, odds_items, room_items)
            took_void = shown.count(Biome.VOID)
            after = pressure - took_void
            for _ in range(len(shown) - took_void):
                p_void = odds.get(Biome.VOID, 0.0)
                value -= p_void * (REVEAL_CORRUPT * (1 + 2 * losses) if after + 1 >= CORRUPTION_AT else REVEAL)
            if after < pressure:
                value += 1.5 * (pressure - after) * (pressure >= CORRUPTION_AT - 1)
            if best is None or value > best:
                best = value
    return best if best is not None else 0.0


@lru_cache(maxsize=16_384)
def _expected(hand: tuple[Biome, ...], deck_draws: int, odds: tuple[tuple[Biome, float], ...],
              room_items: tuple[tuple[Biome, tuple[bool, bool]], ...]) -> float:
    """The mean `hand_score` of the sorted `hand` after `deck_draws` more cards from the deck (`odds`).

    Cached on its arguments: a draw decision asks the same few hands many times over (each way to finish
    the hand), and the Expert plans thousands of draws a turn; the sum runs in the odds' order as before."""
    if deck_draws <= 0:
        return _hand_value(hand, room_items)
    return sum(p * _expected(tuple(sorted(hand + (b,))), deck_draws - 1, odds, room_items) for b, p in odds)
