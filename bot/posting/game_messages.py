"""The messages of a game besides its turns: its lobby message (answering a request, or straight into a
new thread), its first turn, the current turn posted again, the answer to a resume, a line that pings
nobody, the ping held back by quiet hours and the half-time reminder — each in the game's language, with
its live buttons noted (`bot.posting.live_messages`). A stored turn's post is the publisher's
(`bot.posting.publisher`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.i18n import in_channel
from bot.play.turn_buttons import turn_view
from bot.posting.live_messages import settled_words
from bot.posting.send import send
from bot.posting.telling import direct as direct_message
from bot.posting.telling import remind as remind_now
from bot.posting.telling import send_held_ping, tell_turn
from bot.replies import pinging
from bot.words import images, turns
from games import Game
from rendering import render_turn
from storage import PlayerSettings

if TYPE_CHECKING:
    from bot.service.client import CoalBot


async def lobby(
    bot: CoalBot,
    interaction: discord.Interaction,
    game: Game,
    text: str,
    pings: tuple[int, ...] | list[int] = (),
    *,
    stored_post: bool = False,
) -> None:
    """A lobby message answering `interaction` (`bot.lobby.messages`). `pings`: the people it pings (a
    rematch's players), else nobody. `stored_post`: the lobby was stored with its post in the outbox (a
    rematch's), which is marked posted once the message is in the channel, or else tried again."""
    try:
        await bot.publisher.lobbies.answer(interaction, game, text, pings)
    except discord.HTTPException:
        if stored_post:
            bot.publisher.try_later(game.id)
        raise
    if stored_post:
        bot.manager.posts.posted(game, 0)


async def lobby_in(bot: CoalBot, channel: discord.abc.Messageable, game: Game, text: str) -> None:
    """The lobby message posted straight into `channel` (the thread of a new game)."""
    await bot.publisher.lobbies.post_in(channel, game, text)


def lobby_changed(bot: CoalBot, game: Game, interaction: discord.Interaction) -> None:
    """A lobby message edited in place by its own button or menu is the lobby's current one."""
    bot.publisher.lobbies.changed(game, interaction)


async def first_turn(bot: CoalBot, interaction: discord.Interaction | None, game: Game, lesson: str = "") -> None:
    """The first message of a game, answering the Start (or straight into the game's channel: a tutorial
    in its thread): seats, the board, and the first draft pick; `lesson`: a tutorial's first explanations."""
    state = game.started_state
    with in_channel(game):
        alt = images.board(state)
    file = await bot.render(render_turn, state, None, filename="board.png", description=alt)  # always
    channel = None if interaction is not None else bot.get_partial_messageable(game.channel_id)
    at_keyboard = interaction.user.id if interaction is not None else None
    with in_channel(game):
        telling = await tell_turn(bot, game, at_keyboard=at_keyboard)
        text = turns.begins(game, lesson=lesson)
        view = turn_view(game, board=bot.board is not None)
        posted = await send(interaction, channel, text, file, view, pings=telling.pings)
    if posted is not None:  # the lobby's buttons go (a lobby started by /coal start keeps its message)
        await bot.publisher.live.now(game, posted.channel.id, posted.id, settled=settled_words(game, posted))
    bot.computers.wake(game.channel_id)  # a computer may have the first pick


async def repost_turn(bot: CoalBot, game: Game, text: str) -> None:
    """The current turn posted again in the game's channel after `text`: the board, the ping of the player
    to move and the turn's buttons (the sandbox after a restart: its page shows the new messages only)."""
    state = game.started_state
    with in_channel(game):
        alt = images.board(state)
        file = await bot.render(render_turn, state, None, filename="board.png", description=alt)
        telling = await tell_turn(bot, game)
        body = "\n".join(x for x in (text, turns.whose_turn(game)) if x)
        view = turn_view(game, board=bot.board is not None) if state.phase != "over" else None
        posted = await send(None, bot.get_partial_messageable(game.channel_id), body, file, view, pings=telling.pings)
    if posted is not None and view is not None:  # the buttons of the turn posted before go
        await bot.publisher.live.now(game, posted.channel.id, posted.id, settled=settled_words(game, posted))


async def resumed(bot: CoalBot, interaction: discord.Interaction, game: Game, text: str) -> None:
    """The answer to `/coal host resume`: `text`, pinging the player to move as they chose to be told."""
    with in_channel(game):
        telling = await tell_turn(bot, game, at_keyboard=interaction.user.id)
    await interaction.response.send_message(text, allowed_mentions=pinging(*telling.pings))
    bot.computers.wake(game.channel_id)  # a computer to move moves now


async def say(bot: CoalBot, game: Game, text: str) -> bool:
    """A line in the game's channel that pings nobody (a timer's note); False (logged) if Discord refused it."""
    return await send(None, bot.get_partial_messageable(game.channel_id), text, None, None) is not None


async def held_ping(bot: CoalBot, game: Game) -> None:
    """The ping of a turn held back by the mover's quiet hours, now they are over (`bot.posting.telling`)."""
    with in_channel(game):
        await send_held_ping(bot, game)


async def remind(bot: CoalBot, game: Game, seconds_left: float) -> None:
    """The half-time reminder, as the player to move chose to be told (`bot.posting.telling`)."""
    with in_channel(game):
        await remind_now(bot, game, seconds_left)


async def direct(bot: CoalBot, game: Game, person: PlayerSettings, write: Callable[[], str]) -> bool:
    """A direct message to `person` about `game`, in their language (`bot.posting.telling.direct`);
    False if refused."""
    return await direct_message(bot, game, person, write)
