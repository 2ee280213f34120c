"""Personal data has one owner: every column that holds a person's id or name, what a person may see of it,
and how it is forgotten; and a server's data deleted when the bot has left it (PRIVACY.md says it in words).

`PERSONAL` names every column that holds a Discord user id or a stored form of a person's name, and
`NOT_PERSONAL` every other column, each with why; `tests/storage/test_personal.py` fails on a column of
the schema in neither, and on a personal one that PRIVACY.md does not name.

Forgetting a person (`Personal.forget` starts it; `games.privacy` carries it out): their settings,
ratings and rating changes go at once; in every game that has ended their id and every stored form of
their name become a pseudonym ("Former player 1", id -1), the whole game in one transaction, so that it
still replays; a running game keeps them until it ends (a computer plays the seat meanwhile), and the
request (`forget_requests`) stays until then.

A request covers what was stored when it was made: the games that held the person then are written down
with it (`forget_covers`), and only those are left, handed over and renamed. A game they open or join
while the request waits is theirs like any game (it is rated, and nobody takes their seat); asking again
covers it too.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from rules import EVENTS, GameState
from rules.names import rename_in_events, rename_in_state

from .backend import Tx
from .models import GameSettings
from .part import Part
from .rows import fetch_game

PSEUDONYM = "Former player {k}"  # a forgotten person's name in a game; their id there is -k
# (table, column): what it holds of a person.
PERSONAL: dict[tuple[str, str], str] = {
    ("games", "host_id"): "the host's user id",
    ("games", "state"): "the players' names, inside the game's state (JSON)",
    ("games", "options"): "the names of seats a computer plays, inside the game's options (JSON)",
    ("games", "to_move"): "the name of the player to move",
    ("seats", "user_id"): "each seat's user id",
    ("seats", "name"): "each seat's name (the display name when they sat down)",
    ("actions", "user_id"): "who made each move (a user id)",
    ("actions", "player"): "the name of the seat each move was made for",
    ("actions", "at"): "when each move was made (how long a person takes to move is worked out from it)",
    ("outbox", "payload"): "posts still to be made: the events of a turn (players' names), who a lobby pings",
    ("player_settings", "user_id"): "whose settings",
    ("player_settings", "ping"): "how they want to be told it is their turn",
    ("player_settings", "reminder"): "whether they want the reminder",
    ("player_settings", "images"): "which messages carry the board for them",
    ("player_settings", "language"): "the language of their direct messages",
    ("player_settings", "dm_refused"): "whether a direct message to them was refused",
    ("player_settings", "updated_at"): "when they last changed a setting",
    ("player_settings", "away_until"): "the date they are away until (`/coal me away`)",
    ("player_settings", "time_zone"): "their time zone (`/coal me quiet`)",
    ("player_settings", "quiet_from"): "when their quiet hours begin, in their time zone",
    ("player_settings", "quiet_to"): "when their quiet hours end",
    ("player_settings", "heads_up"): "whether they want a direct message when they are next to move",
    ("away_periods", "user_id"): "who was away",
    ("away_periods", "started_at"): "when they set themselves away",
    ("away_periods", "until"): "the date they set",
    ("away_periods", "ended_at"): "when they came back (at the date, or earlier)",
    ("ratings", "user_id"): "whose rating",
    ("ratings", "mu"): "their rating",
    ("ratings", "sigma"): "how sure the rating is",
    ("ratings", "games"): "how many rated games they played",
    ("ratings", "updated_at"): "when it last changed",
    ("rating_changes", "user_id"): "whose rating changed",
    ("rating_changes", "mu_before"): "their rating before the game",
    ("rating_changes", "sigma_before"): "how sure it was",
    ("rating_changes", "mu"): "their rating after it",
    ("rating_changes", "sigma"): "how sure it is",
    ("rating_changes", "at"): "when",
    ("server_defaults", "updated_by"): "who last changed the server's defaults (a user id)",
    ("forget_requests", "user_id"): "who asked to be forgotten, until their running games have ended",
    ("forget_requests", "requested_at"): "when they asked",
    ("forget_covers", "user_id"): "whose request to be forgotten covers the game",
    ("web_links", "user_id"): "who a link to the web board was made for",
    ("web_sessions", "user_id"): "whose session of the web board it is",
    ("web_sessions", "created_at"): "when they opened the board",
    ("leagues", "host_id"): "who opened a league (a user id)",
    ("leagues", "final"): "a league's final standings: each player's user id and points (JSON)",
    ("league_players", "user_id"): "who signed up for a league",
    ("league_players", "name"): "their name when they signed up",
    ("league_players", "joined_at"): "when they signed up",
    ("league_players", "withdrawn_round"): "the round they withdrew in",
    ("league_tables", "users"): "who sat at each table of a league's round (user ids, JSON)",
    ("season_ratings", "user_id"): "whose rating in a season",
    ("season_ratings", "mu"): "their rating in the season",
    ("season_ratings", "sigma"): "how sure it is",
    ("season_ratings", "games"): "how many rated games they played in the season",
    ("season_ratings", "updated_at"): "when it last changed",
}
NOT_PERSONAL: dict[tuple[str, str], str] = {
    **{
        ("games", c): "the game itself"
        for c in ("id", "guild_id", "channel_id", "status", "seed", "version", "created_at", "updated_at")
    },
    **{("games", c): "the game's turn timer" for c in ("deadline", "reminded", "held_ping")},
    ("games", "rematch_of"): "the game a rematch came from",
    **{("seats", c): "the seat's place, colour and result" for c in ("game_id", "seat", "colour", "vp", "won")},
    ("seats", "missed"): "turns in a row the timer played for the seat",
    **{("actions", c): "the move itself" for c in ("game_id", "seq", "action", "auto")},
    **{
        ("outbox", c): "the post's bookkeeping"
        for c in ("id", "game_id", "seq", "kind", "attempts", "last_error", "created_at", "posted_at", "parts")
    },
    ("ratings", "guild_id"): "the server",
    ("rating_changes", "game_id"): "the rated game",
    **{("server_defaults", c): "the server's choices" for c in ("guild_id", "options", "updated_at")},
    **{("bot_state", c): "the bot's own notes" for c in ("key", "value", "updated_at")},
    ("forget_requests", "asked_by"): "whether the person or the operator asked",
    ("forget_covers", "game_id"): "a game a request to be forgotten covers (one that held them when they asked)",
    **{("web_links", c): "the link's bookkeeping" for c in ("id", "game_id", "created_at", "expires_at", "used_at")},
    **{("web_sessions", c): "the session's bookkeeping" for c in ("id", "channel_id", "expires_at", "revoked")},
    **{("guild_departures", c): "a server that removed the bot" for c in ("guild_id", "left_at", "purge_at")},
    **{
        ("reviews", c): "a finished game's review: its figures by seat number, no name, no user id"
        for c in ("game_id", "total", "data", "created_at", "done_at", "posted", "channel_id", "message_id")
    },
    **{
        ("leagues", c): "the league itself: where, its format, rounds and conditions, its state"
        for c in (
            "id",
            "guild_id",
            "channel_id",
            "message_id",
            "format",
            "rounds",
            "table_size",
            "options",
            "signup_until",
            "max_players",
            "min_games",
            "min_reliability",
            "status",
            "round",
            "schedule",
            "created_at",
            "finished_at",
        )
    },
    ("league_players", "league_id"): "the league",
    **{("season_ratings", c): "the server and the season" for c in ("guild_id", "season")},
    **{
        ("league_tables", c): "the table's place and its game"
        for c in ("league_id", "round", "table_no", "game_id", "thread_id")
    },
    ("purging", "game_id"): "a game being deleted, inside that transaction only",
    **{("coalbaron_schema", c): "the schema's version" for c in ("application_id", "version")},
}


class Personal(Part):
    """The Store's personal data: what a person may see, forgetting them, and a departed server's purge."""

    # --- a person's own data ----------------------------------------------------------------

    async def user_data(self, user_id: int) -> dict[str, Any]:
        """Everything stored about `user_id`, in every server, as one JSON-ready document."""
        async with self.backend.read() as tx:
            settings = await tx.fetch(
                "SELECT ping, reminder, images, language, dm_refused, updated_at, away_until, time_zone,"
                " quiet_from, quiet_to, heads_up FROM player_settings WHERE user_id = ?",
                (user_id,),
            )
            ratings = await tx.fetch(
                "SELECT guild_id, mu, sigma, games, updated_at FROM ratings WHERE user_id = ? ORDER BY guild_id",
                (user_id,),
            )
            seasons = await tx.fetch(
                "SELECT guild_id, season, mu, sigma, games, updated_at FROM season_ratings WHERE user_id = ?"
                " ORDER BY guild_id, season",
                (user_id,),
            )
            changes = await tx.fetch(
                "SELECT c.game_id, g.guild_id, c.mu_before, c.sigma_before, c.mu, c.sigma, c.at"
                " FROM rating_changes c JOIN games g ON g.id = c.game_id WHERE c.user_id = ? ORDER BY c.at, c.game_id",
                (user_id,),
            )
            seats = await tx.fetch(
                "SELECT g.id, g.guild_id, g.channel_id, g.status, g.created_at, g.updated_at, g.host_id = ?,"
                " s.seat, s.name, s.colour, s.vp, s.won"
                " FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ? ORDER BY g.id",
                (user_id, user_id),
            )
            moves = await tx.fetch(
                "SELECT game_id, seq, player, action, at, auto FROM actions WHERE user_id = ? ORDER BY game_id, seq",
                (user_id,),
            )
            defaults = await tx.fetch(
                "SELECT guild_id, updated_at FROM server_defaults WHERE updated_by = ? ORDER BY guild_id", (user_id,)
            )
            asked = await tx.fetch("SELECT requested_at, asked_by FROM forget_requests WHERE user_id = ?", (user_id,))
            covered = await tx.fetch("SELECT game_id FROM forget_covers WHERE user_id = ? ORDER BY game_id", (user_id,))
            away = await tx.fetch(
                "SELECT started_at, until, ended_at FROM away_periods WHERE user_id = ? ORDER BY started_at", (user_id,)
            )
            links = await tx.fetch(
                "SELECT game_id, created_at, expires_at, used_at FROM web_links WHERE user_id = ? ORDER BY created_at",
                (user_id,),
            )
            sessions = await tx.fetch(
                "SELECT channel_id, created_at, expires_at, revoked FROM web_sessions WHERE user_id = ?"
                " ORDER BY created_at",
                (user_id,),
            )
            signed = await tx.fetch(
                "SELECT l.id, l.guild_id, l.status, p.name, p.joined_at, p.withdrawn_round, l.host_id = ?"
                " FROM league_players p JOIN leagues l ON l.id = p.league_id WHERE p.user_id = ? ORDER BY l.id",
                (user_id, user_id),
            )
            hosted = await tx.fetch(
                "SELECT id, guild_id, status FROM leagues WHERE host_id = ? ORDER BY id", (user_id,)
            )
            tables = await tx.fetch(
                "SELECT league_id, round, table_no, users, game_id FROM league_tables"
                " WHERE league_id IN (SELECT league_id FROM league_players WHERE user_id = ?) ORDER BY 1, 2, 3",
                (user_id,),
            )
        settings_doc = None
        if settings:
            ping, reminder, images, language, refused, at, until, zone, quiet_from, quiet_to, heads_up = settings[0]
            settings_doc = {
                "ping": ping,
                "reminder": bool(reminder),
                "images": images,
                "language": language,
                "dm_refused": refused,
                "updated_at": at,
                "away_until": until,
                "time_zone": zone,
                "quiet_from_minute": quiet_from,
                "quiet_to_minute": quiet_to,
                "heads_up": bool(heads_up),
            }
        return with_times(
            {
                "user_id": user_id,
                "settings": settings_doc,
                "ratings": [
                    {"guild_id": g, "mu": mu, "sigma": sigma, "games": n, "updated_at": at}
                    for g, mu, sigma, n, at in ratings
                ],
                "season_ratings": [
                    {"guild_id": g, "season": season, "mu": mu, "sigma": sigma, "games": n, "updated_at": at}
                    for g, season, mu, sigma, n, at in seasons
                ],
                "rating_changes": [
                    {"game_id": gid, "guild_id": g, "mu_before": mb, "sigma_before": sb, "mu": mu, "sigma": s, "at": at}
                    for gid, g, mb, sb, mu, s, at in changes
                ],
                "seats": [
                    {
                        "game_id": gid,
                        "guild_id": g,
                        "channel_id": ch,
                        "status": status,
                        "created_at": created,
                        "updated_at": updated,
                        "host": bool(host),
                        "seat": seat,
                        "name": name,
                        "colour": colour,
                        "vp": vp,
                        "won": None if won is None else bool(won),
                    }
                    for gid, g, ch, status, created, updated, host, seat, name, colour, vp, won in seats
                ],
                "moves": [
                    {"game_id": gid, "seq": seq, "player": player, "action": action, "at": at, "timer": bool(auto)}
                    for gid, seq, player, action, at, auto in moves
                ],
                "server_defaults_changed": [{"guild_id": g, "at": at} for g, at in defaults],
                "forget_request": (
                    {"requested_at": asked[0][0], "asked_by": asked[0][1], "games": [int(g) for (g,) in covered]}
                    if asked
                    else None
                ),
                "away_periods": [{"started_at": s, "until": u, "ended_at": e} for s, u, e in away],
                "board_links": [{"game_id": g, "made_at": c, "expires_at": x, "used_at": u} for g, c, x, u in links],
                "board_sessions": [
                    {"channel_id": ch, "opened_at": c, "expires_at": x, "revoked": bool(r)} for ch, c, x, r in sessions
                ],
                "leagues": [
                    {
                        "league_id": lid,
                        "guild_id": g,
                        "status": status,
                        "name": name,
                        "signed_up_at": joined,
                        "withdrawn_round": withdrawn,
                        "host": bool(host),
                        "tables": [
                            {"round": r, "table": t, "game_id": gid}
                            for tl, r, t, users, gid in tables
                            if tl == lid and user_id in json.loads(users)
                        ],
                    }
                    for lid, g, status, name, joined, withdrawn, host in signed
                ],
                "leagues_opened": [{"league_id": lid, "guild_id": g, "status": s} for lid, g, s in hosted],
            }
        )

    # --- forgetting a person ---------------------------------------------------------------

    async def forget(self, user_id: int, asked_by: str = "player") -> None:
        """Start forgetting `user_id`, in one transaction: the request is kept (until the games it covers
        are renamed) with the games that hold them now, the only ones it covers; their settings, ratings and
        rating changes are deleted, and their id is taken off the server defaults they changed. Other
        people's ratings stay as they are. Asked again while it waits, it covers what holds them by then."""
        async with self.backend.write() as tx:
            await tx.execute(
                "INSERT INTO forget_requests (user_id, requested_at, asked_by) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO NOTHING",
                (user_id, self.clock(), asked_by),
            )
            await tx.execute(
                "INSERT INTO forget_covers (user_id, game_id) SELECT CAST(? AS BIGINT), id FROM games"
                " WHERE host_id = ? OR id IN (SELECT game_id FROM seats WHERE user_id = ?)"
                " ON CONFLICT (user_id, game_id) DO NOTHING",
                (user_id, user_id, user_id),
            )
            await tx.execute("DELETE FROM player_settings WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM away_periods WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM rating_changes WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM ratings WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM season_ratings WHERE user_id = ?", (user_id,))
            await tx.execute("UPDATE server_defaults SET updated_by = 0 WHERE updated_by = ?", (user_id,))
            await tx.execute("DELETE FROM web_links WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM web_sessions WHERE user_id = ?", (user_id,))
            await _forget_in_leagues(tx, user_id)

    async def forget_requests(self) -> list[int]:
        """The people being forgotten: their request is kept until none of the games it covers holds them."""
        async with self.backend.read() as tx:
            return [int(u) for (u,) in await tx.fetch("SELECT user_id FROM forget_requests ORDER BY requested_at", ())]

    async def games_covered(self, user_id: int) -> list[tuple[int, str]]:
        """The games (id, status) that `user_id`'s request to be forgotten covers and that still hold them
        (a seat, or the host's id)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(_COVERED_HOLDING, (user_id, user_id, user_id))
        return [(int(g), str(status)) for g, status in rows]

    async def forgetting_in(self, game_id: int) -> set[int]:
        """The people whose request to be forgotten covers `game_id` (left out of its rating)."""
        async with self.backend.read() as tx:
            return await people_covered(tx, game_id)

    async def forget_in_game(self, game_id: int, user_id: int) -> bool:
        """Rename `user_id` in an ended game (finished or aborted) to the game's next pseudonym, in one
        transaction: the seat, the host, the state, the options, the log, the posts. False (nothing written)
        if the game does not hold them or is still open."""
        async with self.backend.write() as tx:
            await tx.execute("UPDATE games SET updated_at = updated_at WHERE id = ?", (game_id,))  # lock the row
            game = await fetch_game(tx, game_id)
            seat = game.seat_of_user(user_id)
            if game.is_open or (seat is None and game.host_id != user_id):
                return False
            taken = {s.name for s in game.seats}
            k = next(
                k
                for k in range(1, 5)
                if PSEUDONYM.format(k=k) not in taken and -k not in {s.user_id for s in game.seats}
            )
            new_id, new_name = -k, PSEUDONYM.format(k=k)
            if game.host_id == user_id:
                await tx.execute("UPDATE games SET host_id = ? WHERE id = ?", (new_id, game_id))
            if seat is not None:
                await _rename_seat(tx, game_id, user_id, seat.name, new_id, new_name, game.state, game.options)
            await _forget_pings(tx, game_id, user_id)
            return True

    async def forget_in_ended_games(self, user_id: int) -> tuple[int, int]:
        """Rename `user_id` in every ended game their request covers (one transaction each); how many were
        renamed, and how many open games it covers still hold them. (A covered game that ends is not rated
        for them: `Ladders.save_ratings` leaves them out.)"""
        renamed = still_open = 0
        for game_id, status in await self.games_covered(user_id):
            if status in ("finished", "aborted"):
                renamed += await self.forget_in_game(game_id, user_id)
            else:
                still_open += 1
        return renamed, still_open

    async def forget_done(self, user_id: int) -> bool:
        """End the request to forget `user_id` once no game it covers holds them; whether it ended."""
        async with self.backend.write() as tx:
            if await tx.fetch(_COVERED_HOLDING, (user_id, user_id, user_id)):
                return False
            await tx.execute("DELETE FROM forget_covers WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM forget_requests WHERE user_id = ?", (user_id,))
            return True

    # --- a server that removed the bot ------------------------------------------------------

    async def guild_left(self, guild_id: int, purge_at: float) -> None:
        """The bot left (or was removed from) `guild_id`: its data is deleted at `purge_at` unless it is back."""
        async with self.backend.write() as tx:
            await tx.execute(
                "INSERT INTO guild_departures (guild_id, left_at, purge_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO NOTHING",
                (guild_id, self.clock(), purge_at),
            )

    async def guild_back(self, guild_id: int) -> bool:
        """The bot is in `guild_id` again: its data stays. Whether a purge was waiting."""
        async with self.backend.write() as tx:
            return await tx.execute("DELETE FROM guild_departures WHERE guild_id = ?", (guild_id,)) > 0

    async def purges_due(self, now: float) -> list[int]:
        """The servers whose data is due to be deleted."""
        async with self.backend.read() as tx:
            rows = await tx.fetch("SELECT guild_id FROM guild_departures WHERE purge_at <= ? ORDER BY purge_at", (now,))
        return [int(g) for (g,) in rows]

    async def purge_guild(self, guild_id: int) -> int:
        """Delete everything of a server the bot left: its games with their seats, log and posts, its
        ratings and rating changes, its defaults; one transaction. The number of games deleted."""
        async with self.backend.write() as tx:
            ids = [int(g) for (g,) in await tx.fetch("SELECT id FROM games WHERE guild_id = ?", (guild_id,))]
            for k in range(0, len(ids), 500):
                chunk = ids[k : k + 500]
                marks = ", ".join("?" * len(chunk))
                await tx.executemany("INSERT INTO purging (game_id) VALUES (?)", [(g,) for g in chunk])
                for table in ("actions", "outbox", "rating_changes", "seats", "forget_covers", "web_links", "reviews"):
                    await tx.execute(f"DELETE FROM {table} WHERE game_id IN ({marks})", chunk)
                sessions = f"SELECT channel_id FROM games WHERE id IN ({marks})"
                await tx.execute(f"DELETE FROM web_sessions WHERE channel_id IN ({sessions})", chunk)
                await tx.execute(f"UPDATE games SET rematch_of = NULL WHERE rematch_of IN ({marks})", chunk)
                await tx.execute(f"DELETE FROM games WHERE id IN ({marks})", chunk)
                await tx.execute(f"DELETE FROM purging WHERE game_id IN ({marks})", chunk)
            await tx.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
            await tx.execute("DELETE FROM season_ratings WHERE guild_id = ?", (guild_id,))
            await tx.execute("DELETE FROM server_defaults WHERE guild_id = ?", (guild_id,))
            leagues = "SELECT id FROM leagues WHERE guild_id = ?"
            await tx.execute(f"DELETE FROM league_tables WHERE league_id IN ({leagues})", (guild_id,))
            await tx.execute(f"DELETE FROM league_players WHERE league_id IN ({leagues})", (guild_id,))
            await tx.execute("DELETE FROM leagues WHERE guild_id = ?", (guild_id,))
            await tx.execute("DELETE FROM guild_departures WHERE guild_id = ?", (guild_id,))
        return len(ids)


# The games a person's request to be forgotten covers that still hold them (user id three times).
_COVERED_HOLDING = (
    "SELECT g.id, g.status FROM games g JOIN forget_covers c ON c.game_id = g.id"
    " WHERE c.user_id = ? AND (g.host_id = ? OR g.id IN (SELECT game_id FROM seats WHERE user_id = ?))"
    " ORDER BY g.id"
)


async def _rename_seat(
    tx: Tx,
    game_id: int,
    user_id: int,
    old: str,
    new_id: int,
    new: str,
    state: GameState | None,
    options: GameSettings,
) -> None:
    """One seat renamed everywhere its game keeps it (within the caller's transaction)."""
    await tx.execute(
        "UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND user_id = ?", (new_id, new, game_id, user_id)
    )
    await tx.execute(
        "UPDATE actions SET user_id = ?, player = ? WHERE game_id = ? AND (user_id = ? OR player = ?)",
        (new_id, new, game_id, user_id, old),
    )
    stand_ins = {new if name == old else name: helper for name, helper in options.stand_ins.items()}
    renamed = options.model_copy(update={"stand_ins": stand_ins})
    if state is not None:
        state = rename_in_state(state, old, new)
        await tx.execute(
            "UPDATE games SET state = ?, to_move = ?, options = ? WHERE id = ?",
            (state.model_dump_json(), state.to_move, renamed.model_dump_json(), game_id),
        )
    else:
        await tx.execute("UPDATE games SET options = ? WHERE id = ?", (renamed.model_dump_json(), game_id))
    for post_id, payload in await tx.fetch("SELECT id, payload FROM outbox WHERE game_id = ?", (game_id,)):
        data = json.loads(payload)
        if "events" in data:
            events = rename_in_events(EVENTS.validate_python(data["events"]), old, new)
            data["events"] = EVENTS.dump_python(events, mode="json")
            await tx.execute(
                "UPDATE outbox SET payload = ? WHERE id = ?", (json.dumps(data, separators=(",", ":")), post_id)
            )


async def people_covered(tx: Tx, game_id: int) -> set[int]:
    """The people whose request to be forgotten covers `game_id` (within the caller's transaction)."""
    return {int(u) for (u,) in await tx.fetch("SELECT user_id FROM forget_covers WHERE game_id = ?", (game_id,))}


async def _forget_in_leagues(tx: Tx, user_id: int) -> None:
    """A forgotten person leaves the leagues signing up; in one that runs or ended, their id and name
    become the league's next pseudonym (in its sign-ups, its tables and its final standings) and a running
    one pairs them no more; a league they opened keeps no host id (0)."""
    await tx.execute(
        "DELETE FROM league_players WHERE user_id = ?"
        " AND league_id IN (SELECT id FROM leagues WHERE status = 'signup')",
        (user_id,),
    )
    rows = await tx.fetch(
        "SELECT l.id, l.round, l.final FROM leagues l JOIN league_players p ON p.league_id = l.id WHERE p.user_id = ?",
        (user_id,),
    )
    for league_id, round_no, final in rows:
        taken = {
            int(u) for (u,) in await tx.fetch("SELECT user_id FROM league_players WHERE league_id = ?", (league_id,))
        }
        k = next(k for k in range(1, len(taken) + 2) if -k not in taken)
        await tx.execute(
            "UPDATE league_players SET user_id = ?, name = ?, withdrawn_round = COALESCE(withdrawn_round, ?)"
            " WHERE league_id = ? AND user_id = ?",
            (-k, PSEUDONYM.format(k=k), round_no, league_id, user_id),
        )
        for r, t, users in await tx.fetch(
            "SELECT round, table_no, users FROM league_tables WHERE league_id = ?", (league_id,)
        ):
            seated = [int(u) for u in json.loads(users)]
            if user_id in seated:
                renamed = json.dumps([-k if u == user_id else u for u in seated])
                await tx.execute(
                    "UPDATE league_tables SET users = ? WHERE league_id = ? AND round = ? AND table_no = ?",
                    (renamed, league_id, r, t),
                )
        if final is not None:
            lines = json.loads(final)
            for line in lines:
                if line.get("user_id") == user_id:
                    line["user_id"], line["name"] = -k, PSEUDONYM.format(k=k)
            await tx.execute("UPDATE leagues SET final = ? WHERE id = ?", (json.dumps(lines), league_id))
    await tx.execute("UPDATE leagues SET host_id = 0 WHERE host_id = ?", (user_id,))


async def _forget_pings(tx: Tx, game_id: int, user_id: int) -> None:
    """`user_id` taken out of the people a game's posts would ping (a rematch's lobby)."""
    for post_id, payload in await tx.fetch("SELECT id, payload FROM outbox WHERE game_id = ?", (game_id,)):
        data = json.loads(payload)
        pings: Sequence[int] = data.get("pings", [])
        if user_id in pings:
            data["pings"] = [u for u in pings if u != user_id]
            await tx.execute(
                "UPDATE outbox SET payload = ? WHERE id = ?", (json.dumps(data, separators=(",", ":")), post_id)
            )


TIMES = ("at", "until")  # a field named so, or ending in "_at" or "_until", is a moment (Unix seconds)


def with_times(doc: Any) -> Any:
    """`doc` with each moment also as ISO 8601 in UTC, beside its number: `"updated_at": 1767225600.0`
    gains `"updated_at_utc": "2026-01-01T00:00:00Z"` (what a person reads; the number stays for tools)."""
    if isinstance(doc, list):
        return [with_times(item) for item in doc]
    if not isinstance(doc, dict):
        return doc
    out: dict[str, Any] = {}
    for key, value in doc.items():
        out[key] = with_times(value)
        moment = key in TIMES or key.endswith(tuple(f"_{t}" for t in TIMES))
        if moment and isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
            when = datetime.fromtimestamp(value, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
            out[f"{key}_utc"] = when
    return out
