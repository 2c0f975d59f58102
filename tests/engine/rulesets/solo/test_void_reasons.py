"""The Void's step sentences as players read them (S4, S5, P55): no internal space ids on screen, a ruin's
reason that is true of the board, and a Void action skipped for want of cards recorded so the screens can
say so (issue #19 items 3 and 4).

The module's *logged* sentences keep their frozen wording (the save digest covers them, ids included, for
debugging); what is checked here is each `VoidEvent`'s text, the sentence the screens show.
"""

from __future__ import annotations

import random
import re

from engine_helpers import give_hand, put_tent
from solo_helpers import solo_state, vd, void

from iwari_desktop.engine import Biome, Game, GameConfig, Phase, Place, PlaceTent, apply, legal_actions
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.rulesets.solo import events as ev
from iwari_desktop.engine.rulesets.solo.infection import nearest_ruin
from iwari_desktop.engine.rulesets.solo.steps import put_ruin

SPACE_ID = re.compile(r"\b[st]\d+\b")   # "s75", "t3": the ids of saves and logs
DESERT, FOREST = Biome.DESERT, Biome.FOREST
T_DESERT, T_FOREST, T_COAST = 0, 2, 4


def played_events(seed: int, map_id: str = "new-horizons", actions: int = 400) -> list[tuple[ev.VoidEvent, object]]:
    """Each Void event of a seeded random solo game with the state right after the action that recorded it."""
    game = Game.new(GameConfig.quick(map_id, 1, seed, mode=GameMode.SOLO))
    rng = random.Random(seed)
    out = []
    for _ in range(actions):
        if game.is_over():
            break
        total = vd(game.state).events.total
        game.play(rng.choice(game.legal_actions()))
        out += [(e, game.state) for e in vd(game.state).events.since(total)]
    return out


def test_s5_no_void_step_sentence_shows_a_space_or_territory_id():
    texts = [str(e.text) for seed in (3, 5, 8) for e, _state in played_events(seed)]
    assert any("ruin" in t for t in texts)   # the games did put ruins down
    assert [t for t in texts if SPACE_ID.search(t)] == []


def test_s5_the_logged_ruin_sentence_keeps_its_id_for_debugging_but_the_shown_one_names_a_real_ruin():
    state = solo_state()
    put_tent(state, void(state), 12)   # a ruin in Forest (t2, spaces 12-15 in a chain)
    put_ruin(state, T_FOREST, 13)      # the next one, one road step from it
    event = vd(state).events.items[-1]
    forest = state.board.territories[T_FOREST].name
    assert vd(state).log[-1].endswith("(s13).")
    assert str(event.text) == (f"{forest}: no room for a totem, so a ruin goes on the empty space nearest by road "
                               f"to a ruin in {forest} (1 step away).")


def test_s5_a_ruin_said_to_be_nearest_a_ruin_in_a_territory_has_one_there():
    """The issue's "closest to a ruin" said of a territory holding none: the territory the sentence names
    holds a Void ruin other than the new one, as many road steps away as it says."""
    checked = 0
    for seed in (3, 5, 8, 13):
        for event, state in played_events(seed):
            if event.kind != ev.RUIN:
                continue
            params = event.text.params
            assert "space" not in params
            if "where" not in params:
                continue
            names = {t.name: t.index for t in state.board.territories}
            where = names[params["where"]]
            others = [s for s in state.board.territories[where].tent_spaces
                      if state.space_owner[s] == state.void_tribe and s != event.space]
            assert others, f"{event.text!r}: no other ruin in {params['where']}"
            checked += 1
    assert checked >= 5


def test_s5_nearest_ruin_counts_road_steps_and_prefers_the_spaces_own_territory():
    state = solo_state()
    assert nearest_ruin(state, 13) is None         # no ruin on the board: none reaches it
    put_tent(state, void(state), 15)
    assert nearest_ruin(state, 13) == (2, 15)      # Forest's chain 12-13-14-15
    put_tent(state, void(state), 14)
    assert nearest_ruin(state, 13) == (1, 14)


def test_s5_a_ruin_on_the_last_empty_space_or_unreached_says_so():
    state = solo_state()
    put_ruin(state, T_COAST, 20)                   # no ruin anywhere yet
    assert "any of its spaces will do" in str(vd(state).events.items[-1].text)
    put_tent(state, 0, 21)
    put_tent(state, 0, 22)
    put_ruin(state, T_COAST, 23)
    ruin = next(e for e in reversed(vd(state).events.items) if e.kind == ev.RUIN)
    assert "its last empty space" in str(ruin.text)


def test_s4_a_void_action_skipped_for_an_empty_hand_is_recorded():
    state = solo_state()
    put_tent(state, 0, 0)                # Desert explored: three Desert cards pay for two pieces there
    give_hand(state, 0, [DESERT, DESERT, DESERT])
    apply(state, Place(T_DESERT, (DESERT, DESERT, DESERT), 2))
    total = vd(state).events.total
    log = list(vd(state).log)
    while state.phase is Phase.PIECES:
        apply(state, next(a for a in legal_actions(state) if isinstance(a, PlaceTent)))
    assert state.phase is Phase.DRAW and state.hands[0] == []
    kinds = [e.kind for e in vd(state).events.since(total)]
    assert kinds == [ev.NO_CARD_LEFT]
    assert "skipped" in str(vd(state).events.items[-1].text)
    assert list(vd(state).log) == log   # an event only: the logged sentences (and the save digest) are unchanged


def test_p55_a_void_action_with_nothing_possible_is_recorded():
    state = solo_state()
    put_tent(state, 0, 0)
    give_hand(state, 0, [DESERT, DESERT, FOREST])
    state.tents_left[void(state)] = 0     # the Void has no ruin and no totem left: no Place for it
    state.totems_left[void(state)] = 0
    apply(state, Place(T_DESERT, (DESERT, DESERT), 2))
    total = vd(state).events.total
    while state.phase is Phase.PIECES:
        apply(state, next(a for a in legal_actions(state) if isinstance(a, PlaceTent)))
    assert state.hands[0] == [FOREST] and state.phase is Phase.DRAW
    assert [e.kind for e in vd(state).events.since(total)] == [ev.NOTHING_POSSIBLE]
