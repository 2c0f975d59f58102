"""Navigation by name: a scene asks for the next screen by its route name, never by importing it.

    app.nav.push("settings")                      # a screen on top of this one
    app.nav.reset("menu")                         # back to the main menu, everything else closed
    app.nav.replace("void-end", controller)       # swap the top screen
    app.nav.run("watch", game)                    # a route that arranges the stack itself (an action)
    app.nav.find("board")                         # the open board scene, or None

Why: when screens import each other to open each other, every screen depends on every other one
(the scene layer used to be one import circle of 35 modules). Here a feature knows only names; the
one route table (`iwari_desktop/scenes/navigation.py`) maps a name to the callable that makes the
scene (a scene class, or a function of the app that does its own stack work) and is the only module
that imports every feature. The app builds a `Navigator` over that table and hands it to every scene
as `app.nav`.

A table entry is a loader: a function without arguments that imports its feature and returns the
route's callable. The import is a plain `from … import` (PyInstaller sees it), but it runs when the
route is first used, so starting the game still loads only the menu, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .stack import Scene

Route = Callable[..., Any]
RouteLoader = Callable[[], Route]


class UnknownRoute(KeyError):
    """A scene asked for a name the route table does not have (a programming error, never a player's)."""


class Navigator:
    """Opens, swaps and finds scenes by route name on the app's scene stack."""

    def __init__(self, app: Any, routes: Mapping[str, RouteLoader]) -> None:
        self.app = app
        self.routes = routes

    def route(self, name: str) -> Route:
        try:
            loader = self.routes[name]
        except KeyError:
            raise UnknownRoute(f"no route named {name!r}") from None
        return loader()

    def make(self, name: str, *args: Any, **kwargs: Any) -> "Scene":
        """The scene a route makes, not shown yet (for callers that keep it or stack it below others)."""
        return self.route(name)(self.app, *args, **kwargs)

    def push(self, name: str, *args: Any, **kwargs: Any) -> "Scene":
        scene = self.make(name, *args, **kwargs)
        self.app.stack.push(scene)
        return scene

    def replace(self, name: str, *args: Any, **kwargs: Any) -> "Scene":
        scene = self.make(name, *args, **kwargs)
        self.app.stack.replace(scene)
        return scene

    def reset(self, name: str, *args: Any, **kwargs: Any) -> "Scene":
        scene = self.make(name, *args, **kwargs)
        self.app.stack.reset(scene)
        return scene

    def run(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """Call an action route (a function of the app that arranges the stack itself) and return its result."""
        return self.route(name)(self.app, *args, **kwargs)

    def kind(self, name: str) -> type:
        """The scene class behind a route (for `isinstance`); the route must be a class."""
        route = self.route(name)
        if not isinstance(route, type):
            raise UnknownRoute(f"route {name!r} is an action, not a scene class")
        return route

    def find(self, name: str) -> "Scene | None":
        """The topmost open scene of the route's class, or None."""
        return self.app.stack.find(self.kind(name))

    def is_top(self, name: str) -> bool:
        """True when the top scene is of the route's class."""
        return isinstance(self.app.stack.top, self.kind(name))
