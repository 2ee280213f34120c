"""Computer seats from Discord: /coal addbot, /coal replace, a seat taken back, /coal hint.

The lobby's own computer menu (add one of a level, remove one) is in `bot.lobby.buttons`; the moves
the computers make are `bot.play.computers`'. A seat taken back from a computer the timer put there
comes back at once; one the host handed over comes back when the host presses "Give the seat
back" under the request the owner's `/coal join` posts.
"""

from __future__ import annotations

import discord
from discord.ui import Button, DynamicItem, View

from bot.context import channel_of, client_of
from bot.i18n import _, in_channel
from bot.items import BLUE, GameButton, button_template
from bot.posting import game_messages
from bot.replies import game_for, log_event, oops, panel, pinging, refuse, refuse_error
from bot.words import computers as words
from bot.words import refusals
from bot.words.common import mention
from bot.words.lobby import lobby_message
from games.computers import host_of
from games.errors import NotHost, Reason
from storage import SeatRow


async def add(interaction: discord.Interaction, level: str) -> None:
    """/coal addbot: a computer of `level` takes the lobby's next seat (host only)."""
    bot = client_of(interaction)
    game, seat = await bot.manager.lobbies.add_computer(
        channel_of(interaction), interaction.user.id, level, words.computer_name
    )
    log_event(game, f"user {interaction.user.id} seated a {level} computer")
    with in_channel(game):
        await game_messages.lobby(bot, interaction, game, words.seated(seat.name) + "\n" + lobby_message(game))


async def replace(interaction: discord.Interaction, seat: SeatRow, level: str) -> None:
    """/coal replace: the host hands a player's seat to a computer, which moves from now on (the
    seat's person may have left the server)."""
    bot = client_of(interaction)
    channel = channel_of(interaction)
    game, seat = await bot.manager.hosting.replace(channel, interaction.user.id, seat.user_id, level, seat.name)
    log_event(game, f"user {interaction.user.id} handed {seat.user_id}'s seat to a {level} computer")
    with in_channel(game):
        await interaction.response.send_message(words.replaced(interaction.user.display_name, seat.name, level))
    bot.computers.wake(channel)


async def take_back(interaction: discord.Interaction) -> None:
    """/coal join by a seated player in a running game: their seat back from the computer."""
    bot = client_of(interaction)
    channel, user = channel_of(interaction), interaction.user
    try:
        game, seat = await bot.manager.hosting.take_back(channel, user.id)
    except NotHost as err:
        if err.reason is not Reason.BACK_NEEDS_HOST:
            raise
        await refuse_error(interaction, err)
        await _ask_host(interaction, user.id)
        return
    log_event(game, f"user {user.id} took their seat back from the computer")
    with in_channel(game):
        await interaction.response.send_message(words.back(seat.name))


async def _ask_host(interaction: discord.Interaction, owner: int) -> None:
    """The owner's request in the channel, with the host's button under it."""
    bot = client_of(interaction)
    game = await bot.manager.games.current(channel_of(interaction))
    seat = game.seat_of_user(owner) if game is not None else None
    if game is None or seat is None:
        return
    host = host_of(game)
    with in_channel(game):
        v = View(timeout=None)
        v.add_item(GiveBackButton(game.id, game.version, str(owner)))
        text = words.asks_back(seat.name, mention(host))
        await interaction.followup.send(text, view=v, allowed_mentions=pinging(host))


class GiveBackButton(GameButton, DynamicItem[Button], template=button_template("giveback")):
    """Give the seat back: the host lets the seat's owner (the argument, their user id) play it again."""

    kind = "giveback"
    default_label = words.GIVE_BACK
    default_style = BLUE

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await game_for(interaction, self.game_id, "button")
        if game is None:
            return
        if not self.arg.isdigit():
            await refuse(interaction, _(refusals.BUTTON_GONE))
            return
        manager = client_of(interaction).manager
        owner = int(self.arg)
        game, seat = await manager.hosting.take_back(channel_of(interaction), owner, allowed_by=interaction.user.id)
        log_event(game, f"user {interaction.user.id} gave the seat back to user {owner}")
        with in_channel(game):
            await interaction.response.edit_message(content=words.back(seat.name), view=None)


async def hint(interaction: discord.Interaction) -> None:
    """/coal hint: privately, the expert computer's best three moves for the player to move; changes nothing."""
    bot = client_of(interaction)
    game = await bot.manager.moves.check_turn(channel_of(interaction), interaction.user.id)
    seat = game.seat_of_user(interaction.user.id)
    assert seat is not None  # check_turn: the asker's decision is pending
    again = bot.cooldowns.use("hint", interaction.user.id, game.channel_id)
    if again is not None:
        await refuse(interaction, refusals.cooldown(again))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        hints = await bot.computers.hints(game, seat.name)
    except Exception as err:  # the pool failed: say so privately, nothing changed anyway
        await oops(interaction, err, "hints", game.id)
        return
    head, *lines = words.hint_lines(hints)
    blocks = [head, "\n".join(lines)] if lines else [head]
    await interaction.followup.send(view=panel(blocks), ephemeral=True)
