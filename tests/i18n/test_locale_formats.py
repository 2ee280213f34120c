"""Dates and times in what players read come from CLDR (issue 78, locale formatting by hand): a fixed pattern
gave "火 20 1月 2026" in Japanese and "So. 25 Jan. 2026" in German, and the history wrote ISO dates. A date
or time is formatted by `bot.words.common` (Babel's skeletons) or is a Discord timestamp (in the reader's own
locale); no player-facing module of bot/ or games/ formats one with a pattern of its own — this test reads
them with `ast` and fails on a `strftime` or a Babel date call given a pattern."""

from __future__ import annotations

import ast
import datetime as dt
import re
from pathlib import Path

import pytest

from bot.i18n import read_catalogue, speaking
from bot.words.common import day_text, day_time_text, decimal, percent, signed, time_text

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


# --- numbers -------------------------------------------------------------------------------------------------
# A Python format spec for a number ("{x:.1f}", "{x:+.0f}", "{m:02d}") writes the point and the digits the same
# in every language: "95.0" in Italian, Spanish and German stats (issue 78). Numbers are written by
# `bot.words.common` (decimal, signed, percent: Babel's, with CLDR's symbols), never by a spec.
NUMBER_SPEC = re.compile(r"^[+\- ]?#?0?\d*[,_]?(?:\.\d+)?[bdeEfFgGn%xX]$")


def number_specs(path: Path) -> list[str]:
    """The f-string placeholders of `path` formatting a number by a spec of their own: line and spec."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FormattedValue) and isinstance(node.format_spec, ast.JoinedStr):
            spec = "".join(str(v.value) for v in node.format_spec.values if isinstance(v, ast.Constant))
            if NUMBER_SPEC.match(spec):
                where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
                found.append(f"{where}:{node.lineno}: {spec}")
    return found


def test_no_player_facing_module_formats_a_number_with_a_spec_of_its_own():
    modules = [p for package in CHECKED for p in (ROOT / package).rglob("*.py") if p not in OPERATOR]
    assert [hit for p in modules for hit in number_specs(p)] == []


def test_the_number_check_finds_a_spec(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('a = f"{x:.1f}"\nb = f"{y:+.0f} {z:02d}"\nc = f"{name!r} {w:>8}"\n')
    assert [h.rsplit(": ", 1)[1] for h in number_specs(sample)] == [".1f", "+.0f", "02d"]


def test_no_message_formats_its_own_numbers():
    """A msgid's placeholder never carries a spec: `{average:.1f}` made every catalogue write "95.0"."""
    specs = [m.id for m in read_catalogue("en") if m.id and re.search(r"\{\w+:[^}]*\}", str(m.id))]
    assert specs == []


@pytest.mark.parametrize(
    ("lang", "figures"),
    [
        ("en", ("1,234.5", "+3", "-2.5", "25%")),
        ("it", ("1.234,5", "+3", "-2,5", "25%")),
        ("es", ("1.234,5", "+3", "-2,5", "25\u00a0%")),  # a no-break space before the sign
        ("de", ("1.234,5", "+3", "-2,5", "25\u00a0%")),
        ("ja", ("1,234.5", "+3", "-2.5", "25%")),
    ],
)
def test_numbers_read_as_each_language_writes_them(lang, figures):
    with speaking(lang):
        assert (decimal(1234.46), signed(3.2), signed(-2.46, 1), percent(0.25)) == figures


def test_a_player_s_stats_and_rating_have_the_languages_decimal_sign():
    from bot.words.status import rating_line, stats_message
    from storage import PlayerStats, RatingChange, RatingRow

    stats = PlayerStats(games=4, wins=1, average_vp=95.25, best_vp=120)
    row = RatingRow(user_id=1, mu=30.0, sigma=5.9, games=4)  # 12.3
    up = RatingChange(game_id=3, user_id=1, mu_before=25.0, sigma_before=8.0, mu=27.0, sigma=7.75)  # +2.75
    with speaking("de"):
        assert "im Schnitt 95,2 SP" in stats_message(1, stats)
        assert rating_line(row, [up]).startswith("Spielstärke 12,3; letzte Änderungen: +2,8.")


def test_italian_never_puts_an_article_before_a_pasted_percent():
    """it "nel 0%": the article of a number agrees with how it is read ("lo 0%", "l'8%", "il 10%"), which a
    pasted figure cannot know; the Italian sentences are written around the figure instead."""
    article = re.compile(
        r"\b(?:il|lo|l'|nel|nello|nell'|del|dello|dell'|al|allo|all'|dal|dallo|sul|sullo)\s*\{(?:share|percent)\}"
    )
    found = [m.string for m in read_catalogue("it") if m.string and article.search(str(m.string))]
    assert found == []
