"""The names of every sound the game can play, and where their files live.

Cue and track names are the file stems under `assets/sounds/`, shared by the game and by the tool that
renders the files (tools/sounds/render.py), so a renamed cue cannot leave a file behind unnoticed: the
tests load one file per member. No pygame here: the render tool and the tests import this freely.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from iwari_desktop.resources import assets_dir


class Cue(Enum):
    """A short sound effect (at most 1.2 s), one per thing a player should hear happen."""

    TENT = "tent"                           # a tent placed: wood on cardboard
    TOTEM = "totem"                         # a totem placed: heavier wood
    CARD_DECK = "card-deck"                 # a card drawn from the deck
    CARD_DISPLAY = "card-display"           # a card taken from the face-up display
    EXCHANGE = "exchange"                   # a card exchanged
    ILLEGAL = "illegal"                     # a click the rules refuse
    YOUR_TURN = "your-turn"                 # the hot-seat handoff: your turn now
    COMPUTER_MOVE = "computer-move"         # a computer player's step
    TERRITORY_YOURS = "territory-yours"     # a territory counted for you (or your side)
    TERRITORY_OTHER = "territory-other"     # a territory counted for another tribe
    TERRITORY_VOID = "territory-void"       # a territory counted for the Void
    HALF_JOURNEY = "half-journey"           # the half-journey scoring
    FEAT = "feat"                           # a feat claimed
    EXPEDITION = "expedition"               # an expedition card completed
    INFECTION = "infection"                 # the Void's Infection: low and ominous
    CORRUPTION = "corruption"               # a Corruption: stronger
    VOID_WIN = "void-win"                   # the Void won
    SOLO_WIN = "solo-win"                   # you (or your side) beat the Void
    FINAL_SCORING = "final-scoring"         # the final scoring fanfare
    CAMPAIGN_STAR = "campaign-star"         # a campaign star earned


class Track(Enum):
    """A music loop (1-2 minutes, seamless)."""

    MENU = "menu"             # calm: menus, setup, campaign map
    BOARD = "board"           # a game on the table
    DANGER = "danger"         # the Void is one territory or one Corruption card from winning


def sounds_dir() -> Path:
    return assets_dir() / "sounds"


def cue_path(cue: Cue) -> Path:
    return sounds_dir() / "cues" / f"{cue.value}.ogg"


def track_path(track: Track) -> Path:
    return sounds_dir() / "music" / f"{track.value}.ogg"


# The longest a cue may last (issue #22): the render tool cuts there, a test checks every file.
MAX_CUE_SECONDS = 1.2
