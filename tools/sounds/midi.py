"""Phrases of notes, written as Standard MIDI Files with mido for FluidSynth to render.

A phrase is data (notes in beats, a General MIDI programme per channel) rather than a hand-edited
.mid file, so every sound is reviewable in a diff and re-rendered by `make sounds`. Channel 9 is the
General MIDI percussion channel: its "pitch" picks a drum, and it takes no programme.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import mido

TICKS_PER_BEAT = 480
DRUMS = 9                 # General MIDI's percussion channel (channel 10 counted from one)
TAIL_BEATS = 8.0          # silence kept after the last note so reverb and release ring out in the render
UNUSED_CONTROLLER = 110   # a controller no GM instrument reacts to: marks the end of the tail


@dataclass(frozen=True)
class Note:
    """One note: when (in beats from the phrase's start), how long, which key and how hard."""

    beat: float
    length: float
    pitch: int
    velocity: int = 80
    channel: int = 0


@dataclass
class Voice:
    """A channel's instrument and mix: GM programme (0-based, so 'Acoustic Grand Piano' is 0)."""

    programme: int | None          # None on the percussion channel
    volume: int = 100              # controller 7
    reverb: int = 40               # controller 91
    pan: int = 64                  # controller 10


@dataclass
class Phrase:
    """A cue or one pass of a music loop, with its tempo and the voices its channels use.

    `beats` is the length of one pass: a loop is rendered twice and the second pass kept, so the reverb
    of its end rings into its start exactly as it will when the game loops it.
    """

    name: str
    bpm: float
    voices: dict[int, Voice]
    notes: list[Note] = field(default_factory=list)
    beats: float = 0.0

    def add(self, beat: float, length: float, pitch: int, velocity: int = 80, channel: int = 0) -> None:
        self.notes.append(Note(beat, length, pitch, max(1, min(127, velocity)), channel))

    def chord(self, beat: float, length: float, pitches: list[int], velocity: int = 80, channel: int = 0,
              spread: float = 0.0) -> None:
        """Several notes together; `spread` beats between them strums the chord."""
        for i, pitch in enumerate(pitches):
            self.add(beat + i * spread, length - i * spread, pitch, velocity, channel)

    @property
    def end_beat(self) -> float:
        return max((n.beat + n.length for n in self.notes), default=0.0)


def _ticks(beats: float) -> int:
    return round(beats * TICKS_PER_BEAT)


def write_midi(phrase: Phrase, path: Path, passes: int = 1) -> None:
    """A type-0 MIDI file of `passes` copies of the phrase, one `beats` apart, and a silent tail."""
    events: list[tuple[int, int, mido.Message]] = []   # (tick, order, message): offs sort before ons
    for channel, voice in sorted(phrase.voices.items()):
        if voice.programme is not None and channel != DRUMS:
            events.append((0, 0, mido.Message("program_change", channel=channel, program=voice.programme)))
        for control, value in ((7, voice.volume), (91, voice.reverb), (10, voice.pan), (93, 0)):
            events.append((0, 0, mido.Message("control_change", channel=channel, control=control, value=value)))
    length = phrase.beats or phrase.end_beat
    for copy in range(passes):
        offset = copy * length
        for note in phrase.notes:
            start = _ticks(offset + note.beat)
            stop = max(start + 1, _ticks(offset + note.beat + note.length))
            events.append((start, 2, mido.Message("note_on", channel=note.channel, note=note.pitch,
                                                  velocity=note.velocity)))
            events.append((stop, 1, mido.Message("note_off", channel=note.channel, note=note.pitch, velocity=0)))
    last = max(tick for tick, _, _ in events)
    tail = max(last, _ticks((passes - 1) * length + phrase.end_beat)) + _ticks(TAIL_BEATS)
    events.append((tail, 3, mido.Message("control_change", channel=0, control=UNUSED_CONTROLLER, value=0)))
    events.sort(key=lambda event: (event[0], event[1]))
    track = mido.MidiTrack()
    track.append(mido.MetaMessage("set_tempo", tempo=mido.bpm2tempo(phrase.bpm), time=0))
    now = 0
    for tick, _, message in events:
        track.append(message.copy(time=tick - now))
        now = tick
    track.append(mido.MetaMessage("end_of_track", time=0))
    midi = mido.MidiFile(type=0, ticks_per_beat=TICKS_PER_BEAT)
    midi.tracks.append(track)
    path.parent.mkdir(parents=True, exist_ok=True)
    midi.save(str(path))
