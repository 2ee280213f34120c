"""The replay viewer: any started game of this server the asker may see, stepped through privately.

`/coal record replay`, the Replay button under a game's final scores and the menu under `/coal record
history` open it; its buttons (First, Previous, Next, Last) and its menu (the start, each shift's end,
the moves around the frame shown) change it in place. Every custom id carries the game, the version
the viewer shows the game at (a running game goes on; the viewer keeps to the moves there were when
it was opened) and the frame, so the viewer works after a restart. What the asker sees is decided at
each click, never read from the id (`viewer_of`): during the game a seat's view for a player, a
spectator's for anyone else; everything once the game is over (`rendering.replay`). A game in a
channel the asker cannot see, or in a private thread they do not play in, is refused as if it were
not there, and never listed (`bot.record.visibility`).

Frames are drawn in the drawing worker and kept (`bot.record.frame_cache`): a step to a frame seen already
costs no drawing.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ui import Button, DynamicItem, Select, View

from bot.command_options import best_first
from bot.context import channel_of, client_of
from bot.i18n import _, language
from bot.items import BLUE, GameButton, GameMenu, NotOurs, button_template, chosen, make_menu, menu_template, number
from bot.record.visibility import finished_games_seen, may_see
from bot.words import replay as words
from bot.words.turns import scoring_key
from games.errors import NoGameHere, Reason
from rendering.replay import EVERYTHING, Frame, replay_frame, replayed
from storage import Game, LogRow
from storage.queries import record_of

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")

MENU_SIZE = 25  # Discord's most options in a select menu


def viewer_of(game: Game, user_id: int) -> str | None:
    """Whom the asker sees a game as: everything once it is over (or aborted), their seat's view while
    it runs, a spectator's (None) if they have no seat."""
    if not game.is_open:
        return EVERYTHING
    seat = game.seat_of_user(user_id)
    return seat.name if seat is not None else None


async def viewable(interaction: discord.Interaction, game_id: int) -> Game:
    """The started game `game_id`, if the asker may see it (NoGameHere otherwise, the same for a game
    that is not there)."""
    game = await client_of(interaction).manager.queries.load_game(game_id)
    seated = [s.user_id for s in game.seats] if game is not None else []
    if game is None or game.seed is None or not may_see(interaction, game.guild_id, game.channel_id, seated):
        raise NoGameHere(Reason.NO_SUCH_GAME, game=game_id)
    return game


async def open_viewer(interaction: discord.Interaction, game: Game, frame: int = 0) -> None:
    """A new private viewer of `game` (at its version now), showing `frame`."""
    content, file, view = await _frame(interaction, game, game.version, frame, edit=False)
    if interaction.response.is_done():
        await interaction.followup.send(content, file=file or discord.utils.MISSING, view=view, ephemeral=True)
    else:
        await interaction.response.send_message(content, file=file or discord.utils.MISSING, view=view, ephemeral=True)


async def step(interaction: discord.Interaction, game_id: int, version: int, frame: int) -> None:
    """The viewer's message, changed in place to `frame`."""
    game = await viewable(interaction, game_id)
    content, file, view = await _frame(interaction, game, min(version, game.version), frame, edit=True)
    attachments = [file] if file is not None else []
    if interaction.response.is_done():
        await interaction.edit_original_response(content=content, attachments=attachments, view=view)
    else:
        await interaction.response.edit_message(content=content, attachments=attachments, view=view)


async def _frame(
    interaction: discord.Interaction, game: Game, version: int, number: int, *, edit: bool
) -> tuple[str, discord.File | None, View]:
    """The viewer's text, image and buttons at frame `number` (clamped); the interaction is deferred
    first when the frame must be drawn."""
    bot = client_of(interaction)
    viewer = viewer_of(game, interaction.user.id)
    names = tuple(s.name for s in game.seats)
    frames = bot.replays.frames((game.id, version, names))
    number = max(0, min(number, len(frames) - 1)) if frames else max(0, number)
    data = None
    if frames is not None:
        data = bot.replays.image(_image_key(game, version, names, frames[number], number, viewer))
    bot.metrics.replay_frames.labels(cached="yes" if data is not None else "no").inc()
    if data is None:
        if not interaction.response.is_done():  # drawing may take longer than Discord's 3 seconds
            await (interaction.response.defer() if edit else interaction.response.defer(ephemeral=True, thinking=True))
        rows = await bot.manager.queries.log(game.id)  # the record (the frames carry their events)
        data, frames = await _draw(bot, game, rows[:version], number, viewer)
        number = max(0, min(number, len(frames) - 1))
        bot.replays.keep_frames((game.id, version, names), frames)
        if data is not None:
            bot.replays.keep_image(_image_key(game, version, names, frames[number], number, viewer), data)
    assert frames is not None
    frame = frames[number]
    line = words.frame_line(frame.kind, frame.move, frame.shift, frame.events)
    seen = "all" if viewer == EVERYTHING else "seat" if viewer is not None else "spectator"
    content = words.head(game.id, number, len(frames), seen) + "\n" + line
    if data is None:
        content += "\n" + _(words.NOT_DRAWN)
    file = discord.File(io.BytesIO(data), filename="replay.png", description=line[:1000]) if data else None
    return content[:2000], file, replay_view(game.id, version, number, frames)


async def _draw(
    bot: CoalBot, game: Game, rows: list[LogRow], number: int, viewer: str | None
) -> tuple[bytes | None, list[Frame]]:
    """A frame drawn in the drawing worker, and the game's frames; no image if drawing failed."""
    record = record_of(game, rows)
    started = time.perf_counter()
    try:
        data, frames = await bot.draw(replay_frame, record, number, viewer, scoring_key())
    except Exception:  # said in the viewer; its buttons still work
        log.exception("game %s: drawing replay frame %s failed", game.id, number)
        _start, _standing, frames = await asyncio.to_thread(replayed, record)
        return None, frames
    bot.metrics.replay_drawn.observe(time.perf_counter() - started)
    return data, frames


def _image_key(
    game: Game, version: int, names: tuple[str, ...], frame: Frame, number: int, viewer: str | None
) -> tuple[object, ...]:
    lang = language() if frame.kind == "scoring" else ""  # a scoring frame's key is in words
    return (game.id, version, names, number, viewer, lang)


def replay_view(game_id: int, version: int, number: int, frames: list[Frame]) -> View:
    """The viewer's buttons and its menu, for frame `number` of `frames`."""
    last = len(frames) - 1
    v = View(timeout=None)
    for arg, label, disabled in (
        (f"f{0}", words.FIRST, number == 0),
        (f"p{max(0, number - 1)}", words.PREVIOUS, number == 0),
        (f"n{min(last, number + 1)}", words.NEXT, number == last),
        (f"l{last}", words.LAST, number == last),
    ):
        v.add_item(ReplayButton(game_id, version, arg, label=_(label), disabled=disabled, row=0))
    v.add_item(ReplayMenu(game_id, version, jump_menu(game_id, version, number, frames)))
    return v


def jump_menu(game_id: int, version: int, number: int, frames: list[Frame]) -> Select:
    """The menu to jump with: the start, each shift's end, the last frame, and the moves nearest the
    frame shown, 25 in all (Discord's limit)."""
    anchors = {0, len(frames) - 1} | {k for k, f in enumerate(frames) if f.kind == "scoring"}
    near = sorted(range(len(frames)), key=lambda k: (abs(k - number), k))
    chosen_frames = set(anchors)
    for k in near:
        if len(chosen_frames) >= MENU_SIZE:
            break
        chosen_frames.add(k)
    options = [
        discord.SelectOption(label=_label(frames[k])[:100], value=str(k), default=k == number)
        for k in sorted(chosen_frames)
    ]
    return make_menu("replay", game_id, version, options, placeholder=_(words.JUMP), row=1)


def _label(frame: Frame) -> str:
    if frame.kind == "start":
        return _(words.JUMP_START)
    if frame.kind == "scoring":
        return _(words.JUMP_SCORING).format(shift=frame.shift)
    return _(words.JUMP_MOVE).format(move=frame.move, player=frame.player)  # a menu's label: plain text


class ReplayButton(GameButton, DynamicItem[Button], template=button_template("replay")):
    """First, Previous, Next, Last (`f0`, `p12`, `n14`, `l125`: the frame they go to), and the Replay
    button under the final scores (`o0`: a new viewer at the start)."""

    kind = "replay"
    default_label = words.REPLAY
    default_style = BLUE

    def belongs_on(self, private: bool) -> bool:
        """Replay (`o`) opens a viewer from anywhere; the viewer's own buttons are on its private message."""
        return self.arg[:1] == "o" or private

    async def handle(self, interaction: discord.Interaction) -> None:
        where, frame = self.arg[:1], number(self.arg[1:])
        if where == "o":
            await open_viewer(interaction, await viewable(interaction, self.game_id), frame)
        elif where in "fpnl":
            await step(interaction, self.game_id, self.version, frame)
        else:
            raise NotOurs("argument", self.arg)


class ReplayMenu(GameMenu, DynamicItem[Select], template=menu_template("replay")):
    on = "private"
    kind = "replay"

    async def handle(self, interaction: discord.Interaction) -> None:
        await step(interaction, self.game_id, self.version, number(chosen(interaction) or ""))


class HistoryMenu(GameMenu, DynamicItem[Select], template=menu_template("replays")):
    """The menu under `/coal record history`: a finished game picked opens its replay."""

    kind = "replays"
    on = "private"

    async def handle(self, interaction: discord.Interaction) -> None:
        await open_viewer(interaction, await viewable(interaction, number(chosen(interaction) or "")))


def replay_button(game_id: int, version: int) -> ReplayButton:
    """The Replay button under a game's final scores."""
    return ReplayButton(game_id, version, "o0")


def history_menu(games: list[tuple[int, str]]) -> Select:
    """The menu under `/coal record history`: (game id, label) for each game listed."""
    options = [discord.SelectOption(label=label[:100], value=str(gid)) for gid, label in games[:MENU_SIZE]]
    return make_menu("replays", 0, 0, options, placeholder=_(words.PICK_GAME))


async def game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Autocomplete of `/coal record replay`'s game: this channel's game, then the server's finished
    games the asker may see, newest first, those whose number or players match what is typed."""
    bot = client_of(interaction)
    out: list[app_commands.Choice[int]] = []
    here = await bot.manager.games.latest(channel_of(interaction))
    if here is not None and here.seed is not None:
        out.append(app_commands.Choice(name=words.choice_label(here.id, [s.name for s in here.seats]), value=here.id))
    for g in await finished_games_seen(interaction, limit=50):
        if here is None or g.game_id != here.id:
            label = words.choice_label(g.game_id, [name for name, _u, _vp in g.scores])
            out.append(app_commands.Choice(name=label, value=g.game_id))
    return best_first(out, current, lambda c: str(c.value), lambda c: c.name)[:MENU_SIZE]
