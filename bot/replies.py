"""Private answers to an interaction: refusals, the unexpected error, the board or a pit just for you.

Every refusal is ephemeral and changes nothing; a button that no longer applies says so
and offers the current board. An answer that cannot be delivered (the interaction expired)
is logged, never raised.
"""

from __future__ import annotations

import logging

import discord
from discord.utils import MISSING

from bot.context import channel_of, client_of
from bot.i18n import _
from bot.service.logs import error_id
from bot.words import images, refusals, turns
from bot.words.lobby import lobby_message
from games import Game, GameError
from rendering import render_board, render_pit, render_turn
from rules import view

log = logging.getLogger("coalbaron")


def pinging(*user_ids: int | None) -> discord.AllowedMentions:
    """Mentions that may ping: exactly these users (the player to move, the winners), never a
    name's text, @everyone, @here or a role. Every other message pings nobody (the client's default)."""
    users = [discord.Object(id=u) for u in user_ids if u]
    return discord.AllowedMentions(users=users, everyone=False, roles=False, replied_user=False)


def log_event(game: Game, what: str) -> None:
    """One log line per event, with the game and channel ids (never a token, never a secret)."""
    log.info(
        "game %s channel %s: %s", game.id, game.channel_id, what, extra={"game_id": game.id, "guild_id": game.guild_id}
    )


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral refusal: one or two sentences, nothing changed."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:  # expired: nothing changed, so there is nothing to make up for
        log.info("channel %s: a refusal could not be delivered (%s)", interaction.channel_id, text)


async def refuse_error(interaction: discord.Interaction, err: GameError) -> None:
    """A refusal of the game manager, in words."""
    await refuse(interaction, refusals.refusal(err))


async def oops(interaction: discord.Interaction, error: BaseException, what: str, game_id: int | None = None) -> None:
    """An unexpected failure: logged with the game id and a short error id, and the player told privately
    that nothing changed, with the same id (what they quote to the operator is what the log line carries)."""
    ref = error_id()
    log.error(
        "%s failed in channel %s (game %s) [error %s]",
        what,
        interaction.channel_id,
        game_id,
        ref,
        exc_info=error,
        extra={"error_id": ref, "game_id": game_id, "guild_id": interaction.guild_id},
    )
    await refuse(interaction, refusals.oops(ref))


def viewer_name(game: Game, user_id: int) -> str | None:
    seat = game.seat_of_user(user_id)
    return seat.name if seat is not None and game.state is not None else None


async def show_board(interaction: discord.Interaction, game: Game, note: str = "", *, full: bool = False) -> None:
    """The board as this user may see it, ephemeral, with an optional sentence first: the turn image,
    or with `full` the full board with every pit."""
    bot = client_of(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    if game.state is None:
        await interaction.followup.send("\n".join(x for x in (note, lobby_message(game)) if x), ephemeral=True)
        return
    draw = render_board if full else render_turn
    alt = images.board(game.state)
    file = await bot.render(
        draw, game.state, viewer_name(game, interaction.user.id), filename="board.png", description=alt
    )
    await interaction.followup.send(note or _(turns.BOARD_NOW), ephemeral=True, file=file or MISSING)


async def show_pit(interaction: discord.Interaction, game: Game, player: str) -> None:
    """One player's pit, larger, as this user may see it (ephemeral)."""
    bot = client_of(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    viewer = viewer_name(game, interaction.user.id)
    state = game.started_state
    alt = images.pit(view(state, viewer), player)
    file = await bot.render(render_pit, state, player, viewer, filename="pit.png", description=alt)
    await interaction.followup.send(_(turns.PITS_OF).format(player=player), ephemeral=True, file=file or MISSING)


async def stale(interaction: discord.Interaction, text: str) -> None:
    """A button or menu that no longer applies: say so and offer the current board."""
    game = await client_of(interaction).manager.games.latest(channel_of(interaction))
    if game is None:
        await refuse(interaction, text)
        return
    await show_board(interaction, game, text)


async def game_for(interaction: discord.Interaction, game_id: int, what: str) -> Game | None:
    """The open game a component belongs to; None (after saying so) if it has ended.

    `what` is "button", "menu" or "lobby": which component, for the sentence.
    """
    game = await client_of(interaction).manager.games.current(channel_of(interaction))
    if game is None or game.id != game_id:
        await stale(interaction, _(refusals.ENDED_GAME[what]))
        return None
    return game


async def tell_host(client: discord.Client, game: Game, text: str) -> None:
    """A direct message to the game's host (e.g. that the channel refuses the bot's posts); logged
    if Discord refuses it too (closed DMs), never raised."""
    try:
        user = client.get_user(game.host_id) or await client.fetch_user(game.host_id)
        await user.send(text, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as err:
        log.info("game %s: could not tell the host %s (%s)", game.id, game.host_id, err)


def panel(blocks: list[str]) -> discord.ui.LayoutView:
    """Private text as a panel of Discord's layout components: a container, its blocks
    apart, each a text display (4 000 characters in all)."""
    box: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container()
    for k, block in enumerate(blocks):
        if k:
            box.add_item(discord.ui.Separator())
        box.add_item(discord.ui.TextDisplay(block))
    view = discord.ui.LayoutView()
    view.add_item(box)
    return view
