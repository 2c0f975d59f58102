"""Settings: language, window size, full screen, animation speed, computer pace, and the sound (volumes, effects,
mute). Stored as JSON in the config folder; Apply hands them to the app, which applies each at once."""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui

from ... import storage
from ...i18n import LANGUAGES, N_, _
from ..ui.intents import Intent, Kind
from ..ui.stack import Scene
from ..ui.look import CREAM, INK, INK_SOFT, panel
from ..ui.widgets import button, checkbox, dropdown, label, slider


# what the speed and pace menus show for each stored value
CHOICE_NAMES: dict[str, str] = {"off": N_("Off"), "slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
                                "instant": N_("Instant")}


def choice_name(value: str) -> str:
    return _(CHOICE_NAMES[value]) if value in CHOICE_NAMES else value.capitalize()


# the volume sliders, in order: the settings field and its name on screen
VOLUMES: tuple[tuple[str, str], ...] = (("master_volume", N_("Master volume")), ("effects_volume", N_("Effects")),
                                        ("music_volume", N_("Music")))


def size_text(size: tuple[int, int]) -> str:
    return f"{size[0]} × {size[1]}"


def fitting_sizes(current: tuple[int, int]) -> list[tuple[int, int]]:
    """The window sizes that fit on the largest desktop (a 4K window on a 1080p screen is no choice).

    The current size is always offered so the menu can show it; without desktop information
    (some headless drivers report none) every size is offered.
    """
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        desktops = []
    if desktops:
        dw, dh = max(desktops, key=lambda s: s[0] * s[1])
        sizes = [s for s in storage.WINDOW_SIZES if s[0] <= dw and s[1] <= dh] or [storage.WINDOW_SIZES[0]]
    else:
        sizes = list(storage.WINDOW_SIZES)
    if current not in sizes:
        sizes.insert(0, current)
    return sizes


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        # the language on screen, which IWARI_LANG may have chosen for this run
        self.draft = dataclasses.replace(app.settings, language=app.language)

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        self.card = pygame.Rect(0, 0, ui.px(1120), ui.px(596))
        self.card.center = (w // 2, h // 2 + ui.px(26))
        x, y = self.card.x + ui.px(36), self.card.y + ui.px(76)
        sizes = fitting_sizes(self.draft.window_size)
        # each language is named in its own language, so a player who cannot read the current one finds theirs
        label(self, pygame.Rect(x, y, ui.px(220), ui.px(40)), _("Language"), "#ink_label")
        self.language_menu = dropdown(self, pygame.Rect(x + ui.px(230), y, ui.px(300), ui.px(40)),
                                      list(LANGUAGES.values()), LANGUAGES[self.draft.language])
        y += ui.px(58)
        label(self, pygame.Rect(x, y, ui.px(220), ui.px(40)), _("Window size"), "#ink_label")
        self.size_menu = dropdown(self, pygame.Rect(x + ui.px(230), y, ui.px(300), ui.px(40)),
                                  [size_text(s) for s in sizes], size_text(self.draft.window_size))
        y += ui.px(58)
        self.fullscreen_box = checkbox(self, pygame.Rect(x, y + ui.px(7), ui.px(26), ui.px(26)),
                                       _("Full screen (F11 toggles it any time)"), self.draft.fullscreen)
        y += ui.px(58)
        label(self, pygame.Rect(x, y, ui.px(220), ui.px(40)), _("Animations"), "#ink_label")
        self.speed_menu = dropdown(self, pygame.Rect(x + ui.px(230), y, ui.px(300), ui.px(40)),
                                   [choice_name(s) for s in storage.ANIMATION_SPEEDS],
                                   choice_name(self.draft.animation_speed))
        y += ui.px(58)
        label(self, pygame.Rect(x, y, ui.px(220), ui.px(40)), _("Computer moves"), "#ink_label")
        self.pace_menu = dropdown(self, pygame.Rect(x + ui.px(230), y, ui.px(300), ui.px(40)),
                                  [choice_name(s) for s in storage.COMPUTER_PACES],
                                  choice_name(self.draft.computer_pace))
        y += ui.px(58)
        self.hands_box = checkbox(self, pygame.Rect(x, y + ui.px(7), ui.px(26), ui.px(26)),
                                  _("Show hands in replays (finished games only)"), self.draft.show_hands_in_replays)
        self._build_sound(self.card.x + ui.px(600), self.card.y + ui.px(76))
        bottom = self.card.bottom - ui.px(72)
        button(self, pygame.Rect(self.card.right - ui.px(396), bottom, ui.px(170), ui.px(50)), _("Cancel"),
               self.app.stack.pop)
        button(self, pygame.Rect(self.card.right - ui.px(216), bottom, ui.px(180), ui.px(50)), _("Apply"),
               self.apply, "#primary")

    def _build_sound(self, x: int, y: int) -> None:
        """The right column: a slider 0-100 per volume with its number, effects on/off, mute (the M key)."""
        ui = self.app.ui
        self.volume_sliders: dict[str, pygame_gui.elements.UIHorizontalSlider] = {}
        self.volume_labels: dict[str, pygame_gui.elements.UILabel] = {}
        for field, name in VOLUMES:
            value = getattr(self.draft, field)
            label(self, pygame.Rect(x, y, ui.px(196), ui.px(40)), _(name), "#ink_label")
            self.volume_sliders[field] = slider(self, pygame.Rect(x + ui.px(204), y + ui.px(5), ui.px(214), ui.px(30)),
                                                value)
            self.volume_labels[field] = label(self, pygame.Rect(x + ui.px(424), y, ui.px(60), ui.px(40)), str(value),
                                              "#ink_label")
            y += ui.px(58)
        self.sound_box = checkbox(self, pygame.Rect(x, y + ui.px(7), ui.px(26), ui.px(26)), _("Sound effects"),
                                  self.draft.sound)
        y += ui.px(58)
        self.mute_box = checkbox(self, pygame.Rect(x, y + ui.px(7), ui.px(26), ui.px(26)),
                                 _("Mute all sound (M toggles it any time)"), self.draft.muted)
        self.sound_note_at = (x, y + ui.px(58))

    def set_volume(self, field: str, value: float) -> None:
        """A slider moved: the draft takes the whole number it shows."""
        number = max(0, min(100, int(round(value))))
        setattr(self.draft, field, number)
        self.volume_labels[field].set_text(str(number))

    def handle_ui(self, event: pygame.event.Event) -> None:
        element = event.ui_element
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            for field, widget in self.volume_sliders.items():
                if element is widget:
                    self.set_volume(field, event.value)
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if element is self.size_menu:
                w, h = (int(v) for v in event.text.split("×"))
                self.draft.window_size = (w, h)
            elif element is self.language_menu:
                self.draft.language = next(code for code, name in LANGUAGES.items() if name == event.text)
            elif element is self.speed_menu:
                self.draft.animation_speed = next(s for s in storage.ANIMATION_SPEEDS if choice_name(s) == event.text)
            elif element is self.pace_menu:
                self.draft.computer_pace = next(s for s in storage.COMPUTER_PACES if choice_name(s) == event.text)
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if element is self.fullscreen_box:
                self.draft.fullscreen = on
            elif element is self.sound_box:
                self.draft.sound = on
            elif element is self.mute_box:
                self.draft.muted = on
            elif element is self.hands_box:
                self.draft.show_hands_in_replays = on

    def apply(self) -> None:
        settings = dataclasses.replace(self.draft)
        self.app.stack.pop()
        self.app.apply_settings(settings)

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.app.stack.pop()
        elif intent.kind is Kind.CONFIRM:
            self.apply()
        elif intent.kind is Kind.TOGGLE_MUTE:   # the app already switched it: the box shows it
            self.draft.muted = self.app.settings.muted
            self.mute_box.set_state(self.draft.muted)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, _("Settings"), (ui.px(40), ui.px(18)), "title", 40, CREAM)
        panel(surface, self.card, ui)
        ui.blit_text(surface, _("Language, display and sound"), (self.card.x + ui.px(36), self.card.y + ui.px(22)), "heading", 26, INK)
        x, y = self.sound_note_at
        note = _("Without an audio device the game plays silently.")
        for line in ui.wrap(note, "body", 14, self.card.right - ui.px(36) - x):
            ui.blit_text(surface, line, (x, y), "body", 14, INK_SOFT)
            y += ui.line_height("body", 14)
        saved_x = self.card.x + ui.px(36)
        room = self.card.right - ui.px(36) - saved_x - ui.text_width(_("Saved to {path}").format(path=""), "body", 12)
        shown = ui.fit_path(storage.settings_path(), "body", 12, room)
        ui.blit_text(surface, _("Saved to {path}").format(path=shown), (saved_x, self.card.bottom - ui.px(100)),
                     "body", 12, INK_SOFT)
