"""seat_view: a client that decodes its snapshot sees exactly what the host's observation of its seat shows.

Why this property: the client draws and computes legal actions on the masked state with the same engine
and scenes as pass-and-play; if its observation equals the host's, every screen agrees with the host, and
the acting seat offers exactly the moves the host will accept.
"""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from iwari_desktop.engine.core.actions import Draw
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.observation import observe
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.rulesets.expeditions import CARDS_REVEALED, ExpeditionData
from iwari_desktop.engine.rulesets.ruins import RuinData
from iwari_desktop.engine.rulesets.solo.data import Claim, Placing, VoidData
from iwari_desktop.engine.rulesets.worship import WorshipData
from iwari_desktop.net.state_codec import EXT_TYPES
from iwari_desktop.net.seat_view import client_state, mask_state, public_log_entry, seat_snapshot
from net_games import QUICK, every_case, states_along


def _check_seats(state) -> None:
    for seat in range(state.n_players):
        raw = msgspec.json.encode(seat_snapshot(state, seat))
        client = client_state(msgspec.json.decode(raw))
        assert observe(client, seat) == observe(state, seat)
        if seat == state.current_player():
            assert legal_actions(client) == legal_actions(state)


@pytest.mark.parametrize("case", every_case())   # QUICK quick, the other modes marked slow
def test_every_seat_observes_on_its_client_what_the_host_observes_in_every_mode(case):
    for state in states_along(case, every=2):
        _check_seats(state)


def test_mask_keeps_the_seats_hand_and_hides_the_others_sorted():
    state = new_game(GameConfig.quick("new-horizons", 4, 99))
    masked = mask_state(state, 2)
    assert masked.hands[2] == state.hands[2]
    assert masked.rng.state == 0 and masked.config.seed == 0
    pool = sorted(masked.hands[0] + masked.hands[1] + masked.hands[3] + masked.deck)
    assert masked.hands[0] + masked.hands[1] + masked.hands[3] + masked.deck == pool, "dealt from the sorted pool"
    assert sorted(state.hands[0] + state.hands[1] + state.hands[3] + state.deck) == pool
    assert masked.removed == state.removed and masked.display == state.display


def test_a_card_everyone_saw_taken_stays_in_that_hand():
    state = new_game(GameConfig.quick("new-horizons", 3, 4))
    state.known_cards[1] = [state.hands[1][-1]]
    masked = mask_state(state, 0)
    assert state.hands[1][-1] in masked.hands[1]


def _coop(open_hands: bool):
    options = {"open_hands": True} if open_hands else {}
    return new_game(GameConfig.quick("glacial-mass", 2, 31, mode=GameMode.COOP, options=options))


def test_s12_closed_hands_the_partners_hand_is_not_sent():
    state = _coop(open_hands=False)
    masked = mask_state(state, 0)
    assert masked.hands[0] == state.hands[0]
    assert sorted(masked.hands[1] + masked.deck) == sorted(state.hands[1] + state.deck)
    assert masked.hands[1] == sorted(masked.hands[1] + masked.deck)[:len(state.hands[1])]


def test_s12_open_hands_the_partners_hand_is_sent_as_it_is():
    state = _coop(open_hands=True)
    for seat in (0, 1):
        masked = mask_state(state, seat)
        assert masked.hands == state.hands
        assert observe(client_state(seat_snapshot(state, seat)), seat) == observe(state, seat)


def test_the_log_entry_of_a_deck_draw_names_no_card():
    assert public_log_entry(Draw(None)) == "draw deck"
    assert public_log_entry(Draw(Biome.COAST)) == "draw coast"


def test_no_log_entry_along_games_names_a_card_drawn_from_the_deck():
    """Every action of games of every mode: an entry that revealed a hidden card is exactly "draw deck"."""
    import random

    from iwari_desktop.engine.core.rules import apply

    draws = 0
    for case in QUICK:
        state = new_game(case.config())
        chooser = random.Random(3)
        while not state.is_terminal():
            action = chooser.choice(legal_actions(state))
            entry = public_log_entry(action)
            assert entry == str(action) and "\n" not in entry
            if action.reveals_hidden:
                assert entry == "draw deck"
                draws += 1
            apply(state, action)
    assert draws > 0


# Module data is sent as it is (the solo piles, the one hidden part, live in the deck and are laid out by
# `redraw_hidden`). Each field below was reviewed as public — on the board, announced, or in the module's
# `public_view` — so a new field fails here until someone decides whether a seat may see it.
REVIEWED_PUBLIC_FIELDS = {
    # the pawn, Void cards above/beside, counts, claims (on the board), the queued Void steps and pending
    # decision (announced by the rules), the Place under way, S8 marks, cards paid openly, the outcome and log
    VoidData: {"pawn", "above", "beside", "corruptions", "infections", "claims", "steps", "decision", "placing",
               "action_done", "marked", "discard_mark", "moved", "moving", "paid", "outcome", "log", "events"},
    Claim: {"side", "player_tents", "void_tents", "player_totems", "void_totems", "virtual", "when", "turn"},
    Placing: {"tribe", "territory", "pieces_left", "explored_at_start", "biomes", "void_cards"},
    WorshipData: {"variant", "golden", "counts", "winner", "outcome", "target"},   # golden tokens lie on the board
    RuinData: {"kept"},                                                            # kept ruins are on the board
    ExpeditionData: {"cards", "claims"},      # only the three REVEALED cards; the others are never kept
}


def test_module_data_holds_only_fields_reviewed_as_public():
    for cls, public in REVIEWED_PUBLIC_FIELDS.items():
        assert {f.name for f in dataclasses.fields(cls)} == public, cls.__name__
    assert set(EXT_TYPES) == {"vs-void", "worship", "ruins", "expeditions", "contested", "courage",
                              "determination", "void-totems"}


def test_expedition_data_keeps_only_the_revealed_cards():
    state = new_game(GameConfig.quick("vast-lands", 4, 8, options={"expeditions": True}))
    data = state.ext["expeditions"]
    assert len(data.cards) == CARDS_REVEALED
    assert [v["number"] for v in observe(state, 1).module_view("expeditions")] == data.cards


def test_b2_the_removed_cards_follow_from_the_player_count_so_they_are_sent():
    """The removed cards are not masked: every seed of a setup removes the same cards, and play never
    changes them, so a seat knows them anyway (bots count them as seen, bots/solo_draw.py)."""
    for players in (2, 3, 4, 5):
        removed = {tuple(new_game(GameConfig.quick("long-road", players, seed)).removed) for seed in range(4)}
        assert len(removed) == 1
    state = new_game(GameConfig.quick("new-horizons", 3, 2))
    assert mask_state(state, 1).removed == state.removed


def test_s2_the_masked_first_deck_keeps_three_void_cards_in_each_untouched_pile():
    """The fill lays the Void cards out as S2's piles allow (the solo module's redraw_hidden): sorting alone
    would put all twelve at the bottom, a deck no seat could believe in."""
    from iwari_desktop.engine.rulesets.solo.piles import VOID_CARDS_PER_PILE, pile_bounds

    state = new_game(GameConfig.quick("new-horizons", 1, 12, mode=GameMode.SOLO))
    masked = mask_state(state, 0)
    assert sorted(masked.deck) == sorted(state.deck)
    for start, end in pile_bounds(1):
        assert masked.deck[start:end].count(Biome.VOID) == VOID_CARDS_PER_PILE
    assert mask_state(state, 0).deck == masked.deck, "the same fill every time"
