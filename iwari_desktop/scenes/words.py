"""The last step before any engine sentence reaches a player: ruling ids out, the rule kept in words.

Engine messages name the ruling they apply ("B6: a turn plays at most 3 cards"), which is right for
logs, saves and the docs but means nothing on screen. Every refusal, notice and error a scene shows
passes through `player_text`, and a test scans every refusal a scene can show for a leftover id.
"""

from __future__ import annotations

import re

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
    "E3": ("A ruin space is taken with exactly two cards of the biome on its icon (no wild pair), for one tent "
           "and nothing else that turn; the ruin is yours to keep."),
    "E5": ("A Void totem moves into an explored territory you play in: from the Void centre with two cards of "
           "that territory's biome, or from another territory with one card of each of the two biomes "
           "(no wild pairs); one more card of the destination's biome adds a piece of your own there."),
    "E7": ("A contested token moves with exactly two cards of the biome of the territory it goes into, and "
           "carries your tent there; that is the whole action."),
    "E9": "Courage goes on a territory or connection that already holds a feat, and cancels one feat there.",
    "E10": "Worship is placed before the final scoring, on one of the lit places.",
}


def refusal_text(rule: str, reason: str) -> str:
    """An engine refusal as a player reads it: ids out, quoted action texts out, the rule in words when the
    engine's reason alone would not say which rule it is."""
    quoted = _ACTION_TEXT.search(reason) is not None
    reason = _ACTION_TEXT.sub("that move", reason)
    reason = _INDEX.sub(lambda m: "that space" if m.group(1) == "s" else "that territory", reason)
    text = player_text(reason)
    if text and not text.endswith("."):
        text += "."
    if quoted and rule in RULE_WORDS:
        text = f"{text} {RULE_WORDS[rule]}"
    return text


def has_ruling_id(text: str) -> bool:
    """True if a ruling id is left in `text` (what the player-facing text tests look for)."""
    return RULING_ID.search(text) is not None
