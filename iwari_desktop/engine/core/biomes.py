"""The small vocabularies every other engine module speaks: biomes, connection kinds, tribe colours."""

from __future__ import annotations

from enum import Enum, IntEnum

from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_

# The biome names players read, marked for translation (the English is `Biome.label`).
_BIOME_WORDS = (N_("Tundra"), N_("Forest"), N_("Glaciers"), N_("Coast"), N_("Desert"), N_("Void"))


class Biome(IntEnum):
    """A biome names both a card suit and a kind of territory.

    An IntEnum so that hands, decks and per-biome tables can index plain lists quickly.
    """

    TUNDRA = 0
    FOREST = 1
    GLACIERS = 2
    COAST = 3
    DESERT = 4
    VOID = 5

    @property
    def key(self) -> str:
        """The lower-case text form used in saves, maps and action strings."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """The capitalised name players read ("Glaciers"); saves and action texts use `key` instead."""
        return self.name.capitalize()

    @property
    def word(self) -> Text:
        """`label` as a translatable Text, for sentences a player may read in another language."""
        return Text(_BIOME_WORDS[self.value])

    @classmethod
    def parse(cls, text: str) -> "Biome":
        """A biome from its key, ignoring case and surrounding spaces.

        Raises ValueError listing the valid keys, which action and file readers turn into their own one-line errors.
        """
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown biome {text!r} (expected one of {', '.join(b.key for b in cls)})") from None


BASE_BIOMES: tuple[Biome, ...] = (Biome.TUNDRA, Biome.FOREST, Biome.GLACIERS, Biome.COAST, Biome.DESERT)

# B2: the full deck of the base game, per biome.
BASE_DECK_COUNTS: dict[Biome, int] = {
    Biome.TUNDRA: 13,
    Biome.FOREST: 12,
    Biome.GLACIERS: 11,
    Biome.COAST: 11,
    Biome.DESERT: 10,
}
# E7: the Void biome cards of the expansion.
VOID_CARD_COUNT = 12


class ConnectionKind(Enum):
    """Land or water: decides whether a connection can carry Honour (land) or Respect (water), B19."""

    LAND = "land"
    WATER = "water"


class TribeColour(Enum):
    """B1: colours have no rules effect; purple only ever appears as the sixth tribe on The Void (E7)."""

    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    YELLOW = "yellow"
    ORANGE = "orange"
    PURPLE = "purple"
