"""`/coal record`: this server's finished games, a player's record and rating, the ladder, a game's
record as JSON (during a game, what the asker may see of it), and the replay viewer (`bot.record.replay`)."""

from __future__ import annotations

import io
import json

import discord
from discord import app_commands

from bot.context import channel_of, client_of, guild_of
from bot.i18n import _, locale_for, speaking
from bot.record.replay import HistoryMenu, game_choices, history_menu, open_viewer, viewable
from bot.record.review import show_review
from bot.record.visibility import finished_games_seen
from bot.replies import refuse
from bot.words import commands as describe
from bot.words import refusals, status
from bot.words.common import season_text
from bot.words.replay import choice_label
from games.errors import NoGameHere, Reason
from games.export import export_of
from games.seasons import season_of

ALL = "all"  # the leaderboard's season: the ladder of every game


async def season_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The leaderboard's seasons: the ladder of every game, then the server's seasons, newest first."""
    seasons = await client_of(interaction).store.ladders.seasons(guild_of(interaction))
    with speaking(locale_for(interaction.locale)):
        choices = [app_commands.Choice(name=_(status.ALL_TIME), value=ALL)]
        choices += [app_commands.Choice(name=season_text(s), value=s) for s in seasons]
    return [c for c in choices if current.lower() in c.name.lower()][:25]


async def _this_channels_game(interaction: discord.Interaction) -> int:
    """The channel's current or latest started game, when a command names none (NoGameHere without one)."""
    here = await client_of(interaction).manager.games.latest(channel_of(interaction))
    if here is None or here.seed is None:
        raise NoGameHere(Reason.NO_GAME)
    return here.id


class RecordCommands(app_commands.Group):
    """/coal record — the server's games and players, on record."""

    def __init__(self) -> None:
        super().__init__(name="record", description=describe.RECORD)

    @app_commands.command(name="history", description=describe.HISTORY)
    async def history(self, interaction: discord.Interaction) -> None:
        games = await finished_games_seen(interaction, limit=15)
        view = discord.utils.MISSING
        if games:  # a game picked from the menu opens its replay
            view = discord.ui.View(timeout=None)
            listed = [(g.game_id, choice_label(g.game_id, [n for n, _u, _v in g.scores])) for g in games]
            view.add_item(HistoryMenu(0, 0, history_menu(listed)))
        await interaction.response.send_message(
            status.history_message(games), view=view, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="replay", description=describe.REPLAY)
    @app_commands.describe(game=describe.REPLAY_GAME)
    @app_commands.autocomplete(game=game_choices)
    async def replay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        game = game if game is not None else await _this_channels_game(interaction)
        await open_viewer(interaction, await viewable(interaction, game))

    @app_commands.command(name="review", description=describe.REVIEW)
    @app_commands.describe(game=describe.REVIEW_GAME)
    @app_commands.autocomplete(game=game_choices)
    async def review(self, interaction: discord.Interaction, game: int | None = None) -> None:
        game = game if game is not None else await _this_channels_game(interaction)
        await show_review(interaction, game)

    @app_commands.command(name="stats", description=describe.STATS)
    @app_commands.describe(player=describe.STATS_PLAYER)
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        member = player or interaction.user
        manager = client_of(interaction).manager
        s = await manager.queries.player_stats(guild_of(interaction), member.id)
        rating, changes = await manager.ladders.rating_of(guild_of(interaction), member.id)
        times = await manager.queries.move_times(guild_of(interaction), member.id)
        ended, own = await manager.queries.finished_own(guild_of(interaction), member.id)
        lines = (
            status.stats_message(member.id, s),
            status.finished_own_line(ended, own),
            status.move_times_line(times),
            status.rating_line(rating, changes),
        )
        text = "\n".join(x for x in lines if x)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leaderboard", description=describe.LEADERBOARD)
    @app_commands.describe(season=describe.LEADERBOARD_SEASON)
    @app_commands.autocomplete(season=season_choices)
    async def leaderboard(self, interaction: discord.Interaction, season: str | None = None) -> None:
        bot = client_of(interaction)
        manager, guild, user = bot.manager, guild_of(interaction), interaction.user.id
        if season is None:  # the current season where the server has seasons, else the ladder of every game
            kind = (await manager.people.server_defaults(guild)).get("season")
            season = season_of(str(kind) if kind else None, bot.clock()) or ALL
        if season == ALL:
            rows, place = await manager.ladders.board(guild, user)
            mine, _changes = await manager.ladders.rating_of(guild, user)
            text = status.ladder_message(rows, place, mine)
        else:
            rows, place = await manager.ladders.season_board(guild, season, user)
            mine = (await bot.store.ladders.season_ratings(guild, season, [user])).get(user)
            text = status.ladder_message(rows, place, mine, season)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="export", description=describe.EXPORT)
    async def export(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        game = await bot.manager.games.latest(channel_of(interaction))
        record = await bot.manager.queries.game_record(game.id) if game is not None else None
        if game is None or record is None:
            raise NoGameHere(Reason.NOTHING_TO_EXPORT)
        again = bot.cooldowns.use("export", interaction.user.id, game.channel_id)
        if again is not None:
            await refuse(interaction, refusals.cooldown(again))
            return
        data = json.dumps(export_of(game, record, interaction.user.id), indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"coalbaron-game-{game.id}.json")
        said = status.EXPORT_RUNNING if game.is_open else status.EXPORT  # a running game: the asker's view only
        await interaction.response.send_message(_(said), file=file, ephemeral=True)
