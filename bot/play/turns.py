"""Taking a move from Discord: judged, answered, stored, then handed to the publisher.

Every way a person moves — a slash command, a button, a menu, the mining console — turns its
input into a typed rules action (or the rules' refusal of the text) before the manager sees it
(`typed`). The manager judges the move in memory; the interaction is answered (Discord's 3 s);
then the move is stored with its post in one transaction, and `bot.posting.publisher` posts it. A
refusal is private and changes nothing.
"""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.context import channel_of, client_of
from bot.replies import log_event, refuse_error
from games import GameError, TurnResult
from games.errors import IllegalMove, Reason
from rules import Action, Refusal, parse_action
from rules.errors import quote

log = logging.getLogger("coalbaron")


def typed(text: str) -> Action | Refusal:
    """A move typed as text (a slash command's options in the rules' text form) as a rules action,
    or the rules' refusal of the text (refused by `take` once the person is known to be the one to move)."""
    try:
        return parse_action(text)
    except Refusal as err:
        return err


async def take(
    interaction: discord.Interaction,
    action: Action | Refusal,
    *,
    expected_version: int | None = None,
    edit_private: str | discord.ui.LayoutView | None = None,
) -> TurnResult | None:
    """Play `action` for the user; post the turn to the channel; refuse in private if it fails.

    `edit_private`: the interaction comes from the player's own private message (a
    draw choice, the mining console), which is edited to this text, or to this panel if the
    message is one (the console).
    """
    bot = client_of(interaction)
    channel = channel_of(interaction)
    try:  # every refusal but a race, judged in memory before any of Discord's 3 s go to the save
        if isinstance(action, Refusal):  # text that is not a move: whose turn it is comes first
            await bot.manager.moves.check_turn(channel, interaction.user.id, expected_version)
            raise IllegalMove(action)
        move = await bot.manager.moves.judge(channel, interaction.user.id, action, expected_version=expected_version)
    except GameError as err:
        await _refuse_move(interaction, action, err)
        return None
    bot.publisher.draw_ahead(move)  # the board is drawn while the answer goes out and the move is saved
    answered = await _answer(interaction)  # now: under a burst, saves wait their turn for the database
    try:
        result = await bot.manager.moves.play(move, announce=True)
    except GameError as err:  # the game changed between judging and saving (a double click), or no save
        bot.publisher.drop_ahead(move.game, move.game.version + 1)
        if err.reason is Reason.SAVE_UNCONFIRMED:  # it may be stored: its post is looked for like any pending one
            bot.publisher.try_later(move.game.id)
        await _clear_thinking(interaction)
        await _refuse_move(interaction, action, err)
        return None
    log_event(result.game, f"v{result.game.version} user {move.user_id} played `{action}`")
    if not answered:  # the interaction expired: the move is stored, post it plainly
        await bot.publisher.publish(result)
        return result
    if edit_private is not None:  # the player's own private message (console, draw choice) says what was done
        with contextlib.suppress(discord.HTTPException):
            if isinstance(edit_private, str):
                await interaction.edit_original_response(content=edit_private, view=None, attachments=[])
            else:
                await interaction.edit_original_response(view=edit_private, attachments=[])
    await bot.publisher.publish(result, interaction)
    return result


async def take_back(interaction: discord.Interaction, *, expected_version: int | None = None) -> TurnResult | None:
    """/coal undo and the Undo button: take back the asker's last move (`games.undo` says when they
    may), post "X took back their move" with the board as it is again; refuse privately otherwise."""
    bot = client_of(interaction)
    channel = channel_of(interaction)
    try:
        result = await bot.manager.moves.undo(channel, interaction.user.id, expected_version=expected_version)
    except GameError as err:
        await refuse_error(interaction, err)
        return None
    log_event(result.game, f"v{result.game.version} user {interaction.user.id} took back their move")
    await bot.publisher.publish(result, interaction if await _answer(interaction) else None)
    return result


def _from_a_message(interaction: discord.Interaction) -> bool:
    """A button's or menu's press, or a form sent from one: answered by editing that message, never by
    a new public one (a form's "thinking…" would be public, in the asker's language, in a game's channel)."""
    kind = interaction.type
    return kind is discord.InteractionType.component or (
        kind is discord.InteractionType.modal_submit and interaction.message is not None
    )


async def _answer(interaction: discord.Interaction) -> bool:
    """Defer the interaction (a button's silently, a slash command's with "thinking…"); False if it expired."""
    try:
        if _from_a_message(interaction):
            await interaction.response.defer()
        else:
            await interaction.response.defer(thinking=True)
    except discord.HTTPException:
        log.info("channel %s: an interaction expired before it was answered", interaction.channel_id)
        return False
    return True


async def _clear_thinking(interaction: discord.Interaction) -> None:
    """After a slash command's public "thinking…": end it and remove it, so the refusal that follows
    is a message of its own, private (the first reply after a defer would take the defer's visibility)."""
    if _from_a_message(interaction) or not interaction.response.is_done():
        return
    with contextlib.suppress(discord.HTTPException):
        await interaction.edit_original_response(content="…")
        await interaction.delete_original_response()


async def _refuse_move(interaction: discord.Interaction, action: Action | Refusal, err: GameError) -> None:
    shown = quote(str(action))  # a player's text: a short prefix, never 6 000 characters in a log line
    log.info("channel %s: refused %r for user %s: %s", interaction.channel_id, shown, interaction.user.id, err)
    await refuse_error(interaction, err)
