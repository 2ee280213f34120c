"""A server's ladder by season (issue 76): the server chooses monthly or quarterly seasons (`/coal host
defaults season:`); each season's ladder is rated from that season's games alone, so it starts empty at the
season's start, and a season that has ended keeps its final table (`storage.ladders`, `season_ratings`).
The everlasting ladder goes on beside it. A game belongs to the season in which it finished (UTC)."""

from __future__ import annotations

from datetime import UTC, datetime

KINDS = ("monthly", "quarterly")


def season_of(kind: str | None, when: float) -> str | None:
    """The season a moment (unix seconds) falls in: "2026-12" (monthly), "2026-Q4" (quarterly); None
    for a server without seasons."""
    if kind not in KINDS:
        return None
    at = datetime.fromtimestamp(when, UTC)
    if kind == "monthly":
        return f"{at.year}-{str(at.month).zfill(2)}"  # an identifier, sorted as text; shown by `season_start`
    return f"{at.year}-Q{(at.month - 1) // 3 + 1}"


def season_start(season: str) -> tuple[datetime, bool]:
    """The first day of a season ("2026-12", "2026-Q4") and whether it is a quarter (for showing it in
    words: `bot.words.common.season_text`); ValueError for anything else."""
    year, _sep, part = season.partition("-")
    if part.startswith("Q") and part[1:] in ("1", "2", "3", "4"):
        return datetime(int(year), 3 * int(part[1:]) - 2, 1, tzinfo=UTC), True
    return datetime(int(year), int(part), 1, tzinfo=UTC), False
