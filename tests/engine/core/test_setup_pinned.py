"""B1 / B2 / B4 / B12 / E7 / S1 / S12 / P19 pinned in the game setup (issue #32): who may sit down (seats per
mode and map, names, colours, the first player), each refusal in the words the setup screen shows, in English
and German; which rule modules a game switches on, once each and in hook order; the tribes and their
supplies; the deal. Small setups on the fixture board (tests/support/engine_fixtures.py), no play.
"""

from __future__ import annotations

import dataclasses
import gettext
from collections import Counter

import pytest

from engine_fixtures import small_board

from iwari_desktop.engine import (
    Biome, Draw, Exchange, FeatKind, GameConfig, GameMode, PlayerSpec, TribeColour, TribeRole, apply, observe,
)
from iwari_desktop.engine.core.biomes import BASE_DECK_COUNTS
from iwari_desktop.engine.core.config import MODE_SEATS, ConfigError
from iwari_desktop.engine.core.modules import REGISTRY
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.text import render
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
RED, GREEN, BLUE, YELLOW, ORANGE, PURPLE = (TribeColour.RED, TribeColour.GREEN, TribeColour.BLUE, TribeColour.YELLOW,
                                            TribeColour.ORANGE, TribeColour.PURPLE)


def de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


def seats(*names_and_colours: tuple[str, TribeColour]) -> tuple[PlayerSpec, ...]:
    return tuple(PlayerSpec(name, colour) for name, colour in names_and_colours)


def refusal(config: GameConfig, board=None) -> tuple[str, str]:
    """The setup's refusal in English and in German."""
    with pytest.raises(ConfigError) as refused:
        new_game(config, board or small_board(max_players=6))
    message = refused.value.args[0]
    return str(message), de(message)


SEATS = seats(("Ann", RED), ("Bo", GREEN), ("Cy", BLUE), ("Di", YELLOW), ("Ed", ORANGE), ("Flo", PURPLE), ("Gus", RED))


def config(players=SEATS[:3], **kwargs) -> GameConfig:
    return GameConfig("small-test", players, 1, **kwargs)


@pytest.mark.parametrize("n", [1, 7])
def test_b4_e7_a_game_takes_2_to_6_players(n):
    assert refusal(config(SEATS[:n])) == (f"a game takes 2 to 6 players, not {n}",
                                          f"eine Partie braucht 2 bis 6 Personen, nicht {n}")


def test_s1_s12_solo_takes_one_player_and_coop_two():
    assert refusal(config(SEATS[:2], mode=GameMode.SOLO)) == (
        "a solo game takes 1 player, not 2", "eine Partie im Modus Solo braucht 1 Person, nicht 2")
    assert refusal(config(SEATS[:3], mode=GameMode.COOP)) == (
        "a coop game takes 2 players, not 3", "eine Partie im Modus Koop braucht 2 Personen, nicht 3")


def test_s12_a_mode_for_a_range_of_players_names_the_range(monkeypatch):
    """Every mode but multiplayer takes one player count today (S1, S12); one that took a range would say it."""
    monkeypatch.setitem(MODE_SEATS, GameMode.COOP, (2, 3))
    assert refusal(config(SEATS[:4], mode=GameMode.COOP)) == (
        "a coop game takes 2 to 3 players, not 4", "eine Partie im Modus Koop braucht 2 bis 3 Personen, nicht 4")


def test_s1_a_map_without_the_mode_refuses_it():
    assert refusal(config(SEATS[:1], mode=GameMode.SOLO)) == (
        "Small Test cannot be played in solo mode", "Small Test kann nicht im Modus Solo gespielt werden")


def test_b4_a_map_takes_only_its_own_player_counts():
    assert refusal(config(SEATS[:5]), small_board(max_players=4)) == (
        "Small Test takes 2 to 4 players, not 5", "Small Test ist für 2 bis 4 Personen, nicht für 5")
    new_game(config(SEATS[:4]), small_board(max_players=4))   # the largest count it takes


def test_b1_every_seat_needs_a_name_of_its_own_and_a_colour_of_its_own():
    assert refusal(config(seats(("Ann", RED), ("  ", GREEN)))) == (
        "every player needs a name", "alle Spielenden brauchen einen Namen")
    assert refusal(config(seats(("Ann", RED), ("Bo", GREEN), (" ANN ", BLUE)))) == (
        "two players have the same name", "zwei Spielende haben denselben Namen")
    assert refusal(config(seats(("Ann", RED), ("Bo", RED)))) == (
        "two players have the same colour", "zwei Spielende haben dieselbe Farbe")


def test_b12_in_a_two_player_game_no_player_may_take_the_third_tribes_name():
    assert refusal(config(seats(("Ann", RED), ("third TRIBE", GREEN)))) == (
        "\"Third tribe\" is the name of the two-player game's third tribe: choose another name",
        "„Third tribe“ heißt im Spiel zu zweit der dritte Stamm: Wähle einen anderen Namen")
    state = new_game(config(seats(("Ann", RED), ("Bo", GREEN), ("Third tribe", BLUE))), small_board())   # no third tribe
    assert [t.name for t in state.tribes] == ["Ann", "Bo", "Third tribe"]


def test_e7_purple_is_only_the_sixth_tribe_on_a_map_for_six():
    words = ("purple is only the sixth tribe on The Void", "Violett gibt es nur für den sechsten Stamm auf The Void")
    assert refusal(config(seats(("Ann", RED), ("Flo", PURPLE))), small_board(max_players=5)) == words
    state = new_game(config(seats(("Ann", RED), ("Flo", PURPLE))), small_board(max_players=6))
    assert [t.role for t in state.tribes][:2] == [TribeRole.SEAT, TribeRole.PURPLE]


@pytest.mark.parametrize("first", [-1, 3])
def test_b4_the_first_player_chosen_must_be_one_of_the_seats(first):
    assert refusal(config(first_player=first)) == ("first player must be 1 to 3", "die Startperson muss eine Zahl von 1 bis 3 sein")


def test_b12_a_two_player_game_adds_the_third_tribe_in_the_first_colour_no_player_has():
    state = new_game(config(seats(("Ann ", RED), ("Bo", BLUE))), small_board())
    assert [(t.index, t.name, t.colour, t.seat, t.role) for t in state.tribes] == [
        (0, "Ann", RED, 0, TribeRole.SEAT), (1, "Bo", BLUE, 1, TribeRole.SEAT),
        (2, "Third tribe", GREEN, None, TribeRole.THIRD)]
    assert state.tents_left == [20, 20, 20] and state.totems_left == [8, 8, 8]   # B1: the third tribe's too


def test_e5_p19_a_module_that_asks_for_the_neutral_void_adds_it_last_in_purple_with_its_own_supply():
    state = new_game(GameConfig.quick("uncharted-paths", 2, 1))
    assert [(t.name, t.colour, t.seat, t.role) for t in state.tribes[2:]] == [
        ("Third tribe", BLUE, None, TribeRole.THIRD), ("The Void", PURPLE, None, TribeRole.VOID)]
    assert state.void_tribe == 3 and state.tents_left == [20, 20, 20, 21]
    assert state.totems_left == [8, 8, 8, 8 - 5]   # E5: five Void totems start on the centre


def test_s12_p19_coop_has_no_third_tribe_and_every_side_takes_all_its_pieces():
    state = new_game(GameConfig.quick("new-horizons", 2, 1, mode=GameMode.COOP))
    assert [t.role for t in state.tribes] == [TribeRole.SEAT, TribeRole.SEAT, TribeRole.VOID]
    assert state.third_tribe is None and state.tents_left == [21, 21, 21] and state.totems_left == [8, 8, 8]


def test_s2_solo_shuffles_all_57_biome_cards_with_the_12_void_cards():
    state = new_game(GameConfig.quick("new-horizons", 1, 1, mode=GameMode.SOLO))
    cards = Counter(state.deck) + Counter(state.display) + Counter(state.discard) + Counter(state.hands[0])
    assert state.removed == [] and cards == Counter(BASE_DECK_COUNTS) + Counter({Biome.VOID: 12})


def test_b3_b19_p12_e5_modules_switch_on_once_each_mountains_feats_in_b19_order_map_rules_options():
    board = dataclasses.replace(small_board(), rules=("void-totems", "not-in-this-version", "void-totems"))
    state = new_game(config(feats=frozenset({FeatKind.RESPECT, FeatKind.UNION}), options={"courage": True}), board)
    assert [m.key for m in state.modules] == ["mountains", "union", "respect", "courage", "void-totems"]


def test_s1_solo_plays_without_the_maps_mountains():
    assert [m.key for m in new_game(GameConfig.quick("new-horizons", 3, 1)).modules][:1] == ["mountains"]
    assert [m.key for m in new_game(GameConfig.quick("new-horizons", 1, 1, mode=GameMode.SOLO)).modules] == ["solo"]


@pytest.mark.parametrize("key, options, feats, words, german", [
    ("union", {}, {FeatKind.UNION}, "the union feat needs the 'union' rules, which this version does not include",
     "das Kunstwerk Einheit braucht die Regeln „union“, die diese Version nicht enthält"),
    ("courage", {"courage": True}, (), "option courage needs the 'courage' rules, which this version does not include",
     "die Option courage braucht die Regeln „courage“, die diese Version nicht enthält"),
    ("mountains", {}, (), "Small Test needs the 'mountains' rules, which this version does not include",
     "Small Test braucht die Regeln „mountains“, die diese Version nicht enthält"),
])
def test_b3_b19_a_chosen_feat_option_or_mountains_without_its_rules_is_refused(monkeypatch, key, options, feats, words,
                                                                               german):
    """A setup from a newer version, read by this one: refused, and in the player's language."""
    monkeypatch.delitem(REGISTRY, key)
    assert refusal(config(feats=frozenset(feats), options=options), small_board()) == (words, german)


def test_s1_a_solo_game_without_the_solo_rules_is_refused(monkeypatch):
    monkeypatch.delitem(REGISTRY, "solo")
    board = dataclasses.replace(small_board(), modes=frozenset({"multiplayer", "solo"}))
    assert refusal(config(SEATS[:1], mode=GameMode.SOLO), board) == (
        "a solo game needs the 'solo' rules, which this version does not include",
        "eine Partie im Modus Solo braucht die Regeln „solo“, die diese Version nicht enthält")


@pytest.mark.parametrize("options, mode, words, german", [
    ({"nonsense": True}, GameMode.MULTIPLAYER, "unknown option 'nonsense' (options: ",
     "unbekannte Option 'nonsense' (bekannte Optionen: "),
    ({"worship": 4}, GameMode.MULTIPLAYER, "option worship must be one of 0, 1, 2, 3, not 4",
     "die Option worship muss einer dieser Werte sein: 0, 1, 2, 3, nicht 4"),
    ({"courage": True}, GameMode.SOLO, "option courage is not part of a solo game",
     "die Option courage gehört nicht zu einer Partie im Modus Solo"),
])
def test_e9_e10_an_option_this_version_does_not_know_or_allow_is_refused_in_the_players_language(options, mode, words,
                                                                                               german):
    board = dataclasses.replace(small_board(), modes=frozenset({"multiplayer", "solo"}))
    seats_of_mode = SEATS[:1] if mode is GameMode.SOLO else SEATS[:3]
    english, in_german = refusal(config(seats_of_mode, mode=mode, options=options), board)
    assert english.startswith(words) and in_german.startswith(german)


def test_b4_b5_the_deal_is_hidden_and_a_card_taken_from_the_display_is_then_known_to_every_player():
    state = new_game(config(first_player=0), small_board())
    assert observe(state, 1).known_cards == ((), (), ())   # B4: the hands are dealt face down
    card = state.hands[0][0]
    apply(state, Exchange(card))
    taken = state.display[0]
    apply(state, Draw(taken))
    assert observe(state, 1).known_cards[0] == (taken,)
