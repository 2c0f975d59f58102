"""What the `--smoke` runs check and say of the sound (issue #22): the cues a game set off, the music's way.

The smoke runs under SDL's dummy audio driver, so the real mixer opens, decodes the bundled files and
mixes them (a frozen build without its sounds would play nothing). A bot plays a move in a few
milliseconds, far faster than cues can follow one another, so most cues of a smoke game are dropped by the
audio's queue, as they would be for a player clicking that fast: the line counts the kinds of cue the game
*set off* (the table chose them) and, apart, the kinds the mixer really played.
"""

from __future__ import annotations

from typing import Any

from .smoke_driver import SmokeFailure

# the bar: a smoke game sets off at least this many different cues
MIN_CUE_KINDS = 12


def refuse_then_exchange(app, board) -> None:
    """Two gestures of the first turn a bot game never makes here: a click the rules refuse (nothing selected
    to pay with), which must say why, then an Exchange of the first hand card through the Exchange button's
    path. Both go through the same controller calls as a person's clicks."""
    from ..board.overlays import HandoffOverlay

    controller = board.controller
    top = app.stack.top
    if isinstance(top, HandoffOverlay):
        top.confirm()
        app.step(0)
    controller.clear_selection()
    if controller.click_territory(0) or controller.message is None or not controller.message.error:
        raise SmokeFailure("a click on a territory with no cards selected was not refused with a reason")
    app.step(0)
    before = len(controller.game.log)
    controller.toggle_card(0)
    if not controller.exchange() or len(controller.game.log) != before + 1:
        raise SmokeFailure(f"Exchange did not play ({controller.message.text if controller.message else 'no message'})")
    app.step(0)


def music_way(audio: Any) -> str:
    """The loops the music went to, in order, e.g. "menu > board > danger"."""
    return " > ".join(track.value for track in audio.music.way) or "none"


def sound_line(app, expect_kinds: int = 0) -> str:
    """The sound part of a smoke summary; SmokeFailure if fewer than `expect_kinds` kinds of cue were set off."""
    audio = app.audio
    kinds = len(audio.triggered)
    if kinds < expect_kinds:
        heard = ", ".join(sorted(cue.value for cue in audio.triggered))
        raise SmokeFailure(f"only {kinds} kinds of cue were set off ({heard}); at least {expect_kinds} expected")
    device = "no audio device" if audio.output.unavailable else f"{len(audio.played)} kinds played"
    return f"{kinds} kinds of cue set off ({sum(audio.triggered.values())} cues, {device}), music {music_way(audio)}"
