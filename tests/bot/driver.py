"""Helpers for bot tests: open games through Discord, read components, check refusals."""

from __future__ import annotations

from dataclasses import dataclass

import discord

import rules
from bot import create_bot
from rules.record import Chooser, random_action
from tests.simcord_seam import discord_nonces, forge_component, forge_slash, settle_promptly

__all__ = ["discord_nonces", "forge_component", "forge_slash", "settle_promptly"]  # (and the helpers below)


@dataclass
class World:
    """A server with a channel and its members, as the tests build it (`make_world`)."""

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
        return [m for m in (self.alice, self.bob, self.carol, self.dave) if m is not None]


def make_world(env, names: tuple[str, ...] = ("alice", "bob", "carol", "dave"), **guild_options) -> World:
    """The tests' server "Mines", its channel #coal and its members, made in that order (so a bot started
    later, or in another process, on the same database finds the same ids); up to four members."""
    guild = env.create_guild("Mines", **guild_options)
    channel = guild.create_text_channel("coal")
    members = [guild.add_member(env.create_user(name)) for name in names]
    return World(env, guild, channel, *members, *[None] * (4 - len(members)))


async def finished_game(w, channel, members, seed: int, computers: tuple[str, ...] = (), **options):
    """A game in `channel` among `members` (and computers of `computers` levels), played to its end with
    random moves through the manager; the finished game."""
    from bot.words.computers import computer_name

    manager = w.bot.manager
    await manager.lobbies.new_game(
        members[0].guild.id, channel.id, members[0].id, members[0].user.name, options or None
    )
    for m in members[1:]:
        await manager.lobbies.join(channel.id, m.id, m.user.name)
    for level in computers:
        await manager.lobbies.add_computer(channel.id, members[0].id, level, computer_name)
    game = await manager.lobbies.start(channel.id, members[0].id, seed=seed)
    chooser = Chooser(seed)
    while game.state.phase != "over":
        game = (await manager.moves.act(channel.id, game.to_move_user, random_action(game.state, chooser))).game
    return game


async def close_bot(bot) -> None:
    """Stop a bot's timers and close its database: the database thread would otherwise outlive
    a failed test and hang the run."""
    if bot._timers is not None:
        bot.timers.stop()
    bot.publisher.close()
    await bot.computers.close()
    if bot.drawing is not None:
        bot.drawing.close()
    if bot.store_open:
        await bot.store.close()


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
    return await w.bot.manager.lobbies.start(w.channel.id, w.alice.id, seed=seed)


async def stored(w):
    """The channel's game as the database has it (lobby, running or latest)."""
    return await w.bot.store.queries.latest_game(w.channel.id)


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
    game = await w.bot.manager.games.current(w.channel.id)
    for _ in range(steps):
        if until is not None and until(game):
            break
        action = random_action(game.state, chooser)
        game = (await w.bot.manager.moves.act(w.channel.id, game.to_move_user, action)).game
    return game


async def act(w, text: str):
    """One move through the manager, for the player to move."""
    game = await w.bot.manager.games.current(w.channel.id)
    return (await w.bot.manager.moves.act(w.channel.id, game.to_move_user, rules.parse_action(text))).game


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
