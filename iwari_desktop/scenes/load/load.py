"""Load a saved game: every save listed newest first with map, players, turn and date.

Listing reads only each file's summary (fast, no replay); loading replays the log through the
engine. A damaged, foreign or newer-version file is explained in a dialog naming the file and the
problem, and the file itself is never touched.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from ... import autosaves, storage
from ...i18n import _
from iwari_desktop.engine.files.saves import SaveError
from ..ui.intents import Intent, Kind
from ..ui.dialogs import DialogScene
from ..ui.stack import Scene
from ..ui.look import CREAM, INK, INK_SOFT, TERRACOTTA, panel
from ..ui.widgets import button, set_enabled
from ..ui.words import shown_error

TABLE_INK = (220, 200, 170)   # light ink for words on the wooden table rather than on parchment


def open_save(app, path: Path) -> bool:
    """Replay the save and start playing it; on failure show a dialog and change nothing."""
    from ..campaign.campaign_run import resume_options

    try:
        game = storage.load_save(path)
    except SaveError as error:
        app.stack.push(DialogScene(app, _("This save cannot be loaded"), shown_error(error)))
        return False
    options = resume_options(path, game)   # the autosave of a campaign chapter stays one
    if storage.is_autosave_name(path.name):
        options["autosave_file"] = path      # the game goes on in its own autosave, not in a new one
    app.nav.run("start-game", game, **options)
    return True


def save_name(entry: storage.SaveEntry) -> str:
    """The slot (or autosave, or file) plus the player's own label when it adds something.

    The save screen's default label is "<map>, turn <n>", which the row already shows, so it is
    left out rather than repeating the map and the turn.
    """
    name = entry.slot_name
    label = entry.label
    default = (not label or label in (name, "Autosave", f"Slot {entry.path.stem[5:]}")
               or label.startswith(f"{entry.map_name}, turn")
               or label.startswith(_("{map}, turn {turn}").format(map=entry.map_name, turn="")))
    return name if default else _('{name} "{label}"').format(name=name, label=label)


def entry_text(entry: storage.SaveEntry) -> str:
    """One list row: name, map, players, turn and date, each once; unloadable saves say so here."""
    name = save_name(entry)
    if entry.newer:
        return _("{name} · needs a newer Iwari Desktop · {when}").format(name=name, when=entry.when)
    if entry.damaged:
        problem = entry.problem.split(" (")[0]
        if entry.when == "?":   # no time to tell (a link to nowhere): nothing rather than a question mark
            return _("{name} · damaged: {problem}").format(name=name, problem=problem)
        return _("{name} · damaged: {problem} · {when}").format(name=name, problem=problem, when=entry.when)
    return f"{name} · {entry.map_name} · {', '.join(entry.players)} · {entry.progress} · {entry.when}"


def discardable(entry: storage.SaveEntry) -> bool:
    """An autosave the player may discard here: a file (damaged or not), a link in its place, an empty folder
    that took its name (`autosaves.discard`); a folder with something in it is the player's to look at."""
    if not entry.is_autosave:
        return False
    path = entry.path
    try:
        return path.is_symlink() or path.is_file() or (path.is_dir() and not any(path.iterdir()))
    except OSError:
        return False


class LoadScene(Scene):
    """Every save, or with `choices` only those (Continue with several unfinished games: pick one)."""

    heavy = True  # many large pictures: memory given back when it closes (ui/memory_release.py)

    name = "load"

    def __init__(self, app, choices: list[Path] | None = None) -> None:
        super().__init__(app)
        self.choices = choices
        self.entries: list[storage.SaveEntry] = []
        self.selected: storage.SaveEntry | None = None
        self.list: pygame_gui.elements.UISelectionList | None = None
        self._by_text: dict[str, storage.SaveEntry] = {}

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        listed = storage.list_saves()
        if self.choices is not None:
            listed = [e for e in listed if e.path in self.choices]
        self.entries = [storage.check_save(e) for e in listed]
        if self.selected is not None:   # the same file, as listed now (None if it went meanwhile)
            self.selected = next((e for e in self.entries if e.path == self.selected.path), None)
        self._by_text = {}
        items = []
        for entry in self.entries:
            text = entry_text(entry)
            while text in self._by_text:
                text += " "
            self._by_text[text] = entry
            items.append(text)
        if self.selected is None and self.entries:
            self.selected = self.entries[0]
        current = next((t for t, e in self._by_text.items() if e is self.selected), None)
        self.list_rect = pygame.Rect(ui.px(40), ui.px(90), w - ui.px(80), h - ui.px(330))
        self.list = self.track(pygame_gui.elements.UISelectionList(self.list_rect, items, self.app.manager,
                                                                   default_selection=current))
        if not self.entries:   # the empty list would cover the line that says why it is empty
            self.list.hide()
        self.detail_rect = pygame.Rect(ui.px(40), self.list_rect.bottom + ui.px(14), w - ui.px(80), ui.px(150))
        self.load_button = button(self, pygame.Rect(w - ui.px(220), h - ui.px(66), ui.px(180), ui.px(50)), _("Load"),
                                  self.load, "#primary")
        button(self, pygame.Rect(w - ui.px(410), h - ui.px(66), ui.px(170), ui.px(50)), _("Back"), self.app.stack.pop)
        self.watch_button = button(self, pygame.Rect(w - ui.px(630), h - ui.px(66), ui.px(210), ui.px(50)),
                                   _("Watch the game"), self.watch)
        self.discard_button = button(self, pygame.Rect(w - ui.px(820), h - ui.px(66), ui.px(170), ui.px(50)),
                                     _("Discard"), self.ask_discard,
                                     tooltip=_("Delete this autosave for good (after you confirm)"))
        self._enable_buttons()

    def _enable_buttons(self) -> None:
        chosen = self.selected
        set_enabled(self.load_button, chosen is not None)
        set_enabled(self.watch_button, chosen is not None and not chosen.damaged)
        set_enabled(self.discard_button, chosen is not None and discardable(chosen))

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.ui_element is not self.list:
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            self.selected = self._by_text.get(event.text)
            if self.load_button is not None:
                self._enable_buttons()
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self.selected = self._by_text.get(event.text)
            self.load()

    def select(self, path: Path) -> None:
        """Select the save at `path` (as a click on its row would)."""
        for entry in self.entries:
            if entry.path == path:
                self.selected = entry
        self.rebuild()

    def load(self) -> bool:
        if self.selected is None:
            return False
        return open_save(self.app, self.selected.path)

    def ask_discard(self) -> None:
        """Discarding an autosave throws a game away: only after the player confirms, naming the game."""
        entry = self.selected
        if entry is None or not entry.is_autosave:
            return
        what = entry_text(entry)
        if entry.path.is_symlink():
            detail = _("{game}: the link is removed; the file it points to is not touched.").format(game=what)
        elif not entry.is_file:
            detail = _("{game}: the empty folder is removed.").format(game=what)
        else:
            detail = (_("{game} is deleted for good. The campaign chapter in it can no longer be resumed.")
                      if entry.chapter is not None and not entry.recorded and not entry.damaged else
                      _("{game} is deleted for good.")).format(game=what)
        self.app.nav.push("confirm", _("Discard this autosave?"), detail, _("Discard"),
                          lambda: self.discard(entry))

    def discard(self, entry: storage.SaveEntry) -> bool:
        """Delete the autosave (the player confirmed); a dialog if the folder refuses."""
        try:
            autosaves.discard(entry.path)
        except (OSError, autosaves.NotAnAutosave) as error:
            reason = getattr(error, "strerror", None) or error
            self.app.stack.push(DialogScene(self.app, _("This autosave cannot be discarded"),
                                            _("{file}: {reason}").format(file=entry.file_name, reason=reason)))
            return False
        if self.choices is not None:
            self.choices = [path for path in self.choices if path != entry.path]
        self.selected = None
        self.rebuild()
        return True

    def watch(self) -> bool:
        """Watch the selected save from its first move (read-only: the save is not opened for play)."""
        if self.selected is None:
            return False
        try:
            game = storage.load_save(self.selected.path)
        except SaveError as error:
            self.app.stack.push(DialogScene(self.app, _("This save cannot be watched"), shown_error(error)))
            return False
        self.app.nav.run("watch", game, save_name(self.selected))
        return True

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.app.stack.pop()
        elif intent.kind is Kind.CONFIRM:
            self.load()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        surface.blit(self.app.background(), (0, 0))
        title = _("Load game") if self.choices is None else _("Continue: choose a game")
        heading = ui.blit_text(surface, title, (ui.px(40), ui.px(18)), "title", 40, CREAM)
        # the folder sits in the header, right of the title: the row of buttons leaves no room for a long path
        right = surface.get_width() - ui.px(40)
        folder = ui.fit(_("Saves folder: {folder}").format(folder=storage.saves_dir()), "body", 13,
                        right - heading.right - ui.px(40))
        ui.blit_text(surface, folder, (right, heading.centery), "body", 13, TABLE_INK, "midright")
        if not self.entries:
            # on the wooden table (the empty list is hidden): the folder line's light ink, not the parchment's
            ui.blit_text(surface, _("No saved games yet. Games are autosaved after every turn."),
                         self.list_rect.center, "italic", 18, TABLE_INK, "center")
        panel(surface, self.detail_rect, ui)
        e = self.selected
        x, y = self.detail_rect.x + ui.px(18), self.detail_rect.y + ui.px(12)
        if e is None:
            ui.blit_text(surface, _("Select a save above."), (x, y), "body", 16, INK_SOFT)
            return
        ui.blit_text(surface, ui.fit(save_name(e), "title", 24, self.detail_rect.w - ui.px(36)), (x, y), "title", 24, INK)
        y += ui.px(34)
        if e.damaged:
            head = _("Made by a newer Iwari Desktop: update the game to load it.") if e.newer else \
                _("This file cannot be loaded:")
            ui.blit_text(surface, head, (x, y), "bold", 15, TERRACOTTA)
            for line in ui.wrap(shown_error(e.error or ""), "body", 15, self.detail_rect.w - ui.px(36))[:3]:
                y += ui.line_height("body", 15)
                ui.blit_text(surface, line, (x, y), "body", 15, INK_SOFT)
            return
        state = _("Finished game") if e.over else (_("Round {round}").format(round=e.round) if e.round else
                                                   _("Turn {turn}").format(turn=e.turn))
        rows = [_("Map: {map}").format(map=e.map_name), _("Players: {players}").format(players=", ".join(e.players)),
                _("{state} · saved {when} · {file}").format(state=state, when=e.when, file=e.file_name)]

        for row in rows:
            ui.blit_text(surface, row, (x, y), "body", 16, INK)
            y += ui.px(24)
