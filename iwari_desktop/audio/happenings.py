"""What a player hears about, and THE table from each happening to its cue.

A happening is an engine event as the ear sorts it: an applied action (a tent, a deck draw), a Void
step (an Infection, a count for the Void), a scoring report (the half journey), a result (the Void won),
or a moment of the screens (an illegal click, a hot-seat handoff, a campaign star). `listen.py` turns
engine objects into happenings; screens pass engine objects or a happening, never a cue name, so this
table is the only place where a sound is chosen. Pure data: no pygame, no engine import.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from iwari_desktop.audio.cues import Cue


class Happening(Enum):
    # actions applied (engine/core/actions.py and module actions)
    TENT_PLACED = "tent placed"                    # PlaceTent
    TOTEM_PLACED = "totem placed"                  # PlaceTotem, VoidTotem (E-variant: a player moves a Void totem in)
    CARD_FROM_DECK = "card drawn from the deck"    # Draw(None)
    CARD_FROM_DISPLAY = "card from the display"    # Draw(biome)
    CARD_EXCHANGED = "card exchanged"              # Exchange
    FEAT_CLAIMED = "feat claimed"                  # a feat goes on the board (PlaceFeat, or placed for the player)
    # the screens
    ILLEGAL_ACTION = "illegal click"               # a click the rules refuse (IllegalAction, or nothing there)
    YOUR_TURN = "your turn"                        # the hot-seat handoff is accepted
    COMPUTER_MOVED = "a computer's move"           # the first step of a computer player's turn
    CAMPAIGN_STAR = "campaign star"                # a chapter goal met (campaign result screen)
    # scoring (state.reports: ScoreReport kinds; ScoreLine per territory on the scoring screen)
    TERRITORY_YOURS = "territory counted for you"
    TERRITORY_OTHER = "territory counted for another tribe"
    TERRITORY_VOID = "territory counted for the Void"
    HALF_JOURNEY = "half-journey scoring"          # ScoreReport "half"
    EXPEDITION_COMPLETED = "expedition completed"  # ScoreReport "award", category "expedition" (E8)
    FINAL_SCORING = "final scoring"                # ScoreReport "final" (games with points)
    # the Void (engine/rulesets/solo/events.py VoidEvent kinds; VoidOutcome)
    VOID_PIECE = "the Void places a ruin"          # VoidEvent "ruin"
    VOID_TOTEM = "the Void places a totem"         # VoidEvent "totem"
    INFECTION = "Infection"                        # VoidEvent "infection"
    CORRUPTION = "Corruption"                      # VoidEvent "corruption"
    VOID_WON = "the Void won"                      # VoidEvent "end", outcome lost
    PLAYERS_WON = "the players held the Void off"  # VoidEvent "end", outcome won


@dataclass(frozen=True)
class Sounding:
    """A happening's cue, and its weight: when many happen at once only the weightiest few sound."""

    cue: Cue
    weight: int


# THE table: every happening's sound. Weights: 1 routine, 2 notable, 3 scoring, 4 the Void's blows, 5 endings.
SOUNDS: dict[Happening, Sounding] = {
    Happening.TENT_PLACED: Sounding(Cue.TENT, 1),
    Happening.TOTEM_PLACED: Sounding(Cue.TOTEM, 1),
    Happening.CARD_FROM_DECK: Sounding(Cue.CARD_DECK, 1),
    Happening.CARD_FROM_DISPLAY: Sounding(Cue.CARD_DISPLAY, 1),
    Happening.CARD_EXCHANGED: Sounding(Cue.EXCHANGE, 1),
    Happening.FEAT_CLAIMED: Sounding(Cue.FEAT, 3),
    Happening.ILLEGAL_ACTION: Sounding(Cue.ILLEGAL, 2),
    Happening.YOUR_TURN: Sounding(Cue.YOUR_TURN, 2),
    Happening.COMPUTER_MOVED: Sounding(Cue.COMPUTER_MOVE, 1),
    Happening.CAMPAIGN_STAR: Sounding(Cue.CAMPAIGN_STAR, 5),
    Happening.TERRITORY_YOURS: Sounding(Cue.TERRITORY_YOURS, 3),
    Happening.TERRITORY_OTHER: Sounding(Cue.TERRITORY_OTHER, 3),
    Happening.TERRITORY_VOID: Sounding(Cue.TERRITORY_VOID, 3),
    Happening.HALF_JOURNEY: Sounding(Cue.HALF_JOURNEY, 3),
    Happening.EXPEDITION_COMPLETED: Sounding(Cue.EXPEDITION, 3),
    Happening.FINAL_SCORING: Sounding(Cue.FINAL_SCORING, 5),
    Happening.VOID_PIECE: Sounding(Cue.TENT, 1),
    Happening.VOID_TOTEM: Sounding(Cue.TOTEM, 1),
    Happening.INFECTION: Sounding(Cue.INFECTION, 4),
    Happening.CORRUPTION: Sounding(Cue.CORRUPTION, 4),
    Happening.VOID_WON: Sounding(Cue.VOID_WIN, 5),
    Happening.PLAYERS_WON: Sounding(Cue.SOLO_WIN, 5),
}


def cue_of(happening: Happening) -> Cue:
    return SOUNDS[happening].cue
