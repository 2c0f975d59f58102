"""Settings: language, window size, full screen, animation speed, sound, computer pace. Stored as JSON in the config folder."""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui

from ... import storage
from ...i18n import LANGUAGES, N_, _
from ..ui.intents import Intent, Kind
from ..ui.stack import Scene
from ..ui.look import CREAM, INK, INK_SOFT, panel
from ..ui.widgets import button, checkbox, dropdown, label


# what the speed and pace menus show for each stored value
CHOICE_NAMES: dict[str, str] = {"off": N_("Off"), "slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
                                "instant": N_("Instant")}


def choice_name(value: str) -> str:
    return _(CHOICE_NAMES[value]) if value in CHOICE_NAMES else value.capitalize()


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
        self.card = pygame.Rect(0, 0, ui.px(640), ui.px(596))
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
        self.sound_box = checkbox(self, pygame.Rect(x, y + ui.px(7), ui.px(26), ui.px(26)),
                                  _("Sound effects (silent if there is no audio device)"), self.draft.sound)
        y += ui.px(58)
        label(self, pygame.Rect(x, y, ui.px(220), ui.px(40)), _("Computer moves"), "#ink_label")
        self.pace_menu = dropdown(self, pygame.Rect(x + ui.px(230), y, ui.px(300), ui.px(40)),
                                  [choice_name(s) for s in storage.COMPUTER_PACES],
                                  choice_name(self.draft.computer_pace))
        y += ui.px(58)
        self.hands_box = checkbox(self, pygame.Rect(x, y + ui.px(7), ui.px(26), ui.px(26)),
                                  _("Show hands in replays (finished games only)"), self.draft.show_hands_in_replays)
        bottom = self.card.bottom - ui.px(72)
        button(self, pygame.Rect(self.card.right - ui.px(396), bottom, ui.px(170), ui.px(50)), _("Cancel"),
               self.app.stack.pop)
        button(self, pygame.Rect(self.card.right - ui.px(216), bottom, ui.px(180), ui.px(50)), _("Apply"),
               self.apply, "#primary")

    def handle_ui(self, event: pygame.event.Event) -> None:
        element = event.ui_element
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

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, _("Settings"), (ui.px(40), ui.px(18)), "title", 40, CREAM)
        panel(surface, self.card, ui)
        ui.blit_text(surface, _("Language, display and sound"), (self.card.x + ui.px(36), self.card.y + ui.px(22)), "heading", 26, INK)
        ui.blit_text(surface, _("Saved to {path}").format(path=storage.settings_path()), (self.card.x + ui.px(36),
                                                                        self.card.bottom - ui.px(100)),
                     "body", 12, INK_SOFT)
