"""What the board screen lets the player hear: each action the game applied, a refused click, the music's danger.

Every action reaches the game through the controller (a click, a key, a computer's turn, the tester's bot),
and every change of the controller reaches the board scene's `_after`. So the board hands its `BoardEars`
the controller after each change, and the ears find the actions the game's log gained since the last look:
one hook, whoever played, without reaching into how the controller is put together. The audio picks the
cues (`iwari_desktop.audio`: the one table); nothing here names a sound.

- The seat that was to move at the last look played the new actions: a computer seat sounds its turn once.
- A log that shrank was undone: the audio watches the rebuilt state, so the replayed history stays quiet.
- When the controller queued the Void's steps to show them one at a time, the steps screen sounds each
  as it shows it (scenes/solo/void_steps.py), not all at once here.
- A new refusal (a controller message marked as an error) is an illegal click.
"""

from __future__ import annotations

from typing import Any

from ...audio import Happening


class BoardEars:
    def __init__(self, controller: Any) -> None:
        self.controller = controller
        self._logged = len(controller.game.log)
        self._seat = controller.state.active_seat
        self._message = controller.message

    def start(self, audio: Any) -> None:
        """The board is on screen with this game: what the game already holds (a load, a resume) stays quiet."""
        c = self.controller
        self._logged, self._seat, self._message = len(c.game.log), c.state.active_seat, c.message
        audio.watch(c.state)

    def after_change(self, audio: Any) -> None:
        """The controller changed (the board's `_after`): sound what happened since the last look."""
        c = self.controller
        log = c.game.log
        if len(log) < self._logged:
            audio.watch(c.state)
        else:
            by_computer = c.computer_level(self._seat) is not None
            for action in log[self._logged:]:
                audio.on_action(action, c.state, by_computer=by_computer, with_void_steps=not c.void_steps)
        self._logged, self._seat = len(log), c.state.active_seat
        if c.message is not self._message and c.message is not None and c.message.error:
            audio.hear(Happening.ILLEGAL_ACTION)
        self._message = c.message
