"""The import graph of the project's packages: no cycle, and every package imports only its layer.

Every `import` and `from … import` of every module is read with `ast` — at the top of a
module, inside a function, or under `if TYPE_CHECKING:` alike. A function-level import closes a
circle just as well, only later; a type-only one never runs, but it couples the modules all the
same: a reader must hold both to change one. One exception, and only one (`TYPE_ONLY`): the bot's
own class, which every handler names as the type of `interaction.client` (`bot.context.client_of`)
while the bot imports every handler — a type-only import of it counts for no circle. The layering is
docs/architecture.md's: rules ← storage, rendering, players ← games ← bot.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["rules", "storage", "rendering", "players", "games", "bot"]
# The benchmarks and the tests: read for circles too, and no package above imports them.
HARNESSES = ["bench", "tests"]
THIRD_PARTY = {"pydantic", "discord", "PIL", "aiosqlite", "asyncpg"}

# What each package may import besides the standard library and itself.
ALLOWED: dict[str, set[str]] = {
    "rules": {"pydantic"},
    "players": {"rules", "pydantic"},
    "storage": {"rules", "pydantic", "aiosqlite", "asyncpg"},
    # fontTools: only `rendering.regenerate fonts`; players: only `rendering.samples`, whose sample games
    # for the README and the tests are played by the greedy computer player
    "rendering": {"rules", "pydantic", "PIL", "fontTools", "players"},
    "games": {"rules", "storage", "players", "pydantic", "openskill"},  # openskill: the ladders (games.ratings)
    # babel reads the catalogues; aiohttp is discord.py's HTTP client, whose errors start-up names;
    # simcord is the simulated Discord of `python -m bot --sandbox` (bot/sandbox/run.py only);
    # pydantic_settings reads `.env` and the environment (bot/service/config.py); prometheus_client: /metrics
    "bot": {
        "rules",
        "storage",
        "rendering",
        "players",
        "games",
        "pydantic",
        "pydantic_settings",
        "prometheus_client",
        "discord",
        "babel",
        "aiohttp",
        "simcord",
    },
}


def _modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES + HARNESSES:
        base = ROOT / package
        for path in base.rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = path
    return out


MODULES = _modules()


# Modules a type-only import of which (`if TYPE_CHECKING:`) counts for no circle: the bot's class.
TYPE_ONLY = {"bot.service.client"}


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for node, _type_only in _imports_with_kind(tree):
        yield node


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")
    )


def _imports_with_kind(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import node, and whether it is under `if TYPE_CHECKING:` (type-only)."""
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, type_only = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, type_only
        inside = type_only or _is_type_checking(node)
        stack.extend((child, inside) for child in ast.iter_child_nodes(node))


def imports_of(module: str, *, circles: bool = False) -> set[str]:
    """Every module `module` imports: our modules by full name, others by top-level name. `circles`:
    only those that count for a circle (a type-only import of a `TYPE_ONLY` module does not)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node, type_only in _imports_with_kind(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            # `from pkg import name`: a submodule if there is one, else a name of pkg's __init__.
            subs = [f"{stem}.{alias.name}" for alias in node.names if f"{stem}.{alias.name}" in MODULES]
            targets = subs if len(subs) == len(node.names) else [stem, *subs]
        for target in targets:
            if circles and type_only and target in TYPE_ONLY:
                continue
            if target in MODULES:
                out.add(target)
            else:
                # `import rules.components` without such a module, or a third-party/stdlib name
                parts = target.split(".")
                while parts and ".".join(parts) not in MODULES:
                    parts.pop()
                out.add(".".join(parts) if parts else target.split(".")[0])
    out.discard(module)
    return out


GRAPH = {m: {t for t in imports_of(m) if t in MODULES} for m in MODULES}
CIRCLE_GRAPH = {m: {t for t in imports_of(m, circles=True) if t in MODULES} for m in MODULES}


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with more than one module (Tarjan), i.e. the circles."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_walk_sees_the_imports_it_must():
    # A module-level, a relative, a function-level and a `from package import module` import.
    assert "rules.engine" in GRAPH["rules"] and "rules.components" in GRAPH["rules.engine"]
    # and one under `if TYPE_CHECKING:`
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from games.manager import GameManager\n")
    assert sorted(str(n.module) for n in _import_nodes(tree)) == ["games.manager", "typing"]
    assert "bot.words.refusals" in GRAPH["bot.replies"]
    assert {"bot.play.commands", "bot.components", "bot.play.timers"} <= GRAPH["bot.service.client"]  # in setup_hook
    assert "discord" in imports_of("bot.service.client") and "pydantic" in imports_of("rules.state")


def test_the_cycle_finder_finds_a_circle_through_three_modules():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [{"a", "b", "c"}]


def test_no_import_cycle_among_the_packages():
    found = cycles(CIRCLE_GRAPH)
    assert found == [], f"import cycles: {found}"


def test_a_type_only_import_counts_for_a_circle_but_that_of_the_bot_s_class():
    """The handlers name the bot's class for its type only; any other type-only import still closes a circle."""
    assert "bot.service.client" in GRAPH["bot.context"] and "bot.service.client" not in CIRCLE_GRAPH["bot.context"]
    graph = {"a": {"b"}, "b": set()}
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\n")
    assert sorted(type_only for _node, type_only in _imports_with_kind(tree)) == [False, True]
    assert cycles(graph | {"b": {"a"}}) == [{"a", "b"}]  # a type-only edge b -> a, were it counted


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_imports_only_its_layer(package):
    stdlib = set(sys.stdlib_module_names)
    wrong = {}
    for module in MODULES:
        if module.split(".")[0] != package:
            continue
        others = {t.split(".")[0] for t in imports_of(module)} - {package} - stdlib - {"__future__"}
        bad = others - ALLOWED[package]
        if bad:
            wrong[module] = sorted(bad)
    assert wrong == {}, f"{package} imports outside its layer: {wrong}"


def test_no_package_imports_the_benchmarks_or_the_tests():
    """bench/ and tests/ build on the packages, never the other way; their own imports close no circle
    (test_no_import_cycle_among_the_packages reads them with the rest)."""
    assert any(m.startswith("tests.") for m in MODULES) and any(m.startswith("bench.") for m in MODULES)
    wrong = {
        m: sorted(t for t in deps if t.split(".")[0] in HARNESSES)
        for m, deps in GRAPH.items()
        if m.split(".")[0] in PACKAGES and any(t.split(".")[0] in HARNESSES for t in deps)
    }
    assert wrong == {}


def test_the_layers_forbid_what_the_architecture_forbids():
    assert not {"discord", "PIL"} & ALLOWED["games"]
    assert not {"discord", "storage"} & ALLOWED["rendering"]
    assert not {"discord", "PIL"} & ALLOWED["storage"]
    assert ALLOWED["rules"] == {"pydantic"} and ALLOWED["players"] <= {"rules", "pydantic"}
    assert THIRD_PARTY >= ALLOWED["rules"] | ALLOWED["storage"] - set(PACKAGES)


def _names_imported(module: str, source: str) -> set[str]:
    """The names `module` imports from `source` (`from source import a, b`, relative or absolute)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
        stem = ".".join(base + ([node.module] if node.module else []))
        names |= {alias.name for alias in node.names if stem == source}
    return names


def test_only_the_posting_path_posts():
    # The posting code: the publisher (a turn's post) and the game's other messages, and who is told how
    # (pings, direct messages, reminders); the client alone holds the publisher.
    ours = {m for m in MODULES if m.split(".")[0] in PACKAGES}  # (the tests reach into everything)
    assert {m for m in ours if "bot.posting.publisher" in GRAPH[m]} == {"bot.service.client"}
    posting = {"tell_turn", "remind", "direct"}
    users = {m for m in ours if _names_imported(m, "bot.posting.telling") & posting}
    assert users == {"bot.posting.publisher", "bot.posting.game_messages"}, users
