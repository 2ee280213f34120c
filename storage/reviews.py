"""The post-game reviews, stored: a finished game's race and its decisions judged so far, computed once.

A review is one row per game (`reviews`), its figures as JSON (`data`: the race and the verdicts, by seat
number, no name: the names are the game's seats' at the time it is shown, so a forgotten player's review
shows their pseudonym). It is started with the number of decisions to judge (`total`), a verdict is added
as each is judged (a restart goes on where it stopped), it is done when all are, and `posted` notes that its
message went to the game's channel. It goes with the game when the server's data is purged.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .part import Part


@dataclass(frozen=True, slots=True)
class StoredReview:
    game_id: int
    total: int
    data: dict[str, Any]  # {"race": ..., "verdicts": [...]}
    done: bool
    posted: bool
    message: tuple[int, int] | None = None  # (channel, message) of the final scores, whose Review counts up

    @property
    def judged(self) -> int:
        return len(self.data.get("verdicts", []))


COLUMNS = "game_id, total, data, done_at, posted, channel_id, message_id"


def _review(row: Any) -> StoredReview:
    message = (int(row[5]), int(row[6])) if row[5] is not None and row[6] is not None else None
    return StoredReview(int(row[0]), int(row[1]), json.loads(row[2]), row[3] is not None, bool(row[4]), message)


class Reviews(Part):
    """The Store's post-game reviews."""

    async def start(
        self, game_id: int, total: int, race: dict[str, Any], message: tuple[int, int] | None = None
    ) -> bool:
        """Begin a game's review with its race and `total` decisions to judge, and where its final scores are
        (`message`: channel, message); False when it has one."""
        data = json.dumps({"race": race, "verdicts": []})
        channel_id, message_id = message if message is not None else (None, None)
        async with self.backend.write() as tx:
            found = await tx.fetch("SELECT 1 FROM reviews WHERE game_id = ?", (game_id,))
            if found:
                return False
            await tx.execute(
                "INSERT INTO reviews (game_id, total, data, created_at, channel_id, message_id)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, total, data, self.clock(), channel_id, message_id),
            )
        return True

    async def add_verdict(self, game_id: int, position: int, verdict: dict[str, Any]) -> StoredReview | None:
        """Add the verdict of the `position`-th decision (0-based) unless it is there already (a second
        reviewer, or a retry after a restart); done once all are in. The review after it, None if none."""
        async with self.backend.write() as tx:
            rows = await tx.fetch(f"SELECT {COLUMNS} FROM reviews WHERE game_id = ?", (game_id,))
            if not rows:
                return None
            review = _review(rows[0])
            verdicts = review.data["verdicts"]
            if position == len(verdicts):
                verdicts.append(verdict)
                done_at = self.clock() if len(verdicts) >= review.total else None
                await tx.execute(
                    "UPDATE reviews SET data = ?, done_at = ? WHERE game_id = ?",
                    (json.dumps(review.data), done_at, game_id),
                )
                review = StoredReview(
                    game_id, review.total, review.data, done_at is not None, review.posted, review.message
                )
        return review

    async def get(self, game_id: int) -> StoredReview | None:
        async with self.backend.read() as tx:
            rows = await tx.fetch(f"SELECT {COLUMNS} FROM reviews WHERE game_id = ?", (game_id,))
        return _review(rows[0]) if rows else None

    async def unfinished(self) -> list[int]:
        """The games whose review is not done, oldest first (a restart takes them up again)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch("SELECT game_id FROM reviews WHERE done_at IS NULL ORDER BY created_at")
        return [int(g) for (g,) in rows]

    async def unposted(self) -> list[int]:
        """The games whose review is done and not yet posted in their channel."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT game_id FROM reviews WHERE done_at IS NOT NULL AND posted = 0 ORDER BY done_at"
            )
        return [int(g) for (g,) in rows]

    async def mark_posted(self, game_id: int) -> None:
        async with self.backend.write() as tx:
            await tx.execute("UPDATE reviews SET posted = 1 WHERE game_id = ?", (game_id,))
