"""Words for the setup screen: each map's special rules and each expansion option, in one line each.

A map rule's line comes from its registered rule module (`summary`), so the engine's own words win
as soon as a module exists. Until then `MAP_RULE_LINES` — the fallback lines each rule's presenter
holds (`setup_line`), written in our own words from the rulings — keeps the list from being blank. The
option lines come from the engine's `OPTIONS` help, their titles from the presenters; Worship's
variants have lines of their own in its presenter.
"""

from __future__ import annotations

from iwari_desktop.engine import rulesets
from iwari_desktop.engine.core.config import OPTIONS
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.maps.board import Board
from ...i18n import N_, _
from ..ui.words import player_text
from ..presenters.registry import map_rule_lines as presented_rule_lines, option_titles
from ..presenters.worship import WORSHIP_HINTS, WORSHIP_LABELS, WORSHIP_LINES, WORSHIP_VALUES  # noqa: F401  (setup_options)

# map rule id -> one plain line, used only while that rule's module gives no summary; each line lives in
# its rule's presenter (presenters/), so this table is never a hand copy of the rules
MAP_RULE_LINES: dict[str, str] = presented_rule_lines()
UNKNOWN_RULE = N_("A rule of this map that this version does not explain yet.")

# the expansion options, in the order the setup shows them (the engine's OPTIONS order), titled by their presenters
OPTION_TITLES: dict[str, str] = option_titles()


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


