"""The board's controller at an online table: a move goes to the host, and the host's views replace the state.

Why a subclass of the pass-and-play `GameController`: every gesture, lit target, refusal reason and hint is the
same on a masked state as on the real one, so the board, its parts and its words stay as they are. Only the
seam differs (`_submit`): instead of `game.play` the action goes to the host as an intent, and nothing changes
until the host's next view arrives (`receive`). That view's state replaces the game's state; an action that
moved the game on by one step is narrated exactly as `_submit` narrates one (Recent moves, the rings of new
pieces, Meanwhile, announcements, the Void's steps), so other players' moves read as computer turns do in
pass-and-play. Anything else (a reconnect, an undo, a new game) replaces the state and keeps what still fits.

The client never runs a computer: computer seats and stand-ins are played on the host.
"""

from __future__ import annotations

import time

from ...engine import Action, Game, Phase
from ...engine.core.errors import ActionParseError
from ...engine.core.actions import parse_action
from ...i18n import _, ngettext
from ..board import narration
from ..board.controller import GameController
from ..board.controller_context import Message, RecentMoves
from ..board.controller_trail import MoveTrail
from ..presenters.base import EVENT
from ..ui.words import player_text
from .online_net import OnlineSession, SeatView


def game_of(view: SeatView) -> Game:
    """A Game to put on the board from a first view (its log is filled in by `receive`)."""
    return Game(view.state.config, view.state)


class OnlineController(GameController):
    """`GameController` whose moves go to the table (see the module docstring)."""

    def __init__(self, game: Game, session: OnlineSession) -> None:
        self.session = session
        self.waiting: str | None = None        # the intent sent and not yet answered
        self.seen_number = -1
        self.view_can_undo = False
        self.turn_started = time.monotonic()    # when the acting seat last changed (the "waiting for" clock)
        super().__init__(game, None)

    # ---- seats ----------------------------------------------------------------------------------------
    @property
    def held(self) -> list[int]:
        return sorted(self.session.held)

    def _settle_viewer(self) -> None:
        """One seat at this computer: its player always looks; several: the handoff decides, as in pass-and-play."""
        held = self.held
        if len(held) == 1:
            self.viewer_seat = held[0]

    @property
    def my_turn(self) -> bool:
        return not self.over and self.state.active_seat in self.session.held

    @property
    def computer_to_move(self) -> bool:
        return False        # the host plays every computer seat

    @property
    def needs_handoff(self) -> bool:
        if self.over or self.state.active_seat not in self.session.held or len(self.session.held) < 2:
            return False
        return self.viewer_seat != self.state.active_seat

    def legal(self) -> list[Action]:
        if not self.my_turn or self.waiting is not None:
            return []
        return super().legal()

    def can_undo(self) -> bool:
        return self.my_turn and self.waiting is None and self.view_can_undo and not self.needs_handoff

    def seat_name(self, seat: int | None) -> str:
        return self.tribe_name(seat) if seat is not None and 0 <= seat < len(self.state.tribes) else "?"

    def waiting_for(self) -> str:
        """'Waiting for Ben · 0:42' while another seat plays ('' on this computer's turns and at the end)."""
        if self.over or self.my_turn:
            return ""
        seconds = int(max(0.0, time.monotonic() - self.turn_started))
        return _("Waiting for {player} · {time}").format(player=self.seat_name(self.state.active_seat),
                                                        time=f"{seconds // 60}:{seconds % 60:02d}")

    def prompt(self) -> str:
        if self.session.connection in ("reconnecting", "failed"):
            # the strip says how the connection fares; a banner still asking for a move disagreed with it
            return _("Not connected to the table: your moves wait until the connection is back.")
        if self.waiting is not None:
            return _("Waiting for the table's answer…")
        return self.waiting_for() or super().prompt()

    # ---- the seam ---------------------------------------------------------------------------------------
    def _blocked(self) -> bool:
        if self.over:
            return True
        if not self.my_turn:
            self._say(_("It is {player}'s turn: wait until it is yours.").format(
                player=self.seat_name(self.state.active_seat)), True)
            return True
        if self.waiting is not None:
            self._say(_("Waiting for the table's answer…"), False)
            return True
        return super()._blocked()

    def _submit(self, action: Action) -> bool:
        """Send the action to the host; the state changes when its view comes back (`receive`)."""
        if self._blocked():
            return False
        if action not in self.legal():
            reason = self.explain(action)
            if reason is not None:
                self._say(reason, True)
                return False
        if not self.session.intent(self.state.active_seat, str(action)):
            self._say(_("Not connected to the table: the move was not sent. Try again once you are back."), True)
            return False
        self.waiting = str(action)
        self._changed()
        return True

    def undo(self) -> bool:
        if not self.can_undo():
            self._say(_("Nothing to undo: undo reaches back only within your turn, and not past a card drawn from "
                        "the deck."), True)
            return False
        if not self.session.undo(self.state.active_seat):
            self._say(_("Not connected to the table: the move was not sent. Try again once you are back."), True)
            return False
        self.waiting = "undo"
        self._changed()
        return True

    def mark_reports_shown(self) -> None:
        """One scoring stepped through: at a table several can arrive at once (the half journey and the end after
        a burst of others' moves, or a reconnect), and closing the first must not skip the next."""
        reports = self.state.reports
        index = self.reports_shown
        while index < len(reports) and reports[index].kind == "award":
            index += 1
        self.reports_shown = min(len(reports), index + 1)
        self._changed()

    def refused(self, text: str) -> None:
        """The host refused what this computer sent: say why, in words."""
        self.waiting = None
        self._say(text, True)

    def seat_for(self, view: SeatView) -> int | None:
        """Which held seat's view the board shows for a state: the acting seat's if it is here, else the
        viewer's, else the first held seat's."""
        held = self.session.held
        if not held:
            return None
        active = view.state.active_seat
        if active in held:
            return active
        if self.viewer_seat in held:
            return self.viewer_seat
        return min(held)

    def receive(self, view: SeatView) -> bool:
        """Put a view from the host on the board; True if it was the one shown (see `seat_for`)."""
        if view.seat != self.seat_for(view) or view.state_number < self.seen_number:
            return False
        active_before = self.state.active_seat
        log = self.game.log
        step = (view.last_action is not None and len(view.log) == len(log) + 1
                and view.state_number == self.seen_number + 1)
        action = None
        if step:
            try:
                action = parse_action(view.log[-1])
            except ActionParseError:
                step = False
        mine = self.waiting is not None and view.last_seat in self.session.held
        self.waiting = None

        if step and action is not None:
            self._narrate(view, action, mine)
        else:
            self._replace(view)
        self.seen_number = view.state_number
        self.view_can_undo = view.can_undo
        if self.state.active_seat != active_before or not step:
            self.turn_started = time.monotonic()
        self._changed()
        return True

    def _narrate(self, view: SeatView, action: Action, mine: bool) -> None:
        """One action on: the same lines, rings and notices `_submit` gives a move played here."""
        old = self.state
        phase = old.phase
        pending_territory = old.pending.territory if old.pending is not None else None
        line = None
        if not mine and view.last_seat is not None:
            line = _("{player} {move}.").format(player=self.tribe_name(narration.piece_owner(old)),
                                                move=self.describe(action))
        was = narration.before(old, action)
        void_before = self.void.void_mark()
        self.game.state = view.state
        self.game.log.append(action)
        notices = self._narrate_applied(action, was, void_before, pending_territory)
        self.slots.track(self.state)
        if mine and phase in (Phase.MAIN, Phase.THIRD_TRIBE, Phase.MODULE):
            self.selected.clear()
            self.pieces_choice = None
            self.reset_flow()
        if notices:
            self.message = Message(player_text(" ".join(notices)))
        elif line is not None:
            self.message = Message(player_text(line))
        elif mine:
            self.message = None

    def _replace(self, view: SeatView) -> None:
        """A view that is not one step on (a reconnect, an undo, a new game): the state as the host says, the
        log's lines kept as far as they still hold."""
        parsed: list[Action] = []
        for entry in view.log:
            try:
                parsed.append(parse_action(entry))
            except ActionParseError:
                break
        old_log = self.game.log
        keep = len(parsed) <= len(old_log) and [str(a) for a in old_log[:len(parsed)]] == [str(a) for a in parsed]
        self.game.state = view.state
        ahead = len(parsed) > len(old_log) > 0 and [str(a) for a in parsed[:len(old_log)]] == [str(a) for a in old_log]
        if keep and len(parsed) == len(old_log):   # the same game again (back after a drop): nothing to retell
            pass
        elif ahead:                     # back after a drop, the game went on meanwhile: the lines so far stay
            missed = len(parsed) - len(old_log)
            self.game.log = parsed
            self.recent.add((EVENT, ngettext("{n} move was played while this computer was away.",
                                             "{n} moves were played while this computer was away.", missed)
                             .format(n=missed)), len(parsed) - 1)
            self.trail.follow(self.state)
        elif keep and parsed:           # an undo: the lines of the actions taken back go
            self.game.log = old_log[:len(parsed)]
            self.recent.drop_after(len(parsed))
            self.trail.drop_after(len(parsed), self.state)
            self.message = Message(_("Undone."))
        else:                            # joined mid-game, back after a drop, or a new game: start the lines here
            self.game.log = parsed
            self.recent = RecentMoves()
            self.void.recent = self.recent
            if parsed:      # the lines before are not sent (only their public actions): say where the log starts
                self.recent.add((EVENT, _("At the table again after move {n}; the moves before are not retold here.")
                                 .format(n=len(parsed))), len(parsed) - 1)
            self.trail = MoveTrail()
            self.trail.follow(self.state)
            self.announcements.clear()
            self.reports_shown = len(self.state.reports)
            self.message = None
        self.selected.clear()
        self.pieces_choice = None
        self.reset_flow()
        self.slots.track(self.state)
        self._settle_viewer()
