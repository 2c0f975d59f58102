"""The game's nouns as a player reads them in the active language: biomes, feats, colours, lists.

The engine names biomes, feats and colours by their save keys ("glaciers", "union", "red"); a scene
never shows those keys, it asks here. Kept in one place so every screen says "Gletscher" and
"Einheit" the same way. Map, territory and player names are proper names and are shown as they are
(docs/translating.md).
"""

from __future__ import annotations

from enum import Enum

from ...i18n import N_, _

BIOME_NAMES: dict[str, str] = {
    "tundra": N_("Tundra"), "forest": N_("Forest"), "glaciers": N_("Glaciers"), "coast": N_("Coast"),
    "desert": N_("Desert"), "void": N_("Void"),
}
FEAT_NAMES: dict[str, str] = {
    "union": N_("Union"), "discovery": N_("Discovery"), "honour": N_("Honour"), "respect": N_("Respect"),
    "courage": N_("Courage"), "worship": N_("Worship"),
}
COLOUR_NAMES: dict[str, str] = {
    "red": N_("Red"), "green": N_("Green"), "blue": N_("Blue"), "yellow": N_("Yellow"), "orange": N_("Orange"),
    "purple": N_("Purple"),
}
CONNECTION_KINDS: dict[str, str] = {"land": N_("land"), "water": N_("water")}


def _key(value: object) -> str:
    if isinstance(value, Enum):
        value = getattr(value, "key", None) or value.value
    return str(value).lower()


def biome_name(biome: object) -> str:
    """A biome (enum or key) by its name: "Glaciers" / "Gletscher"."""
    key = _key(biome)
    return _(BIOME_NAMES[key]) if key in BIOME_NAMES else key.capitalize()


def feat_name(feat: object) -> str:
    """A feat (FeatKind or key) by its name: "Union" / "Einheit"."""
    key = _key(feat)
    return _(FEAT_NAMES[key]) if key in FEAT_NAMES else key.capitalize()


def colour_name(colour: object) -> str:
    key = _key(colour)
    return _(COLOUR_NAMES[key]) if key in COLOUR_NAMES else key.capitalize()


def connection_kind(kind: object) -> str:
    key = _key(kind)
    return _(CONNECTION_KINDS[key]) if key in CONNECTION_KINDS else key


def either(items: list[str]) -> str:
    """"a", "a or b", "a, b or c" in the active language."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def both(items: list[str]) -> str:
    """"a", "a and b", "a, b and c" in the active language."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


# the engine's names of the tribes nobody sits at (B12, E7), shown in the reader's language
ROLE_NAMES: dict[str, str] = {"third": N_("Third tribe"), "void": N_("The Void")}


def tribe_label(tribe: object) -> str:
    """A tribe as the screens name it: the player's own name, or the neutral tribe's name translated."""
    role = getattr(getattr(tribe, "role", None), "value", None)
    if isinstance(role, str) and role.lower() in ROLE_NAMES:
        return _(ROLE_NAMES[role.lower()])
    return str(getattr(tribe, "name", tribe))


# a computer player's level, as setup, the Tribes panel and history name it (an old save's "random" too)
LEVEL_NAMES: dict[str, str] = {"random": N_("Random"), "easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}


def level_name(level: str) -> str:
    """A level's word; a level this version does not know keeps its own name, capitalised."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level.capitalize()
