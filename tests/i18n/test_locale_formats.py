"""Dates and times in what players read come from CLDR (issue 78, locale formatting by hand): a fixed pattern
gave "火 20 1月 2026" in Japanese and "So. 25 Jan. 2026" in German, and the history wrote ISO dates. A date
or time is formatted by `bot.words.common` (Babel's skeletons) or is a Discord timestamp (in the reader's own
locale); no player-facing module of bot/ or games/ formats one with a pattern of its own — this test reads
them with `ast` and fails on a `strftime` or a Babel date call given a pattern."""

from __future__ import annotations

import ast
import datetime as dt
from pathlib import Path

import pytest

from bot.i18n import speaking
from bot.words.common import day_text, day_time_text, time_text

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("bot", "games")
OPERATOR = {ROOT / "bot" / "__main__.py"} | set((ROOT / "bot" / "service").glob("*.py"))  # speak to operators
DATE_CALLS = {"strftime", "format_date", "format_datetime", "format_time"}


def hand_made(path: Path) -> list[str]:
    """`strftime(...)`, or a Babel date call given a pattern (a string literal), in `path`: line and call."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name not in DATE_CALLS:
            continue
        literal = [a for a in [*node.args, *(k.value for k in node.keywords)] if isinstance(a, ast.Constant)]
        if name == "strftime" or any(isinstance(a.value, str) for a in literal):
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
            found.append(f"{where}:{node.lineno}: {name}")
    return found


def test_no_player_facing_module_formats_a_date_with_a_pattern_of_its_own():
    modules = [p for package in CHECKED for p in (ROOT / package).rglob("*.py") if p not in OPERATOR]
    assert [hit for p in modules for hit in hand_made(p)] == []


def test_the_check_finds_a_pattern(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        'x = d.strftime("%Y-%m-%d")\ny = format_date(d, "EEE d MMM y", locale="ja")\nz = format_date(d)\n'
    )
    assert [h.rsplit(": ", 1)[1] for h in hand_made(sample)] == ["strftime", "format_date"]


@pytest.mark.parametrize(
    ("lang", "day", "moment"),
    [
        ("en", "Tue, Jan 20, 2026", "Sun, Jan 4, 2026, 00:00"),
        ("it", "mar 20 gen 2026", "dom 4 gen 2026, 00:00"),
        ("es", "mar, 20 ene 2026", "dom, 4 ene 2026, 0:00"),
        ("de", "Di., 20. Jan. 2026", "So., 4. Jan. 2026, 00:00"),
        ("ja", "2026年1月20日(火)", "2026年1月4日(日) 0:00"),
    ],
)
def test_days_and_times_read_as_each_language_writes_them(lang, day, moment):
    with speaking(lang):
        assert day_text(dt.date(2026, 1, 20)) == day
        assert day_time_text(dt.datetime(2026, 1, 4, 0, 0)) == moment
        assert time_text(dt.datetime(2026, 1, 4, 9, 5)) in ("09:05", "9:05")
