"""The import graph (`tools/import_graph.py`): no circle anywhere and no import against the layer order.

Why tested: a circle, even one closed by an import inside a function, makes its modules one unit that
cannot be read, tested or moved alone (the scene layer once was a single circle of 35 modules); and a
screen that imports the app or another screen to open it undoes navigation by name. Every import counts
wherever it stands, except under `if TYPE_CHECKING:`; each problem names its file and line.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tools import import_graph as graph


def test_no_import_circle_and_no_import_against_the_layers():
    problems = graph.check()
    assert problems == [], "\n" + "\n".join(problems)


def _tree(tmp_path: Path, files: dict[str, str]) -> list[Path]:
    paths = []
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        paths.append(path)
    return paths


def test_a_circle_closed_inside_a_function_is_found_and_named_with_its_lines(tmp_path):
    files = _tree(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from . import b\n",
        "pkg/b.py": "def later():\n    from .a import thing\n",
        "pkg/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import thing\n",
    })
    modules, edges = graph.build_graph(files, tmp_path)
    found = graph.circles(modules, edges)
    assert found == [["pkg.a", "pkg.b"]], "pkg.c imports a only for type checking: no edge, no circle"
    report = graph.circle_report(found[0], edges)
    assert "pkg/a.py:1" in report and "pkg/b.py:2" in report


def test_a_circle_through_a_package_init_is_found_and_the_module_named_in_full_is_not_one(tmp_path):
    """Issue #32: `from pkg import b` runs pkg/__init__, which imports a, which imported b that way: one unit."""
    files = _tree(tmp_path, {
        "pkg/__init__.py": "from pkg import a as _a\n",
        "pkg/a.py": "def later():\n    from pkg import b\n",
        "pkg/b.py": "",
        "other/__init__.py": "from other import a as _a\n",
        "other/a.py": "import other.b as b\n",
        "other/b.py": "",
    })
    modules, edges = graph.build_graph(files, tmp_path)
    assert graph.circles(modules, edges) == [["pkg", "pkg.a"]]


def test_the_engine_has_no_circle_and_the_state_does_not_import_the_rule_modules():
    """Issue #32: the state holds the hook table (core/hooks.py) but imports neither the rule modules nor a
    module that does; imports inside functions count. The engine checked on its own, so a circle there is
    named as the engine's."""
    root = graph.ROOT
    modules, edges = graph.build_graph(graph.python_files(root / "iwari_desktop" / "engine"), root)
    assert graph.circles(modules, edges) == []
    engine = "iwari_desktop.engine.core."
    state_imports = {e.target for e in edges if e.source == engine + "state"}
    assert engine + "hooks" in state_imports and engine + "modules" not in state_imports
    assert not {e.target for e in edges if e.source == engine + "hooks"} & {m for m in modules if "engine" in m}


def test_an_import_of_a_higher_layer_is_a_breach_unless_allowed():
    edge = graph.Edge("iwari_desktop.scenes.menu.menu", "iwari_desktop.app", Path("menu.py"), 7)
    breaches = graph.layer_breaches([edge], graph.desktop_layer)
    assert len(breaches) == 1 and "menu.py:7" in breaches[0]
    down = graph.Edge("iwari_desktop.scenes.menu.menu", "iwari_desktop.scenes.ui.stack", Path("menu.py"), 8)
    assert graph.layer_breaches([down], graph.desktop_layer) == []
    assert graph.layer_breaches([edge], graph.desktop_layer, {(edge.source, edge.target): "why"}) == []


def test_the_layers_run_from_the_engine_to_the_app():
    layer = graph.desktop_layer
    order = ["iwari_desktop.i18n", "iwari_desktop.engine.core.state", "iwari_desktop.storage",
             "iwari_desktop.art.palette", "iwari_desktop.scenes.ui.dialogs", "iwari_desktop.scenes.presenters.ruins",
             "iwari_desktop.scenes.board.board",
             "iwari_desktop.scenes.navigation", "iwari_desktop.app"]
    assert [layer(m) for m in order] == sorted(layer(m) for m in order)
    assert len({layer(m) for m in order}) == len(order)
