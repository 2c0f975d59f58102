"""The three music loops as MIDI phrases: calm menu, the board, and the tense board when the Void is close.

Each loop is a chord progression played in sections that add and drop instruments, with a melody
chosen from the chord's tones by a seeded `random.Random` (the same notes on every render). The tempo
is chosen so a beat is a whole number of samples at the render rate, which keeps the loop point exact.
Quiet on purpose: music sits under the cues, and a player hears it for an hour.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from iwari_desktop.audio.cues import Track
from tools.sounds.gm import (
    ACOUSTIC_BASS, BASS_DRUM, CABASA, CELLO, CHOIR, CONTRABASS, FLUTE, KALIMBA, LOW_CONGA, LOW_FLOOR_TOM, MARACAS,
    MARIMBA, MUTE_HI_CONGA, NEW_AGE_PAD, NYLON_GUITAR, PAN_FLUTE, PIZZICATO, TAIKO, TIMPANI, TREMOLO_STRINGS,
    WARM_PAD,
)
from tools.sounds.midi import DRUMS, Phrase, Voice

BEATS_PER_BAR = 4

# chord name -> pitches of a close voicing (middle octave); the roots come from the first entry
CHORDS: dict[str, list[int]] = {
    "D": [62, 66, 69], "Bm": [59, 62, 66], "G": [55, 59, 62], "A": [57, 61, 64], "F#m": [54, 57, 61],
    "Em": [52, 55, 59], "Am": [57, 60, 64], "F": [53, 57, 60], "C": [60, 64, 67], "Dm": [62, 65, 69],
    "Bb": [58, 62, 65], "Gm": [55, 58, 62], "A7": [57, 61, 67], "Eb": [51, 55, 58],
}


def _bars(progression: list[str]) -> list[list[int]]:
    return [CHORDS[name] for name in progression]


def _melody(p: Phrase, rng: random.Random, bar: int, chord: list[int], scale: list[int], channel: int,
            velocity: int, low: int, high: int, last: int) -> int:
    """One bar of a singable line: mostly steps, chord tones on strong beats, a rest now and then."""
    rhythms = ([2.0, 2.0], [1.5, 0.5, 2.0], [1.0, 1.0, 2.0], [3.0, 1.0], [1.0, 0.5, 0.5, 2.0], [4.0])
    beat = bar * BEATS_PER_BAR
    pool = [n for n in scale if low <= n <= high]
    for i, length in enumerate(rng.choice(rhythms)):
        if i == 0 or rng.random() < 0.35:   # strong beat: the nearest chord tone
            candidates = [n for n in pool if n % 12 in {c % 12 for c in chord}]
        else:                                # weak beat: a step from the last note
            candidates = [n for n in pool if 0 < abs(n - last) <= 2] or pool
        candidates.sort(key=lambda n: abs(n - last))
        note = rng.choice(candidates[:3])
        if rng.random() > 0.12:
            p.add(beat, length * 0.95, note, velocity + rng.randint(-6, 6), channel)
        last, beat = note, beat + length
    return last


def _scale(tonic: int, steps: tuple[int, ...]) -> list[int]:
    return [tonic + octave * 12 + step for octave in range(-3, 4) for step in steps]


MAJOR_PENTATONIC = (0, 2, 4, 7, 9)
DORIAN = (0, 2, 3, 5, 7, 9, 10)
MINOR = (0, 2, 3, 5, 7, 8, 10)


def menu() -> Phrase:
    """Calm and open: nylon guitar arpeggios over warm strings, a flute joining in the later sections."""
    p = Phrase(Track.MENU.value, 75, {0: Voice(NYLON_GUITAR, 95, 45, 52), 1: Voice(WARM_PAD, 60, 60),
                                      2: Voice(FLUTE, 80, 55, 76), 3: Voice(ACOUSTIC_BASS, 80, 30)})
    progression = ["D", "Bm", "G", "A", "D", "F#m", "Em", "A"] * 3
    rng = random.Random(2201)
    last = 74
    for bar, chord in enumerate(_bars(progression)):
        beat = bar * BEATS_PER_BAR
        arpeggio = [chord[0] - 12, chord[2] - 12, chord[0], chord[1], chord[2], chord[1]]
        for i in range(8):
            p.add(beat + i * 0.5, 1.2, arpeggio[i % len(arpeggio)], 52 + (8 if i == 0 else 0))
        p.chord(beat, 4.0, chord, 40, 1)
        p.add(beat, 1.9, chord[0] - 24, 58, 3)
        p.add(beat + 2, 1.9, chord[2] - 24, 50, 3)
        if bar >= 8 and bar % 8 != 7:
            last = _melody(p, rng, bar, chord, _scale(62, MAJOR_PENTATONIC), 2, 62, 69, 86, last)
    p.beats = len(progression) * BEATS_PER_BAR
    return p


def board() -> Phrase:
    """A game on the table: a kalimba ostinato and soft hand drums; pan flute and marimba take turns."""
    p = Phrase(Track.BOARD.value, 80, {0: Voice(KALIMBA, 85, 40, 56), 1: Voice(MARIMBA, 70, 40, 72),
                                       2: Voice(PAN_FLUTE, 75, 60, 70), 3: Voice(ACOUSTIC_BASS, 80, 25),
                                       4: Voice(NEW_AGE_PAD, 50, 60), DRUMS: Voice(None, 70, 25)})
    progression = ["Am", "G", "F", "G", "Am", "Em", "F", "G"] * 4
    rng = random.Random(2202)
    last = 76
    for bar, chord in enumerate(_bars(progression)):
        section, beat = bar // 8, bar * BEATS_PER_BAR
        for i, tone in enumerate((0, 2, 1, 2, 0, 2, 1, 2)):
            p.add(beat + i * 0.5, 0.9, chord[tone] + 12, 46 + (6 if i % 4 == 0 else 0))
        p.add(beat, 1.5, chord[0] - 24, 56, 3)
        p.add(beat + 2.5, 1.4, chord[0] - 24 + (7 if bar % 2 else 0), 46, 3)
        if section != 0:
            p.chord(beat, 4.0, chord, 36, 4)
        for i in range(8):
            p.add(beat + i * 0.5, 0.1, CABASA if i % 2 else MARACAS, 30 + (8 if i % 2 == 0 else 0), DRUMS)
        p.add(beat, 0.3, LOW_CONGA, 48, DRUMS)
        p.add(beat + 2.5, 0.2, MUTE_HI_CONGA, 38, DRUMS)
        if section in (1, 3) and bar % 8 != 7:
            last = _melody(p, rng, bar, chord, _scale(57, DORIAN), 2, 58, 69, 84, last)
        elif section == 2:
            for i in range(4):
                if rng.random() < 0.7:
                    p.add(beat + i + 0.5, 0.45, rng.choice(chord) + 12, 44, 1)
    p.beats = len(progression) * BEATS_PER_BAR
    return p


def danger() -> Phrase:
    """The Void is close: trembling low strings, a pizzicato pulse, taiko beats, and a choir above."""
    p = Phrase(Track.DANGER.value, 96, {0: Voice(TREMOLO_STRINGS, 85, 50), 1: Voice(PIZZICATO, 80, 35),
                                        2: Voice(CONTRABASS, 90, 35), 3: Voice(CHOIR, 65, 65),
                                        4: Voice(TAIKO, 90, 30), 5: Voice(TIMPANI, 80, 40),
                                        6: Voice(CELLO, 80, 45), DRUMS: Voice(None, 75, 25)})
    progression = ["Dm", "Dm", "Bb", "A", "Dm", "Gm", "Eb", "A7"] * 4
    rng = random.Random(2203)
    last = 62
    for bar, chord in enumerate(_bars(progression)):
        section, beat = bar // 8, bar * BEATS_PER_BAR
        p.chord(beat, 4.0, [chord[0] - 12, chord[2] - 12], 52 + 4 * section, 0)
        for i in range(8):
            tone = chord[(0, 0, 1, 0, 2, 0, 1, 2)[i]] - 12
            p.add(beat + i * 0.5, 0.3, tone, 56 + (10 if i % 4 == 0 else 0), 1)
        p.add(beat, 3.8, chord[0] - 24, 66, 2)
        p.add(beat, 0.6, 38 if chord[0] % 12 == 2 else chord[0] - 24, 72, 4)
        p.add(beat + 1.5, 0.4, 45, 50, 4)
        p.add(beat + 2.0, 0.6, 38, 64, 4)
        p.add(beat, 0.2, BASS_DRUM, 50, DRUMS)
        p.add(beat + 0.75, 0.2, BASS_DRUM, 38, DRUMS)
        if section in (1, 3):
            p.chord(beat, 4.0, [chord[1] + 12, chord[2] + 12], 40, 3)
        if section >= 2 and bar % 8 != 7:
            last = _melody(p, rng, bar, chord, _scale(62, MINOR), 6, 56, 50, 67, last)
        if bar % 8 == 7:
            for i in range(8):
                p.add(beat + 2 + i * 0.25, 0.25, LOW_FLOOR_TOM, 40 + 6 * i, DRUMS)
            p.add(beat + 2, 2.0, 38, 60, 5)
    p.beats = len(progression) * BEATS_PER_BAR
    return p


TRACK_PHRASES: dict[Track, Callable[[], Phrase]] = {Track.MENU: menu, Track.BOARD: board, Track.DANGER: danger}
