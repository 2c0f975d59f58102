"""The MIDI phrase of every cue: which General MIDI instruments, which notes.

The sound of a table game: wood for pieces, a dry rustle and a plucked string for cards, bells and a
harp for points, brass for fanfares, and low strings, choir and drums for the Void. Each phrase is short
(the render cuts at 1.2 s) and distinct in instrument and contour, so cues can be told apart without
looking. Programmes are 0-based GM numbers (docs/sound.md lists them by name).
"""

from __future__ import annotations

from collections.abc import Callable

from iwari_desktop.audio.cues import Cue
from tools.sounds.gm import (
    BASS_DRUM, BRASS, CABASA, CELESTA, CHOIR, CONTRABASS, FRENCH_HORN, GLOCKENSPIEL, HARP, KALIMBA, LOW_FLOOR_TOM,
    LOW_WOOD_BLOCK, MARACAS, MARIMBA, MUTED_GUITAR, OOHS, OPEN_TRIANGLE, PIZZICATO, STRINGS, TAIKO, TIMPANI,
    TREMOLO_STRINGS, TROMBONE, TRUMPET, TUBULAR_BELLS, VIBRAPHONE, WOODBLOCK,
)
from tools.sounds.midi import DRUMS, Phrase, Voice

BPM = 120   # a beat is half a second

def _phrase(cue: Cue, voices: dict[int, Voice]) -> Phrase:
    return Phrase(cue.value, BPM, voices)


def tent() -> Phrase:
    """A light wooden knock: a pitched woodblock over a dry low wood block."""
    p = _phrase(Cue.TENT, {0: Voice(WOODBLOCK, 110, 20), DRUMS: Voice(None, 100, 15)})
    p.add(0.0, 0.2, 72, 90)
    p.add(0.0, 0.2, LOW_WOOD_BLOCK, 70, DRUMS)
    return p


def totem() -> Phrase:
    """Heavier: a taiko thump and a floor tom under a lower woodblock, then a small settling knock."""
    p = _phrase(Cue.TOTEM, {0: Voice(WOODBLOCK, 105, 20), 1: Voice(TAIKO, 100, 25), DRUMS: Voice(None, 100, 20)})
    p.add(0.0, 0.4, 60, 100)
    p.add(0.0, 0.6, 48, 110, 1)
    p.add(0.0, 0.4, LOW_FLOOR_TOM, 90, DRUMS)
    p.add(0.22, 0.2, 55, 55)
    return p


def card_deck() -> Phrase:
    """A card slid off the deck: a cabasa rustle, then a low pizzicato as it lands face down."""
    p = _phrase(Cue.CARD_DECK, {0: Voice(PIZZICATO, 100, 25), DRUMS: Voice(None, 110, 10)})
    p.add(0.0, 0.1, CABASA, 85, DRUMS)
    p.add(0.12, 0.4, 50, 85)
    return p


def card_display() -> Phrase:
    """A face-up card picked from the row: maracas and a brighter two-note pluck upward."""
    p = _phrase(Cue.CARD_DISPLAY, {0: Voice(PIZZICATO, 100, 25), DRUMS: Voice(None, 110, 10)})
    p.add(0.0, 0.1, MARACAS, 80, DRUMS)
    p.add(0.08, 0.3, 67, 80)
    p.add(0.22, 0.4, 74, 85)
    return p


def exchange() -> Phrase:
    """A card given back and another taken: two rustles around a falling then rising pluck."""
    p = _phrase(Cue.EXCHANGE, {0: Voice(PIZZICATO, 100, 25), DRUMS: Voice(None, 110, 10)})
    p.add(0.0, 0.1, CABASA, 80, DRUMS)
    p.add(0.05, 0.25, 69, 80)
    p.add(0.3, 0.25, 62, 75)
    p.add(0.5, 0.1, MARACAS, 75, DRUMS)
    p.add(0.55, 0.4, 66, 80)
    return p


def illegal() -> Phrase:
    """A soft 'no': two muted guitar notes a semitone apart, falling; short and never shrill."""
    p = _phrase(Cue.ILLEGAL, {0: Voice(MUTED_GUITAR, 100, 10)})
    p.add(0.0, 0.18, 47, 90)
    p.add(0.2, 0.3, 46, 85)
    return p


def your_turn() -> Phrase:
    """A friendly call: a rising kalimba arpeggio."""
    p = _phrase(Cue.YOUR_TURN, {0: Voice(KALIMBA, 110, 35)})
    for i, pitch in enumerate((67, 71, 74, 79)):
        p.add(i * 0.18, 0.8 - i * 0.1, pitch, 80 + 5 * i)
    return p


def computer_move() -> Phrase:
    """A quiet marimba pair: someone else acted, nothing to do yet."""
    p = _phrase(Cue.COMPUTER_MOVE, {0: Voice(MARIMBA, 95, 30)})
    p.add(0.0, 0.3, 64, 70)
    p.add(0.2, 0.5, 59, 65)
    return p


def territory_yours() -> Phrase:
    """Bright: celesta climbing a major triad to the octave."""
    p = _phrase(Cue.TERRITORY_YOURS, {0: Voice(CELESTA, 115, 40), 1: Voice(GLOCKENSPIEL, 70, 40)})
    for i, pitch in enumerate((72, 76, 79, 84)):
        p.add(i * 0.14, 1.0, pitch, 90)
    p.add(0.42, 1.0, 96, 60, 1)
    return p


def territory_other() -> Phrase:
    """Neutral: a vibraphone fourth, neither happy nor sad."""
    p = _phrase(Cue.TERRITORY_OTHER, {0: Voice(VIBRAPHONE, 110, 40)})
    p.add(0.0, 1.2, 67, 85)
    p.add(0.25, 1.2, 72, 80)
    return p


def territory_void() -> Phrase:
    """Dark: low 'ooh' voices sliding a semitone down over a contrabass."""
    p = _phrase(Cue.TERRITORY_VOID, {0: Voice(OOHS, 110, 50), 1: Voice(CONTRABASS, 100, 40)})
    p.chord(0.0, 0.9, [50, 57], 85)
    p.chord(0.8, 1.2, [49, 56], 85)
    p.add(0.0, 2.0, 38, 90, 1)
    return p


def half_journey() -> Phrase:
    """Points at half time: a harp sweep up a major chord."""
    p = _phrase(Cue.HALF_JOURNEY, {0: Voice(HARP, 110, 45)})
    for i, pitch in enumerate((55, 59, 62, 67, 71, 74, 79)):
        p.add(i * 0.09, 1.6, pitch, 75 + 3 * i)
    return p


def feat() -> Phrase:
    """An honour: one tubular bell with a triangle shimmer and a soft horn fifth."""
    p = _phrase(Cue.FEAT, {0: Voice(TUBULAR_BELLS, 110, 45), 1: Voice(FRENCH_HORN, 80, 40), DRUMS: Voice(None, 90, 30)})
    p.add(0.0, 2.0, 72, 100)
    p.add(0.0, 0.3, OPEN_TRIANGLE, 70, DRUMS)
    p.chord(0.1, 1.5, [60, 67], 70, 1)
    return p


def expedition() -> Phrase:
    """A mission done: a French horn call, up a fourth then a fifth."""
    p = _phrase(Cue.EXPEDITION, {0: Voice(FRENCH_HORN, 115, 40), 1: Voice(PIZZICATO, 80, 30)})
    p.add(0.0, 0.3, 62, 95)
    p.add(0.3, 0.3, 67, 100)
    p.add(0.6, 1.2, 74, 105)
    p.chord(0.6, 0.4, [43, 50], 80, 1)
    return p


def infection() -> Phrase:
    """Low and ominous: trembling low strings on a minor second and a soft timpani."""
    p = _phrase(Cue.INFECTION, {0: Voice(TREMOLO_STRINGS, 115, 50), 1: Voice(TIMPANI, 100, 40)})
    p.chord(0.0, 2.2, [38, 39], 85)
    p.add(0.0, 0.6, 38, 90, 1)
    return p


def corruption() -> Phrase:
    """Stronger: a taiko and bass drum blow, a trombone cluster and a choir falling a tritone."""
    p = _phrase(Cue.CORRUPTION, {0: Voice(TROMBONE, 110, 45), 1: Voice(TAIKO, 115, 35), 2: Voice(CHOIR, 95, 55),
                                 DRUMS: Voice(None, 110, 30)})
    p.chord(0.0, 1.6, [40, 41, 46], 105)
    p.add(0.0, 0.8, 36, 120, 1)
    p.add(0.0, 0.5, BASS_DRUM, 110, DRUMS)
    p.add(0.1, 0.6, 58, 90, 2)
    p.add(0.6, 1.4, 52, 95, 2)
    return p


def void_win() -> Phrase:
    """The Void has won: a low choir and strings descending a minor triad onto a timpani."""
    p = _phrase(Cue.VOID_WIN, {0: Voice(CHOIR, 110, 55), 1: Voice(STRINGS, 105, 50), 2: Voice(TIMPANI, 105, 40)})
    for i, pitch in enumerate((57, 53, 50)):
        p.add(i * 0.4, 0.5 if i < 2 else 1.6, pitch, 95)
        p.add(i * 0.4, 0.5 if i < 2 else 1.6, pitch - 12, 85, 1)
    p.add(0.8, 1.0, 38, 110, 2)
    return p


def solo_win() -> Phrase:
    """Held against the Void: a warm brass major chord lifting to its sixth and home."""
    p = _phrase(Cue.SOLO_WIN, {0: Voice(BRASS, 110, 45), 1: Voice(STRINGS, 90, 50)})
    p.chord(0.0, 0.4, [60, 64, 67], 95)
    p.chord(0.4, 0.3, [62, 65, 69], 95)
    p.chord(0.7, 1.5, [64, 67, 72], 105)
    p.chord(0.0, 2.2, [48, 55], 80, 1)
    return p


def final_scoring() -> Phrase:
    """The fanfare: trumpets in a rising triplet to a held chord over a timpani roll."""
    p = _phrase(Cue.FINAL_SCORING, {0: Voice(TRUMPET, 115, 40), 1: Voice(BRASS, 95, 45), 2: Voice(TIMPANI, 100, 35)})
    for i, pitch in enumerate((67, 67, 67)):
        p.add(i * 0.17, 0.15, pitch, 95 + 5 * i)
    p.add(0.5, 1.6, 72, 112)
    p.chord(0.5, 1.6, [60, 64, 67], 90, 1)
    for i in range(4):
        p.add(0.34 + i * 0.08, 0.1, 43, 70 + 10 * i, 2)
    p.add(0.5, 1.0, 48, 110, 2)
    return p


def campaign_star() -> Phrase:
    """A star earned: glockenspiel sparkle up a pentatonic run, a tinkling top and a triangle."""
    p = _phrase(Cue.CAMPAIGN_STAR, {0: Voice(GLOCKENSPIEL, 110, 55), 1: Voice(CELESTA, 90, 55),
                                    DRUMS: Voice(None, 90, 40)})
    for i, pitch in enumerate((79, 81, 84, 86, 88, 91)):
        p.add(i * 0.07, 1.2, pitch, 80 + 4 * i)
    p.chord(0.42, 1.4, [72, 76, 79], 75, 1)
    p.add(0.42, 0.5, OPEN_TRIANGLE, 75, DRUMS)
    return p


CUE_PHRASES: dict[Cue, Callable[[], Phrase]] = {
    Cue.TENT: tent, Cue.TOTEM: totem, Cue.CARD_DECK: card_deck, Cue.CARD_DISPLAY: card_display,
    Cue.EXCHANGE: exchange, Cue.ILLEGAL: illegal, Cue.YOUR_TURN: your_turn, Cue.COMPUTER_MOVE: computer_move,
    Cue.TERRITORY_YOURS: territory_yours, Cue.TERRITORY_OTHER: territory_other, Cue.TERRITORY_VOID: territory_void,
    Cue.HALF_JOURNEY: half_journey, Cue.FEAT: feat, Cue.EXPEDITION: expedition, Cue.INFECTION: infection,
    Cue.CORRUPTION: corruption, Cue.VOID_WIN: void_win, Cue.SOLO_WIN: solo_win, Cue.FINAL_SCORING: final_scoring,
    Cue.CAMPAIGN_STAR: campaign_star,
}

# Peak level of each rendered cue in dBFS: the frequent small sounds sit lower than the rare big moments,
# so an hour of placing tents is not tiring and a fanfare still stands out.
QUIET, NORMAL, LOUD = -9.0, -5.0, -2.0
CUE_LEVELS: dict[Cue, float] = {cue: NORMAL for cue in Cue} | {
    Cue.TENT: QUIET, Cue.CARD_DECK: QUIET, Cue.CARD_DISPLAY: QUIET, Cue.EXCHANGE: QUIET, Cue.ILLEGAL: QUIET,
    Cue.COMPUTER_MOVE: QUIET, Cue.TOTEM: -7.0,
    Cue.CORRUPTION: LOUD, Cue.VOID_WIN: LOUD, Cue.SOLO_WIN: LOUD, Cue.FINAL_SCORING: LOUD, Cue.CAMPAIGN_STAR: LOUD,
}
