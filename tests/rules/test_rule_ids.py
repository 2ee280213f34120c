"""Every rule id the project cites (`R-FAC-2`, `R-MINE-1..8`) is defined in docs/rules.md."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES_DOC = ROOT / "docs" / "rules.md"
CITED = re.compile(r"\b(R-[A-Z]+)-(\d+)(?:\.\.(\d+))?")
DEFINED = re.compile(r"^\| (R-[A-Z]+-\d+) \|", re.MULTILINE)


def _sources() -> list[Path]:
    files = [ROOT / "README.md", *ROOT.glob("docs/*.md")]
    for package in ("rules", "storage", "rendering", "bot", "games", "players", "bench", "tests"):
        files += (ROOT / package).rglob("*.py")
    return [f for f in files if f.is_file() and f != RULES_DOC]


def _cited(text: str) -> set[str]:
    ids = set()
    for group, first, last in CITED.findall(text):
        ids.add(f"{group}-{first}")
        if last:  # a range: R-MINE-1..8 cites R-MINE-8 too
            ids.add(f"{group}-{last}")
    return ids


def test_every_cited_rule_id_is_defined_in_docs_rules_md():
    defined = set(DEFINED.findall(RULES_DOC.read_text(encoding="utf-8")))
    missing = {}
    for path in _sources():
        for rule in _cited(path.read_text(encoding="utf-8")) - defined:
            missing.setdefault(rule, []).append(str(path.relative_to(ROOT)))
    assert not missing, f"rule ids cited but not in docs/rules.md: {missing}"


def test_the_check_sees_citations_and_ranges():
    """The check itself can fail: a made-up id is caught, and both ends of a range count."""
    assert _cited("see R-MINE-1..8 and R-FAC-2") == {"R-MINE-1", "R-MINE-8", "R-FAC-2"}
    defined = set(DEFINED.findall(RULES_DOC.read_text(encoding="utf-8")))
    made_up = "R-FAC-" + "99"  # spelt in two pieces so this file does not cite it
    assert {"R-FAC-2", "R-MINE-8", "R-VIS-2", "R-END-6"} <= defined and made_up not in defined
