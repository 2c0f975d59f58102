"""The game presenter: the single path from a player's (or bot's) gesture to an engine action.

Mouse handlers, keyboard intents, tests and the smoke-run bot driver all call these methods, so
what a bot exercises is exactly what a person's click exercises. The controller keeps only UI
state (selected cards, whose hand may be shown, the last message); every question of legality
goes to `legal_actions`, and every refusal is the engine's own `IllegalAction` reason.

It is a facade over parts built in `__init__`, each handed what it uses (`controller_context`):
`flow` (the expansion's click flows), `moves` (S9 moves against the Void), `void` (the solo/co-op
decisions and the Void's steps), `words` (banner and tooltips), `gestures` (the base game's clicks and
keys), `recent` (Recent moves). What stays here: the UI state, the seat logic, the views the screens
ask (what is lit, what may be done now) and `_submit`, the one path to the engine; the screens call
one method per gesture on the controller (`controller_parts` passes it on to its part).
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import (
    Action, Biome, Draw, Exchange, Game, IllegalAction, Observation, Pass, Phase, PlaceTent, PlaceTotem,
    observe,
)
from iwari_desktop.engine.core.scoring import ScoreReport
from . import narration
from .controller_context import WHOLE_GAME, BoardContext, Message, RecentMoves
from .controller_flow import ExpansionFlow
from .controller_gestures import Gestures
from .controller_move import MoveFlow
from .controller_parts import PartsFacade
from .controller_slots import DisplaySlots
from .controller_trail import CatchUp, MoveTrail
from .controller_void import VoidFlow
from .controller_words import ControllerWords
from ..ui.words import player_text, refusal_text
from ...i18n import _
from ..ui.terms import tribe_label


def plain_reason(error: IllegalAction) -> str:
    """The engine's reason as a sentence, in words only: ruling ids stay in logs and docs."""
    return refusal_text(error.rule, error.reason)


class GameController(PartsFacade):
    """UI state around one `Game`; see the module docstring."""

    def __init__(self, game: Game, autosave: Callable[[Game], None] | None = None) -> None:
        self.game = game
        self.autosave = autosave
        self.viewer_seat: int | None = None     # the seat that confirmed the handoff: only its hand is drawn
        self.selected: list[int] = []           # indices into the viewer's hand
        self.pieces_choice: int | None = None   # None: as many pieces as the cards allow
        self.message: Message | None = None
        self.turn_done = False                  # the turn ended; waiting for the player to confirm
        self.reports_shown = len(game.state.reports)
        self.version = 0                        # bumped on every visible change (render caches key on it)
        self.placed_events: list[tuple[str, int]] = []  # ("tent", space) / ("totem", territory), for animations
        self.slots = DisplaySlots()              # display cards by fixed slot: a taken card leaves a gap
        self.announcements: list[narration.Announcement] = []  # big events still to be acknowledged
        self._legal: list[Action] | None = None
        self._legal_version = -1
        self.last_seat: int | None = None       # the seat whose turn just ended (shown until it passes on)
        # the seat the screens address as "you" (the tutorial's learner, whose tribe is named "Your tribe"):
        # its own sentences ("Your hand") replace the "{player}'s …" ones a name like that reads badly in
        self.you: int | None = None
        # the parts get this controller's entry points bound on the live object: a subclass's gate applies
        self.ctx = BoardContext(game=game, version=lambda: self.version, legal=self.legal,
                                selected_cards=self.selected_cards, explain=self.explain, submit=self._submit,
                                blocked=self._blocked, say=self._say, changed=self._changed, prompt=self.prompt)
        self.recent = RecentMoves()               # (tribe, what it did): public moves, for the log panel
        self.flow = ExpansionFlow(self.ctx)
        self.moves = MoveFlow(self.ctx, self.flow, pieces_choice=lambda: self.pieces_choice)
        self.void = VoidFlow(self.ctx, self.moves, self.recent)
        self.words = ControllerWords(self)
        self.gestures = Gestures(self)            # the base game's clicks and keys, each one action
        self.trail = MoveTrail()                  # who played each log entry and the pieces it placed
        self.catch_up = CatchUp(self)             # what is news to the player at the table (rings, log)
        if game.log:
            # replaying the log rebuilds the game log, the display's slot order and the trail as they were saved
            for mark, entry in narration.replay_history(game, keep=WHOLE_GAME, each=self._follow_replay):
                self.recent.add(entry, mark)
        else:
            self.trail.follow(game.state)
        self._settle_viewer()

    def _follow_replay(self, state) -> None:
        self.slots.track(state)
        self.trail.follow(state)

    # ---- computer seats ---------------------------------------------------------------------------
    def computer_level(self, seat: int | None) -> str | None:
        """The level of a computer seat, None for a person (or no seat)."""
        players = self.game.config.players
        return players[seat].computer if seat is not None and 0 <= seat < len(players) else None

    def human_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.game.config.players) if p.computer is None]

    @property
    def computer_to_move(self) -> bool:
        return not self.over and not self.turn_done and self.computer_level(self.state.active_seat) is not None

    def _settle_viewer(self) -> None:
        """With one person among computers the laptop never changes hands: that person always looks."""
        humans = self.human_seats()
        if len(humans) == 1 and len(humans) < len(self.game.config.players):
            self.viewer_seat = humans[0]

    def play_computer(self, action: Action) -> bool:
        """Submit a computer seat's decision (the UI thread only; see computer_turns)."""
        if not self.computer_to_move:
            return False
        line = _("{player} (computer) {move}.").format(player=self.tribe_name(self.state.acting_tribe),
                                                       move=self.describe(action))

        played = self._submit(action)
        if played and self.message is None:
            self.message = Message(player_text(line))  # what it just did stays on screen for the pace's pause
        return played

    # ---- views -----------------------------------------------------------------------------------
    @property
    def state(self):
        return self.game.state

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    @property
    def needs_handoff(self) -> bool:
        """The laptop must change hands before anything private is drawn."""
        if self.void.hands_open() and not self.over:  # co-op with open hands: both hands are on the table
            self.viewer_seat = self.state.active_seat
        if self.over or self.turn_done or self.computer_level(self.state.active_seat) is not None:
            return False  # a computer's turn needs no handoff
        return self.viewer_seat != self.state.active_seat

    @property
    def hand_visible(self) -> bool:
        if self.viewer_seat is None or self.needs_handoff:
            return False
        # while a computer plays, a hand stays shown only if one person is at the table
        computer_on = self.computer_to_move or (self.turn_done and self.computer_level(self.last_seat) is not None)
        return not computer_on or len(self.human_seats()) <= 1

    def observation(self) -> Observation | None:
        """The view of the seat that took the laptop; None while a handoff is pending."""
        if not self.hand_visible:
            return None
        return observe(self.state, self.viewer_seat)

    def legal(self) -> list[Action]:
        if self._legal is None or self._legal_version != self.version:
            idle = self.turn_done or self.needs_handoff or self.computer_to_move
            self._legal = [] if idle else self.game.legal_actions()
            self._legal_version = self.version
        return self._legal

    def hand(self) -> tuple[Biome, ...]:
        obs = self.observation()
        return obs.hand if obs is not None else ()

    def selected_cards(self) -> tuple[Biome, ...]:
        hand = self.hand()
        return tuple(sorted(hand[i] for i in self.selected if i < len(hand)))

    def place_choices(self) -> dict[int, list[int]]:
        """Territory -> piece counts the selected cards can legally buy there."""
        return self.flow.place_choices()

    def lit_territories(self) -> set[int]:
        lit = self.void.void_lit_territories()
        lit = self.flow.flow_lit_territories() if lit is None else lit
        if lit is not None:
            return lit
        if self.state.phase is Phase.PIECES and self.state.pending is not None:
            return {self.state.pending.territory}
        return set()

    def lit_spaces(self) -> set[int]:
        """Tent spaces while placing pieces; ruin spaces the selected cards can take in the action step."""
        if self.state.phase in (Phase.MAIN, Phase.THIRD_TRIBE):
            return self.flow.lit_ruins() if self.flow.void_source is None else set()
        return self.void.void_lit_spaces() | {a.space for a in self.legal() if isinstance(a, PlaceTent)}

    def totem_allowed(self) -> bool:
        return any(isinstance(a, PlaceTotem) for a in self.legal()) or self.moves.move_totem_allowed()

    def lit_connections(self) -> set[int]:
        """Connections a feat may go on now (a claim may mix territories and connections: Courage, Worship)."""
        return {a.target for a in self.feat_options() if a.on_connection}

    def drawable(self) -> tuple[set[Biome], bool]:
        draws = [a for a in self.legal() if isinstance(a, Draw)]
        return {a.card for a in draws if a.card is not None}, any(a.card is None for a in draws)

    def can_exchange(self) -> bool:
        cards = self.selected_cards()
        return len(cards) == 1 and Exchange(cards[0]) in self.legal()

    def can_pass(self) -> bool:
        return any(isinstance(a, Pass) for a in self.legal())

    def can_undo(self) -> bool:
        return (not self.turn_done and not self.needs_handoff and not self.computer_to_move
                and self.game.can_undo())

    def piece_counts(self) -> list[int]:
        """Distinct piece counts offered by the selection (a choice appears only when there is one)."""
        return sorted({p for ps in self.place_choices().values() for p in ps} | self.moves.move_counts()
                      | self.void.free_counts())

    def tribe_name(self, tribe: int) -> str:
        return tribe_label(self.state.tribes[tribe])

    @property
    def shown_tribe(self) -> int | None:
        """The tribe the screen is about: after a turn, still the player who just played, until the handoff."""
        if self.over:
            return None
        if self.turn_done and self.last_seat is not None:
            return self.last_seat  # a player's tribe has the seat's index
        return self.state.acting_tribe

    def display_slots(self) -> list[Biome | None]:
        """The display by fixed slot: cards keep their place and a taken card's slot stays empty until the refill.

        The engine keeps the display as a plain list; pinning cards to slots here means a fast second
        click never lands on a card that slid into the place of the one just taken.
        """
        return self.slots.place(list(self.shown_state.display))   # the display at the Void's step on screen

    def retell_history(self) -> None:
        """Recent moves again in the active language (after a switch in Settings), retold from the game's log."""
        self.recent.retell(narration.replay_history(self.game, keep=WHOLE_GAME) if self.game.log else [])


    def shown_scores(self) -> list[int]:
        """Scores as the players have seen them: a scoring not yet stepped through is held back."""
        shown = list(self.state.scores)
        for report in self.new_reports():  # points awarded mid-game (expedition cards) show at once
            for tribe, points in enumerate(report.totals()):
                shown[tribe] -= points
        return shown

    def own_turn(self, seat: int) -> int:
        """The number of the seat's current (or, once it has ended, last) turn, counted per player."""
        taken = self.state.turns_taken[seat]
        return taken if self.turn_done and seat == self.last_seat else taken + 1

    def round_number(self) -> int:
        """The round being played: each player's own turn count (every round starts with the first player)."""
        seat = self.last_seat if self.turn_done and self.last_seat is not None else self.state.active_seat
        return self.own_turn(seat)

    def new_reports(self) -> list[ScoreReport]:
        """Scorings not yet stepped through; mid-game awards are announced instead (see narration)."""
        return [r for r in self.state.reports[self.reports_shown:] if r.kind != "award"]

    def mark_reports_shown(self) -> None:
        self.reports_shown = len(self.state.reports)
        self._changed()

    def partner_hand(self) -> tuple[int, list[Biome]] | None:
        """Co-op with open hands (S12): the partner's seat and cards, read from the module's public view,
        for the side panel to draw read-only; None in every other game (closed hands are never drawn)."""
        if self.over:
            return None
        hands = self.void.open_hands()
        viewer = self.viewer_seat
        if not hands or viewer is None or self.needs_handoff:
            return None
        partner = 1 - viewer if len(hands) == 2 else None
        if partner is None:
            return None
        return partner, [Biome.parse(key) for key in hands[partner]]

    # ---- submitting --------------------------------------------------------------------------
    def _blocked(self) -> bool:
        if self.needs_handoff:
            self._say(_("Hand the laptop over first."), True)
            return True
        if self.turn_done:
            self._say(_("Your turn is over: press Enter (End turn) to pass on."), True)
            return True
        if self.over:
            return True
        if self.computer_to_move:
            self._say(_("{player} (computer) is playing.").format(player=self.tribe_name(self.state.active_seat)), True)

            return True
        return False

    def explain(self, action: Action) -> str | None:
        """Why the engine refuses `action` (None if it would accept it); the real game is untouched."""
        trial = self.state.clone()
        from ...engine import apply

        try:
            apply(trial, action)
        except IllegalAction as error:
            return plain_reason(error)
        return None

    def _submit(self, action: Action) -> bool:
        s = self.state
        seat, turn, phase = s.active_seat, s.turn, s.phase
        pending_territory = s.pending.territory if s.pending is not None else None
        if action not in self.legal():
            reason = self.explain(action)
            if reason is not None:
                self._say(reason, True)
                return False
        was = narration.before(s, action)
        void_before = self.void.void_mark()
        try:
            self.game.play(action)
        except IllegalAction as error:
            self._say(plain_reason(error), True)
            return False
        notices = self._narrate_applied(action, was, void_before, pending_territory)
        if phase in (Phase.MAIN, Phase.THIRD_TRIBE, Phase.MODULE):  # the action is taken: its cards are spent
            self.selected.clear()
            self.pieces_choice = None
            self.reset_flow()
        self.message = Message(player_text(" ".join(notices))) if notices else None
        s = self.state
        ended = s.turn != turn or s.active_seat != seat or s.is_terminal()
        if phase is Phase.DRAFT and s.active_seat == seat and s.phase is not Phase.DRAFT:
            ended = False  # the last drafter is the first player and simply carries on
        if ended:
            self.turn_done = True
            self.last_seat = seat
            if self.autosave is not None:
                self.autosave(self.game)
        self._changed()
        return True

    def _narrate_applied(self, action: Action, was, void_before, pending_territory: int | None) -> list[str]:
        """What follows an action now in the log and the state: its Recent-moves lines, announcements, the
        Void's steps, the trail and the rings on new pieces; returns the notices for the banner. Shared by a
        move played here (`_submit`) and one the host of an online table sends (online_controller)."""
        entries, notices = narration.after(self.state, was, action)
        self.announcements.extend(narration.events(self.state, was)[1])
        for entry in entries:
            self.recent.add(entry, len(self.game.log) - 1)
        notices += self.void.note_void_steps(void_before)
        self.trail.follow(self.state)
        if isinstance(action, PlaceTent):
            self.placed_events.append(("tent", action.space))
        elif isinstance(action, PlaceTotem) and pending_territory is not None:
            self.placed_events.append(("totem", pending_territory))
        return notices

    def next_announcement(self) -> narration.Announcement | None:
        """The oldest big event not yet acknowledged (removed from the queue)."""
        return self.announcements.pop(0) if self.announcements else None

    def notify(self, text: str) -> None:
        """Show a plain information line (e.g. "Game saved")."""
        self._say(text)

    def describe(self, action: Action) -> str:
        """A public description of `action` in the current state (never a card drawn from the deck)."""
        return narration.describe(self.state, action)

    def undo_history(self) -> None:
        """Drop the log entries of actions no longer in the game's log."""
        self.recent.drop_after(len(self.game.log))
        self.trail.drop_after(len(self.game.log), self.state)

    def _say(self, text: str, error: bool = False) -> None:
        self.message = Message(text, error)
        self._changed()

    def _changed(self) -> None:
        self.version += 1
