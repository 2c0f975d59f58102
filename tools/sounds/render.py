"""Render every cue and music loop of Iwari Desktop into assets/sounds/ (issue #22; docs/sound.md).

    make sounds                                         # everything, into assets/sounds/
    .venv/bin/python tools/sounds/render.py --only tent --only board   # a few, by name
    .venv/bin/python tools/sounds/render.py --out /tmp/sounds --keep /tmp/sounds-work   # elsewhere, keep MIDI/WAV

Each sound is a MIDI phrase (tools/sounds/cue_phrases.py, music_phrases.py) written with mido, rendered
offline by FluidSynth with the FluidR3_GM SoundFont, then cleaned by sox (mono, silence trimmed, cut at
1.2 s with a short fade, peak-normalised) and encoded by oggenc. A music loop is rendered twice over and
only the second pass kept, sample-exact, so its reverb tail rings into its own start: the loop is seamless.
Finally assets/sounds/SOURCES.md is rewritten from the same phrase data. Repeatable: sox runs with -R (a fixed
dither seed) and oggenc with a fixed stream serial, so the same tools give byte-identical files.

Needs Debian's `fluidsynth fluid-soundfont-gm sox vorbis-tools`; players and CI never run this.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from iwari_desktop.audio.cues import MAX_CUE_SECONDS, Cue, Track  # noqa: E402
from tools.sounds.cue_phrases import CUE_LEVELS, CUE_PHRASES  # noqa: E402
from tools.sounds.midi import Phrase, write_midi  # noqa: E402
from tools.sounds.music_phrases import TRACK_PHRASES  # noqa: E402
from tools.sounds.sources import write_sources  # noqa: E402

SOUNDFONT = Path("/usr/share/sounds/sf2/FluidR3_GM.sf2")
DEBIAN_PACKAGES = "fluidsynth fluid-soundfont-gm sox vorbis-tools"
CUE_RATE = 44100
MUSIC_RATE = 32000      # music is mono, quiet and under the cues: 32 kHz is plenty and halves the files
CUE_QUALITY = "3"       # oggenc -q: about 80 kbit/s mono
MUSIC_QUALITY = "0"     # about 50 kbit/s mono at 32 kHz
MUSIC_LEVEL = -4.0      # peak dBFS of a loop (the game's music volume scales it further)
FADE_OUT = 0.12         # seconds of fade where a cue is cut
TAIL_FLOOR = -41        # dB below the peak where a cue's reverb tail is cut off


class RenderError(Exception):
    """A tool is missing or failed; the message says which and what to install."""


def check_tools() -> None:
    missing = [tool for tool in ("fluidsynth", "sox", "oggenc") if shutil.which(tool) is None]
    if not SOUNDFONT.is_file():
        missing.append(str(SOUNDFONT))
    if missing:
        raise RenderError(f"missing {', '.join(missing)}: install the Debian packages {DEBIAN_PACKAGES} "
                          f"(apt-get install {DEBIAN_PACKAGES}); only re-rendering the sounds needs them")


def _run(command: list[str]) -> None:
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RenderError(f"{command[0]} failed ({result.returncode}): {result.stderr.strip()[:300]}")


def _synth(midi: Path, wav: Path, rate: int) -> None:
    _run(["fluidsynth", "-ni", "-q", "-g", "0.5", "-r", str(rate), "-o", "synth.chorus.active=0",
          "-F", str(wav), str(SOUNDFONT), str(midi)])


def _seconds(wav: Path) -> float:
    result = subprocess.run(["soxi", "-D", str(wav)], capture_output=True, text=True)
    if result.returncode != 0:
        raise RenderError(f"soxi failed on {wav.name}: {result.stderr.strip()[:300]}")
    return float(result.stdout)


def _encode(wav: Path, ogg: Path, quality: str, name: str) -> None:
    ogg.parent.mkdir(parents=True, exist_ok=True)
    # a fixed stream serial (oggenc picks a random one) keeps a re-render byte-identical
    _run(["oggenc", "-Q", "-q", quality, "--serial", str(zlib.crc32(name.encode()) & 0x7FFFFFFF),
          "-o", str(ogg), str(wav)])


def render_cue(cue: Cue, phrase: Phrase, out: Path, work: Path) -> Path:
    midi, raw, clean = work / f"{cue.value}.mid", work / f"{cue.value}.raw.wav", work / f"{cue.value}.wav"
    write_midi(phrase, midi)
    _synth(midi, raw, CUE_RATE)
    cut = work / f"{cue.value}.cut.wav"
    _run(["sox", "-R", str(raw), str(cut), "remix", "-", "gain", "-n", "-1",
          "silence", "1", "1s", "-50d",                          # start at the first sound
          "reverse", "silence", "1", "0.01", f"{TAIL_FLOOR}d", "reverse",   # end when the ring-out is faint
          "trim", "0", str(MAX_CUE_SECONDS)])
    # a second pass: sox would take the fade's end from the length before the cut, and pad with silence
    fade = min(FADE_OUT, _seconds(cut) / 4)
    _run(["sox", "-R", str(cut), str(clean), "fade", "t", "0.002", "-0", f"{fade:.3f}", "gain", "-n", str(CUE_LEVELS[cue])])
    target = out / "cues" / f"{cue.value}.ogg"
    _encode(clean, target, CUE_QUALITY, cue.value)
    return target


def loop_samples(phrase: Phrase, rate: int) -> int:
    """One pass in samples; exact, or the loop would drift by a fraction of a sample each time round."""
    exact = phrase.beats * 60 * rate / phrase.bpm
    if abs(exact - round(exact)) > 1e-6:
        raise RenderError(f"{phrase.name}: {phrase.bpm} bpm does not give a whole number of samples per pass")
    return round(exact)


def render_track(track: Track, phrase: Phrase, out: Path, work: Path) -> Path:
    midi, raw, clean = work / f"{track.value}.mid", work / f"{track.value}.raw.wav", work / f"{track.value}.wav"
    write_midi(phrase, midi, passes=2)
    _synth(midi, raw, MUSIC_RATE)
    length = loop_samples(phrase, MUSIC_RATE)
    _run(["sox", "-R", str(raw), str(clean), "remix", "-", "trim", f"{length}s", f"{length}s",
          "gain", "-n", str(MUSIC_LEVEL)])
    target = out / "music" / f"{track.value}.ogg"
    _encode(clean, target, MUSIC_QUALITY, track.value)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "assets" / "sounds", help="where the OGG files go")
    parser.add_argument("--only", action="append", default=[], metavar="NAME", help="a cue or track name (repeatable)")
    parser.add_argument("--keep", type=Path, help="keep the MIDI and WAV files in this folder")
    args = parser.parse_args(argv)
    names = {c.value for c in Cue} | {t.value for t in Track}
    unknown = sorted(set(args.only) - names)
    if unknown:
        print(f"render.py: unknown sound {', '.join(unknown)} (known: {', '.join(sorted(names))})", file=sys.stderr)
        return 2
    try:
        check_tools()
        with tempfile.TemporaryDirectory(prefix="iwari-sounds-") as scratch:
            work = args.keep or Path(scratch)
            work.mkdir(parents=True, exist_ok=True)
            for cue, make in CUE_PHRASES.items():
                if not args.only or cue.value in args.only:
                    print(render_cue(cue, make(), args.out, work))
            for track, make in TRACK_PHRASES.items():
                if not args.only or track.value in args.only:
                    print(render_track(track, make(), args.out, work))
        print(write_sources(args.out, {cue: make() for cue, make in CUE_PHRASES.items()},
                            {track: make() for track, make in TRACK_PHRASES.items()}))
    except RenderError as error:
        print(f"render.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
