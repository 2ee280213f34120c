"""A league's standings as a message: the text and its wordless picture (`rendering.standings`), in the
language being spoken — the league's where they are posted, the asker's for `/coal league standings`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.words import league as words
from games.leagues import LeagueView
from rendering.standings import Row, standings_png

if TYPE_CHECKING:
    from bot.service.client import CoalBot


async def standings_message(bot: CoalBot, view: LeagueView, *, final: bool) -> tuple[str, discord.File | None]:
    """The standings after the round `view` is at (or the final ones): their text, and their picture with
    its description (None, and a log line, if drawing it failed)."""
    league = view.league
    lines = await bot.manager.leagues.standings(view)
    names = words.names_of(view.players)
    text = words.standings_text(league, lines, names, final=final)
    alt = words.standings_alt(league, lines, names)
    rows = [
        Row(
            names.get(s.user_id, ""),
            s.points,
            words.points_text(s.points),
            words.margin_text(s.margin),
            words.points_text(s.buchholz),
            s.withdrawn,
        )
        for s in lines
    ]
    best = 3.0 * max(1, league.round)  # the most points anyone could have by now
    file = await bot.render(standings_png, rows, best, filename="standings.png", description=alt)
    return text, file
