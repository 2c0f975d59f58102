"""E8 / P15 / P46 pinned (issue #32): the expedition table, the order of checks, maps lacking a biome, and
the words a player reads when a card is claimed, in English and German.

`EXPEDITION_CARDS` is built once, when the module is imported; the table test calls its builder
`_cards()` as well, so a wrong number, mission, amount or reward in the builder is noticed even when the
module was imported before (mutation testing switches the builder's edits on after the import).
"""

from __future__ import annotations

import dataclasses
import gettext

from engine_fixtures import small_board
from engine_helpers import (
    COAST, DESERT, FOREST, GLACIERS, GREEN, RED, SPACES, T_COAST, T_DESERT, T_FOREST, T_GLACIERS, T_TUNDRA, TUNDRA,
    draw_until_turn_ends, give_hand, place, put_tents,
)
from iwari_desktop.engine import GameConfig
from iwari_desktop.engine.core.biomes import BASE_BIOMES
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.core.text import render
from iwari_desktop.engine.rulesets import expeditions
from iwari_desktop.engine.rulesets.expeditions import (
    CARDS_BY_NUMBER, EXPEDITION_CARDS, ExpeditionCard, ExpeditionData, MissionKind, can_ever_be_met, mission_met,
)
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
K = MissionKind

# E8, read from RULINGS.md: number, mission kind, amount, first reward, second reward, biome.
E8_TABLE = (
    [(1 + i, K.TENTS_IN_BIOME, 4, 4, 2, b) for i, b in enumerate(BASE_BIOMES)]
    + [(6, K.TENT_EACH_BIOME, 1, 5, 3, None), (7, K.FIRST_IN_TENTS, 3, 6, 3, None)]
    + [(8 + i, K.TOTEMS_IN_BIOME, 2, 4, 2, b) for i, b in enumerate(BASE_BIOMES)]
    + [(13, K.TOTEM_EACH_BIOME, 1, 5, 3, None), (14, K.FIRST_IN_TOTEMS, 3, 6, 3, None),
       (15, K.SETTLEMENT, 5, 5, 3, None), (16, K.CROSSINGS, 3, 5, 3, None)]
)


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


def _rows(cards: tuple[ExpeditionCard, ...]) -> list[tuple]:
    return [(c.number, c.kind, c.amount, c.first, c.second, c.biome) for c in cards]


def small(n: int = 3, board=None) -> GameState:
    board = board if board is not None else dataclasses.replace(small_board(mountains=False), rules=())
    return new_game(GameConfig.quick("small-test", n, 1, first_player=0, options={"expeditions": True}), board)


def reveal(state: GameState, numbers: list[int], claims: list[list[int]]) -> ExpeditionData:
    data = state.ext["expeditions"] = ExpeditionData(list(numbers), claims)
    return data


def test_e8_the_table_builder_gives_each_card_its_mission_amount_biome_and_rewards():
    built = expeditions._cards()
    assert isinstance(built, tuple) and all(isinstance(c, ExpeditionCard) for c in built)
    assert _rows(built) == E8_TABLE
    assert _rows(EXPEDITION_CARDS) == E8_TABLE
    assert CARDS_BY_NUMBER == {row[0]: c for row, c in zip(E8_TABLE, EXPEDITION_CARDS)}
    # the biome order of 1-5 is the one the tent missions' words name (P15: 8-12 follow it)
    assert [CARDS_BY_NUMBER[n].mission for n in (1, 5, 8, 12)] == [
        "have 4 tents in Tundra territories", "have 4 tents in Desert territories",
        "have 2 totems in Tundra territories", "have 2 totems in Desert territories"]


def test_p15_a_card_the_player_already_holds_or_that_left_does_not_stop_the_check_of_the_next_cards():
    state = small()
    # card 6 left the game (two claims), card 1 is already red's; card 5 is met by this placement
    data = reveal(state, [6, 1, 5], [[GREEN, 2], [RED], []])
    put_tents(state, RED, SPACES[T_DESERT][:3])
    give_hand(state, RED, [DESERT])
    place(state, T_DESERT, [DESERT], 1, SPACES[T_DESERT][3])
    assert data.claims == [[GREEN, 2], [RED], [RED]] and state.scores[RED] == 4


def _board_without_desert():
    """The fixture board with its one Desert territory turned into Forest: no Desert on the map at all."""
    board = dataclasses.replace(small_board(mountains=False), rules=())
    territories = tuple(dataclasses.replace(t, biome=FOREST) if t.biome is DESERT else t for t in board.territories)
    return dataclasses.replace(board, territories=territories)


def test_p46_cards_of_a_biome_the_map_lacks_can_never_be_met_and_are_never_revealed():
    board = _board_without_desert()
    assert DESERT not in board.territories_by_biome
    assert not can_ever_be_met(CARDS_BY_NUMBER[5], board) and not can_ever_be_met(CARDS_BY_NUMBER[12], board)
    assert all(can_ever_be_met(c, board) for c in EXPEDITION_CARDS if c.number not in (5, 12))
    state = small(board=board)
    put_tents(state, RED, SPACES[T_DESERT][:5])       # now Forest spaces: five tents, none in Desert
    assert not mission_met(state, CARDS_BY_NUMBER[5], RED) and not mission_met(state, CARDS_BY_NUMBER[12], RED)
    assert mission_met(state, CARDS_BY_NUMBER[2], RED)   # 4 tents in Forest territories
    revealed = {n for seed in range(25) for n in new_game(
        GameConfig.quick("small-test", 3, seed, options={"expeditions": True}), board).ext["expeditions"].cards}
    assert not revealed & {5, 12}


def test_e8_the_award_line_names_the_card_and_its_mission_in_english_and_german():
    state = small(n=3)
    reveal(state, [6], [[]])
    for tribe, k in ((RED, 0), (GREEN, 1)):
        put_tents(state, tribe, [SPACES[t][k] for t in (T_DESERT, T_TUNDRA, T_FOREST, T_GLACIERS)])
    give_hand(state, RED, [COAST])
    place(state, T_COAST, [COAST], 1, SPACES[T_COAST][0])
    first = state.reports[-1].lines[0]
    assert first.label == "Expedition 6: have a tent in every biome"
    assert _de(first.label) == "Expedition 6: in jedem Biom ein Zelt haben"
    assert _de(first.detail) == ("Player 1 erfüllt den Auftrag „in jedem Biom ein Zelt haben“ zuerst: 5 Punkte; "
                                 "die Karte bleibt bei Player 1")
    draw_until_turn_ends(state)
    give_hand(state, GREEN, [COAST])
    place(state, T_COAST, [COAST], 1, SPACES[T_COAST][1])
    second = state.reports[-1].lines[0]
    assert second.label == "Expedition 6: have a tent in every biome" and second.points == {GREEN: 3}
    assert _de(second.detail) == ("Player 2 erfüllt den Auftrag „in jedem Biom ein Zelt haben“ als Nächstes: "
                                  "3 Punkte; die Karte verlässt das Spiel")


def test_e8_every_mission_reads_in_english_and_german():
    english = {n: str(CARDS_BY_NUMBER[n].mission) for n in (3, 6, 7, 10, 13, 14, 15, 16)}
    assert english == {
        3: "have 4 tents in Glaciers territories", 6: "have a tent in every biome",
        7: "have the most tents (ties count) in 3 territories", 10: "have 2 totems in Glaciers territories",
        13: "have a totem in every biome that takes totems", 14: "have the most totems (ties count) in 3 territories",
        15: "build a settlement of 5 tents",
        16: "have tents on 3 road crossings (spaces where 3 or more roads meet)"}
    german = {n: _de(CARDS_BY_NUMBER[n].mission) for n in english}
    assert german[3] == "4 Zelte in Gebieten des Bioms Gletscher haben"
    assert german[10] == "2 Totems in Gebieten des Bioms Gletscher haben"
    assert german[7] == "in 3 Gebieten die meisten Zelte haben (Gleichstand zählt)"
    assert german[16] == "Zelte auf 3 Wegkreuzungen haben (Felder, an denen sich 3 oder mehr Wege treffen)"
    assert all(german[n] != english[n] for n in english)
    assert GLACIERS is CARDS_BY_NUMBER[3].biome and TUNDRA is CARDS_BY_NUMBER[1].biome
