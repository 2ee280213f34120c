"""The mining console: a private, step-by-step mining turn with Undo, Confirm and Cancel.

Confirm with nothing planned does not play at once: the console says that the worker would mine
nothing, and the next Confirm places it anyway (a worker may be placed to keep the space).

The console is a private panel of Discord's layout components: the plan so far,
then the cage and carts with the cage, load and store buttons under them, then the orders with
the menu of spots to fill, then Undo, Type a plan, Confirm and Cancel. It lives in memory only
(`games.consoles`); nothing is stored or played before Confirm, which plays the whole plan as
one action. After a restart, or once the game has moved on, its buttons say it is closed.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import discord
from discord.ui import ActionRow, Button, Container, DynamicItem, LayoutView, Select, Separator, TextDisplay

from bot.context import channel_of, client_of
from bot.i18n import _
from bot.items import GREEN, GREY, RED, GameButton, GameMenu, button_template, chosen, make_menu, menu_template
from bot.play.plan_words import in_language, typed_plan
from bot.play.turns import take, typed
from bot.play.tutorial import guides_the_console
from bot.replies import panel, refuse, refuse_error, stale
from bot.words import console as words
from bot.words import refusals
from bot.words import tutorial as tutorial_words
from bot.words.choices import action_usage
from bot.words.refusals import rules_problem
from bot.words.rules import colour_name, level_name
from games import Game, GameError
from games.consoles import Console
from games.errors import IllegalMove
from rules import CageTo, Fill, Load, Mine, Refusal, Store, parse_step
from rules.actions import Step

MAX_FILL_OPTIONS = 25  # Discord's limit for a select menu


def render(console: Console) -> LayoutView:
    """The console panel: what the pit looks like after the steps so far, each block with its
    buttons (at most 31 components of Discord's 40)."""
    planner = console.planner
    legal = planner.next_steps()
    g, ver = console.game_id, console.version

    def button(arg: str, label: str, ok: bool, style: discord.ButtonStyle = GREY) -> ConsoleButton:
        return ConsoleButton(g, ver, arg, label=label, style=style, disabled=not ok)

    box: Container[LayoutView] = Container(TextDisplay(words.console_head(planner)), Separator())
    if console.guide:  # a tutorial's first mining, step by step
        box.add_item(TextDisplay(_(tutorial_words.CONSOLE_WALK)))
        box.add_item(Separator())
    box.add_item(TextDisplay(words.cage_and_carts(planner.pit)))
    cage = [button(f"cage-{n}", _(words.CAGE).format(level=level_name(n)), CageTo(level=n) in legal) for n in range(5)]
    load = [button(f"load-{c}", _(words.LOAD).format(colour=colour_name(c)), Load(colour=c) in legal) for c in range(4)]
    store = [
        button(f"store-{c}", _(words.STORE).format(colour=colour_name(c)), Store(colour=c) in legal) for c in range(4)
    ]
    for row in (cage, load, store):
        box.add_item(ActionRow(*row))
    box.add_item(Separator())
    box.add_item(TextDisplay(words.orders_text(planner.pit, notation=True)))
    fills = [s for s in legal if isinstance(s, Fill)]
    fills.sort(key=lambda s: (len(s.cubes), s.order, s.spot))  # matching single cubes first
    if fills:
        options = [
            discord.SelectOption(label=words.fill_label(planner, s)[:100], value=str(s))
            for s in fills[:MAX_FILL_OPTIONS]
        ]
        more = ""
        if len(fills) > MAX_FILL_OPTIONS:
            more = _(words.MORE_FILLS).format(count=len(fills), shown=MAX_FILL_OPTIONS)
        menu = make_menu("mcfill", g, ver, options, placeholder=(_(words.FILL_PLACEHOLDER) + more)[:150])
        box.add_item(ActionRow(FillMenu(g, ver, menu)))
    box.add_item(Separator())
    if console.asked_empty and not planner.plan:
        box.add_item(TextDisplay(_(words.NOTHING_PLANNED)))
    box.add_item(
        ActionRow(
            button("undo", _(words.UNDO), bool(planner.plan)),
            button("plan", _(words.TYPE_PLAN), True),
            button("confirm", _(words.CONFIRM), True, GREEN),
            button("cancel", _(words.CANCEL), True, RED),
        )
    )
    v = LayoutView(timeout=None)
    v.add_item(box)
    return v


async def open_console(interaction: discord.Interaction, game: Game, steps: int) -> None:
    bot = client_of(interaction)
    guide = await guides_the_console(bot, game, interaction.user.id)
    console = bot.consoles.open(game, interaction.user.id, steps, guide=guide)
    await interaction.response.send_message(view=render(console), ephemeral=True)


def _step_of(arg: str) -> Step | None:
    """The step a console button's argument names ("cage-2", "load-0"); None for any other argument."""
    op, _sep, value = arg.partition("-")
    number = int(value) if value.isdigit() else -1
    if op == "cage" and 0 <= number <= 4:
        return CageTo(level=number)
    if op in ("load", "store") and 0 <= number <= 3:
        return Load(colour=number) if op == "load" else Store(colour=number)
    return None


@contextlib.asynccontextmanager
async def _console(interaction: discord.Interaction, game_id: int, version: int) -> AsyncIterator[Console | None]:
    """The presser's open console, held for this press alone until its answer is sent (presses in the order
    they came: the console is taken before anything is awaited); None, said to the presser, if it closed."""
    bot = client_of(interaction)
    console = bot.consoles.get(game_id, interaction.user.id, version)
    async with console.lock if console is not None else contextlib.nullcontext():
        game = await bot.manager.games.current(channel_of(interaction))
        still = bot.consoles.get(game_id, interaction.user.id, version)
        if console is None or still is not console or game is None or game.id != game_id or game.version != version:
            bot.consoles.close(game_id, interaction.user.id)
            await stale(interaction, _(refusals.CONSOLE_CLOSED))
            yield None
        else:
            yield console


async def _push(interaction: discord.Interaction, console: Console, step: Step) -> None:
    try:
        console.planner.push(step)
    except Refusal as err:
        await refuse(interaction, rules_problem(err))
        return
    await interaction.response.edit_message(view=render(console))


class ConsoleButton(GameButton, DynamicItem[Button], template=button_template("mc")):
    """A console button: cage, load, store (the argument names the step), undo, confirm, cancel."""

    kind = "mc"
    on = "private"

    async def handle(self, interaction: discord.Interaction) -> None:
        async with _console(interaction, self.game_id, self.version) as console:
            if console is not None:
                await self._press(interaction, console)

    async def _press(self, interaction: discord.Interaction, console: Console) -> None:
        consoles = client_of(interaction).consoles
        if self.arg == "cancel":
            consoles.close(self.game_id, interaction.user.id)
            await interaction.response.edit_message(view=panel([_(words.CANCELLED)]))
        elif self.arg == "undo":
            console.planner.undo()
            await interaction.response.edit_message(view=render(console))
        elif self.arg == "plan":
            await interaction.response.send_modal(PlanModal(console))
        elif self.arg == "confirm":
            if not console.planner.plan and not console.asked_empty:  # a worker placed to mine nothing: ask once
                console.asked_empty = True
                await interaction.response.edit_message(view=render(console))
                return
            action = console.planner.action()
            mined = panel([_(words.MINED).format(action=action_usage(str(action)))])
            result = await take(interaction, action, expected_version=self.version, edit_private=mined)
            if result is not None:
                consoles.close(self.game_id, interaction.user.id)
        else:
            step = _step_of(self.arg)
            if step is None:
                await refuse(interaction, _(refusals.CONSOLE_BUTTON_GONE))
                return
            await _push(interaction, console, step)


class PlanModal(discord.ui.Modal):
    """The console's *Type a plan*: a multi-line text input (mobile players cannot type a long slash
    command option comfortably), played like `/coal mine plan:` with the same refusals."""

    def __init__(self, console: Console) -> None:
        super().__init__(title=_(words.PLAN_TITLE).format(steps=console.planner.steps)[:45], timeout=15 * 60)
        self.console = console
        self.plan: discord.ui.TextInput[PlanModal] = discord.ui.TextInput(
            label=_(words.PLAN_LABEL)[:45],
            style=discord.TextStyle.paragraph,
            placeholder=in_language(words.EXAMPLE_PLAN)[:100],
            max_length=1000,
            custom_id="plan",
        )
        self.add_item(self.plan)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """The typed plan fills the console, step by step, and waits for Confirm like clicked steps; a
        plan the rules refuse is refused as `/coal mine plan:` would be, and the console stays as it was."""
        async with _console(interaction, self.console.game_id, self.console.version) as console:
            if console is not None:
                await self._fill(interaction, console)

    async def _fill(self, interaction: discord.Interaction, console: Console) -> None:
        bot = client_of(interaction)
        game = await bot.manager.games.current(channel_of(interaction))
        lines = ", ".join(line for line in self.plan.value.splitlines() if line.strip())  # a line is a step too
        plan = typed_plan(lines, game.options.language if game else "en")
        action = typed(f"mine {console.planner.steps}: {plan}")
        try:  # judged as a move would be (whose turn, the rules), in memory: nothing is stored or played
            if isinstance(action, Refusal):
                await bot.manager.moves.check_turn(channel_of(interaction), interaction.user.id, console.version)
                raise IllegalMove(action)
            await bot.manager.moves.judge(
                channel_of(interaction), interaction.user.id, action, expected_version=console.version
            )
        except GameError as err:
            await refuse_error(interaction, err)
            return
        assert isinstance(action, Mine)
        console.planner.reset()
        for step in action.plan:
            console.planner.push(step)
        await interaction.response.edit_message(view=render(console))


class FillMenu(GameMenu, DynamicItem[Select], template=menu_template("mcfill")):
    """The console's menu of order spots to fill (the value is the fill step's text)."""

    kind = "mcfill"
    on = "private"

    async def handle(self, interaction: discord.Interaction) -> None:
        value = chosen(interaction)
        async with _console(interaction, self.game_id, self.version) as console:
            if console is None:
                return
            if value is None:
                await stale(interaction, _(refusals.MENU_GONE))
                return
            try:
                step = parse_step(value)
            except Refusal as err:
                await refuse(interaction, rules_problem(err))
                return
            await _push(interaction, console, step)
