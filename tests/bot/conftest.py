"""Fixtures: a guild with a channel and four members (the bot is the root conftest's `simcord_bot`)."""

from __future__ import annotations

import pytest

from tests.simcord_seam import speaking

from .driver import World, make_world

__all__ = ["World"]


@pytest.fixture
def locales(monkeypatch) -> dict[int, str]:
    """The language each user speaks to the bot in (`locales[member.id] = "ja"`; others "en-US")."""
    return speaking(monkeypatch)


@pytest.fixture
async def world(simcord_env) -> World:
    """A server with a #coal channel and four members, alice, bob, carol and dave (`driver.make_world`)."""
    return make_world(simcord_env)
