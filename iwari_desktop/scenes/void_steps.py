"""The Void's steps shown one at a time over the board: each Infection, Corruption, count and bonus,
with the territory it names lit and its one sentence of why.

The sentences are the engine's own (the solo module's log of Void steps, queued by the controller
after each action); which territories to light is read from the names in the sentence. Steps move
on by themselves at the speed of the animation setting; Next (Enter) goes on at once, Slower/Faster
change the pace, and Skip to the end (Esc) shows the rest at once.
"""

from __future__ import annotations

import re

import pygame

from .board_void import draw_counters
from .controller import GameController
from .intents import Intent, Kind
from .stack import Scene
from .ui import GOLD, INK, INK_SOFT, panel
from .widgets import button
from .words import localized

STEP_SECONDS = 2.4  # a step's time on screen at normal speed
PACES = (0.5, 1.0, 2.0)  # time multipliers: faster, normal, slower


def named_territories(board, sentence: str) -> set[int]:
    """The territories a sentence names (longest names first, so a name inside another is not lit twice)."""
    found: set[int] = set()
    rest = sentence
    for t in sorted(board.territories, key=lambda t: -len(t.name)):
        if t.name and t.name in rest:
            found.add(t.index)
            rest = rest.replace(t.name, "")
    return found


def named_connection(board, sentence: str) -> int | None:
    """The connection a sentence names ("... at connection 5."), if any."""
    match = re.search(r"connection (\d+)", sentence)
    number = int(match.group(1)) if match else None
    return number if number in board.connections_by_number else None


class VoidStepsScene(Scene):
    """Drawn over the board, which stays visible with the step's territories lit."""

    opaque = False  # the board draws below; this redraws only the map area with its own lighting
    name = "void-steps"

    def __init__(self, app, controller: GameController, board_scene) -> None:
        super().__init__(app)
        self.controller = controller
        self.board_scene = board_scene
        self.steps = list(controller.void_steps)
        controller.void_steps.clear()
        self.index = 0
        self.clock = 0.0
        self.pace = 1

    def panel_rect(self) -> pygame.Rect:
        ui = self.app.ui
        area = self.board_scene.view.rect
        rect = pygame.Rect(0, 0, min(area.w - ui.px(40), ui.px(760)), ui.px(124))
        rect.midbottom = (area.centerx, area.bottom - ui.px(14))
        return rect

    def build(self) -> None:
        ui = self.app.ui
        r = self.panel_rect()
        bw, bh, gap = ui.px(120), ui.px(36), ui.px(10)
        y = r.bottom - bh - ui.px(12)
        x = r.right - ui.px(14) - bw * 2 - ui.px(40) - gap * 3 - ui.px(80) * 2
        self.slower = button(self, pygame.Rect(x, y, ui.px(80), bh), "Slower", lambda: self.set_pace(1), "#small")
        self.faster = button(self, pygame.Rect(x + ui.px(80) + gap, y, ui.px(80), bh), "Faster",
                             lambda: self.set_pace(-1), "#small")
        x = r.right - ui.px(14) - bw * 2 - ui.px(40) - gap
        self.skip_button = button(self, pygame.Rect(x, y, bw + ui.px(40), bh), "Skip to the end", self.finish)
        self.next_button = button(self, pygame.Rect(x + bw + ui.px(40) + gap, y, bw, bh), "Next", self.advance,
                                  "#primary")

    def set_pace(self, step: int) -> None:
        self.pace = max(0, min(len(PACES) - 1, self.pace + step))
        self.app.request_redraw()

    def advance(self) -> None:
        self.index += 1
        self.clock = 0.0
        if self.index >= len(self.steps):
            self.finish()
        self.app.request_redraw()

    def finish(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CONFIRM:
            self.advance()
        elif intent.kind is Kind.CANCEL:
            self.finish()

    def update(self, dt: float) -> bool:
        factor = self.app.settings.animation_factor
        if factor <= 0:  # animations off: no timer, the player steps through
            return False
        self.clock += dt
        if self.clock >= STEP_SECONDS * PACES[self.pace] * factor:
            self.advance()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        board = self.board_scene
        surface.blit(board.view.background(), board.view.rect)
        state = self.controller.state
        sentence = self.steps[min(self.index, len(self.steps) - 1)] if self.steps else ""
        lit = named_territories(state.board, sentence)
        connection = named_connection(state.board, sentence)
        board.view.draw(surface, state, focus_territories=lit or None, focus_connection=connection,
                        dim_all=not lit, background=False)
        draw_counters(surface, ui, board.view.rect, state)
        r = self.panel_rect()
        panel(surface, r, ui, border=GOLD)
        head = f"The Void · step {min(self.index + 1, len(self.steps))} of {len(self.steps)}"
        ui.blit_text(surface, head, (r.x + ui.px(16), r.y + ui.px(10)), "bold", 15, INK_SOFT)
        y = r.y + ui.px(32)
        for line in ui.wrap(localized(sentence), "body", 17, r.w - ui.px(32))[:2]:
            ui.blit_text(surface, line, (r.x + ui.px(16), y), "body", 17, INK)
            y += ui.line_height("body", 17)
        speed = ("fast", "normal", "slow")[self.pace]
        ui.blit_text(surface, f"pace: {speed}", (r.x + ui.px(16), r.bottom - ui.px(30)), "body", 13, INK_SOFT)
