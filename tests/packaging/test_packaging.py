"""Packaging checks that need no frozen build (issue #5).

The frozen application itself is built and smoke-tested by `.ci/run` (`make dist`, then
`dist/iwari/iwari --smoke`); that takes minutes, so pytest only checks the recipe and its pieces.
"""

from __future__ import annotations

import ast
import configparser
import importlib.util
import re
import struct
import subprocess
import sys

import pytest

from iwari_desktop import resources
from repo_root import ROOT
SPEC = ROOT / "build" / "spec" / "iwari.spec"
LAUNCHER = ROOT / "build" / "spec" / "launch.py"
DESKTOP = ROOT / "build" / "linux" / "iwari-desktop.desktop"
INSTALLER = ROOT / "build" / "linux" / "install.sh"
MAKE_ICONS = ROOT / "build" / "tools" / "make_icons.py"
MAKEFILE = ROOT / "Makefile"
CI_RUN = ROOT / ".ci" / "run"


# ---- the PyInstaller spec -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def spec_tree() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))


def spec_constant(tree: ast.Module, name: str):
    """The literal value assigned to a module-level name of the spec."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{name} is not assigned a literal in {SPEC.name}")


def spec_calls(tree: ast.Module, func: str) -> list[ast.Call]:
    return [
        node for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == func
    ]


def keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((kw.value for kw in call.keywords if kw.arg == name), None)


def test_spec_parses_as_python(spec_tree):
    assert spec_calls(spec_tree, "Analysis"), "the spec must run an Analysis"
    assert spec_calls(spec_tree, "PYZ")


def test_spec_bundles_the_whole_assets_folder(spec_tree):
    source = SPEC.read_text(encoding="utf-8")
    assert re.search(r'ASSETS\s*=\s*ROOT\s*/\s*"assets"', source)
    assert "ASSETS.rglob(" in source, "every file under assets/ is collected, keeping the tree"
    # nothing the game reads may fall under the art-source filter
    skipped_suffixes = {s.lower() for s in spec_constant(spec_tree, "ASSET_SKIP_SUFFIXES")}
    for suffix in (".tmx", ".png", ".ttf", ".otf", ".json", ".md", ".txt", ".ogg", ".wav", ".tsx"):
        assert suffix not in skipped_suffixes
    game_suffixes = {p.suffix.lower() for p in (ROOT / "assets").rglob("*.*") if p.is_file()} - {""}
    assert (game_suffixes & skipped_suffixes) <= {".xcf", ".psd", ".kra", ".aseprite", ".ase"}


def test_spec_collects_pygame_gui_data_and_keeps_its_latin_fonts(spec_tree):
    assert "collect_data_files(\"pygame_gui\"" in SPEC.read_text(encoding="utf-8")
    dropped = tuple(spec_constant(spec_tree, "UNUSED_FONT_PREFIXES"))
    # pygame-gui loads these at UIManager start-up for an English locale
    for needed in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
                   "NotoSans-BoldItalic.ttf", "FiraCode-Regular.ttf"):
        assert not needed.startswith(dropped), needed
    assert "NotoSansSC-Regular.otf".startswith(dropped)


def test_game_never_switches_pygame_gui_to_a_locale_whose_font_is_not_bundled(spec_tree):
    """The spec drops pygame-gui's CJK/Arabic/Hebrew/Georgian fonts; a locale switch would need them.

    The game hands pygame-gui its own language (the App's language, through scenes/ui/gui_manager.py's
    `starting_language`), so every language a player can choose must be one whose pygame-gui font is a bundled
    Latin one.
    """
    from iwari_desktop.i18n import LANGUAGES

    needs_dropped_font = {"ja", "zh", "ko", "he", "ar", "ge"}
    assert not set(LANGUAGES) & needs_dropped_font, "review UNUSED_FONT_PREFIXES in build/spec/iwari.spec"
    for path in (ROOT / "iwari_desktop").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "set_locale(" not in text, f"{path.relative_to(ROOT)}: switch languages through App.switch_language"
        if "starting_language=" in text:   # the keyword pygame-gui takes (app.py has a `_starting_language` of its own)
            assert path.relative_to(ROOT).as_posix() == "iwari_desktop/scenes/ui/gui_manager.py"
            assert "starting_language=language" in text
    app = (ROOT / "iwari_desktop" / "app.py").read_text(encoding="utf-8")
    assert 'new_manager(self.screen.get_size(), self.ui.theme(), getattr(self, "language", "en"), self.shapes,' in app


def test_spec_bundles_the_compiled_catalogues_inside_the_package(spec_tree):
    source = SPEC.read_text(encoding="utf-8")
    assert "def locale_datas" in source and "locale_datas()" in source
    assert '(package / "locale").glob("*/LC_MESSAGES/*.mo")' in source
    assert (ROOT / "iwari_desktop" / "locale" / "de" / "LC_MESSAGES" / "iwari.mo").is_file()



def test_spec_excludes_what_a_player_never_runs(spec_tree):
    excludes = set(spec_constant(spec_tree, "EXCLUDES"))
    for module in ("tkinter", "unittest", "pydoc", "pytest", "_pytest", "hypothesis", "pip", "setuptools",
                   "numpy", "pygame.examples", "pygame.tests", "tests"):
        assert module in excludes, module
    # the game's own runtime dependencies must never be excluded
    for module in ("pygame", "pygame_gui", "pytmx", "platformdirs", "iwari_desktop", "json", "xml", "i18n",
                   "hashlib", "_sha256", "array", "importlib"):
        assert module not in excludes, module
    analysis = spec_calls(spec_tree, "Analysis")[0]
    assert isinstance(keyword(analysis, "excludes"), ast.Name) and keyword(analysis, "excludes").id == "EXCLUDES"


def test_spec_builds_one_folder_by_default_and_one_file_on_request(spec_tree):
    source = SPEC.read_text(encoding="utf-8")
    assert spec_constant(spec_tree, "APP_NAME") == "iwari"
    assert spec_constant(spec_tree, "ONEFILE_NAME") == "iwari-onefile"
    assert '"IWARI_ONEFILE"' in source and '"--onefile"' in source
    assert spec_calls(spec_tree, "COLLECT"), "one-folder build needs COLLECT"
    exes = spec_calls(spec_tree, "EXE")
    assert len(exes) == 2
    for exe in exes:
        strip = keyword(exe, "strip")
        assert isinstance(strip, ast.Name) and strip.id == "STRIP"
        assert isinstance(keyword(exe, "icon"), ast.Name)
    assert re.search(r"STRIP\s*=\s*IS_LINUX", source)


def test_spec_hidden_imports_cover_dynamic_imports():
    source = SPEC.read_text(encoding="utf-8")
    assert 'collect_submodules("iwari_desktop")' in source
    assert '"pytmx"' in source, "tmx_loader imports pytmx with importlib"


def test_launcher_calls_the_package_entry_point():
    tree = ast.parse(LAUNCHER.read_text(encoding="utf-8"))
    imports = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert any(n.module == "iwari_desktop.__main__" and any(a.name == "main" for a in n.names) for n in imports)


# ---- Linux desktop integration ---------------------------------------------------------------------

def read_desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(DESKTOP.read_text(encoding="utf-8"))
    return parser["Desktop Entry"]


def test_desktop_file_has_the_required_keys():
    entry = read_desktop_entry()
    assert entry["Type"] == "Application"
    for key in ("Name", "Exec", "Icon", "Categories", "Comment"):
        assert entry.get(key, "").strip(), key
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")
    assert entry["Exec"].split()[0] == "iwari", "the command installed by install.sh and [project.scripts]"
    assert entry["Icon"] == "iwari-desktop"


def test_shell_scripts_have_valid_syntax():
    assert subprocess.run(["sh", "-n", str(INSTALLER)]).returncode == 0
    assert subprocess.run(["bash", "-n", str(CI_RUN)]).returncode == 0


# ---- resource lookup when frozen ---------------------------------------------------------------------

def test_assets_dir_honours_meipass_when_frozen(monkeypatch, tmp_path):
    monkeypatch.delenv(resources.ASSETS_ENV, raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.assets_dir() == tmp_path / "assets"
    assert resources.maps_dir() == tmp_path / "assets" / "maps"
    assert resources.sprites_dir() == tmp_path / "assets" / "sprites"


def test_assets_env_override_wins_over_meipass(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    monkeypatch.setenv(resources.ASSETS_ENV, str(tmp_path / "pack"))
    assert resources.assets_dir() == tmp_path / "pack"


def test_assets_dir_from_a_checkout_is_the_repo_assets(monkeypatch):
    monkeypatch.delenv(resources.ASSETS_ENV, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert resources.assets_dir() == ROOT / "assets"


# ---- Makefile, CI and ignores -----------------------------------------------------------------------

def test_makefile_has_a_dist_target():
    text = MAKEFILE.read_text(encoding="utf-8")
    assert re.search(r"^dist:", text, re.M)
    phony = re.search(r"^\.PHONY:(.*)$", text, re.M)
    assert phony and "dist" in phony.group(1).split()
    recipe = text.split("\ndist:", 1)[1].split("\n\n", 1)[0]
    assert "PyInstaller" in recipe and "build/spec/iwari.spec" in recipe
    assert "--workpath build/work" in recipe and "--distpath dist" in recipe
    assert ".[build]" in text
    for target in ("play", "test"):
        assert re.search(rf"^{target}:", text, re.M)


def test_make_dist_dry_run_names_the_spec():
    result = subprocess.run(["make", "-n", "-C", str(ROOT), "dist"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "build/spec/iwari.spec" in result.stdout


def test_ci_builds_and_smoke_tests_the_frozen_game():
    text = CI_RUN.read_text(encoding="utf-8")
    assert "set -euo pipefail" in text
    lines = [line.strip() for line in text.splitlines()]
    assert lines.index("make test") < lines.index("make dist")
    assert "--smoke" in text and "SDL_VIDEODRIVER=dummy" in text and "SDL_AUDIODRIVER=dummy" in text
    assert "dist/iwari" in text


def test_gitignore_covers_build_outputs():
    lines = {line.strip() for line in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()}
    assert "dist/" in lines and "build/work/" in lines


# ---- icons for Windows and macOS --------------------------------------------------------------------

def load_make_icons():
    spec = importlib.util.spec_from_file_location("iwari_make_icons", MAKE_ICONS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_make_icons_writes_ico_and_icns(tmp_path):
    import pygame

    make_icons = load_make_icons()
    source = tmp_path / "icon.png"
    surface = pygame.Surface((96, 96), pygame.SRCALPHA)
    surface.fill((180, 60, 40, 255))
    pygame.image.save(surface, str(source))

    ico, icns = make_icons.make_icons(source, tmp_path / "out")

    data = ico.read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    for index in range(count):
        width, _, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", data[6 + 16 * index: 22 + 16 * index])
        assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + size <= len(data)
    data = icns.read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    assert b"ic10" in data and b"icp4" in data


def test_app_icon_is_a_square_png():
    icon = ROOT / "assets" / "sprites" / "icon.png"
    assert icon.is_file(), "assets/sprites/icon.png is missing: run tools/make_sprites.py"
    assert icon.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", icon.read_bytes()[16:24])
    assert width == height and width >= 64
