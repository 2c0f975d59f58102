"""Chat and names as a host accepts them from strangers: plain text, bounded, and rate limited.

Why here and not in the transport: the table decides what a line becomes (control characters and
line breaks out, whitespace collapsed, cut to the bound) and how often a connection may speak, so a
dedicated server and the in-game host behave the same, and the rules are tested without sockets.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from dataclasses import dataclass, field

from iwari_desktop.net.protocol import MAX_CHAT, MAX_NAME

CHAT_BURST = 5        # lines a connection may send ...
CHAT_WINDOW = 10.0    # ... within this many seconds
CHAT_TAIL = 50        # lines a table keeps (sent to a newcomer, saved with the table)


def plain_text(text: str, limit: int) -> str:
    """`text` without control or format characters (line breaks, bidi overrides, zero-width marks), runs of
    whitespace made one space, trimmed and cut to `limit` characters."""
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category.startswith("Z") or char in "\t\n\r\f\v":
            kept.append(" ")
        elif category[0] == "C":   # Cc control, Cf format, Cs surrogate, Co private use, Cn unassigned
            continue
        else:
            kept.append(char)
    return " ".join("".join(kept).split())[:limit]


def clean_name(name: str, fallback: str) -> str:
    """A seat's or a player's name as shown to everybody; `fallback` when nothing printable is left."""
    return plain_text(name, MAX_NAME) or fallback[:MAX_NAME]


def clean_chat(text: str) -> str:
    """A chat line as the table repeats it ("" when nothing printable is left: the line is dropped)."""
    return plain_text(text, MAX_CHAT)


@dataclass
class RateLimit:
    """At most `count` events in any `window` seconds (a sliding window over the last `count` times)."""

    count: int = CHAT_BURST
    window: float = CHAT_WINDOW
    times: deque = field(default_factory=deque)

    def allow(self, now: float) -> bool:
        """True (and the event counted) if one more event at `now` stays within the limit."""
        while self.times and now - self.times[0] >= self.window:
            self.times.popleft()
        if len(self.times) >= self.count:
            return False
        self.times.append(now)
        return True

    def wait(self, now: float) -> float:
        """Seconds until the next event would be allowed (0 when it would be now)."""
        if len(self.times) < self.count:
            return 0.0
        return max(0.0, self.window - (now - self.times[0]))
