"""A quiet look-ahead copy (data.VoidData.quiet, issue #32): the bots' play-outs and the forecast's rehearsals
write no Void sentences, and nothing else about the game changes."""

from __future__ import annotations

from dataclasses import fields, replace

from iwari_desktop.engine import GameConfig, apply, legal_actions, new_game
from iwari_desktop.engine.bots.random_bot import RandomBot
from iwari_desktop.engine.bots.solo import SoloBot
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.rulesets.solo.counting import SILENT
from iwari_desktop.engine.rulesets.solo.data import data, hush


def _without_words(state):
    """The module's data but its words and records (the log, the events: compared apart), which a quiet copy drops."""
    d = data(state)
    kept = {f.name: getattr(d, f.name) for f in fields(d) if f.name not in ("log", "events", "outcome")}
    outcome = d.outcome
    if outcome is not None:   # the end's counts: their sentences left out too
        outcome = replace(outcome, territories=tuple(replace(t, why=SILENT if t.side else t.why)
                                                     for t in outcome.territories))
    return kept, outcome, d.events.total


def test_a_quiet_copy_plays_every_step_as_the_game_does_and_only_its_words_are_left_out():
    for mode, players, seed in ((GameMode.SOLO, 1, 3), (GameMode.COOP, 2, 4)):
        state = new_game(GameConfig.quick("glacial-mass", players, seed, mode=mode))
        bot = RandomBot(seed)
        copies = ends = 0
        while not state.is_terminal():
            if state.turn % 6 == 0 and data(state).decision is None:
                quiet = state.clone()
                hush(quiet)
                loud = state.clone()
                for _ in range(40):   # far enough to reach the end from the last turns
                    if loud.is_terminal():
                        break
                    action = RandomBot(copies).choose(loud, legal_actions(loud))
                    apply(loud, action)
                    apply(quiet, action)
                start = data(state).events.total
                assert _without_words(quiet) == _without_words(loud)
                assert quiet.space_owner == loud.space_owner and quiet.rng.state == loud.rng.state
                new = data(quiet).events.since(start)
                assert new == [replace(e, text=SILENT) for e in data(loud).events.since(start)]   # the same records
                assert [e for e in new if e.text != SILENT] == [] and any(e.text for e in data(loud).events.since(start))
                assert not data(state).quiet and data(quiet.clone()).quiet   # a clone of a quiet copy stays quiet
                ends += loud.is_terminal()
                copies += 1
            apply(state, bot.choose(state, legal_actions(state)))
        assert copies >= 5 and ends >= 1


def test_the_solo_bot_looks_ahead_quietly_and_leaves_the_game_its_words():
    state = new_game(GameConfig.quick("new-horizons", 1, 5, mode=GameMode.SOLO))
    bot = RandomBot(5)
    while len(data(state).log) < 5:   # a few Void steps said in the game itself
        apply(state, bot.choose(state, legal_actions(state)))
    bot = SoloBot(5)
    for _ in range(3):
        apply(state, bot.choose(state, legal_actions(state)))
    assert not data(state).quiet and data(state).log and all(str(s) for s in data(state).log)
    world = state.clone()
    options = legal_actions(world)
    after, _ = bot.followed_value(world, world.active_seat, options[0])
    assert data(after).quiet and not data(world).quiet
