"""A league's announcement in its channel, in words: what the league is, who may sign up and who did, where it
stands (its buttons: `bot.league.signup`)."""

from __future__ import annotations

from datetime import UTC, datetime

from discord.utils import format_dt

from bot.words import league as words
from games.leagues import LeagueView


def announcement_text(view: LeagueView) -> str:
    """The announcement's text in the language being spoken (the league's); the end of sign-up as a Discord
    timestamp, in each reader's own time and language."""
    league = view.league
    until = format_dt(datetime.fromtimestamp(league.signup_until, UTC), "f")
    return words.announcement(league, view.players, until)
