"""Signing up for a league and withdrawing from it: the announcement's buttons (they work after a restart:
the league's id is in their custom id) and `/coal league join` / `leave`, answered privately in the asker's
language, the announcement edited to say who is in. Withdrawing from a running league hands the player's
running table game to a computer for good."""

from __future__ import annotations

import logging

import discord
from discord.ui import Button, DynamicItem, View

from bot.context import client_of
from bot.i18n import _
from bot.items import GREEN, GREY, GameButton, NotOurs, button_template
from bot.words import league as words
from games.leagues import LeagueView

log = logging.getLogger("coalbaron")

WHAT = {"join": (words.SIGN_UP, GREEN), "leave": (words.WITHDRAW, GREY)}


def announcement_view(view: LeagueView) -> View | None:
    """Sign up and Withdraw while the league signs up; Withdraw alone while it runs; none after."""
    if not view.league.is_open:
        return None
    v = View(timeout=None)
    for what in WHAT if view.league.status == "signup" else ("leave",):
        v.add_item(LeagueButton(view.league.id, 0, what))
    return v


class LeagueButton(GameButton, DynamicItem[Button], template=button_template("league")):
    """Sign up for (`join`) or withdraw from (`leave`) the league whose id the button carries."""

    kind = "league"

    @classmethod
    def label_for(cls, arg: str) -> str:
        return _(WHAT[arg][0]) if arg in WHAT else arg

    def __init__(self, game_id: int, version: int, arg: str = "", **kwargs: object) -> None:
        style = WHAT[arg][1] if arg in WHAT else GREY
        super().__init__(game_id, version, arg, label=self.label_for(arg), style=style)

    async def handle(self, interaction: discord.Interaction) -> None:
        if self.arg not in WHAT:
            raise NotOurs("argument", self.arg)
        await (join if self.arg == "join" else leave)(interaction, self.game_id)


async def join(interaction: discord.Interaction, league_id: int) -> None:
    bot = client_of(interaction)
    user = interaction.user
    view = await bot.manager.leagues.sign_up(league_id, user.id, user.display_name)
    log_league(view, f"user {user.id} signed up")
    await interaction.response.send_message(_(words.SIGNED_UP).format(league=league_id), ephemeral=True)
    await bot.leagues.refresh_announcement(view)


async def leave(interaction: discord.Interaction, league_id: int) -> None:
    bot = client_of(interaction)
    user = interaction.user
    view, running = await bot.manager.leagues.leave(league_id, user.id)
    for channel_id in running:  # their game at this round's table: a computer finishes it
        if await bot.manager.hosting.hand_over_for_good(channel_id, user.id, "league") is not None:
            bot.computers.wake(channel_id)
    log_league(view, f"user {user.id} {'withdrew' if view.league.status == 'running' else 'left'}")
    said = words.WITHDRAWN if view.league.status == "running" else words.LEFT
    await interaction.response.send_message(_(said).format(league=league_id), ephemeral=True)
    await bot.leagues.refresh_announcement(view)


def log_league(view: LeagueView, what: str) -> None:
    """One log line per league event, with its id and server."""
    log.info(
        "league %s (guild %s): %s", view.league.id, view.league.guild_id, what, extra={"guild_id": view.league.guild_id}
    )
