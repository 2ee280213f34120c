"""Fixtures: the bot as it starts (its `setup_hook` installs the command translator before the sync)."""

from __future__ import annotations

from tests.bot.conftest import db_path, simcord_bot

__all__ = ["db_path", "simcord_bot"]
