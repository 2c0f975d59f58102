"""Writes assets/sounds/SOURCES.md: what every sound file is made of, from the same phrase data that made it.

Generated rather than hand-written, so the instrument list can never drift from the phrases; durations
and sizes are read back from the encoded files.
"""

from __future__ import annotations

import struct
from pathlib import Path

from iwari_desktop.audio.cues import Cue, Track
from tools.sounds.gm import DRUM_NAMES, PROGRAMME_NAMES
from tools.sounds.midi import DRUMS, Phrase

COMMAND = "make sounds   (= .venv/bin/python tools/sounds/render.py)"


def ogg_seconds(path: Path) -> float:
    """Length of an Ogg Vorbis file: the last page's granule position over the sample rate."""
    data = path.read_bytes()
    header = data.index(b"\x01vorbis")
    rate = struct.unpack_from("<I", data, header + 12)[0]
    last_page = data.rindex(b"OggS")
    granule = struct.unpack_from("<q", data, last_page + 6)[0]
    return granule / rate


def instruments(phrase: Phrase) -> str:
    """The voices in channel order: 'Woodblock (GM 116)' for a programme, drum names for channel 10."""
    parts = []
    for channel, voice in sorted(phrase.voices.items()):
        if channel == DRUMS:
            keys = sorted({n.pitch for n in phrase.notes if n.channel == DRUMS})
            parts.append("GM drums: " + ", ".join(DRUM_NAMES[k] for k in keys))
        elif voice.programme is not None:
            parts.append(f"{PROGRAMME_NAMES[voice.programme]} (GM {voice.programme + 1})")
    return "; ".join(parts)


def _row(path: Path, name: str, phrase: Phrase, description: str) -> str:
    if path.is_file():
        seconds, size = f"{ogg_seconds(path):.2f}", f"{path.stat().st_size / 1024:.1f}"
    else:
        seconds = size = "not rendered"
    return f"| `{path.parent.name}/{path.name}` | {description} | {instruments(phrase)} | {seconds} | {size} |"


def write_sources(out: Path, cues: dict[Cue, Phrase], tracks: dict[Track, Phrase]) -> Path:
    total = sum(p.stat().st_size for p in out.rglob("*.ogg"))
    lines = [
        "# Where the sounds come from",
        "",
        "Every file here is rendered by this repository from MIDI phrases written in code; none is recorded or",
        "downloaded. Re-render all of them with:",
        "",
        f"    {COMMAND}",
        "",
        "which needs Debian's `fluidsynth fluid-soundfont-gm sox vorbis-tools` (players and CI never do).",
        "The phrases are in `tools/sounds/cue_phrases.py` and `tools/sounds/music_phrases.py`; docs/sound.md",
        "explains the pipeline. This file is written by the same command.",
        "",
        "## Licences",
        "",
        "- Instrument samples: the **Fluid (R3) General MIDI SoundFont** (`FluidR3_GM.sf2`, Debian package",
        "  `fluid-soundfont-gm` 3.1), Copyright (c) 2000-2002, 2008 Frank Wen, released under the **MIT",
        "  licence**: see `LICENSE-FluidR3_GM.txt` beside this file. Rendered audio keeps that notice.",
        "- The phrases (notes, arrangement) and the rendered files: part of Iwari Desktop, under the project's",
        "  own terms.",
        "- Tools used (not shipped): FluidSynth 2 (LGPL-2.1), SoX (GPL-2+/LGPL), vorbis-tools (GPL-2), mido (MIT).",
        "",
        f"Total size of the sound files: {total / 1024:.0f} KiB.",
        "",
        "## Cues (mono, 44.1 kHz, Ogg Vorbis q3; cut at 1.2 s)",
        "",
        "| file | what | instruments (General MIDI programme, 1-based) | seconds | KiB |",
        "| --- | --- | --- | --- | --- |",
    ]
    for cue, phrase in cues.items():
        lines.append(_row(out / "cues" / f"{cue.value}.ogg", cue.value, phrase, cue.name.replace("_", " ").lower()))
    lines += [
        "",
        "## Music loops (mono, 32 kHz, Ogg Vorbis q0; seamless: the second of two rendered passes)",
        "",
        "| file | what | instruments (General MIDI programme, 1-based) | seconds | KiB |",
        "| --- | --- | --- | --- | --- |",
    ]
    for track, phrase in tracks.items():
        what = f"{track.name.lower()} loop, {phrase.bpm:g} bpm, {phrase.beats / 4:g} bars"
        lines.append(_row(out / "music" / f"{track.value}.ogg", track.value, phrase, what))
    path = out / "SOURCES.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
