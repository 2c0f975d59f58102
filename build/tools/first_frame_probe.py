"""Start-up probe for packaging measurements: the real game up to its first menu frame, then exit.

It behaves like `iwari` started with IWARI_EXIT_AFTER_FIRST_FRAME=1: it opens the real window with
the real menu (`iwari_desktop.app.App`), draws one frame, prints the marker line
`IWARI_FIRST_FRAME <seconds>` and exits. Frozen with the real spec it measures the frozen
start-up (bootloader, unpacking, imports, window, theme, menu) from outside:

    IWARI_SPEC_ENTRY=build/tools/first_frame_probe.py .venv/bin/python -m PyInstaller --noconfirm \
        --distpath build/work/probe-dist --workpath build/work/probe build/spec/iwari.spec
    .venv/bin/python build/tools/measure_startup.py build/work/probe-dist/iwari/iwari

With `--sound` it also plays one effect first, to check that a machine without an audio device
falls back to silence (try SDL_AUDIODRIVER=nonexistent).
"""

import sys
import time

T0 = time.perf_counter()


def main() -> int:
    if "--version" in sys.argv:
        from iwari_desktop.__main__ import main as real_main

        return real_main(["--version"])
    from iwari_desktop.app import App

    app = App()
    while app.first_frame_at is None:
        app.step(timeout_ms=0)
    print(f"IWARI_FIRST_FRAME {time.perf_counter() - T0:.3f}", flush=True)
    if "--sound" in sys.argv:
        app.sound.enabled = True
        app.sound.play("place")
        print(f"sound: {'on' if app.sound._ready else 'silent (no audio device)'}", flush=True)
    app.pg.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
