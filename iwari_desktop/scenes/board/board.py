"""The board screen: the map with its pieces, the side panel, and the turn's controls.

This scene translates clicks and keys into `GameController` gestures and shows what the controller
says (lit targets, prompt, refusal reasons). It never decides legality itself. After every change it
syncs the flow around the turn: handoff overlay, half-journey and final scoring scenes.

Its drawings of their own are parts in files beside it: the banner (`board_banner`), the message at the
foot of the map (`board_message`), the tooltip and its place (`board_tooltip`), the side panel (`hud`).
"""

from __future__ import annotations

import time

import pygame

from ... import autosaves, storage
from ...audio import Happening
from ...i18n import _, current_language
from ...engine import Game, Phase
from .board_flow import BoardFlow
from .board_banner import draw_banner
from .board_buttons import SideButtons
from .board_message import ShownMessage, draw_message, shown_message
from .board_sound import BoardEars
from .board_tooltip import BoardTooltip
from .mute_sign import draw_mute_sign
from .board_view import BoardView
from .computer_turns import WATCH_ANNOUNCEMENT, ComputerTurns, draw_thinking, show_hint, watching
from .hint_ring import draw_hint_card, draw_hint_ring
from .hints import hint_targets, hinted_step
from .controller import GameController
from .hud import Hud
from .main_button import greyed_reason
from .marks import draw_marks
from ..presenters.base import BoardFocus
from ..presenters.views import draw_over_board
from ..ui.intents import Intent, Kind
from ..ui.stack import Scene
from ..ui.words import localized


def resumed_words() -> str:
    """The notice of a game resumed from its autosave (read in the language of the moment)."""
    return _("The game goes on from the start of this turn: it is saved as each turn ends, so moves of a turn "
             "not finished when the game stopped were not saved.")


class BoardScene(Scene):
    heavy = True  # many large pictures: memory given back when it closes (ui/memory_release.py)
    name = "board"
    music = "board"
    scoring_route = "scoring"   # the scoring screens' route (an online table's has no New game nor replay)

    def __init__(self, app, game: Game, autosave: bool = True, campaign=None, autosave_file=None) -> None:
        super().__init__(app)
        self.campaign = campaign  # a campaign chapter (campaign_run.ChapterRun): tags the autosave, ends in a debrief
        self.autosave_file = autosave_file  # this game's own autosave (autosaves.py); None until its first write
        self.controller = self.make_controller(game, self._autosave if autosave else None)
        self.ears = BoardEars(self.controller)  # every applied action, refusal and Void step told to app.audio
        self.art = app.piece_art  # one set of piece pictures per app
        self.view = BoardView(game.state.board, self.art, app.caches)
        self.hud = Hud(app.ui, self.art)
        self.language = current_language()  # Recent moves are retold when Settings switches the language
        self.hover_pos: tuple[int, int] | None = None
        self.hover_territory: int | None = None
        self.over_board: list = []  # the rules' boxes drawn over the board last frame (their hover words)
        self.hover_connection: int | None = None
        self.hover_feat: int | None = None
        self.hover_mountain: int | None = None
        self.hover_card: tuple[str, int] | None = None
        self.hover_piece = None  # an expansion piece or token under the mouse (presenters.base.PieceHit)
        self.anims: dict[tuple[str, int], float] = {}
        self._seen_version = -1
        self._seen_buttons: tuple = ()
        self._void_end_shown = False  # a finished solo/co-op game opens its end screen once
        self._buttons: dict[str, object] = {}
        self.autosave_error: str | None = None
        self._static: pygame.Surface | None = None
        self.computers = ComputerTurns(self.controller, getattr(app.settings, "computer_pace", "normal"))
        self.controller.void.hinted_step = lambda: hinted_step(self.controller, self.computers.hint)
        self.side_buttons = SideButtons(self)  # the side panel's buttons: which apply now, their words
        self.flow = BoardFlow(self)        # the expansion's clicks, lit rings and optional buttons
        self.tooltip = BoardTooltip(self)  # the words under the mouse and where their box goes
        self._clock = 0.0
        self._beat = -1
        if autosave_file is not None and game.log and not game.state.is_terminal():
            # a game resumed from its autosave, which is written as each turn ends: moves of the turn that was under
            # way when the game stopped (a crash, a kill) are gone, and the board must say so (play-test 2026-11-29)
            self.controller.notify(resumed_words())

    # ---- life cycle -------------------------------------------------------------------------------
    def make_controller(self, game: Game, autosave) -> GameController:
        """The controller behind the board: the seam where an online table's board puts its own (moves go to the
        host instead of `game.play`; scenes/online/online_board.py)."""
        return GameController(game, autosave)

    def _autosave(self, game: Game) -> None:
        try:
            meta = None if self.campaign is None else self.campaign.save_meta()
            self.autosave_file = autosaves.write_autosave(game, self.autosave_file, meta)
            self.autosave_error = None
        except OSError as error:
            folder = storage.saves_dir()
            # the reason in our words (the system's are English); the pause menu's autosave note repeats it
            self.autosave_error = _("Autosave failed: could not write to {folder} ({reason}). "
                                    "Open the menu (Esc) and use Save game to keep this game.").format(
                folder=folder, reason=localized(storage.disk_reason(error)))

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        if self.language != current_language():
            self.language = current_language()
            self.controller.retell_history()
        side_w = ui.px(328)

        margin = ui.px(8)
        self.side_rect = pygame.Rect(w - side_w - margin, margin, side_w, h - 2 * margin)
        self.board_area = pygame.Rect(margin, ui.px(54), self.side_rect.x - 2 * margin, h - ui.px(54) - margin)
        self.banner_rect = pygame.Rect(margin, margin, self.board_area.w, ui.px(40))
        self.view.set_area(self.board_area)
        self.hud.ui = ui
        self.hud.scores_points = self.controller.void_view() is None   # S1: a game against the Void keeps no score
        self.hud.layout(self.side_rect, len(self.controller.state.tribes))
        self._static = None
        self._buttons = self.side_buttons.make()
        self._seen_version = -1
        self._seen_buttons = ()
        self._refresh_buttons()

    def enter(self) -> None:
        super().enter()
        self.ears.start(self.app.audio)
        self._sync()

    def pause(self, covered_by) -> None:
        """Another screen opens on top: the pointer is on that screen now, so the board's hover
        (tooltip and highlighted territory) goes, instead of lingering half-hidden under it."""
        super().pause(covered_by)
        self.hover_pos = None
        self.hover_territory = self.hover_connection = self.hover_feat = None
        self.hover_card = self.hover_mountain = None

    def resume(self) -> None:
        super().resume()  # shows every widget again: the buttons that do not apply now are hidden again below
        self._seen_version = -1
        self._seen_buttons = ()
        self._refresh_buttons()
        self._sync()

    # ---- flow around turns ----------------------------------------------------------------------
    def _sync(self) -> None:
        """Open whatever the game needs next: scoring after a finished turn, or the handoff screen."""
        if self.app.stack.top is not self:
            return
        c = self.controller
        note = c.next_announcement()
        if note is not None:
            from .overlays import AnnouncementOverlay

            self.app.stack.push(AnnouncementOverlay(self.app, note, WATCH_ANNOUNCEMENT if watching(c) else None))
            return
        if c.void_steps:  # solo/co-op: the Void's steps of the last action, one at a time
            self.app.nav.push("void-steps", c, self)
            return
        if c.turn_done:
            return
        reports = c.new_reports()
        if reports and c.void_view() is not None:  # against the Void the end screen is the count table
            c.mark_reports_shown()
            reports = []
        if reports:
            self.app.nav.push(self.scoring_route, c, reports[0])
            return
        if c.over and c.void_view() is not None and not self._void_end_shown:
            self._void_end_shown = True
            self.app.stack.push(self.void_end_scene())
            return
        if c.needs_handoff:
            from .overlays import HandoffOverlay

            self.app.stack.push(HandoffOverlay(self.app, c))

    def void_end_scene(self) -> Scene:
        """The screen after a finished game against the Void: a campaign chapter's debrief, else the end screen."""
        if self.campaign is not None:
            return self.campaign.end_scene(self.app, self.controller)
        return self.app.nav.make("void-end", self.controller)

    def primary(self) -> None:
        """The main button and Enter: confirm or end the turn, never place a piece."""
        c = self.controller
        if c.over and not c.turn_done:
            if c.void_view() is not None:
                self.app.stack.push(self.void_end_scene())
            elif c.state.reports:
                self.app.nav.push(self.scoring_route, c, c.state.reports[-1])
            return
        handoff = c.needs_handoff
        if c.confirm() and handoff:
            self.app.audio.hear(Happening.YOUR_TURN)
        self._after()

    def _place_totem(self) -> None:
        self.controller.place_totem()
        self._after()

    def _place_void_totem(self) -> None:
        self.controller.place_void_totem()
        self._after()

    def _toggle_permit(self) -> None:
        self.controller.toggle_permit()
        self._after()

    def _toggle_pieces(self) -> None:
        c = self.controller
        counts = c.piece_counts()
        c.set_pieces(min(counts) if c.pieces_choice is None and len(counts) > 1 else None)
        self._after()

    def open_pause(self) -> None:
        from .overlays import PauseOverlay

        self.app.stack.push(PauseOverlay(self.app, self))

    def _after(self) -> None:
        c = self.controller
        for kind, key in c.placed_events:
            self.anims[(kind, key)] = 0.0 if self.app.settings.animation_factor > 0 else 1.0
        c.placed_events.clear()
        self.ears.after_change(self.app.audio)
        self._refresh_buttons()
        if self.hover_pos is not None:
            self._hover(self.hover_pos)  # what lies under a still mouse may have changed (a feat, a piece)
        self.app.request_redraw()
        self._sync()

    def _refresh_buttons(self) -> None:
        c = self.controller
        # the hand's visibility follows the handoff and the computers' turns too, which move no version
        key = (c.version, c.hand_visible, c.turn_done, c.over)
        if self._seen_buttons == key or not self._buttons:
            return
        self._seen_version, self._seen_buttons = c.version, key
        covered = not self.active and self.app.stack.top is not self and self._hidden_by(self.app.stack.top)
        self.side_buttons.refresh(covered)

    def totem_offered(self) -> bool:
        return self.side_buttons.totem_offered()

    def side_buttons_bottom(self) -> int:
        """Where the side panel's buttons end: the optional row (pieces or totem) only while it is shown."""
        return self.side_buttons.bottom()

    # ---- input ------------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        c = self.controller
        kind = intent.kind
        if kind in (Kind.CLICK, Kind.CONFIRM) and c.meant_for_steps(kind is Kind.CONFIRM, intent.pos,
                                                                   time.monotonic()):
            return   # Next's click or key, come as the Void's last step ran out: not a move on the board
        if kind is Kind.HOVER and intent.pos is not None:
            self._hover(intent.pos)
            return
        if kind is Kind.LOG or (kind is Kind.SCROLL and intent.smooth and intent.amount > 0 and self._on_log(self.hover_pos)):
            self.open_log()  # L, or the wheel turned back over Recent moves: the whole game's log
            return
        if kind is Kind.CANCEL:
            if c.selected:
                c.clear_selection()
            else:
                self.open_pause()
        elif kind is Kind.CONFIRM:
            self.primary()
            return
        elif kind is Kind.UNDO:
            c.undo()
        elif kind is Kind.PICK_CARD:
            c.toggle_card(intent.index)
        elif kind is Kind.EXCHANGE:
            c.exchange()
        elif kind is Kind.DRAW_DECK:
            c.draw_deck()
        elif kind is Kind.TOTEM:
            c.place_totem()
        elif kind is Kind.VOID_TOTEM:
            c.place_void_totem()
        elif kind is Kind.RIGHT_CLICK:
            c.clear_selection()
        elif kind is Kind.CLICK and intent.pos is not None:
            self.click(intent.pos)
        elif kind in (Kind.DEBUG_BOT, Kind.DEBUG_DUMP):  # only ever sent with IWARI_DEBUG_BOT=1 (debug_hook)
            hook = self.app.tester_hook     # handed in by the app: production code never imports the hook
            hook.bot_press(self, intent.amount) if kind is Kind.DEBUG_BOT else hook.dump(self)
        self._after()

    def _on_log(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.hud.log_rect is not None and self.hud.log_rect.collidepoint(pos)

    def open_log(self) -> None:
        """The whole game's log over the side panel (the map stays in sight, with its rings): `log_overlay`."""
        from .log_overlay import GameLogOverlay

        self.app.stack.push(GameLogOverlay(self.app, self.controller, self.side_rect.copy()))

    def click(self, pos: tuple[int, int]) -> None:
        c = self.controller
        if self._on_log(pos):
            self.open_log()
            return
        hit = self.hud.card_at(pos, c)
        if hit is not None:
            where, index = hit
            if where == "hand":
                c.toggle_card(index)
            elif where == "display":
                c.draw_display(index)
            else:
                c.draw_deck()
            return
        if self.hud.expedition_chip is not None and self.hud.expedition_chip.collidepoint(pos):
            self.app.nav.push("expeditions", c)
            return
        if not self.view.rect.collidepoint(pos):
            return
        phase = c.state.phase
        if phase is Phase.PIECES or (phase is Phase.MODULE and c.lit_spaces()):
            space = self.view.space_at(pos)
            if space is not None:
                c.click_space(space)
                return
            stack = self.view.totem_at(pos)
            if stack is not None:
                c.click_totem_stack(stack)
                return
        if phase in (Phase.MAIN, Phase.THIRD_TRIBE) and self.flow.click(pos):
            return
        if phase in (Phase.FEAT, Phase.MODULE):
            number = self.view.connection_at(pos)
            if number is not None and c.lit_connections():
                c.click_connection(number)
                return
        territory = self.view.territory_at(pos)
        if territory is not None:
            c.click_territory(territory)
        else:
            c.click_nowhere()   # the sea or a map's edge: a word, never silence

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_pos = pos
        state = self.controller.state
        on_map = self.view.rect.collidepoint(pos)
        self.hover_card = self.hud.card_at(pos, self.controller)
        self.hover_feat = self.view.feat_at(state, pos) if on_map else None
        self.hover_mountain = self.view.mountain_at(state, pos) if on_map and self.hover_feat is None else None
        self.hover_piece = (self.view.expansion.piece_at(state, pos)
                            if on_map and self.hover_feat is None and self.hover_mountain is None else None)
        self.view.expansion.highlight = self.hover_piece
        taken = self.hover_feat is not None or self.hover_mountain is not None or self.hover_piece is not None
        connection = self.view.connection_at(pos) if on_map and not taken else None
        territory = None if connection is not None or taken else self.view.territory_at(pos)
        self.hover_territory, self.hover_connection = territory, connection
        self.app.request_redraw()

    # ---- time ---------------------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        if self.computers.ask_hint():
            self.app.request_redraw()

    def exit(self) -> None:
        self.computers.cancel()  # a decision still in flight is never applied to this game
        super().exit()

    def update(self, dt: float) -> bool:
        changed = False
        self._clock += dt
        if self.app.stack.top is self:
            self.computers.pace = getattr(self.app.settings, "computer_pace", self.computers.pace)
            hint = self.computers.hint
            changed = self.computers.step()
            if self.computers.hint is not None and self.computers.hint is not hint:
                show_hint(self.controller, self.computers.hint)
            # the "thinking" dots change three times a second: redraw then, not every frame, so the
            # window leaves the processor to the thinking thread
            beat = int(self._clock * 3) if self.computers.thinking or self.computers.hint_thinker else -1
            changed = changed or beat != self._beat
            self._beat = beat
        if self.controller.version != self._seen_version:
            self._after()
            changed = True
        if self.anims:
            speed = self.app.settings.animation_factor
            step = dt * speed / 0.35 if speed > 0 else 1.0
            for key in list(self.anims):
                self.anims[key] += step
                if self.anims[key] >= 1:
                    del self.anims[key]
            changed = True
        return changed

    @property
    def animating(self) -> bool:
        return bool(self.anims) or self.computers.busy

    # ---- drawing ----------------------------------------------------------------------------------------
    def static_layer(self) -> pygame.Surface:
        """Table, map art and panel frames composed once per window size: one opaque blit per frame."""
        size = self.app.screen.get_size()
        if self._static is None or self._static.get_size() != size:
            # made in the window's own format, as `convert()` would give it, without converting a blank picture
            # first: that conversion alone was about 6 ms a build of a 1280×720 layer (issue #32)
            layer = pygame.Surface(size, 0, self.app.screen)
            layer.blit(self.app.background(), (0, 0))
            layer.blit(self.view.background(), self.view.rect)
            self.hud.draw_static(layer)
            self._static = layer
        return self._static

    def draw(self, surface: pygame.Surface) -> None:
        c = self.controller
        state = c.state
        lit_t = c.lit_territories() if not c.needs_handoff else set()
        hint_t, hint_s = hint_targets(c, self.computers.hint)  # a hint's move set up: only its target lights
        dim_all = bool(c.selected) and state.phase in (Phase.MAIN, Phase.THIRD_TRIBE)
        static = self.static_layer()
        if lit_t or dim_all:
            # the board area gets the dimmed composite instead: copy only the rest of the static layer
            r, (w, h) = self.view.rect, static.get_size()
            for part in (pygame.Rect(0, 0, w, r.top), pygame.Rect(0, r.bottom, w, h - r.bottom),
                         pygame.Rect(0, r.top, r.left, r.h), pygame.Rect(r.right, r.top, w - r.right, r.h)):
                surface.blit(static, part, part)
        else:
            surface.blit(static, (0, 0))
        totem = state.pending.territory if state.phase is Phase.PIECES and (
            c.totem_allowed() or c.void_totem_allowed()) else None
        self.view.draw(surface, state, lit_territories=hint_t if hint_t is not None else lit_t,
                       lit_spaces=hint_s if hint_s is not None else c.lit_spaces(),
                       lit_connections=c.lit_connections(), totem_lit=totem, hover_territory=self.hover_territory,
                       dim_all=dim_all, anims=self.anims, background=False)
        draw_marks(surface, self.view, state, c.catch_up.new_pieces())  # the pieces put down since the player's last turn
        self.flow.draw_lit_points(surface)
        focus = BoardFocus(c.selected_cards(), self.hover_territory, self.hud.cards_rect, tuple(self.hud.display_rects))
        # each rule's box over the board (solo/co-op: the Void's counters and forecast), with its hover words;
        # they keep their places whatever the message says: the message gives way to them (`board_message`)
        self.over_board = draw_over_board(surface, self.app.ui, self.view.rect, state, focus, self.view)
        if self.app.settings.muted:   # M on any screen: the board says why it is silent (mute_sign.py)
            taken = [r for drawn in self.over_board for r in [drawn.rect, *drawn.more]]
            self.over_board.append(draw_mute_sign(surface, self.app.ui, self.view.rect, taken))
        # the hint's territory or next piece, ringed over the forecast's outlines (which would hide it), not over
        # the boxes' text
        draw_hint_ring(surface, self.app.ui, self.view, c, self.computers.hint,
                       [r for drawn in self.over_board for r in [drawn.rect, *drawn.more]])
        draw_banner(surface, self.app.ui, self.banner_rect, c, self.computers.hint)
        draw_thinking(surface, self.app.ui, self.banner_rect, c, self.computers, self._clock)
        self.hud.draw(surface, c)
        draw_hint_card(surface, self.app.ui, self.hud, c, self.computers.hint)   # a hinted draw's card or deck
        self.draw_side_log(surface, self.log_rect())
        draw_message(surface, self.app.ui, self._message())
        self._draw_tooltip(surface)

    def draw_side_log(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Recent moves in `area`, the side panel's room under its buttons (an online table shows its newest chat
        lines at the top of it for a while: scenes/online/online_board.py)."""
        self.hud.draw_log(surface, self.controller, area)

    def log_rect(self) -> pygame.Rect:
        """The side panel's recent moves, between its buttons and the main button."""
        top = self.side_buttons_bottom()
        return pygame.Rect(self.side_rect.x, top, self.side_rect.w, self.side_rect.bottom - self.app.ui.px(60) - top)

    def _message(self) -> ShownMessage | None:
        """The message shown at the foot of the board: (text, error, its lines, its panel), or None; clear of the
        map's spaces and badges, beside the map over the recent moves where the map has no room for it."""
        return shown_message(self.app.ui, self.board_area, self.controller.message, self.autosave_error,
                             self.over_board, self.view.clickable_rects(), self.log_rect())

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """The tooltip last, over everything the board draws (`board_tooltip`; the tutorial draws its coach
        just before it)."""
        self.tooltip.draw(surface)

    def greyed_reason(self, pos: tuple[int, int]) -> list[str]:
        """The greyed main button under the mouse and why (`main_button.greyed_reason`)."""
        return greyed_reason(self._buttons.get("primary") if self._buttons else None, pos, self.app.ui)

    def tooltip_rect(self, pos: tuple[int, int], size: tuple[int, int]) -> pygame.Rect:
        return self.tooltip.rect(pos, size)

    def tooltip_candidates(self, pos: tuple[int, int], size: tuple[int, int]) -> list[tuple[pygame.Rect, int, int]]:
        return self.tooltip.candidates(pos, size)

    def name_rects_on_screen(self) -> list[pygame.Rect]:
        return self.tooltip.name_rects()
