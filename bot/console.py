"""The mining console: a private, step-by-step mining turn with Undo, Confirm and Cancel.

The console lives in memory only (a `MinePlanner` per player and game); nothing is
stored or played before Confirm, which plays the whole plan as one action. After a
restart, or once the game has moved on, its buttons say it is closed.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord
from discord.ui import View

from rules import CageTo, Fill, Load, MinePlanner, Refusal, Store, parse_step
from rules.components import COLOUR_NAMES, LEVEL_NAMES, ORDER_CARDS

from . import components, play
from .manager import Game
from .messages import pit_text
from .words.rules import explain

MAX_FILL_OPTIONS = 25  # Discord's limit for a select menu
CLOSED = "This mining console is closed (the turn moved on or the bot restarted). Open a new one with `/coal mine`."


@dataclass
class Console:
    game_id: int
    version: int
    user_id: int
    planner: MinePlanner


class Consoles:
    """Open consoles, one per player and game."""

    def __init__(self) -> None:
        self._open: dict[tuple[int, int], Console] = {}

    def open(self, game: Game, user_id: int, steps: int) -> Console:
        seat = game.seat_of_user(user_id).seat
        console = Console(game.id, game.version, user_id, MinePlanner(game.state, steps, seat))
        self._open[(game.id, user_id)] = console
        return console

    def get(self, game_id: int, user_id: int, version: int) -> Console | None:
        console = self._open.get((game_id, user_id))
        return console if console is not None and console.version == version else None

    def close(self, game_id: int, user_id: int) -> None:
        self._open.pop((game_id, user_id), None)

    def close_game(self, game_id: int) -> None:
        """Close every console of a game (the timer played the turn, or the game was aborted)."""
        for key in [k for k in self._open if k[0] == game_id]:
            del self._open[key]


def _fill_label(planner: MinePlanner, step: Fill) -> str:
    card = ORDER_CARDS[planner.pit.orders[step.order - 1].card]
    source = "" if set(step.sources) == {"cage"} else " from " + " + ".join(dict.fromkeys(step.sources))
    cubes = " + ".join(COLOUR_NAMES[c] for c in step.cubes)
    return f"Order {step.order} spot {step.spot} ({card.vehicle_name} {card.vp}): {cubes}{source}"[:100]


def render(console: Console) -> tuple[str, View]:
    """The console message: what the pit looks like after the steps so far, and the buttons."""
    planner = console.planner
    legal = planner.next_steps()
    plan = ", ".join(str(s) for s in planner.plan) or "no step yet"
    text = (
        f"**Mining {planner.steps}** — {planner.steps_left} of {planner.steps} steps left. Only you see this; "
        f"nothing happens before Confirm.\nPlan: {plan}\n{pit_text(planner.pit)}"
    )
    v = View(timeout=None)
    g, ver = console.game_id, console.version

    def button(arg: str, label: str, ok: bool, row: int, style=components.GREY):
        v.add_item(components.CoalButton("mc", g, ver, arg, label=label, style=style, disabled=not ok, row=row))

    for level in range(5):
        button(f"cage-{level}", f"Cage {LEVEL_NAMES[level]}", CageTo(level=level) in legal, 0)
    for colour in range(4):
        button(f"load-{colour}", f"Load {COLOUR_NAMES[colour]}", Load(colour=colour) in legal, 1)
    for colour in range(4):
        button(f"store-{colour}", f"Store {COLOUR_NAMES[colour]}", Store(colour=colour) in legal, 2)
    fills = [s for s in legal if isinstance(s, Fill)]
    fills.sort(key=lambda s: (len(s.cubes), s.order, s.spot))  # matching single cubes first
    if fills:
        options = [discord.SelectOption(label=_fill_label(planner, s), value=str(s)) for s in fills[:MAX_FILL_OPTIONS]]
        more = f" ({len(fills)} possible; the first 25 shown — use a plan for the rest)" if len(fills) > 25 else ""
        v.add_item(components.CoalMenu("mcfill", g, ver, options, placeholder=f"Fill an order spot{more}"[:150], row=3))
    button("undo", "Undo step", bool(planner.plan), 4)
    button("confirm", "Confirm", True, 4, components.GREEN)
    button("cancel", "Cancel", True, 4, components.RED)
    return text, v


async def open_console(interaction: discord.Interaction, game: Game, steps: int) -> None:
    console = interaction.client.consoles.open(game, interaction.user.id, steps)
    text, v = render(console)
    await interaction.response.send_message(text, view=v, ephemeral=True)


def _step_of(arg: str):
    op, _, value = arg.partition("-")
    if op == "cage":
        return CageTo(level=int(value))
    if op == "load":
        return Load(colour=int(value))
    if op == "store":
        return Store(colour=int(value))
    return None


async def _console(interaction: discord.Interaction, game_id: int, version: int) -> Console | None:
    consoles: Consoles = interaction.client.consoles
    console = consoles.get(game_id, interaction.user.id, version)
    game = await interaction.client.manager.current(interaction.channel_id)
    if console is None or game is None or game.id != game_id or game.version != version:
        consoles.close(game_id, interaction.user.id)
        await play.stale(interaction, CLOSED)
        return None
    return console


async def _push(interaction: discord.Interaction, console: Console, step) -> None:
    try:
        console.planner.push(step)
    except Refusal as err:
        await play.refuse(interaction, explain(err))
        return
    text, v = render(console)
    await interaction.response.edit_message(content=text, view=v)


async def on_button(interaction: discord.Interaction, game_id: int, version: int, arg: str) -> None:
    console = await _console(interaction, game_id, version)
    if console is None:
        return
    consoles: Consoles = interaction.client.consoles
    if arg == "cancel":
        consoles.close(game_id, interaction.user.id)
        await interaction.response.edit_message(content="Mining cancelled; no workers were placed.", view=None)
    elif arg == "undo":
        console.planner.undo()
        text, v = render(console)
        await interaction.response.edit_message(content=text, view=v)
    elif arg == "confirm":
        action = console.planner.action()
        result = await play.take(interaction, action, expected_version=version, edit_private=f"Mined: `{action}`.")
        if result is not None:
            consoles.close(game_id, interaction.user.id)
    else:
        step = _step_of(arg)
        if step is None:
            await play.refuse(interaction, "That console button is not in use any more.")
            return
        await _push(interaction, console, step)


async def on_fill(interaction: discord.Interaction, game_id: int, version: int, value: str) -> None:
    console = await _console(interaction, game_id, version)
    if console is None:
        return
    try:
        step = parse_step(value)
    except Refusal as err:
        await play.refuse(interaction, explain(err))
        return
    await _push(interaction, console, step)
