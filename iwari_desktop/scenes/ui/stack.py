"""The scene stack: push/pop/replace with balanced enter/pause/resume/exit, overlays drawn over the scene below.

Every scene sees exactly one `enter` and one `exit`, and every `pause` is followed by one `resume`
(unless the scene exits first), so scenes can create and destroy their widgets in those hooks
without leaking. Overlays (pause menu, dialogs, handoff) are scenes with `opaque = False`: the
stack draws the nearest opaque scene below them first, then the overlays on top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .intents import Intent
from .widget_reuse import Spares

if TYPE_CHECKING:
    from ...app import App


class Scene:
    """Base of every screen. Scenes render engine state and submit actions; they hold no rule logic."""

    opaque: bool = True
    hides_below_ui: bool = True   # pause the scene below by hiding its widgets (False: a modal window instead)
    name: str = "scene"
    music: str | None = None      # the music where this screen is ("menu", "board"); None: what plays below goes on
    rebuilds_on_resume: bool = False  # its `resume` builds its widgets afresh (the menu: an autosave may be new)
    heavy: bool = False           # draws many large pictures: the app gives memory back once it closes (ui/memory_release.py)
    keeps_widgets: bool = False   # a rebuild keeps the widgets it would make again as they are (ui/widget_reuse.py)

    def __init__(self, app: "App") -> None:
        self.app = app
        self.widgets: list[Any] = []
        self.active = False
        self.spares: Spares | None = None  # during a rebuild of a `keeps_widgets` scene: its widgets from before

    # ---- life cycle --------------------------------------------------------------------------
    def enter(self) -> None:
        self.active = True
        self.build()

    def exit(self) -> None:
        self.active = False
        self.clear_widgets()

    def pause(self, covered_by: "Scene") -> None:
        self.active = False
        if covered_by.hides_below_ui:
            for widget in self.widgets:
                widget.hide()

    def resume(self) -> None:
        self.active = True
        for widget in self.widgets:
            widget.show()
        self.app.request_redraw()

    # ---- widgets -------------------------------------------------------------------------------
    def build(self) -> None:
        """(Re)create widgets for the current window size; called on enter and after a resize."""

    def rebuild(self) -> None:
        if self.keeps_widgets:
            spares, self.widgets = Spares(self.widgets, self.app.manager), []
        else:
            spares = None
            self.clear_widgets()
        if self.rebuilds_on_resume and self._out_of_sight():
            if spares is not None:
                spares.kill_left()
            return  # unseen until its `resume`, which builds it afresh: a build now (a resize, a new language
                    # chosen in Settings over the menu) would be thrown away unseen
        self.spares = spares
        try:
            self.build()
        finally:
            self.spares = None
            if spares is not None:
                spares.kill_left()
        if not self.active and self.app.stack.top is not self:
            top = self.app.stack.top
            if top is not None and self._hidden_by(top):
                for widget in self.widgets:
                    widget.hide()

    def _out_of_sight(self) -> bool:
        """Neither drawn nor showing widgets: under an opaque screen and under one that hides its widgets."""
        stack = self.app.stack
        return (not self.active and self in stack.scenes and self not in stack.visible()
                and stack.top is not None and self._hidden_by(stack.top))

    def _hidden_by(self, top: "Scene") -> bool:
        stack = self.app.stack.scenes
        above = stack[stack.index(self) + 1:] if self in stack else []
        return any(s.hides_below_ui for s in above)

    def track(self, widget: Any) -> Any:
        self.widgets.append(widget)
        return widget

    def clear_widgets(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets.clear()

    # ---- input, time, drawing ----------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        """React to one intent; only the top scene receives them."""

    def handle_ui(self, event: pygame.event.Event) -> None:
        """React to a pygame-gui event (button pressed, text changed...)."""

    def update(self, dt: float) -> bool:
        """Advance animations by dt seconds; True if something visible changed."""
        return False

    @property
    def animating(self) -> bool:
        """True while the scene needs frames without input (keeps the loop from sleeping)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything but the pygame-gui widgets (the app draws those last, on top)."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.heavy_left = False   # a `heavy` scene exited since the app last gave memory back

    def _exited(self, scene: Scene) -> None:
        scene.exit()
        self.heavy_left = self.heavy_left or scene.heavy

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause(scene)
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        self._exited(scene)
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene (no pause/resume below: the scene underneath never sees the change)."""
        if self.scenes:
            self._exited(self.scenes.pop())
        self.scenes.append(scene)
        scene.enter()

    def clear(self) -> None:
        """Exit every scene, top first, resuming none. Why not `pop` until empty: a scene that answers its resume by
        pushing another (the board under its handoff screen pushes a fresh one) would refill the stack as fast as it
        empties — closing the App with a game under its handoff screen went round that thousands of times."""
        while self.scenes:
            self._exited(self.scenes.pop())

    def reset(self, scene: Scene) -> None:
        """Empty the stack (exiting every scene, top first) and start afresh with `scene`."""
        self.clear()
        self.scenes.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the topmost opaque scene and everything above it."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def music_place(self) -> str | None:
        """Where the music should be: the topmost screen that names a place (dialogs and overlays name none, so
        the loop under them never restarts); None while no screen names one."""
        for scene in reversed(self.scenes):
            if scene.music is not None:
                return scene.music
        return None

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None
