"""Which music loop plays: menu, board, or the tense board when the Void is close; with fades.

Screens say where the player is (`enter("menu")`, `enter("board")`) and the board says whether the Void
is close (`set_danger`). The director plays the track that fits and never restarts the one already
playing: a dialog or a pause over the board can call `enter("board")` again, or nothing at all, and the
music goes on. A change fades the old track out and starts the new one when the fade is done (`update`
is called from the frame loop; the next call of any method also catches up).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from iwari_desktop.audio.cues import Track, track_path
from iwari_desktop.audio.levels import Levels
from iwari_desktop.audio.mixer import SoundFileError
from iwari_desktop.audio.player import Output

log = logging.getLogger("iwari.audio")

PLACES = ("menu", "board")
FADE_OUT_MS = 700
FADE_IN_MS = 1200


class MusicDirector:
    def __init__(self, output: Output, levels: Levels, clock: Callable[[], float] = time.monotonic) -> None:
        self.output = output
        self.levels = levels
        self.clock = clock
        self.place: str | None = None
        self.danger = False
        self.playing: Track | None = None      # what the mixer plays (or fades out)
        self._pending: Track | None = None     # what starts once the fade-out is over
        self._start_at = 0.0
        self._broken: set[Track] = set()

    @property
    def wanted(self) -> Track | None:
        if self.place is None or not self.levels.music_on:
            return None
        if self.place == "board":
            return Track.DANGER if self.danger else Track.BOARD
        return Track.MENU

    @property
    def starts_at(self) -> float | None:
        """The clock time the pending loop starts (after the fade-out), or None."""
        return self._start_at if self._pending is not None else None

    def enter(self, place: str) -> None:
        """The player is now in `place` ("menu" or "board")."""
        if place not in PLACES:
            raise ValueError(f"unknown music place {place!r} (known: {', '.join(PLACES)})")
        self.place = place
        self._sync()

    def set_danger(self, danger: bool) -> None:
        """The Void is (no longer) one territory or one Corruption card from winning."""
        self.danger = danger
        self._sync()

    def apply(self, levels: Levels) -> None:
        """New volumes or mute: the playing loop follows without restarting, unless music went off or on."""
        was_on = self.levels.music_on
        self.levels = levels
        if was_on and levels.music_on and self.playing is not None and self._pending is None:
            if self.output.ready():
                self.output.mixer.set_music_volume(levels.music)
        self._sync()

    def update(self) -> None:
        """Start the pending track once the old one has faded out (call once per frame; cheap)."""
        if self._pending is not None and self.clock() >= self._start_at:
            self._start(self._pending)

    def _sync(self) -> None:
        want = self.wanted
        if want is not None and want not in self._broken and not track_path(want).is_file():
            log.warning("music %s skipped: %s not found", want.value, track_path(want).name)   # before fading out
            self._broken.add(want)
        if want in self._broken:
            want = Track.BOARD if want is Track.DANGER and Track.BOARD not in self._broken else None
        if want == (self._pending or self.playing) or not self.output.ready():
            self.update()
            return
        if self.playing is not None:      # fade the old loop out; the new one starts after it
            self.output.mixer.fade_out_music(FADE_OUT_MS)
            self.playing = None
            self._pending, self._start_at = want, self.clock() + FADE_OUT_MS / 1000
        elif self._pending is not None:   # still fading out: only what comes next changes
            self._pending = want
        elif want is not None:
            self._start(want)
        self.update()

    def _start(self, track: Track) -> None:
        self._pending = None
        try:
            self.output.mixer.start_music(track_path(track), self.levels.music, FADE_IN_MS)
        except SoundFileError as error:
            log.warning("music %s skipped: %s", track.value, error)
            self._broken.add(track)
            self._sync()   # the next best (the board loop for a broken danger loop), or silence
            return
        self.playing = track
