"""CPU of one App built, stepped once and closed, the way the test suite's `app` fixture does it.

    cd <tree> && .venv/bin/python bench/app_cost.py [--apps 60] [--profile cumulative]

Run from the root of the tree to measure (the tree's own `iwari_desktop` and tests/support are imported), so
two trees can be compared in alternation on a loaded machine: the figure is the process's CPU time per App
(`time.process_time`), not wall time. The stores the suite shares per worker are shared here too (decoded
pictures, text, widget boxes and, where the App takes it, the parsed theme): what the ~1,500 scene tests
pay per App. `--profile` prints a cProfile of the same loop in CPU time, sorted by the key given.
"""

from __future__ import annotations

import argparse
import inspect
import os
import sys
import tempfile
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--apps", type=int, default=60)
    parser.add_argument("--profile", default=None, help="also profile, sorted by this key (cumulative, tottime)")
    args = parser.parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path[:0] = [os.path.join(os.getcwd(), "tests", "support"), os.getcwd()]
    home = tempfile.mkdtemp(prefix="iwari-app-cost-")
    for name, folder in (("IWARI_DATA_DIR", "data"), ("IWARI_CACHE_DIR", "cache"), ("IWARI_CONFIG_DIR", "config")):
        os.environ[name] = os.path.join(home, folder)
    os.environ["IWARI_LANG"] = "en"
    from kept_art import KeptFileArt
    from window_closer import close_test_window, watch_apps

    from iwari_desktop.app import App
    from iwari_desktop.art.surface_cache import MB
    from iwari_desktop.audio import system
    from iwari_desktop.audio.mixer import FakeMixer
    from iwari_desktop.scenes.ui.shape_store import ShapeStore
    from iwari_desktop.scenes.ui.text_store import TextStore

    system.PygameMixer = FakeMixer
    watch_apps(App)
    stores = dict(file_art=KeptFileArt(), text_store=TextStore(text_bytes=16 * MB, measures=50_000),
                  shape_store=ShapeStore(16 * MB))
    if "theme_store" in inspect.signature(App.__init__).parameters:
        from iwari_desktop.scenes.ui.theme_store import ThemeStore

        stores["theme_store"] = ThemeStore(drawn_text_bytes=8 * MB)

    def one() -> None:
        app = App(size=(1280, 720), fullscreen=False, headless=True, give_back_memory=False, **stores)
        app.step(0)
        del app
        close_test_window()

    one()
    one()  # the worker's stores filled, as after the suite's first tests
    start = time.process_time()
    for _ in range(args.apps):
        one()
    print(f"{os.getcwd()}: {(time.process_time() - start) / args.apps * 1000:.1f} ms CPU per App "
          f"(over {args.apps})")
    if args.profile:
        import cProfile
        import pstats

        profile = cProfile.Profile(time.process_time)
        profile.enable()
        for _ in range(args.apps):
            one()
        profile.disable()
        pstats.Stats(profile).sort_stats(args.profile).print_stats(40)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
