"""The post-game review shown: under a finished game's final scores (Review), by `/coal record review`, and
posted in the game's channel once it is worked out (`bot.service.reviewer`).

A review is a first message — the race's picture (`rendering.review_chart`), what its lines are, and where
each player's points came from — then one message a player: their three costliest decisions, each with the
expert's alternative, the VP it expected to lose and why, and a button that opens the replay at that move;
and their accuracy. The figures are stored by seat number (`storage.reviews`); the names are the game's seats'
when it is shown (a forgotten player's pseudonym). The channel's copy speaks the game's language, a private
one the asker's. The same visibility as the replay (`bot.record.replay.viewable`).
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord.ui import Button, DynamicItem, View

from bot.context import client_of
from bot.i18n import _, in_channel
from bot.items import BLUE, GameButton, button_template
from bot.record.replay import ReplayButton, viewable
from bot.replies import refuse
from bot.words import review as words
from players.review import Race, Verdict, accuracy, turning_points
from rendering.replay import frames_of
from rendering.review_chart import race_png
from rules.events import Delivered
from rules.record import standing_moves
from storage import Game
from storage.queries import record_of
from storage.reviews import StoredReview

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")

FILENAME = "review.png"


@dataclass(frozen=True, slots=True)
class ReviewMessage:
    text: str
    file: discord.File | None = None
    view: View | None = None


async def review_messages(bot: CoalBot, game: Game, stored: StoredReview) -> list[ReviewMessage]:
    """The review's messages, in the language being spoken."""
    state = game.started_state
    names = [s.name for s in game.seats]
    chart = Race.model_validate(stored.data["race"])
    verdicts = [Verdict.model_validate(v) for v in stored.data["verdicts"]]
    rows = await bot.manager.queries.log(game.id)
    start, standing = await asyncio.to_thread(standing_moves, record_of(game, rows))  # the game replayed
    frames = frames_of(start, standing)
    frame_of = {f.entry: k for k, f in enumerate(frames) if f.kind == "move"}
    move_of = {m.entry: k for k, m in enumerate(standing, start=1)}
    delivered: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    seat_of = {p.name: k for k, p in enumerate(state.players)}
    for m in standing:
        for e in m.events:
            if isinstance(e, Delivered) and e.player in seat_of:
                delivered[seat_of[e.player]][e.vehicle] += e.vp
    lines = [_(words.HEAD).format(game=game.id), _(words.CHART_KEY), "", _(words.POINTS_HEAD)]
    for seat, p in enumerate(state.players):
        shifts = [sum(e.vp[seat] for e in r.elements) for r in state.shift_results]
        f = state.final[seat] if state.final else None
        end = {
            "marks": f.marks_vp if f else 0,
            "cubes": f.cubes_vp if f else 0,
            "orders": f.orders_vp if f else 0,
            "balance": f.balance_vp if f else 0,
        }
        lines.append(words.points_line(names[seat], p.vp, dict(delivered[seat]), shifts, end))
    alt = words.alt_text(game.id, [(names[k], p.vp) for k, p in enumerate(state.players)])
    file = await bot.render(
        race_png, names, chart.vp, chart.expected, chart.scorings, filename=FILENAME, description=alt
    )
    out = [ReviewMessage("\n".join(lines)[:2000], file)]
    for seat, name in enumerate(names):
        points = turning_points(verdicts, seat)
        said = [_(words.PLAYER_HEAD).format(player=name)]
        view = View(timeout=None)
        for rank, v in enumerate(points, start=1):
            move = move_of.get(v.entry, v.frame)
            said.append(words.turning_line(rank, move, v))
            label = _(words.TURNING_BUTTON).format(player=name, move=move)[:80]
            view.add_item(ReplayButton(game.id, game.version, f"o{frame_of.get(v.entry, 0)}", label=label))
        mine = [v for v in verdicts if v.seat == seat]
        said.append(words.accuracy_line(accuracy(verdicts, seat), len(mine)))
        out.append(ReviewMessage("\n".join(said)[:2000], None, view if points else None))
    return out


async def post_review(bot: CoalBot, game: Game, stored: StoredReview) -> bool:
    """The finished review posted in the game's channel, in the game's language; True when every message
    went (a failed one: tried again at the next start)."""
    channel = bot.get_partial_messageable(game.channel_id)
    with in_channel(game):
        messages = await review_messages(bot, game, stored)
    try:
        for m in messages:
            await channel.send(
                m.text,
                file=m.file or discord.utils.MISSING,
                view=m.view or discord.utils.MISSING,
                allowed_mentions=discord.AllowedMentions.none(),
            )
    except discord.HTTPException as err:
        log.warning("game %s: the review was not posted (%s)", game.id, err)
        return False
    return True


async def show_review(interaction: discord.Interaction, game_id: int) -> None:
    """A finished game's review, privately, in the asker's language; how far it is while it is worked out."""
    bot = client_of(interaction)
    game = await viewable(interaction, game_id)
    if game.status != "finished":
        await refuse(interaction, _(words.NOT_OVER))
        return
    stored = await bot.manager.store.reviews.get(game.id)
    if stored is None or not stored.done:
        if stored is None:
            bot.reviewer.game_over(game.id)  # (a game that ended before reviews existed)
        judged, total = (stored.judged, stored.total) if stored is not None else (0, 1)
        await interaction.response.send_message(words.analysing(judged, total), ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    for m in await review_messages(bot, game, stored):
        await interaction.followup.send(
            m.text, file=m.file or discord.utils.MISSING, view=m.view or discord.utils.MISSING, ephemeral=True
        )


class ReviewButton(GameButton, DynamicItem[Button], template=button_template("review")):
    """Review, under a game's final scores: the review privately, or how far it is."""

    kind = "review"
    default_label = words.REVIEW_BUTTON
    default_style = BLUE

    async def handle(self, interaction: discord.Interaction) -> None:
        await show_review(interaction, self.game_id)


def review_button(game_id: int, version: int, label: str = "") -> ReviewButton:
    return ReviewButton(game_id, version, label=label)
