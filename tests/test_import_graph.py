"""The engine's modules import one another without a loop.

Every ``import`` of every module under ``warp_empires/`` counts, at the top of a file or
deferred inside a function (a deferred import that closes a loop only hides it); imports
under ``if TYPE_CHECKING:`` count for nothing, since they never run. The parent packages
Python initialises on the way to a module are not edges of their own: ``warp_empires``
re-exports the public API from its submodules, so every submodule would otherwise "loop"
through it.

The loop this guards against: ``Step``, the base of every rule and effect, lived in
``engine.py``, which starts the game from those same rules.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parent.parent / "warp_empires"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(node: ast.AST) -> bool:
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(node: ast.AST):
    """Import statements that run, wherever they stand."""
    for child in ast.iter_child_nodes(node):
        if _type_checking_only(child):
            for other in child.orelse:
                yield from _imports_of(other)
            continue
        yield from _imports_of(child)


def _imports_of(node: ast.AST):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    yield from _imports(node)


def import_graph() -> nx.DiGraph:
    """module -> the modules of the package it imports."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                # ``from pkg import sub`` imports the submodule; ``from pkg import name``, pkg itself
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            graph.add_edges_from((name, t) for t in targets if t in modules and t != name)
    return graph


def test_the_graph_sees_the_engine_and_its_deferred_imports():
    graph = import_graph()
    assert graph.has_edge("warp_empires.engine", "warp_empires.rules.turn")  # deferred, inside Game()
    assert graph.has_edge("warp_empires.rules.move", "warp_empires.step")
    assert not graph.has_edge("warp_empires.rules.move", "warp_empires.engine")  # under TYPE_CHECKING only


def test_no_module_of_the_engine_imports_itself_through_a_loop():
    loops = [" -> ".join(cycle + cycle[:1]) for cycle in nx.simple_cycles(import_graph())]
    assert loops == []


def test_rules_and_effects_never_import_the_game_module():
    graph = import_graph()
    upward = sorted(
        m for m in graph
        if m.startswith(("warp_empires.rules", "warp_empires.effects")) and graph.has_edge(m, "warp_empires.engine")
    )
    assert upward == []
