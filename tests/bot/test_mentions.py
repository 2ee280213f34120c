"""Names are player text (issue 9, item 1): a nickname that is a mention, @everyone, @here, a role
mention or markdown pings nobody and shows as typed; the bot pings only whom it means."""

from __future__ import annotations

from .conftest import World
from .driver import actor, stored


async def _hostile_world(env):
    """Four players whose nicknames try to ping: another user, everyone, here, a role; and a victim
    who is not playing and must never be pinged."""
    guild = env.create_guild("Mines")
    channel = guild.create_text_channel("coal")
    role = guild.create_role("miners", mentionable=True)
    victim = guild.add_member(env.create_user("victim"))
    nicks = [f"<@{victim.id}>", "@everyone", "@here", f"<@&{role.id}> **bold**"]
    members = [guild.add_member(env.create_user(f"p{k}"), nick=nick) for k, nick in enumerate(nicks)]
    return World(env, guild, channel, *members), victim, role


def _pings(w, message):
    stored_message = w.env.backend.get_message(w.channel.id, message.id)
    return stored_message.ping_user_ids, stored_message.ping_role_ids, stored_message.mention_everyone


async def test_hostile_nicknames_ping_nobody_and_the_next_player_is_pinged(simcord_env):
    w, victim, role = await _hostile_world(simcord_env)
    r = await w.alice.slash(w.channel, "coal new", thread=False)
    lobby = r.response.message
    for member in w.players[1:]:
        await member.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    for _ in range(4):  # draft picks by slash command: each posts a turn message
        game = await stored(w)
        member = actor(w, game)
        [first, *_] = await member.autocomplete(w.channel, "coal draft", "card", "")
        r = await member.slash(w.channel, "coal draft", card=first["value"])
        assert not r.ephemeral
        turn = w.channel.last_message
        users, roles, everyone = _pings(w, turn)
        after = await stored(w)
        assert users == [after.to_move_user] and roles == [] and not everyone  # only the next player
    history = w.channel.history()
    said = [m for m in history if m.author.id == w.bot.user.id]
    assert len(said) >= 6
    for message in said:
        users, roles, everyone = _pings(w, message)
        assert victim.id not in users and roles == [] and not everyone, message.content
        assert set(users) <= {m.id for m in w.players}
    text = "\n".join(m.content for m in said)
    # the names show as typed, escaped: no live mention of the victim or the role, no bold
    assert f"<@{victim.id}>" not in text and f"<@&{role.id}>" not in text
    assert "\\*\\*bold\\*\\*" in text and "**bold**" not in text
    assert "@\u200beveryone" in text or "@everyone" not in text
