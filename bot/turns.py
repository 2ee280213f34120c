"""A turn in the channel: taking a move from Discord, posting it, and the components under it.

A move is judged and stored by the game manager before anything is posted; the channel
message (a sentence, the board image, a ping of the next player) comes after. Under the
turn message are My pit, Legal actions, the draft menu and the drawn-items button; the
player who drew gets the private draw choice (a menu and top/bottom buttons).
"""

from __future__ import annotations

import contextlib
import logging
import re
from typing import Any, cast

import discord
from discord.ui import Button, DynamicItem, Item, Select, View
from discord.utils import MISSING

from games import Game, GameError, TurnResult
from games.choices import choices_for, empty_carts
from games.manager import NOT_POSTED
from games.undo import undo_refusal
from rendering import last_move, render_scoring, render_turn
from rules import Action, ChooseDrawn, DraftPick, view
from rules.components import TILES
from rules.errors import quote

from .context import CoalClient, client_of
from .i18n import _, in_channel, locale_for, speaking
from .items import BLUE, GameMenu, Handled, button_template, chosen, make_button, make_menu, menu_template
from .replies import log_event, pinging, refuse, refuse_error, show_board, show_pit, stale, tell_host, viewer_name
from .telling import turn_telling
from .words import refusals, turns
from .words.choices import draft_label, label

log = logging.getLogger("coalbaron")


async def game_for(interaction: discord.Interaction, game_id: int, what: str) -> Game | None:
    """The open game a component belongs to; None (after saying so) if it has ended.

    `what` is "button", "menu" or "lobby": which component, for the sentence.
    """
    game = await client_of(interaction).manager.current(interaction.channel_id or 0)
    if game is None or game.id != game_id:
        await stale(interaction, _(refusals.ENDED_GAME[what]))
        return None
    return game


# --- taking and posting a move -------------------------------------------------------------------


async def take(
    interaction: discord.Interaction,
    action: Action | str,
    *,
    expected_version: int | None = None,
    edit_private: str | None = None,
) -> TurnResult | None:
    """Play `action` for the user; post the turn to the channel; refuse in private if it fails.

    `edit_private`: the interaction comes from the player's own private message (a
    draw choice, the mining console), which is edited to this text.
    """
    bot = client_of(interaction)
    channel = interaction.channel_id or 0
    try:  # every refusal but a race, judged in memory before any of Discord's 3 s go to the save
        move = await bot.manager.prepare(channel, interaction.user.id, action, expected_version=expected_version)
    except GameError as err:
        await _refuse_move(interaction, action, err)
        return None
    answered = await _answer(interaction)  # now: under a burst, saves wait their turn for the database
    try:
        result = await bot.manager.act(
            channel, move.user_id, move.action, expected_version=expected_version, announce=True, move=move
        )
    except GameError as err:  # the game changed between judging and saving (a double click), or no save
        await _clear_thinking(interaction)
        await _refuse_move(interaction, action, err)
        return None
    game = result.game
    log_event(game, f"v{game.version} user {move.user_id} played `{action}`")
    if not answered:  # the interaction expired: the move is stored, post it plainly
        await announce_and_mark(bot, result, channel=bot.get_partial_messageable(game.channel_id))
        return result
    if edit_private is not None:  # the player's own private message (console, draw choice) says what was done
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(content=edit_private, view=None, attachments=[])
    await announce_and_mark(bot, result, interaction)
    return result


async def take_back(interaction: discord.Interaction, *, expected_version: int | None = None) -> TurnResult | None:
    """/coal undo and the Undo button: take back the asker's last move (`games.undo` says when they
    may), post "X took back their move" with the board as it is again; refuse privately otherwise."""
    bot = client_of(interaction)
    channel = interaction.channel_id or 0
    try:
        result = await bot.manager.undo(channel, interaction.user.id, expected_version=expected_version)
    except GameError as err:
        await refuse_error(interaction, err)
        return None
    log_event(result.game, f"v{result.game.version} user {interaction.user.id} took back their move")
    if await _answer(interaction):
        await announce_and_mark(bot, result, interaction)
    else:
        await announce_and_mark(bot, result, channel=bot.get_partial_messageable(result.game.channel_id))
    return result


async def _answer(interaction: discord.Interaction) -> bool:
    """Defer the interaction (a button's silently, a slash command's with "thinking…"); False if it expired."""
    try:
        if interaction.type is discord.InteractionType.component:
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
    if interaction.type is discord.InteractionType.component or not interaction.response.is_done():
        return
    with contextlib.suppress(discord.HTTPException):
        await interaction.edit_original_response(content="…")
        await interaction.delete_original_response()


async def _refuse_move(interaction: discord.Interaction, action: Action | str, err: GameError) -> None:
    shown = quote(str(action))  # a player's text: a short prefix, never 6 000 characters in a log line
    log.info("channel %s: refused %r for user %s: %s", interaction.channel_id, shown, interaction.user.id, err)
    await refuse_error(interaction, err)


async def announce_and_mark(
    bot: CoalClient,
    result: TurnResult,
    interaction: discord.Interaction | None = None,
    channel: discord.abc.Messageable | None = None,
    *,
    text: str | None = None,
) -> None:
    """Post a stored turn, then mark its outbox post done; one that did not reach Discord stays
    pending (with the cause) and is posted again at the next start (`bot.outbox`). Then any
    computer to move moves (`bot.computers`)."""
    game = result.game
    try:
        with in_channel(game):
            await _announce_and_mark(bot, result, interaction, channel, text)
    finally:
        bot.computers.wake(game.channel_id)


async def _announce_and_mark(
    bot: CoalClient,
    result: TurnResult,
    interaction: discord.Interaction | None,
    channel: discord.abc.Messageable | None,
    text: str | None,
) -> None:
    game = result.game
    if await announce(bot, result, interaction, channel, text=text):
        await bot.manager.posted(game)
        return
    pending = await bot.manager.unposted(game.id)
    already_failing = any(row.attempts for row in pending)
    for row in pending:
        await bot.manager.post_failed(row, NOT_POSTED)
    if not already_failing:  # the host is told once, when the posts start failing
        await tell_host(cast(discord.Client, bot), game, _(refusals.POSTS_FAILING).format(channel=game.channel_id))


async def announce(
    bot: CoalClient,
    result: TurnResult,
    interaction: discord.Interaction | None = None,
    channel: discord.abc.Messageable | None = None,
    *,
    text: str | None = None,
) -> bool:
    """Post the turn: the sentence, the turn image (everyone's view, the move marked), the buttons and
    the ping of the player to move (image and ping as the players' settings say: `bot.telling`).
    A shift's scoring comes before it, so that the ping is the last word and the pinged player
    finds their board and buttons there; the final scoring after it.
    True if the turn message reached the channel.

    Posted as follow-ups of the player's interaction, or straight to `channel` for moves
    the turn timer makes and turns posted again after a restart. `text`: the message's words
    when they are not the result's own (consecutive computer moves, `bot.computers`).
    """
    with in_channel(result.game):
        return await _announce(bot, result, interaction, channel, text)


async def _announce(
    bot: CoalClient,
    result: TurnResult,
    interaction: discord.Interaction | None,
    channel: discord.abc.Messageable | None,
    text: str | None,
) -> bool:
    game = result.game
    state = result.state
    scored = any(e.kind == "shift_scored" for e in result.events)
    if scored and state.phase != "over":
        image = await bot.render(render_scoring, view(state, None), filename="scoring.png")
        await send(interaction, channel, turns.shift_scored(result.events, state), image, None)
    last = last_move(result.before, result.action, state) if result.before and result.action else None
    at_keyboard = interaction.user.id if interaction is not None else None
    telling = await turn_telling(bot, game, at_keyboard=at_keyboard, last=last)  # each player's /coal settings
    file = await bot.render(render_turn, state, None, last, filename="board.png") if telling.image else None
    # a person's own move (not a timer's or a computer's) that showed nothing new may be taken back
    undo = (
        interaction is not None
        and result.action is not None
        and result.before is not None
        and undo_refusal(result.before, state, result.events) is None
    )
    buttons = turn_view(game, undo=undo)
    posted = await send(
        interaction, channel, text or turns.turn_message(game, result.events), file, buttons, pings=telling.pings
    )
    if state.phase == "draw" and interaction is not None and interaction.user.id == game.to_move_user:
        with speaking(locale_for(interaction.locale)):  # the drawer's private choice, in their language
            text, v = draw_choice(game)
            await interaction.followup.send(text, view=v, ephemeral=True)
    if scored and state.phase == "over":
        image = await bot.render(render_scoring, view(state, None), filename="scoring.png")
        winners = tuple(game.user_of_player(state.players[i].name) for i in state.winners)
        await send(interaction, channel, turns.final_message(game), image, None, pings=winners)
    return posted is not None


async def send(
    interaction: discord.Interaction | None,
    channel: discord.abc.Messageable | None,
    text: str,
    file: discord.File | None,
    buttons: View | None,
    *,
    pings: tuple[int | None, ...] = (),
) -> discord.Message | None:
    """A follow-up of the interaction, or a plain channel message, pinging only `pings`; logged, never raised."""
    kwargs: dict[str, Any] = {"allowed_mentions": pinging(*pings), "file": file or MISSING, "view": buttons or MISSING}
    try:
        if interaction is not None:
            return await interaction.followup.send(text, wait=True, **kwargs)
        assert channel is not None
        return await channel.send(text, **kwargs)
    except discord.HTTPException:
        where = interaction.channel_id if interaction is not None else getattr(channel, "id", None)
        log.exception("posting to channel %s failed", where)
        return None


# --- the turn message's components -----------------------------------------------------------------


def turn_view(game: Game, *, undo: bool = False) -> View:
    """Buttons under a turn message: My pit, Legal actions; the draft menu; the drawn-items button;
    with `undo`, the Undo button for the player who just moved."""
    state = game.state
    assert state is not None
    v = View(timeout=None)
    if state.phase == "draft":
        options = [
            discord.SelectOption(
                label=_(turns.DRAFT_OPTION).format(number=k + 1, card=draft_label(card)), value=str(k + 1)
            )
            for k, card in enumerate(state.draft_cards)
            if card is not None
        ]
        placeholder = _(turns.PICK_PLACEHOLDER).format(player=state.to_move)
        v.add_item(DraftMenu(game.id, game.version, make_menu("draft", game.id, game.version, options, placeholder)))
    if state.phase == "draw":
        assert state.pending is not None
        text = _(turns.SHOW_DRAWN_TILES) if state.pending.kind == "tile" else _(turns.SHOW_DRAWN_CARDS)
        v.add_item(DrawnButton(game.id, game.version, label=text))
    v.add_item(PitButton(game.id, game.version, label=_(turns.MY_PIT)))
    v.add_item(LegalButton(game.id, game.version, label=_(turns.LEGAL_ACTIONS)))
    if undo:
        v.add_item(UndoButton(game.id, game.version, label=_(turns.UNDO)))
    return v


class UndoButton(Handled, DynamicItem[Button], template=button_template("undo")):
    """Undo, under the turn message of a move that may be taken back: its player takes it back."""

    def __init__(self, game_id: int, version: int, *, label: str = turns.UNDO) -> None:
        super().__init__(make_button("undo", game_id, version, label=label))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["version"]), label=getattr(item, "label", None) or _(turns.UNDO))

    async def handle(self, interaction: discord.Interaction) -> None:
        if await game_for(interaction, self.game_id, "button") is not None:
            await take_back(interaction, expected_version=self.version)


class PitButton(Handled, DynamicItem[Button], template=button_template("pit")):
    """My pit: the presser's own pit, larger, privately (the board for a spectator)."""

    def __init__(self, game_id: int, version: int, *, label: str = turns.MY_PIT) -> None:
        super().__init__(make_button("pit", game_id, version, label=label))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item[Any], match: re.Match[str], /
    ) -> PitButton:
        return cls(int(match["game"]), int(match["version"]), label=getattr(item, "label", None) or _(turns.MY_PIT))

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await game_for(interaction, self.game_id, "button")
        if game is None:
            return
        name = viewer_name(game, interaction.user.id)
        if name is None:
            await show_board(interaction, game, _(turns.NOT_PLAYING_BOARD))
            return
        await show_pit(interaction, game, name)


class LegalButton(Handled, DynamicItem[Button], template=button_template("legal")):
    """Legal actions: what the presser may do now, as commands with their cost."""

    def __init__(self, game_id: int, version: int, *, label: str = turns.LEGAL_ACTIONS) -> None:
        super().__init__(make_button("legal", game_id, version, label=label))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item[Any], match: re.Match[str], /
    ) -> LegalButton:
        return cls(
            int(match["game"]), int(match["version"]), label=getattr(item, "label", None) or _(turns.LEGAL_ACTIONS)
        )

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await game_for(interaction, self.game_id, "button")
        if game is not None:
            reopen = drawn_button(game, interaction.user.id)
            await interaction.response.send_message(
                legal_text(game, interaction.user.id), view=reopen or MISSING, ephemeral=True
            )


def drawn_button(game: Game, user_id: int) -> View | None:
    """For the player choosing among drawn items: a button that re-opens that private choice
    (under the Legal actions answer and `/coal board`), so it is never out of reach."""
    state = game.state
    if state is None or state.phase != "draw" or state.pending is None or user_id != game.to_move_user:
        return None
    v = View(timeout=None)
    text = _(turns.SHOW_DRAWN_TILES) if state.pending.kind == "tile" else _(turns.SHOW_DRAWN_CARDS)
    v.add_item(DrawnButton(game.id, game.version, label=text))
    return v


def legal_text(game: Game, user_id: int) -> str:
    state = game.state
    if state is None:
        return _(turns.NOT_STARTED)
    if state.phase == "over":
        return _(turns.OVER)
    name = viewer_name(game, user_id)
    if name is None or name != state.to_move:
        return _(turns.THEIR_TURN).format(player=state.to_move)
    if state.phase == "draw":
        return _(turns.CHOOSE_DRAWN_FIRST)
    lines = [_(turns.LEGAL_LINE).format(usage=c.usage, label=label(state, c)) for c in choices_for(state, name)]
    return _(turns.WHAT_YOU_MAY_DO).format(lines="\n".join(lines))


class DraftMenu(GameMenu, DynamicItem[Select], template=menu_template("draft")):
    """The draft menu under a turn message: the face-up order cards."""

    kind = "draft"

    async def handle(self, interaction: discord.Interaction) -> None:
        value = chosen(interaction)
        game = await game_for(interaction, self.game_id, "menu")
        if game is None:
            return
        if value is None:
            await stale(interaction, _(refusals.MENU_GONE))
            return
        if self.version != game.version:
            await stale(interaction, _(refusals.DRAFT_MENU_OLD))
            return
        await take(interaction, DraftPick(card=int(value)), expected_version=self.version)


# --- the private draw choice -----------------------------------------------------------------------


def draw_choice(game: Game, pick: str = "none") -> tuple[str, View]:
    """The actor's private message after a draw space: the items, a menu, top/bottom buttons."""
    state = game.state
    assert state is not None and state.pending is not None
    me = state.players[state.current]
    options = [discord.SelectOption(label=turns.keep_none_label(state), value="none", default=pick == "none")]
    for k, item in enumerate(state.pending.cards, start=1):
        if state.pending.kind == "tile" and TILES[item].price > me.marks:
            continue
        text = turns.keep_label(state, k, item)[:100]
        options.append(discord.SelectOption(label=text, value=str(k), default=pick == str(k)))
        if state.pending.kind == "tile" and empty_carts(state.supply, item):
            # R-FAC-2: the supply is short of the tile's colour; the player may leave those carts empty.
            value = f"{k}.none"
            text = turns.keep_empty_label(k, item)[:100]
            options.append(discord.SelectOption(label=text, value=value, default=pick == value))
    v = View(timeout=None)
    v.add_item(PickMenu(game.id, game.version, make_menu("pick", game.id, game.version, options, row=0)))
    v.add_item(KeepButton(game.id, game.version, f"{pick}-top", label=_(turns.REST_ON_TOP), row=1))
    v.add_item(KeepButton(game.id, game.version, f"{pick}-bottom", label=_(turns.REST_AT_BOTTOM), row=1))
    return turns.draw_choice_text(state), v


async def my_draw(interaction: discord.Interaction, game_id: int, version: int) -> Game | None:
    """The game, if the presser is the one choosing among drawn items at this version."""
    game = await game_for(interaction, game_id, "button")
    if game is None:
        return None
    state = game.state
    if state is None or state.phase != "draw" or version != game.version:
        await stale(interaction, _(refusals.CHOICE_MADE))
        return None
    if interaction.user.id != game.to_move_user:
        assert state.pending is not None
        await refuse(interaction, _(refusals.ONLY_DRAWER[state.pending.kind]).format(player=state.to_move))
        return None
    return game


class DrawnButton(Handled, DynamicItem[Button], template=button_template("drawn")):
    """Show my drawn tiles/cards: re-opens the private draw choice for the player who drew."""

    def __init__(self, game_id: int, version: int, *, label: str = turns.SHOW_DRAWN_TILES) -> None:
        super().__init__(make_button("drawn", game_id, version, label=label, style=BLUE))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item[Any], match: re.Match[str], /
    ) -> DrawnButton:
        return cls(
            int(match["game"]), int(match["version"]), label=getattr(item, "label", None) or _(turns.SHOW_DRAWN_TILES)
        )

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await my_draw(interaction, self.game_id, self.version)
        if game is not None:
            text, v = draw_choice(game)
            await interaction.response.send_message(text, view=v, ephemeral=True)


class PickMenu(GameMenu, DynamicItem[Select], template=menu_template("pick")):
    """The private draw choice's menu: which drawn item to keep (or none)."""

    kind = "pick"

    async def handle(self, interaction: discord.Interaction) -> None:
        value = chosen(interaction)
        if value is None:
            await stale(interaction, _(refusals.MENU_GONE))
            return
        game = await my_draw(interaction, self.game_id, self.version)
        if game is not None:
            text, v = draw_choice(game, value)
            await interaction.response.edit_message(content=text, view=v)


class KeepButton(Handled, DynamicItem[Button], template=button_template("keep")):
    """Rest on top / at the bottom: plays the draw choice with the item picked in the menu."""

    def __init__(self, game_id: int, version: int, arg: str, *, label: str = "", row: int | None = None) -> None:
        super().__init__(make_button("keep", game_id, version, arg, label=label or arg, style=BLUE, row=row))
        self.game_id, self.version, self.arg = game_id, version, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item[Any], match: re.Match[str], /
    ) -> KeepButton:
        return cls(int(match["game"]), int(match["version"]), match["arg"], label=getattr(item, "label", None) or "")

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await my_draw(interaction, self.game_id, self.version)
        if game is None:
            return
        pick, _sep, to = self.arg.partition("-")
        number, _dot, empty = pick.partition(".")  # "3.none": keep 3 with its short carts left empty (R-FAC-2)
        assert game.state is not None and game.state.pending is not None
        cards = game.state.pending.cards
        keep = None if number == "none" else int(number)
        leave_empty = bool(empty) and keep is not None and keep <= len(cards)
        action = ChooseDrawn(
            pick=keep,
            to="top" if to == "top" else "bottom",
            substitutes=empty_carts(game.state.supply, cards[keep - 1]) if leave_empty and keep else (),
        )
        private = turns.kept(action.pick, action.to)
        await take(interaction, action, expected_version=self.version, edit_private=private)
