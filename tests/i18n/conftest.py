"""Fixtures: the bot with the command translator installed, as the one-line hook in setup_hook will do
(`await self.tree.set_translator(CommandTranslator())` before the sync)."""

from __future__ import annotations

import pytest

from bot import create_bot
from bot.command_names import CommandTranslator
from tests.bot.conftest import close_bot, virtual_clock


@pytest.fixture
async def simcord_bot(tmp_path):
    bot = create_bot(tmp_path / "coalbaron.sqlite3", clock=virtual_clock)
    await bot.tree.set_translator(CommandTranslator())
    yield bot
    await close_bot(bot)
