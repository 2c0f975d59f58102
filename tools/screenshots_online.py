"""Screenshots of the online screens (issue #33): Play online, Host a table, Join a table, the lobby, a remote
turn ("waiting for …"), a chat line in the side panel, a dropped player, the table's menu and its leave question,
the chat, Play online with the tables to rejoin and Continue's question.

    xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/python tools/screenshots_online.py [--lang de]

A real table server on 127.0.0.1 in this process, the host's screens in the window and a joiner's session
(a real TableClient) beside them; pictures go to docs/screenshots/online-*.png (de/: German).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.screenshots import screenshot_run, shooter  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    args, size, suffix, out = screenshot_run(__doc__.splitlines()[0], argv)

    import pygame

    from iwari_desktop.app import App
    from iwari_desktop.i18n import _ as tr
    from iwari_desktop.engine.core.rules import legal_actions
    from iwari_desktop.scenes.online import online_net
    from iwari_desktop.scenes.online.online_board import OnlineBoardScene

    connector = online_net.NetConnector(bind="127.0.0.1", port=7878)
    online_net.use_connector(connector)
    app = App(size=size, fullscreen=False)
    shot = shooter(app, out, suffix)
    guests = []

    def wait(condition, seconds: float = 15.0) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.step(0)
            for guest in guests:
                guest.poll()
            if condition():
                return True
            time.sleep(0.02)
        print("timed out waiting", file=sys.stderr)
        return False

    app.stack.top.choose("online")
    shot("online-menu")
    app.nav.push("online-join")
    join = app.stack.top
    join.values.update(name="Ben", address="192.168.1.20", code="K7QM4P")
    join.rebuild()
    shot("online-join")
    app.stack.pop()
    app.nav.push("online-host")
    host = app.stack.top
    host.set_player_count(3)
    host.model.computers = [None, "remote", "normal"]
    host.model.first = 1
    host.set_names(["Ann", "Ben", "Cat"])
    host.rebuild()
    host.addresses = ["192.168.1.20"]
    shot("online-host")
    host.start(seed=7)
    lobby = app.stack.top
    session = lobby.session
    session.addresses = ("192.168.1.20",)
    wait(lambda: session.lobby is not None)
    guest = connector.join("127.0.0.1", session.port, session.code, "Ben")
    guests.append(guest)
    wait(lambda: guest.lobby is not None)
    guest.take_seat(1, "Ben")
    wait(lambda: 1 in guest.held)
    guest.set_ready(True)
    guest.say("Hi Ann! Ready when you are.")
    wait(lambda: len(session.chat) >= 1)
    session.say("Starting now, good luck!")
    wait(lambda: len(session.chat) >= 2 and lobby.start_button is not None and lobby.start_button.is_enabled)
    shot("online-lobby")
    lobby.start()
    wait(lambda: isinstance(app.stack.top, OnlineBoardScene))
    board = app.stack.top
    board.online.turn_started -= 42          # the clock as a person would see it after a while
    wait(lambda: not board.online.my_turn)
    app.step(0)
    shot("online-remote-turn")
    guest.say("Hmm, Forest or Tundra? One moment…")
    wait(lambda: bool(board.chat_news))
    shot("online-chat-line")
    # the joiner plays its turn, then the host's own turn comes
    for _ in range(40):
        view = guest.views.get(1)
        if view is None or view.state.active_seat != 1 or view.state.is_terminal():
            break
        number = view.state_number
        guest.intent(1, str(legal_actions(view.state)[0]))
        wait(lambda: guest.views[1].state_number > number, 5)
    wait(lambda: board.online.my_turn, 20)
    session.say("Nice move, Ben.")
    wait(lambda: len(session.chat) >= 3)
    app.nav.push("online-chat", session)
    shot("online-chat")
    app.stack.pop()
    guest.close()
    wait(lambda: any(s.seat == 1 and s.away_seconds is not None for s in session.seats))
    session.status_at -= 75
    wait(lambda: "wait1" in board._online_buttons)
    shot("online-dropped")
    board.open_pause()
    shot("online-table-menu")
    pause = app.stack.top
    pause.ask_leave()
    shot("online-leave")
    app.stack.pop()
    app.stack.pop()
    session.close()
    # a joiner's lobby: two people at this computer may each take a seat under their own name
    from iwari_desktop.engine import BASE_FEATS, GameConfig, PlayerSpec
    from iwari_desktop.engine.core.config import PLAYER_COLOURS

    config = GameConfig("new-horizons", tuple(PlayerSpec(n, PLAYER_COLOURS[i]) for i, n in enumerate(("Ann", "Ben", "Cleo"))),
                        1, BASE_FEATS)
    other = connector.host(config, [online_net.PlannedSeat("local", None, "Ann"),
                                    online_net.PlannedSeat("remote", None, "Ben"),
                                    online_net.PlannedSeat("remote", None, "Cleo")], "Ann")
    guests[:] = [other]
    app.nav.reset("menu")
    app.nav.push("online-lobby", connector.join("127.0.0.1", other.port, other.code, "Ben"))
    lobby = app.stack.top
    wait(lambda: 1 in lobby.seat_buttons)
    lobby.sit(1)
    wait(lambda: 1 in lobby.session.held and lobby.name_entry is not None)
    lobby.name_entry.set_text("Cleo")
    lobby.session.say("Ben and Cleo share this laptop.")
    wait(lambda: len(lobby.session.chat) >= 1)
    shot("online-lobby-joiner")
    lobby.session.close()
    other.close()
    # the menu again: Play online lists the tables this computer sat at; Continue asks which, beside a game here
    app.nav.reset("menu")
    app.stack.top.choose("online")
    shot("online-menu-tables")
    from iwari_desktop.scenes.menu.continue_choice import Choice
    from iwari_desktop.scenes.online.online_menu import table_choices

    from datetime import datetime

    from iwari_desktop.storage import date_format

    saved = datetime(2026, 11, 29, 20, 14).strftime(date_format())
    here = Choice(tr("The game at this computer"), " · ".join(("New Horizons", "Ann, Ben, Cat",
                                                               tr("round {round}").format(round=3), saved)), lambda: None)
    tables = [Choice(t.title, t.detail, lambda: None) for t in table_choices(app)[:1]]
    app.nav.reset("menu")
    app.nav.push("continue-choice", tables + [here])
    shot("continue-choice")
    online_net.use_connector(None)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
