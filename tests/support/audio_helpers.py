"""An `Audio` on a fake mixer and a hand-wound clock, and seeded games that feed it every applied action."""

from __future__ import annotations

import random
from collections import Counter

from iwari_desktop.audio import Audio, FakeMixer
from iwari_desktop.engine import apply, legal_actions
from iwari_desktop.engine.core.state import GameState


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def fake_audio(settings=None, **mixer_options) -> tuple[Audio, FakeMixer, Clock]:
    mixer, clock = FakeMixer(**mixer_options), Clock()
    return Audio(settings, mixer=mixer, clock=clock), mixer, clock


def drain(audio: Audio, clock: Clock, seconds: float = 3.0) -> None:
    """Let the queued cues of a batch play, as the frame loop would."""
    for _ in range(int(seconds / 0.05)):
        clock.advance(0.05)
        audio.update()


def play_seeded(state: GameState, seed: int, audio: Audio, clock: Clock, mixer: FakeMixer,
                limit: int = 3000) -> list[tuple[object, list[str]]]:
    """Random legal actions to the end; each step with the cues it made (after draining the queue)."""
    rng = random.Random(seed)
    audio.watch(state)
    steps = []
    for _ in range(limit):
        if state.is_terminal():
            return steps
        action = rng.choice(legal_actions(state))
        apply(state, action)
        before = len(mixer.played)
        audio.on_action(action, state)
        drain(audio, clock, 1.5)
        steps.append((action, mixer.played_names[before:]))
    raise AssertionError("the seeded game did not end")


def heard(steps) -> Counter:
    return Counter(name for _, names in steps for name in names)
