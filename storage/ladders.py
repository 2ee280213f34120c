"""The server ladders in the database (`games.ratings` computes them): each person's rating in each server,
and each rated game's change of it."""

from __future__ import annotations

from collections.abc import Sequence

from .models import FinishedResult, RatingChange, RatingRow
from .part import Part
from .personal import people_covered


class Ladders(Part):
    """The Store's ratings."""

    async def ratings(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, RatingRow]:
        """The ratings these people have in the server (none yet: not in the answer)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                f"SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND user_id IN ({marks})",
                (guild_id, *user_ids),
            )
        return {r[0]: RatingRow(r[0], r[1], r[2], r[3]) for r in rows}

    async def save_ratings(
        self,
        guild_id: int,
        changes: Sequence[RatingChange],
        season: str | None = None,
        season_changes: Sequence[RatingChange] = (),
    ) -> bool:
        """Store one game's rating changes and the new ratings, in one transaction, and its season's new
        ratings (`season_changes`, rated from the season's games alone); False (and nothing written) when
        the game was rated already. A person whose request to be forgotten covers the game is left out (a
        request made while the rating was worked out included)."""
        if not changes:
            return False
        now = self.clock()
        try:
            async with self.backend.write() as tx:
                leaving = await people_covered(tx, changes[0].game_id)
                for c in changes:
                    if c.user_id in leaving:
                        continue
                    await tx.execute(
                        "INSERT INTO rating_changes (game_id, user_id, mu_before, sigma_before, mu, sigma, at)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (c.game_id, c.user_id, c.mu_before, c.sigma_before, c.mu, c.sigma, now),
                    )
                    await tx.execute(
                        "INSERT INTO ratings (guild_id, user_id, mu, sigma, games, updated_at)"
                        " VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, user_id)"
                        " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
                        " games = ratings.games + 1, updated_at = excluded.updated_at",
                        (guild_id, c.user_id, c.mu, c.sigma, now),
                    )
                for c in season_changes if season is not None else ():
                    if c.user_id in leaving:
                        continue
                    await tx.execute(
                        "INSERT INTO season_ratings (guild_id, season, user_id, mu, sigma, games, updated_at)"
                        " VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, season, user_id)"
                        " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
                        " games = season_ratings.games + 1, updated_at = excluded.updated_at",
                        (guild_id, season, c.user_id, c.mu, c.sigma, now),
                    )
        except Exception as err:
            if self.backend.is_unique_violation(err):  # rated already (a retry after a crash, or a race)
                return False
            raise
        return True

    async def season_ratings(self, guild_id: int, season: str, user_ids: Sequence[int]) -> dict[int, RatingRow]:
        """The ratings these people have in the server's season (none yet: not in the answer)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT user_id, mu, sigma, games FROM season_ratings WHERE guild_id = ? AND season = ?"
                f" AND user_id IN ({marks})",
                (guild_id, season, *user_ids),
            )
        return {r[0]: RatingRow(r[0], r[1], r[2], r[3]) for r in rows}

    async def season_board(self, guild_id: int, season: str, limit: int = 10) -> list[RatingRow]:
        """A season's best rated people, by mu - 3 sigma (the season's final table once it has ended)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT user_id, mu, sigma, games FROM season_ratings WHERE guild_id = ? AND season = ?"
                " ORDER BY mu - 3 * sigma DESC, user_id LIMIT ?",
                (guild_id, season, limit),
            )
        return [RatingRow(r[0], r[1], r[2], r[3]) for r in rows]

    async def season_rank(self, guild_id: int, season: str, user_id: int) -> tuple[int, int] | None:
        """A person's place in a season's ladder and how many are in it; None when unrated there."""
        rows = await self.season_board(guild_id, season, limit=100_000)
        place = next((k for k, r in enumerate(rows, start=1) if r.user_id == user_id), None)
        return None if place is None else (place, len(rows))

    async def seasons(self, guild_id: int) -> list[str]:
        """The server's seasons that have a ladder, newest first."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT DISTINCT season FROM season_ratings WHERE guild_id = ? ORDER BY season DESC", (guild_id,)
            )
        return [str(s) for (s,) in rows]

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[RatingRow]:
        """The server's best rated people, by mu - 3 sigma."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ?"
                " ORDER BY mu - 3 * sigma DESC, user_id LIMIT ?",
                (guild_id, limit),
            )
        return [RatingRow(r[0], r[1], r[2], r[3]) for r in rows]

    async def rank(self, guild_id: int, user_id: int) -> tuple[int, int] | None:
        """A person's place in the server's ladder and how many are in it; None when unrated."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT (SELECT count(*) FROM ratings o WHERE o.guild_id = r.guild_id"
                "        AND (o.mu - 3 * o.sigma > r.mu - 3 * r.sigma"
                "             OR o.mu - 3 * o.sigma = r.mu - 3 * r.sigma AND o.user_id < r.user_id)) + 1,"
                " (SELECT count(*) FROM ratings o WHERE o.guild_id = r.guild_id)"
                " FROM ratings r WHERE r.guild_id = ? AND r.user_id = ?",
                (guild_id, user_id),
            )
        return (int(rows[0][0]), int(rows[0][1])) if rows else None

    async def rating_history(self, guild_id: int, user_id: int, limit: int = 10) -> list[RatingChange]:
        """A person's latest rating changes in the server, newest first."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT c.game_id, c.user_id, c.mu_before, c.sigma_before, c.mu, c.sigma, c.at"
                " FROM rating_changes c JOIN games g ON g.id = c.game_id"
                " WHERE c.user_id = ? AND g.guild_id = ? ORDER BY c.at DESC, c.game_id DESC LIMIT ?",
                (user_id, guild_id, limit),
            )
        return [RatingChange(*r) for r in rows]

    async def unrated_results(self) -> list[FinishedResult]:
        """Every finished game without rating changes, oldest first, with each seat's user and VP
        (`games.ratings` rates those with two people or more; a restart after a crash finishes the job)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT g.id, g.guild_id, g.updated_at, s.user_id, s.vp FROM games g JOIN seats s ON s.game_id = g.id"
                " WHERE g.status = 'finished' AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = g.id)"
                " ORDER BY g.updated_at, g.id, s.seat"
            )
        found: dict[int, FinishedResult] = {}
        for gid, guild, at, user, vp in rows:
            old = found.get(gid)
            seat = ((user, int(vp or 0)),)
            found[gid] = FinishedResult(gid, guild, at, (old.results if old else ()) + seat)
        return list(found.values())
