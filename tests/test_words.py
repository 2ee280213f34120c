"""The message layer is the one place that makes words: a sentence anywhere else in bot/ or games/ fails.

Every string literal of those packages outside `bot/words/` is read with `ast`; one that holds
two words in a row ("It is", "your turn") is English prose and must live in the message layer.
Docstrings, log lines, assertions and programming errors (ValueError…) are read by developers
and operators, never by a player; `bot/__main__.py`, `bot/service/config.py`, `bot/service/startup.py` and the
operator's endpoints, logs and metrics (`bot/service/health.py`, `bot/service/logs.py`,
`bot/service/metrics.py`) speak to
the person starting the bot.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from bot.words import refusals
from games.errors import Reason

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["bot", "games", "rendering"]  # rules: its CLI and replay errors speak to developers
MESSAGE_LAYER = ROOT / "bot" / "words"
OPERATOR_MODULES = {ROOT / "bot" / "__main__.py"} | {
    ROOT / "bot" / "service" / name for name in ("config.py", "startup.py", "health.py", "logs.py", "metrics.py")
}
OPERATOR_MODULES.add(ROOT / "rendering" / "regenerate.py")  # writes committed code for developers
PROGRAMMING_ERRORS = {"ValueError", "TypeError", "IndexError", "KeyError", "RuntimeError", "AssertionError"}
PROGRAMMING_ERRORS |= {"NotImplementedError"}
LOGGING = {"debug", "info", "warning", "error", "exception", "critical", "log_event", "log_league"}
PROSE = re.compile(r"[A-Za-z]{2,}[ ,;:]+[A-Za-z]{2,}")


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _logged(tree: ast.AST) -> set[int]:
    """The string nodes inside logging calls (log.info(...), log_event(game, ...))."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in LOGGING or name in PROGRAMMING_ERRORS:
                ids.update(id(n) for arg in node.args for n in ast.walk(arg))
        elif isinstance(node, ast.Assert) and node.msg is not None:
            ids.update(id(n) for n in ast.walk(node.msg))
    return ids


def sentences_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree) | _logged(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if PROSE.search(node.value):
                found.append(f"{path.parent.name}/{path.name}:{node.lineno}: {node.value!r}")
    return found


def test_the_check_sees_a_sentence_and_leaves_logs_and_docstrings_alone(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A module."""\nimport logging\nlog = logging.getLogger("x")\n'
        'def f(name):\n    """Does things."""\n    log.info("user %s joined the game", name)\n'
        '    return f"{name} joined the game."\n'
    )
    found = sentences_in(sample)
    assert len(found) == 1 and "joined the game." in found[0]


def test_no_sentence_is_built_outside_the_message_layer():
    found = []
    for package in CHECKED:
        for path in sorted((ROOT / package).rglob("*.py")):
            if MESSAGE_LAYER not in path.parents and path not in OPERATOR_MODULES:
                found += sentences_in(path)
    assert found == [], "\n".join(found)


def test_every_refusal_reason_has_one_sentence_with_its_placeholders():
    assert set(refusals.REFUSALS) == set(Reason)
    for reason, text in refusals.REFUSALS.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        allowed = {"host", "to_move", "member", "seats", "least", "most", "seated", "problem", "problems"}
        allowed |= {"game", "left", "zone", "value", "start", "end"}  # a game's number; away, quiet hours and dates
        allowed |= {"played", "share"}  # a league's entry conditions: what the asker has
        assert fields <= allowed | {"count", "wait"}, reason


@pytest.mark.parametrize("module", sorted(p.stem for p in MESSAGE_LAYER.glob("*.py") if p.stem != "__init__"))
def test_every_message_module_says_what_it_is_for(module):
    tree = ast.parse((MESSAGE_LAYER / f"{module}.py").read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), f"bot/words/{module}.py has no docstring"


# The message layer's texts that are not translated where they are: command descriptions and help
# topics (catalogued from the command tree and HELP) and the sandbox's terminal.
NOT_MARKED_MODULES = {"__init__", "commands", "help", "sandbox"}
NOT_MARKED_NAMES = {"EXAMPLE_PLAN"}  # plan keywords, each translated as a msgctxt "plan" entry
MARKERS = {"N_", "Nn_", "Np_", "Nnp_"}


def unmarked_texts(path: Path) -> list[str]:
    """The texts of a message module's constants that are not marked `N_(...)`/`Nn_(...)`, so the
    catalogue would not have them and every language would show them in English."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in MARKERS:
            return
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip():
            found.append(f"bot/words/{path.name}:{node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Dict):
            for value in node.values:
                visit(value)
        elif isinstance(node, ast.Tuple | ast.List):
            for item in node.elts:
                visit(item)

    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            names = {t.id for t in statement.targets if isinstance(t, ast.Name)}
            if names and not names & NOT_MARKED_NAMES:
                visit(statement.value)
    return found


def test_every_text_of_the_message_layer_is_marked_for_translation():
    found = []
    for path in sorted(MESSAGE_LAYER.glob("*.py")):
        if path.stem not in NOT_MARKED_MODULES:
            found += unmarked_texts(path)
    assert found == [], "mark these N_(...) (or Nn_(one, other)) and run scripts/extract_messages.py:\n" + "\n".join(
        found
    )


def test_the_marking_check_finds_an_unmarked_text(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('X = N_("marked")\nY = {"a": "not marked", "b": N_("marked")}\nZ = Nn_("{n} a", "{n} b")\n')
    assert unmarked_texts(sample) == ["bot/words/sample.py:2: 'not marked'"]
