"""Watch the game: any saved or recorded game stepped through from its action log, read-only.

The engine's `Replay` rebuilds the state at every step; this screen draws it with the board's own
drawing code, lights where the current move happened and narrates each move with the very sentences
of "Recent moves" (`narration.replay_history`). Nothing here submits an action: clicks on the board
do nothing but move the replay. Hidden hands appear only when the game is finished and the player
switched on "Show hands in replays" in Settings.
"""

from __future__ import annotations

import pygame

from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.game import Game
from iwari_desktop.engine.replay import Replay, Touched, touched
from iwari_desktop.i18n import _, ngettext
from .history_words import seat_name
from ..board.board_view import BoardView, tribe_colour
from ..ui.intents import Intent, Kind
from ..board.log_panel import draw_log, fit_log
from ..board.narration import EVENT, Entry, replay_history
from ..ui.stack import Scene
from ..ui.terms import tribe_label
from ..ui.look import CREAM, GOLD, INK, INK_SOFT, TERRACOTTA, on_parchment, panel, tribe_rgb
from ..ui.widgets import button, set_enabled

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0, 8.0)   # moves per second while playing
DEFAULT_SPEED = 2
MOVE_SIZES = (14, 13, 12)   # the type of "This move": smaller only when the whole move would not fit otherwise


def speed_text(speed: float) -> str:
    return _("Speed {speed}×").format(speed=f"{speed:g}")


class ReplayScene(Scene):
    heavy = True  # many large pictures: memory given back when it closes (ui/memory_release.py)
    name = "replay"

    def __init__(self, app, game: Game, title: str = "") -> None:
        super().__init__(app)
        self.replay = Replay.of_game(game)
        self.title = title
        self.art = app.piece_art  # one set of piece pictures per app
        self.view = BoardView(self.replay.board, self.art, app.caches)
        self.step = 0
        self.playing = False
        self.speed = DEFAULT_SPEED
        self._clock = 0.0
        shell = Game(self.replay.config, self.replay.state_at(0), list(self.replay.actions))
        self.lines: list[list[Entry]] = [[] for _ in range(self.replay.end)]
        for index, entry in replay_history(shell, keep=10 ** 9):
            self.lines[index].append(entry)
        self.state = self.replay.state_at(0)
        self.lit = Touched()
        self.buttons: dict[str, object] = {}
        self.move_box = pygame.Rect(0, 0, 0, 0)  # where "This move" drew its lines (the text-fit tests read it)
        self.move_first = 0                      # the first line of a move too long for its box (it scrolls)
        self.move_lines_total = self.move_window = 0

    # ---- what is shown ---------------------------------------------------------------------------
    @property
    def hands_shown(self) -> bool:
        return self.replay.finished and bool(getattr(self.app.settings, "show_hands_in_replays", False))

    @property
    def scored(self) -> bool:
        """Points exist only in multiplayer games; solo and co-op are won or lost against the Void."""
        return self.replay.config.mode is GameMode.MULTIPLAYER

    def outcome(self) -> str:
        """The result, once the replay stands at the end of a finished game ("" before)."""
        result = self.state.result
        if self.step < self.replay.end or result is None:
            return ""
        if not self.scored:
            return _("The game is over: won against the Void.") if getattr(result, "won", False) else \
                _("The game is over: the Void won.")
        if result.players_lose:
            return _("The game is over: the third tribe wins.")
        names = [tribe_label(self.state.tribes[t]) for t in result.winners]
        if len(names) == 1:
            return _("The game is over: {name} wins.").format(name=names[0])
        return _("The game is over: {names} share the win.").format(names=", ".join(names))

    def hands_note(self) -> str:
        if self.hands_shown:
            return ""
        if not self.replay.finished:
            return _("Hands stay hidden: this game is not finished.")
        return _("Hands are hidden (Settings: show hands in replays).")

    def go(self, step: int) -> None:
        """Show the state after `step` moves (clamped to the game) and light where that move happened."""
        step = self.replay.clamp(step)
        if step != self.step:
            self.move_first = 0   # a new move is read from its start
        self.step = step
        transition = self.replay.transition(step)
        if transition is None:
            self.state, self.lit = self.replay.state_at(0), Touched()
        else:
            before, action, after = transition
            self.state, self.lit = after, touched(before, action, after)
        if step >= self.replay.end:
            self.playing = False
        self._refresh()
        self.app.request_redraw()

    def forward(self) -> None:
        self.go(self.step + 1)

    def back(self) -> None:
        self.playing = False
        self.go(self.step - 1)

    def to_start(self) -> None:
        self.playing = False
        self.go(0)

    def to_end(self) -> None:
        self.go(self.replay.end)

    def to_half(self) -> None:
        if self.replay.half is not None:
            self.playing = False
            self.go(self.replay.half)

    def toggle_play(self) -> None:
        if not self.playing and self.step >= self.replay.end:
            self.go(0)   # Play at the end starts over
        self.playing = not self.playing
        self._clock = 0.0
        self._refresh()

    def faster(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self._refresh()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    # ---- widgets -----------------------------------------------------------------------------------
    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        margin = ui.px(8)
        side_w = ui.px(340)
        self.side = pygame.Rect(w - side_w - margin, margin, side_w, h - 2 * margin)
        self.banner = pygame.Rect(margin, margin, self.side.x - 2 * margin, ui.px(40))
        bar_h = ui.px(50)
        self.controls_top = h - margin - bar_h
        self.timeline = pygame.Rect(margin + ui.px(12), self.controls_top - ui.px(30), self.banner.w - ui.px(24),
                                    ui.px(12))
        self.board_area = pygame.Rect(margin, self.banner.bottom + ui.px(6), self.banner.w,
                                      self.timeline.y - ui.px(12) - self.banner.bottom - ui.px(6))
        self.view.set_area(self.board_area)
        specs = [("start", _("Start"), self.to_start, 1.0), ("half", _("Half journey"), self.to_half, 1.5),
                 ("back", _("Back"), self.back, 1.0), ("play", _("Play"), self.toggle_play, 1.2),
                 ("forward", _("Forward"), self.forward, 1.2), ("end", _("End"), self.to_end, 1.0),
                 ("speed", speed_text(SPEEDS[self.speed]), self.faster, 1.3)]
        gap = ui.px(6)
        unit = (self.banner.w - gap * (len(specs) - 1)) / sum(s[3] for s in specs)
        x = float(self.banner.x)
        self.buttons = {}
        for key, text, command, weight in specs:
            width = int(unit * weight)
            self.buttons[key] = button(self, pygame.Rect(int(x), self.controls_top, width, bar_h), text, command,
                                       "#primary" if key == "play" else "#small")
            x += width + gap
        self.buttons["close"] = button(self, pygame.Rect(self.side.x + ui.px(12), self.side.bottom - ui.px(58),
                                                         self.side.w - ui.px(24), ui.px(46)), _("Close"), self.close)
        self._refresh()

    def _refresh(self) -> None:
        if not self.buttons:
            return
        end, step = self.replay.end, self.step
        for key, on in (("start", step > 0), ("back", step > 0), ("forward", step < end), ("end", step < end),
                        ("half", self.replay.half is not None and step != self.replay.half), ("play", end > 0)):
            set_enabled(self.buttons[key], on)  # type: ignore[arg-type]
        self.buttons["play"].set_text(_("Pause") if self.playing else _("Play"))  # type: ignore[attr-defined]
        self.buttons["speed"].set_text(speed_text(SPEEDS[self.speed]))  # type: ignore[attr-defined]

    # ---- input and time ------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind is Kind.CANCEL:
            self.close()
        elif kind is Kind.CONFIRM:
            self.toggle_play()
        elif kind is Kind.UNDO or kind is Kind.RIGHT_CLICK:
            self.back()
        elif kind is Kind.SCROLL and intent.smooth:
            self.scroll_move(intent.amount)   # the wheel reads a long move; the arrow keys step through the game
        elif kind is Kind.PAGE:
            self.scroll_move(intent.amount * max(1, self.move_window - 1))
        elif kind is Kind.SCROLL and not intent.smooth:
            if intent.amount >= 10_000:
                self.to_start()
            elif intent.amount <= -10_000:
                self.to_end()
            elif intent.amount > 0:
                self.back()
            else:
                self.forward()
        elif kind is Kind.CLICK and intent.pos is not None and self.timeline.inflate(0, self.app.ui.px(16)).collidepoint(
                intent.pos):
            fraction = (intent.pos[0] - self.timeline.x) / max(1, self.timeline.w)
            self.playing = False
            self.go(round(fraction * self.replay.end))

    def update(self, dt: float) -> bool:
        if not self.playing:
            return False
        self._clock += dt
        interval = 1.0 / SPEEDS[self.speed]
        moved = False
        while self._clock >= interval and self.playing:
            self._clock -= interval
            self.go(self.step + 1)
            moved = True
        return moved

    @property
    def animating(self) -> bool:
        return self.playing

    # ---- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        state = self.state
        lit = self.lit
        self.view.draw(surface, state, lit_territories=set(lit.territories), lit_spaces=set(lit.spaces),
                       lit_connections=set(lit.connections))
        self._draw_banner(surface)
        self._draw_timeline(surface)
        self._draw_side(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        r = self.banner
        panel(surface, r, ui, shadow=False)
        head = ui.blit_text(surface, _("Watch the game"), (r.x + ui.px(14), r.centery), "title", 20, TERRACOTTA,
                            "midleft", box=r)
        progress = _("Move {step} of {end}").format(step=self.step, end=self.replay.end)
        progress_rect = ui.blit_text(surface, progress, (r.right - ui.px(14), r.centery), "bold", 15, INK, "midright",
                                     box=r)
        room = progress_rect.x - head.right - ui.px(28)
        subtitle = self.title or self.replay.board.name
        ui.blit_text(surface, ui.fit(subtitle, "body", 15, room), (head.right + ui.px(14), r.centery), "body", 15,
                     INK_SOFT, "midleft", box=r)

    def _draw_timeline(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        bar = self.timeline
        pygame.draw.rect(surface, (92, 58, 32), bar, border_radius=ui.px(6))
        end = max(1, self.replay.end)
        pygame.draw.rect(surface, GOLD, (bar.x, bar.y, bar.w * self.step // end, bar.h), border_radius=ui.px(6))
        if self.replay.half is not None:
            x = bar.x + bar.w * self.replay.half // end
            pygame.draw.line(surface, CREAM, (x, bar.y - ui.px(5)), (x, bar.bottom + ui.px(5)), max(2, ui.px(3)))
        knob = (bar.x + bar.w * self.step // end, bar.centery)
        pygame.draw.circle(surface, CREAM, knob, ui.px(9))
        pygame.draw.circle(surface, INK, knob, ui.px(9), max(1, ui.px(2)))

    def _draw_side(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        r = self.side
        state = self.state
        panel(surface, r, ui)
        x, inner = r.x + ui.px(16), r.w - ui.px(32)
        y = r.y + ui.px(12)
        ui.blit_text(surface, _("Scores") if self.scored else _("Tribes"), (x, y), "heading", 20, INK)
        y += ui.line_height("heading", 20)
        shown = self.hands_shown
        card = (ui.px(22), ui.px(30))
        for tribe in state.tribes:
            colour = tribe.colour.value
            icon = self.art.tent(colour, ui.px(22))
            surface.blit(icon, (x, y))
            if tribe.role.scores and self.scored:
                ui.blit_text(surface, str(state.scores[tribe.index]), (r.right - ui.px(16), y), "bold", 18,
                             on_parchment(tribe_colour(state, tribe.index)), "topright")
            level = self.replay.config.players[tribe.seat].computer if tribe.seat is not None else None
            name = seat_name(tribe_label(tribe), level)
            ui.blit_text(surface, ui.fit(name, "bold", 14, inner - ui.px(80)), (x + ui.px(28), y + ui.px(2)), "bold", 14,
                         INK)
            y += ui.px(26)
            if tribe.seat is None:
                continue
            hand = state.hands[tribe.seat]
            if shown and hand:
                cx = x + ui.px(28)
                for biome in hand[:10]:
                    surface.blit(self.art.card(biome.key, card), (cx, y))
                    cx += card[0] + ui.px(3)
                y += card[1] + ui.px(6)
            elif not shown:
                count = ngettext("{n} card in hand", "{n} cards in hand", len(hand)).format(n=len(hand))
                ui.blit_text(surface, count, (x + ui.px(28), y - ui.px(4)), "body", 12, INK_SOFT)
                y += ui.px(16)
        note = self.hands_note()
        if note:
            for line in ui.wrap(note, "italic", 12, inner)[:2]:
                ui.blit_text(surface, line, (x, y), "italic", 12, INK_SOFT)
                y += ui.line_height("italic", 12)
        y = self._draw_display(surface, x, y + ui.px(4), card)
        y += ui.px(8)
        y = self._draw_move(surface, x, y, inner)
        log = pygame.Rect(r.x + ui.px(10), y + ui.px(8), r.w - ui.px(20), self.buttons_top() - y - ui.px(16))
        self._draw_log(surface, log)

    def _draw_display(self, surface: pygame.Surface, x: int, y: int, card: tuple[int, int]) -> int:
        """The face-up display and the deck's size: public, so always shown (draws are narrated against it)."""
        ui = self.app.ui
        label = ui.blit_text(surface, _("Display"), (x, y + card[1] // 2), "bold", 13, INK, "midleft")
        cx = label.right + ui.px(8)
        for biome in self.state.display:
            if biome is None:
                continue
            surface.blit(self.art.card(biome.key, card), (cx, y))
            cx += card[0] + ui.px(3)
        deck = ngettext("deck: {n} card", "deck: {n} cards", len(self.state.deck)).format(n=len(self.state.deck))
        ui.blit_text(surface, deck, (self.side.right - ui.px(16), y + card[1] // 2), "body", 12, INK_SOFT, "midright")
        return y + card[1]

    def buttons_top(self) -> int:
        return self.side.bottom - self.app.ui.px(58)

    def move_lines(self) -> list[tuple[str, str, tuple[int, int, int]]]:
        """What "This move" says, in full: the game's outcome (at its last step) first, then every sentence of the
        move (text, role, ink). Nothing is left out: a box that cut the last sentences hid the very end of the game (playtest D8)."""
        said: list[tuple[str, str, tuple[int, int, int]]] = []
        outcome = self.outcome()
        if outcome:
            said.append((outcome, "bold", TERRACOTTA))
        entries = self.lines[self.step - 1] if self.step > 0 else []
        if not entries:
            text = _("The deal: nothing has been played yet.") if self.step == 0 else _("A move nobody sees.")
            return said + [(text, "italic", INK_SOFT)]
        for tribe, text in entries:
            words = text if tribe == EVENT else f"{tribe_label(self.state.tribes[tribe])} {text}"
            said.append((words, "bold", TERRACOTTA) if tribe == EVENT else (words, "body", INK))
        return said

    def fit_move(self, inner: int, room: int) -> tuple[int, list[tuple[str, str, tuple[int, int, int]]]]:
        """The type size and the wrapped lines of `move_lines` (drawn one line height apart, the tallest role's):
        at the usual size when they fit in `room` pixels,
        else a size smaller (the log below gives way first: it repeats the move anyway); the smallest size when
        even that is too long (then the box scrolls, `_draw_move`)."""
        ui = self.app.ui
        wrapped: list[tuple[str, str, tuple[int, int, int]]] = []
        size = MOVE_SIZES[0]
        for size in MOVE_SIZES:
            wrapped = [(line, role, ink) for text, role, ink in self.move_lines() for line in ui.wrap(text, role, size, inner)]
            if len(wrapped) * max(ui.line_height(role, size) for _line, role, _ink in wrapped) <= room:
                break
        return size, wrapped

    def _draw_move(self, surface: pygame.Surface, x: int, y: int, inner: int) -> int:
        """The current move in full (wrapped), under a heading saying whose move it was. The box grows with the
        move down to the Close button; a move longer than that (the last one of a solo game counts every
        territory) scrolls with the wheel or Page Up/Down, with a bar and a line saying how much is below."""
        ui = self.app.ui
        ui.blit_text(surface, _("This move"), (x, y), "heading", 18, INK)
        y += ui.line_height("heading", 18)
        room = self.buttons_top() - ui.px(8) - y
        size, wrapped = self.fit_move(inner, room)
        line_h = max(ui.line_height(role, size) for _line, role, _ink in wrapped)
        scrolls = len(wrapped) * line_h > room
        if scrolls:  # room for the bar at the right and the line below the box
            bar_w = ui.px(12)
            wrapped = [(line, role, ink) for text, role, ink in self.move_lines()
                       for line in ui.wrap(text, role, size, inner - bar_w)]
            room -= ui.line_height("italic", 12) + ui.px(4)
        window = max(1, room // line_h)
        self.move_lines_total, self.move_window = len(wrapped), window
        self.move_first = max(0, min(self.move_first, len(wrapped) - window))
        shown = wrapped[self.move_first:self.move_first + window]
        self.move_box = pygame.Rect(x, y, inner, max(1, (window if scrolls else len(shown)) * line_h))
        for line, role, ink in shown:
            ui.blit_text(surface, line, (x, y), role, size, ink, box=self.move_box)
            y += line_h
        if not scrolls:
            return y
        box = self.move_box
        pygame.draw.rect(surface, (214, 196, 160), (box.right - ui.px(6), box.y, ui.px(6), box.h), border_radius=ui.px(3))
        thumb_h = max(ui.px(16), box.h * window // len(wrapped))
        thumb_y = box.y + (box.h - thumb_h) * self.move_first // max(1, len(wrapped) - window)
        pygame.draw.rect(surface, TERRACOTTA, (box.right - ui.px(6), thumb_y, ui.px(6), thumb_h), border_radius=ui.px(3))
        below = len(wrapped) - self.move_first - len(shown)
        note = (ngettext("{n} more line below: turn the mouse wheel", "{n} more lines below: turn the mouse wheel",
                         below).format(n=below) if below else _("The end of this move: the wheel scrolls back up"))
        ui.blit_text(surface, ui.fit(note, "italic", 12, inner), (x, box.bottom + ui.px(2)), "italic", 12, INK_SOFT)
        return box.bottom + ui.px(2) + ui.line_height("italic", 12)

    def scroll_move(self, lines: int) -> None:
        """The wheel or Page Up/Down over a move too long for its box: `lines` > 0 scrolls back up."""
        last = max(0, self.move_lines_total - self.move_window)
        self.move_first = max(0, min(last, self.move_first - lines))
        self.app.request_redraw()

    def _draw_log(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The moves before this one, newest at the bottom, wrapped as the board's Recent moves are."""
        tribes = self.state.tribes
        recent = [(tribe, text if tribe == EVENT else f"{tribe_label(tribes[tribe])} {text}")
                  for step_lines in self.lines[:self.step] for tribe, text in step_lines][-12:]
        if not recent or area.h <= 0:
            return
        ui = self.app.ui
        fitted = fit_log(ui, recent, area)
        tribe, newest = recent[-1]
        whole = len(ui.wrap(newest, "bold" if tribe == EVENT else "body", fitted.size, area.w - ui.px(34)))
        if not fitted.moves or len(fitted.moves[-1][1]) < whole:
            return  # no room for the newest move in full: "This move" above says it, so the log gives way
        draw_log(surface, ui, area, recent, lambda tribe: tribe_rgb(tribes[tribe].colour.value))


def watch(app, game: Game, title: str = "") -> ReplayScene:
    """Open Watch the game for `game` (its log replayed from its seed) over the current screen."""
    scene = ReplayScene(app, game, title)
    app.stack.push(scene)
    return scene
