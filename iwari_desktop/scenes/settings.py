"""Settings: window size, full screen, animation speed, sound, computer pace. Stored as JSON in the config folder."""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui

from .. import storage
from iwari_desktop.i18n import _
from .intents import Intent, Kind
from .stack import Scene
from .ui import CREAM, INK, INK_SOFT, panel
from .widgets import button, checkbox, dropdown, label


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
        self.draft = dataclasses.replace(app.settings)

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        self.card = pygame.Rect(0, 0, ui.px(620), ui.px(596))
        self.card.center = (w // 2, h // 2 + ui.px(20))
        x, y = self.card.x + ui.px(36), self.card.y + ui.px(80)
        sizes = fitting_sizes(self.draft.window_size)
        label(self, pygame.Rect(x, y, ui.px(220), ui.px(40)), "Window size", "#ink_label")
        self.size_menu = dropdown(self, pygame.Rect(x + ui.px(230), y, ui.px(300), ui.px(40)),
                                  [size_text(s) for s in sizes], size_text(self.draft.window_size))
        y += ui.px(64)
        self.fullscreen_box = checkbox(self, pygame.Rect(x, y + ui.px(7), ui.px(26), ui.px(26)),
                                       "Full screen (F11 toggles it any time)", self.draft.fullscreen)
        y += ui.px(64)
        label(self, pygame.Rect(x, y, ui.px(220), ui.px(40)), "Animations", "#ink_label")
        self.speed_menu = dropdown(self, pygame.Rect(x + ui.px(230), y, ui.px(300), ui.px(40)),
                                   [s.capitalize() for s in storage.ANIMATION_SPEEDS],
                                   self.draft.animation_speed.capitalize())
        y += ui.px(64)
        self.sound_box = checkbox(self, pygame.Rect(x, y + ui.px(7), ui.px(26), ui.px(26)),
                                  "Sound effects (silent if there is no audio device)", self.draft.sound)
        y += ui.px(64)
        label(self, pygame.Rect(x, y, ui.px(220), ui.px(40)), "Computer moves", "#ink_label")
        self.pace_menu = dropdown(self, pygame.Rect(x + ui.px(230), y, ui.px(300), ui.px(40)),
                                  [s.capitalize() for s in storage.COMPUTER_PACES],
                                  self.draft.computer_pace.capitalize())
        y += ui.px(56)
        self.hands_box = checkbox(self, pygame.Rect(x, y + ui.px(7), ui.px(26), ui.px(26)),
                                  _("Show hands in replays (finished games only)"), self.draft.show_hands_in_replays)
        bottom = self.card.bottom - ui.px(72)
        button(self, pygame.Rect(self.card.right - ui.px(396), bottom, ui.px(170), ui.px(50)), "Cancel",
               self.app.stack.pop)
        button(self, pygame.Rect(self.card.right - ui.px(216), bottom, ui.px(180), ui.px(50)), "Apply",
               self.apply, "#primary")

    def handle_ui(self, event: pygame.event.Event) -> None:
        element = event.ui_element
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if element is self.size_menu:
                w, h = (int(v) for v in event.text.split("×"))
                self.draft.window_size = (w, h)
            elif element is self.speed_menu:
                self.draft.animation_speed = event.text.lower()
            elif element is self.pace_menu:
                self.draft.computer_pace = event.text.lower()
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
        ui.blit_text(surface, "Settings", (ui.px(40), ui.px(18)), "title", 40, CREAM)
        panel(surface, self.card, ui)
        ui.blit_text(surface, "Display and sound", (self.card.x + ui.px(36), self.card.y + ui.px(22)), "heading", 26, INK)
        ui.blit_text(surface, f"Saved to {storage.settings_path()}", (self.card.x + ui.px(36),
                                                                        self.card.bottom - ui.px(100)),
                     "body", 12, INK_SOFT)
