"""Navigation by name (`scenes/navigation.py`, `scenes/ui/navigator.py`): every route opens what it names.

Why tested: a screen opens another only through a route name, so a misspelt name or a route whose
loader imports the wrong thing would surface only when a player clicks there. Every route is loaded
here, and the route table must reach every feature folder (it is the one module that imports them all,
which is how PyInstaller finds every screen).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from iwari_desktop.scenes.navigation import ROUTES
from iwari_desktop.scenes.ui.navigator import Navigator, UnknownRoute
from iwari_desktop.scenes.ui.stack import Scene, SceneStack
from repo_root import ROOT

SCENES = ROOT / "iwari_desktop" / "scenes"


class _App:
    """Just what a navigator needs of the app: a scene stack (scenes built here are never entered)."""

    def __init__(self) -> None:
        self.stack = SceneStack()


def test_every_route_loads_a_scene_class_or_an_action():
    for name, loader in ROUTES.items():
        route = loader()
        assert callable(route), name
        if isinstance(route, type):
            assert issubclass(route, Scene), f"route {name!r} loads {route!r}, not a Scene"


def test_the_route_table_imports_every_feature_folder():
    tree = ast.parse((SCENES / "navigation.py").read_text(encoding="utf-8"))
    imported = {node.module.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module}
    # presenters is a layer below the features (looked up by rule key), not a screen a route opens
    features = {p.name for p in SCENES.iterdir() if (p / "__init__.py").is_file()} - {"selftest", "presenters"}
    assert features - imported == set(), "a feature no route opens (or a folder to fold into another)"


def test_push_reset_and_find_work_by_name_and_an_unknown_name_is_refused():
    app = _App()
    nav = Navigator(app, {"plain": lambda: _Plain, "other": lambda: _Other, "act": lambda: _act})
    first = nav.push("plain", 1)
    assert app.stack.top is first and first.value == 1 and nav.find("plain") is first
    second = nav.push("other")
    assert nav.is_top("other") and nav.find("plain") is first
    third = nav.reset("plain", 3)
    assert app.stack.scenes == [third] and nav.find("other") is None
    assert nav.run("act", 5) == (app, 5)
    with pytest.raises(UnknownRoute):
        nav.push("nowhere")
    with pytest.raises(UnknownRoute):
        nav.find("act")                      # an action has no scene class to look for


class _Plain(Scene):
    def __init__(self, app, value: int = 0) -> None:
        super().__init__(app)
        self.value = value


class _Other(Scene):
    pass


def _act(app, value):
    return app, value


class _Recorder(Scene):
    """A scene that writes down what the stack does to it; `push_on_resume` answers a resume the way the board
    under its handoff screen does, by pushing a fresh cover."""

    def __init__(self, stack: SceneStack, events: list[str], name: str, push_on_resume: bool = False) -> None:
        self.stack, self.events, self.name, self.push_on_resume = stack, events, name, push_on_resume

    def enter(self) -> None:
        self.events.append(f"enter {self.name}")

    def exit(self) -> None:
        self.events.append(f"exit {self.name}")

    def pause(self, covered_by: Scene) -> None:
        self.events.append(f"pause {self.name}")

    def resume(self) -> None:
        self.events.append(f"resume {self.name}")
        if self.push_on_resume:
            self.stack.push(_Recorder(self.stack, self.events, "cover"))


def test_clear_exits_every_scene_top_first_and_resumes_none():
    stack, events = SceneStack(), []
    stack.push(_Recorder(stack, events, "menu"))
    stack.push(_Recorder(stack, events, "board", push_on_resume=True))
    stack.push(_Recorder(stack, events, "cover"))
    events.clear()
    stack.clear()
    assert stack.scenes == [] and stack.top is None
    assert events == ["exit cover", "exit board", "exit menu"]   # a pop-by-pop close would refill the stack
