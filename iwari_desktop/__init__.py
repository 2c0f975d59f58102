"""Iwari Desktop: the desktop edition of the board game Iwari."""

__version__ = "0.1.0"
