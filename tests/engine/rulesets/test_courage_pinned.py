"""E9 / P47 pinned (issue #32): when Courage is earned and when not, what every seat sees of it, and the
final-scoring line a player reads about it, in English and German (the earner named through the catalogue,
so the third tribe reads "Dritter Stamm" in German)."""

from __future__ import annotations

import gettext

from engine_fixtures import small_board
from engine_helpers import (
    COAST, FOREST, GREEN, RED, SPACES, T_COAST, T_DESERT, T_FOREST, T_TUNDRA, give_hand, place, put_tents,
)
from iwari_desktop.engine import Exchange, FeatKind, GameConfig, Phase, PlaceFeat, apply
from iwari_desktop.engine.core.observation import observe
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import EMPTY, FeatOnBoard, GameState
from iwari_desktop.engine.core.text import render
from iwari_desktop.engine.rulesets.courage import Courage
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
UNION, HONOUR, COURAGE = FeatKind.UNION, FeatKind.HONOUR, FeatKind.COURAGE


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


def small(n: int = 3, feats=(UNION,)) -> GameState:
    return new_game(GameConfig.quick("small-test", n, 1, first_player=0, feats=frozenset(feats),
                                     options={"courage": True}), small_board(mountains=False))


def explore_all_but(state: GameState, tribe: int, *left: int) -> None:
    """A tent of `tribe` in every territory except `left` (written in, no hooks)."""
    for territory in state.board.territories:
        if territory.index not in left and not state.is_explored(territory.index):
            put_tents(state, tribe, [next(s for s in territory.tent_spaces if state.space_owner[s] == EMPTY)])


def courage_line(state: GameState):
    (line,) = Courage().final_lines(state)
    return line


def test_e9_exploring_a_territory_while_another_is_still_unexplored_earns_nothing():
    state = small()
    explore_all_but(state, GREEN, T_FOREST, T_COAST)
    assert Courage().data_json(state) is False           # the save's module data: the moment has not come
    give_hand(state, RED, [COAST])
    place(state, T_COAST, [COAST], 1, SPACES[T_COAST][0])
    assert COURAGE not in state.feats_earned and state.feat_supply[COURAGE] == 1
    assert observe(state, GREEN).module_view("courage")["unexplored"] == [T_FOREST]
    assert Courage().data_json(state) is False


def test_e9_before_anyone_explores_the_last_territory_courage_is_in_the_supply_and_the_line_says_so():
    state = small()
    assert observe(state, GREEN).module_view("courage") == {
        "in_supply": True, "earned_by": None, "target": None, "unexplored": [0, 1, 2, 3, 4, 5]}
    line = courage_line(state)
    assert (line.category, line.subject, line.points) == ("courage", "courage", {})
    assert (line.label, _de(line.label)) == ("Courage", "Mut")
    assert line.detail == "no tribe explored the last unexplored territory: Courage stays in the supply"
    assert _de(line.detail) == "kein Stamm hat das letzte unerforschte Gebiet erforscht: Mut bleibt im Vorrat"


def test_e9_courage_on_a_connection_is_named_there_and_cancels_its_only_feat_in_english_and_german():
    state = small(feats=(UNION, HONOUR))
    state.feats.append(FeatOnBoard(UNION, GREEN, T_DESERT, False))   # listed first, elsewhere
    state.feats.append(FeatOnBoard(HONOUR, GREEN, 1, True))          # connection 1 (Desert-Tundra)
    explore_all_but(state, GREEN, T_FOREST)
    give_hand(state, RED, [FOREST])
    place(state, T_FOREST, [FOREST], 1, SPACES[T_FOREST][0])
    apply(state, PlaceFeat(COURAGE, 1, True))
    assert Courage().data_json(state) is True            # the moment came: it never comes again
    assert observe(state, GREEN).module_view("courage") == {
        "in_supply": False, "earned_by": RED, "target": {"target": 1, "on_connection": True}, "unexplored": []}
    detail = courage_line(state).detail
    assert detail == ("Player 1 explored the last territory and put Courage on connection 1: it cancels the only "
                      "feat there, so the multiplier is x1")
    assert _de(detail) == ("Player 1 hat das letzte Gebiet erforscht und Mut auf Verbindung 1 gelegt: Mut hebt "
                           "das einzige Kunstwerk dort auf, der Multiplikator ist also x1")


def test_e9_courage_on_a_territory_with_two_feats_names_the_territory_in_german_too():
    state = small()
    state.feats += [FeatOnBoard(UNION, GREEN, T_TUNDRA, False), FeatOnBoard(UNION, RED, T_TUNDRA, False),
                    FeatOnBoard(COURAGE, RED, T_TUNDRA, False)]
    state.feats_earned[COURAGE] = [RED]
    name = state.board.territories[T_TUNDRA].name
    detail = courage_line(state).detail
    assert detail == (f"Player 1 explored the last territory and put Courage on {name}: it cancels one of the 2 "
                      "feats there, so the multiplier is x2")
    assert _de(detail) == (f"Player 1 hat das letzte Gebiet erforscht und Mut auf {name} gelegt: Mut hebt eines der "
                           "2 Kunstwerke dort auf, der Multiplikator ist also x2")


def test_p47_the_third_tribe_that_earned_courage_is_named_in_the_readers_language():
    state = small(n=2)
    explore_all_but(state, GREEN, T_FOREST)
    give_hand(state, RED, [FOREST, COAST, COAST])
    apply(state, Exchange(COAST))
    assert state.phase is Phase.THIRD_TRIBE
    place(state, T_FOREST, [FOREST], 1, SPACES[T_FOREST][0])      # no feat on the board: Courage is lost
    assert state.feats_earned[COURAGE] == [state.third_tribe] and state.feats == []
    detail = courage_line(state).detail
    assert detail == "Third tribe explored the last territory, but no feat lay on the board: Courage is discarded"
    assert _de(detail) == ("Dritter Stamm hat das letzte Gebiet erforscht, aber es lag kein Kunstwerk auf dem "
                           "Spielfeld: Mut wird abgelegt")
