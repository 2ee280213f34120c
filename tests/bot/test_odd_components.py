"""Every kind of button and menu pressed with ids the bot never made (issue 71, item 7): odd arguments, on
a message of the wrong kind (a private panel's button on a public turn message, a turn's button on a
private answer). Each press is one private answer, nothing changes, nothing public is edited, and nothing
is logged at ERROR (an ERROR reaches the operator's alert webhook)."""

from __future__ import annotations

import logging
import re

import pytest

from bot.components import PERSISTENT_ITEMS

from .driver import fast_forward, forge_component, start_game, stored

ODD_ARGS = ("", "x", "n1.5", "n1e3", "n_", "f-1", "o99999", "1.5", "none-x", "cage-99", "9" * 30, "-", "+")
ODD_VALUES = (["x"], ["1.5"], ["9" * 30], ["-1"], ["none"])


def _ids(item, game_id: int, version: int) -> list[tuple[str, list[str] | None]]:
    """Custom ids (and select values) of `item`'s kind that its template matches, with odd parts."""
    pattern = item.__discord_ui_compiled_template__.pattern
    kind = re.search(r"coal(?:-menu)?:(\w+):", pattern)
    if pattern.startswith("coal:"):
        return [(f"coal:{kind[1]}:{g}:{v}:{arg}", None) for g, v in ((game_id, version), (0, 0)) for arg in ODD_ARGS]
    if pattern.startswith("coal-menu:"):
        return [
            (f"coal-menu:{kind[1]}:{g}:{v}", values) for g, v in ((game_id, version), (0, 0)) for values in ODD_VALUES
        ]
    fixed = re.findall(r"\(\?P<\w+>([\w|]+)\)", pattern)[0].split("|")
    prefix = pattern.split("(?P")[0]
    menu = "settings" in prefix
    return [(prefix + what, (["x"] if menu else None)) for what in fixed]


@pytest.mark.slow
async def test_every_kind_pressed_with_odd_ids_or_on_the_wrong_message_is_one_quiet_private_answer(world, caplog):
    caplog.set_level(logging.INFO, logger="coalbaron")
    w = world
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 6)
    member = next(m for m in w.players if m.id == game.to_move_user)
    turn = w.channel.last_message
    private = (await member.slash(w.channel, "coal status")).response
    public_before = [(m.id, m.content, str(m.components)) for m in w.channel.history()]
    failures = []
    for item in PERSISTENT_ITEMS:
        for custom_id, values in _ids(item, game.id, game.version):
            for where, message in (("public", turn), ("private", private)):
                if item.__name__ == "PrivacyButton" and custom_id.endswith(":yes") and where == "private":
                    continue  # (a real "Yes, forget me" on a private message is the person's own choice)
                caplog.clear()
                try:
                    r = await forge_component(member, message, custom_id, values)
                except Exception as err:  # the simulated Discord refused what the bot sent
                    failures.append((item.__name__, custom_id, values, where, f"raised {err!r}"[:200]))
                    continue
                errors = [x.getMessage() for x in caplog.records if x.levelno >= logging.ERROR]
                if errors:
                    failures.append((item.__name__, custom_id, values, where, errors[0][:200]))
                elif not r.acknowledged:
                    failures.append((item.__name__, custom_id, values, where, "no answer"))
                elif where == "public" and not r.ephemeral:  # a new private answer, never the public one edited
                    failures.append((item.__name__, custom_id, values, where, f"public: {r.response.content!r}"))
                if [(m.id, m.content, str(m.components)) for m in w.channel.history()] != public_before:
                    failures.append((item.__name__, custom_id, values, where, "a public message changed"))
                    public_before = [(m.id, m.content, str(m.components)) for m in w.channel.history()]
    assert failures == []
    assert await stored(w) == game
    assert [(m.id, m.content, str(m.components)) for m in w.channel.history()] == public_before
