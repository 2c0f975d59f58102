"""Screens drawn by Apps built the way the test suite builds them, to compare two trees pixel for pixel.

    cd <tree> && .venv/bin/python bench/app_pixels.py OUT_DIR
    .venv/bin/python bench/app_pixels.py --compare DIR_A DIR_B

The first form saves menu (and a hovered button), setup, settings, rules, solo setup, a board after its
handoff, a board after two turns played (its animations run out), the menu and setup at 1920×1080 and back,
a language switch there and back, and menu, setup and board in German: each case by a new App, all Apps
sharing the stores the suite shares per worker (where the App takes them), and every case twice, so the
second App draws from what the first kept. The data folders are the same path in every run and nothing
shown depends on the clock, so two runs of one tree give identical files. The second form says which
pictures differ and in how many pixels.
"""

import inspect
import os
import shutil
import sys
import tempfile
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path[:0] = ["tests/support", "."]


def compare(a: str, b: str) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    differ = 0
    names = sorted(name for name in os.listdir(a) if name.endswith(".png"))
    for name in names:
        x = pygame.image.load(os.path.join(a, name))
        y = pygame.image.load(os.path.join(b, name)) if os.path.exists(os.path.join(b, name)) else None
        if y is None or x.get_size() != y.get_size():
            differ += 1
            print(f"{name}: missing or another size")
            continue
        bx, by = pygame.image.tobytes(x, "RGBA"), pygame.image.tobytes(y, "RGBA")
        if bx != by:
            differ += 1
            print(f"{name}: {sum(bx[i:i + 4] != by[i:i + 4] for i in range(0, len(bx), 4))} pixels differ")
    print(f"{len(names)} pictures compared, {differ} differ")
    return 1 if differ else 0


if sys.argv[1] == "--compare":
    raise SystemExit(compare(sys.argv[2], sys.argv[3]))
OUT = sys.argv[1]
os.makedirs(OUT, exist_ok=True)
FIXED = os.path.join(tempfile.gettempdir(), "iwari-app-pixels")
import pygame
from kept_art import KeptFileArt
from iwari_desktop.art.surface_cache import MB
from iwari_desktop.scenes.ui.text_store import TextStore
from iwari_desktop.scenes.ui.shape_store import ShapeStore
from iwari_desktop.app import App
from iwari_desktop.i18n import set_language
from iwari_desktop.audio import system
from iwari_desktop.audio.mixer import FakeMixer
system.PygameMixer = FakeMixer
from window_closer import close_test_window
import scene_helpers as sh

kw = dict(file_art=KeptFileArt(), text_store=TextStore(text_bytes=16 * MB, measures=50000), shape_store=ShapeStore(16 * MB))
if "theme_store" in inspect.signature(App.__init__).parameters:
    from iwari_desktop.scenes.ui.theme_store import ThemeStore
    kw["theme_store"] = ThemeStore(drawn_text_bytes=8 * MB)


def new_app(lang="en", size=(1280, 720)):
    shutil.rmtree(FIXED, ignore_errors=True)
    os.environ["IWARI_DATA_DIR"] = FIXED + "/data"; os.environ["IWARI_CACHE_DIR"] = FIXED + "/cache"
    os.environ["IWARI_CONFIG_DIR"] = FIXED + "/config"; os.environ["IWARI_LANG"] = lang
    app = App(size=size, fullscreen=False, headless=True, give_back_memory=False, **kw)
    app.step(0)
    return app


def shot(app, name):
    app.step(0)
    app.draw()
    pygame.image.save(app.screen, os.path.join(OUT, name + ".png"))


def hover(app, widget):
    sh.send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=widget.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0)


def case_menu(app, tag):
    shot(app, f"menu-{tag}")
    hover(app, app.stack.top.buttons["new"])
    shot(app, f"menu-hover-{tag}")


def opened_from_menu(button: str, name: str):
    """The case that presses the menu's `button` and shoots the screen it opens as `name`."""
    def case(app, tag):
        sh.press(app, app.stack.top.buttons[button]); app.step(0)
        shot(app, f"{name}-{tag}")
    return case


case_setup = opened_from_menu("new", "setup")
case_settings = opened_from_menu("settings", "settings")
case_rules = opened_from_menu("rules", "rules")
case_solo = opened_from_menu("solo", "solo")


def case_board(app, tag):
    sh.board_after_handoff(app, sh.make_game(seed=5)); app.step(0)
    shot(app, f"board-{tag}")


def case_board_played(app, tag):
    sh.play_a_few_turns(app, turns=2); app.step(0)
    import time
    for _ in range(400):
        if not any(s.animating for s in app.stack.scenes):
            break
        time.sleep(0.01); app.step(0)
    shot(app, f"board-played-{tag}")


def case_resize(app, tag):
    sh.resize(app, (1920, 1080)); shot(app, f"menu-1080-{tag}")
    sh.press(app, app.stack.top.buttons["new"]); app.step(0); shot(app, f"setup-1080-{tag}")
    app.stack.pop(); app.step(0)
    sh.resize(app, (1280, 720)); shot(app, f"menu-back720-{tag}")


def case_language(app, tag):
    app.switch_language("de"); app.step(0); shot(app, f"menu-switch-de-{tag}")
    app.switch_language("en"); app.step(0); shot(app, f"menu-switch-en-{tag}")


CASES = [("en", case_menu), ("en", case_setup), ("en", case_settings), ("en", case_rules), ("en", case_solo),
         ("en", case_board), ("en", case_board_played), ("en", case_resize), ("en", case_language),
         ("de", case_menu), ("de", case_setup), ("de", case_board)]
for round_ in (1, 2):
    for lang, case in CASES:
        app = new_app(lang)
        case(app, f"{lang}-{round_}")
        del app
        set_language("en")
        close_test_window()
print("saved", len(os.listdir(OUT)))
