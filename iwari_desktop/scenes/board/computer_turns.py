"""Computer seats on the board: each decision is thought out on a worker thread, then shown step by step.

Why a thread: Hard searches for most of a second, and the window must keep redrawing and answering
Esc, resize and quit meanwhile. The worker gets its own clone of the game state and writes only to
its own result slot; the UI thread alone applies the chosen action to the live game, through the
controller (the same path a click takes). A worker whose position has gone (undo, load, quit) is
dropped: its answer is never read, so it can never write into a game.

Why a pace: a computer's turn is several engine steps (the cards, then each piece); waiting a
moment after each lets a person see the territory light and the pieces appear one by one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ...engine import Action
from ...i18n import _
from iwari_desktop.engine.bots.registry import Bot, make_bot
from iwari_desktop.engine.core.state import GameState
from .hints import HINT_BUDGET, Adviser, Hint, against_void, hint_for, show_hint  # noqa: F401  (board imports show_hint here)

# seconds a computer's step stays on screen before its next one, by the Settings choice
PACES: dict[str, float] = {"slow": 1.2, "normal": 0.55, "instant": 0.0}


class BotFailed(RuntimeError):
    """The bot raised while thinking; the message carries its reason (the game itself is untouched)."""


class Thinker:
    """One decision computed on a daemon thread from a private clone of `state`.

    `key` names the position the decision is for; the owner compares it before using the answer.
    """

    def __init__(self, bot: Bot, state: GameState, key: tuple[int, ...]) -> None:
        self.key = key
        self._state = state.clone()
        self._bot = bot
        self._result: Action | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="iwari-computer", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._result = self._bot.choose(self._state)
        except Exception as error:  # reported to the UI thread by `poll`, never lost in the thread
            self._error = error
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def poll(self) -> Action | None:
        """The decision once ready, else None; never waits."""
        if not self._done.is_set():
            return None
        if self._error is not None:
            raise BotFailed(_("the computer could not decide ({reason})").format(reason=self._error))
        return self._result

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread (tests and shutdown only); True if it finished."""
        self._thread.join(timeout)
        return not self._thread.is_alive()


BotFactory = Callable[[str, int], Bot]


def default_factory(level: str, seed: int) -> Bot:
    """A bot whose budget is CPU time of its thinking thread (`time.thread_time`): the window's frames
    and other programs delay Hard's answer but never shorten its search (docs/ai.md, "Speed")."""
    return make_bot(level, seed, clock=time.thread_time)


# Watch mode (every seat a computer): nobody is there to click, so what waits for a click elsewhere
# shows for a moment and moves on by itself (it can still be closed at once).
WATCH_ANNOUNCEMENT = 3.0   # seconds a big event (half journey, end triggered) stays up
WATCH_SCORING_STEP = 1.2   # seconds per line of a scoring walk-through
WATCH_SCORING_TABLE = 4.0  # seconds the half-journey table stays before the journey goes on


def watching(controller) -> bool:
    """Watch mode: no person has a seat in this game."""
    return not controller.human_seats()


class ComputerTurns:
    """Drives the computer seats of one controller; `step(now)` is called once per frame.

    It never blocks: it starts a `Thinker`, checks it on later frames, and plays its answer when the
    pace allows. It stands still while the board is covered (menu, scoring, announcements).
    """

    def __init__(self, controller, pace: str = "normal", factory: BotFactory = default_factory,
                 clock: Callable[[], float] = time.monotonic,
                 advise: Callable[[bool, int], Adviser] = Adviser) -> None:
        self.controller = controller
        self.pace = pace
        self.factory = factory
        self.advise = advise    # builds the Hint's adviser (solo?, seed); tests hand in a slow one
        self.clock = clock
        self._bots: dict[int, Bot] = {}
        self.thinker: Thinker | None = None
        self.hint_thinker: Thinker | None = None
        self.hint: Hint | None = None
        self.hint_key: tuple[int, ...] | None = None
        self._adviser: Adviser | None = None
        self._ready_at = 0.0
        self.error: str | None = None

    # ---- state -------------------------------------------------------------------------------------
    @property
    def delay(self) -> float:
        return PACES.get(self.pace, PACES["normal"])

    def _key(self) -> tuple[int, ...]:
        c = self.controller
        return (id(c.game), len(c.game.log), c.state.active_seat)

    @property
    def thinking(self) -> bool:
        """A computer is working out its move (the board shows a small indicator)."""
        return self.thinker is not None and not self.thinker.done

    @property
    def busy(self) -> bool:
        """Computer play is under way or due: the window keeps ticking every frame."""
        c = self.controller
        if c.turn_done:  # the game's last turn too: it passes on to the final scores by itself
            return c.computer_level(c.last_seat) is not None
        if c.over:
            return False
        return c.computer_level(c.state.active_seat) is not None or self.hint_thinker is not None

    def bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            level = self.controller.computer_level(seat) or "normal"
            self._bots[seat] = self.factory(level, self.controller.game.config.seed * 31 + seat)
        return self._bots[seat]

    def cancel(self) -> None:
        """Forget any decision in flight (load, quit, undo): its answer will never be used."""
        self.thinker = None
        self._drop_hint_thinker()

    def _drop_hint_thinker(self) -> None:
        """Forget a hint in flight; its adviser goes too, since the dropped thread may still be writing its plan."""
        if self.hint_thinker is not None:
            self._adviser = None
        self.hint_thinker = None

    # ---- the frame step ------------------------------------------------------------------------------
    def step(self, now: float | None = None) -> bool:
        """Advance computer play by at most one action; True if something visible changed."""
        now = self.clock() if now is None else now
        changed = self._step_hint()
        c = self.controller
        if c.turn_done:
            if c.computer_level(c.last_seat) is not None and now >= self._ready_at:
                c.confirm()  # a computer's finished turn (the last one too) passes on by itself: no handoff
                self._ready_at = now + self.delay
                return True
            return changed
        if c.over:
            self.cancel()
            return changed
        seat = c.state.active_seat
        if c.computer_level(seat) is None:
            self.thinker = None
            return changed
        if self.thinker is not None and self.thinker.key != self._key():
            self.thinker = None  # the position changed under it (undo, load): drop the answer
        if self.thinker is None:
            self.thinker = Thinker(self.bot(seat), c.state, self._key())
            return True
        try:
            action = self.thinker.poll()
        except BotFailed as error:
            self.thinker = None
            self.error = str(error)
            c.notify(_("{player}'s computer player stopped: {reason}.").format(player=c.tribe_name(seat),
                                                                                    reason=error))
            return True
        if action is None or now < self._ready_at:
            return changed
        self.thinker = None
        c.play_computer(action)
        self._ready_at = now + self.delay
        return True

    # ---- hints ---------------------------------------------------------------------------------------
    def _standing(self) -> bool:
        """The shown hint still applies: the same seat is playing its move's steps in order, some still to play."""
        c = self.controller
        hint = self.hint
        return (hint is not None and self.hint_key is not None and self.hint_key[0] == id(c.game)
                and self.hint_key[2] == c.state.active_seat and hint.next_step(c.game.log) is not None)

    def ask_hint(self) -> bool:
        """Start working out a hint for the person to move (shown when ready); False if none applies."""
        c = self.controller
        if c.over or c.turn_done or not c.hand_visible or c.computer_level(c.state.active_seat) is not None:
            return False
        if self.hint_thinker is not None and self.hint_thinker.key == self._key():
            return True   # already working it out: a second thread would share the adviser's plan
        if self.hint is not None and self._standing():
            c.notify(self.hint.text)   # the move under way is the hint's: say it again, never decide afresh
            return True
        self._drop_hint_thinker()
        self.hint = None
        solo = against_void(c)
        if not (solo and self._adviser is not None and self._adviser.follows(c.game.log)):
            self._adviser = self.advise(solo, c.game.config.seed * 31 + 997)
        self._adviser.asked_at = len(c.game.log)
        self.hint_thinker = Thinker(self._adviser, c.state, self._key())
        return True

    def _step_hint(self) -> bool:
        t = self.hint_thinker
        if t is None:
            if self.hint is not None and self.hint_key != self._key():
                if self._standing():   # the person played the hint's next piece: it guides the one after
                    self.hint_key = self._key()
                    self.controller.notify(self.hint.text)   # its line stays in view while it guides the move
                    return True
                self.hint = None  # the position moved on: the hint no longer applies
                return True
            return False
        if t.key != self._key():
            self._drop_hint_thinker()
            return False
        try:
            action = t.poll()
        except BotFailed as error:
            self._drop_hint_thinker()
            self.controller.notify(_("No hint this time: {reason}.").format(reason=error))
            return True
        if action is None:
            return False
        self.hint_thinker = None
        self.hint = hint_for(self.controller, action, self._adviser, asked_at=t.key[1])
        self.hint_key = t.key
        self.controller.notify(self.hint.text)
        return True


def draw_thinking(surface, ui, banner, controller, turns: ComputerTurns, clock: float) -> None:
    """A small "thinking" tag at the banner's right end while a computer works out its move."""
    if not (turns.thinking or (turns.hint_thinker is not None)):
        return
    import pygame

    from ..ui.look import INK, PARCHMENT, panel

    dots = "." * (1 + int(clock * 3) % 3)
    if turns.thinking:
        seat = controller.state.active_seat
        text = _("{player} is thinking").format(player=controller.tribe_name(seat)) + dots
    else:
        text = _("Finding a hint") + dots

    font_w = ui.font("body", 14).size(text + "..")[0]
    r = pygame.Rect(0, 0, font_w + ui.px(20), ui.px(26))
    r.topright = (banner.right - ui.px(6), banner.bottom + ui.px(6))
    panel(surface, r, ui, fill=PARCHMENT, shadow=False)
    ui.blit_text(surface, text, (r.x + ui.px(10), r.centery), "body", 14, INK, "midleft", box=r)
