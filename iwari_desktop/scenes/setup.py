"""New game setup: map, players (names and colours), feats, draft start, first player.

The scene only collects choices; whether they make a game is the engine's call: starting builds a
`GameConfig` and asks the engine for a new game, and a `ConfigError` is shown as it is, before any
game begins. Only the base maps are offered until the expansion rules exist.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame
import pygame_gui

from ..engine import BASE_FEATS, ConfigError, FeatKind, Game, GameConfig, MapError, PlayerSpec, TribeColour
from iwari_desktop.engine.core.config import PLAYER_COLOURS
from iwari_desktop.engine.maps.registry import bundled_map_ids, get_board
from .board_view import board_picture
from .intents import Intent, Kind
from .stack import Scene
from .ui import CREAM, GOLD_LIGHT, INK, INK_SOFT, panel, tribe_rgb
from .words import player_text
from .widgets import button, checkbox, dropdown, label, show_placeholder_faint, text_entry

BASE_MAPS = ("new-horizons", "vast-lands")
DEFAULT_NAMES = ("Aiyana", "Bodhi", "Chenoa", "Dakota", "Elan")
NAME_LIMIT = 16  # characters a name entry takes (longer names would not fit the side panel)
FEAT_ORDER = (FeatKind.UNION, FeatKind.DISCOVERY, FeatKind.HONOUR, FeatKind.RESPECT)
FEAT_HELP = {FeatKind.UNION: "first settlements", FeatKind.DISCOVERY: "filling a territory",
             FeatKind.HONOUR: "land connections", FeatKind.RESPECT: "water connections"}


def offered_maps() -> list[str]:
    """Base maps that are installed; any installed map as a fallback while the base maps are being drawn."""
    present = bundled_map_ids()
    base = [m for m in BASE_MAPS if m in present]
    return base or list(present)


@dataclass
class SetupModel:
    map_id: str = ""
    names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES[:3]))
    colours: list[TribeColour] = field(default_factory=lambda: list(PLAYER_COLOURS[:3]))
    feats: set[FeatKind] = field(default_factory=lambda: set(BASE_FEATS))
    draft: bool = False
    first: int | None = None

    def config(self, seed: int) -> GameConfig:
        players = tuple(PlayerSpec(n, c) for n, c in zip(self.names, self.colours))
        return GameConfig(self.map_id, players, seed, frozenset(self.feats), self.draft, self.first)


def start_game(app, game: Game) -> None:
    """Leave menus behind: the menu stays at the bottom of the stack, the board goes on top."""
    from .board import BoardScene
    from .menu import MenuScene

    app.stack.reset(MenuScene(app))
    app.stack.push(BoardScene(app, game))


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app) -> None:
        super().__init__(app)
        maps = offered_maps()
        self.model = SetupModel(map_id=maps[0] if maps else "")
        self.maps = maps
        self.error = "" if maps else "No maps are installed yet."
        self.entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.colour_menus: list[pygame_gui.elements.UIDropDownMenu] = []
        self.feat_boxes: dict[FeatKind, pygame_gui.elements.UICheckBox] = {}
        self.draft_box: pygame_gui.elements.UICheckBox | None = None
        self.first_menu: pygame_gui.elements.UIDropDownMenu | None = None
        self._thumbs: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self._third: tuple[tuple, TribeColour | None] = ((), None)

    # ---- layout ------------------------------------------------------------------------------------
    def build(self) -> None:
        ui = self.app.ui
        r = ui.rect
        self.entries, self.colour_menus = [], []
        for i, map_id in enumerate(self.maps[:4]):
            name = self._board_name(map_id)
            button(self, r(56, 128 + i * 52, 348, 44), name, lambda m=map_id: self._pick_map(m),
                   object_id="#primary" if map_id == self.model.map_id else None)
        for i, (name, colour) in enumerate(zip(self.model.names, self.model.colours)):
            y = 128 + i * 62
            self.entries.append(text_entry(self, r(508, y, 200, 42), name, NAME_LIMIT, "Name"))
            self.colour_menus.append(dropdown(self, r(716, y, 118, 42), [c.value.capitalize() for c in PLAYER_COLOURS],
                                              colour.value.capitalize()))
            if len(self.model.names) > 2:
                button(self, r(842, y, 38, 42), "×", lambda k=i: self._remove(k), object_id="#small",
                       tooltip="Remove this player")
        if len(self.model.names) < 5:
            button(self, r(508, 128 + len(self.model.names) * 62, 200, 40), "+ Add player", self._add, object_id="#small")
        label(self, r(936, 118, 280, 30), "Feats (×2 / ×1 multipliers)", "#ink_label")
        for i, feat in enumerate(FEAT_ORDER):
            self.feat_boxes[feat] = checkbox(self, r(944, 154 + i * 40, 26, 26),
                                             f"{feat.value.capitalize()} — {FEAT_HELP[feat]}", feat in self.model.feats)
        label(self, r(936, 324, 280, 30), "Start", "#ink_label")
        self.draft_box = checkbox(self, r(944, 360, 26, 26), "Draft starting hands", self.model.draft)
        label(self, r(936, 410, 280, 30), "First player", "#ink_label")
        options = ["Random"] + [f"{i + 1}. {n or '?'}" for i, n in enumerate(self.model.names)]
        current = "Random" if self.model.first is None else options[self.model.first + 1]
        self.first_menu = dropdown(self, r(944, 444, 260, 40), options, current)
        button(self, r(920, 652, 150, 48), "Back", self.app.stack.pop)
        button(self, r(1082, 652, 170, 48), "Start game", self.start, object_id="#primary", enabled=bool(self.maps))

    def _board_name(self, map_id: str) -> str:
        try:
            return get_board(map_id).name
        except MapError:
            return map_id

    # ---- edits -------------------------------------------------------------------------------------
    def _pick_map(self, map_id: str) -> None:
        self.model.map_id = map_id
        self.error = ""
        self.rebuild()

    def _add(self) -> None:
        used = set(self.model.colours)
        colour = next((c for c in PLAYER_COLOURS if c not in used), PLAYER_COLOURS[0])
        names = set(self.model.names)
        name = next((n for n in DEFAULT_NAMES if n not in names), f"Player {len(names) + 1}")
        self.model.names.append(name)
        self.model.colours.append(colour)
        self.error = ""
        self.rebuild()

    def _remove(self, index: int) -> None:
        del self.model.names[index]
        del self.model.colours[index]
        if self.model.first is not None and self.model.first >= len(self.model.names):
            self.model.first = None
        self.error = ""
        self.rebuild()

    def handle_ui(self, event: pygame.event.Event) -> None:
        element = event.ui_element
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element in self.entries:
            self.model.names[self.entries.index(element)] = element.get_text()
            show_placeholder_faint(element)
            self.error = ""
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element in self.entries:
            self.rebuild()  # refresh the first-player list with the new name
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if element in self.colour_menus:
                self.model.colours[self.colour_menus.index(element)] = TribeColour(event.text.lower())
                self.error = ""
            elif element is self.first_menu:
                self.model.first = None if event.text == "Random" else int(event.text.split(".")[0]) - 1
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if element is self.draft_box:
                self.model.draft = on
            for feat, box in self.feat_boxes.items():
                if element is box:
                    (self.model.feats.add if on else self.model.feats.discard)(feat)

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.app.stack.pop()
        elif intent.kind is Kind.CONFIRM:
            self.start()

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
            self.error = "No map is installed, so no game can start."
            return False
        row_problem = self.name_problem()
        if row_problem:
            self.error = row_problem
            self.app.request_redraw()
            return False
        try:
            game = Game.new(self.model.config(seed if seed is not None else random.SystemRandom().randrange(1, 2**31)))
        except (ConfigError, MapError) as error:
            self.error = f"Cannot start yet: {player_text(str(error))}."
            self.app.request_redraw()
            return False
        start_game(self.app, game)
        return True

    def name_problem(self) -> str | None:
        """Which row to fix, for the two mistakes a form can point at (the engine still checks everything)."""
        names = [n.strip() for n in self.model.names]
        for i, name in enumerate(names):
            if not name:
                return f"Player {i + 1} needs a name."
        seen: dict[str, int] = {}
        for i, name in enumerate(names):
            if name.casefold() in seen:
                return f"Players {seen[name.casefold()] + 1} and {i + 1} have the same name: {name}."
            seen[name.casefold()] = i
        return None

    def third_tribe_colour(self) -> TribeColour | None:
        """The colour the engine gives a two-player game's third tribe (None with more players or a bad form).

        Asked of the engine (a trial game from the current choices), never worked out here.
        """
        key = (self.model.map_id, tuple(self.model.names), tuple(self.model.colours))
        if self._third[0] != key:
            colour = None
            if len(self.model.names) == 2 and self.model.map_id:
                try:
                    trial = Game.new(self.model.config(1))
                    third = trial.state.third_tribe
                    colour = trial.state.tribes[third].colour if third is not None else None
                except (ConfigError, MapError):
                    colour = None
            self._third = (key, colour)
        return self._third[1]

    def long_name_hint(self) -> str:
        """Shown while a name is at the length limit, so a cut name is never a surprise."""
        full = [i for i, n in enumerate(self.model.names) if len(n) >= NAME_LIMIT]
        if not full:
            return ""
        return f"Names hold up to {NAME_LIMIT} characters: player {full[0] + 1}'s name is full."

    # ---- drawing -------------------------------------------------------------------------------------
    def _thumb(self, size: tuple[int, int]) -> pygame.Surface | None:
        key = (self.model.map_id, size)
        if key not in self._thumbs:
            try:
                board = get_board(self.model.map_id)
            except MapError:
                return None
            bw, bh = board.size
            k = min(size[0] / bw, size[1] / bh)
            self._thumbs[key] = board_picture(board, (int(bw * k), int(bh * k)))
        return self._thumbs[key]

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        r = ui.rect
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, "New game", (ui.px(40), ui.px(18)), "title", 40, CREAM)
        for rect, title in ((r(40, 80, 380, 556), "Map"), (r(452, 80, 446, 556), "Players"),
                            (r(920, 80, 320, 556), "Options")):
            panel(surface, rect, ui)
            ui.blit_text(surface, title, (rect.x + ui.px(16), rect.y + ui.px(8)), "heading", 24, INK)
        n_maps = min(4, len(self.maps))
        thumb_top = 128 + n_maps * 52 + 6
        thumb = self._thumb((ui.px(348), ui.px(250)))
        if thumb is not None:
            rect = thumb.get_rect(midtop=(r(56, 0, 348, 1).centerx, ui.px(thumb_top)))
            surface.blit(thumb, rect)
            pygame.draw.rect(surface, INK, rect, max(1, ui.px(2)))
            try:
                board = get_board(self.model.map_id)
                info = [f"{board.name}: {board.min_players}–{board.max_players} players",
                        "Mountains close connections" if board.uses_mountains else "No mountains",
                        f"{len(board.territories)} territories · {len(board.spaces)} tent spaces"]
            except MapError as error:
                info = [str(error)]
            y = rect.bottom + ui.px(8)
            for line in info:
                ui.blit_text(surface, line, (rect.x, y), "body", 15, INK_SOFT)
                y += ui.px(22)
        for i, colour in enumerate(self.model.colours):
            centre = (ui.px(484), ui.px(128 + i * 62 + 21))
            pygame.draw.circle(surface, INK, centre, ui.px(15))
            pygame.draw.circle(surface, tribe_rgb(colour.value), centre, ui.px(13))
        third = self.third_tribe_colour()
        if third is not None:
            y = 128 + 2 * 62 + 56
            centre = (ui.px(484), ui.px(y + 16))
            pygame.draw.circle(surface, INK, centre, ui.px(15))
            pygame.draw.circle(surface, tribe_rgb(third.value), centre, ui.px(13))
            ui.blit_text(surface, f"Third tribe: {third.value.capitalize()}", (ui.px(508), ui.px(y + 4)), "bold", 15, INK)
            ui.blit_text(surface, "A neutral tribe both players place for, in turn.", (ui.px(508), ui.px(y + 24)),
                         "body", 13, INK_SOFT)
        hint = self.long_name_hint()
        if hint:
            ui.blit_text(surface, hint, (ui.px(468), ui.px(578)), "bold", 13, (150, 60, 30))
        ui.blit_text(surface, "Players pass one computer around; hands stay hidden.",
                     (ui.px(468), ui.px(600)), "italic", 13, INK_SOFT)
        if self.error:
            lines = ui.wrap(self.error, "bold", 16, ui.px(840))
            y = ui.px(652)
            for line in lines[:2]:
                ui.blit_text(surface, line, (ui.px(44), y), "bold", 16, (255, 205, 120))
                y += ui.px(22)
        else:
            ui.blit_text(surface, "Enter starts the game · Esc goes back", (ui.px(44), ui.px(664)), "body", 15, GOLD_LIGHT)
