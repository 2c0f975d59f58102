"""The `--smoke` game sets off at least twelve kinds of cue and its music goes menu > board; the line says so
(issue #22). The solo smoke reaches the tense loop."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from audio_helpers import drain, fake_audio
from iwari_desktop.audio import Happening
from iwari_desktop.scenes.selftest.smoke_driver import SmokeFailure
from iwari_desktop.scenes.selftest.smoke_sound import MIN_CUE_KINDS, sound_line

pytestmark = pytest.mark.real_audio   # about the real mixer under the dummy driver (tests/conftest.py)


def test_the_sound_line_counts_kinds_and_fails_below_the_bar():
    audio, mixer, clock = fake_audio()
    audio.music.enter("menu")
    audio.hear([Happening.TENT_PLACED, Happening.TENT_PLACED, Happening.CARD_FROM_DECK])
    drain(audio, clock)
    app = SimpleNamespace(audio=audio)
    assert sound_line(app, 2) == "2 kinds of cue set off (3 cues, 2 kinds played), music menu"
    with pytest.raises(SmokeFailure, match="only 2 kinds of cue were set off \\(card-deck, tent\\)"):
        sound_line(app, 3)


@pytest.fixture
def kept_stores(kept_file_art, kept_text_store, kept_shape_store, kept_theme_store) -> dict:
    """What the `app` fixture hands its App (tests/conftest.py), for the smoke run's own App: the map pictures
    decoded once per worker (a tenth of a smoke game was decoding the map's art again), the drawn text, boxes
    and parsed theme; and no collection and heap trim at each closed board (the suite's Apps leave
    `give_back_memory` off, tests/scenes/test_memory_release.py turns it on). The smoke run as the entry point
    makes it, with stores of its own, is run by tests/scenes/test_scenes_language.py (`--smoke`) and
    tests/storage/test_files_last_gaps.py (`--smoke solo`, `--smoke replay`)."""
    return dict(file_art=kept_file_art, text_store=kept_text_store, shape_store=kept_shape_store,
                theme_store=kept_theme_store, give_back_memory=False)


def run_captured(runner, capsys, stores: dict) -> tuple[str, object]:
    from iwari_desktop.app import App

    apps = []

    def make_app(**kwargs):
        apps.append(App(**kwargs, **stores))
        return apps[-1]

    assert runner(make_app) == 0, capsys.readouterr().err
    return capsys.readouterr().out.strip().splitlines()[-1], apps[-1]


def _own_folders(tmp_path, monkeypatch) -> None:
    """The smoke run writes here (not into a temporary folder it removes), so what it saved can be read."""
    for name in ("DATA", "CONFIG", "CACHE"):
        monkeypatch.setenv(f"IWARI_{name}_DIR", str(tmp_path / name.lower()))
    monkeypatch.setenv("IWARI_LANG", "en")


@pytest.mark.slow
def test_the_smoke_game_sets_off_at_least_twelve_kinds_of_cue_under_the_dummy_driver(capsys, tmp_path, monkeypatch,
                                                                                     kept_stores):
    """Also the English `--smoke` game's own outcome (tests/scenes/test_scenes_app.py ran it again in a
    subprocess for that; the entry point's `--smoke` is run by test_scenes_language.py's German smoke):
    one summary line, and the game saved into slot 1 and loaded back."""
    from iwari_desktop.scenes.selftest.smoke import run_smoke

    _own_folders(tmp_path, monkeypatch)
    line, app = run_captured(run_smoke, capsys, kept_stores)
    assert line.startswith("smoke ok: New Horizons, seed 7,") and "saved and loaded slot-1.json" in line, line
    assert line.endswith("language en"), line
    assert (tmp_path / "data" / "saves" / "slot-1.json").is_file()
    found = re.search(r"sound: (\d+) kinds of cue set off \((\d+) cues, (\d+) kinds played\), music ([a-z >]+);", line)
    assert found, line
    assert int(found[1]) >= MIN_CUE_KINDS == 12 and int(found[1]) == len(app.audio.triggered)
    assert int(found[3]) >= 1   # the dummy driver opened: the bundled files were decoded and mixed
    assert found[4].startswith("menu > board")
    assert {"tent", "totem", "card-deck", "card-display", "exchange", "illegal", "your-turn", "feat", "half-journey",
            "final-scoring"} <= {cue.value for cue in app.audio.triggered}


@pytest.mark.slow
def test_the_solo_smoke_goes_from_the_menu_to_the_board_to_the_tense_loop(capsys, tmp_path, monkeypatch, kept_stores):
    """Also the solo smoke's own outcome (tests/scenes/solo/test_scenes_solo.py played it again for that):
    from the menu to a solo game on New Horizons, saved into slot 1 and loaded back."""
    from iwari_desktop.scenes.selftest.smoke_solo import run_solo_smoke

    _own_folders(tmp_path, monkeypatch)
    line, app = run_captured(run_solo_smoke, capsys, kept_stores)
    assert line.startswith("smoke solo ok: New Horizons") and "saved and loaded slot-1" in line, line
    assert (tmp_path / "data" / "saves" / "slot-1.json").is_file()
    assert "music menu > board > danger" in line, line
    assert {"infection", "territory-void"} <= {cue.value for cue in app.audio.triggered}
