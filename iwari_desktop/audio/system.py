"""`Audio`: the one object the app owns for sound: cues for happenings, the music, the volumes.

Screens hand it engine events (`on_action`, `on_void_event`, `on_score_line`) or a screen happening
(`hear(Happening.ILLEGAL_ACTION)`); it picks the cue from the table in `happenings.py`. When one action
sets off many things (a Corruption counting two territories and ending the game), the weightiest few
sound one after another, a short gap apart, in the order they happened; `update()` from the frame loop
plays the rest on time. Cheap to create: the engine, pygame's mixer and the sound files are all loaded
only when first needed, so the menu's first frame does not wait for them.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from iwari_desktop.audio.cues import Cue
from iwari_desktop.audio.happenings import SOUNDS, Happening
from iwari_desktop.audio.levels import Levels
from iwari_desktop.audio.mixer import Mixer, PygameMixer
from iwari_desktop.audio.music import MusicDirector
from iwari_desktop.audio.player import CuePlayer, Output

if TYPE_CHECKING:
    from iwari_desktop.audio.listen import Marks
    from iwari_desktop.engine.core.actions import Action
    from iwari_desktop.engine.core.state import GameState

CUE_GAP = 0.22       # seconds between cues of one batch: each is heard, none drags behind the board
MOST_AT_ONCE = 4     # of one batch, only the weightiest this many sound
QUEUE_LIMIT = 8


class Audio:
    def __init__(self, settings: Any = None, mixer: Mixer | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        levels = Levels.from_settings(settings) if settings is not None else Levels()
        self.output = Output(mixer if mixer is not None else PygameMixer())
        self.cues = CuePlayer(self.output, levels)
        self.music = MusicDirector(self.output, levels, clock)
        self.clock = clock
        self._queue: list[Cue] = []
        self._next_at = 0.0
        self._state: GameState | None = None
        self._marks: Marks | None = None
        self._computer_turn: tuple[int, int] | None = None

    # ---- settings ---------------------------------------------------------------------------------
    def apply_settings(self, settings: Any) -> None:
        """Volumes, effects on/off and mute from `storage.Settings`; the music follows without a restart."""
        levels = Levels.from_settings(settings)
        self.cues.levels = levels
        self.music.apply(levels)
        if not levels.effects_on:
            self._queue.clear()

    @property
    def played(self) -> Counter[Cue]:
        """How often each cue was handed to the mixer this session (the smoke run counts them)."""
        return self.cues.played

    # ---- happenings ---------------------------------------------------------------------------------
    def hear(self, happenings: Happening | Iterable[Happening]) -> None:
        """Sound one happening, or a batch of them (the weightiest few, in order, a short gap apart)."""
        batch = [happenings] if isinstance(happenings, Happening) else list(happenings)
        kept = sorted(range(len(batch)), key=lambda i: -SOUNDS[batch[i]].weight)[:MOST_AT_ONCE]
        self._queue += [SOUNDS[batch[i]].cue for i in sorted(kept)]
        del self._queue[:-QUEUE_LIMIT]   # a frame loop that stalled must not replay a minute of cues
        self.update()

    def watch(self, state: GameState) -> None:
        """A game is on the board now (new, loaded, or rebuilt by undo): what it already holds stays quiet."""
        from iwari_desktop.audio.listen import Marks, void_is_close

        self._state, self._marks = state, Marks.of(state)
        self.music.set_danger(void_is_close(state))

    def on_action(self, action: Action | None, state: GameState, by_computer: bool = False,
                  with_void_steps: bool = True) -> None:
        """After `action` was applied to `state`: its own sound, then whatever it set off.

        `with_void_steps=False` when the board shows the Void's steps one at a time and calls
        `on_void_event` for each as it is shown.
        """
        from iwari_desktop.audio.listen import Marks, of_action, since, void_is_close

        if state is not self._state or self._marks is None:
            self.watch(state)          # a state the audio has not seen: sound the action, not its history
            consequences: list[Happening] = []
        else:
            consequences = since(self._marks, state, with_void_steps)
        marks = self._marks
        assert marks is not None
        heard: list[Happening] = []
        if by_computer and (marks.turn, marks.seat) != self._computer_turn:   # once per computer turn
            self._computer_turn = (marks.turn, marks.seat)
            heard.append(Happening.COMPUTER_MOVED)
        self.hear(heard + of_action(action) + consequences)
        self._marks = Marks.of(state)
        self.music.set_danger(void_is_close(state))

    def on_void_event(self, event: Any, state: GameState) -> None:
        """One Void step as the board shows it (a `VoidEvent`)."""
        from iwari_desktop.audio.listen import of_void_event

        happening = of_void_event(event, state)
        if happening is not None:
            self.hear(happening)

    def on_score_line(self, line: Any, state: GameState, viewer_tribes: Iterable[int]) -> None:
        """A line of the scoring screen as it is revealed: a territory taken by you, another tribe or the Void."""
        from iwari_desktop.audio.listen import of_score_line

        happening = of_score_line(line, state, frozenset(viewer_tribes))
        if happening is not None:
            self.hear(happening)

    # ---- time -------------------------------------------------------------------------------------
    def update(self) -> None:
        """Play what is due (call once per frame; does nothing when nothing is queued)."""
        self.music.update()
        now = self.clock()
        if self._queue and now >= self._next_at:
            self.cues.play(self._queue.pop(0))
            self._next_at = now + CUE_GAP

    def wake_in(self) -> float | None:
        """Seconds until `update` has something to do (a queued cue, a loop to start after a fade), or None.

        The frame loop waits for events with a timeout; it should wait no longer than this, or a batch of
        cues would trail behind the board by the loop's idle timeout.
        """
        due = [self._next_at] if self._queue else []
        if self.music.starts_at is not None:
            due.append(self.music.starts_at)
        return max(0.0, min(due) - self.clock()) if due else None

