"""The last step before any engine sentence reaches a player: ruling ids out, the rule kept in words.

Engine messages name the ruling they apply ("B6: a turn plays at most 3 cards"), which is right for
logs, saves and the docs but means nothing on screen. Every refusal, notice and error a scene shows
passes through `player_text`, and a test scans every refusal a scene can show for a leftover id.
"""

from __future__ import annotations

import re

from iwari_desktop.engine.core.text import message_of, render
from iwari_desktop.engine.files.reader import one_line
from iwari_desktop.i18n import N_, _, ngettext

# a ruling id: B6, E12, S3, P2 (optionally with a letter, e.g. B4a)
_ID = r"[BESP]\d{1,2}[a-z]?"
_PATTERNS = (
    re.compile(rf"\s*\((?:see\s+)?(?:rules?|ruling)?\s*{_ID}(?:\s*(?:,|/|and|or)\s*{_ID})*\)", re.IGNORECASE),
    re.compile(rf"^\s*{_ID}(?:\s*(?:,|/)\s*{_ID})*\s*:\s*"),
    re.compile(rf"\s*\b(?:rules?|ruling)\s+{_ID}\b", re.IGNORECASE),
)
RULING_ID = re.compile(rf"\b{_ID}\b")


def player_text(text: str) -> str:
    """`text` without ruling ids, tidied: "(rule B6)", "B8: ...", "rule B13" are all removed."""
    out = text
    for pattern in _PATTERNS:
        out = pattern.sub("", out)
    out = re.sub(r"\s+([.,;:])", r"\1", out)
    out = re.sub(r"\s{2,}", " ", out).strip()
    return out[:1].upper() + out[1:] if out else out


# an action's text form quoted in an engine message: 'place t3 forest 1', 'void-move t0 t3 coast+coast'
_ACTION_TEXT = re.compile(r"'(?:place|tent|totem|exchange|draw|pass|feat|ruin|void-move|void-totem|contested)\b[^']*'")

# an engine index of a space or territory ("s74", "t3"): means nothing on screen, and "S3" would read as a ruling
_INDEX = re.compile(r"\b([st])\d+\b")

# The rule behind a refusal, in our own words, for engine reasons that only say "not possible now"
# (a rule module's default refusal quotes the action text, which means nothing to a player).
RULE_WORDS: dict[str, str] = {
    "E3": N_("A ruin space is taken with exactly two cards of the biome on its icon (no wild pair), for one tent "
           "and nothing else that turn; the ruin is yours to keep."),
    "E5": N_("A Void totem moves into an explored territory you play in: from the Void centre with two cards of "
           "that territory's biome, or from another territory with one card of each of the two biomes "
           "(no wild pairs); one more card of the destination's biome adds a piece of your own there."),
    "E7": N_("A contested token moves with exactly two cards of the biome of the territory it goes into, and "
           "carries your tent there; that is the whole action."),
    "E9": N_("Courage goes on a territory or connection that already holds a feat, and cancels one feat there."),
    "E10": N_("Worship is placed before the final scoring, on one of the lit places."),
}


def localized(message: object) -> str:
    """An engine sentence in the player's language: a `Text` (core/text.py) is looked up in the active
    catalogue and filled with its (translated) params; an exception shows the `Text` it carries; a plain
    str is shown as it is. Ruling ids stay as they are (`player_text` takes them out)."""
    if isinstance(message, BaseException):
        message = message_of(message)
    return render(message, _, ngettext)


def shown_error(message: object) -> str:
    """A file error (or any engine error) as one line for a dialog, in the player's language.

    Unlike `player_text` it keeps the case of its start: the line begins with a file name."""
    return one_line(localized(message))


def refusal_text(rule: str, reason: str) -> str:
    """An engine refusal as a player reads it, in the player's language: ids out, quoted action texts out,
    the rule in words when the engine's reason alone would not say which rule it is."""
    reason = localized(reason)
    quoted = _ACTION_TEXT.search(reason) is not None
    reason = _ACTION_TEXT.sub(_("that move"), reason)
    reason = _INDEX.sub(lambda m: _("that space") if m.group(1) == "s" else _("that territory"), reason)
    text = player_text(reason)
    if text and not text.endswith("."):
        text += "."
    if quoted and rule in RULE_WORDS:
        text = f"{text} {_(RULE_WORDS[rule])}"
    return text


def has_ruling_id(text: str) -> bool:
    """True if a ruling id is left in `text` (what the player-facing text tests look for)."""
    return RULING_ID.search(text) is not None
