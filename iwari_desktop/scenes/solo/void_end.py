"""The end of a solo or co-op game: won or lost, why the game ended, and who controls each territory and why.

Every word comes from the engine's `VoidOutcome` (state.result): its `end` and `reason` codes
worded by `REASON_TEXT`, and one `TerritoryControl` sentence per territory. Nothing is recounted here.
"""

from __future__ import annotations

import pygame

from iwari_desktop.engine.rulesets.solo.data import CARDS_BESIDE_TO_END
from iwari_desktop.engine.rulesets.solo.outcome import END_VOID_CONTROL, REASON_TEXT, VoidOutcome
from ...i18n import _, ngettext, pgettext
from .void_end_rows import Row, table_rows
from ..board.controller import GameController
from ..ui.intents import Intent, Kind
from ..ui.stack import Scene
from ..ui.look import GOLD, INK, INK_SOFT, dim, panel
from ..ui.widgets import button

VOID_INK = (92, 52, 140)
PLAYER_INK = (40, 110, 60)


def end_lines(outcome: VoidOutcome, players: int = 1) -> tuple[str, str, str]:
    """(headline, why the game ended, why it was won or lost), in words; `players` 2 for co-op (German
    says "ihr" to two)."""
    if outcome.won:
        head = _("You won against the Void") if players == 1 else pgettext("co-op", "You won against the Void")
    else:
        head = _("The Void won")
    ended = _("The game ended because {reason}.").format(
        reason=_(REASON_TEXT.get(outcome.end or '', outcome.end or '')) or _("it was over"))
    reason = _(REASON_TEXT.get(outcome.reason or '', outcome.reason or ''))
    n, k = outcome.void_territories, outcome.k
    if outcome.won:
        verdict = _("Won: {reason} (the Void controls {n}; you lose at {k}).")
    elif n >= k and outcome.reason == END_VOID_CONTROL:   # the numbers are the reason: not said twice
        verdict = ngettext("Lost: {k} Void territory was enough, and the Void controls {n}.",
                           "Lost: {k} Void territories were enough, and the Void controls {n}.", k)
    elif n >= k:   # the last counting may give the Void more than the K that lose: say so, not "9 ... at 3"
        verdict = ngettext("Lost: {reason} (the Void controls {n}; {k} was enough).",
                           "Lost: {reason} (the Void controls {n}; {k} were enough).", k)
    else:          # lost another way (a settlement, the purple centre) before reaching K
        verdict = ngettext("Lost: {reason} (the Void controls {n} of the {k} territory it needed).",
                           "Lost: {reason} (the Void controls {n} of the {k} territories it needed).", k)
    verdict = verdict.format(reason=reason, n=n, k=k)
    return head, ended, verdict


def foot_line(outcome: VoidOutcome) -> str:
    """The Corruptions and the turns, read from the outcome as the board's box and History read them: the
    Corruptions that struck (one the end cut short included, and then said so) and the turns begun."""
    if outcome.corruption_cut_short:
        corruptions = _("Corruptions: {n} of {limit}, the last one cut short by the end")
    else:
        corruptions = _("Corruptions: {n} of {limit}")
    turns = ngettext("{n} turn", "{n} turns", outcome.turns).format(n=outcome.turns)
    return corruptions.format(n=outcome.corruptions, limit=CARDS_BESIDE_TO_END) + " · " + turns


class VoidEndScene(Scene):
    """Drawn over the board; Back returns to the board, Menu leaves the game (it is already saved)."""

    opaque = False
    name = "void-end"

    def __init__(self, app, controller: GameController) -> None:
        super().__init__(app)
        self.controller = controller

    @property
    def outcome(self) -> VoidOutcome:
        result = self.controller.state.result
        assert isinstance(result, VoidOutcome)
        return result

    def card_rect(self) -> pygame.Rect:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        card = pygame.Rect(0, 0, min(ui.px(900), w - ui.px(40)), h - ui.px(60))
        card.center = (w // 2, h // 2)
        return card

    def build(self) -> None:
        ui = self.app.ui
        card = self.card_rect()
        bw, bh, gap = ui.px(240), ui.px(48), ui.px(20)
        # the three buttons side by side, centred in the card (Back to the board in the middle)
        back = pygame.Rect(0, 0, bw, bh)
        back.midbottom = (card.centerx, card.bottom - ui.px(18))
        menu = pygame.Rect(0, 0, bw, bh)
        menu.bottomleft = (back.right + gap, back.bottom)
        self.back_button = button(self, back, _("Back to the board"), self.back)
        self.menu_button = button(self, menu, _("Main menu (Enter)"), self.to_menu, "#primary")
        watch = pygame.Rect(0, 0, bw, bh)
        watch.bottomright = (back.x - gap, back.bottom)
        self.watch_button = button(self, watch, _("Watch the game"), self.watch)

    def enter(self) -> None:
        super().enter()
        from ..history.history_words import remember_game

        remember_game(self.app, self.controller.game)  # the History screen keeps every finished game

    def watch(self) -> None:
        self.app.nav.run("watch", self.controller.game)

    def back(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def to_menu(self) -> None:
        self.app.nav.reset("menu")

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CONFIRM:
            self.to_menu()
        elif intent.kind is Kind.CANCEL:
            self.back()

    def rows(self) -> list[Row]:
        return table_rows(self.controller.state, self.outcome)

    def draw_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """One line per territory: its name, who controls it, and why (shrunk until every row fits)."""
        ui = self.app.ui
        rows = self.rows()
        name_w = min(ui.px(190), area.w // 4)
        who_w = min(ui.px(110), area.w // 6)
        why_w = area.w - name_w - who_w
        size = 15
        while True:  # shrink until every row and its reason fit; at the smallest size a reason keeps one line
            line_h = ui.line_height("body", size)
            blocks = [ui.wrap(row.why, "body", size, why_w) or [""] for row in rows]
            if (sum(len(b) for b in blocks) + 1) * line_h <= area.h:
                break
            if size <= 11:
                blocks = [[ui.fit(row.why, "body", size, why_w)] for row in rows]
                break
            size -= 1
        heads = (_("Territory"), _("Controlled by"), _("Why"))
        for text, x in zip(heads, (area.x, area.x + name_w, area.x + name_w + who_w)):
            ui.blit_text(surface, text, (x, area.y), "bold", size, INK_SOFT)
        y = area.y + line_h
        pygame.draw.line(surface, INK_SOFT, (area.x, y - 2), (area.right, y - 2), 1)
        for row, lines in zip(rows, blocks):
            if y + line_h > area.bottom:
                break
            colour = PLAYER_INK if row.side == "players" else VOID_INK if row.side == "void" else INK_SOFT
            ui.blit_text(surface, ui.fit(row.name, "bold", size, name_w - ui.px(8)), (area.x, y), "bold", size, colour)
            ui.blit_text(surface, ui.fit(row.who, "bold", size, who_w - ui.px(8)), (area.x + name_w, y), "bold",
                         size, colour)
            for line in lines:
                if y + line_h > area.bottom:
                    break
                ui.blit_text(surface, line, (area.x + name_w + who_w, y), "body", size, INK)
                y += line_h

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface, 170)
        card = self.card_rect()
        panel(surface, card, ui, border=GOLD)
        outcome = self.outcome
        head, ended, verdict = end_lines(outcome, len(self.controller.state.config.players))
        inner = card.w - ui.px(60)
        y = card.y + ui.px(18)
        ui.blit_text(surface, ui.fit(head, "title", 34, inner), (card.centerx, y), "title", 34,
                     PLAYER_INK if outcome.won else VOID_INK, "midtop")
        y += ui.line_height("title", 34) + ui.px(4)
        for text in (ended, verdict):
            for line in ui.wrap(text, "body", 17, inner):
                ui.blit_text(surface, line, (card.centerx, y), "body", 17, INK, "midtop")
                y += ui.line_height("body", 17)
        y += ui.px(10)
        self.draw_table(surface, pygame.Rect(card.x + ui.px(30), y, inner, card.bottom - ui.px(100) - y))
        foot = foot_line(outcome)
        ui.blit_text(surface, ui.fit(foot, "body", 14, inner), (card.centerx, card.bottom - ui.px(92)), "body", 14,
                     INK_SOFT, "midtop")

