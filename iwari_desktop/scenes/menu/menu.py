"""The main menu: title art and the ways in, in two equal columns (playing first; learning, settings, rules
and quit after)."""

from __future__ import annotations

import math
import random

import pygame
import pygame_gui

from ... import __version__, autosaves
from ...i18n import N_, _, pgettext
from ...art.palette import BIOME_COLOURS, TRIBE_COLOURS, shade
from ..ui.stack import Scene
from ..ui.dialogs import ConfirmScene
from ..ui.intents import Intent, Kind
from ..ui.look import CREAM, GOLD_LIGHT


def title_landscape(size: tuple[int, int]) -> pygame.Surface:
    """Dusk over five biomes: a warm sky, a sun, layered hills, tents and a totem on the ridge."""
    w, h = size
    top, mid, low = (48, 30, 52), (196, 104, 62), (246, 190, 110)
    column = pygame.Surface((1, 256))
    for y in range(256):
        t = y / 256
        colour = [round(a + (b - a) * min(1, t / 0.55)) for a, b in zip(top, mid)] if t < 0.55 else \
            [round(a + (b - a) * min(1, (t - 0.55) / 0.25)) for a, b in zip(mid, low)]
        column.set_at((0, y), colour)
    surf = pygame.transform.smoothscale(column, (w, h)) if w > 1 else pygame.Surface(size)
    sun = pygame.Surface(size, pygame.SRCALPHA)
    for r, a in ((0.2, 30), (0.14, 50), (0.09, 255)):
        pygame.draw.circle(sun, (255, 226, 150, a), (w * 0.68, h * 0.62), h * r)
    surf.blit(sun, (0, 0))
    rng = random.Random(11)
    layers = ("glaciers", "tundra", "forest", "coast", "desert")
    for i, key in enumerate(layers):
        base = h * (0.62 + i * 0.075)
        colour = shade(BIOME_COLOURS[key]["base"], 0.55 + i * 0.1)
        phase, amp = rng.uniform(0, 6), h * (0.05 - i * 0.006)
        pts = [(0, h)]
        for x in range(0, w + 24, 24):
            y = base - amp * math.sin(x / w * (3 + i) + phase) - amp * 0.4 * math.sin(x / w * 11 + phase * 2)
            pts.append((x, y))
        pts.append((w, h))
        pygame.draw.polygon(surf, colour, pts)
        if i == 2:
            ridge = pts
    # tents and a totem on the forest ridge, in the five tribe colours
    for j, colour in enumerate(("red", "green", "blue", "yellow", "orange")):
        x = w * (0.16 + j * 0.045)
        y = min(p[1] for p in ridge if abs(p[0] - x) < 24) + 2
        s = h * 0.035
        pygame.draw.polygon(surf, shade(TRIBE_COLOURS[colour], 0.8), [(x, y - s), (x + s * 0.8, y + 2), (x - s * 0.8, y + 2)])
        pygame.draw.polygon(surf, (30, 18, 12), [(x, y - s * 0.35), (x + s * 0.2, y + 2), (x - s * 0.2, y + 2)])
    tx = w * 0.80  # right of the button column at every aspect ratio, so it never pokes between buttons
    ty = min(p[1] for p in ridge if abs(p[0] - tx) < 24)
    for k in range(3):
        pygame.draw.rect(surf, shade((150, 100, 58), 0.8 + 0.1 * k), (tx - h * 0.01, ty - h * 0.03 * (k + 1), h * 0.02, h * 0.03))
    return surf


# every way in, in reading order: the first half fills the left column, the rest the right one, and with an odd
# count the last entry (Quit) stands centred under both. One list, so a new entry (e.g. "Play online") goes
# where it belongs in the order and the columns stay even — nobody balances two tuples by hand (issue #34)
MENU_ENTRIES: tuple[tuple[str, str], ...] = (
    ("new", N_("New game")), ("continue", N_("Continue")), ("load", N_("Load game")), ("solo", N_("Solo")),
    ("coop", N_("Co-op")), ("campaign", N_("Campaign")), ("online", N_("Play online")),
    ("learn", N_("Learn to play")),
    ("history", N_("History & statistics")), ("settings", N_("Settings")), ("rules", N_("Rules")), ("quit", N_("Quit")))


def menu_places(count: int, centre_x: int, top: int, width: int, height: int, gap: int) -> list[pygame.Rect]:
    """Where the `count` buttons go: two columns of `count // 2` each (left first, top down), and with an odd
    count the last one centred under them — never a button alone in one column."""
    rows = count // 2
    places = []
    for index in range(2 * rows):
        column, row = divmod(index, rows)
        x = centre_x - gap - width if column == 0 else centre_x + gap
        places.append(pygame.Rect(x, top + row * (height + gap), width, height))
    if count % 2:
        places.append(pygame.Rect(centre_x - width // 2, top + rows * (height + gap), width, height))
    return places


def continue_note(saved: list) -> str:
    """Why Continue is greyed out, naming every autosave that cannot be loaded (one line each, "\n" between):
    with four damaged files the note used to name the newest only, and the player looked for one problem."""
    damaged = [entry for entry in saved if entry.damaged]
    if not damaged:
        return ""

    def reason(entry) -> str:
        return _("needs a newer Iwari Desktop") if entry.newer else entry.problem.split(" (")[0]

    if len(damaged) == 1:
        entry = damaged[0]
        return (_("The autosave needs a newer Iwari Desktop.") if entry.newer else
                _("The autosave cannot be loaded: {problem}.").format(problem=reason(entry)))
    lines = [_("No autosave can be loaded ({count} files; Load game can discard them):").format(count=len(damaged))]
    lines += [_("• {file}: {problem}").format(file=entry.file_name, problem=reason(entry))
              for entry in damaged[:MAX_NOTED]]
    if len(damaged) > MAX_NOTED:
        lines.append(_("• and {count} more (see Load game)").format(count=len(damaged) - MAX_NOTED))
    return "\n".join(lines)


MAX_NOTED = 6   # damaged autosaves the Continue note names one by one (the rest: Load game lists them)


class MenuScene(Scene):
    name = "menu"
    music = "menu"   # the setup, campaign and other screens opened over the menu keep its calm loop
    rebuilds_on_resume = True  # see `resume`

    def __init__(self, app) -> None:
        super().__init__(app)
        self._art: pygame.Surface | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.continue_note = ""               # why Continue is greyed out (a damaged or newer autosave)
        self.continue_targets: list = []      # the autosaves Continue offers (autosaves.continue_targets)
        self.continue_rect: pygame.Rect | None = None

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        bw, bh, gap = ui.px(300), ui.px(44), ui.px(9)
        self.continue_rect = None
        saved = autosaves.list_autosaves()
        self.continue_targets = autosaves.continue_targets(saved)
        # the online tables still open that this computer sat at: with no unfinished game here Continue rejoins the
        # newest; with one, Continue asks which (continue_choice.py), so both are reached from here
        self.table_choices = list(self.app.nav.run("online-remembered") or [])
        unfinished = bool(autosaves.unfinished(self.continue_targets))
        self.online_continue = bool(self.table_choices) and not unfinished
        can_continue = bool(self.continue_targets) or self.online_continue
        self.continue_note = continue_note(saved) if not can_continue else ""
        # two columns, so every way in fits under the title at 720 px
        places = menu_places(len(MENU_ENTRIES), w // 2, int(h * 0.355), bw, bh, gap)
        for (key, label), place in zip(MENU_ENTRIES, places):
            # "Continue" the saved game, not "go on" as on the board: German says "Fortsetzen" here
            text = pgettext("menu", "Continue") if key == "continue" else _(label)
            button = self.track(pygame_gui.elements.UIButton(
                place, text, self.app.manager, object_id=pygame_gui.core.ObjectID(object_id="#menu_button")))
            if key == "continue" and not can_continue:
                button.disable()
                self.continue_rect = pygame.Rect(button.rect)
            self.buttons[key] = button

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        for key, button in self.buttons.items():
            if event.ui_element is button:
                self.choose(key)

    def choose(self, key: str) -> None:
        app = self.app
        if key == "learn":
            app.nav.run("tutorial")
        elif key == "new":
            app.nav.push("setup")
        elif key in ("solo", "coop"):
            from iwari_desktop.engine.core.config import GameMode

            app.nav.push("setup-mode", GameMode(key))
        elif key == "campaign":
            app.nav.push("profiles")
        elif key == "online":
            app.nav.push("online")
        elif key == "continue" and getattr(self, "online_continue", False):
            app.nav.run("continue-online")   # no unfinished game here: back to the table joined last
        elif key == "continue" and getattr(self, "table_choices", None):
            app.nav.push("continue-choice", self.continue_choices())
        elif key == "continue":
            self.continue_here()
        elif key == "load":
            app.nav.push("load")
        elif key == "history":
            app.nav.push("history")
        elif key == "settings":
            app.nav.push("settings")
        elif key == "rules":
            app.nav.push("rules")
        elif key == "quit":
            app.quit()  # a deliberate click; only the easy-to-hit Esc asks first

    def continue_here(self) -> None:
        """Continue the game(s) at this computer: one opens at once, several are listed to pick from."""
        app = self.app
        targets = [entry.path for entry in self.continue_targets]
        if len(targets) > 1:       # several unfinished games: the player picks one
            app.nav.push("load", choices=targets)
        elif targets and not app.nav.run("continue-chapter", targets[0]):   # a recorded chapter: its journey
            app.nav.run("open-save", targets[0])

    def continue_choices(self) -> list:
        """The game at this computer and each open online table, newest first (Continue's question)."""
        from .continue_choice import Choice

        newest = self.continue_targets[0]
        if len(self.continue_targets) > 1:
            title = _("A game at this computer ({count} unfinished)").format(count=len(self.continue_targets))
        else:
            title = _("The game at this computer")
        detail = " · ".join(part for part in (newest.map_name, ", ".join(newest.players), newest.progress,
                                               newest.when) if part)
        dated = [(newest.sort_key, Choice(title, detail, self.continue_here))]
        dated += [(table.last_seen, Choice(table.title, table.detail, table.open)) for table in self.table_choices]
        return [choice for _when, choice in sorted(dated, key=lambda pair: -pair[0])]

    def confirm_quit(self) -> None:
        """Esc asks first: a stray Esc on the menu must not close the game."""
        self.app.stack.push(ConfirmScene(self.app, _("Quit Iwari Desktop?"), _("Your games are saved."), _("Quit"),
                                            self.app.quit))

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.confirm_quit()
        elif intent.kind is Kind.CONFIRM and self.buttons.get("continue") and self.buttons["continue"].is_enabled:
            self.choose("continue")

    def resume(self) -> None:
        self.rebuild()  # the autosave may have appeared meanwhile
        super().resume()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        size = surface.get_size()
        if self._art is None or self._art.get_size() != size:
            # drawn from nothing but the size: kept in the App's shape store (every App of a test worker shares one)
            self._art = self.app.shapes.picture(("title_landscape", size), lambda: title_landscape(size))
        surface.blit(self._art, (0, 0))
        w, h = size
        title = ui.text("IWARI", "title", 120, CREAM)
        shadow = ui.text("IWARI", "title", 120, (40, 20, 14))
        spacing = title.get_rect(midtop=(w // 2, int(h * 0.06)))
        surface.blit(shadow, spacing.move(ui.px(4), ui.px(5)))
        surface.blit(title, spacing)
        ui.blit_text(surface, _("Tribes · Tents · Totems"), (w // 2, spacing.bottom - ui.px(6)), "heading", 26,
                     GOLD_LIGHT, "midtop")
        if self.continue_note and getattr(self, "continue_rect", None) is not None:
            r = self.continue_rect
            width = min(ui.px(300), r.left - ui.px(40))  # left of the grid: the right column is beside it
            lines = [line for part in self.continue_note.split("\n") for line in ui.wrap(part, "body", 13, width)]
            room = min(r.centery - ui.px(10), surface.get_height() - ui.px(40) - r.centery)   # above the footer
            lines = lines[:max(4, room * 2 // ui.line_height("body", 13))]
            line_h = ui.line_height("body", 13)
            box = pygame.Rect(r.left - ui.px(12) - width - ui.px(16), r.centery - len(lines) * line_h // 2 - ui.px(6),
                              width + ui.px(16), len(lines) * line_h + ui.px(12))
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((30, 18, 12, 190))
            surface.blit(shade, box)
            y = box.y + ui.px(6)
            for line in lines:
                ui.blit_text(surface, line, (box.x + ui.px(8), y), "body", 13, CREAM)
                y += line_h
        ui.blit_text(surface, _("Iwari Desktop {version}").format(version=__version__), (w - ui.px(12), h - ui.px(8)), "body", 13,
                     (240, 220, 190), "bottomright")
        keys = _("M: sound back on · F11: full screen") if self.app.settings.muted else _(
            "M: mute all sound · F11: full screen")   # the keys that work on every screen
        ui.blit_text(surface, keys, (ui.px(12), h - ui.px(8)), "body", 13, (240, 220, 190), "bottomleft")
