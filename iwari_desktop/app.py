"""The desktop application: command line, window, the event loop and the scene stack.

The loop waits for events (with a timeout) and redraws only when something changed, so a board
nobody touches costs next to no CPU. The app owns the one `Audio` (docs/sound.md); it opens the mixer
only when a cue or the music first needs it, after the menu's first frame, and the game starts and
plays on a machine without any audio device (sound falls back to silence).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from . import __version__
from .i18n import LANG_ENV, LANGUAGES, SOURCE_LANGUAGE, CatalogueMissing, _, set_language

if TYPE_CHECKING:
    from .art.surface_cache import FileArt
    from .scenes.ui.pieces import PieceArt
    from .scenes.ui.shape_store import ShapeStore
    from .scenes.ui.text_store import TextStore
    from .scenes.ui.theme_store import ThemeStore

_START = time.perf_counter()
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout to our own lines (--smoke, --version)


# seconds of animation one frame may advance at most
MAX_FRAME_STEP = 1 / 30
# how long the loop sleeps: a frame while something moves, the text cursor's blink, else a long look-again
FRAME_WAIT = 0.016
TEXT_CURSOR_WAIT = 0.25
IDLE_WAIT = 1.0

class ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line (and exit code 2) instead of usage + text."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise ArgumentError(message)


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, got {text!r}") from None
    if not (640 <= w <= 8192 and 360 <= h <= 8192):
        raise argparse.ArgumentTypeError(f"window size {w}x{h} is out of range (640x360 to 8192x8192)")
    return w, h


def make_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="iwari", description="Iwari Desktop: the board game of tribes, tents and totems.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--smoke", nargs="?", const="game",
                        choices=("game", "solo", "campaign", "tutorial", "replay", "online"),
                        help="headless self-test: menu, setup, a bot game, scoring, save and load "
                             "(--smoke solo: the same for a solo game against the Void; --smoke campaign: "
                             "a profile plays the first chapter, and its progress is read back; "
                             "--smoke tutorial: Learn to play by its own script; "
                             "--smoke replay: a finished game watched forward and back; "
                             "--smoke online: a whole 3-player game between this process as host and two "
                             "client processes over 127.0.0.1, every view checked against the host)")
    parser.add_argument("--server", metavar="HOST:PORT",
                        help="with --smoke online: play on this running `iwari serve` instead of an own host")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="start in a window")
    mode.add_argument("--fullscreen", action="store_true", help="start full screen")
    parser.add_argument("--size", type=parse_size, metavar="WxH", help="window size, e.g. 1600x900")
    return parser


def run(argv: list[str]) -> int:
    if argv and argv[0] == "serve":  # the dedicated table server (issue #33): its own arguments, no window
        from .net.serve import serve_main

        return serve_main(argv[1:])
    if argv and argv[0] == "_smoke-online-client":  # a client process of --smoke online (net/smoke_online.py)
        from .net.smoke_online import client_main

        return client_main(argv[1:])
    try:
        args = make_parser().parse_args(argv)
    except ArgumentError as error:
        print(f"iwari: {error}", file=sys.stderr)
        return 2
    if args.version:
        print(f"Iwari Desktop {__version__}")
        return 0
    if args.server is not None and args.smoke != "online":
        print("iwari: --server is only for --smoke online", file=sys.stderr)
        return 2
    if args.smoke == "online":  # no window, no pygame: the network alone (issue #33)
        from .net.smoke_online import parse_server, run_online_smoke

        if args.server is not None:
            try:
                parse_server(args.server)
            except ValueError as error:
                print(f"iwari: {error}", file=sys.stderr)
                return 2
        return run_online_smoke(args.server)
    if args.smoke == "campaign":
        from .scenes.selftest.smoke_campaign import run_campaign_smoke

        return run_campaign_smoke(App, size=args.size or (1280, 720))
    if args.smoke == "solo":
        from .scenes.selftest.smoke_solo import run_solo_smoke

        return run_solo_smoke(App, size=args.size or (1280, 720))
    if args.smoke == "tutorial":
        from .scenes.selftest.smoke_tutorial import run_tutorial_smoke

        return run_tutorial_smoke(App, size=args.size or (1280, 720))
    if args.smoke == "replay":
        from .scenes.selftest.smoke_replay import run_replay_smoke

        return run_replay_smoke(App, size=args.size or (1280, 720))
    if args.smoke:
        from .scenes.selftest.smoke import run_smoke

        return run_smoke(App, size=args.size or (1280, 720))
    app = App(size=args.size, fullscreen=True if args.fullscreen else (False if args.windowed else None))
    app.guard = True  # the real game: a failing screen shows a dialog and returns to the menu
    from .scenes.tutorial.tutorial_offer import offer_tutorial

    offer_tutorial(app)  # the very first start asks once whether to learn the game
    return app.run()


class App:
    """Owns the window, the pygame-gui manager, the settings and the scene stack."""

    def __init__(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None,
                 headless: bool = False, first_scene: bool = True, file_art: "FileArt | None" = None,
                 text_store: "TextStore | None" = None, shape_store: "ShapeStore | None" = None,
                 give_back_memory: bool = True, theme_store: "ThemeStore | None" = None) -> None:
        """`file_art`: where pictures are decoded from files (art/surface_cache.FileArt); `text_store`: where
        drawn and measured text is kept (scenes/ui/text_store.py); `shape_store`: where the widgets' drawn
        boxes are kept (scenes/ui/shape_store.py); `theme_store`: where pygame-gui's parsed themes are kept
        (scenes/ui/theme_store.py). The game leaves them out and gets its own; the test suite
        hands all its Apps one of each, so what was decoded, measured or drawn once is not again.
        `give_back_memory`: tune the allocator and collect and trim the heap when a heavy screen closes
        (scenes/ui/memory_release.py). The suite's Apps leave it off: a full collection in a test process that
        holds a thousand Apps' worth of objects, at every closed board, was a quarter of the scene tests' CPU;
        tests/scenes/test_memory_release.py turns it on."""
        self.give_back_memory = give_back_memory
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        import pygame

        from . import autosaves, storage
        from .audio import Audio
        from .scenes.ui.stack import SceneStack
        from .scenes.ui.look import Ui
        from .scenes.ui.shape_store import ShapeStore
        from .scenes.ui.theme_store import ThemeStore
        from .scenes.navigation import ROUTES
        from .scenes.selftest import debug_hook
        from .scenes.ui.navigator import Navigator

        from .art.surface_cache import SurfaceCaches

        self.pg = pygame
        self.caches = SurfaceCaches(files=file_art)  # pictures shared by the screens, bounded in bytes, dropped in close()
        self._piece_art: "PieceArt | None" = None
        pygame.display.init()
        pygame.font.init()
        storage.clean_stale_temporaries()  # what a killed save left behind; never listed, now gone
        autosaves.migrate_legacy()  # the single autosave of older versions becomes one game's autosave
        self.settings, settings_problem = storage.read_settings()
        if size is not None:
            self.settings.window_size = size
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        self.headless = headless
        self.language = self._starting_language()
        language_problem = self._set_language(self.language)
        pygame.display.set_caption(_("Iwari Desktop"))
        self.screen = self._open_window()
        # the sleep between frames: SDL's blocking wait where the driver has one (scenes/ui/event_wait.py)
        from .scenes.ui.event_wait import make_event_wait
        from .scenes.ui.memory_release import tune_allocator

        self.event_wait = make_event_wait(self.pg)
        if give_back_memory:
            tune_allocator()  # large pictures given back to the system when freed (ui/memory_release.py)
        self._set_icon()
        self.ui = Ui(self.screen.get_size(), store=text_store)
        self.shapes = shape_store if shape_store is not None else ShapeStore()  # outlives each manager
        self.themes = theme_store if theme_store is not None else ThemeStore()  # so does the parsed theme
        self.manager = self._new_manager()
        self.audio = Audio(self.settings)     # cues and music; cheap: opens no device, decodes no file yet
        self._music_place: str | None = None  # where the music is (menu, board), set after the first frame
        self.stack = SceneStack()
        self.nav = Navigator(self, ROUTES)   # scenes open each other by route name (scenes/navigation.py)
        self.tester_hook = debug_hook        # F9/F10 with IWARI_DEBUG_BOT=1: handed to the board, never imported by it
        # "seconds until I have something to do, or None": the loop sleeps no longer than the soonest
        # a queued cue or a music loop after its fade-out is one: the loop wakes for it on time
        self.wake_sources: list[Callable[[], float | None]] = [self._widget_tooltip_due,
                                                                 lambda: self.audio.wake_in()]
        self.running = True
        self.dirty = True
        self.frames = 0
        self.first_frame_at: float | None = None
        self._last_tick = time.perf_counter()
        self._background: Any = None
        self.guard = False            # `run` (the real game) turns it on; tests and --smoke want exceptions
        self.failures_in_a_row = 0
        self.failed = False
        if first_scene:
            from .scenes.menu.menu import MenuScene

            self.stack.push(MenuScene(self))
            if language_problem:
                self.show_message("Language files missing", language_problem)
            if settings_problem:
                from .scenes.ui.words import shown_error

                self.show_message(_("Settings not read"),
                                  _("{problem}. The game starts with default settings; "
                                    "Apply in Settings writes a fresh settings file.").format(
                                      problem=shown_error(settings_problem)))

    # ---- language --------------------------------------------------------------------------------
    def _starting_language(self) -> str:
        """IWARI_LANG for this run if it names a known language, else the one chosen in Settings."""
        wanted = os.environ.get(LANG_ENV, "").strip().lower()[:2]
        return wanted if wanted in LANGUAGES else self.settings.language

    def _set_language(self, code: str) -> str | None:
        """Make `code` the active language; if its catalogue cannot be read, English and one line saying why
        (the message itself stays English: the texts to say it in are what is missing)."""
        try:
            set_language(code)
        except CatalogueMissing as error:
            set_language(SOURCE_LANGUAGE)
            self.language = SOURCE_LANGUAGE
            return f"The game shows English: {error}."
        self.language = code
        return None

    def switch_language(self, code: str) -> None:
        """Show every screen in `code` now: new catalogue, window title, and every scene's widgets rebuilt."""
        if code == self.language:
            return
        problem = self._set_language(code)
        if problem:
            self.show_message("Language files missing", problem)
            return
        self.pg.display.set_caption(_("Iwari Desktop"))
        self.on_resize(self.screen.get_size())

    # ---- window ----------------------------------------------------------------------------------
    def _open_window(self):
        pygame = self.pg
        if self.settings.fullscreen and not self.headless:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)

    def _set_icon(self) -> None:
        icon = self.piece_art.icon(64)
        if icon is not None:
            self.pg.display.set_icon(icon)

    def _new_manager(self):
        from .scenes.ui.gui_manager import new_manager

        return new_manager(self.screen.get_size(), self.ui.theme(), getattr(self, "language", "en"), self.shapes,
                           self.themes)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.screen = self._open_window()
        self.on_resize(self.screen.get_size())

    def apply_settings(self, settings) -> None:
        """Take new settings from the Settings screen: window mode and size now, the rest on the fly."""
        from . import storage

        changed_window = (settings.window_size != self.settings.window_size
                          or settings.fullscreen != self.settings.fullscreen)
        changed_language = settings.language != self.settings.language
        self.settings = settings
        self.audio.apply_settings(settings)
        if changed_window:
            self.screen = self._open_window()
            self.on_resize(self.screen.get_size())
        if changed_language or settings.language != self.language:
            self.switch_language(settings.language)
        try:
            storage.save_settings(settings)
        except OSError as error:  # a read-only or full config folder: say so, keep running with the new settings
            self.show_message(_("Settings not saved"),
                              _("They apply until you quit, but {folder} cannot be written ({reason}).").format(
                                  folder=storage.settings_path().parent,
                                  reason=error.strerror or type(error).__name__))

    def toggle_mute(self) -> None:
        """The M key, on every screen: all sound off or back on, remembered for the next start."""
        from . import storage

        self.settings.muted = not self.settings.muted
        self.audio.apply_settings(self.settings)
        try:
            storage.save_settings(self.settings)
        except OSError:
            pass  # a read-only config folder only costs remembering it; the game stays muted (or not) now

    def _follow_music(self) -> None:
        """Play the music of the place the screens are in; dialogs name none, so the loop under them goes on.
        Not before the first frame: opening an audio device must not delay the menu."""
        place = self.stack.music_place()
        if self.first_frame_at is None or place is None or place == self._music_place:
            return
        self._music_place = place
        self.audio.music.enter(place)

    def show_message(self, title: str, message: str) -> None:
        """A modal dialog over whatever is on screen."""
        from .scenes.ui.dialogs import DialogScene

        self.stack.push(DialogScene(self, title, message))

    def on_resize(self, size: tuple[int, int]) -> None:
        """Rebuild the layout for a new window size: new UI scale, new themed manager, fresh widgets."""
        self.screen = self.pg.display.get_surface()
        size = self.screen.get_size()
        for scene in self.stack.scenes:
            scene.clear_widgets()
        self.ui.resize(size)
        self.manager = self._new_manager()
        self._background = None
        for scene in self.stack.scenes:
            scene.rebuild()
        self.request_redraw()

    def remember_window_size(self, size: tuple[int, int]) -> None:
        """A window the player resized by dragging opens at that size next time."""
        from . import storage

        if self.settings.fullscreen:
            return
        if size == self.settings.window_size or not (640 <= size[0] <= 8192 and 360 <= size[1] <= 8192):
            return
        self.settings.window_size = (int(size[0]), int(size[1]))
        try:
            storage.save_settings(self.settings)
        except OSError:
            pass  # a read-only config folder only costs the remembered size

    def background(self):
        """The wooden table behind every screen, cached per window size.

        Kept in the shape store, which outlives the App's managers (and, in the test suite, the App: the
        same table was drawn again, line by line, by each of a thousand Apps); callers only blit it."""
        from .scenes.ui.look import wood_background

        size = self.screen.get_size()
        if self._background is None or self._background.get_size() != size:
            self._background = self.shapes.picture(("wood table", size), lambda: wood_background(size))
        return self._background

    # ---- loop ------------------------------------------------------------------------------------
    def request_redraw(self) -> None:
        self.dirty = True

    def text_focus(self) -> bool:
        import pygame_gui

        focus = self.manager.get_focus_set() or set()
        return any(isinstance(e, (pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UITextEntryBox))
                   for e in focus)

    def process_event(self, event) -> None:
        import pygame_gui

        from .scenes.ui.intents import Kind, translate

        pygame = self.pg
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = self.pg.display.get_surface().get_size()
            if size != self.ui.size:
                self.on_resize(size)
                self.remember_window_size(size)
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWFOCUSGAINED):
            self.request_redraw()
        consumed = self.manager.process_events(event)
        top = self.stack.top
        if event.type >= pygame.USEREVENT and hasattr(event, "ui_element"):
            if top is not None:
                top.handle_ui(event)
            self.request_redraw()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
                          pygame.MOUSEWHEEL, pygame.TEXTINPUT):
            self.request_redraw()
        if consumed and event.type != pygame.MOUSEMOTION:
            return
        for intent in translate(event, self.text_focus()):
            if intent.kind is Kind.QUIT:
                from .scenes.board.overlays import close_window

                close_window(self)  # asks first while a game is on
            elif intent.kind is Kind.TOGGLE_FULLSCREEN:
                self.toggle_fullscreen()
            elif intent.kind is Kind.TOGGLE_MUTE:
                self.toggle_mute()
                if top is not None:
                    top.handle(intent)   # a screen showing the setting (Settings) shows the change
            elif top is not None:
                if consumed and intent.kind is not Kind.HOVER:
                    continue
                top.handle(intent)

    def step(self, timeout_ms: int | None = None) -> bool:
        """Handle waiting events, advance time, redraw if needed. Returns True if a frame was drawn.

        With `guard` on (the real game), an exception from any scene (a file it could not use, or a
        bug) never ends the game: `recover` shows it in a dialog over the main menu.
        """
        if not self.guard:
            return self._step(timeout_ms)
        try:
            drawn = self._step(timeout_ms)
        except Exception as error:  # noqa: BLE001 - the one place every scene failure is caught
            self.recover(error)
            return False
        if drawn:
            self.failures_in_a_row = 0
        return drawn

    MAX_FAILURES_IN_A_ROW = 3

    def recover(self, error: Exception) -> None:
        """Drop every scene, open the main menu and say what went wrong in a dialog.

        The full traceback goes to `last-error.txt` in the cache folder for a bug report; the player
        sees one line. If even the menu keeps failing, the game stops with that line on stderr.
        """
        from .engine.files.reader import one_line

        self.failures_in_a_row += 1
        line = one_line(f"{type(error).__name__}: {error}" if not _is_file_error(error) else str(error), 200)
        if _is_file_error(error):   # the dialog speaks the player's language; stderr stays English
            from .scenes.ui.words import shown_error
            shown = one_line(shown_error(error), 200)
        else:
            shown = line
        report = self._write_error_report(error)
        print(f"iwari: {line}" + (f" (details in {report})" if report else ""), file=sys.stderr)
        while self.stack.scenes:
            scene = self.stack.scenes.pop()
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - a broken scene must not stop the recovery
                pass
        if self.failures_in_a_row > self.MAX_FAILURES_IN_A_ROW:
            self.failed = True
            self.running = False
            return
        try:
            from .scenes.menu.menu import MenuScene

            self.stack.push(MenuScene(self))
            if _is_file_error(error):
                self.show_message(_("A file could not be used"),
                                  _("{problem} The game went back to the main menu.").format(problem=shown))
            else:
                self.show_message(_("Something went wrong"),
                                  _("{problem} The game went back to the main menu. "
                                    "Your last autosave is under Load game.").format(problem=shown))
        except Exception:  # noqa: BLE001
            self.failed = True
            self.running = False
        self.request_redraw()

    def _write_error_report(self, error: Exception) -> Path | None:
        import traceback

        from . import storage

        try:
            path = storage.cache_dir() / "last-error.txt"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("".join(traceback.format_exception(error)), encoding="utf-8")
            return path
        except OSError:
            return None

    def wait_seconds(self) -> float:
        """How long the loop may sleep before anything is due: a frame while a scene moves or a redraw is
        owed, the text cursor's blink, the soonest of `wake_sources`, at most `IDLE_WAIT`."""
        due = [IDLE_WAIT]
        if self.dirty or any(s.animating for s in self.stack.scenes):
            due.append(FRAME_WAIT)
        if self.text_focus():
            due.append(TEXT_CURSOR_WAIT)
        for source in self.wake_sources:
            seconds = source()
            if seconds is not None:
                due.append(max(0.0, seconds))
        return min(due)

    def _widget_tooltip_due(self) -> float | None:
        """Seconds until the hovered widget's tooltip is due (pygame-gui shows it from `manager.update`)."""
        if not self.manager.get_hovering_any_element():
            return None
        for element in self.manager.get_sprite_group().sprites():
            if (getattr(element, "hovered", False) and getattr(element, "tool_tip_text", None)
                    and getattr(element, "tool_tip", True) is None):
                return max(0.0, element.tool_tip_delay - element.hover_time) + 0.001
        return None

    def _step(self, timeout_ms: int | None = None) -> bool:
        top = self.stack.top
        seconds = self.wait_seconds() if timeout_ms is None else timeout_ms / 1000
        events = self.event_wait.wait(seconds) if seconds > 0 else self.pg.event.get()
        for event in events:
            self.process_event(event)
            if not self.running:
                return False
        self.audio.update()
        now = time.perf_counter()
        elapsed, self._last_tick = now - self._last_tick, now
        # a long stall (a slow disk, a loaded machine) must not skip animations to their end
        dt = min(elapsed, MAX_FRAME_STEP)
        for scene in list(self.stack.scenes):
            if scene.update(dt):
                self.dirty = True
        tooltip_due = self._widget_tooltip_due() is not None
        # widgets count real time (a tooltip's delay, a double click), after the scenes so widget states
        # they changed are drawn this frame
        self.manager.update(min(elapsed, IDLE_WAIT))
        if tooltip_due and self._widget_tooltip_due() is None:
            self.dirty = True  # the tooltip just appeared
        from .scenes.ui.tooltip_place import keep_widget_tooltips_inside, margin_px

        if keep_widget_tooltips_inside(self.manager, self.screen.get_rect(), margin_px(self.ui)):
            self.dirty = True
        if self.text_focus() and not events:
            self.dirty = True  # the text cursor blinks
        drawn = self.dirty or top is not self.stack.top
        if drawn:
            self.draw()
        self._follow_music()
        if self.stack.heavy_left:
            self.release_memory()
        return drawn

    def release_memory(self) -> None:
        """A heavy screen closed: drop the map art if no screen left shows a map, collect and trim the heap."""
        from .scenes.ui.memory_release import release_memory

        self.stack.heavy_left = False
        if not any(scene.heavy for scene in self.stack.scenes):
            self.caches.drop()
        if self.give_back_memory:
            release_memory()

    def draw(self) -> None:
        screen = self.screen
        for scene in self.stack.visible():
            scene.draw(screen)
        self.manager.draw_ui(screen)
        self.pg.display.flip()
        self.dirty = False
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter() - _START
            if os.environ.get("IWARI_EXIT_AFTER_FIRST_FRAME"):
                # start-up measurements (bench, docs/performance.md) time launch to this line
                print(f"IWARI_FIRST_FRAME {self.first_frame_at:.4f}", flush=True)
                self.running = False

    def quit(self) -> None:
        self.running = False

    @property
    def piece_art(self) -> "PieceArt":
        """The one set of piece pictures every screen draws from: each screen used to load the sprite book
        and scale its pieces again (a replay over the board held three copies); dropped in close()."""
        if self._piece_art is None:
            from .scenes.ui.pieces import PieceArt

            self._piece_art = PieceArt(self.caches.files)
        return self._piece_art

    def close(self) -> None:
        """Let go of every scene, picture and the display: nothing this app drew outlives it.

        Scenes and widgets hold the app in reference cycles, so what they drew would wait for Python's
        next full collection (a second game in the same process would start on top of the first one's
        pictures); one collection here frees them now. It runs before `pygame.quit()`: a font freed
        after pygame's font module has shut down is never closed, and its memory is lost."""
        import gc

        while self.stack.scenes:
            try:
                self.stack.clear()   # top first, none resumed (a resumed board would push its handoff screen again)
            except Exception:  # noqa: BLE001 - closing must not end in a traceback (the scene is off already)
                pass
        self.caches.drop()
        self._piece_art = None
        self._background = None
        self._forget_manager()
        self.ui = None
        if self.pg.display.get_init():
            # the events still queued (a button's hover or press, posted by pygame-gui) hold their widget
            # and through it this App; `pygame.quit()` drops the queue without letting go of them
            self.pg.event.get()
        close_wait = getattr(self.event_wait, "close", None)
        if close_wait is not None:
            close_wait()   # SDL stops calling back into this app's wait (scenes/ui/event_wait.py)
        gc.collect()
        self.pg.quit()

    def _forget_manager(self) -> None:
        """Drop the manager, and pygame-gui's own reference to it (its default manager, see `_new_manager`):
        its fonts and widget pictures go now, not whenever this object does."""
        from pygame_gui.core.utility import get_default_manager, set_default_manager

        if self.manager is not None and get_default_manager() is self.manager:
            set_default_manager(None)
        self.manager = None

    def run(self) -> int:
        try:
            while self.running and self.stack.top is not None:
                self.step()
        except KeyboardInterrupt:
            pass
        finally:
            self.close()
        return 1 if self.failed else 0

    def screenshot(self, path: str | Path) -> None:
        self.draw()
        self.pg.image.save(self.screen, str(path))


def _is_file_error(error: Exception) -> bool:
    """A failure caused by a file the game read or wrote (its message already names the file)."""
    from .engine.files.reader import FileReadError
    from .engine.files.saves import SaveError
    from .engine.maps.board import MapError

    return isinstance(error, (FileReadError, SaveError, MapError, OSError))
