"""The Void's steps shown one at a time over the board: each Infection, Corruption, count and bonus,
with the territory it names lit, the piece it puts down appearing, the pawn moving on, and its one
sentence of why.

The steps are the engine's own records (the solo module's `VoidEvent`s, queued by the controller
after each action): which territories to light and what each step reveals come from their fields
through `void_steps_plan`, never from the wording (pieces of later steps stay hidden until their
step, the pawn walks from connection to connection); the sentence is only shown. Steps move on by themselves at the speed of the
animation setting; Next (Enter) goes on at once, Slower/Faster change the pace, and Skip to the end
(Esc) shows the rest at once.

One prompt at a time: while the steps show, the board's banner speaks only of them (the decision or the
draw that follows is asked once they are done), a click or key meant for the board gets a word of why it
does nothing, and the panel sits at the foot of the map or, when the steps happen down there, at its head.
The player's own choices for the Void are never steps (`narration.void_news`): the player just made them.

Nothing shows what has not happened yet (issue #34): the controller keeps the step's position
(`steps_frame`), so the Tribes panel and the deck count advance with the steps; when the last step's time runs
out as the player reaches for Next, the click where the panel was (or Enter) does not reach the board; counts
set off by the player's own move are titled so, not "The Void · step 1 of 1".
"""

from __future__ import annotations

import time

import pygame

from ...i18n import _
from ..presenters.solo_board import draw_pawn, pawn_foot
from ..presenters.views import draw_over_board
from ..board.controller import GameController
from ..board.narration import has_line
from ..ui.intents import Intent, Kind
from ..ui.stack import Scene
from ..ui.look import GOLD, INK, INK_SOFT, TERRACOTTA, panel
from ..ui.widgets import button
from .void_steps_plan import Step, frame_state, plan_steps, set_off_by_player
from ..ui.words import localized

REFUSED = frozenset({Kind.CLICK, Kind.RIGHT_CLICK, Kind.PICK_CARD, Kind.EXCHANGE, Kind.DRAW_DECK, Kind.TOTEM,
                     Kind.VOID_TOTEM, Kind.UNDO})  # the board's gestures: each gets a word while the steps show
PANEL_MIN_W = 600       # the narrowest step panel: the pace and the four buttons side by side
STEP_SECONDS = 2.4  # a step's time on screen at normal speed
PACES = (0.5, 1.0, 2.0)  # time multipliers: faster, normal, slower
ARRIVAL = 0.35          # the share of a step its new piece takes to arrive


class VoidStepsScene(Scene):
    """Drawn over the board, which stays visible with the step's territories lit."""

    opaque = False  # the board draws below; this redraws only the map area with its own lighting
    name = "void-steps"

    def __init__(self, app, controller: GameController, board_scene) -> None:
        super().__init__(app)
        self.controller = controller
        self.board_scene = board_scene
        view = controller.void_view() or {}
        self.plan: list[Step] = plan_steps(controller.state.board, list(controller.void_steps), view.get("pawn"),
                                           controller.void_steps_pawn)
        self.steps = [step.sentence for step in self.plan]   # what is shown, in order
        self.events = list(controller.void_steps)   # one per step: each sounds as it is shown
        self.heard = 0
        controller.void_steps.clear()
        self._frames: dict[int, object] = {}
        self.index = 0
        self._hold()
        self.clock = 0.0
        self.pace = 1
        self.refusal: str | None = None   # why the last click or key did nothing (shown until the next step)

    def panel_rect(self) -> pygame.Rect:
        """The step panel: at the foot of the map, or at its head when the steps happen mostly down there,
        so the panel never hides what it narrates (beside the Void's counters, never over them)."""
        ui = self.app.ui
        area = self.board_scene.view.rect
        rect = pygame.Rect(0, 0, min(area.w - ui.px(40), ui.px(760)), ui.px(132))
        rect.midbottom = (area.centerx, area.bottom - ui.px(14))
        top = rect.copy()
        top.top = area.top + ui.px(14)
        boxes = draw_over_board(pygame.Surface((1, 1)), ui, area, self.controller.state)  # measured, not shown
        for counters in (rect for box in boxes for rect in (box.rect, *box.more)):
            if top.colliderect(counters):
                beside = top.copy()
                beside.left = max(top.left, counters.right + ui.px(10))
                beside.width = min(top.width, area.right - ui.px(14) - beside.left)
                if beside.width >= ui.px(PANEL_MIN_W):
                    top = beside
                else:   # no room beside the counters: just under them, still at the map's head
                    top.top = counters.bottom + ui.px(10)
        points = self._step_points()
        if top.width >= ui.px(PANEL_MIN_W) and (sum(rect.collidepoint(p) for p in points)
                                                > sum(top.collidepoint(p) for p in points)):
            return top
        return rect

    def _step_points(self) -> list[tuple[int, int]]:
        """Where the steps happen on screen: the spaces of the territories they light, their new pieces, the
        pawn's connections."""
        board, view = self.controller.state.board, self.board_scene.view
        points = []
        for step in self.plan:
            for t in step.territories:
                territory = board.territories[t]
                points += [view.to_screen(board.spaces[s].position) for s in territory.tent_spaces]
                if territory.totem_space is not None:
                    points.append(view.to_screen(territory.totem_space))
            if step.ruin is not None:
                points.append(view.to_screen(board.spaces[step.ruin].position))
            for number in (step.connection, step.pawn_from):
                if number is not None and number in board.connections_by_number:
                    points.append(view.to_screen(board.connections_by_number[number].position))
        return points

    def build(self) -> None:
        ui = self.app.ui
        r = self.panel_box = self.panel_rect()   # placed once per sequence (and window size): it never jumps
        bw, bh, gap = ui.px(120), ui.px(36), ui.px(10)
        y = r.bottom - bh - ui.px(12)
        x = r.right - ui.px(14) - bw * 2 - ui.px(40) - gap * 3 - ui.px(80) * 2
        self.slower = button(self, pygame.Rect(x, y, ui.px(80), bh), _("Slower"), lambda: self.set_pace(1),
                             "#small")
        self.faster = button(self, pygame.Rect(x + ui.px(80) + gap, y, ui.px(80), bh), _("Faster"),
                             lambda: self.set_pace(-1), "#small")
        x = r.right - ui.px(14) - bw * 2 - ui.px(40) - gap
        self.skip_button = button(self, pygame.Rect(x, y, bw + ui.px(40), bh), _("Skip to the end"), self.finish)
        self.next_button = button(self, pygame.Rect(x + bw + ui.px(40) + gap, y, bw, bh), _("Next"), self.advance,
                                  "#primary")

    def enter(self) -> None:
        super().enter()
        self.controller.steps_showing = True   # the banner speaks of the steps, not of what comes after them
        self._sound(self.index + 1)

    def _sound(self, upto: int) -> None:
        """Let the steps before `upto` be heard that were not yet (several at once are one batch)."""
        upto = min(upto, len(self.events))
        if upto > self.heard:
            self.app.audio.on_void_events(self.events[self.heard:upto], self.controller.state)
            self.heard = upto

    def set_pace(self, step: int) -> None:
        self.pace = max(0, min(len(PACES) - 1, self.pace + step))
        self.app.request_redraw()

    def _hold(self) -> None:
        """Recent moves keep the engine's sentences of the steps not reached yet out of sight (no spoilers), and
        every panel of the board (the Tribes panel, its tooltips) shows the position of the step on screen."""
        later = self.events[self.index + 1:]
        self.controller.history_held = sum(1 for event in later if has_line(event))
        self.controller.steps_frame = self.frame() if self.plan else None

    def advance(self, by_itself: bool = False) -> None:
        """The next step; past the last one the screen closes. `by_itself`: the step's time ran out (the
        board then lets a click on where the panel was, or Enter, go unanswered for a moment: it was meant
        for Next)."""
        self.index += 1
        self.clock = 0.0
        self.refusal = None
        self._hold()
        self._sound(self.index + 1)
        if self.index >= len(self.steps):
            if by_itself:
                self.controller.steps_went(self.panel_box, time.monotonic())
            self.finish()
        self.app.request_redraw()

    def finish(self) -> None:
        self.controller.history_held = 0
        if self.app.stack.top is self:
            self.app.stack.pop()

    def exit(self) -> None:
        self.controller.history_held = 0  # however the screen goes, the whole log shows again
        self.controller.steps_showing = False
        self.controller.steps_frame = None
        self._sound(len(self.events))     # skipped to the end: the steps not shown yet sound as one batch
        super().exit()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CONFIRM:
            self.advance()
        elif intent.kind is Kind.CANCEL:
            self.finish()
        elif intent.kind in REFUSED:   # the board's gestures wait for the steps: say so, never ignore them
            self.refusal = _("The Void's steps come first: Next (Enter) shows the next one, Skip to the end "
                             "(Esc) the rest; then the board is yours again.")
            self.app.request_redraw()

    def update(self, dt: float) -> bool:
        factor = self.app.settings.animation_factor
        if factor <= 0:  # animations off: no timer, the player steps through
            return False
        self.clock += dt
        if self.clock >= STEP_SECONDS * PACES[self.pace] * factor:
            self.advance(by_itself=True)
            return True
        step = self.plan[self.index] if self.index < len(self.plan) else None
        if step is None:
            return False
        arriving = self._arrival() is not None and (step.ruin is not None or step.totem is not None)
        return step.pawn_from is not None or arriving  # the pawn walks or a piece arrives: redraw every frame

    def step_seconds(self) -> float:
        return STEP_SECONDS * PACES[self.pace] * max(self.app.settings.animation_factor, 0.0)

    def frame(self, index: int | None = None):
        """The position drawn during step `index` (default: the current one): later steps' pieces hidden."""
        index = min(self.index if index is None else index, len(self.plan) - 1)
        if index < 0:
            return self.controller.state
        if index not in self._frames:
            self._frames[index] = frame_state(self.controller.state, self.plan, index)
        return self._frames[index]

    def _moving_pawn(self, step: Step) -> tuple[float, float] | None:
        """Where the pawn is drawn during a pawn step: on its way for the first part of the step, then there."""
        board, view = self.controller.state.board, self.board_scene.view
        seconds = self.step_seconds()
        t = 1.0 if seconds <= 0 else min(1.0, self.clock / (seconds * 0.6))
        a, b = pawn_foot(view, step.pawn_from), pawn_foot(view, step.pawn_to)
        t = t * t * (3 - 2 * t)  # ease in and out
        return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t

    def _arrival(self) -> float | None:
        """How far the current step's piece has come in (0 to 1), None once it stands (or animations are off)."""
        seconds = self.step_seconds()
        if seconds <= 0:
            return None
        t = self.clock / (seconds * ARRIVAL)
        return t if t < 1 else None

    def _draw_arrival(self, surface: pygame.Surface, step: Step) -> None:
        """The step's new piece arrives: a ring closing in on its space, fading as it lands."""
        t = self._arrival()
        if t is None or (step.ruin is None and step.totem is None):
            return
        board, view = self.controller.state.board, self.board_scene.view
        if step.ruin is not None:
            at = view.to_screen(board.spaces[step.ruin].position)
        else:
            spot = board.territories[step.totem].totem_space
            if spot is None:
                return
            at = view.to_screen(spot)
        radius = int(view.tent_px * (0.8 + 2.2 * (1 - t)))
        ring = pygame.Surface((radius * 2 + 8, radius * 2 + 8), pygame.SRCALPHA)
        pygame.draw.circle(ring, (200, 170, 240, int(230 * (1 - t * 0.7))), (radius + 4, radius + 4), radius,
                           max(2, int(view.tent_px * 0.18)))
        surface.blit(ring, ring.get_rect(center=at))

    def sentence_lines(self, text: str, width: int) -> list[tuple[str, int]]:
        """The step's sentence in at most two lines above the buttons: smaller type before anything is cut."""
        ui = self.app.ui
        for size in (17, 15):
            lines = ui.wrap(text, "body", size, width)
            if len(lines) <= 2:
                return [(line, size) for line in lines]
        return [(lines[0], 15), (ui.fit(" ".join(lines[1:]), "body", 15, width), 15)]

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        board = self.board_scene
        surface.blit(board.view.background(), board.view.rect)
        step = self.plan[min(self.index, len(self.plan) - 1)] if self.plan else Step("")
        sentence = step.sentence
        state = self.frame()
        walking = step.pawn_from is not None and step.pawn_to is not None
        if walking:  # the frame's own pawn is left out: it is drawn on its way below
            from iwari_desktop.engine.rulesets.solo.data import KEY

            state = state.clone()
            state.ext[KEY].pawn = -1
        lit = step.territories
        board.view.draw(surface, state, focus_territories=lit or None, focus_connection=step.connection,
                        dim_all=not lit, background=False,
                        lit_spaces={step.ruin} if step.ruin is not None else set(), totem_lit=step.totem)
        if walking:
            draw_pawn(board.view, surface, self._moving_pawn(step))
        self._draw_arrival(surface, step)
        draw_over_board(surface, ui, board.view.rect, state)
        r = self.panel_box
        panel(surface, r, ui, border=GOLD)
        head = self.title()
        ui.blit_text(surface, head, (r.x + ui.px(16), r.y + ui.px(10)), "bold", 15, INK_SOFT)
        y = r.y + ui.px(30)
        for line, size in self.sentence_lines(localized(sentence), r.w - ui.px(32)):
            ui.blit_text(surface, line, (r.x + ui.px(16), y), "body", size, INK)
            y += ui.line_height("body", size)
        speed = (_("pace: fast"), _("pace: normal"), _("pace: slow"))[self.pace]
        ui.blit_text(surface, speed, (r.x + ui.px(16), r.bottom - ui.px(30)), "body", 13, INK_SOFT)
        if self.refusal:
            self._draw_refusal(surface, r)

    def title(self) -> str:
        """The panel's head: which step of how many, and whose. Counts that the player's own move set off are
        not the Void's turn: they say so, and a single step is no "step 1 of 1"."""
        n, total = min(self.index + 1, len(self.steps)), len(self.steps)
        if set_off_by_player(self.plan):
            if total == 1:
                return _("After your move: a territory is counted")
            return _("After your move: count {n} of {total}").format(n=n, total=total)
        if total == 1:
            return _("The Void")
        return _("The Void · step {n} of {total}").format(n=n, total=total)

    def _draw_refusal(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """Why a click did nothing: a note against the panel, on the side towards the map's middle."""
        ui = self.app.ui
        lines = ui.wrap(self.refusal or "", "bold", 14, r.w - ui.px(24))
        note = pygame.Rect(r.x, 0, r.w, ui.px(12) + len(lines) * ui.line_height("bold", 14))
        area = self.board_scene.view.rect
        if r.centery > area.centery:
            note.bottom = r.top - ui.px(6)
        else:
            note.top = r.bottom + ui.px(6)
        panel(surface, note, ui, fill=(255, 240, 225), border=TERRACOTTA)
        y = note.y + ui.px(6)
        for line in lines:
            ui.blit_text(surface, line, (note.centerx, y), "bold", 14, (140, 40, 24), "midtop", box=note)
            y += ui.line_height("bold", 14)
