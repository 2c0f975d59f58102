"""Screenshots of every scene, for docs/screenshots and for looking at the game with one's own eyes.

    xvfb-run -s "-screen 0 1920x1080x24" .venv/bin/python tools/screenshots.py [--size 1280x720] [--out DIR]

Runs the real application (a real window under Xvfb, or SDL's dummy driver without a display),
plays a seeded bot game through the controller, and saves menu, setup (and on a few expansion maps), board (mid-game, cards
selected, hover tooltip), handoff, scoring (a step), final table, rules, load (with a damaged
file), the corrupt-save dialog, settings and pause. Saves go to a temporary folder.

    .venv/bin/python tools/screenshots.py --expansion [--size 1920x1080]

instead saves one mid-game board per expansion map, `map-<id>.png` (every option the map takes,
sample games from `iwari_desktop/scenes/selftest/board_samples.py`), plus `map-<id>-<size>.png` for
other sizes.

    .venv/bin/python tools/screenshots.py --computers

saves `setup-computers.png` (one person, two Hard computers), `board-computer.png` (a computer
placing its pieces) and `board-hint.png` (the person's next turn with a Hint shown).

    .venv/bin/python tools/screenshots.py --lang de

takes the same screens in German into `docs/screenshots/de/` (any of the options above combine with it).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def use_temporary_folders_and_any_display() -> None:
    """Saves and settings of a screenshot run go to a temp folder; without an X display, SDL's dummy
    driver draws the same pictures. Shared by every screenshot tool."""
    tmp = Path(tempfile.mkdtemp(prefix="iwari-shots-"))
    os.environ["IWARI_DATA_DIR"] = str(tmp / "data")
    os.environ["IWARI_CONFIG_DIR"] = str(tmp / "config")
    if not os.environ.get("DISPLAY"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def add_language_options(parser: argparse.ArgumentParser) -> None:
    """--lang and --out as every screenshot tool takes them (shared so the tools agree)."""
    parser.add_argument("--out", default=None, help="folder (default docs/screenshots, or docs/screenshots/LANG)")
    parser.add_argument("--lang", default="en", help="language of the screens: en or de (IWARI_LANG for this run)")


def language_out(args: argparse.Namespace) -> Path:
    """Sets the run's language (IWARI_LANG, read when the App starts) and returns the folder, made."""
    os.environ["IWARI_LANG"] = args.lang
    out = Path(args.out) if args.out else ROOT / "docs" / "screenshots" / ("" if args.lang == "en" else args.lang)
    out.mkdir(parents=True, exist_ok=True)
    return out


def screenshot_run(description: str, argv: list[str] | None, add_arguments=None):
    """What the screenshot tools' command lines share: --size WxH, --lang and --out DIR (`add_arguments(parser)`
    adds a tool's own), the output folder made, and the run's temporary folders. Returns
    (args, (w, h), suffix, out); `suffix` is "" at 1280x720, else "-WxH", so pictures at another size
    never replace the README's."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--size", default="1280x720")
    add_language_options(parser)
    if add_arguments is not None:
        add_arguments(parser)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    out = language_out(args)
    use_temporary_folders_and_any_display()
    return args, (w, h), "" if (w, h) == (1280, 720) else f"-{w}x{h}", out


def shooter(app, out: Path, suffix: str = ""):
    """`shot(name)`: step `app` one frame and save it as `out/<name><suffix>.png`, saying so. Shared by
    the screenshot tools."""
    def shot(name: str) -> None:
        app.step(0)
        path = out / f"{name}{suffix}.png"
        app.screenshot(path)
        print("wrote", path)

    return shot


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x720")
    add_language_options(parser)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--map", default="new-horizons")
    parser.add_argument("--expansion", action="store_true", help="one mid-game board per expansion map")
    parser.add_argument("--computers", action="store_true",
                        help="the setup with computer seats and a board with a computer mid-move")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    out = language_out(args)
    use_temporary_folders_and_any_display()

    import pygame

    from iwari_desktop import storage
    from iwari_desktop.app import App
    from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, Phase
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.ui.intents import Intent, Kind
    from iwari_desktop.scenes.load.load import LoadScene
    from iwari_desktop.scenes.board.overlays import AnnouncementOverlay, HandoffOverlay
    from iwari_desktop.scenes.rules.rules import RulesScene
    from iwari_desktop.scenes.scoring.scoring import ScoringScene
    from iwari_desktop.scenes.settings.settings import SettingsScene
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.selftest.smoke_driver import bot_step, dismiss_screen

    app = App(size=(w, h), fullscreen=False)
    if args.expansion:
        expansion_maps(app, out, "" if (w, h) == (1280, 720) else f"-{w}x{h}")
        pygame.quit()
        return 0
    if args.computers:
        computer_shots(app, out)
        pygame.quit()
        return 0

    shot = shooter(app, out)

    shot("menu")
    app.stack.top.choose("new")
    shot("setup")
    setup = app.stack.top
    for map_id, players in (("forgotten-island", 4), ("the-void", 6), ("glacial-mass", 2)):
        if map_id in setup.maps:  # the setup screen on a few expansion maps, each with its own player count
            setup._pick_map(map_id)
            setup.set_player_count(players)
            shot(f"setup-{map_id}")
    setup._pick_map(setup.maps[0])
    setup.set_player_count(3)

    names = ["Aiyana", "Bodhi", "Chenoa", "Dakota", "Elan"][:args.players]
    config = GameConfig.quick(args.map, args.players, seed=12, feats=BASE_FEATS)
    config = GameConfig(config.map_id, tuple(p.__class__(n, p.colour) for n, p in zip(names, config.players)),
                        config.seed, config.feats)
    start_game(app, Game.new(config))
    board = app.stack.find(BoardScene)
    c = board.controller
    bot = GreedyBot(3)

    def advance(until) -> None:
        for _ in range(20_000):
            if until():
                return
            if dismiss_screen(app.stack.top) is None:
                bot_step(c, bot)
            app.step(0)

    advance(lambda: isinstance(app.stack.top, HandoffOverlay))
    shot("handoff")
    advance(lambda: c.state.turn >= 16 and c.state.phase is Phase.MAIN and app.stack.top is board
            and not c.turn_done and c.hand_visible)
    hand = c.hand()
    for i in range(len(hand)):
        c.toggle_card(i)
        if c.lit_territories():
            break
        c.toggle_card(i)
    lit = sorted(c.lit_territories())
    if lit:
        t = c.state.board.territories[lit[0]]
        board.handle(Intent(Kind.HOVER, pos=board.view.to_screen(t.totem_space or t.polygon[0])))
    shot("board")
    if lit:
        t0 = c.state.board.territories[lit[0]]
        board.handle(Intent(Kind.CLICK, pos=board.view.to_screen(t0.totem_space or t0.polygon[0])))
    other = [t.index for t in c.state.board.territories if t.index not in c.lit_territories()]
    if c.state.phase is Phase.MAIN and other:
        board.handle(Intent(Kind.CLICK, pos=board.view.to_screen(
            c.state.board.territories[other[0]].totem_space or c.state.board.territories[other[0]].polygon[0])))
    shot("board-pieces")
    board.open_pause()
    shot("pause")
    app.stack.pop()

    board.open_pause()
    app.stack.top.save()
    shot("save")
    app.stack.pop()
    app.stack.pop()
    advance(lambda: isinstance(app.stack.top, AnnouncementOverlay))
    shot("announcement")
    app.stack.top.acknowledge()
    advance(lambda: isinstance(app.stack.top, ScoringScene))
    scoring = app.stack.top
    scoring.go(min(3, len(scoring.lines) - 1))
    shot("scoring-half")
    scoring.skip()
    shot("scoring-half-table")
    scoring.close()
    advance(lambda: isinstance(app.stack.top, ScoringScene) and app.stack.top.final)
    scoring = app.stack.top
    totem_steps = [i for i, line in enumerate(scoring.lines) if line.category == "totems" and line.points]
    scoring.go(totem_steps[0] if totem_steps else 1)
    shot("scoring")
    scoring.skip()
    shot("final-table")
    scoring.close()
    storage.write_slot(c.game, 1, "Finished game")
    storage.saves_dir().joinpath("broken.json").write_text("{ not json", encoding="utf-8")
    app.stack.push(RulesScene(app))
    shot("rules")
    app.stack.pop()
    app.stack.push(LoadScene(app))
    shot("load")
    loader = app.stack.top
    loader.select(storage.saves_dir() / "broken.json")
    loader.load()
    shot("load-damaged-dialog")
    app.stack.pop()
    app.stack.push(SettingsScene(app))
    shot("settings")
    pygame.quit()
    return 0


def computer_shots(app, out: Path) -> None:
    """`setup-computers.png` (one person, two Hard computers) and `board-computer.png`: a computer
    half-way through placing its pieces (territory lit, the next piece still being thought out)."""
    import time

    from iwari_desktop.engine import Phase
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup_seats import cycle_seat
    from iwari_desktop.scenes.selftest.smoke_driver import bot_step, dismiss_screen

    shot = shooter(app, out)

    app.stack.top.choose("new")
    setup = app.stack.top
    setup._pick_map("new-horizons" if "new-horizons" in setup.maps else setup.maps[0])
    setup.set_player_count(3)
    for seat in (1, 2):
        for _ in range(3):  # Person -> Easy -> Normal -> Hard
            cycle_seat(setup, seat)
    shot("setup-computers")
    setup.start(seed=12)
    board = app.stack.find(BoardScene)
    c = board.controller
    human = GreedyBot(3)

    def play_on(seconds: float, stop) -> None:
        """Real-time frames for at most `seconds`: announcements and scorings clicked through, the person's finished
        turn ended; any other frame goes to `stop(top)`, which may play and returns True to stop."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            top = app.stack.top
            if dismiss_screen(top) is not None:
                pass
            elif top is board and c.turn_done and c.computer_level(c.last_seat) is None:
                c.confirm()
            elif stop(top):
                return
            app.step(0)
            time.sleep(0.005)

    def computer_mid_move(top) -> bool:
        if top is board and not c.computer_to_move and not c.turn_done and not c.over:
            bot_step(c, human)   # the person's turns are played by a bot
            return False
        return (c.computer_to_move and c.state.turn >= 12 and c.state.phase is Phase.PIECES
                and c.state.pending is not None and c.state.pending.placed)

    def hint_asked(top) -> bool:
        if top is board and not c.computer_to_move and not c.turn_done and c.state.phase is Phase.MAIN:
            board.ask_hint()
            board.computers.hint_thinker.join(30)
            for _ in range(3):
                app.step(0)
            return True
        return False

    play_on(600, computer_mid_move)
    shot("board-computer")
    # then the person's next turn: the Hint lights Hard's cards and target and says why
    play_on(300, hint_asked)
    shot("board-hint")


def expansion_maps(app, out: Path, suffix: str) -> None:
    """A mid-game board of every expansion map, with the handoff taken and nothing hovered."""
    from iwari_desktop.scenes.selftest.board_samples import EXPANSION_MAPS, sample_game
    from iwari_desktop.scenes.board.overlays import HandoffOverlay
    from iwari_desktop.scenes.setup.setup import start_game

    for map_id in EXPANSION_MAPS:
        start_game(app, sample_game(map_id))
        app.step(0)
        if isinstance(app.stack.top, HandoffOverlay):
            app.stack.top.confirm()
        app.step(0)
        path = out / f"map-{map_id}{suffix}.png"
        app.screenshot(path)
        print("wrote", path)


if __name__ == "__main__":
    sys.exit(main())
