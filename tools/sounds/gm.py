"""The General MIDI programmes and drum keys the phrases use, with their names for SOURCES.md.

Programmes are 0-based as MIDI sends them (the GM list prints them 1-based: Celesta is "9" there).
"""

from __future__ import annotations

# melodic programmes
CELESTA, GLOCKENSPIEL, VIBRAPHONE, MARIMBA, TUBULAR_BELLS = 8, 9, 11, 12, 14
NYLON_GUITAR, MUTED_GUITAR, ACOUSTIC_BASS = 24, 28, 32
CELLO, CONTRABASS, TREMOLO_STRINGS, PIZZICATO, HARP, TIMPANI = 42, 43, 44, 45, 46, 47
STRINGS, CHOIR, OOHS = 48, 52, 53
TRUMPET, TROMBONE, FRENCH_HORN, BRASS = 56, 57, 60, 61
FLUTE, PAN_FLUTE, NEW_AGE_PAD, WARM_PAD = 73, 75, 88, 89
KALIMBA, WOODBLOCK, TAIKO = 108, 115, 116

PROGRAMME_NAMES = {
    CELESTA: "Celesta", GLOCKENSPIEL: "Glockenspiel", VIBRAPHONE: "Vibraphone", MARIMBA: "Marimba",
    TUBULAR_BELLS: "Tubular Bells", NYLON_GUITAR: "Acoustic Guitar (nylon)", MUTED_GUITAR: "Electric Guitar (muted)",
    ACOUSTIC_BASS: "Acoustic Bass", CELLO: "Cello", CONTRABASS: "Contrabass", TREMOLO_STRINGS: "Tremolo Strings",
    PIZZICATO: "Pizzicato Strings", HARP: "Orchestral Harp", TIMPANI: "Timpani", STRINGS: "String Ensemble 1",
    CHOIR: "Choir Aahs", OOHS: "Voice Oohs", TRUMPET: "Trumpet", TROMBONE: "Trombone", FRENCH_HORN: "French Horn",
    BRASS: "Brass Section", FLUTE: "Flute", PAN_FLUTE: "Pan Flute", NEW_AGE_PAD: "Pad 1 (new age)",
    WARM_PAD: "Pad 2 (warm)", KALIMBA: "Kalimba", WOODBLOCK: "Woodblock", TAIKO: "Taiko Drum",
}

# drum keys on the percussion channel
BASS_DRUM, LOW_FLOOR_TOM, MUTE_HI_CONGA, LOW_CONGA = 35, 41, 62, 64
CABASA, MARACAS, LOW_WOOD_BLOCK, OPEN_TRIANGLE = 69, 70, 77, 81

DRUM_NAMES = {
    BASS_DRUM: "Acoustic Bass Drum", LOW_FLOOR_TOM: "Low Floor Tom", MUTE_HI_CONGA: "Mute Hi Conga",
    LOW_CONGA: "Low Conga", CABASA: "Cabasa", MARACAS: "Maracas", LOW_WOOD_BLOCK: "Low Wood Block",
    OPEN_TRIANGLE: "Open Triangle",
}
