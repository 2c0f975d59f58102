"""The scoring screens at an online table: the same steps and table, without the ways out that only fit a game
at one computer. No "New game…" (the host offers Play again with the same seats instead), no "Watch the game"
here: this computer held only its seats' view of the game during play. The end's message brings the whole game,
and the session (online_net.keep_in_history) puts that into History, where it can be watched."""

from __future__ import annotations

import pygame

from ...i18n import _
from ..scoring.scoring import ScoringScene
from ..ui.dialogs import ConfirmScene
from ..ui.widgets import button
from .online_board import stop_polling
from .online_net import remember
from .online_pause import leave_words


class OnlineScoringScene(ScoringScene):
    name = "online-scoring"
    kept_in_history = False

    @property
    def session(self):
        return self.controller.session

    def build(self) -> None:
        super().build()
        if not (self.at_table and self.final):
            return
        gone = (_("New game…"), _("Watch the game"))
        for widget in list(self.widgets):
            if getattr(widget, "text", None) in gone:
                widget.kill()
                self.widgets.remove(widget)
        if self.session.is_host:
            ui = self.app.ui
            y = self.app.screen.get_height() - ui.px(60)
            button(self, pygame.Rect(ui.px(40), y, ui.px(220), ui.px(50)), _("Play again"), self.play_again,
                   tooltip=_("A new game with the same seats"))

    def play_again(self) -> None:
        self.controller.mark_reports_shown()
        self.session.play_again()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def ask_menu(self) -> None:
        self.app.stack.push(ConfirmScene(self.app, _("Leave the table?"), leave_words(self.session), _("Leave"),
                                         self.to_menu))

    def to_menu(self) -> None:
        self.controller.mark_reports_shown()
        stop_polling(self.app, self.session)
        remember(self.session)
        self.session.close()
        self.app.nav.reset("menu")
