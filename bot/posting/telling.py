"""Who is told how that it is their turn: each person's `/coal me settings`, applied in one place.

Every channel message that hands the turn to someone (a move, the start, a resume) asks
`tell_turn` whom it may ping and whether it carries the board image; the half-time reminder
goes through `remind`. A person who chose direct messages gets one from here. When Discord
refuses it (closed DMs), the channel message mentions them instead, for that turn, and they are
told privately once, at their next command or click (`say_owed_note`).

The board image is on a turn message when a seated person wants boards after every turn, or the
player to move wants them on their turn; `/coal board` shows it to anyone at any time.

Quiet hours (`/coal me quiet`): a turn that comes to someone in their quiet hours is posted without
their ping or direct message, and the ping is held (`games.held_ping`) until they end (`bot.play.timers`
sends it then, as they chose); a reminder waits likewise. A player away (`/coal me away`) is not pinged:
their turn is played for them. The heads-up (a direct message to whoever is next after the player to
move, for those who asked) is dropped in their quiet hours, never held: by then it is old news.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord.utils import MISSING

from bot.context import client_of
from bot.i18n import _, locale_for, speak, speaking
from bot.replies import pinging
from bot.words import images
from bot.words.away import heads_up, held_ping
from bot.words.settings import DM_REFUSED, reminder_dm, your_turn
from bot.words.turns import reminder
from games import Game
from games.quiet import away_until, quiet_end
from rendering import render_turn
from rules.engine import next_player
from storage import PlayerSettings

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")


@dataclass(frozen=True, slots=True)
class Telling:
    """How one channel message tells the turn: the users it pings, and whether the board goes with it."""

    pings: tuple[int, ...] = ()
    image: bool = True


def game_link(game: Game) -> str:
    """A link that opens the game's channel (or thread), from a direct message too."""
    return f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"


async def tell_turn(bot: CoalBot, game: Game, *, at_keyboard: int | None = None, last: object = None) -> Telling:
    """Tell the turn to `game.to_move_user` as they chose, before its channel message: a direct message
    for one who chose it, their ping held for their quiet hours, the heads-up for whoever is next; and
    the pings and the image of that message (the mover's ping when their direct message was refused).
    `at_keyboard`: the user whose click this message answers (told already, even if the turn stays
    theirs, as after a draw space). `last`: the move to mark on a board sent by direct message."""
    state = game.state
    mover = game.to_move_user if state is not None and state.phase != "over" else None
    try:
        people = await bot.manager.people.settings_of(s.user_id for s in game.seats)
    except Exception:  # the settings could not be read: tell as by default rather than not at all
        log.exception("game %s: could not read the players' settings", game.id)
        return Telling((mover,) if mover else (), True)
    mine = people.get(mover) if mover else None
    image = any(s.images == "every" for s in people.values()) or (mine is not None and mine.images == "mine")
    await _heads_up(bot, game, people)
    if mine is None or mine.ping == "none":
        return Telling((), image)
    now = bot.clock()
    if away_until(mine, now) is not None and game.options.timer_seconds is not None:
        return Telling((), image)  # their turn is played for them at once (bot.play.timers)
    quiet = quiet_end(now, mine)
    if quiet is not None and mover != at_keyboard:  # held until their quiet hours end
        try:
            await bot.manager.timing.hold_ping(game.channel_id, game.version, quiet)
            return Telling((), image)
        except Exception:  # not stored: better a ping now than none (the post itself must not fail)
            log.exception("game %s: could not hold the turn's ping for quiet hours", game.id)
    if mine.ping == "mention":
        return Telling((mine.user_id,), image)
    if mover == at_keyboard:  # a direct message would tell them what they are looking at
        return Telling((), image)
    board = None
    if mine.images != "ask" and state is not None:
        seat = game.seat_of_user(mine.user_id)
        name = seat.name if seat is not None else None
        with speaking(mine.language or game.options.language):  # the DM's language
            alt = images.board(state)
        board = await bot.render(render_turn, state, name, last, filename="board.png", description=alt)
    link = game_link(game)
    sent = await direct(bot, game, mine, lambda: your_turn(game.id, link), board)
    return Telling(() if sent else (mine.user_id,), image)


async def _heads_up(bot: CoalBot, game: Game, people: dict[int, PlayerSettings]) -> None:
    """The heads-up to whoever is next after the player to move, if they asked for it and are neither in
    their quiet hours nor away; only on a turn of the draft or of a shift (a draw's choice is the same turn)."""
    state = game.state
    if state is None or state.phase not in ("draft", "turn"):
        return
    name = next_player(state)
    user = game.user_of_player(name) if name is not None else None
    person = people.get(user) if user else None
    now = bot.clock()
    if person is None or not person.heads_up or user == game.to_move_user:
        return
    if quiet_end(now, person) is not None or away_until(person, now) is not None:
        return
    mover = state.to_move or ""
    link = game_link(game)
    await direct(bot, game, person, lambda: heads_up(game.id, mover, link))


async def send_held_ping(bot: CoalBot, game: Game) -> None:
    """The ping of a turn held back by the mover's quiet hours, now they are over: as they chose (a
    mention in the channel, or a direct message; the mention when Discord refuses the message)."""
    user = game.to_move_user
    if user is None:
        return
    mine = (await bot.manager.people.settings_of([user])).get(user)
    if mine is None or mine.ping == "none":
        return
    if mine.ping == "dm":
        link = game_link(game)
        if await direct(bot, game, mine, lambda: your_turn(game.id, link)):
            return
    channel = bot.get_partial_messageable(game.channel_id)
    try:
        await channel.send(held_ping(user), allowed_mentions=pinging(user))
    except discord.HTTPException as err:  # like a reminder: not kept, the deadline still comes
        log.info("game %s: the held ping could not be posted (%s)", game.id, err)


async def remind(bot: CoalBot, game: Game, seconds_left: float) -> None:
    """The half-time reminder, as the player to move chose: in the channel (pinging them or not),
    by direct message, or not at all."""
    user = game.to_move_user
    deadline = game.deadline or bot.clock() + seconds_left
    try:
        mine = (await bot.manager.people.settings_of([user])).get(user or 0)
    except Exception:
        log.exception("game %s: could not read the settings of %s", game.id, user)
        mine = None
    if mine is not None and not mine.reminder:
        return
    if mine is not None and mine.ping == "dm":
        link = game_link(game)
        if await direct(bot, game, mine, lambda: reminder_dm(game.id, deadline, link)):
            return
    pings = () if mine is not None and mine.ping == "none" else (user,)
    channel = bot.get_partial_messageable(game.channel_id)
    try:
        await channel.send(reminder(user, deadline), allowed_mentions=pinging(*pings))
    except discord.HTTPException as err:  # a reminder is not kept: the deadline still comes
        log.info("game %s: the reminder could not be posted (%s)", game.id, err)


async def direct(
    bot: CoalBot, game: Game, person: PlayerSettings, write: Callable[[], str], file: discord.File | None = None
) -> bool:
    """A direct message to `person`, written in their language (the game's until they used
    /coal me settings); False if Discord refused it, which is remembered so they are told once."""
    with speaking(person.language or game.options.language):
        text = write()
    try:
        user = bot.get_user(person.user_id) or await bot.fetch_user(person.user_id)
        await user.send(text, file=file or MISSING, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as err:
        log.info("game %s: a direct message to %s was refused (%s); mentioned instead", game.id, person.user_id, err)
        if person.dm_refused == "no":
            await _note_refused(bot, person.user_id, "untold")
        return False
    if person.dm_refused != "no":  # they opened their DMs again
        await _note_refused(bot, person.user_id, "no")
    return True


async def _note_refused(bot: CoalBot, user_id: int, state: str) -> None:
    try:
        await bot.manager.people.change_settings(user_id, dm_refused=state)
    except Exception:
        log.exception("could not note a refused direct message to %s", user_id)


async def say_owed_note(interaction: discord.Interaction) -> None:
    """After a person's command or click has been answered: if a direct message to them was refused
    since, say so now, privately, once."""
    if interaction.type not in (discord.InteractionType.application_command, discord.InteractionType.component):
        return
    if interaction.guild_id is None or not interaction.response.is_done():
        return
    if interaction.response.type is discord.InteractionResponseType.modal:
        return  # a modal's interaction takes no follow-up message
    bot = client_of(interaction)
    user = interaction.user.id
    if not bot.manager.people.owes_note(user):  # the usual case, answered from memory
        return
    try:
        mine = (await bot.manager.people.settings_of([user]))[user]
        if mine.dm_refused != "untold":
            return
        speak(locale_for(interaction.locale))
        await interaction.followup.send(_(DM_REFUSED), ephemeral=True)
        await bot.manager.people.change_settings(user, dm_refused="told")
    except Exception:  # the note waits for the next interaction
        log.info("could not tell %s that their direct messages are refused", user, exc_info=True)
