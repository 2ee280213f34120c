"""Helpers for bot tests: open games through Discord, read components, check refusals."""

from __future__ import annotations

import discord
import simcord.env

import rules
from bot import create_bot
from rules.record import Chooser, random_action


async def close_bot(bot) -> None:
    """Stop a bot's timers and close its database: the database thread would otherwise outlive
    a failed test and hang the run."""
    if bot.timers is not None:
        bot.timers.stop()
    bot.publisher.close()
    await bot.computers.close()
    if bot.drawing is not None:
        bot.drawing.close()
    if bot.store is not None:
        await bot.store.close()


SETTLE_LOOK_AGAIN = 0.002  # seconds; SimCord's own is 0.05


def settle_promptly(monkeypatch) -> None:
    """Make SimCord look again every 2 ms, not every 50, for the bot's work to be done.

    After each interaction SimCord waits until the bot's tasks have finished or are parked in a wait it
    recognises (a timer, a listener, a view). It looks again when a task ends or `idle` seconds pass.
    A task on aiosqlite's thread does not end when its statement is done: it goes on to a recognised
    wait, and SimCord slept out the rest of the 50 ms. A turn's statements take a few milliseconds, so
    most of a game's wall time through Discord was that sleep (a two-player game: 39 s, now 18 s).
    The wait's deadline (`settle_timeout`) is unchanged. Fails loudly if SimCord renames the method.
    """
    settle = simcord.env.Env._settle_internal

    async def promptly(self, *, idle: float = SETTLE_LOOK_AGAIN, **options):
        return await settle(self, idle=min(idle, SETTLE_LOOK_AGAIN), **options)

    monkeypatch.setattr(simcord.env.Env, "_settle_internal", promptly)


def virtual_clock() -> float:
    """The tests' clock: SimCord's virtual time, moved only by `env.advance_time` (no sleeping).

    SimCord virtualises `discord.utils.utcnow` and the event loop's timers together, so the
    deadlines the bot computes from this clock and the sleeps it arms agree.
    """
    return discord.utils.utcnow().timestamp()


def components_of(message) -> list:
    """The buttons and menus of a discord.Message or a SimCord ResponseMessage, in order, those of a
    panel (layout components: in containers, sections and action rows) included."""
    message = getattr(message, "message", None) or message
    return list(_interactive(message.components))


def _interactive(components):
    for c in components:
        if isinstance(c, discord.Button | discord.SelectMenu):
            yield c
        yield from _interactive(getattr(c, "children", None) or [])
        if getattr(c, "accessory", None) is not None:
            yield from _interactive([c.accessory])


def live_ids(w, message) -> list[str]:
    """The custom ids under a channel message as it is stored now (a discord.Message is a snapshot)."""
    message = getattr(message, "message", None) or message
    stored = w.env.backend.get_message(message.channel.id, message.id)
    return [c["custom_id"] for row in stored.components for c in row.get("components", []) if "custom_id" in c]


def custom_ids(message) -> list[str]:
    return [c.custom_id for c in components_of(message)]


def menu(message, prefix: str):
    return next(c for c in components_of(message) if c.custom_id.startswith(prefix))


def labels(message) -> list[str]:
    return [c.label for c in components_of(message) if getattr(c, "label", None)]


def enabled(message, label: str) -> bool:
    return any(getattr(c, "label", None) == label and not c.disabled for c in components_of(message))


def lobby_button(message, what: str) -> str:
    """The custom id of the lobby's `what` button ("join", "leave", "start"), whatever its label's language."""
    return next(c for c in custom_ids(message) if c.startswith("coal:lobby:") and c.endswith(f":{what}"))


async def open_lobby(w, players: int = 2, **options):
    """/coal new by alice; the others press Join. Returns the lobby message."""
    r = await w.alice.slash(w.channel, "coal new", **({"thread": False} | options))  # threads: test_threads.py
    lobby = r.response.message
    for member in w.players[1:players]:
        await member.click(lobby, custom_id=lobby_button(lobby, "join"))
    return lobby


async def start_game(w, players: int = 2, seed: int = 7, **options):
    """A started game with a known seed: the lobby through Discord, the deal through the manager."""
    await open_lobby(w, players, **options)
    return await w.bot.manager.start(w.channel.id, w.alice.id, seed=seed)


async def stored(w):
    """The channel's game as the database has it (lobby, running or latest)."""
    return await w.bot.store.latest_game(w.channel.id)


def actor(w, game):
    """The member whose decision is pending."""
    uid = game.to_move_user
    return next(m for m in w.players if m.id == uid)


def bystander(w, game):
    """A seated member whose decision it is not."""
    uid = game.to_move_user
    return next(m for m in w.players[: len(game.seats)] if m.id != uid)


async def fast_forward(w, steps: int, seed: int = 1, until=None):
    """Play random legal moves through the manager (no Discord) to set up a situation."""
    chooser = Chooser(seed)
    game = await w.bot.manager.current(w.channel.id)
    for _ in range(steps):
        if until is not None and until(game):
            break
        action = random_action(game.state, chooser)
        game = (await w.bot.manager.act(w.channel.id, game.to_move_user, action)).game
    return game


async def act(w, text: str):
    """One move through the manager, for the player to move."""
    game = await w.bot.manager.current(w.channel.id)
    return (await w.bot.manager.act(w.channel.id, game.to_move_user, rules.parse_action(text))).game


def private_reply(result):
    """The private message answering an interaction: its reply, or, when a move was refused after the
    slash command's public "thinking…" (which the bot then removes), the one private follow-up."""
    if result.response is not None:
        assert result.ephemeral, f"a refusal must be private: {result.response.content!r}"
        return result.response
    assert [m.ephemeral for m in result.followups] == [True], "one private follow-up expected"
    return result.followups[0]


async def assert_refused(w, result, *fragments: str, before=None):
    """The reply is private, says what is wrong, and the stored game did not change."""
    assert result.acknowledged, "the bot did not answer"
    text = private_reply(result).content
    for fragment in fragments:
        assert fragment in text, f"{fragment!r} not in {text!r}"
    if before is not None:
        assert await stored(w) == before
    return text


async def restart(w, db_path, downtime: float = 0.0, **options):
    """Stop the bot, let `downtime` seconds pass, start a new bot (`create_bot` options) on the same database."""
    old = w.bot
    old.timers.stop()  # the old bot watches no deadline any more...
    if downtime:
        await w.env.advance_time(downtime)  # ...while time passes
    new = create_bot(db_path, clock=virtual_clock, **options)
    await w.env.restart_bot(new)  # SimCord detaches the old client and logs the new one in
    await close_bot(old)
    return new


# --- forged interactions: what a modified client could send, which SimCord's actors refuse to ------


async def forge_slash(member, channel, name: str, **options):
    """A slash command with raw option values, unchecked (a value outside the choices, out of range)."""
    from simcord.actors import _dispatch_actor_interaction, _resolve_visible_command
    from simcord.enums import AppCommandType, InteractionType
    from simcord.interactions import nest_options, walk_to_subcommand

    parts = name.split()
    root = _resolve_visible_command(member, channel.id, parts[0], AppCommandType.CHAT_INPUT)
    leaf, nesting = walk_to_subcommand(root, parts[1:])
    declared = {o["name"]: o for o in leaf.get("options") or []}
    raw = [{"name": k, "type": declared[k]["type"], "value": v} for k, v in options.items()]
    data = {"id": root["id"], "name": root["name"], "type": 1, "options": nest_options(root, nesting, raw)}
    return await _dispatch_actor_interaction(member, InteractionType.APPLICATION_COMMAND, channel, data)


async def forge_component(member, message, custom_id: str, values: list[str] | None = None):
    """A click (or, with `values`, a select) on `message` with any custom id and values: the
    interaction's copy of the message carries the forged component too, as a client that writes the
    whole payload would send it."""
    from simcord.actors import _dispatch_actor_interaction, _visible_message
    from simcord.backend import serializers
    from simcord.builders import ChannelHandle
    from simcord.enums import ComponentType, InteractionType

    env = member._env
    stored = _visible_message(member, getattr(message, "message", None) or message)
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
    interaction = InteractionType.MESSAGE_COMPONENT
    return await _dispatch_actor_interaction(
        member, interaction, channel, data, extra={"message": payload}, source_message_id=stored.id
    )


def _layout(components) -> list[dict]:
    """Every component of a message in Discord's layout components, depth first (raw payloads)."""
    out = []
    for c in components or []:
        c = c if isinstance(c, dict) else c.to_dict()
        out.append(c)
        out += _layout(c.get("components"))
        if c.get("accessory"):
            out += _layout([c["accessory"]])
    return out


def panel_texts(message) -> list[str]:
    """The text displays of a layout-components message (a panel), in order."""
    return [c["content"] for c in _layout(message.components) if c.get("type") == 10]


def panel_buttons(message) -> list[dict]:
    """The buttons of a layout-components message (link buttons have a url, the others a custom_id)."""
    return [c for c in _layout(message.components) if c.get("type") == 2]


def panel_outline(message) -> list[str]:
    """A panel top to bottom: each text display's text, each button's or menu's custom id (a link
    button's url), and "---" for a separator."""
    out = []
    for c in _layout(message.components):
        if c.get("type") == 10:
            out.append(c["content"])
        elif c.get("type") == 14:
            out.append("---")
        elif "custom_id" in c or "url" in c:
            out.append(c.get("custom_id") or c["url"])
    return out


def panel_size(message) -> int:
    """How many components a layout-components message has, nested ones included (Discord: 40 at most)."""
    return len(_layout(message.components))


def panel_text(message) -> str:
    """A panel's text displays as one text, a line per line (what a reader sees, top to bottom)."""
    return "\n".join(panel_texts(message))


NONCE_WINDOW = 300.0  # seconds: Discord checks a repeated nonce "in the past few minutes"


def discord_nonces(monkeypatch, window: float = NONCE_WINDOW) -> None:
    """Discord's rule for a message sent with a nonce and `enforce_nonce` (discord.py sends both when given
    `nonce=`), which SimCord does not model: within `window` seconds of the test's clock, the same author's
    same nonce creates nothing and gives back the message made the first time (while it exists)."""
    from simcord.http import router
    from simcord.http._helpers import message_response
    from simcord.http.routes import messages

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
                    return message_response(ctx, message)
        payload = send(ctx)
        if nonce is not None:
            made[key] = (int(payload["channel_id"]), int(payload["id"]), now)
        return payload

    posts = router._ROUTES["POST"]
    monkeypatch.setitem(router._ROUTES, "POST", [(t, send_message if h is send else h) for t, h in posts])
