"""Raw pygame events turned into intents: what the player means, independent of the device.

Scenes react to intents only, so keyboard shortcuts, mouse clicks, tests and the bot driver all go
down the same paths, and remapping a key is a change in one table here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import Enum, auto

import pygame

DEBUG_ENV = "IWARI_DEBUG_BOT"   # the tester's switch for F9/F10 (scenes/selftest/debug_hook.py acts on them)
DEBUG_BURST = 40                # gestures one Shift+F9 plays at most


def debug_keys_on() -> bool:
    """True only when the tester switched the hook on: without it F9/F10 mean nothing to a player."""
    return os.environ.get(DEBUG_ENV) == "1"


class Kind(Enum):
    CONFIRM = auto()           # Enter (not Space: a stray Space must never end a turn)
    CANCEL = auto()            # Esc: back / pause menu
    UNDO = auto()              # Backspace, Ctrl+Z
    PICK_CARD = auto()         # number keys 1–9: toggle a hand card (index 0-based)
    TOGGLE_FULLSCREEN = auto() # F11
    TOGGLE_MUTE = auto()       # M: every sound off / back on, on every screen (not while typing a name)
    EXCHANGE = auto()          # X
    DRAW_DECK = auto()         # D
    TOTEM = auto()             # T: place a totem while placing pieces
    VOID_TOTEM = auto()        # V: place the Void totem being moved (The Uncharted Paths)
    LOG = auto()               # L: the board's whole-game log, open / closed
    CLICK = auto()             # left button pressed at `pos`
    RIGHT_CLICK = auto()       # right button: clear the selection
    HOVER = auto()             # the mouse moved to `pos`; `amount` 1 while the left button is held (a drag)
    SCROLL = auto()            # wheel, arrows, Home/End; `amount` lines, > 0 scrolls up; `smooth` from the wheel
    PAGE = auto()              # PageUp/PageDown: `amount` screenfuls, > 0 up
    RESIZE = auto()            # the window changed size to `pos` (width, height)
    QUIT = auto()              # window closed
    DEBUG_BOT = auto()         # F9 (Shift: a burst of `amount`), only with IWARI_DEBUG_BOT=1 (debug_hook)
    DEBUG_DUMP = auto()        # F10, only with IWARI_DEBUG_BOT=1: write the click targets (debug_hook)


@dataclass(frozen=True, slots=True)
class Intent:
    kind: Kind
    pos: tuple[int, int] | None = None
    index: int = 0
    amount: int = 0
    smooth: bool = False


_KEYS: dict[int, Kind] = {
    pygame.K_RETURN: Kind.CONFIRM, pygame.K_KP_ENTER: Kind.CONFIRM,
    pygame.K_ESCAPE: Kind.CANCEL, pygame.K_BACKSPACE: Kind.UNDO, pygame.K_F11: Kind.TOGGLE_FULLSCREEN,
    pygame.K_m: Kind.TOGGLE_MUTE,
    pygame.K_x: Kind.EXCHANGE, pygame.K_d: Kind.DRAW_DECK, pygame.K_t: Kind.TOTEM, pygame.K_v: Kind.VOID_TOTEM,
    pygame.K_l: Kind.LOG,
}
_DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | {getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)}
_SCROLL_KEYS = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_HOME: 10_000, pygame.K_END: -10_000}
_PAGE_KEYS = {pygame.K_PAGEUP: 1, pygame.K_PAGEDOWN: -1}

# Keys that still work while a text field has the keyboard (everything else is typing).
TEXT_SAFE = frozenset({Kind.TOGGLE_FULLSCREEN, Kind.CANCEL})


def translate(event: pygame.event.Event, text_focus: bool = False) -> list[Intent]:
    """The intents one event stands for (usually zero or one)."""
    etype = event.type
    if etype == pygame.QUIT:
        return [Intent(Kind.QUIT)]
    if etype == pygame.MOUSEBUTTONDOWN:
        if event.button == 1:
            return [Intent(Kind.CLICK, pos=tuple(event.pos))]
        if event.button == 3:
            return [Intent(Kind.RIGHT_CLICK, pos=tuple(event.pos))]
        return []
    if etype == pygame.MOUSEMOTION:
        held = 1 if getattr(event, "buttons", (0,))[0] else 0
        return [Intent(Kind.HOVER, pos=tuple(event.pos), amount=held)]
    if etype == pygame.MOUSEWHEEL:
        return [Intent(Kind.SCROLL, amount=int(event.y) * 3, smooth=True)] if event.y else []
    if etype == pygame.VIDEORESIZE:
        return [Intent(Kind.RESIZE, pos=(event.w, event.h))]
    if etype != pygame.KEYDOWN:
        return []
    key = event.key
    if key in (pygame.K_F9, pygame.K_F10) and not text_focus:
        if not debug_keys_on():
            return []
        if key == pygame.K_F10:
            return [Intent(Kind.DEBUG_DUMP)]
        return [Intent(Kind.DEBUG_BOT, amount=DEBUG_BURST if event.mod & pygame.KMOD_SHIFT else 1)]
    if key == pygame.K_z and event.mod & pygame.KMOD_CTRL and not text_focus:
        return [Intent(Kind.UNDO)]
    kind = _KEYS.get(key)
    if kind is not None:
        if text_focus and kind not in TEXT_SAFE:
            return []
        return [Intent(kind)]
    if text_focus:
        return []
    if key in _DIGITS:
        return [Intent(Kind.PICK_CARD, index=_DIGITS[key] - 1)]
    if key in _SCROLL_KEYS:
        return [Intent(Kind.SCROLL, amount=_SCROLL_KEYS[key])]
    if key in _PAGE_KEYS:
        return [Intent(Kind.PAGE, amount=_PAGE_KEYS[key])]
    return []
