"""Fixtures: a guild with a channel and four members (the bot is the root conftest's `simcord_bot`)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import simcord.interactions


@pytest.fixture
def locales(monkeypatch) -> dict[int, str]:
    """The language each user speaks to the bot in (`locales[member.id] = "ja"`; others "en-US").

    SimCord sends `locale: "en-US"` and `guild_locale: "en-US"` with every interaction. This wraps
    `simcord.interactions.base_payload`, which builds each INTERACTION_CREATE payload, and sets
    `locale` to the user's language and `guild_locale` to the guild's preferred locale, as
    Discord does.
    """
    chosen: dict[int, str] = {}
    build = simcord.interactions.base_payload

    def base_payload(backend, **fields):
        record, payload = build(backend, **fields)
        payload["locale"] = chosen.get(fields["user_id"], "en-US")
        if fields.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(fields["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    return chosen


@dataclass
class World:
    env: object
    guild: object
    channel: object
    alice: object
    bob: object
    carol: object
    dave: object

    @property
    def bot(self):
        return self.env.bot

    @property
    def players(self):
        return [self.alice, self.bob, self.carol, self.dave]


@pytest.fixture
async def world(simcord_env) -> World:
    guild = simcord_env.create_guild("Mines")
    channel = guild.create_text_channel("coal")
    members = [guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob", "carol", "dave")]
    return World(simcord_env, guild, channel, *members)
