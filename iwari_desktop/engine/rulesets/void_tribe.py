"""E7 The Void: the purple sixth tribe, the Void cards as a sixth biome, and no expedition cards.

The purple tribe itself needs no code here: a seat whose colour is purple gets the PURPLE role at
setup (`core.setup.make_tribes`), plays the 8 Void totems and 20 Void ruins as its own totems and
tents (the same supply as any tribe, B1) and scores like any player. P41 fixes what that means with
fewer than six players: purple is one more colour to choose, not an unplayed tribe on the board.

What this module does is the deck: the 12 Void cards join it as a sixth biome and lose cards to the
player count like every other biome (E7, B2), so purple Void territories are paid for with Void
cards (or any pair, B6) exactly like a Forest with Forest cards. And it refuses expedition cards,
which The Void is played without (E7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from iwari_desktop.engine.core.biomes import VOID_CARD_COUNT, Biome
from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.setup import REMOVED_PER_BIOME
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.i18n import N_
from iwari_desktop.engine.core.text import Text


def void_cards_in_play(n_players: int) -> int:
    """E7/B2: Void cards in the deck for this player count (12 with 5-6 players, 11 with 4, 10 with 2-3; The Void
    is played by 2 to 6, the setup refuses any other count)."""
    return VOID_CARD_COUNT - REMOVED_PER_BIOME[n_players]


@register
@dataclass(frozen=True)
class VoidTribe(RuleModule):
    """The Void map's sixth biome of cards and its sixth (purple) tribe (E7, P41)."""

    key: ClassVar[str] = "void-tribe"
    map_rule: ClassVar[bool] = True
    ruling: ClassVar[str] = "E7"
    title: ClassVar[str] = N_("the Void cards and the purple tribe")
    summary: ClassVar[str] = N_("Up to six players (the sixth plays purple); twelve Void cards join the deck "
                              "and pay for the purple Void territories.")

    def refuse_setup(self, config: GameConfig, board: Board) -> str | None:
        """E7: this map is played without expedition cards."""
        if config.option("expeditions"):
            return Text(N_("{map} is played without expedition cards: switch them off"), map=board.name)
        return None

    def build_deck(self, config: GameConfig, board: Board, deck: list[Biome], removed: list[Biome]) -> None:
        """Add the Void cards, taking out as many as of every other biome for the player count (E7, B2)."""
        kept = void_cards_in_play(len(config.players))
        deck.extend([Biome.VOID] * kept)
        removed.extend([Biome.VOID] * (VOID_CARD_COUNT - kept))
