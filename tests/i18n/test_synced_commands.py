"""End to end through SimCord: the bot installs its command translator at start, so its sync
registers the /coal tree with its localizations, and commands still run (interactions carry the
English names)."""

from __future__ import annotations


async def test_the_synced_tree_carries_every_localization_and_commands_still_run(simcord_env):
    env = simcord_env
    coal = env.backend.find_command("coal", None)
    assert coal is not None
    assert set(coal["description_localizations"]) == {"de", "it", "es-ES", "es-419", "ja"}
    mine = next(o for o in coal["options"] if o["name"] == "mine")
    assert mine["name_localizations"] == {
        "de": "fördern",
        "it": "estrazione",
        "es-ES": "minería",
        "es-419": "minería",
    }  # Japanese types /coal mine: ASCII names, localized descriptions (issue 25)
    assert mine["description_localizations"]["ja"].startswith("採掘")
    steps = next(o for o in mine["options"] if o["name"] == "steps")
    assert "ja" not in (steps.get("name_localizations") or {}) and steps["name_localizations"]["it"]
    help_ = next(o for o in coal["options"] if o["name"] == "help")
    topic = help_["options"][0]
    plan = next(c for c in topic["choices"] if c["value"] == "plan")
    assert plan["name_localizations"]["it"] == "piano"

    guild = env.create_guild("Miniere")
    channel = guild.create_text_channel("carbone")
    nicolo = guild.add_member(env.create_user("nicolo"))
    r = await nicolo.slash(channel, "coal new", thread=False, timer="12h")
    assert not r.ephemeral and "lobby" in r.response.content
