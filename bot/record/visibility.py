"""Which of a server's games the asker may see: one rule for the replay viewer and every list of games.

A game is seen by who can see its channel; a private thread's game (a `/coal learn` game among them) by
its players and by who manages threads there. A game of a channel the bot no longer knows (deleted: the
record stays) is the server's. The viewer refuses what this rule hides, and `/coal record history`, its
menu and the replay's autocomplete never list it. A person's own record (`/coal record stats`, the ladder)
counts every game of the server and names none; `/coal games` and `/coal me catchup` list only the asker's
own seats.
"""

from __future__ import annotations

from collections.abc import Collection

import discord

from bot.context import client_of, guild_of
from storage import GameSummary

PAGE = 50  # finished games read at a time while a list is filled with games the asker may see
LOOKED_AT = 500  # at most this many newest finished games are looked at for one list


def may_see(interaction: discord.Interaction, guild_id: int, channel_id: int, seated: Collection[int]) -> bool:
    """Whether the asker may see a game of `guild_id` in `channel_id` with these seated user ids."""
    if guild_id != (guild_of(interaction)):
        return False
    member = interaction.user
    guild = interaction.guild
    channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
    if channel is None or not isinstance(member, discord.Member):
        return True  # a channel gone (the record stays), or no member to judge: the server's game
    return member_sees(member, channel, seated)


def member_sees(
    member: discord.Member, channel: discord.abc.GuildChannel | discord.Thread, seated: Collection[int]
) -> bool:
    """Whether `member` may see the game of `channel` (a known channel) with these seated user ids."""
    allowed = channel.permissions_for(member)
    if isinstance(channel, discord.Thread) and channel.is_private() and member.id not in seated:
        return allowed.manage_threads
    return allowed.view_channel


async def finished_games_seen(interaction: discord.Interaction, limit: int) -> list[GameSummary]:
    """The server's newest finished games the asker may see, at most `limit` (of the newest `LOOKED_AT`)."""
    queries = client_of(interaction).manager.queries
    guild = guild_of(interaction)
    seen: list[GameSummary] = []
    for offset in range(0, LOOKED_AT, PAGE):
        page = await queries.finished_games(guild, limit=PAGE, offset=offset)
        seen += [g for g in page if may_see(interaction, guild, g.channel_id, [u for _n, u, _vp in g.scores])]
        if len(seen) >= limit or len(page) < PAGE:
            break
    return seen[:limit]
