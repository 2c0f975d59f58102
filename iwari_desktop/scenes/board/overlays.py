"""Scenes drawn over the board: the handoff screen, the pause menu, save slots, announcements.

(The message and yes/no dialogs every screen uses are in `scenes/ui/dialogs.py`.)
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from ... import storage
from ...audio import Happening
from ...i18n import _, ngettext
from .controller import GameController
from ..ui.intents import Intent, Kind
from ..ui.stack import Scene
from . import handoff_news as news
from .narration import EVENT, Announcement
from ..ui.look import CREAM, GOLD, GOLD_LIGHT, INK, INK_SOFT, dim, panel, tribe_rgb
from ..ui.widgets import button, label, text_entry
from ..ui.dialogs import ConfirmScene, DialogScene
from ..ui.words import localized


class HandoffOverlay(Scene):
    """Pass-and-play privacy: covers the board until the next player confirms they hold the computer.

    The board underneath draws no hand while the controller still needs this handoff, and this
    overlay draws none either, so no hand is visible for a single frame in between.
    """

    opaque = False
    name = "handoff"

    def __init__(self, app, controller: GameController) -> None:
        super().__init__(app)
        self.controller = controller
        self.art = app.piece_art  # one set of piece pictures per app

    @property
    def player(self) -> str:
        return self.controller.tribe_name(self.controller.state.active_seat)

    def _texts(self) -> tuple[str, str]:
        state = self.controller.state
        if state.phase.value == "draft":
            sub = _("{player}, take the computer to draft your starting hand.").format(player=self.player)
        else:
            sub = _("{player}, take the computer for your turn {turn}.").format(
                player=self.player, turn=self.controller.own_turn(state.active_seat))
        return sub, _("Your hand stays hidden until you press the button below (or Enter).")

    def layout(self) -> dict[str, object]:
        """Every element's place, stacked from measured text heights so nothing can overlap.

        Used by `build` (the button) and `draw` (the text), so both agree at any window size.
        """
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        width = ui.px(600)
        inner = width - ui.px(80)
        sub, hint = self._texts()
        title = ui.fit(_("Pass to {player}").format(player=self.player), "title", 36, inner)
        sub_lines = ui.wrap(sub, "body", 17, inner)
        hint_lines = ui.wrap(hint, "body", 15, inner)
        y = ui.px(18)
        tent_top = y
        y += ui.px(64) + ui.px(10)
        rule_y = y
        y += ui.px(8)
        title_y = y
        y += ui.line_height("title", 36) + ui.px(4)
        sub_y = y
        y += len(sub_lines) * ui.line_height("body", 17)
        hint_y = y + ui.px(4)
        y = hint_y + len(hint_lines) * ui.line_height("body", 15) + ui.px(18)
        button_y = y
        y += ui.px(54)
        meanwhile_y = y + ui.px(20)
        # the entries get the rows left in the window (the card stays inside it), at most `MAX_ROWS`
        line_h = ui.line_height("body", news.SIZE)
        head_h = ui.line_height("bold", 14) + ui.px(4)
        note_h = ui.line_height("italic", 13)
        free = h - ui.px(16) - (meanwhile_y + head_h + note_h + ui.px(22))
        told = news.meanwhile(self.controller, ui, inner - ui.px(20), max(1, min(news.MAX_ROWS, free // line_h)))
        shown = told.total - told.earlier
        note = ngettext("The newest move in full:", "The newest {n} moves in full:", shown).format(n=shown) \
            if told.earlier else ""
        if told.total:
            y = (meanwhile_y + head_h + (note_h if note else 0)
                 + (len(told.summaries) + len(told.rows)) * line_h)
        y += ui.px(22)
        card = pygame.Rect(0, 0, width, y)
        card.center = (w // 2, h // 2)
        card.top = max(ui.px(8), card.top)
        button_rect = pygame.Rect(0, 0, ui.px(380), ui.px(54))
        button_rect.midtop = (card.centerx, card.y + button_y)
        log_text = _("Whole log (L)")
        log_rect = pygame.Rect(0, 0, ui.text_width(log_text, "bold", 13) + ui.px(28), head_h + ui.px(6))
        log_rect.topright = (card.right - ui.px(40), card.y + meanwhile_y - ui.px(5))
        heading = ngettext("Since your last turn: {n} move", "Since your last turn: {n} moves", told.total).format(
            n=told.total)
        return {"card": card, "tent": card.y + tent_top, "rule": card.y + rule_y, "title": (title, card.y + title_y),
                "sub": (sub_lines, card.y + sub_y), "hint": (hint_lines, card.y + hint_y), "button": button_rect,
                "recent": (told, card.y + meanwhile_y), "heading": heading, "note": note,
                "log": (log_text, log_rect) if told.earlier else None}

    def build(self) -> None:
        ui = self.app.ui
        at = self.layout()
        rect: pygame.Rect = at["button"]  # type: ignore[assignment]
        room = rect.w - ui.px(28) - ui.font("bold", 18).size(_("I am {player}: show my hand").format(player=""))[0]
        button(self, rect, _("I am {player}: show my hand").format(player=ui.fit(self.player, 'bold', 18, room)),
               self.confirm, "#primary")
        if at["log"] is not None:  # entries left out: the whole log is one click (or L) away
            text, log_rect = at["log"]  # type: ignore[misc]
            button(self, log_rect, text, self.open_log, "#small", _("Every move of this game; your hand stays hidden"))

    def open_log(self) -> None:
        """The game log over the side panel, opened at "Since your last turn" of the player taking the computer
        (public moves only: no hand is shown while the handoff waits)."""
        board = self.app.stack.scenes[-2] if len(self.app.stack.scenes) > 1 else None
        if self.app.stack.top is self and hasattr(board, "open_log"):
            board.open_log()

    def confirm(self) -> None:
        if self.controller.accept_handoff():
            self.app.audio.hear(Happening.YOUR_TURN)
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CONFIRM:
            self.confirm()
        elif intent.kind is Kind.LOG:
            self.open_log()
        elif intent.kind is Kind.CANCEL:
            board = self.app.stack.scenes[-2] if len(self.app.stack.scenes) > 1 else None
            self.app.stack.push(PauseOverlay(self.app, board))

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface, 215)
        if covered(self):
            return  # a menu is open on top: only the dimmed board shows through, no text under its panel
        at = self.layout()
        card: pygame.Rect = at["card"]  # type: ignore[assignment]
        panel(surface, card, ui)
        state = self.controller.state
        colour = state.tribes[state.active_seat].colour.value
        tent = self.art.tent(colour, ui.px(64))
        surface.blit(tent, tent.get_rect(midtop=(card.centerx, at["tent"])))
        rule_y: int = at["rule"]  # type: ignore[assignment]
        pygame.draw.line(surface, tribe_rgb(colour), (card.x + ui.px(40), rule_y), (card.right - ui.px(40), rule_y),
                         max(2, ui.px(3)))
        title, title_y = at["title"]  # type: ignore[misc]
        ui.blit_text(surface, title, (card.centerx, title_y), "title", 36, INK, "midtop")
        for key, size in (("sub", 17), ("hint", 15)):
            lines, y = at[key]  # type: ignore[misc]
            for line in lines:
                ui.blit_text(surface, line, (card.centerx, y), "body", size, INK_SOFT, "midtop")
                y += ui.line_height("body", size)
        told, y = at["recent"]  # type: ignore[misc]
        if not told.total:
            return
        ui.blit_text(surface, at["heading"], (card.x + ui.px(40), y), "bold", 14, INK)
        y += ui.line_height("bold", 14) + ui.px(4)
        line_h = ui.line_height("body", news.SIZE)
        for summary in told.summaries:  # the earlier entries in short, a line per player
            self._dot(surface, card.x + ui.px(48), y + line_h // 2, summary.seat)
            ui.blit_text(surface, news.summary_text(self.controller, summary), (card.x + ui.px(60), y), "body",
                         news.SIZE, INK)
            y += line_h
        if at["note"]:
            ui.blit_text(surface, at["note"], (card.x + ui.px(40), y), "italic", 13, INK_SOFT)
            y += ui.line_height("italic", 13)
        for tribe, text in told.rows:
            if tribe is not None:
                self._dot(surface, card.x + ui.px(48), y + line_h // 2, tribe)
            ui.blit_text(surface, text, (card.x + ui.px(60), y), "body", news.SIZE, INK_SOFT)
            y += line_h

    def _dot(self, surface: pygame.Surface, x: int, y: int, tribe: int) -> None:
        """The tribe's colour before its line (gold for an event of the game)."""
        state = self.controller.state
        dot = GOLD if tribe == EVENT else tribe_rgb(state.tribes[tribe].colour.value)
        pygame.draw.circle(surface, dot, (x, y), self.app.ui.px(5))


def covered(scene: Scene) -> bool:
    """True when a scene that hides the widgets below (a menu, the save screen) sits above `scene`."""
    stack = scene.app.stack.scenes
    above = stack[stack.index(scene) + 1:] if scene in stack else []
    return any(s.hides_below_ui for s in above)


# lines the pause menu keeps for what it says about the autosave (an error names its folder)
PAUSE_NOTE_LINES = 3


class PauseOverlay(Scene):
    opaque = False
    name = "pause"

    def __init__(self, app, board) -> None:
        super().__init__(app)
        self.board = board

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        bw, bh, gap = ui.px(300), ui.px(48), ui.px(10)
        items = self.items()
        note_h = PAUSE_NOTE_LINES * ui.line_height("body", 14) + ui.px(14)
        top = h // 2 - (len(items) * (bh + gap) + note_h) // 2 + ui.px(30)
        for i, (text, command) in enumerate(items):
            button(self, pygame.Rect(w // 2 - bw // 2, top + i * (bh + gap), bw, bh), text, command,
                   "#primary" if i == 0 else "#menu_button")
        # the note about the autosave sits inside the panel, below the buttons, wide enough for a folder
        pw = max(bw + ui.px(60), min(w - ui.px(40), ui.px(620)))
        self._panel = pygame.Rect(w // 2 - pw // 2, top - ui.px(70), pw,
                                  len(items) * (bh + gap) + ui.px(90) + note_h)
        self._note_top = top + len(items) * (bh + gap) + ui.px(4)

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        """The menu's entries, top down (the first is the primary one). The online table's menu
        (scenes/online/online_pause.py) offers its own, on the same panel."""
        items: list[tuple[str, Callable[[], None]]] = [(_("Resume"), self.resume_game)]
        if getattr(self.board, "controller", None) is not None:
            items.append((_("Save game"), self.save))
        leave = _("Back to the campaign") if getattr(self.board, "campaign", None) is not None else _("Quit to menu")
        items += [(_("Load game"), self.load), (_("Settings"), self.settings), (_("Rules"), self.rules),
                  (leave, self.quit_to_menu)]
        return items

    def title(self) -> str:
        return _("Paused")

    def note(self) -> str:
        """The lines under the buttons (the autosave here; what happens to the table online)."""
        return self.autosave_note()

    def resume_game(self) -> None:
        self.app.stack.pop()

    def save(self) -> None:
        self.app.stack.push(SaveOverlay(self.app, self.board.controller))

    def load(self) -> None:
        self.app.nav.push("load")

    def settings(self) -> None:
        self.app.nav.push("settings")

    def rules(self) -> None:
        self.app.nav.push("rules")

    def quit_to_menu(self) -> None:
        """To the main menu; a campaign chapter goes back to its journey (where the player came from)."""
        run = getattr(self.board, "campaign", None)
        if run is not None:
            self.app.nav.run("back-to-journey", run)
            return
        self.app.nav.reset("menu")

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.resume_game()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface, 170)
        if covered(self):
            return  # the save screen (or another menu) is on top: draw nothing that could show through it
        panel(surface, self._panel, ui, fill=(72, 50, 34), border=GOLD_LIGHT)
        ui.blit_text(surface, self.title(), (self._panel.centerx, self._panel.y + ui.px(14)), "title", 34, CREAM,
                     "midtop")
        y = self._note_top
        width = self._panel.w - ui.px(40)
        for line in ui.wrap(self.note(), "body", 14, width)[:PAUSE_NOTE_LINES]:
            ui.blit_text(surface, ui.fit(line, "body", 14, width), (self._panel.centerx, y), "body", 14, CREAM,
                         "midtop")
            y += ui.line_height("body", 14)

    def autosave_note(self) -> str:
        """What the pause menu says about the autosave: the truth, including a failing one and where."""
        error = getattr(self.board, "autosave_error", None)
        if error:
            return f"{error}"
        controller = getattr(self.board, "controller", None)
        if getattr(controller, "autosave", None) is None:
            return _("This game is not autosaved: use Save game to keep it.")
        if controller.over:
            return _("The game is over; the autosave keeps its final table (in {folder}).").format(
                folder=storage.saves_dir())
        return _("Your game is autosaved after every turn (in {folder}).").format(folder=storage.saves_dir())


class SaveOverlay(Scene):
    """Manual save slots: pick a slot, name it, save (atomic write; the autosave is separate)."""

    opaque = False
    name = "save"

    def __init__(self, app, controller: GameController) -> None:
        super().__init__(app)
        self.controller = controller
        self.occupants = self._occupants()
        self.slot = self.default_slot()
        self.list: pygame_gui.elements.UISelectionList | None = None
        self.entry: pygame_gui.elements.UITextEntryLine | None = None

    def _occupants(self) -> dict[int, str]:
        """What each used slot holds: "same" (this very game, earlier or later), "other", or "damaged"."""
        from iwari_desktop.engine.files.saves import SaveError, read_save_data

        own = self.controller.game.config.to_json()
        out: dict[int, str] = {}
        for slot in range(1, storage.SLOT_COUNT + 1):
            path = storage.slot_path(slot)
            if not path.exists():
                continue
            try:
                data = read_save_data(path)
            except (SaveError, OSError):
                out[slot] = "damaged"
                continue
            out[slot] = "same" if isinstance(data, dict) and data.get("setup") == own else "other"
        return out

    def default_slot(self) -> int:
        """The game's own slot if it has one, else the first empty slot; slot 1 only if all hold other games."""
        for slot in range(1, storage.SLOT_COUNT + 1):
            if self.occupants.get(slot) == "same":
                return slot
        for slot in range(1, storage.SLOT_COUNT + 1):
            if slot not in self.occupants:
                return slot
        return 1

    def _items(self) -> list[str]:
        items = []
        for slot in range(1, storage.SLOT_COUNT + 1):
            path = storage.slot_path(slot)
            if slot in self.occupants:
                e = storage.describe_save(path)
                text = _("Slot {slot}: damaged file").format(slot=slot) if e.damaged else \
                    _("Slot {slot}: {title} · {map} · turn {turn} · {when}").format(
                        slot=slot, title=e.title, map=e.map_name, turn=e.turn, when=e.when)
                if self.occupants[slot] == "same":
                    text = _("{slot} (this game)").format(slot=text)
            else:
                text = _("Slot {slot}: empty").format(slot=slot)
            items.append(text)
        return items

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        self._panel = pygame.Rect(0, 0, ui.px(640), ui.px(470))
        self._panel.center = (w // 2, h // 2)
        x, y = self._panel.x + ui.px(24), self._panel.y + ui.px(64)
        items = self._items()
        self.list = self.track(pygame_gui.elements.UISelectionList(
            pygame.Rect(x, y, ui.px(592), ui.px(230)), items, self.app.manager, default_selection=items[self.slot - 1]))
        state = self.controller.state
        default = _("{map}, turn {turn}").format(map=state.board.name, turn=state.turn)
        label(self, pygame.Rect(x, y + ui.px(240), ui.px(300), ui.px(30)), _("Name of this save:"), "#ink_label")
        self.entry = text_entry(self, pygame.Rect(x, y + ui.px(272), ui.px(592), ui.px(42)), default, 40)
        button(self, pygame.Rect(self._panel.right - ui.px(364), self._panel.bottom - ui.px(68), ui.px(160), ui.px(48)),
               _("Back"), self.app.stack.pop)
        button(self, pygame.Rect(self._panel.right - ui.px(194), self._panel.bottom - ui.px(68), ui.px(170), ui.px(48)),
               _("Save here"), self.save, "#primary")

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.slot = int(event.text.split(":")[0].split()[1])

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.app.stack.pop()
        elif intent.kind is Kind.CONFIRM:
            self.save()

    def save(self) -> bool:
        """Save to the chosen slot; a slot holding a different game is only overwritten after a yes."""
        kind = self.occupants.get(self.slot)
        if kind in ("other", "damaged"):
            detail = (_("Slot {slot} holds a damaged file; saving here replaces it for good.") if kind == "damaged"
                      else _("Slot {slot} holds a different game; saving here replaces it for good."))
            self.app.stack.push(ConfirmScene(self.app, _("Overwrite slot {slot}?").format(slot=self.slot),
                                             detail.format(slot=self.slot), _("Overwrite"), self.write))
            return False
        return self.write()

    def write(self) -> bool:
        name = self.entry.get_text().strip() if self.entry else ""
        try:
            storage.write_slot(self.controller.game, self.slot, name)
        except OSError as error:
            self.app.stack.push(DialogScene(self.app, _("Could not save"), _("Slot {slot}: {reason}").format(
                slot=self.slot, reason=localized(storage.disk_reason(error)))))
            return False
        self.controller.notify(_("Game saved to slot {slot} ({name}).").format(slot=self.slot, name=name) if name
                               else _("Game saved to slot {slot}.").format(slot=self.slot))
        self.app.stack.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface, 170)
        panel(surface, self._panel, ui)
        ui.blit_text(surface, _("Save game"), (self._panel.x + ui.px(24), self._panel.y + ui.px(14)), "title", 30, INK)


class AnnouncementOverlay(Scene):
    """A big event every player should see (the deck ran out, the journey is ending): stays until acknowledged.

    Only a click on its button or Enter closes it; Esc and clicks elsewhere do nothing, so nobody
    skips it by accident. The same words stay in Recent moves. In watch mode (no person at the table)
    it closes by itself after `linger` seconds.
    """

    opaque = False
    name = "announcement"

    def __init__(self, app, note: Announcement, linger: float | None = None) -> None:
        super().__init__(app)
        self.note = note
        self.linger = linger
        self.shown_for = 0.0

    def update(self, dt: float) -> bool:
        if self.linger is None or self.app.stack.top is not self:
            return False  # time under the pause menu does not count
        self.shown_for += dt
        if self.shown_for >= self.linger:
            self.acknowledge()
            return True
        return False

    @property
    def animating(self) -> bool:
        return self.linger is not None

    def layout(self) -> tuple[pygame.Rect, list[str], pygame.Rect]:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        width = ui.px(620)
        lines = ui.wrap(self.note.body, "body", 17, width - ui.px(64))
        height = (ui.px(24) + ui.line_height("title", 32) + ui.px(10) + len(lines) * ui.line_height("body", 17)
                  + ui.px(24) + ui.px(52) + ui.px(24))
        card = pygame.Rect(0, 0, width, height)
        card.center = (w // 2, h // 2)
        button_rect = pygame.Rect(0, 0, ui.px(260), ui.px(52))
        button_rect.midbottom = (card.centerx, card.bottom - ui.px(24))
        return card, lines, button_rect

    def build(self) -> None:
        button(self, self.layout()[2], _("Understood (Enter)"), self.acknowledge, "#primary")

    def acknowledge(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CONFIRM:
            self.acknowledge()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface, 170)
        card, lines, _button = self.layout()
        panel(surface, card, ui, border=GOLD)
        y = card.y + ui.px(24)
        title = ui.fit(self.note.title, "title", 32, card.w - ui.px(64))
        ui.blit_text(surface, title, (card.centerx, y), "title", 32, INK, "midtop")
        y += ui.line_height("title", 32) + ui.px(10)
        for line in lines:
            ui.blit_text(surface, line, (card.centerx, y), "body", 17, INK_SOFT, "midtop")
            y += ui.line_height("body", 17)


def game_in_progress(app) -> bool:
    """True while a board with an unfinished game is open (closing the window would cut a turn short)."""
    board = app.nav.find("board")
    return board is not None and not board.controller.over


def close_window(app) -> None:
    """The window's close button: quit at once, unless a game is on, which asks first.

    A second close while the question is up quits (the player insisted); the autosave holds every
    finished turn, so only the turn in progress is at stake, and the question says so.
    """
    if not game_in_progress(app) or isinstance(app.stack.top, ConfirmScene) and app.stack.top.name == "confirm-quit":
        app.quit()
        return
    board = app.nav.find("board")
    saved = board is not None and board.controller.autosave is not None and not board.autosave_error
    detail = (_("Every finished turn is autosaved, but the moves of the turn in progress are lost if you quit now.")
              if saved else _("This game is not autosaved: whatever you have not saved by hand is lost."))
    scene = ConfirmScene(app, _("Quit Iwari Desktop?"), detail, _("Quit"), app.quit)

    scene.name = "confirm-quit"
    app.stack.push(scene)
