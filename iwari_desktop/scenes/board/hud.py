"""The board screen's side panel: tribes and scores, journey and deck, the display, the hand.

Everything here is drawn from an `Observation` or public state; the hand comes only from the
observation of the seat that accepted the handoff (`draw_hand` is the one place a card face from a
hand is drawn, which is what the privacy test instruments).
"""

from __future__ import annotations

import pygame

from ...i18n import _, ngettext, pgettext
from ..ui.terms import tribe_label
from ...engine import Biome, Observation
from ..presenters.board_layers import module_views, tribe_badges
from .controller import GameController
from .log_panel import draw_log
from .narration import EVENT
from ..ui.pieces import PieceArt
from ..setup.setup_seats import draw_robot
from ..ui.terms import level_name
from ..ui.look import CREAM, GOLD, GOLD_LIGHT, INK, INK_SOFT, PARCHMENT, Ui, draw_star, on_parchment, panel, tribe_rgb


class Hud:
    def __init__(self, ui: Ui, art: PieceArt) -> None:
        self.ui = ui
        self.art = art
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.hand_rects: list[pygame.Rect] = []
        self.display_rects: list[pygame.Rect] = []
        self.deck_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons_top = 0
        self.expedition_chip: pygame.Rect | None = None  # the journey bar's "Expeditions" button, when in play
        self.hand_draws: list[int] = []  # seats whose hand faces were drawn (privacy checks read this)
        self.scores_points = True  # False against the Void: nothing scores (S1), so no score column at all
        self.log_rect: pygame.Rect | None = None  # the Recent-moves panel as last drawn: a click there opens the log
        self.compact = False  # five or six tribes: the journey bar in the Tribes panel's heading row (`layout`)

    def layout(self, rect: pygame.Rect, n_tribes: int) -> None:
        ui = self.ui
        self.rect = rect
        x, w = rect.x, rect.w
        # five or six tribes must still leave room for the hand, the buttons and at least three lines of Recent
        # moves under the optional button row (playtest D20): compact, the journey bar takes the Tribes
        # heading's place and the display and hand cards are a little smaller
        self.row_h = 44 if n_tribes <= 4 else 33
        self.compact = compact = n_tribes >= 5
        self.tribes_rect = pygame.Rect(x, rect.y, w, ui.px(34 + self.row_h * n_tribes))
        y = self.tribes_rect.bottom + ui.px(6 if compact else 8)
        if compact:
            score = ui.text_width(_("score"), "body", 12) + ui.px(22) if self.scores_points else ui.px(6)
            self.journey_rect = pygame.Rect(x + ui.px(6), rect.y + ui.px(5), w - ui.px(6) - score, ui.px(24))
        else:
            self.journey_rect = pygame.Rect(x, y, w, ui.px(30))
            y = self.journey_rect.bottom + ui.px(6)
        self.cards_rect = pygame.Rect(x, y, w, ui.px(98 if compact else 112))
        # 4 display cards, then the deck (drawn as a small stack 4 px up-right): 15 px clear of both edges
        cw, ch, gap = (ui.px(46), ui.px(68), ui.px(5)) if compact else (ui.px(54), ui.px(80), ui.px(5))
        cy = y + ui.px(26)
        self.display_rects = [pygame.Rect(x + ui.px(12) + i * (cw + gap), cy, cw, ch) for i in range(4)]
        self.deck_rect = pygame.Rect(self.display_rects[-1].right + ui.px(12), cy, cw, ch)
        y = self.cards_rect.bottom + ui.px(4 if compact else 6)
        self.hand_rect = pygame.Rect(x, y, w, ui.px(114 if compact else 164))
        hw, hh, hgap = (ui.px(55), ui.px(76), ui.px(16)) if compact else (ui.px(82), ui.px(114), ui.px(12))
        total = 3 * hw + 2 * hgap
        hx = x + (w - total) // 2
        top = ui.px(38 if compact else 42)  # clear of the title's line, even for a selected card's frame
        self.hand_rects = [pygame.Rect(hx + i * (hw + hgap), y + top, hw, hh) for i in range(3)]
        self.hand_title_bottom = y + ui.px(6) + ui.font("heading", 19).get_height()  # the title line drawn in draw()
        self.buttons_top = self.hand_rect.bottom + ui.px(6 if compact else 8)

    # ---- hit testing -------------------------------------------------------------------------------
    def card_at(self, pos: tuple[int, int], controller: GameController) -> tuple[str, int] | None:
        for i, r in enumerate(self.hand_rects):
            if r.inflate(0, self.ui.px(16)).collidepoint(pos) and i < len(controller.hand()):
                return ("hand", i)
        slots = controller.display_slots()
        for i, r in enumerate(self.display_rects):
            if r.collidepoint(pos) and i < len(slots) and slots[i] is not None:
                return ("display", i)
        if self.deck_rect.collidepoint(pos):
            return ("deck", 0)
        return None

    # ---- drawing -------------------------------------------------------------------------------------
    def draw_static(self, surface: pygame.Surface) -> None:
        """Panel backgrounds and fixed headings: drawn once into the board screen's cached static layer."""
        ui = self.ui
        r = self.tribes_rect
        panel(surface, r, ui)
        if not self.compact:   # compact, the journey bar stands in the heading's place
            ui.blit_text(surface, _("Tribes"), (r.x + ui.px(12), r.y + ui.px(4)), "heading", 19, INK)
        if self.scores_points:
            ui.blit_text(surface, _("score"), (r.right - ui.px(12), r.y + ui.px(9)), "body", 12, INK_SOFT, "topright")
        pygame.draw.rect(surface, (92, 58, 32), self.journey_rect, border_radius=ui.px(8))
        r = self.cards_rect
        panel(surface, r, ui)
        ui.blit_text(surface, _("Display"), (r.x + ui.px(12), r.y + ui.px(3)), "heading", 17, INK)
        ui.blit_text(surface, _("Deck"), (self.deck_rect.centerx, r.y + ui.px(3)), "heading", 17, INK, "midtop")
        panel(surface, self.hand_rect, self.ui)

    def draw(self, surface: pygame.Surface, controller: GameController) -> None:
        """The changing contents; `draw_static` must have been blitted underneath."""
        obs = controller.observation()
        self._draw_tribes(surface, controller)
        self._draw_journey(surface, controller)
        self._draw_cards(surface, controller)
        title_at = (self.hand_rect.x + self.ui.px(12), self.hand_rect.y + self.ui.px(6))
        if obs is not None:
            if obs.seat == controller.you:
                title = _("Your hand")
            else:
                title = _("{player}'s hand")
                room = self.hand_rect.w - self.ui.px(24) - self.ui.text_width(title.format(player=""), "heading", 19)
                title = title.format(player=self.ui.fit(controller.tribe_name(obs.seat), "heading", 19, room))
            self.ui.blit_text(surface, title, title_at, "heading", 19, INK)

            self.draw_hand(surface, obs, controller.selected, controller.cards_pickable())
        else:
            held = self.hidden_backs(controller)
            self.ui.blit_text(surface, _("Hand hidden") if held else _("Hand hidden (empty)"), title_at, "heading", 19,
                              INK_SOFT)
            for i, r in enumerate(self.hand_rects):
                if i < held:
                    surface.blit(self.art.card_back(r.size), r)
                else:
                    pygame.draw.rect(surface, (214, 196, 160), r, max(1, self.ui.px(2)), border_radius=self.ui.px(8))

    @staticmethod
    def hidden_backs(controller: GameController) -> int:
        """Card backs to show for a hidden hand: as many as it really holds (hand sizes are public)."""
        state = controller.state
        return 0 if state.is_terminal() else len(state.hands[state.active_seat])

    def draw_log(self, surface: pygame.Surface, controller: GameController, area: pygame.Rect) -> None:
        """The last public moves, newest at the bottom, as many whole moves as fit (`log_panel`); the moves since
        the player's last turn in full ink, the older ones muted. A click, the wheel or L opens the whole log."""
        shown = controller.shown_history()[-12:]
        recent = [(tribe, text if tribe == EVENT else f"{controller.tribe_name(tribe)} {text}") for tribe, text in shown]
        news = controller.catch_up.news_count()  # the strip says all of them; the panel mutes the older lines it shows
        self.log_rect = draw_log(surface, self.ui, area, recent,
                                 lambda tribe: tribe_rgb(controller.state.tribes[tribe].colour.value),
                                 news=news, more=_("Show all (L)"))

    def draw_hand(self, surface: pygame.Surface, obs: Observation, selected: list[int], selectable: bool) -> None:
        """Card faces of one seat's hand: the only place a hand is ever drawn face up.

        Card n is drawn in the n-th place with the key n on it, the key that picks it (`toggle_card(n - 1)`);
        the keys are drawn only while a card can be picked (`GameController.cards_pickable`)."""
        self.hand_draws.append(obs.seat)
        ui = self.ui
        for i, r in enumerate(self.hand_rects):
            if i >= len(obs.hand):
                pygame.draw.rect(surface, (214, 196, 160), r, max(1, ui.px(2)), border_radius=ui.px(8))
                continue
            raised, frame, key = self.card_frame(i, i in selected)
            if i in selected:
                pygame.draw.rect(surface, GOLD, frame, border_radius=ui.px(10))
            surface.blit(self.art.card(obs.hand[i].key, r.size), raised)
            if selectable:
                pygame.draw.circle(surface, INK, key.center, ui.px(11))
                ui.blit_text(surface, str(i + 1), key.center, "bold", 13, CREAM, "center")

    def draw_partner_hand(self, surface: pygame.Surface, row: pygame.Rect, cards: list) -> list[pygame.Rect]:
        """Co-op with open hands: the partner's cards, small and read-only, at the right of its tribe row.

        The only other place card faces of a hand are drawn; the controller offers them only when the
        "open hands" option is on (`partner_hand`), and nothing here is clickable."""
        ui = self.ui
        h = row.h - ui.px(8)
        w = int(h * 0.7)
        gap = ui.px(3)
        rects = [pygame.Rect(row.right - ui.px(8) - (3 - i) * (w + gap) + gap, row.y + ui.px(4), w, h)
                 for i in range(3)]
        for rect, card in zip(rects, cards):
            surface.blit(self.art.card(card.key, rect.size), rect)
        for rect in rects[len(cards):]:
            pygame.draw.rect(surface, (214, 196, 160), rect, max(1, ui.px(1)), border_radius=ui.px(4))
        return rects

    def card_frame(self, i: int, selected: bool) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Hand card `i`: where its face goes, its gold selection frame, and its number key's circle.

        A selected card rises, but never so far that its frame or key reaches the hand's title (with
        five or six tribes the panel is compact and the card can barely rise at all).
        """
        ui = self.ui
        r = self.hand_rects[i]
        room = r.y - ui.px(4) - self.hand_title_bottom
        raised = r.move(0, -max(0, min(ui.px(10), room))) if selected else r
        key = pygame.Rect(0, 0, ui.px(22), ui.px(22))
        key.center = (raised.x + ui.px(4), raised.y + ui.px(11))
        return raised, raised.inflate(ui.px(8), ui.px(8)), key

    def _draw_tribes(self, surface: pygame.Surface, controller: GameController) -> None:
        ui = self.ui
        state = controller.shown_state   # the Void's step on screen: its pieces so far, never later steps'
        r = self.tribes_rect
        acting = controller.shown_tribe
        scores = controller.shown_scores()  # a scoring not yet stepped through stays hidden
        held = controller.reports_shown < len(state.reports)
        winners = set(state.result.winners) if state.result is not None and not held else set()
        views = module_views(state) if state.modules else {}
        badges = tribe_badges(state, views)
        partner = controller.partner_hand()  # co-op with open hands: the partner's cards, in its row (controller_void)
        for i, tribe in enumerate(state.tribes):
            row = self.tribe_row(i)
            if i == acting:
                pygame.draw.rect(surface, (250, 226, 160), row, border_radius=ui.px(8))
                pygame.draw.rect(surface, GOLD, row, max(1, ui.px(2)), border_radius=ui.px(8))
            colour = tribe_rgb(tribe.colour.value)
            neutral = not tribe.role.scores  # the neutral Void: its pieces count, it never scores (E5)
            tent = self._tribe_icon(tribe, views) if neutral else self.art.tent(tribe.colour.value, ui.px(30))
            surface.blit(tent, tent.get_rect(midleft=(row.x + ui.px(6), row.centery)))
            compact = self.row_h < 44
            size = 14 if compact else 15
            extras = badges.get(i, {})
            level = controller.computer_level(tribe.seat) if tribe.seat is not None else None
            robot = level is not None
            level_text = level_name(level) if level is not None else ""
            level_w = ui.text_width(level_text, "body", 12) + ui.px(6) if robot else 0
            shows_hand = partner is not None and tribe.seat == partner[0]
            room = row.w - ui.px(42 + 70 + (22 if i in winners else 0) + (24 if "determination" in extras else 0)
                                 + (22 if robot else 0) + (24 if shows_hand else 0)) - level_w
            name = ui.fit(tribe_label(tribe), "bold", size, room)
            drawn = ui.blit_text(surface, name, (row.x + ui.px(42), row.y + ui.px(0 if compact else 2)), "bold", size, INK)
            after = drawn.right
            if robot:  # a computer plays this tribe: the robot and its level ("Kiona 🤖 Hard")
                draw_robot(surface, (after + ui.px(12), drawn.centery), ui.px(15))
                after += ui.px(24)
                level_at = ui.blit_text(surface, level_text, (after, drawn.centery), "body", 12, INK_SOFT, "midleft")
                after = level_at.right + ui.px(4)
            if i in winners:  # a drawn star: the shipped fonts have no ★ glyph
                draw_star(surface, (after + ui.px(11), drawn.centery), ui.px(8))
                after += ui.px(22)
            if "determination" in extras:
                token = self.art.determination(ui.px(18))
                surface.blit(token, token.get_rect(midleft=(after + ui.px(4), drawn.centery)))
            if neutral:  # its pieces only: "no score" beside it says it is neutral (the German words are long)
                info = self._void_pieces(state, i)
            else:
                info = _("tents {tents} · totems {totems}").format(tents=state.tents_left[i],
                                                                    totems=state.totems_left[i])
                if tribe.seat is not None:
                    info += " · " + _("hand {cards}").format(cards=len(state.hands[tribe.seat]))
                else:
                    info += " · " + _("played by all")
            room = row.w - ui.px(42 + 8 + (34 if "ruins" in extras else 0)) - ui.px(40 + (56 if shows_hand else 0))
            if neutral and self.scores_points:  # leave room for "no score" on the same line
                room -= ui.text_width(_("no score"), "body", 12) + ui.px(4)
            info = ui.fit(info, "body", 12, room)
            ui.blit_text(surface, info, (row.x + ui.px(42), row.y + ui.px(16 if compact else 22)), "body", 12, INK_SOFT)
            if neutral:
                if self.scores_points:
                    ui.blit_text(surface, _("no score"), (row.right - ui.px(10), row.centery), "body", 12, INK_SOFT,
                                 "midright")
                continue
            if shows_hand:  # open hands: the partner's cards stand where a score would (none is kept, S1)
                self.draw_partner_hand(surface, row, partner[1])
                continue
            if not self.scores_points:
                continue
            score = ui.blit_text(surface, str(scores[i]), (row.right - ui.px(10), row.centery), "bold", 22,
                                 on_parchment(colour), "midright")
            if "ruins" in extras:  # ruins kept (E3): a ruin icon and the count, left of the score
                icon = self.art.void_ruin(ui.px(18))
                at = icon.get_rect(midright=(score.x - ui.px(22), row.centery))
                surface.blit(icon, at)
                ui.blit_text(surface, str(extras["ruins"]), (at.right + ui.px(2), row.centery), "bold", 13, INK,
                             "midleft")

    def tribe_row(self, i: int) -> pygame.Rect:
        """The panel row of tribe `i` (drawing and hover)."""
        ui, r = self.ui, self.tribes_rect
        return pygame.Rect(r.x + ui.px(6), r.y + ui.px(32 + self.row_h * i), r.w - ui.px(12), ui.px(self.row_h - 2))

    def _tribe_icon(self, tribe, views) -> pygame.Surface:
        """The neutral Void's own piece instead of a tent: a ruin where it holds ruins, else a Void totem."""
        if "ruins" in views:
            return self.art.void_ruin(self.ui.px(28))
        return self.art.void_totem(self.ui.px(30))

    @staticmethod
    def _void_pieces(state, tribe: int) -> str:
        """What the neutral Void has on the board, in words ("7 ruins · 2 totems")."""
        ruins = sum(1 for owner in state.space_owner if owner == tribe)
        totems = sum(counts[tribe] for counts in state.totem_counts)
        parts = ([ngettext("{n} ruin", "{n} ruins", ruins).format(n=ruins)] if ruins or not totems else [])
        parts += [ngettext("{n} totem", "{n} totems", totems).format(n=totems)] if totems else []
        return " · ".join(parts)

    def _draw_journey(self, surface: pygame.Surface, controller: GameController) -> None:
        ui = self.ui
        state = controller.state
        r = self.journey_rect
        if state.is_terminal():
            text = _("Journey over")
        elif state.end_triggered:
            text = _("Final round · round {round}").format(round=controller.round_number())
        else:
            text = (_("First journey · round {round}") if state.deck_exhaustions == 0
                    else _("Second journey · round {round}")).format(round=controller.round_number())
        if any(m.key == "expeditions" for m in state.modules):
            # the expedition cards open from here (the deck's tooltip still tells the discard pile)
            label = _("Expeditions")

            w = ui.font("bold", 12).size(label)[0] + ui.px(18)
            chip = pygame.Rect(0, 0, w, r.h - ui.px(8))
            chip.midright = (r.right - ui.px(5), r.centery)
            pygame.draw.rect(surface, (232, 198, 120), chip, border_radius=ui.px(10))
            pygame.draw.rect(surface, INK, chip, max(1, ui.px(1)), border_radius=ui.px(10))
            ui.blit_text(surface, label, chip.center, "bold", 12, INK, "center", box=chip)
            right = chip
            self.expedition_chip = chip
        else:
            self.expedition_chip = None
            right = ui.blit_text(surface, _("discard {n}").format(n=len(state.discard)), (
r.right - ui.px(12), r.centery), "body",
                                 13, CREAM, "midright", box=r)
        text = ui.fit(text, "bold", 14, right.x - ui.px(12) - (r.x + ui.px(12)))
        ui.blit_text(surface, text, (r.x + ui.px(12), r.centery), "bold", 14, GOLD_LIGHT, "midleft", box=r)

    def tooltip(self, pos: tuple[int, int], controller: GameController) -> list[str]:
        """Hover words for the panel's expansion parts: tribe rows and the expedition cards' button."""
        from ..presenters.hover_words import expedition_lines, tribe_lines

        state = controller.shown_state
        if self.expedition_chip is not None and self.expedition_chip.collidepoint(pos):
            return expedition_lines(state, controller.tribe_name)
        if not state.modules or not self.tribes_rect.collidepoint(pos):
            return []
        for i in range(len(state.tribes)):
            if self.tribe_row(i).collidepoint(pos):
                return tribe_lines(state, i, controller.tribe_name)
        return []

    def _draw_cards(self, surface: pygame.Surface, controller: GameController) -> None:
        ui = self.ui
        state = controller.state
        can_display, can_deck = controller.drawable()
        slots = controller.display_slots()
        for i, cr in enumerate(self.display_rects):
            card: Biome | None = slots[i] if i < len(slots) else None
            if card is not None:
                if card in can_display:
                    pygame.draw.rect(surface, (255, 236, 150), cr.inflate(ui.px(6), ui.px(6)), border_radius=ui.px(8))
                surface.blit(self.art.card(card.key, cr.size), cr)
            else:
                pygame.draw.rect(surface, (214, 196, 160), cr, max(1, ui.px(2)), border_radius=ui.px(6))
        d = self.deck_rect
        state = controller.shown_state   # the deck as it stood at the Void's step on screen (a Corruption shuffles)
        if state.deck:
            if can_deck:
                pygame.draw.rect(surface, (255, 236, 150), d.inflate(ui.px(6), ui.px(6)), border_radius=ui.px(8))
            for k in (2, 1, 0):
                surface.blit(self.art.card_back(d.size), d.move(ui.px(k * 2), -ui.px(k * 2)))
            badge = pygame.Rect(0, 0, ui.px(34), ui.px(22))
            badge.midbottom = (d.centerx, d.bottom - ui.px(4))
            pygame.draw.rect(surface, INK, badge, border_radius=ui.px(10))
            ui.blit_text(surface, str(len(state.deck)), badge.center, "bold", 13, PARCHMENT, "center")
        else:
            pygame.draw.rect(surface, (214, 196, 160), d, max(1, ui.px(2)), border_radius=ui.px(6))
            ui.blit_text(surface, pgettext("deck", "empty"), d.center, "body", 12, INK_SOFT, "center")
