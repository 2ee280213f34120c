"""Every place the tests and benchmarks reach past SimCord's public API, in one module (issue 52).

SimCord (PyPI `simcord`) runs discord.py unmodified against an in-memory Discord. Its public actors (slash,
click, select, submit_modal, send) cover nearly everything; a few things need its internals:

- `settle_promptly`: SimCord looks again every 50 ms for the bot's work to finish; 2 ms here.
- `speaking`: each interaction's `locale` (SimCord always sends en-US) as the member's Discord language.
- `forge_slash`, `forge_component`: what a modified client could send (values outside the choices, ids
  the bot never made), which SimCord's actors refuse to build.
- `emit_slash`, `emit_component`: an interaction emitted without waiting for the bot (the benchmarks' bursts,
  two presses on one message in quick succession).
- `discord_nonces`: Discord's rule for a repeated message nonce, which SimCord does not model.
- `dm_channel`: a member's direct-message channel as a channel handle.

The project is tested with one SimCord version (`TESTED_WITH`, pinned in pyproject.toml). At import this
module checks that version and the signatures of the internals it uses, so a SimCord that changed them
fails here in one line, before any test runs, instead of in a hundred places.
"""

from __future__ import annotations

import inspect
from importlib.metadata import version
from typing import Any

import discord
import simcord.actors
import simcord.env
import simcord.interactions
from simcord.backend import serializers
from simcord.builders import ChannelHandle
from simcord.enums import AppCommandType, ComponentType, InteractionType
from simcord.http import _helpers, router
from simcord.http.routes import messages

TESTED_WITH = "3.2.1"

# The internals used here, each with the parameters relied on.
_RELIED_ON: dict[str, tuple[Any, tuple[str, ...]]] = {
    "Env._settle_internal": (simcord.env.Env._settle_internal, ("self", "timeout", "idle")),
    "interactions.base_payload": (
        simcord.interactions.base_payload,
        ("backend", "type", "channel_id", "guild_id", "user_id", "data"),
    ),
    "interactions.walk_to_subcommand": (simcord.interactions.walk_to_subcommand, ("command", "path")),
    "interactions.nest_options": (simcord.interactions.nest_options, ("command", "nesting", "leaf_options")),
    "interactions.build_options": (
        simcord.interactions.build_options,
        ("actor", "command_name", "spec", "provided", "channel_id"),
    ),
    "actors._dispatch_actor_interaction": (
        simcord.actors._dispatch_actor_interaction,
        ("actor", "type", "channel", "data", "extra", "source_message_id"),
    ),
    "actors._resolve_visible_command": (
        simcord.actors._resolve_visible_command,
        ("actor", "channel_id", "name", "type"),
    ),
    "actors._visible_message": (simcord.actors._visible_message, ("actor", "message")),
    "serializers.message_payload": (serializers.message_payload, ("backend", "message")),
    "http._helpers.message_response": (_helpers.message_response, ("ctx", "message")),
    "http.routes.messages.send_message": (messages.send_message, ("ctx",)),
}


def _differences() -> list[str]:
    found = []
    if version("simcord") != TESTED_WITH:
        found.append(f"simcord {version('simcord')} is installed, the tests were written for {TESTED_WITH}")
    for name, (fn, params) in _RELIED_ON.items():
        missing = [p for p in params if p not in inspect.signature(fn).parameters]
        if missing:
            found.append(f"{name} has no parameter {', '.join(missing)}")
    if not any(handler is messages.send_message for _t, handler in router._ROUTES.get("POST", [])):
        found.append("http.router._ROUTES has no POST route for messages.send_message")
    return found


_changed = _differences()
assert not _changed, "SimCord is not the version these tests use: " + "; ".join(_changed)


SETTLE_LOOK_AGAIN = 0.002  # seconds; SimCord's own is 0.05


def settle_promptly(monkeypatch) -> None:
    """Make SimCord look again every 2 ms, not every 50, for the bot's work to be done.

    After each interaction SimCord waits until the bot's tasks have finished or are parked in a wait it
    recognises (a timer, a listener, a view). It looks again when a task ends or `idle` seconds pass.
    A task on aiosqlite's thread does not end when its statement is done: it goes on to a recognised
    wait, and SimCord slept out the rest of the 50 ms. A turn's statements take a few milliseconds, so
    most of a game's wall time through Discord was that sleep (a two-player game: 39 s, now 18 s).
    The wait's deadline (`settle_timeout`) is unchanged.
    """
    settle = simcord.env.Env._settle_internal

    async def promptly(self, *, idle: float = SETTLE_LOOK_AGAIN, **options):
        return await settle(self, idle=min(idle, SETTLE_LOOK_AGAIN), **options)

    monkeypatch.setattr(simcord.env.Env, "_settle_internal", promptly)


def speaking(monkeypatch) -> dict[int, str]:
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


async def forge_slash(member, channel, name: str, **options):
    """A slash command with raw option values, unchecked (a value outside the choices, out of range)."""
    parts = name.split()
    root = simcord.actors._resolve_visible_command(member, channel.id, parts[0], AppCommandType.CHAT_INPUT)
    leaf, nesting = simcord.interactions.walk_to_subcommand(root, parts[1:])
    declared = {o["name"]: o for o in leaf.get("options") or []}
    raw = [{"name": k, "type": declared[k]["type"], "value": v} for k, v in options.items()]
    data = {
        "id": root["id"],
        "name": root["name"],
        "type": 1,
        "options": simcord.interactions.nest_options(root, nesting, raw),
    }
    return await simcord.actors._dispatch_actor_interaction(member, InteractionType.APPLICATION_COMMAND, channel, data)


async def forge_component(member, message, custom_id: str, values: list[str] | None = None):
    """A click (or, with `values`, a select) on `message` with any custom id and values: the
    interaction's copy of the message carries the forged component too, as a client that writes the
    whole payload would send it."""
    env = member._env
    stored = simcord.actors._visible_message(member, getattr(message, "message", None) or message)
    kind = ComponentType.BUTTON if values is None else ComponentType.STRING_SELECT
    data: dict = {"custom_id": custom_id, "component_type": int(kind)}
    forged: dict = {"type": int(kind), "custom_id": custom_id}
    if values is None:
        forged |= {"style": 2, "label": "forged"}
    else:
        data["values"] = values
        forged["options"] = [{"label": v, "value": v} for v in values]
    payload = dict(serializers.message_payload(env.backend, stored))
    payload["components"] = [*payload.get("components", []), {"type": 1, "components": [forged]}]
    channel = ChannelHandle(env, member.guild, env.backend.get_channel(stored.channel_id))
    return await simcord.actors._dispatch_actor_interaction(
        member,
        InteractionType.MESSAGE_COMPONENT,
        channel,
        data,
        extra={"message": payload},
        source_message_id=stored.id,
    )


def emit_component(member, message, custom_id: str, values: list[str] | None = None) -> None:
    """A click (or, with `values`, a select) on a component of `message`, sent into the simulated Discord
    without waiting for the bot: a second press can come while the first is being answered. The test
    settles the environment (`env.settle()`) to wait for both."""
    env = member._env
    stored = simcord.actors._visible_message(member, getattr(message, "message", None) or message)
    kind = ComponentType.BUTTON if values is None else ComponentType.STRING_SELECT
    data: dict = {"custom_id": custom_id, "component_type": int(kind)}
    if values is not None:
        data["values"] = values
    record, payload = simcord.interactions.base_payload(
        env.backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=stored.channel_id,
        guild_id=member.guild.id,
        user_id=member.id,
        data=data,
    )
    payload["message"] = dict(serializers.message_payload(env.backend, stored))
    record.source_message_id = stored.id
    env.backend.emit("INTERACTION_CREATE", payload)


def emit_slash(env, member, channel, name: str, **options) -> None:
    """Send one slash command into the simulated Discord without waiting for the bot (SimCord's actors
    settle after each interaction, so they cannot have several in flight)."""
    parts = name.split()
    root = simcord.actors._resolve_visible_command(member, channel.id, parts[0], AppCommandType.CHAT_INPUT)
    leaf, nesting = simcord.interactions.walk_to_subcommand(root, parts[1:])
    leaf_options, resolved = simcord.interactions.build_options(member, name, leaf, options, channel_id=channel.id)
    data = {
        "id": root["id"],
        "name": root["name"],
        "type": 1,
        "options": simcord.interactions.nest_options(root, nesting, leaf_options),
    }
    if resolved:
        data["resolved"] = resolved
    _, payload = simcord.interactions.base_payload(
        env.backend,
        type=InteractionType.APPLICATION_COMMAND,
        channel_id=channel.id,
        guild_id=member.guild.id,
        user_id=member.id,
        data=data,
    )
    env.backend.emit("INTERACTION_CREATE", payload)


NONCE_WINDOW = 300.0  # seconds: Discord checks a repeated nonce "in the past few minutes"


def discord_nonces(monkeypatch, window: float = NONCE_WINDOW) -> None:
    """Discord's rule for a message sent with a nonce and `enforce_nonce` (discord.py sends both when given
    `nonce=`), which SimCord does not model: within `window` seconds of the test's clock, the same author's
    same nonce creates nothing and gives back the message made the first time (while it exists)."""
    made: dict[tuple[int, str], tuple[int, int, float]] = {}  # (author, nonce) -> (channel, message, when)
    send = messages.send_message

    def send_message(ctx):
        body = ctx.body()
        nonce = body.get("nonce")
        now = discord.utils.utcnow().timestamp()
        key = (ctx.backend.bot_user.id, str(nonce))
        if nonce is not None and body.get("enforce_nonce"):
            found = made.get(key)
            if found is not None and now - found[2] <= window:
                channel_id, message_id, _when = found
                message = ctx.backend.messages.get(channel_id, {}).get(message_id)
                if message is not None:
                    return _helpers.message_response(ctx, message)
        payload = send(ctx)
        if nonce is not None:
            made[key] = (int(payload["channel_id"]), int(payload["id"]), now)
        return payload

    posts = router._ROUTES["POST"]
    monkeypatch.setitem(router._ROUTES, "POST", [(t, send_message if h is send else h) for t, h in posts])


def dm_channel(env, user_id: int) -> ChannelHandle:
    """A user's direct-message channel with the bot, as a channel handle (to read what the bot sent there)."""
    return ChannelHandle(env, None, env.backend.get_dm_channel(user_id))


async def remove_bot(env, guild_id: int):
    """The bot removed from a server (kicked, or the server deleted): GUILD_DELETE, as Discord sends it,
    and the bot's handling of it. The server's model, for `add_bot_again`."""
    model = env.backend.get_guild(guild_id)
    env.backend.remove_guild(guild_id)
    await env.settle()
    return model


async def add_bot_again(env, model) -> None:
    """The bot added again to a server it was removed from (`remove_bot`): GUILD_CREATE with the same id
    (its channels and their messages are gone, as they are for a bot that was kicked)."""
    model.channel_ids.clear()
    model.thread_ids.clear()
    env.backend.guilds[model.id] = model
    payload = dict(serializers.guild_create_payload(env.backend, model))
    payload.pop("unavailable", None)  # a server joined, not one back after an outage: discord.py's on_guild_join
    env.backend.emit("GUILD_CREATE", payload)
    await env.settle()
