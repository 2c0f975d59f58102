"""Setup of a game against the Void: solo (one player) or co-op (two players on one side).

The choices are a map (every map whose `modes` lists the mode: all but The Void), K (how many
Void territories lose the game), co-op's open hands, "let the game decide the Void's ties"
(`auto_void_ties`) and the names. Whether they make a game is the engine's call: Start builds a
`GameConfig` and asks for a new game; a `ConfigError` is shown in words and nothing starts.

Keyboard: Up/Down choose the map, Enter starts, Esc goes back; K is set with its − and + buttons.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...engine import GameConfig, PlayerSpec
from ...i18n import _, ngettext
from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
from iwari_desktop.engine.maps.registry import bundled_map_ids
from ..ui.intents import Intent, Kind
from .setup_maps import MapTiles, board_or_none, draw_map_details, vs_void_facts
from .setup_words import vs_void_rule_lines
from .setup_model import DEFAULT_NAMES, NAME_LIMIT
from .setup_remembered import apply_to_mode, of_mode, remember, remembered
from ..ui.stack import Scene
from ..ui.look import CREAM, INK, INK_SOFT, panel
from ..ui.widgets import button, text_entry

K_RANGE = (1, 10)            # the engine's range for option `k`
DEFAULT_K = {GameMode.SOLO: 3, GameMode.COOP: 1}
MAP_PANEL, SIDE_PANEL = (40, 80, 396, 556), (452, 80, 788, 556)
TILES_LEFT, TILES_TOP = 56, 122
MESSAGE_INK = (255, 205, 120)


def maps_for(mode: GameMode) -> list[str]:
    """The installed maps that can be played in `mode` (their `modes` property)."""
    out = []
    for map_id in bundled_map_ids():
        board = board_or_none(map_id)
        if board is not None and mode.value in board.modes:
            out.append(map_id)
    return out


@dataclass
class ModeSetup:
    """What the solo / co-op setup has chosen so far."""

    mode: GameMode
    map_id: str = ""
    names: list[str] = field(default_factory=list)
    k: int = 0
    open_hands: bool = False
    auto_ties: bool = False

    def __post_init__(self) -> None:
        seats = 1 if self.mode is GameMode.SOLO else 2
        if not self.names:
            self.names = list(DEFAULT_NAMES[:seats])
        if not self.k:
            self.k = DEFAULT_K[self.mode]

    def options(self) -> dict[str, object]:
        """The options to store: K always, the switches only when on."""
        chosen: dict[str, object] = {"k": self.k}
        if self.open_hands and self.mode is GameMode.COOP:
            chosen["open_hands"] = True
        if self.auto_ties:
            chosen["auto_void_ties"] = True
        return chosen

    def config(self, seed: int) -> GameConfig:
        players = tuple(PlayerSpec(n.strip(), c) for n, c in zip(self.names, PLAYER_COLOURS))
        return GameConfig(self.map_id, players, seed, mode=self.mode, options=self.options())

    def step_k(self, delta: int) -> None:
        self.k = max(K_RANGE[0], min(K_RANGE[1], self.k + delta))


class ModeSetupScene(Scene):
    """The setup screen for Solo or Co-op (see the module docstring)."""

    name = "setup-mode"
    keeps_widgets = True  # a choice clicked rebuilds the form: the widgets it left as they were stay (ui/widget_reuse.py)

    def __init__(self, app, mode: GameMode) -> None:
        super().__init__(app)
        self.maps = maps_for(mode)
        self.model = ModeSetup(mode, self.maps[0] if self.maps else "")
        last = remembered(app, mode)
        if last is not None:   # Setup opens as the player left it at the last start
            apply_to_mode(self.model, last, self.maps, K_RANGE)
        self.tiles = MapTiles(self.maps, app.caches.files)
        self.error = "" if self.maps else _("No map for this mode is installed.")
        self.entries: list = []
        self.buttons: dict[str, object] = {}

    @property
    def title(self) -> str:
        return _("Solo against the Void") if self.model.mode is GameMode.SOLO else _("Co-op against the Void")

    def k_words(self) -> str:
        """K as a new player reads it, over its − and + buttons: the letter K is the rulebook's shorthand, and
        this screen is where a new player first meets the number (playtest D22)."""
        k = self.model.k
        return ngettext("The Void wins with {k} territory", "The Void wins with {k} territories", k).format(k=k)

    # ---- layout ------------------------------------------------------------------------------------
    def build(self) -> None:
        r = self.app.ui.rect
        self.entries = [text_entry(self, r(480, 160 + i * 52, 240, 40), name, NAME_LIMIT, _("Name"))
                        for i, name in enumerate(self.model.names)]
        self.buttons = {
            "k-": button(self, r(480, 320, 44, 40), "−", lambda: self._k(-1), object_id="#small",
                         tooltip=_("The Void needs fewer territories to win: harder")),
            "k+": button(self, r(640, 320, 44, 40), "+", lambda: self._k(1), object_id="#small",
                         tooltip=_("The Void needs more territories to win: easier")),
            "ties": button(self, r(480, 436, 420, 40), self._ties_text(), self._toggle_ties, object_id="#small"),
        }
        if self.model.mode is GameMode.COOP:
            self.buttons["open"] = button(self, r(480, 386, 420, 40), self._open_text(), self._toggle_open,
                                          object_id="#small")
        button(self, r(908, 652, 150, 48), _("Back"), self.app.stack.pop)
        button(self, r(1070, 652, 170, 48), _("Start game"), self.start, object_id="#primary", enabled=bool(self.maps))

    def _ties_text(self) -> str:
        return (_("Let the game decide the Void's ties: on") if self.model.auto_ties
                else _("Let the game decide the Void's ties: off"))

    def _open_text(self) -> str:
        return (_("Open hands (partners see both hands): on") if self.model.open_hands
                else _("Open hands (partners see both hands): off"))

    # ---- edits -------------------------------------------------------------------------------------
    def _sync_names(self) -> None:
        if self.entries:
            self.model.names = [e.get_text() for e in self.entries]

    def _changed(self) -> None:
        self._sync_names()
        self.error = ""
        self.rebuild()
        self.app.request_redraw()

    def _k(self, delta: int) -> None:
        self.model.step_k(delta)
        self._changed()

    def _toggle_ties(self) -> None:
        self.model.auto_ties = not self.model.auto_ties
        self._changed()

    def _toggle_open(self) -> None:
        self.model.open_hands = not self.model.open_hands
        self._changed()

    def pick_map(self, map_id: str) -> None:
        if map_id in self.maps:
            self.model.map_id = map_id
            self._changed()

    def start(self, seed: int | None = None) -> bool:
        """Validate through the engine and start; on a ConfigError explain it and stay here."""
        from .setup import start_configured

        self._sync_names()
        names = [n.strip() for n in self.model.names]
        missing = next((i for i, n in enumerate(names) if not n), None)
        if missing is not None:
            self.error = _("Player {n} needs a name.").format(n=missing + 1)
        elif len(names) == 2 and names[0].casefold() == names[1].casefold():
            self.error = _("The two partners need different names.")
        if self.error or not self.model.map_id:
            self.error = self.error or _("No map for this mode is installed.")
            self.app.request_redraw()
            return False
        if not start_configured(self, seed):
            return False
        remember(self.app, self.model.mode, of_mode(self.model))
        return True

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.app.stack.pop()
        elif intent.kind is Kind.CONFIRM:
            self.start()
        elif intent.kind is Kind.CLICK and intent.pos is not None:
            hit = self.tiles.hit(self.app.ui, TILES_LEFT, TILES_TOP, intent.pos)
            if hit is not None and hit != self.model.map_id:
                self.pick_map(hit)
        elif intent.kind is Kind.SCROLL and not intent.smooth and self.maps:
            here = self.maps.index(self.model.map_id) if self.model.map_id in self.maps else 0
            self.pick_map(self.maps[(here + (-1 if intent.amount > 0 else 1)) % len(self.maps)])

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        r = ui.rect
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, self.title, (ui.px(40), ui.px(18)), "title", 40, CREAM)
        for rect, title in ((r(*MAP_PANEL), _("Map")), (r(*SIDE_PANEL), _("Players and difficulty"))):
            panel(surface, rect, ui)
            ui.blit_text(surface, title, (rect.x + ui.px(16), rect.y + ui.px(8)), "heading", 24, INK)
        self.tiles.draw(surface, ui, TILES_LEFT, TILES_TOP, self.model.map_id, None)
        top = self.tiles.bottom(ui, TILES_LEFT, TILES_TOP) + ui.px(12)
        details = pygame.Rect(ui.px(56), top, ui.px(364), r(*MAP_PANEL).bottom - ui.px(12) - top)
        board = board_or_none(self.model.map_id)
        draw_map_details(surface, ui, details, board, self.model.map_id, None,
                         vs_void_facts(board) if board is not None else None,
                         vs_void_rule_lines(board) if board is not None else None)
        seats = _("You") if self.model.mode is GameMode.SOLO else _("The two partners (one side)")
        ui.blit_text(surface, seats, (ui.px(480), ui.px(128)), "bold", 16, INK)
        ui.blit_text(surface, self.k_words(), (ui.px(480), ui.px(292)), "bold", 16, INK)
        ui.blit_text(surface, str(self.model.k), (ui.px(582), ui.px(340)), "title", 28, INK, "center")
        m = self.model
        lose = (ngettext("You lose as soon as the Void controls {k} territory. The usual value is {usual}; "
                         "lower is harder.",
                         "You lose as soon as the Void controls {k} territories. The usual value is {usual}; "
                         "lower is harder.", m.k) if m.mode is GameMode.SOLO else
                ngettext("You two lose as soon as the Void controls {k} territory. The usual value is {usual}; "
                         "lower is harder.",
                         "You two lose as soon as the Void controls {k} territories. The usual value is {usual}; "
                         "lower is harder.", m.k))
        lines = [lose.format(k=m.k, usual=DEFAULT_K[m.mode]),

                 _("No feats, no mountains, no points: count territories against the Void."),
                 _("With the game deciding ties, the Void's equal choices follow a fixed rule instead of asking you.")]

        y = ui.px(500)
        for text in lines:
            for line in ui.wrap(text, "body", 15, ui.px(720)):
                ui.blit_text(surface, line, (ui.px(480), y), "body", 15, INK_SOFT)
                y += ui.line_height("body", 15)
        if self.error:
            ui.blit_text(surface, ui.fit(self.error, "bold", 16, ui.px(840)), (ui.px(40), ui.px(664)), "bold", 16,
                         MESSAGE_INK)
