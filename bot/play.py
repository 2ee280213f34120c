"""Taking a move from Discord and telling the channel: act, store, render, post.

A move is judged and stored by the game manager before anything is posted; the channel
message (a sentence, the board image, a ping of the next player) comes after. Refusals
are ephemeral and change nothing.
"""

from __future__ import annotations

import logging

import discord

from rendering import render_board, render_pit, render_scoring
from rules import view

from . import components
from .errors import GameError
from .manager import Game, TurnResult
from .messages import lobby_message, mention, turn_message
from .words.rules import describe_event

log = logging.getLogger("coalbaron")

PINGS = discord.AllowedMentions(users=True, everyone=False, roles=False)


def log_event(game: Game, what: str) -> None:
    """One log line per event, with the game and channel ids (never a token, never a secret)."""
    log.info("game %s channel %s: %s", game.id, game.channel_id, what)


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral refusal: one or two sentences, nothing changed."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:  # expired: nothing changed, so there is nothing to make up for
        log.info("channel %s: a refusal could not be delivered (%s)", interaction.channel_id, text)


def viewer_name(game: Game, user_id: int) -> str | None:
    seat = game.seat_of_user(user_id)
    return seat.name if seat is not None and game.state is not None else None


async def show_board(interaction: discord.Interaction, game: Game, note: str = "") -> None:
    """The board as this user may see it, ephemeral, with an optional sentence first."""
    bot = interaction.client
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    if game.state is None:
        await interaction.followup.send("\n".join(x for x in (note, lobby_message(game)) if x), ephemeral=True)
        return
    file = await bot.render(render_board, game.state, viewer_name(game, interaction.user.id), filename="board.png")
    kwargs = {"file": file} if file else {}
    await interaction.followup.send(note or "The board now:", ephemeral=True, **kwargs)


async def show_pit(interaction: discord.Interaction, game: Game, player: str) -> None:
    """One player's pit, larger, as this user may see it (ephemeral)."""
    bot = interaction.client
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    file = await bot.render(render_pit, game.state, player, viewer_name(game, interaction.user.id), filename="pit.png")
    kwargs = {"file": file} if file else {}
    await interaction.followup.send(f"{player}'s pit:", ephemeral=True, **kwargs)


async def stale(interaction: discord.Interaction, text: str) -> None:
    """A button or menu that no longer applies: say so and offer the current board."""
    bot = interaction.client
    game = await bot.manager.latest(interaction.channel_id)
    if game is None:
        await refuse(interaction, text)
        return
    await show_board(interaction, game, text)


async def take(
    interaction: discord.Interaction,
    action,
    *,
    expected_version: int | None = None,
    edit_private: str | None = None,
) -> TurnResult | None:
    """Play `action` for the user; post the turn to the channel; refuse in private if it fails.

    `edit_private`: the interaction comes from the player's own private message (a
    draw choice, the mining console), which is edited to this text.
    """
    bot = interaction.client
    try:
        result = await bot.manager.act(
            interaction.channel_id, interaction.user.id, action, expected_version=expected_version
        )
    except GameError as err:
        log.info(
            "channel %s: refused %r for user %s: %s", interaction.channel_id, str(action), interaction.user.id, err
        )
        await refuse(interaction, str(err))
        return None
    game = result.game
    log_event(game, f"v{game.version} user {interaction.user.id} played `{action}`")
    try:
        if edit_private is not None:
            await interaction.response.edit_message(content=edit_private, view=None, attachments=[])
        elif interaction.type is discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(thinking=True)
    except discord.HTTPException:  # the interaction expired: the move is stored, post it plainly
        log_event(game, "the interaction could not be answered; posting to the channel instead")
        await announce(bot, result, channel=bot.get_partial_messageable(game.channel_id))
        return result
    await announce(bot, result, interaction)
    return result


async def announce(bot, result: TurnResult, interaction: discord.Interaction | None = None, channel=None) -> None:
    """Post the turn: the sentence, the board (everyone's view), the buttons; then any scoring.

    Posted as follow-ups of the player's interaction, or straight to `channel` for moves
    the turn timer makes.
    """
    game = result.game
    state = game.state
    file = await bot.render(render_board, state, None, filename="board.png")
    await _send(interaction, channel, turn_message(game, result.events), file, components.turn_view(game))
    if state.phase == "draw" and interaction is not None and interaction.user.id == game.to_move_user:
        await components.send_draw_choice(interaction, game)
    scored = [e for e in result.events if e.kind == "shift_scored"]
    if scored:
        image = await bot.render(render_scoring, view(state, None), filename="scoring.png")
        text = final_message(game) if state.phase == "over" else describe_event(scored[-1])
        await _send(interaction, channel, text, image, None)


def final_message(game: Game) -> str:
    state = game.state
    winners = [mention(game.user_of_player(state.players[i].name)) for i in state.winners]
    verb = "share the victory" if len(winners) > 1 else "wins"
    scores = ", ".join(f"{p.name} {p.vp} VP" for p in state.players)
    return f"**Game over.** {' and '.join(winners)} {verb}! Final scores: {scores}."


async def _send(interaction, channel, text: str, file, buttons) -> discord.Message | None:
    """A follow-up of the interaction, or a plain channel message; logged, never raised."""
    kwargs = {"allowed_mentions": PINGS}
    if file is not None:
        kwargs["file"] = file
    if buttons is not None:
        kwargs["view"] = buttons
    try:
        if interaction is not None:
            return await interaction.followup.send(text, wait=True, **kwargs)
        return await channel.send(text, **kwargs)
    except discord.HTTPException:
        log.exception("posting to channel %s failed", getattr(interaction, "channel_id", None) or channel.id)
        return None
