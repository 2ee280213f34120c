"""The web board's way in, stored: the links that open it in a browser and the sessions they open.

A link (`/coal board link:true`, the "Open the board" button) is stored by the SHA-256 of its id with the
person and the game it is for, and expires within minutes; it is exchanged once (`use_link`) for a session. A session
(from a link, or from the Activity's sign-in with Discord) is stored by the SHA-256 of its token — the
token itself is only ever in the page — with the person, the game's channel and when it expires; it can
be revoked. Both go when the person is forgotten or the server's data is purged (`storage.personal`).
"""

from __future__ import annotations

import hashlib

from .part import Part


def token_hash(token: str) -> str:
    """What a session's token, or a link's id, is kept as (neither is ever stored or logged as it is)."""
    return hashlib.sha256(token.encode()).hexdigest()


class WebAccess(Part):
    """The Store's links and sessions of the web board."""

    async def add_link(self, link_id: str, user_id: int, game_id: int, expires_at: float) -> None:
        async with self.backend.write() as tx:
            await tx.execute(
                "INSERT INTO web_links (id, user_id, game_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                (token_hash(link_id), user_id, game_id, self.clock(), expires_at),
            )

    async def use_link(self, link_id: str) -> tuple[int, int] | None:
        """Exchange a link, once: (user, game) if it exists, has not expired and was not used; None otherwise.
        One transaction, so two exchanges of one link at once give one session."""
        now = self.clock()
        async with self.backend.write() as tx:
            rows = await tx.fetch(
                "UPDATE web_links SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?"
                " RETURNING user_id, game_id",
                (now, token_hash(link_id), now),
            )
        return (int(rows[0][0]), int(rows[0][1])) if rows else None

    async def add_session(self, token: str, user_id: int, channel_id: int, expires_at: float) -> None:
        async with self.backend.write() as tx:
            await tx.execute(
                "INSERT INTO web_sessions (id, user_id, channel_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                (token_hash(token), user_id, channel_id, self.clock(), expires_at),
            )

    async def session(self, token: str) -> tuple[int, int] | None:
        """(user, channel) of a session that is neither expired nor revoked; None otherwise."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT user_id, channel_id FROM web_sessions WHERE id = ? AND expires_at > ? AND revoked = 0",
                (token_hash(token), self.clock()),
            )
        return (int(rows[0][0]), int(rows[0][1])) if rows else None

    async def revoke_sessions(self, user_id: int) -> int:
        """End every board session of `user_id` (and their unused links); how many sessions."""
        async with self.backend.write() as tx:
            await tx.execute("UPDATE web_links SET used_at = ? WHERE user_id = ? AND used_at IS NULL", (0.0, user_id))
            return await tx.execute("UPDATE web_sessions SET revoked = 1 WHERE user_id = ? AND revoked = 0", (user_id,))

    async def drop_expired(self, before: float) -> int:
        """Forget the links and sessions that expired before `before`; how many."""
        async with self.backend.write() as tx:
            links = await tx.execute("DELETE FROM web_links WHERE expires_at < ?", (before,))
            sessions = await tx.execute("DELETE FROM web_sessions WHERE expires_at < ?", (before,))
        return links + sessions
