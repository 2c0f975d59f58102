"""Words for the setup screen: each map's special rules and each expansion option, in one line each.

A map rule's line comes from its registered rule module (`summary`), so the engine's own words win
as soon as a module exists. Until then `MAP_RULE_LINES` — the one table of fallback lines, written
in our own words from the rulings — keeps the list from being blank. The option lines come from the
engine's `OPTIONS` help; only Worship's variants need lines of their own here.
"""

from __future__ import annotations

from iwari_desktop.engine import rulesets
from iwari_desktop.engine.core.config import OPTIONS
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.maps.board import Board
from ...i18n import N_, _
from ..ui.words import player_text

# map rule id -> one plain line, used only while that rule's module is not registered
MAP_RULE_LINES: dict[str, str] = {
    "tundra-no-totems": N_("The Tundra territory never takes a totem."),
    "connection-roads": N_("Some roads run along connections, so settlements can reach across them."),
    "ruins": N_("Void ruins guard the ruin spaces: two cards of a ruin's icon swap it for your tent, "
             "and each ruin you take is a point at the end. A connection with a ruin scores once a tent replaces it."),
    "twin-connections": N_("Two connections join the same pair of territories and each scores on its own."),
    "void-totems": N_("Five Void totems start in the centre; a Place may move one of them into play."),
    "long-road": N_("The purple road scores like a territory for most tents on it, at the final scoring only."),
    "void-tribe": N_("Up to six players, the sixth in purple; twelve Void cards join the deck as a sixth biome."),
    "contested": N_("Five contested tokens: two cards of a bordering biome bring one into that territory "
                 "with your tent on it."),
    "determination": N_("The Determination token lets its holder put a second piece in an unexplored "
                     "territory once, then it passes on."),
}
UNKNOWN_RULE = N_("A rule of this map that this version does not explain yet.")

# the expansion options, in the order the setup shows them
OPTION_TITLES: dict[str, str] = {"expeditions": N_("Expedition cards"), "courage": N_("Courage"), "worship": N_("Worship")}
WORSHIP_VALUES: tuple[int, ...] = (0, 1, 2, 3)
WORSHIP_LABELS: dict[int, str] = {0: N_("Off"), 1: "1", 2: "2", 3: "3"}
WORSHIP_LINES: dict[int, str] = {
    0: N_("No Worship feat in this game."),
    1: N_("Most tents on dead ends: Worship on a territory."),
    2: N_("Most tents on contested tokens: Worship there."),
    3: N_("Most totems on golden tokens: on a connection."),
}
# the same in full, for the buttons' hover hints (the lines above are cut to fit the panel)
WORSHIP_HINTS: dict[int, str] = {
    1: N_("Most tents on dead-end spaces: Worship goes on a territory."),
    2: N_("Most tents on contested tokens: Worship goes on one of their territories."),
    3: N_("Most totems on the golden tokens: Worship goes on a connection."),
}


def registered_summary(key: str, field: str = "summary") -> str:
    """The plain-words `summary` (or `solo_summary`) of the module registered under `key`, or "" (none,
    or none yet)."""
    rulesets.load_all()  # modules register on import
    module: type[RuleModule] | None = REGISTRY.get(key)
    summary = getattr(module, field, "") if module is not None else ""
    return player_text(_(summary)) if isinstance(summary, str) and summary.strip() else ""


def rule_line(rule: str) -> str:
    """One map rule in words: the registered module's `summary`, else the fallback table."""
    return registered_summary(rule) or _(MAP_RULE_LINES.get(rule, UNKNOWN_RULE))


def map_rule_lines(board: Board) -> list[str]:
    """Every special rule of `board`, one line each (the base maps have none)."""
    return [rule_line(rule) for rule in board.rules]


def vs_void_rule_lines(board: Board) -> list[str]:
    """The map's own rules as a game against the Void plays them (S11), one line each."""
    lines = [line for rule in board.rules if (line := registered_summary(rule, "solo_summary"))]
    return lines or [_("Plain solo rules: nothing on this map changes the game against the Void.")]


def option_line(name: str) -> str:
    """The engine's one-line help for setup option `name`, as a sentence for players."""
    text = player_text(_(OPTIONS[name].help))
    return text if text.endswith(".") else text + "."


def option_summary(name: str) -> str:
    """The registered module's longer summary of an option, or its one line when there is none yet."""
    return registered_summary(name) or option_line(name)


# the computer levels as players read them
LEVEL_NAMES: dict[str, str] = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}


def level_name(level: str) -> str:
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level.capitalize()
