"""Screenshots of issue #34's rough edges: the menu's two even columns, the board's sign while the sound is
muted, and four damaged autosaves (cut short, a folder, 20 MB of noise, a link to nowhere) with an empty
slot — the menu's Continue note naming each, and Load game listing them with Discard offered.

    xvfb-run -s "-screen 0 1920x1080x24" .venv/bin/python tools/screenshots_rough_edges.py [--lang de]

Writes menu.png, board-muted.png, menu-damaged-autosaves.png and load-damaged-autosaves.png into
docs/screenshots/ (or docs/screenshots/de/).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from screenshots import screenshot_run, shooter  # noqa: E402

NAMES = ("autosave-20261126-101010-aaaaaa.json", "autosave-20261126-101011-bbbbbb.json",
         "autosave-20261126-101012-cccccc.json", "autosave-20261126-101013-dddddd.json")


def main(argv: list[str] | None = None) -> int:
    args, size, suffix, out = screenshot_run(__doc__.splitlines()[0], argv)
    import pygame

    from iwari_desktop import storage
    from iwari_desktop.app import App
    from iwari_desktop.engine import Game, GameConfig
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.load.load import LoadScene
    from iwari_desktop.scenes.setup.setup import start_game

    app = App(size=size, fullscreen=False)
    shot = shooter(app, out, suffix)
    shot("menu")

    start_game(app, Game.new(GameConfig.quick("new-horizons", 3, seed=12)))
    board = app.stack.find(BoardScene)
    board.controller.accept_handoff()
    while app.stack.top is not board:
        app.stack.pop()
    app.toggle_mute()
    app.request_redraw()
    shot("board-muted")
    app.toggle_mute()
    app.stack.pop()

    for path in storage.saves_dir().glob("autosave-*.json"):
        path.unlink()
    folder = storage.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    cut, dir_, noise, link = (folder / name for name in NAMES)
    cut.write_text('{"version": 1, "setup": {"map": "new-hor', encoding="utf-8")
    dir_.mkdir()
    noise.write_bytes(os.urandom(20 * 1024 * 1024))
    link.symlink_to(Path(tempfile.gettempdir()) / "iwari-gone-autosave.json")
    (folder / "slot-1.json").write_bytes(b"")
    menu = app.stack.top
    menu.rebuild()
    shot("menu-damaged-autosaves")
    app.stack.push(LoadScene(app))
    loader = app.stack.top
    loader.select(link)
    shot("load-damaged-autosaves")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
