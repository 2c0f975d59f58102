"""History & statistics: every finished game (watch it again, export it as a save) and the records.

Four pages behind tabs: the list of games, the players' records (click a name for its maps), solo
and co-op results per map, and the computer levels' records. The numbers come from
`engine.history.stats`; this screen only lays them out. A history file that cannot be read is
explained on the page and left as it is (history_store sets it aside only when a new game is
recorded).
"""

from __future__ import annotations

import pygame
import pygame_gui

from iwari_desktop import history_store, storage
from iwari_desktop.engine.files.saves import SaveError
from iwari_desktop.engine.history.record import GameRecord
from iwari_desktop.engine.history.stats import Statistics, Tally, statistics
from iwari_desktop.i18n import N_, _, ngettext
from .history_words import (
    kind_text, length_text, level_name, mode_name, problem_line, rate_text, record_line, result_text, score_text,
    seat_name,
)
from ..ui.intents import Intent, Kind
from ..ui.dialogs import DialogScene
from ..ui.stack import Scene
from ..ui.look import CREAM, GOLD_LIGHT, INK, INK_SOFT, PARCHMENT_DARK, TERRACOTTA, panel
from ..ui.widgets import button, set_enabled

TABS = (("games", N_("Games")), ("players", N_("Players")), ("versus", N_("Solo & co-op")),
        ("levels", N_("Computer levels")))


class HistoryScene(Scene):
    heavy = True  # many large pictures: memory given back when it closes (ui/memory_release.py)
    name = "history"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.read = history_store.read_history()
        self.stats: Statistics = statistics(self.read.records)
        self.tab = "games"
        self.selected: GameRecord | None = self.read.records[0] if self.read.records else None
        self.player: int = 0
        self.scroll = 0
        self.list: pygame_gui.elements.UISelectionList | None = None
        self._by_text: dict[str, GameRecord] = {}
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        self.export_slot: int | None = None   # None: a new file in the saves folder
        self.target_button = None

    # ---- widgets ----------------------------------------------------------------------------------
    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        x = ui.px(40)
        tab_w = ui.px(180)
        self.tabs = {}
        for i, (key, text) in enumerate(TABS):
            self.tabs[key] = button(self, pygame.Rect(x + i * (tab_w + ui.px(8)), ui.px(76), tab_w, ui.px(40)), _(text),
                                    lambda k=key: self.show(k), "#primary" if key == self.tab else "#small")
        top = ui.px(128)
        self.content = pygame.Rect(x, top, w - 2 * x, h - top - ui.px(84))
        self.list = None
        self.watch_button = self.export_button = self.target_button = None
        if self.tab == "games":
            self._build_games()
        button(self, pygame.Rect(w - ui.px(210), h - ui.px(66), ui.px(170), ui.px(50)), _("Back"), self.app.stack.pop)

    def _build_games(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        self._by_text = {}
        items = []
        for record in self.read.records:
            text = record_line(record)
            while text in self._by_text:
                text += " "
            self._by_text[text] = record
            items.append(text)
        current = next((t for t, r in self._by_text.items() if r is self.selected), None)
        list_rect = pygame.Rect(self.content.x, self.content.y, self.content.w, self.content.h - ui.px(120))
        self.detail_rect = pygame.Rect(self.content.x, list_rect.bottom + ui.px(10), self.content.w, ui.px(110))
        if items:
            self.list = self.track(pygame_gui.elements.UISelectionList(list_rect, items, self.app.manager,
                                                                       default_selection=current))
        self.list_rect = list_rect
        self.watch_button = button(self, pygame.Rect(w - ui.px(590), h - ui.px(66), ui.px(180), ui.px(50)),
                                   _("Watch the game"), self.watch_selected, "#primary")
        self.export_button = button(self, pygame.Rect(w - ui.px(400), h - ui.px(66), ui.px(180), ui.px(50)),
                                    _("Export as save"), self.ask_export)
        self.target_button = button(self, pygame.Rect(self.content.x, h - ui.px(66), ui.px(330), ui.px(50)),
                                    self.target_text(), self.next_target, "#small")
        self._refresh_buttons()

    def target_text(self) -> str:
        """Where Export writes: a new file in the saves folder, or slot n (saying if it holds a game)."""
        if self.export_slot is None:
            return _("Export to: a new save file")
        if storage.slot_path(self.export_slot).exists():
            return _("Export to: slot {n} (in use)").format(n=self.export_slot)
        return _("Export to: slot {n} (free)").format(n=self.export_slot)

    def next_target(self) -> None:
        """New file → slot 1 → … → slot 6 → new file."""
        slot = 0 if self.export_slot is None else self.export_slot
        self.export_slot = slot + 1 if slot < storage.SLOT_COUNT else None
        self.target_button.set_text(self.target_text())

    def _refresh_buttons(self) -> None:
        can = self.selected is not None and self.selected.watchable
        for widget in (self.watch_button, self.export_button, self.target_button):
            if widget is not None:
                set_enabled(widget, can)

    def show(self, tab: str) -> None:
        self.tab = tab
        self.scroll = 0
        self.rebuild()
        self.app.request_redraw()

    def handle_ui(self, event: pygame.event.Event) -> None:
        if self.list is None or event.ui_element is not self.list:
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            self.selected = self._by_text.get(event.text)
            self._refresh_buttons()
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self.selected = self._by_text.get(event.text)
            self.watch_selected()

    def select(self, record: GameRecord) -> None:
        """Select `record` in the list (as a click on its row would)."""
        self.selected = record
        self.rebuild()

    # ---- actions ---------------------------------------------------------------------------------------
    def watch_selected(self) -> bool:
        from .replay_scene import watch

        record = self.selected
        if record is None:
            return False
        try:
            game = history_store.load_record(record)
        except SaveError as error:
            self.app.stack.push(DialogScene(self.app, _("This game cannot be watched"), problem_line(
                error, _("Its kept moves could not be replayed."))))
            return False
        watch(self.app, game, f"{record.map_name} · {record.when}")
        return True

    def ask_export(self) -> None:
        """Export, asking first when the chosen slot already holds a game (a save is never lost silently)."""
        from ..ui.dialogs import ConfirmScene

        if self.export_slot is not None and storage.slot_path(self.export_slot).exists():
            held = storage.describe_save(storage.slot_path(self.export_slot))
            what = _("It holds another game ({map}, saved {when}).").format(map=held.map_name or "?", when=held.when) \
                if not held.damaged else _("It holds a file that cannot be loaded.")
            self.app.stack.push(ConfirmScene(self.app, _("Overwrite slot {n}?").format(n=self.export_slot), what,
                                             _("Overwrite"), self.export_selected))
            return
        self.export_selected()

    def export_selected(self):
        record = self.selected
        if record is None:
            return None
        try:
            path = history_store.export_record(record, self.export_slot)
        except (SaveError, history_store.HistoryStoreError) as error:
            self.app.stack.push(DialogScene(self.app, _("The game was not exported"), problem_line(
                error, _("The save could not be written."))))
            return None
        self.app.stack.push(DialogScene(self.app, _("Exported"), _(
            "The game is now a save in the saves folder ({file}): Load game lists it.").format(file=path.name)))
        if self.target_button is not None:
            self.target_button.set_text(self.target_text())
        return path

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind is Kind.CANCEL:
            self.app.stack.pop()
        elif kind is Kind.CONFIRM and self.tab == "games":
            self.watch_selected()
        elif kind is Kind.SCROLL and self.tab != "games":
            self.scroll = max(0, self.scroll - intent.amount)
            self.app.request_redraw()
        elif kind is Kind.CLICK and intent.pos is not None and self.tab == "players":
            for rect, index in self.row_rects:
                if rect.collidepoint(intent.pos):
                    self.player = index
                    self.app.request_redraw()

    # ---- drawing ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, _("History & statistics"), (ui.px(40), ui.px(18)), "title", 40, CREAM)
        games = len(self.read.records)
        ui.blit_text(surface, ngettext("{n} finished game", "{n} finished games", games).format(n=games),
                     (w - ui.px(40), ui.px(44)), "body", 15, GOLD_LIGHT, "midright")
        if self.read.problem:
            self._draw_problem(surface)
            return
        if self.tab == "games":
            self._draw_games(surface)
        elif self.tab == "players":
            self._draw_players(surface)
        elif self.tab == "versus":
            self._draw_versus(surface)
        else:
            self._draw_levels(surface)

    def _draw_problem(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        r = pygame.Rect(self.content.x, self.content.y, self.content.w, ui.px(170))
        panel(surface, r, ui)
        x, y, inner = r.x + ui.px(18), r.y + ui.px(14), r.w - ui.px(36)
        head = _("The history was made by a newer Iwari Desktop.") if self.read.newer else \
            _("The history file cannot be read.")
        ui.blit_text(surface, head, (x, y), "bold", 17, TERRACOTTA)
        y += ui.line_height("bold", 17) + ui.px(4)
        tail = (_("It is left as it is; games finished with this version are not added to it. Update the game to "
                  "see it.") if self.read.newer else
                _("It is left as it is for now; the next finished game moves it aside (it is never deleted) and "
                  "starts a new history."))
        problem = problem_line(self.read.problem, _("It is not a history this version can read.")) \
            if self.read.problem else ""
        for text, role in ((problem, "body"), (tail, "italic")):
            for line in ui.wrap(text, role, 14, inner)[:3]:
                ui.blit_text(surface, line, (x, y), role, 14, INK_SOFT if role == "italic" else INK)
                y += ui.line_height(role, 14)

    def _draw_games(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        if not self.read.records:
            ui.blit_text(surface, _("No finished games yet. Every game played to its end is kept here."),
                         self.list_rect.center, "italic", 18, CREAM, "center")
        panel(surface, self.detail_rect, ui)
        record = self.selected
        x, y = self.detail_rect.x + ui.px(18), self.detail_rect.y + ui.px(10)
        inner = self.detail_rect.w - ui.px(36)
        if record is None:
            ui.blit_text(surface, _("Select a game above."), (x, y), "body", 16, INK_SOFT)
            return
        title = f"{record.map_name} · {kind_text(record)} · {record.when}"
        ui.blit_text(surface, ui.fit(title, "title", 22, inner), (x, y), "title", 22, INK)
        y += ui.line_height("title", 22)
        players = ", ".join(seat_name(s.name, s.computer) + ("" if record.won is not None else f" {s.score}")
                            for s in record.seats)
        for text in (_("Players: {players}").format(players=players),
                     _("Result: {result} · {length}").format(result=result_text(record),
                                                             length=length_text(record.turns, record.moves))):
            ui.blit_text(surface, ui.fit(text, "body", 15, inner), (x, y), "body", 15, INK)
            y += ui.line_height("body", 15)
        if not record.watchable:
            ui.blit_text(surface, ui.fit(_("Only the newest games keep their moves: this one can no longer be "
                                           "watched."), "italic", 14, inner), (x, y), "italic", 14, INK_SOFT)

    # ---- tables -------------------------------------------------------------------------------------
    def _table(self, surface: pygame.Surface, rect: pygame.Rect, heads: list[str], rows: list[list[str]],
               weights: list[float], selected: int | None = None, empty: str = "", texts: int = 1) -> list[pygame.Rect]:
        """Columns by weight (the first `texts` columns are words, left-aligned; the rest numbers, right-aligned),
        a heading row, then as many rows as fit from `self.scroll`; returns the row rects."""
        ui = self.app.ui
        panel(surface, rect, ui)
        inner = rect.inflate(-ui.px(32), -ui.px(20))
        total = sum(weights)
        xs, x = [], float(inner.x)
        for weight in weights:
            xs.append((int(x), int(inner.w * weight / total)))
            x += inner.w * weight / total
        row_h = ui.px(30)
        y = inner.y
        for i, head in enumerate(heads):
            cx, cw = xs[i]
            left = i < texts
            ui.blit_text(surface, ui.fit(head, "bold", 14, cw - ui.px(8)), (cx, y) if left else (cx + cw, y), "bold",
                         14, INK_SOFT, "topleft" if left else "topright")
        y += row_h
        pygame.draw.line(surface, (200, 180, 140), (inner.x, y - ui.px(6)), (inner.right, y - ui.px(6)), max(1, ui.px(1)))
        if not rows:
            ui.blit_text(surface, empty, (inner.x, y), "italic", 15, INK_SOFT)
            return []
        fit = max(1, (inner.bottom - y) // row_h)
        if len(rows) > fit:
            fit = max(1, fit - 1)   # the last line says there is more
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        rects = []
        for index in range(self.scroll, min(len(rows), self.scroll + fit)):
            row_rect = pygame.Rect(inner.x - ui.px(8), y - ui.px(3), inner.w + ui.px(16), row_h)
            if index == selected:
                pygame.draw.rect(surface, PARCHMENT_DARK, row_rect, border_radius=ui.px(6))
            for i, cell in enumerate(rows[index]):
                cx, cw = xs[i]
                role, left = ("bold" if i == 0 else "body"), i < texts
                ui.blit_text(surface, ui.fit(cell, role, 15, cw - ui.px(8)), (cx, y) if left else (cx + cw, y),
                             role, 15, INK, "topleft" if left else "topright")
            rects.append(row_rect)
            y += row_h
        if len(rows) > fit:
            more = _("Scroll for more ({shown} of {total} shown)").format(shown=fit, total=len(rows))
            ui.blit_text(surface, more, (inner.right, inner.bottom), "italic", 13, INK_SOFT, "bottomright")
        return rects

    @staticmethod
    def _tally_cells(tally: Tally, scores: bool = True) -> list[str]:
        cells = [str(tally.games), str(tally.wins), rate_text(tally)]
        if scores:
            cells += [score_text(tally.best), score_text(tally.average)]
        return cells

    def _draw_players(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        players = self.stats.players
        heads = [_("Player"), _("Games"), _("Wins"), _("Win rate"), _("Best score"), _("Average")]
        weights = [3.0, 1, 1, 1, 1.2, 1.2]
        half = self.content.h // 2 - ui.px(8)
        top = pygame.Rect(self.content.x, self.content.y, self.content.w, half)
        rows = [[p.name] + self._tally_cells(p.total) for p in players]
        self.player = min(self.player, max(0, len(players) - 1))
        rects = self._table(surface, top, heads, rows, weights, self.player if players else None,
                            _("No multiplayer game between people finished yet."))
        self.row_rects = [(r, self.scroll + i) for i, r in enumerate(rects)]
        if not players:
            return
        person = players[self.player]
        bottom = pygame.Rect(self.content.x, top.bottom + ui.px(40), self.content.w, self.content.bottom - top.bottom
                             - ui.px(40))
        heading = ui.blit_text(surface, _("{name} on each map").format(name=person.name),
                               (bottom.x, bottom.y - ui.px(6)), "heading", 18, CREAM, "bottomleft")
        if len(players) > 1:
            ui.blit_text(surface, _("Click a player above to see their maps."),
                         (bottom.right, heading.centery), "italic", 13, GOLD_LIGHT, "midright")
        maps = sorted(person.maps.items(), key=lambda kv: (-kv[1].games, kv[0]))
        scroll, self.scroll = self.scroll, 0
        self._table(surface, bottom, [_("Map")] + heads[1:], [[m] + self._tally_cells(t) for m, t in maps], weights)
        self.scroll = scroll

    def _draw_versus(self, surface: pygame.Surface) -> None:
        rows = [[r.name, mode_name(r.mode), r.map_name, str(r.tally.games), str(r.tally.wins), str(r.tally.losses),
                 rate_text(r.tally)] for r in self.stats.versus_void]
        self._table(surface, self.content, [_("Player"), _("Mode"), _("Map"), _("Games"), _("Won"), _("Lost"),
                                            _("Win rate")], rows, [2.2, 1.1, 2.2, 1, 1, 1, 1],
                    empty=_("No solo or co-op game finished yet."), texts=3)

    def _draw_levels(self, surface: pygame.Surface) -> None:
        order = {"random": 0, "easy": 1, "normal": 2, "hard": 3}
        rows = [[level_name(level)] + self._tally_cells(t)
                for level, t in sorted(self.stats.levels.items(), key=lambda kv: order.get(kv[0], 9))]
        self._table(surface, self.content, [_("Computer"), _("Games"), _("Wins"), _("Win rate"), _("Best score"),
                                            _("Average")], rows, [2.0, 1, 1, 1, 1.2, 1.2],
                    empty=_("No game with a computer player finished yet."))
