"""The menu over the board at an online table (Esc or the Menu button): Resume, Settings, Rules, the away seats
(the host) and Leave the table, with a question that says in words what leaving does.

Why a subclass of the board's `PauseOverlay`: the same panel, buttons, dimming and Settings/Rules routes as at one
computer; only the entries differ. No Save or Load (the table is saved where it is hosted, after every move), and
the title is not "Paused": the game goes on for the others while this menu is open.
"""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import _, pgettext
from ..board.overlays import PauseOverlay
from ..ui.dialogs import ConfirmScene
from .online_net import OnlineSession


def leave_words(session: OnlineSession) -> str:
    """What leaving the table does, the truth for each case (see `OnlineSession.close` and net/hosting.py)."""
    back = dict(cont=pgettext("menu", "Continue"), join=_("Join a table"), rejoin=_("Rejoin"))
    if session.hosting:
        # this computer runs the table: stopping it drops every connection; the table stays saved here
        # (after every change) and Continue reopens it; the others' games try again for a few minutes
        return _("The table stops for everybody until you open it again. The game is kept on this computer: "
                 "{cont} (or {rejoin} in {join}) opens it where it was, and the others get their seats back.").format(
            **back)
    if session.is_host:
        return _("The table stays open on its server and the others wait for you; your seat stays yours. "
                 "Come back with {cont}, or {rejoin} in {join}.").format(**back)
    return _("Your seat stays yours: the others see you away, and the host may wait or let a computer play it "
             "until you are back. Come back with {cont}, or {rejoin} in {join}.").format(**back)


class OnlinePauseOverlay(PauseOverlay):
    """`PauseOverlay` with an online table's entries (see the module docstring); `board` is the OnlineBoardScene."""

    name = "online-pause"

    @property
    def session(self) -> OnlineSession:
        return self.board.session

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        items: list[tuple[str, Callable[[], None]]] = [
            (_("Resume"), self.resume_game), (_("Settings"), self.settings), (_("Rules"), self.rules)]
        if self.session.is_host and self.away_seats():
            items.append((_("Away seats…"), self.away))
        items.append((_("Leave the table"), self.ask_leave))
        return items

    def title(self) -> str:
        return _("Menu")

    def note(self) -> str:
        return _("The game goes on while this menu is open: the others play their turns.")

    def away_seats(self) -> list[int]:
        return [line.seat for line in self.session.seats if line.away_seconds is not None]

    def away(self) -> None:
        """The host decides again for every away seat (wait, or which computer plays it): the band over the map."""
        self.board.review_away(self.away_seats())
        self.resume_game()

    def ask_leave(self) -> None:
        self.app.stack.push(ConfirmScene(self.app, _("Leave the table?"), leave_words(self.session), _("Leave"),
                                         self.leave))

    def leave(self) -> None:
        self.board.leave_table()
