"""The rendering package's imports point one way: drawing modules return images, one module on top encodes."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "rendering"
SCRIPTS = {"samples", "regenerate"}  # run by hand, on top of everything; nothing imports them


def _imports() -> dict[str, set[str]]:
    """Each module's imports of sibling modules, at any depth of the file (a function's imports count)."""
    graph: dict[str, set[str]] = {}
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    for path in PACKAGE.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found |= {a.name for a in node.names if a.name in modules}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rendering."):
                found.add((node.module or "").split(".")[1])
        graph[path.stem] = found & modules
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n) :] + [n]
            if n not in state and (found := visit(n)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_no_import_cycle():
    graph = _imports()
    assert _cycle(graph) is None, _cycle(graph)
    # and the check itself finds one
    assert _cycle({**graph, "png": graph["png"] | {"board"}, "board": graph["board"] | {"png"}}) is not None


def test_drawing_modules_do_not_encode_and_the_encoder_does_not_draw():
    graph = _imports()
    assert graph["png"] <= {"palette", "palette_table"}
    for drawing in ("board", "pit", "scoring", "turn", "cards", "icons"):
        # the turn image maps its pieces onto the palette (png.quantize), it does not encode
        assert "png" not in graph[drawing] or drawing == "turn", drawing
        assert "render" not in graph[drawing]
    assert not any(SCRIPTS & graph[m] for m in graph if m not in SCRIPTS)
    assert {"board", "pit", "scoring", "turn", "png"} <= graph["render"]
