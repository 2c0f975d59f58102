"""New game setup: map, players (names and colours), feats, expansion options, draft start, first player.

The scene only collects choices; whether they make a game is the engine's call: starting builds a
`GameConfig` and asks the engine for a new game, and a `ConfigError` is shown in words, before any
game begins. Controls the engine would refuse are greyed out with the engine's reason on hover
(`setup_model.EngineJudge`). The map grid lives in `setup_maps`, the options block in `setup_options`.

Keyboard: Up/Down (or Home/End) choose the map, the digit keys 2–6 set the number of players,
Enter starts, Esc goes back; names are typed into the entries.
"""

from __future__ import annotations

import random

import pygame
import pygame_gui

from ...engine import ConfigError, FeatKind, Game, MapError, TribeColour
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.maps.registry import bundled_map_ids
from ..ui.intents import Intent, Kind
from .setup_maps import MapTiles, board_or_none, draw_map_details
from .setup_model import NAME_LIMIT, EngineJudge, SetupModel, colours_for
from .setup_remembered import apply_to_model, of_model, remember, remembered
from .setup_seats import build_seat_buttons, draw_seat_marks
from .setup_options import HintTip, OptionControls
from ..ui.stack import Scene
from ..ui.look import CREAM, GOLD_LIGHT, INK, INK_SOFT, panel, tribe_rgb
from ..ui.words import localized, player_text
from ...i18n import N_, _
from ..ui.terms import colour_name, feat_name
from ..ui.widgets import button, checkbox, dropdown, label, show_placeholder_faint, text_entry

__all__ = ["SetupScene", "SetupModel", "start_game", "offered_maps", "NAME_LIMIT"]

FEAT_ORDER = (FeatKind.UNION, FeatKind.DISCOVERY, FeatKind.HONOUR, FeatKind.RESPECT)
FEAT_HELP = {FeatKind.UNION: N_("first settlements"), FeatKind.DISCOVERY: N_("filling a territory"),
             FeatKind.HONOUR: N_("land connections"), FeatKind.RESPECT: N_("water connections")}

# design-pixel layout (1280×720): three panels and the rows inside them
MAP_PANEL, PLAYER_PANEL, OPTION_PANEL = (40, 80, 396, 556), (452, 80, 410, 556), (876, 80, 364, 556)
TILES_LEFT, TILES_TOP = 56, 122
ROW_TOP, ROW_PITCH = 124, 54
OPTIONS_LEFT, OPTIONS_W = 892, 332
MESSAGE_INK = (255, 205, 120)
KEYS_HELP = N_("Up/Down: map · 2–6: players · Enter starts · Esc goes back")


def offered_maps() -> list[str]:
    """Every installed map, in MAPS.md order (base maps first, then the expansion's)."""
    return list(bundled_map_ids())


def start_game(app, game: Game, below: tuple = (), **board_options) -> None:
    """Leave menus behind: the menu stays at the bottom of the stack, the board goes on top.

    `below` are scenes kept between the menu and the board (a campaign keeps its journey there);
    `board_options` go to the board (a campaign chapter passes `campaign`)."""
    app.nav.reset("menu")
    for scene in below:
        app.stack.push(scene)
    app.nav.push("board", game, **board_options)


def start_configured(scene, seed: int | None, **start_options) -> bool:
    """Ask the engine for the game `scene.model` describes and start it; a refusal becomes the scene's
    error in words and nothing starts. Both setup screens (multiplayer, solo/co-op) start through here."""
    try:
        game = Game.new(scene.model.config(seed if seed is not None else random.SystemRandom().randrange(1, 2**31)))
    except (ConfigError, MapError) as error:
        scene.error = _("Cannot start yet: {reason}.").format(reason=player_text(localized(error)))
        scene.app.request_redraw()
        return False
    start_game(scene.app, game, **start_options)
    return True


class SetupScene(Scene):
    name = "setup"
    keeps_widgets = True               # an option clicked rebuilds the form: the widgets it left as they were stay
    title = N_("New game")             # Host a table (scenes/online/online_host.py) reuses this form
    start_label = N_("Start game")

    def __init__(self, app) -> None:
        super().__init__(app)
        maps = offered_maps()
        self.model = SetupModel(map_id=maps[0] if maps else "")
        self.maps = maps
        self.tiles = MapTiles(maps, app.caches.files)
        self.judge = EngineJudge()
        self.options = OptionControls()
        self.tip = HintTip()
        self.error = "" if maps else _("No maps are installed yet.")
        self.notice = ""  # what a map change did to the players (left out, recoloured)
        self.hover_pos: tuple[int, int] | None = None
        self.entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.colour_menus: list[pygame_gui.elements.UIDropDownMenu] = []
        self.feat_boxes: dict[FeatKind, pygame_gui.elements.UICheckBox] = {}
        self.draft_box: pygame_gui.elements.UICheckBox | None = None
        self.first_menu: pygame_gui.elements.UIDropDownMenu | None = None
        self.add_button: pygame_gui.elements.UIButton | None = None
        self._first_label_y = 0
        board = board_or_none(self.model.map_id)
        if board is not None:
            self.model.fit_to(board)
        last = remembered(app, GameMode.MULTIPLAYER)
        if last is not None:   # Setup opens as the player left it at the last start
            apply_to_model(self.model, last, maps, self.judge)

    @property
    def board(self):
        return board_or_none(self.model.map_id)

    def player_range(self) -> tuple[int, int]:
        board = self.board
        return (board.min_players, board.max_players) if board is not None else (2, 5)

    # ---- layout ------------------------------------------------------------------------------------
    def build(self) -> None:
        ui = self.app.ui
        r = ui.rect
        self.tip.close()
        self.entries, self.colour_menus = [], []
        offered = colours_for(self.board)
        fewest, most = self.player_range()
        for i, (name, colour) in enumerate(zip(self.model.names, self.model.colours)):
            y = ROW_TOP + i * ROW_PITCH
            self.entries.append(text_entry(self, r(496, y, 116, 40), name, NAME_LIMIT, _("Name")))
            self.colour_menus.append(dropdown(self, r(698, y, 116, 40), [colour_name(c) for c in offered],
                                              colour_name(colour)))
            if len(self.model.names) > fewest:
                button(self, r(822, y, 32, 40), "×", lambda k=i: self._remove(k), object_id="#small",
                       tooltip=_("Remove this player"))
        self.seat_buttons = build_seat_buttons(self, lambda i: r(616, ROW_TOP + i * ROW_PITCH, 76, 40),
                                               self.model.computers[:len(self.model.names)])
        self.add_button = None
        if len(self.model.names) < most:
            self.add_button = button(self, r(496, ROW_TOP + len(self.model.names) * ROW_PITCH, 194, 38),
                                     _("+ Add player"), self._add, object_id="#small")
        left = OPTIONS_LEFT
        label(self, r(left - 4, 118, 300, 26), _("Feats (×2 / ×1 multipliers)"), "#ink_label")
        for i, feat in enumerate(FEAT_ORDER):
            self.feat_boxes[feat] = checkbox(self, r(left + 8, 150 + i * 32, 24, 24),
                                             f"{feat_name(feat)} — {_(FEAT_HELP[feat])}", feat in self.model.feats)
        label(self, r(left - 4, 280, 300, 26), _("Expansion options"), "#ink_label")
        below = self.options.build(self, self.model, self.judge, left, 312, OPTIONS_W)
        label(self, r(left - 4, below, 300, 26), _("Start"), "#ink_label")
        self.draft_box = checkbox(self, r(left + 8, below + 32, 24, 24), _("Draft starting hands"), self.model.draft)
        choices = [_("Random")] + [f"{i + 1}. {n or '?'}" for i, n in enumerate(self.model.names)]
        current = _("Random") if self.model.first is None else choices[self.model.first + 1]
        self.first_menu = dropdown(self, r(left + 120, below + 64, 212, 36), choices, current)
        self._first_label_y = below + 72
        button(self, r(908, 652, 150, 48), _("Back"), self.app.stack.pop)
        button(self, r(1070, 652, 170, 48), _(self.start_label), self.start, object_id="#primary", enabled=bool(self.maps))

    # ---- edits -------------------------------------------------------------------------------------
    def changed(self) -> None:
        """Any choice changed: old messages go, widgets are rebuilt with fresh verdicts."""
        self.error = ""
        self.rebuild()
        self._update_tip()
        self.app.request_redraw()

    def _pick_map(self, map_id: str) -> None:
        if map_id not in self.maps:
            return
        self._sync_names()
        self.model.map_id = map_id
        board = self.board
        self.notice = self.model.fit_to(board) if board is not None else ""
        self.changed()

    def _add(self) -> None:
        self._sync_names()
        if len(self.model.names) < self.player_range()[1]:
            self.model.add_player(colours_for(self.board))
        self.notice = ""
        self.changed()

    def _remove(self, index: int) -> None:
        self._sync_names()
        if len(self.model.names) > self.player_range()[0]:
            self.model.remove_player(index)
        self.notice = ""
        self.changed()

    def set_player_count(self, n: int) -> None:
        """Add or drop players at the end until there are `n` (within the map's range)."""
        fewest, most = self.player_range()
        if not fewest <= n <= most:
            return
        self._sync_names()
        while len(self.model.names) < n:
            self.model.add_player(colours_for(self.board))
        while len(self.model.names) > n:
            self.model.remove_player(len(self.model.names) - 1)
        self.notice = ""
        self.changed()

    def _sync_names(self) -> None:
        if self.entries:
            self.model.names[:len(self.entries)] = [e.get_text() for e in self.entries][:len(self.model.names)]

    def handle_ui(self, event: pygame.event.Event) -> None:
        element = event.ui_element
        if self.options.handle_ui(self, self.model, event):
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element in self.entries:
            self.model.names[self.entries.index(element)] = element.get_text()
            show_placeholder_faint(element)
            self.error = ""
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element in self.entries:
            self.rebuild()  # refresh the first-player list with the new name
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if element in self.colour_menus:
                self.model.colours[self.colour_menus.index(element)] = next(
                    c for c in TribeColour if event.text in (colour_name(c), c.value.capitalize()))
                self.error = ""
            elif element is self.first_menu:
                self.model.first = None if event.text in (_("Random"), "Random") else int(event.text.split(".")[0]) - 1
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if element is self.draft_box:
                self.model.draft = on
            for feat, box in self.feat_boxes.items():
                if element is box:
                    (self.model.feats.add if on else self.model.feats.discard)(feat)
                    self.changed()  # feats are part of what the engine judges

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.app.stack.pop()
        elif intent.kind is Kind.CONFIRM:
            self.start()
        elif intent.kind is Kind.HOVER:
            self.hover_pos = intent.pos
            self._update_tip()
            self.app.request_redraw()
        elif intent.kind is Kind.CLICK and intent.pos is not None:
            hit = self.tiles.hit(self.app.ui, TILES_LEFT, TILES_TOP, intent.pos)
            if hit is not None and hit != self.model.map_id:
                self._pick_map(hit)
        elif intent.kind is Kind.SCROLL and not intent.smooth and self.maps:
            here = self.maps.index(self.model.map_id) if self.model.map_id in self.maps else 0
            step = -1 if intent.amount > 0 else 1
            there = (0 if intent.amount > 0 else len(self.maps) - 1) if abs(intent.amount) > 1 else here + step
            self._pick_map(self.maps[max(0, min(len(self.maps) - 1, there))])
        elif intent.kind is Kind.PICK_CARD:
            self.set_player_count(intent.index + 1)

    def set_names(self, names: list[str]) -> None:
        """Type names into the entries (tests and the smoke run use this, as a person would type)."""
        for entry, name in zip(self.entries, names):
            entry.set_text(name)
            show_placeholder_faint(entry)
        self.model.names[:len(names)] = names[:len(self.model.names)]

    def start(self, seed: int | None = None) -> bool:
        """Validate through the engine and start; on a ConfigError explain it and stay here.

        A person gets a fresh random seed; the smoke run passes its own so it replays the same game.
        """
        self.model.names = [e.get_text() for e in self.entries] or self.model.names
        if not self.model.map_id:
            self.error = _("No map is installed, so no game can start.")
            return False
        row_problem = self.name_problem()
        if row_problem:
            self.error = row_problem
            self.app.request_redraw()
            return False
        if not start_configured(self, seed):
            return False
        remember(self.app, GameMode.MULTIPLAYER, of_model(self.model))
        return True

    def name_problem(self) -> str | None:
        """Which row to fix, for the two mistakes a form can point at (the engine still checks everything)."""
        names = [n.strip() for n in self.model.names]
        for i, name in enumerate(names):
            if not name:
                return _("Player {n} needs a name.").format(n=i + 1)
        seen: dict[str, int] = {}
        for i, name in enumerate(names):
            if name.casefold() in seen:
                return _("Players {a} and {b} have the same name: {name}.").format(a=seen[name.casefold()] + 1, b=i + 1,
                                                                                  name=name)
            seen[name.casefold()] = i
        return None

    def third_tribe_colour(self) -> TribeColour | None:
        """The colour the engine gives a two-player game's third tribe (None with more players or a bad form)."""
        return self.judge.third_tribe_colour(self.model)

    def setup_problem(self) -> str:
        """Why the map and options as chosen cannot start (the engine's words), shown before Start is pressed."""
        reason = self.judge.map_refusal(self.model) or self.judge.options_refusal(self.model)
        return _("Cannot start yet: {reason}.").format(reason=reason) if reason else ""

    def long_name_hint(self) -> str:
        """Shown while a name is at the length limit, so a cut name is never a surprise."""
        full = [i for i, n in enumerate(self.model.names) if len(n) >= NAME_LIMIT]
        if not full:
            return ""
        return _("Names hold up to {limit} characters: player {n}'s name is full.").format(limit=NAME_LIMIT,
                                                                                               n=full[0] + 1)

    def _update_tip(self) -> None:
        hint = self.options.hint_at(self.hover_pos) if self.hover_pos is not None else None
        self.tip.show(self.app.manager, self.app.ui, hint, self.hover_pos or (0, 0))

    def exit(self) -> None:
        self.tip.close()
        super().exit()

    def pause(self, covered_by: Scene) -> None:
        self.tip.close()
        super().pause(covered_by)

    def hovered_map(self) -> str | None:
        if self.hover_pos is None:
            return None
        return self.tiles.hit(self.app.ui, TILES_LEFT, TILES_TOP, self.hover_pos)

    # ---- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        r = ui.rect
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, _(self.title), (ui.px(40), ui.px(18)), "title", 40, CREAM)
        for rect, title in ((r(*MAP_PANEL), _("Map")), (r(*PLAYER_PANEL), _("Players")),
                            (r(*OPTION_PANEL), _("Options"))):
            panel(surface, rect, ui)
            ui.blit_text(surface, title, (rect.x + ui.px(16), rect.y + ui.px(8)), "heading", 24, INK)
        self.tiles.draw(surface, ui, TILES_LEFT, TILES_TOP, self.model.map_id, self.hovered_map())
        top = self.tiles.bottom(ui, TILES_LEFT, TILES_TOP) + ui.px(12)
        details = pygame.Rect(ui.px(56), top, ui.px(364), r(*MAP_PANEL).bottom - ui.px(12) - top)
        draw_map_details(surface, ui, details, self.board, self.model.map_id, self.judge.map_refusal(self.model))
        self._draw_players(surface)
        self.options.draw(surface, ui, OPTIONS_W)
        ui.blit_text(surface, _("First player"), (ui.px(OPTIONS_LEFT + 8), ui.px(self._first_label_y)), "bold", 15, INK)
        self._draw_message(surface)

    def _draw_players(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        for i, colour in enumerate(self.model.colours):
            centre = (ui.px(474), ui.px(ROW_TOP + i * ROW_PITCH + 20))
            pygame.draw.circle(surface, INK, centre, ui.px(14))
            pygame.draw.circle(surface, tribe_rgb(colour.value), centre, ui.px(12))
        draw_seat_marks(surface, ui, self.model.computers[:len(self.model.colours)],
                        lambda i: (ui.px(474), ui.px(ROW_TOP + i * ROW_PITCH + 20)))
        third = self.third_tribe_colour()
        if third is not None:
            rows = len(self.model.names) + (1 if self.add_button is not None else 0)
            y = ROW_TOP + rows * ROW_PITCH + 4
            centre = (ui.px(474), ui.px(y + 16))
            pygame.draw.circle(surface, INK, centre, ui.px(14))
            pygame.draw.circle(surface, tribe_rgb(third.value), centre, ui.px(12))
            ui.blit_text(surface, _("Third tribe: {colour}").format(colour=colour_name(third)), (ui.px(496), ui.px(y + 2)),
                         "bold", 15, INK)
            ui.blit_text(surface, _("A neutral tribe both players place for, in turn."), (ui.px(496), ui.px(y + 24)),
                         "body", 13, INK_SOFT)
        hint = self.long_name_hint()
        if hint:
            ui.blit_text(surface, hint, (ui.px(468), ui.px(578)), "bold", 13, (150, 60, 30))
        ui.blit_text(surface, self.table_note(), (ui.px(468), ui.px(600)), "italic", 13, INK_SOFT)

    def table_note(self) -> str:
        """How the seats share the machine: passing it around only matters between people."""
        people = sum(1 for kind in self.model.computers if kind is None)
        if people == 0:
            return _("Computers play every seat: sit back and watch.")
        if people == 1:
            return _("You play against the computers; no passing needed.")
        return _("People pass one computer around; hands stay hidden.")

    def _draw_message(self, surface: pygame.Surface) -> None:
        """The bottom line: an error, else why the setup cannot start, else what a map change did, else the keys."""
        ui = self.app.ui
        message = self.error or self.setup_problem() or (self.notice + "." if self.notice else "")
        if message:
            y = ui.px(648)
            size = 16 if len(ui.wrap(message, "bold", 16, ui.px(860))) <= 2 else 14
            for line in ui.wrap(message, "bold", size, ui.px(860))[:3]:
                ui.blit_text(surface, line, (ui.px(44), y), "bold", size, MESSAGE_INK)
                y += ui.line_height("bold", size)
        else:
            ui.blit_text(surface, _(KEYS_HELP), (
ui.px(44), ui.px(664)), "body", 15, GOLD_LIGHT)
