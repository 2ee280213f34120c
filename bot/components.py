"""Buttons and menus: lobby, turn messages, the draft, private draw choices; all persistent.

Every component's custom id carries what it needs — kind, game id, game version and an
argument (`coal:keep:12:40:2-top`) — so it keeps working after a restart: discord.py
routes it by the id's pattern (`DynamicItem`), and the handler judges it against the
stored game. A component whose game has moved on says so and offers the current board.
"""

from __future__ import annotations

import re

import discord
from discord.ui import Button, DynamicItem, Select, View

from rules import ChooseDrawn, DraftPick, substitute_options
from rules.components import NO_COAL, TILES

from . import console, play
from .choices import choices_for, draft_label
from .errors import GameError
from .manager import Game
from .messages import drawn_lines, lobby_message, seat_line, whose_turn
from .words.rules import card_name, tile_name

GREY = discord.ButtonStyle.secondary
BLUE = discord.ButtonStyle.primary
GREEN = discord.ButtonStyle.success
RED = discord.ButtonStyle.danger


def button_id(kind: str, game_id: int, version: int, arg: str = "") -> str:
    return f"coal:{kind}:{game_id}:{version}:{arg}"


def menu_id(kind: str, game_id: int, version: int) -> str:
    return f"coal-menu:{kind}:{game_id}:{version}"


class CoalButton(
    DynamicItem[Button],
    template=r"coal:(?P<kind>[a-z]+):(?P<game>\d+):(?P<version>\d+):(?P<arg>[\w.+-]*)",
):
    """Any of our buttons; `kind` picks the handler."""

    def __init__(
        self,
        kind: str,
        game_id: int,
        version: int,
        arg: str = "",
        *,
        label: str = "",
        style=GREY,
        disabled: bool = False,
        row: int | None = None,
    ):
        super().__init__(
            Button(
                label=label or kind,
                style=style,
                disabled=disabled,
                row=row,
                custom_id=button_id(kind, game_id, version, arg),
            )
        )
        self.kind, self.game_id, self.version, self.arg = kind, game_id, version, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Button, match: re.Match[str], /):
        return cls(match["kind"], int(match["game"]), int(match["version"]), match["arg"], label=item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = BUTTONS.get(self.kind)
        if handler is None:
            await play.stale(interaction, "That button is not in use any more.")
            return
        await handler(interaction, self.game_id, self.version, self.arg)


class CoalMenu(DynamicItem[Select], template=r"coal-menu:(?P<kind>[a-z]+):(?P<game>\d+):(?P<version>\d+)"):
    """Any of our select menus; `kind` picks the handler, which gets the chosen values."""

    def __init__(
        self,
        kind: str,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
        row: int | None = None,
    ):
        super().__init__(
            Select(
                custom_id=menu_id(kind, game_id, version),
                options=options or [discord.SelectOption(label="-")],
                placeholder=placeholder or None,
                row=row,
            )
        )
        self.kind, self.game_id, self.version = kind, game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Select, match: re.Match[str], /):
        return cls(match["kind"], int(match["game"]), int(match["version"]), options=list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values", []))
        handler = MENUS.get(self.kind)
        if handler is None or not values:
            await play.stale(interaction, "That menu is not in use any more.")
            return
        await handler(interaction, self.game_id, self.version, values[0])


PERSISTENT_ITEMS = (CoalButton, CoalMenu)

# --- finding the game a component belongs to ------------------------------------------------


async def _game_for(interaction: discord.Interaction, game_id: int, what: str) -> Game | None:
    """The open game this component belongs to; None (after saying so) if it has ended."""
    game = await interaction.client.manager.current(interaction.channel_id)
    if game is None or game.id != game_id:
        await play.stale(interaction, f"That {what} belongs to a game that has ended.")
        return None
    return game


# --- the lobby -----------------------------------------------------------------------------------


def lobby_view(game: Game) -> View | None:
    if game.status != "lobby":
        return None
    v = View(timeout=None)
    v.add_item(CoalButton("lobby", game.id, 0, "join", label="Join", style=GREEN))
    v.add_item(CoalButton("lobby", game.id, 0, "leave", label="Leave", style=GREY))
    v.add_item(CoalButton("lobby", game.id, 0, "start", label="Start", style=BLUE))
    return v


async def on_lobby(interaction: discord.Interaction, game_id: int, version: int, what: str) -> None:
    game = await _game_for(interaction, game_id, "lobby button")
    if game is None:
        return
    if game.status != "lobby":
        await play.stale(interaction, "This lobby has closed: the game has started.")
        return
    manager = interaction.client.manager
    try:
        if what == "join":
            game = await manager.join(interaction.channel_id, interaction.user.id, interaction.user.display_name)
        elif what == "leave":
            game = await manager.leave(interaction.channel_id, interaction.user.id)
        else:
            game = await manager.start(interaction.channel_id, interaction.user.id)
    except GameError as err:
        await play.refuse(interaction, str(err))
        return
    play.log_event(game, f"user {interaction.user.id} pressed {what} in the lobby")
    await interaction.response.edit_message(content=lobby_message(game), view=lobby_view(game))
    if game.status == "active":
        await announce_start(interaction, game)


async def announce_start(interaction: discord.Interaction, game: Game) -> None:
    """The first message of a game: seats, the board, and the first draft pick."""
    from rendering import render_board

    bot = interaction.client
    state = game.state
    text = (
        f"**Coal Baron begins!** Seats, clockwise:\n{seat_line(game)}\n"
        f"Start player: {state.players[state.start_player].name}. Opening draft: everyone takes 3 order cards, "
        f"starting at the start player's right.\n{whose_turn(game)}"
    )
    file = await bot.render(render_board, state, None, filename="board.png")
    kwargs = {"file": file} if file else {}
    await interaction.followup.send(text, view=turn_view(game), allowed_mentions=play.PINGS, **kwargs)


# --- turn messages -----------------------------------------------------------------------------------


def turn_view(game: Game) -> View:
    """Buttons under a turn message: My pit, Legal actions; the draft menu; the drawn-items button."""
    state = game.state
    v = View(timeout=None)
    if state.phase == "draft":
        options = [
            discord.SelectOption(label=f"{k + 1} · {draft_label(card)}", value=str(k + 1))
            for k, card in enumerate(state.draft_cards)
            if card is not None
        ]
        v.add_item(
            CoalMenu("draft", game.id, game.version, options, placeholder=f"{state.to_move}: pick an order card")
        )
    if state.phase == "draw":
        what = "tiles" if state.pending.kind == "tile" else "cards"
        v.add_item(CoalButton("drawn", game.id, game.version, label=f"Show my drawn {what}", style=BLUE))
    v.add_item(CoalButton("pit", game.id, game.version, label="My pit"))
    v.add_item(CoalButton("legal", game.id, game.version, label="Legal actions"))
    return v


async def on_pit(interaction: discord.Interaction, game_id: int, version: int, arg: str) -> None:
    game = await _game_for(interaction, game_id, "button")
    if game is None:
        return
    name = play.viewer_name(game, interaction.user.id)
    if name is None:
        await play.show_board(interaction, game, "You are not playing in this game; here is the board.")
        return
    await play.show_pit(interaction, game, name)


async def on_legal(interaction: discord.Interaction, game_id: int, version: int, arg: str) -> None:
    game = await _game_for(interaction, game_id, "button")
    if game is None:
        return
    await interaction.response.send_message(legal_text(game, interaction.user.id), ephemeral=True)


def legal_text(game: Game, user_id: int) -> str:
    state = game.state
    if state is None:
        return "The game has not started yet."
    if state.phase == "over":
        return "The game is over."
    name = play.viewer_name(game, user_id)
    if name != state.to_move:
        return f"It is {state.to_move}'s turn."
    if state.phase == "draw":
        return "Choose among your drawn items first: press the button under the turn message."
    lines = [f"• `{c.usage}` — {c.label}" for c in choices_for(state, name)]
    return "What you may do now:\n" + "\n".join(lines)


async def on_draft(interaction: discord.Interaction, game_id: int, version: int, value: str) -> None:
    game = await _game_for(interaction, game_id, "menu")
    if game is None:
        return
    if version != game.version:
        await play.stale(interaction, "That draft menu is from an earlier pick; here is the board now.")
        return
    await play.take(interaction, DraftPick(card=int(value)), expected_version=version)


# --- private draw choices -------------------------------------------------------------------------------


def draw_choice(game: Game, pick: str = "none") -> tuple[str, View]:
    """The actor's private message after a draw space: the items, a menu, top/bottom buttons."""
    state = game.state
    assert state is not None and state.pending is not None
    pending = state.pending
    me = state.players[state.current]
    lines = drawn_lines(state)
    what = "tile" if state.pending.kind == "tile" else "order card"
    options = [discord.SelectOption(label=f"Keep no {what}", value="none", default=pick == "none")]
    for k, item in enumerate(state.pending.cards, start=1):
        if state.pending.kind == "tile":
            if TILES[item].price > me.marks:
                continue
            label = f"Keep {k}: {tile_name(item)} — {TILES[item].price} marks"
        else:
            label = f"Keep {k}: {card_name(item)}"
        options.append(discord.SelectOption(label=label[:100], value=str(k), default=pick == str(k)))
        if pending.kind == "tile" and _empty_carts(state.supply, item):
            # R-FAC-2: the supply is short of the tile's colour; the player may leave those carts empty.
            value = f"{k}.none"
            label = f"Keep {k}: {tile_name(item)} — {TILES[item].price} marks, short carts left empty"
            options.append(discord.SelectOption(label=label[:100], value=value, default=pick == value))
    text = (
        f"Only you see these. Choose the {what} to keep (or none), then where the rest go, all together:\n"
        + "\n".join(lines)
        + (f"\nYou have {me.marks} marks." if state.pending.kind == "tile" else "")
    )
    v = View(timeout=None)
    v.add_item(CoalMenu("pick", game.id, game.version, options, row=0))
    v.add_item(CoalButton("keep", game.id, game.version, f"{pick}-top", label="Rest on top", style=BLUE, row=1))
    v.add_item(
        CoalButton("keep", game.id, game.version, f"{pick}-bottom", label="Rest at the bottom", style=BLUE, row=1)
    )
    return text, v


def _empty_carts(supply: list[int], tile_id: int) -> tuple[int, ...]:
    """R-FAC-2's "leave them empty" for a tile the supply cannot fill; () when there is no choice."""
    tile = TILES[tile_id]
    options = substitute_options(supply, tile.colour, tile.carts)
    return (NO_COAL,) * len(options[0])


async def send_draw_choice(interaction: discord.Interaction, game: Game) -> None:
    text, v = draw_choice(game)
    await interaction.followup.send(text, view=v, ephemeral=True)


async def _my_draw(interaction: discord.Interaction, game_id: int, version: int) -> Game | None:
    game = await _game_for(interaction, game_id, "button")
    if game is None:
        return None
    state = game.state
    if state.phase != "draw" or version != game.version:
        await play.stale(interaction, "That choice has already been made; here is the board now.")
        return None
    if interaction.user.id != game.to_move_user:
        await play.refuse(interaction, f"Only {state.to_move} may see the drawn {state.pending.kind}s.")
        return None
    return game


async def on_drawn(interaction: discord.Interaction, game_id: int, version: int, arg: str) -> None:
    game = await _my_draw(interaction, game_id, version)
    if game is not None:
        text, v = draw_choice(game)
        await interaction.response.send_message(text, view=v, ephemeral=True)


async def on_pick(interaction: discord.Interaction, game_id: int, version: int, value: str) -> None:
    game = await _my_draw(interaction, game_id, version)
    if game is not None:
        text, v = draw_choice(game, value)
        await interaction.response.edit_message(content=text, view=v)


async def on_keep(interaction: discord.Interaction, game_id: int, version: int, arg: str) -> None:
    game = await _my_draw(interaction, game_id, version)
    if game is None:
        return
    pick, _, to = arg.partition("-")
    number, _, empty = pick.partition(".")  # "3.none": keep 3 with its short carts left empty (R-FAC-2)
    state = game.state
    assert state is not None and state.pending is not None  # checked by _my_draw
    cards = state.pending.cards
    keep = None if number == "none" else int(number)
    leave_empty = bool(empty) and keep is not None and keep <= len(cards)
    action = ChooseDrawn(
        pick=keep,
        to="top" if to == "top" else "bottom",
        substitutes=_empty_carts(state.supply, cards[keep - 1]) if leave_empty and keep else (),
    )
    kept = "nothing" if action.pick is None else f"item {action.pick}"
    await play.take(
        interaction,
        action,
        expected_version=version,
        edit_private=f"You kept {kept}; the rest went to the {action.to}.",
    )


async def on_console_button(interaction: discord.Interaction, game_id: int, version: int, arg: str) -> None:
    await console.on_button(interaction, game_id, version, arg)


async def on_console_fill(interaction: discord.Interaction, game_id: int, version: int, value: str) -> None:
    await console.on_fill(interaction, game_id, version, value)


BUTTONS = {
    "lobby": on_lobby,
    "pit": on_pit,
    "legal": on_legal,
    "drawn": on_drawn,
    "keep": on_keep,
    "mc": on_console_button,
}
MENUS = {
    "draft": on_draft,
    "pick": on_pick,
    "mcfill": on_console_fill,
}
