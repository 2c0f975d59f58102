"""Setup rulings B1–B4: supplies, deck per player count, mountains, deal, draft and first player."""

from __future__ import annotations

from collections import Counter

import pytest

from engine_fixtures import small_board
from engine_helpers import FULL_DECK, TOTAL_CARDS, all_cards, make_state

from iwari_desktop.engine import Draw, GameConfig, IllegalAction, Phase, apply, legal_actions, new_game
from iwari_desktop.engine.core.biomes import BASE_BIOMES, BASE_DECK_COUNTS, Biome
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.setup import build_deck

PLAYER_COUNTS = (2, 3, 4, 5)
REMOVED_PER_BIOME = {2: 2, 3: 2, 4: 1, 5: 0}
PEAK_GROUPS_OF_FIXTURE = {1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8)}
GROUPS_IN_PLAY = {5: (1,), 4: (1, 2), 3: (1, 2, 3), 2: (1, 2, 3, 4)}


# ---- B1 pieces ---------------------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_b1_every_tribe_starts_with_20_tents_and_8_totems(n):
    state = make_state(n)
    tribes = n + 1 if n == 2 else n  # B12: the third tribe has a full supply too
    assert len(state.tribes) == tribes
    assert state.tents_left == [20] * tribes
    assert state.totems_left == [8] * tribes
    assert all(owner == -1 for owner in state.space_owner)
    assert all(not stack for stack in state.totem_stacks)


def test_b1_tribe_colours_are_the_players_and_have_no_rules_effect():
    state = make_state(2)
    colours = [t.colour.value for t in state.tribes]
    assert colours[:2] == ["red", "green"]
    assert colours[2] not in colours[:2] and colours[2] != "purple"
    assert state.tribes[2].seat is None  # the third tribe belongs to nobody


# ---- B2 deck -----------------------------------------------------------------------------------

def test_b2_full_deck_is_57_cards_in_the_rulebook_mix():
    assert BASE_DECK_COUNTS == {Biome.TUNDRA: 13, Biome.FOREST: 12, Biome.GLACIERS: 11, Biome.COAST: 11,
                                Biome.DESERT: 10}
    assert sum(BASE_DECK_COUNTS.values()) == TOTAL_CARDS == 57


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_b2_deck_per_player_count_removes_cards_of_each_biome(n):
    deck, removed = build_deck(n)
    drop = REMOVED_PER_BIOME[n]
    assert Counter(removed) == Counter({b: drop for b in BASE_BIOMES if drop})
    assert Counter(deck) == Counter({b: BASE_DECK_COUNTS[b] - drop for b in BASE_BIOMES})
    state = make_state(n, seed=7)
    assert Counter(state.removed) == Counter(removed)
    in_play = Counter(state.deck) + Counter(state.display) + sum((Counter(h) for h in state.hands), Counter())
    assert in_play == Counter(deck)
    assert sum(in_play.values()) == 57 - 5 * drop
    assert all_cards(state) == FULL_DECK


def test_b2_removed_cards_stay_out_of_the_game_after_the_half_journey_reshuffle():
    state = make_state(2, seed=11)
    removed = Counter(state.removed)
    bot = RandomBot(3)
    while state.deck_exhaustions == 0:
        apply(state, bot.choose(state))
    assert Counter(state.removed) == removed == Counter({b: 2 for b in BASE_BIOMES})
    in_play = Counter(state.deck) + Counter(state.display) + Counter(state.discard)
    for hand in state.hands:
        in_play += Counter(hand)
    assert in_play == Counter({b: BASE_DECK_COUNTS[b] - 2 for b in BASE_BIOMES})


# ---- B3 mountains ------------------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_b3_mountains_cover_one_connection_of_each_group_in_play(n):
    for seed in range(12):
        state = make_state(n, seed=seed)
        assert len(state.mountains) == len(GROUPS_IN_PLAY[n])
        for group in GROUPS_IN_PLAY[n]:
            covered = [c for c in PEAK_GROUPS_OF_FIXTURE[group] if c in state.mountains]
            assert len(covered) == 1, (n, seed, group, state.mountains)
        out_of_play = {c for g, cs in PEAK_GROUPS_OF_FIXTURE.items() if g not in GROUPS_IN_PLAY[n] for c in cs}
        assert not out_of_play & set(state.mountains)
        assert 9 not in state.mountains  # no peak symbol, never covered


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_b3_mountains_are_seeded_and_both_connections_of_a_group_can_be_chosen(n):
    seen = {group: set() for group in GROUPS_IN_PLAY[n]}
    for seed in range(40):
        first = make_state(n, seed=seed).mountains
        assert make_state(n, seed=seed).mountains == first  # same seed, same mountains
        for group in GROUPS_IN_PLAY[n]:
            seen[group] |= set(first) & set(PEAK_GROUPS_OF_FIXTURE[group])
    for group in GROUPS_IN_PLAY[n]:
        assert seen[group] == set(PEAK_GROUPS_OF_FIXTURE[group]), f"group {group} is not chosen at random"


def test_b3_a_map_without_mountains_covers_nothing():
    for n in PLAYER_COUNTS:
        assert make_state(n, mountains=False).mountains == ()


# ---- B4 start ----------------------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_b4_standard_deal_three_cards_each_in_turn_order_then_display_of_four(n):
    seed, first = 21, n - 1
    state = make_state(n, seed=seed, first_player=first)
    deck, _ = build_deck(n)
    Rng(seed).shuffle(deck)               # the same shuffle new_game makes (first player given: no draw for it)
    top = list(reversed(deck))            # top of the deck first
    assert state.phase is Phase.MAIN and state.active_seat == first and state.first_seat == first
    assert all(len(h) == 3 for h in state.hands)
    dealt = sum((Counter(h) for h in state.hands), Counter())
    assert dealt == Counter(top[:3 * n])                     # hands come off the top first
    assert top[0] in state.hands[first]                       # the first player draws first
    assert sorted(state.display) == sorted(top[3 * n:3 * n + 4])  # then 4 cards are turned up
    assert len(state.display) == 4
    assert list(reversed(state.deck)) == top[3 * n + 4:]
    assert Counter(state.hands[first]) == Counter(top[:3])


def test_b4_draft_starts_with_the_display_and_the_last_player():
    state = make_state(4, seed=5, draft=True, first_player=1)
    deck, _ = build_deck(4)
    Rng(5).shuffle(deck)
    assert state.phase is Phase.DRAFT
    assert state.hands == [[], [], [], []]
    assert sorted(state.display) == sorted(deck[-4:])  # the display is turned up before any hand
    assert state.active_seat == 0                       # the last player (before the first) drafts first


def test_b4_draft_order_goes_backwards_and_display_is_refilled_after_each_drafter():
    state = make_state(4, seed=9, draft=True, first_player=1)
    order = []
    while state.phase is Phase.DRAFT:
        seat = state.active_seat
        order.append(seat)
        # First card from the display, second from the display, third from the deck top.
        for k in range(3):
            assert state.active_seat == seat
            assert len(state.hands[seat]) == k
            display_before = list(state.display)
            if k < 2:
                card = display_before[0]
                apply(state, Draw(card))
                if k == 0:
                    assert len(state.display) == 3, "display refilled before the drafter's hand was complete"
                elif k == 1:
                    assert len(state.display) == 2
            else:
                apply(state, Draw(None))
        assert len(state.hands[seat]) == 3
        assert len(state.display) == 4, "display not refilled after the drafter's hand was complete"
    assert order == [0, 3, 2, 1]
    assert state.phase is Phase.MAIN and state.active_seat == 1
    assert all(len(h) == 3 for h in state.hands)
    assert all_cards(state) == FULL_DECK


def test_b4_drafting_takes_one_card_at_a_time_from_display_or_deck():
    state = make_state(3, seed=2, draft=True, first_player=0)
    options = legal_actions(state)
    assert Draw(None) in options
    assert {a.card for a in options if a.card is not None} == set(state.display)
    with pytest.raises(IllegalAction) as error:
        missing = next(b for b in BASE_BIOMES if b not in state.display)
        apply(state, Draw(missing))
    assert str(error.value).startswith("B5:")


def test_b4_first_player_can_be_chosen():
    for first in range(4):
        state = make_state(4, seed=3, first_player=first)
        assert state.first_seat == first and state.active_seat == first
        draft = make_state(4, seed=3, first_player=first, draft=True)
        assert draft.first_seat == first
        assert draft.active_seat == (first - 1) % 4


def test_b4_first_player_is_random_by_default_and_seeded():
    firsts = set()
    for seed in range(40):
        config = GameConfig.quick("small-test", 4, seed)
        a = new_game(config, small_board())
        b = new_game(config, small_board())
        assert a.first_seat == b.first_seat
        assert a.active_seat == a.first_seat
        firsts.add(a.first_seat)
    assert firsts == {0, 1, 2, 3}
