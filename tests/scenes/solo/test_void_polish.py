"""Polish of the solo screens. The Void's counters never read "n of m" with n past m (S6, S10 on screen), the
banner says what to do while the Void's pieces are placed, and the step records behind
the Void steps screen stay out of saves (they are rebuilt by replaying the log).

The overflow is a real one: New Horizons, seed 3, played to the end by the greedy bot, ends in the
middle of a Corruption set off by two Void cards laid onto three (5 toward a Corruption of 4); the
last counting gives the Void 6 territories where 3 lose. Before the fix the board said "Void cards:
5 of 4 toward a Corruption" and "The Void controls 6 — you lose at 3", the steps screen "(5 of 4
toward a Corruption)".
"""

from __future__ import annotations

import dataclasses

import re
from functools import lru_cache

from solo_helpers import play_to_the_end

from iwari_desktop.engine import Game
from iwari_desktop.engine.cli.vs_void import VS_VOID_BOTS, bot_seeds
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.files.saves import load_game, save_game, state_digest
from iwari_desktop.engine.rulesets.solo import events as ev
from iwari_desktop.engine.rulesets.solo.data import VoidData, data
from iwari_desktop.scenes.presenters.solo_box import counter_lines
from iwari_desktop.scenes.presenters.views import void_view
from iwari_desktop.scenes.solo.void_end import end_lines
from iwari_desktop.scenes.solo.void_steps_plan import frame_state, plan_steps
from iwari_desktop.scenes.ui.words import localized

SEED = 3
N_OF_M = re.compile(r"(\d+) (?:of|von) (\d+)")


def past_their_limit(lines: list[str]) -> list[str]:
    """The lines with an "n of m" (German "n von m") where n exceeds m."""
    return [line for line in lines if any(int(n) > int(m) for n, m in N_OF_M.findall(line))]


@lru_cache(maxsize=1)
def greedy_game() -> tuple[Game, list[ev.VoidEvent], int]:
    """The whole game, the events from the action that laid the fifth Void card to the end (a sequence
    that may span several actions: the Void's ties are the player's decisions), and the pawn's connection
    before it."""
    game = Game.new(GameConfig.quick("new-horizons", 1, SEED, mode=GameMode.SOLO))
    bot = VS_VOID_BOTS["greedy"](bot_seeds(SEED, 1)[0])
    last, pawn = play_to_the_end(game, lambda state: bot.choose(state, game.legal_actions()),
                                 lambda e: e.kind == ev.VOID_CARDS and e.toward > 4)
    return game, last, pawn


def test_s6_the_greedy_game_really_ends_past_the_limits():
    game, last, _pawn = greedy_game()
    view = void_view(game.state)
    assert view["toward_corruption"] > view["corruption_at"]         # 5 Void cards, 4 make a Corruption
    assert view["void_territories"] > view["k"]                      # 6 Void territories, 3 lose
    laid = next(e for e in last if e.kind == ev.VOID_CARDS)
    assert laid.toward > view["corruption_at"]
    logged = data(game.state).log                                    # the saved wording stays as it was
    assert any(f"({laid.toward} of 4 toward a Corruption)" in sentence for sentence in logged)


def test_s6_the_board_counters_stay_within_their_limits(language):
    game, _last, _pawn = greedy_game()
    view = void_view(game.state)
    lines = counter_lines(view, 1)
    assert past_their_limit(lines) == []
    corruption = {"en": "Corruption", "de": "Verderbnis"}[language]
    assert f"{view['toward_corruption']}" in lines[0] and corruption in lines[0] and "4" in lines[0]
    lost = {"en": "you lost (3 were enough)", "de": "du hast verloren (3 reichten)"}[language]
    assert lines[2].endswith(lost) and str(view["void_territories"]) in lines[2]
    assert past_their_limit(counter_lines(view, 2)) == []


def test_s10_the_end_screen_says_how_many_were_enough(language):
    game, _last, _pawn = greedy_game()
    outcome = game.state.result
    _head, _ended, verdict = end_lines(outcome)
    assert past_their_limit([verdict]) == []
    assert outcome.reason == "void-control" and outcome.end != outcome.reason
    assert {"en": "Lost: 3 Void territories were enough, and the Void controls 6.",
            "de": "Verloren – schon 3 Gebiete der Leere reichten, und die Leere beherrscht 6."}[language] == verdict


def test_s6_every_frame_and_sentence_of_the_last_sequence_counts_truthfully(language):
    game, last, pawn = greedy_game()
    state = game.state
    plan = plan_steps(state.board, last, data(state).pawn, pawn)
    assert any(step.toward is not None and step.toward > 4 for step in plan)
    for i, step in enumerate(plan):
        frame = frame_state(state, plan, i)
        assert past_their_limit(counter_lines(void_view(frame), 1)) == []
        assert past_their_limit([localized(step.sentence)]) == []
    laid = next(step for step in plan if step.toward is not None and step.toward > 4)
    assert {"en": "5 Void cards, and 4 already set off a Corruption",
            "de": "5 Leere-Karten – schon 4 lösen eine Verderbnis aus"}[language] in localized(laid.sentence)


def test_the_step_records_stay_out_of_the_save_and_come_back_on_load():
    game, _last, _pawn = greedy_game()
    module = next(m for m in game.state.modules if m.key == "solo")
    kept = module.data_json(game.state)
    assert set(kept) == {f.name for f in dataclasses.fields(VoidData) if f.name != "events"}
    loaded = load_game(save_game(game))
    assert state_digest(loaded) == state_digest(game)
    assert data(loaded.state).events == data(game.state).events       # replaying the log records them again


def test_s4_placing_the_voids_pieces_says_so_instead_of_a_generic_rule_prompt(language):
    """The Void action's pieces are placed one at a time (Phase.MODULE): the banner names the territory and
    what to click, in the player's language, not "A rule of this map is waiting for a decision"."""
    import random

    from iwari_desktop.engine import GameConfig as Config, PlayerSpec
    from iwari_desktop.engine.core.config import PLAYER_COLOURS
    from iwari_desktop.i18n import _
    from iwari_desktop.scenes.board.controller import GameController
    from iwari_desktop.scenes.selftest.solo_driver import void_step

    c = GameController(Game.new(Config("new-horizons", (PlayerSpec("Ann", PLAYER_COLOURS[0]),), 5,
                                       mode=GameMode.SOLO)))
    rng = random.Random(5)
    for _step in range(400):
        placing = data(c.state).placing
        if placing is not None and c.void_view()["decision"] == "pieces" and placing.tribe == c.state.void_tribe:
            break
        void_step(c, rng)
    else:
        raise AssertionError("the Void never placed a piece")
    prompt = c.prompt()
    territory = c.state.board.territories[placing.territory].name
    assert territory in prompt and prompt != _("A rule of this map is waiting for a decision.")
    assert {"en": "Place the Void's", "de": "Figur"}[language] in prompt
    assert {"en": "a lit space", "de": "ein leuchtendes Feld"}[language] in prompt


def test_s1_the_solo_setup_states_the_map_as_played_against_the_void(language):
    """S1: no mountains against the Void, and a player range of 2–5 means nothing on the Solo screen."""
    from iwari_desktop.engine.maps.registry import get_board
    from iwari_desktop.scenes.setup.setup_maps import map_facts, vs_void_facts

    board = get_board("new-horizons")
    assert board.uses_mountains
    with_mountains = {"en": "with mountains", "de": "mit Bergen"}[language]
    assert with_mountains in map_facts(board)
    facts = vs_void_facts(board)
    assert with_mountains not in facts and "2–5" not in facts and str(len(board.territories)) in facts
    assert {"en": "no mountains against the Void", "de": "gegen die Leere ohne Berge"}[language] in facts


def test_s11_the_solo_setup_lists_each_maps_rules_as_played_against_the_void(language):
    """S11: the Solo/Co-op setup shows the map's solo rules, not its multiplayer ones (The Uncharted Paths has
    no neutral Void totems at the start against the Void); Glacial Mass and the base maps play plain solo."""
    from iwari_desktop.engine.maps.registry import get_board
    from iwari_desktop.scenes.setup.setup_words import map_rule_lines, vs_void_rule_lines

    expected = {  # map: a word of its solo rule, in each language
        "floating-lands": {"en": "settlement of 8", "de": "Siedlung aus 8"},
        "forgotten-island": {"en": "ruin space", "de": "Ruinenfeld"},
        "uncharted-paths": {"en": "fifth", "de": "fünfte"},
        "long-road": {"en": "purple road", "de": "lila Straße"},
    }
    for map_id in ("new-horizons", "vast-lands", "glacial-mass", *expected):
        board = get_board(map_id)
        lines = vs_void_rule_lines(board)
        multiplayer = map_rule_lines(board)
        assert not set(lines) & set(multiplayer), map_id
        if map_id in expected:
            assert len(lines) == 1 and expected[map_id][language] in lines[0], (map_id, lines)
        else:
            assert lines == [{"en": "Plain solo rules: nothing on this map changes the game against the Void.",
                              "de": "Einfache Solo-Regeln: Auf dieser Karte ändert nichts das Spiel gegen die "
                                    "Leere."}[language]]
