"""E6 / E5 / S11 pinned (issue #32): the purple road's line names the standings in rank order and the road's
size (English and German), a neutral Void on the road ranks but never scores as in a territory, and the solo
end check's comparison of the Void's ruins with the player's tents on the road.

Purple spaces on `long-road`: 0-2 in t0, 3-7 in t2, 8-9 in t5, 10-11 in t6: 12 spaces.
"""

from __future__ import annotations

import dataclasses
import gettext
from dataclasses import dataclass
from typing import ClassVar

from engine_helpers import put_tents
from iwari_desktop.engine import GameConfig, get_board, new_game
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.state import TribeRole
from iwari_desktop.engine.core.text import render
from iwari_desktop.engine.rulesets.long_road import LongRoad
from iwari_desktop.engine.rulesets.solo import maprules
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
RED, GREEN, BLUE = range(3)


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


@dataclass(frozen=True)
class NeutralVoid(RuleModule):
    """A toy rule that brings the neutral Void to the table (what the Void-totem and ruin modules do, E3/E5)."""

    key: ClassVar[str] = "toy-neutral-void"
    tribe_roles: ClassVar[tuple[TribeRole, ...]] = (TribeRole.VOID,)


def road_line(state):
    lines = LongRoad().final_lines(state)
    assert len(lines) <= 1
    return lines[0] if lines else None


def test_e6_the_road_line_names_the_standings_in_rank_order_and_the_roads_size_in_english_and_german():
    state = new_game(GameConfig.quick("long-road", 3, 1, first_player=0))
    put_tents(state, GREEN, (3, 4))
    put_tents(state, RED, (0,))
    line = road_line(state)
    assert (line.category, line.subject, line.points, line.multiplier) == ("long-road", "long-road", {GREEN: 3, RED: 2}, 1)
    assert (line.label, _de(line.label)) == ("The Long Road", "Die lila Straße")
    assert line.detail == ("Player 2 2 tents, rank 1, Player 1 1 tent, rank 2 on the purple road's 12 spaces; "
                           "scored like a territory, no feats")
    assert _de(line.detail) == ("Player 2 2 Zelte, Rang 1, Player 1 1 Zelt, Rang 2 auf den 12 Feldern der lila "
                                "Straße; gewertet wie ein Gebiet, ohne Kunstwerke")


def test_e6_e5_a_neutral_void_on_the_road_ranks_first_but_never_scores(monkeypatch):
    monkeypatch.setitem(REGISTRY, NeutralVoid.key, NeutralVoid)
    board = get_board("long-road")
    board = dataclasses.replace(board, rules=board.rules + (NeutralVoid.key,))
    state = new_game(GameConfig.quick("long-road", 3, 1, first_player=0), board)
    void = state.void_tribe
    assert void == 3
    put_tents(state, RED, (0, 1))
    put_tents(state, GREEN, (3,))
    assert road_line(state).points == {RED: 3, GREEN: 2}  # the Void at the table, not on the road
    put_tents(state, void, (8, 9, 10))
    line = road_line(state)
    assert line.points == {RED: 3, GREEN: 2}             # rank 2 scores rank 1's count, rank 3 rank 2's (B15)
    assert line.ranks == {void: 1, RED: 2, GREEN: 3}
    assert line.detail.startswith("The Void 3 tents, rank 1, Player 1 2 tents, rank 2, Player 2 1 tent, rank 3")
    assert _de(line.detail).startswith("Die Leere 3 Zelte, Rang 1, Player 1 2 Zelte, Rang 2")


def test_e6_e5_the_void_alone_on_the_road_gives_the_road_no_line(monkeypatch):
    monkeypatch.setitem(REGISTRY, NeutralVoid.key, NeutralVoid)
    board = get_board("long-road")
    state = new_game(GameConfig.quick("long-road", 3, 1, first_player=0),
                     dataclasses.replace(board, rules=board.rules + (NeutralVoid.key,)))
    put_tents(state, state.void_tribe, (8, 9, 10))
    assert road_line(state) is None                      # nobody scores it


def test_s11_the_void_wins_the_road_only_with_more_ruins_on_it_than_the_players_tents():
    state = new_game(GameConfig.quick("long-road", 1, 1, mode=GameMode.SOLO, first_player=0,
                                      options={"auto_void_ties": True}))
    void = state.void_tribe
    assert maprules.end_check(state) is None             # an empty road
    put_tents(state, void, (0, 3))
    put_tents(state, RED, (4, 8))
    assert maprules.end_check(state) is None             # a tie is no win
    put_tents(state, void, (10,))
    assert maprules.end_check(state) == "purple-road"
