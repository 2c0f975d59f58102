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


def has_ruling_id(text: str) -> bool:
    """True if a ruling id is left in `text` (what the player-facing text tests look for)."""
    return RULING_ID.search(text) is not None
