"""The import graph of a source tree, built with `ast`: its circles and its imports against a layer order.

    .venv/bin/python tools/import_graph.py            # circles and layer breaches of iwari_desktop/ and tools/

Why a checker of our own: a circle hidden in an import inside a function still makes two modules one
unit (neither can be read, tested or moved alone), and linters only see top-level imports. So every
`import` counts wherever it stands, except inside `if TYPE_CHECKING:` (those are never executed). And
`from pkg import name` counts as an import of `pkg` itself (its `__init__` runs and is read) besides the
module `pkg.name` when there is one, so modules of a package that import each other through the package
close a circle with an `__init__` that imports them (issue #32); `import pkg.sub as sub` names the module
alone. (Parents of a module named in full are not counted: every package that imports its own modules
would circle with them.)
`tests/test_import_graph.py` runs this on every `make test`; any reader of a tree can reuse it.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Edge:
    """One import: `source` imports `target`, at `path`:`line`."""

    source: str
    target: str
    path: Path
    line: int

    def where(self) -> str:
        try:
            shown = self.path.relative_to(ROOT)
        except ValueError:
            shown = self.path
        return f"{shown}:{self.line}"


def module_name(path: Path, base: Path) -> str:
    """`base/pkg/sub/mod.py` → `pkg.sub.mod`; a package's `__init__.py` is the package itself."""
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterable[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth, but none under `if TYPE_CHECKING:` (its `else:` counts)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
            continue
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name a `from … import` names (relative levels counted from `module`)."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]
    parts = parts[:len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def build_graph(files: Iterable[Path], base: Path) -> tuple[set[str], list[Edge]]:
    """Modules of `files` (named from `base`) and the imports between them (outside imports dropped)."""
    paths = {module_name(p, base): p for p in files}
    modules = set(paths)
    edges: list[Edge] = []
    for module, path in sorted(paths.items()):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        for node in _imports(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                origin = _resolve(module, is_package, node)
                # `from pkg import sub` imports the module pkg.sub when there is one, else a name of pkg; either
                # way it runs and reads pkg itself (its __init__), so pkg is a target too
                targets = [origin] + [f"{origin}.{a.name}" for a in node.names if f"{origin}.{a.name}" in modules]
            for target in dict.fromkeys(targets):
                while target and target not in modules:   # `import a.b.c` of a name inside: its module
                    target = target.rpartition(".")[0]
                if target and target != module:
                    edges.append(Edge(module, target, path, node.lineno))
    return modules, edges


def circles(modules: set[str], edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative), each sorted."""
    graph: dict[str, list[str]] = {m: [] for m in modules}
    for edge in edges:
        graph[edge.source].append(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(modules):
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def circle_report(component: list[str], edges: list[Edge]) -> str:
    """A circle and the imports that close it, each with its file and line."""
    members = set(component)
    inside = [e for e in edges if e.source in members and e.target in members]
    lines = [f"circle of {len(component)} modules: {', '.join(component)}"]
    lines += [f"  {e.where()}: {e.source} imports {e.target}" for e in inside]
    return "\n".join(lines)


def layer_breaches(edges: list[Edge], layer_of: Callable[[str], int | None],
                   allowed: dict[tuple[str, str], str] | None = None) -> list[str]:
    """Imports of a module in a higher layer than the importer's (`layer_of` → None: not layered), but
    for the (source, target) pairs in `allowed`."""
    breaches = []
    for edge in edges:
        low, high = layer_of(edge.source), layer_of(edge.target)
        if (edge.source, edge.target) in (allowed or {}):
            continue
        if low is not None and high is not None and high > low:
            breaches.append(f"{edge.where()}: {edge.source} (layer {low}) imports {edge.target} (layer {high})")
    return breaches


# ---- the project's own layers ----------------------------------------------------------------------
# The version, the translation markers and the asset finder sit under everything: the engine's own
# sentences are marked with N_ and its maps found through resources, so they cannot sit above it.
FOUNDATION = ("iwari_desktop", "iwari_desktop.i18n", "iwari_desktop.resources")
LAYERS = ("foundation (version, i18n, resources)", "engine", "storage and stores", "art", "scenes.ui",
          "scenes.presenters", "scenes.<feature>", "scenes.navigation", "app")
# Upward imports that are deliberate, each with its reason (keep this list short).
ALLOWED_UPWARD = {
    ("iwari_desktop.engine.cli.maps", "iwari_desktop.art.map_render"):
        "`iwari-engine maps render` draws a map through the art package (imported only by that command)",
}


def desktop_layer(module: str) -> int | None:
    """The layer (index into LAYERS) of a module of iwari_desktop: foundation → engine → storage/stores →
    art → scenes/ui → presenters (one per rule, looked up by the features) → features → navigation → app.
    Top-level modules a helper adds (audio, …) sit with storage and the stores."""
    parts = module.split(".")
    if parts[0] != "iwari_desktop":
        return None
    if module in FOUNDATION:
        return 0
    if module in ("iwari_desktop.app", "iwari_desktop.__main__"):
        return 8
    second = parts[1]
    if second == "engine":
        return 1
    if second == "art":
        return 3
    if second == "scenes":
        if len(parts) == 2 or parts[2] == "ui":
            return 4                     # the package itself (a docstring) and the shared layer
        if parts[2] == "presenters":
            return 5                     # what each rule shows: below every feature, which looks it up by key
        if parts[2] == "navigation":
            return 7
        return 6
    return 2


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def check(root: Path = ROOT) -> list[str]:
    """Every problem of the project's import graph, one text each (empty: clean)."""
    problems = []
    files = python_files(root / "iwari_desktop")
    modules, edges = build_graph(files, root)
    problems += [circle_report(c, edges) for c in circles(modules, edges)]
    problems += layer_breaches(edges, desktop_layer, ALLOWED_UPWARD)
    tool_modules, tool_edges = build_graph(python_files(root / "tools"), root)
    problems += [circle_report(c, tool_edges) for c in circles(tool_modules, tool_edges)]
    return problems


def main() -> int:
    problems = check()
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
