"""The Void's forecast (rulesets/solo/forecast.py, standing.py) checked against what the engine then does.

Two halves: seeded bot games on six maps, solo and co-op, with and without P56's fixed tie rule, in
which every forecast that a strike settles is compared with that strike (tests/support/forecast_helpers.py
says how), and ruling by ruling positions on the fixture board (tests/support/solo_helpers.py describes it).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine_helpers import give_hand, put_tent, put_tents, put_totem, set_display
from forecast_helpers import Tally, check_game, vs_void_game
from solo_helpers import VOID_CARD, solo_state, vd, void

from iwari_desktop.engine import Biome, Exchange, GameConfig, apply, legal_actions, new_game
from iwari_desktop.engine.bots.random_bot import RandomBot
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import Phase
from iwari_desktop.engine.rulesets.solo.actions import VoidChoice, VoidPlay
from iwari_desktop.engine.rulesets.solo.counting import count
from iwari_desktop.engine.rulesets.solo.data import Claim
from iwari_desktop.engine.rulesets.solo.forecast import (
    NoForecast, StrikeKind, forecast, preview_void_cards, preview_void_play,
)
from iwari_desktop.engine.rulesets.solo.standing import VerdictReason, claim_verdict, sentence, standing, verdict

DESERT, COAST = Biome.DESERT, Biome.COAST
T_DESERT, T_TUNDRA, T_FOREST, T_GLACIERS, T_COAST, T_TUNDRA2 = range(6)
MAPS = ["new-horizons", "glacial-mass", "long-road", "uncharted-paths", "floating-lands", "forgotten-island"]


# ---- every forecast against the engine, in bot games ---------------------------------------------

@pytest.mark.parametrize("map_id", MAPS)
def test_forecasts_match_the_strikes_the_engine_plays(map_id):
    """Random-bot games played to the natural end (K=10), solo and co-op, with and without P56."""
    tally = Tally()
    for seed in (21, 22):
        for coop in (False, True):
            for auto in (True, False):
                tally.add(check_game(map_id, coop, seed, auto, k=10))
    assert tally.strikes >= 20 and tally.previews >= 20, tally
    assert tally.choices >= 1, tally   # the player's choices inside strikes were offered as forecast


@pytest.mark.parametrize("map_id, coop", [("glacial-mass", False), ("long-road", True)])
def test_forecasts_match_in_games_of_the_solo_bot(map_id, coop):
    """Positions a sensible player reaches (the `solo` level), not only random ones."""
    tally = check_game(map_id, coop, 5, False, bot="solo", k=10)
    assert tally.strikes >= 5 and tally.previews >= 10, tally


def test_p21_the_other_order_is_forecast_where_it_changes_anything():
    tally = Tally()
    for map_id in ("glacial-mass", "forgotten-island"):
        for seed in (31, 32, 33):
            tally.add(check_game(map_id, False, seed, False, k=10, previews=False))
    assert tally.alternatives >= 1, tally   # strikes played in the other order, checked against `alternative`


# ---- S5 the Infection ------------------------------------------------------------------------------

def _s5_example():
    state = solo_state()
    put_tents(state, 0, [20, 21])                       # Coast: 2 player tents, 2 totems: the cap is full
    put_totem(state, 0, T_COAST, 2)
    put_tents(state, 0, [16, 17])                       # Glaciers: majority 2, 1 totem: room for a Void totem
    put_totem(state, 0, T_GLACIERS)
    put_tent(state, void(state), 18)
    vd(state).pawn = 4                                  # Glaciers-Coast
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    apply(state, Exchange(DESERT))
    return state


def test_s5_forecast_lights_the_pawns_territories_with_a_totem_where_the_cap_allows_else_a_ruin():
    state = _s5_example()
    fc = forecast(state)
    assert fc.connection == 4 and fc.lit == (T_GLACIERS, T_COAST) and not fc.next_is_corruption
    infection = fc.infection
    assert infection.hit(T_GLACIERS).piece == "totem" and infection.hit(T_GLACIERS).on == T_GLACIERS
    coast = infection.hit(T_COAST)
    assert coast.piece == "ruin" and coast.space == 22 and coast.choices == (22, 23)   # no road from a ruin: free
    assert infection.order_choice and infection.pawn_after == 5 and infection.counts == ()
    apply(state, VoidPlay(None, (), 0, 1))
    apply(state, VoidChoice(T_GLACIERS, False))
    assert vd(state).decision == ["space", T_COAST, 22, 23]
    apply(state, VoidChoice(22, True))
    assert state.space_owner[22] == void(state) and state.totem_counts[T_GLACIERS][void(state)] == 1
    assert vd(state).pawn == 5


def test_s5_forecast_passes_a_connection_of_two_counted_territories():
    state = solo_state()
    for t in (T_DESERT, T_TUNDRA):                      # connection 1 settled: the pawn passes on to 2
        vd(state).claims[t] = Claim("void", 0, 0, 0, 0, None, "end", 1)
    fc = forecast(state)
    assert fc.connection == 2 and fc.infection.targets == (T_FOREST,)
    assert [h.territory for h in fc.infection.hits] == [T_FOREST]


def test_p56_with_the_fixed_tie_rule_the_forecast_offers_no_choices():
    state = solo_state(auto_void_ties=True)
    vd(state).pawn = 7                                  # Desert-Forest, both empty: every space is closest
    fc = forecast(state)
    assert not fc.infection.order_choice and fc.infection.alternative is None
    assert [(h.territory, h.space, h.choices) for h in fc.infection.hits] == [(T_DESERT, 0, ()), (T_FOREST, 12, ())]


def test_p21_order_changes_which_territory_gets_the_voids_last_totem():
    state = solo_state()
    put_tents(state, 0, [16, 17]); put_tents(state, 0, [20, 21])   # room for a Void totem in both
    state.totems_left[void(state)] = 1
    vd(state).pawn = 4
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    apply(state, Exchange(DESERT))
    infection = forecast(state).infection
    assert [(h.territory, h.piece) for h in infection.hits] == [(T_GLACIERS, "totem"), (T_COAST, "ruin")]
    other = infection.alternative
    assert other is not None and other.targets == (T_COAST, T_GLACIERS)
    assert [(h.territory, h.piece) for h in other.hits] == [(T_COAST, "totem"), (T_GLACIERS, "ruin")]
    apply(state, VoidPlay(None, (), 0, 1))
    apply(state, VoidChoice(T_COAST, False))             # the player takes the other order
    assert state.totem_counts[T_COAST][void(state)] == 1
    ruin = other.hit(T_GLACIERS)
    assert vd(state).decision == ["space", T_GLACIERS, *ruin.choices] and ruin.choices == (18, 19)
    apply(state, VoidChoice(ruin.space, True))
    assert state.space_owner[ruin.space] == void(state) and state.totems_left[void(state)] == 0


# ---- S6 / S7 the Corruption and the counts -----------------------------------------------------------

def test_s6_s7_corruption_forecast_counts_both_and_a_tie_goes_to_the_void():
    state = solo_state(auto_void_ties=True)
    me, it = 0, void(state)
    for tribe, space in ((me, 20), (me, 21), (me, 16), (it, 18)):   # Coast 2-0, Glaciers 1-1
        put_tent(state, tribe, space)
    put_totem(state, me, T_COAST, 2)                    # Coast: the player holds it, its cap is full
    put_totem(state, me, T_GLACIERS)                    # Glaciers: cap 1 full as well
    vd(state).pawn = 4
    set_display(state, [DESERT, VOID_CARD, VOID_CARD, VOID_CARD])
    give_hand(state, me, [DESERT, DESERT, VOID_CARD])
    apply(state, Exchange(DESERT))
    fc = forecast(state)
    assert fc.toward == 3 and fc.missing == 1 and fc.next_is_corruption and fc.next is fc.corruption
    counts = {c.territory: c for c in fc.corruption.corruption_counts}
    assert counts[T_COAST].side == "players" and counts[T_COAST].reason is VerdictReason.PLAYERS_MORE_TOTEMS
    # Glaciers: the cap (1) is full, so a ruin, next to the ruin on s18: 2 ruins against 1 tent give the
    # Void the virtual totem, 1 totem each: a tie, the Void's
    assert (fc.corruption.hit(T_GLACIERS).piece, fc.corruption.hit(T_GLACIERS).space) == ("ruin", 17)
    assert counts[T_GLACIERS].side == "void" and counts[T_GLACIERS].reason is VerdictReason.TIE
    assert (counts[T_GLACIERS].ruins, counts[T_GLACIERS].virtual) == (2, "void") and fc.corruption.beside_after == 1
    preview = preview_void_cards(state, 1)
    assert preview.toward_after == 4 and preview.strike == fc.corruption
    apply(state, VoidPlay(None, (), 0, 1))
    assert {t: claim_verdict(t, vd(state).claims[t]) for t in (T_COAST, T_GLACIERS)} == counts


def test_s6_laying_the_missing_cards_at_once_makes_the_corruption_of_the_forecast():
    state = solo_state(auto_void_ties=True)
    set_display(state, [VOID_CARD, DESERT, DESERT, DESERT])
    give_hand(state, 0, [VOID_CARD, VOID_CARD, VOID_CARD])
    vd(state).pawn = 3
    apply(state, legal_actions(state)[0])               # a hand of Void cards only skips the action (P20)
    assert vd(state).decision[0] == "action"
    fc = forecast(state)
    assert fc.missing == 3 and not fc.next_is_corruption
    one, three = preview_void_cards(state, 1), preview_void_cards(state, 3)
    assert one.strike == fc.infection and one.strike.kind is StrikeKind.INFECTION
    assert three.toward_after == 4 and three.strike == fc.corruption
    assert {c.territory for c in three.strike.corruption_counts} == {T_FOREST, T_GLACIERS}
    apply(state, VoidPlay(None, (), 0, 3))
    assert {t for t, c in vd(state).claims.items() if c.when == "corruption"} == {T_FOREST, T_GLACIERS}


def test_s7_verdicts_say_why_and_the_tallies_add_up():
    state = solo_state()
    put_tents(state, 0, [16, 17]); put_tent(state, void(state), 18)      # Glaciers: virtual totem to the player
    put_totem(state, 0, T_GLACIERS); put_totem(state, void(state), T_GLACIERS)
    put_tents(state, 0, [20]); put_tent(state, void(state), 21)          # Coast: 1-1, no totems: a tie
    vd(state).claims[T_TUNDRA2] = Claim("void", 0, 1, 0, 0, "void", "corruption", 3)
    vd(state).claims[T_FOREST] = Claim("players", 2, 0, 1, 0, "players", "filled", 4)
    glaciers = verdict(state, T_GLACIERS)
    assert (glaciers.side, glaciers.reason, glaciers.virtual, glaciers.margin) == (
        "players", VerdictReason.PLAYERS_MORE_TOTEMS, "players", 1)
    coast = verdict(state, T_COAST)
    assert (coast.side, coast.reason, coast.virtual, coast.margin) == ("void", VerdictReason.TIE, None, 0)
    desert = verdict(state, T_DESERT)
    assert (desert.side, desert.reason) == ("void", VerdictReason.EMPTY)   # an empty territory is the Void's
    assert verdict(state, T_FOREST).counted and verdict(state, T_FOREST).when == "filled"
    board = standing(state)
    assert (board.players, board.void, board.k, board.void_needs) == (1, 1, 3, 2)
    assert board.open == (T_DESERT, T_TUNDRA, T_GLACIERS, T_COAST)
    assert board.leaning_players == (T_GLACIERS,) and board.leaning_void == (T_DESERT, T_TUNDRA, T_COAST)
    assert sentence(state, coast).endswith("a tie, and the Void wins every tie")
    for t in board.open:                                # the verdict is what a count now decides
        trial = state.clone()
        assert claim_verdict(t, count(trial, t, "end")) == replace(verdict(state, t), counted=True, when="end")


def test_s7_open_verdicts_agree_with_counting_in_played_positions():
    checked = 0
    for map_id, coop in (("glacial-mass", False), ("uncharted-paths", True)):
        state = vs_void_game(map_id, coop, 41, True, k=10)
        bot = RandomBot(41)
        while not state.is_terminal():
            if vd(state).decision is None and state.phase is Phase.MAIN:
                for v in standing(state).verdicts:
                    if v.counted:
                        assert claim_verdict(v.territory, vd(state).claims[v.territory]) == v
                        continue
                    claim = count(state.clone(), v.territory, "end")
                    assert (claim.side, claim.player_tents, claim.void_tents, claim.player_totems,
                            claim.void_totems, claim.virtual) == (v.side, v.player_tents, v.ruins, v.player_totems,
                                                                  v.void_totems, v.virtual)
                    checked += 1
            apply(state, bot.choose(state, legal_actions(state)))
    assert checked >= 100


# ---- S10 / P27 the end -------------------------------------------------------------------------------

def test_s10_preview_of_the_corruption_that_lays_the_third_card_beside_the_board():
    state = solo_state(auto_void_ties=True)
    set_display(state, [VOID_CARD, COAST, VOID_CARD, VOID_CARD])   # 3 toward a Corruption, 2 cards beside
    vd(state).beside = 2
    give_hand(state, 0, [COAST, VOID_CARD, DESERT])
    apply(state, Exchange(COAST))
    assert forecast(state).next.end == "corruptions"
    preview = preview_void_cards(state, 1)
    strike = preview.strike
    assert strike.kind is StrikeKind.CORRUPTION and strike.beside_after == 3 and strike.end == "corruptions"
    assert {c.territory for c in strike.counts} == set(range(6))   # the end counts every territory
    apply(state, VoidPlay(None, (), 0, 1))
    assert state.end_reason == "corruptions" and vd(state).outcome.won == strike.won
    assert {t: claim_verdict(t, c) for t, c in vd(state).claims.items()} == {c.territory: c for c in strike.counts}


def test_p27_a_corruption_that_gives_the_void_k_territories_ends_the_game_at_once():
    state = solo_state(auto_void_ties=True, k=1)
    vd(state).above = 3
    vd(state).pawn = 1
    fc = forecast(state)
    strike = fc.corruption
    assert strike.end == "void-control" and strike.won is False
    assert len(strike.counts) == 1 and strike.counts[0].side == "void"   # lost at the first Void territory


# ---- the forecast only reads, and only what a player sees ------------------------------------------

def _positions(map_id, coop, seed, every=4):
    state = vs_void_game(map_id, coop, seed, False, k=10)
    bot = RandomBot(seed)
    i = 0
    while not state.is_terminal():
        decision = vd(state).decision
        if i % every == 0 and (decision is None or decision[0] not in ("order", "space", "bonus")):
            yield state
        apply(state, bot.choose(state, legal_actions(state)))
        i += 1


@pytest.mark.parametrize("map_id, coop", [("new-horizons", False), ("forgotten-island", True)])
def test_the_forecast_never_changes_the_state(map_id, coop):
    seen = 0
    for state in _positions(map_id, coop, 51):
        before = state.clone()
        forecast(state)
        if vd(state).decision and vd(state).decision[0] == "action":
            for play in [o for o in legal_actions(state) if isinstance(o, VoidPlay)][:4]:
                preview_void_play(state, play)
        assert state == before
        seen += 1
    assert seen >= 15


@pytest.mark.parametrize("map_id, coop", [("long-road", False), ("glacial-mass", True)])
def test_the_forecast_reads_no_hidden_card(map_id, coop):
    """The deck order, the RNG and (co-op) the partner's hand change nothing the forecast says."""
    seen = 0
    for state in _positions(map_id, coop, 61):
        twin = state.clone()
        Rng(seen + 99).shuffle(twin.deck)
        twin.rng = Rng(seen + 7)
        if coop:
            partner = 1 - twin.active_seat
            pool = twin.hands[partner] + twin.deck
            Rng(seen).shuffle(pool)
            n = len(twin.hands[partner])
            twin.hands[partner], twin.deck = pool[:n], pool[n:]
        assert forecast(twin) == forecast(state)
        if vd(state).decision and vd(state).decision[0] == "action":
            play = next(o for o in legal_actions(state) if isinstance(o, VoidPlay))
            assert preview_void_play(twin, play) == preview_void_play(state, play)
        seen += 1
    assert seen >= 15


def test_a_strike_under_way_is_looked_past_with_p56s_choices():
    state = _s5_example()
    apply(state, VoidPlay(None, (), 0, 1))
    assert vd(state).decision[0] == "order"
    during = forecast(state)
    assert during.settled and during.connection == 5
    apply(state, VoidChoice(T_GLACIERS, False))
    apply(state, VoidChoice(22, True))
    after = forecast(state)
    assert not after.settled
    assert (after.infection, after.corruption, after.standing) == (during.infection, during.corruption,
                                                                   during.standing)


# ---- refusals ----------------------------------------------------------------------------------------

def test_no_forecast_outside_a_running_game_against_the_void():
    with pytest.raises(NoForecast):
        forecast(new_game(GameConfig.quick("new-horizons", 3, 1)))
    state = solo_state(auto_void_ties=True, k=1)
    vd(state).above = 3
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(None, (), 0, 1))
    assert state.is_terminal()
    with pytest.raises(NoForecast):
        forecast(state)
    assert standing(state).void >= 1       # the tallies stay readable after the end


def test_s4_a_preview_needs_the_void_action_and_one_of_its_options():
    state = solo_state()
    with pytest.raises(ValueError, match="S4"):
        preview_void_cards(state, 1)                     # the player action comes first
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    apply(state, Exchange(DESERT))
    held = state.hands[0].count(VOID_CARD)
    with pytest.raises(ValueError, match="S4"):
        preview_void_cards(state, held + 1)              # more Void cards than the hand holds
    place = next(o for o in legal_actions(state) if isinstance(o, VoidPlay) and o.territory is not None
                 and o.void_cards == 1 and o.pieces == 1)
    preview = preview_void_play(state, place)
    assert preview.unplaced == 1 and preview.strike is not None   # its piece not chosen yet: the board as it is
