"""Property tests over whole random games on every bundled map, every player count it takes, every option.

For each map and player count, hypothesis draws the seeds, the base feats, the draft, expedition
cards (where the map allows them), Courage and a Worship variant the map takes; a random game is then
played to the end, and after every single action:

- cards are conserved (the deck the setup built, Void cards included, E7);
- pieces are conserved per tribe: tents on spaces + on contested tokens (E7) + in supply = 20, the
  neutral Void's ruins on the board + kept by the tribes that took them (E3) + in supply = 21,
  totems on the board + in supply = 8;
- the per-territory counts match the pieces, the totem cap holds (B9; the Void's centre stack of E5
  is the only stack without tents), a tent space holds at most one tent;
- scores never fall, there is always a legal action before the end, and the game ends.

Example counts are kept small (the suite runs on a shared 2-core machine); the spread comes from the
many map x player-count cases.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iwari_desktop.engine import BASE_FEATS, GameConfig, apply, get_board, legal_actions, new_game
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.state import EMPTY, GameState, TribeRole
from iwari_desktop.engine.maps.registry import bundled_map_ids

MAX_STEPS = 3000
CASES = [(m, n) for m in bundled_map_ids() for n in range(get_board(m).min_players, get_board(m).max_players + 1)]
SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63 - 1)
feat_sets = st.sets(st.sampled_from(sorted(BASE_FEATS, key=lambda f: f.value))).map(frozenset)


def _options(board, expeditions: bool, courage: bool, worship: int) -> dict:
    """The drawn options, made possible on this map (E7: no expedition cards on The Void; E10: variant 2
    only with contested tokens)."""
    contested = "contested" in board.rules
    options: dict = {}
    if expeditions and not contested:
        options["expeditions"] = True
    if courage:
        options["courage"] = True
    if worship == 2 and not contested:
        worship = 1
    if worship:
        options["worship"] = worship
    return options


def _cards(state: GameState) -> Counter:
    return Counter(state.deck + state.display + state.discard + state.removed + [c for h in state.hands for c in h])


def check(state: GameState, cards: Counter) -> None:
    """Every invariant of the module docstring. Runs after every action of ~200 games, so each count is made
    once per call in one pass (issue #32), and whole per-territory lists are compared at once."""
    assert _cards(state) == cards, "cards not conserved"
    board = state.board
    n_tribes = len(state.tribes)
    space_owner = state.space_owner
    assert len(space_owner) == len(board.spaces)   # one owner per space: at most one tent each
    assert set(space_owner) <= {EMPTY, *range(n_tribes)}, "a space owned by no tribe"
    tokens = [t for t in state.ext.get("contested", []) if t is not None]
    kept = state.ext["ruins"].kept if "ruins" in state.ext else [[] for _ in state.tribes]
    tents_on_spaces = Counter(space_owner)
    totems_on_board = Counter(chain.from_iterable(state.totem_stacks))
    for tribe in state.tribes:
        i = tribe.index
        on_spaces = tents_on_spaces[i]
        on_tokens = sum(1 for _, owner in tokens if owner == i)
        totems = totems_on_board[i]
        if tribe.role is TribeRole.VOID:
            assert on_spaces + sum(len(k) for k in kept) + state.tents_left[i] == 21, "Void ruins not conserved"
        else:
            assert on_spaces + on_tokens + state.tents_left[i] == 20, f"tents of {tribe.name} not conserved"
        assert totems + state.totems_left[i] == 8, f"totems of {tribe.name} not conserved"
    # the per-territory counts from the pieces: tents on the territory's spaces plus on its contested tokens
    n_territories = len(state.territory_tents)
    tents = [[0] * n_tribes for _ in range(n_territories)]
    empty = [0] * n_territories
    for territory in board.territories:
        t = territory.index
        row = tents[t]
        for space in territory.tent_spaces:
            owner = space_owner[space]
            if owner == EMPTY:
                empty[t] += 1
            else:
                row[owner] += 1
    for where, owner in tokens:
        tents[where][owner] += 1
    assert state.territory_empty == empty
    assert state.territory_tents == tents
    assert state.totem_counts == [[stack.count(i) for i in range(n_tribes)] for stack in state.totem_stacks]
    for territory in board.territories:
        t = territory.index
        if territory.biome is Biome.VOID and not territory.tent_spaces:
            assert set(state.totem_stacks[t]) <= {state.void_tribe}   # E5: the centre holds Void totems only
        else:
            assert len(state.totem_stacks[t]) <= max(state.territory_tents[t]), "totem cap exceeded (B9)"
    assert all(len(hand) <= 3 for hand in state.hands) and len(state.display) <= 4


@pytest.mark.parametrize("map_id, n", CASES, ids=[f"{m}-{n}" for m, n in CASES])
@SETTINGS
@given(seed=seeds, bot_seed=seeds, feats=feat_sets, draft=st.booleans(), expeditions=st.booleans(),
       courage=st.booleans(), worship=st.integers(0, 3))
def test_every_map_every_count_every_option_keeps_every_invariant(map_id, n, seed, bot_seed, feats, draft,
                                                                  expeditions, courage, worship):
    board = get_board(map_id)
    options = _options(board, expeditions, courage, worship)
    state = new_game(GameConfig.quick(map_id, n, seed, feats=feats, draft=draft, options=options), board)
    cards = _cards(state)
    bot = RandomBot(bot_seed)
    check(state, cards)
    scores = list(state.scores)
    steps = 0
    while not state.is_terminal():
        choices = legal_actions(state)
        assert choices, f"no legal action in phase {state.phase} before the end"
        apply(state, bot.choose(state, choices))
        steps += 1
        assert steps <= MAX_STEPS, "the game did not end"
        check(state, cards)
        assert all(now >= before for now, before in zip(state.scores, scores)), "a score decreased"
        scores = list(state.scores)
    assert steps > 50 and legal_actions(state) == []
    assert state.result is not None and state.reports[-1].kind == "final"
    assert list(state.result.totals) == state.scores
    if state.end_reason == "journey":
        assert len(set(state.turns_taken)) == 1, f"unequal turns {state.turns_taken}"   # B14
    assert set(board.rules) <= {m.key for m in state.modules}, "a map rule is not played"
