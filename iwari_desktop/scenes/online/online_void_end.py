"""The end of a co-op game against the Void at an online table: the same verdict and territory table as at one
computer, without the ways out that only fit a game at one computer.

Why not the solo end screen as it is (play-test 2026-11-29): its Enter went straight to the main menu, which at a
table closed the table for the partner without asking; its "Watch the game" and History entry used this computer's
view of the game, whose hidden hands are a fill (the session keeps the whole game from the host's GameOver instead,
`online_net.keep_in_history`); and there was no Play again. Here leaving asks first, the host offers Play again with
the same seats, and nothing is put into History but what the host sent.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ...i18n import _
from ..solo.void_end import VoidEndScene
from ..ui.dialogs import ConfirmScene
from ..ui.stack import Scene
from ..ui.widgets import button


class OnlineVoidEndScene(VoidEndScene):
    name = "online-void-end"

    def __init__(self, app, controller, leave: Callable[[], None]) -> None:
        super().__init__(app, controller)
        self.leave = leave              # the board's way off the table (closes the connection, and the table here)
        self.again_button = None

    @property
    def session(self):
        return self.controller.session

    def build(self) -> None:
        super().build()
        for widget in (self.watch_button, self.menu_button):
            widget.kill()
            self.widgets.remove(widget)
        self.menu_button = button(self, pygame.Rect(self.menu_button.rect), _("Main menu…"), self.to_menu, "#primary")
        if self.session.is_host:
            self.again_button = button(self, pygame.Rect(self.watch_button.rect), _("Play again"), self.play_again,
                                       tooltip=_("A new game with the same seats"))

    def enter(self) -> None:
        Scene.enter(self)               # (not the solo screen's History entry: see the module docstring)

    def play_again(self) -> None:
        self.session.play_again()
        self.back()

    def to_menu(self) -> None:
        detail = (_("The table closes for everybody.") if self.session.hosting
                  else _("You can join this table again from Join a table."))
        self.app.stack.push(ConfirmScene(self.app, _("Leave the table?"), detail, _("Leave"), self.leave))
