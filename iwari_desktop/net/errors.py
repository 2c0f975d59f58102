"""The one error a network reader raises: a message or snapshot that is not what the protocol allows."""

from __future__ import annotations


class WireError(ValueError):
    """Malformed data received from the network, with a one-line reason (never a traceback).

    A ValueError so callers that already refuse bad files with `except ValueError` refuse this too. The
    reason is English for the console and logs (a protocol fault, not a sentence of the game); a screen shows
    its own translated words for "the host sent something this version cannot read".
    """
