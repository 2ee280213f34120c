"""The slash commands in every language: the translator localizes every name and description of the
real command tree (bot.commands.CoalCommands as the bot builds it, walked through the payload
discord.py sends to Discord), and of the commands the design adds this round, within Discord's limits."""

from __future__ import annotations

import discord
import pytest
import regex
from discord import app_commands

from bot.command_names import LOCALES, CommandTranslator, Where, localize
from bot.play.commands import CoalCommands
from scripts.extract_messages import NO_DESCRIPTION, PLANNED

# Discord's rule for command and option names (docs: Application Commands, "Application Command Naming").
NAME = regex.compile(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
LOCALIZED = {"de", "it", "es-ES", "es-419", "ja"}
NAMED = LOCALIZED - {"ja"}  # Japanese keeps ASCII command and option names (issue 25): typed without the IME


def check_name(name: str, where: str) -> None:
    assert NAME.match(name), f"{where}: {name!r} breaks Discord's name rule"
    assert name == name.lower(), f"{where}: {name!r} is not lower case"


def check_description(text: str, where: str) -> None:
    assert 1 <= len(text) <= 100, f"{where}: {len(text)} characters ({text!r})"


@pytest.fixture
async def payload():
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    group = CoalCommands()
    tree.add_command(group)
    data = await group.get_translated_payload(tree, CommandTranslator())
    await client.close()
    return data


def test_the_localized_locales_are_the_five_discord_locales_of_our_four_other_languages():
    assert {loc.value for loc in LOCALES} == LOCALIZED


async def test_every_command_and_option_of_the_tree_has_a_name_and_description_in_every_language(payload):
    commands = payload["options"]
    assert len(commands) >= 20  # the whole /coal surface of today
    for loc in LOCALIZED:
        check_description(payload["description_localizations"][loc], f"/coal [{loc}]")
        names = []
        for cmd in commands:
            where = f"/coal {cmd['name']} [{loc}]"
            assert loc in cmd["description_localizations"], f"{where}: no localized description"
            check_description(cmd["description_localizations"][loc], where)
            if loc not in NAMED:
                assert loc not in (cmd["name_localizations"] or {}), f"{where}: the name must stay ASCII"
                continue
            assert loc in cmd["name_localizations"], f"{where}: no localized name"
            check_name(cmd["name_localizations"][loc], where)
            names.append(cmd["name_localizations"][loc])
            option_names = []
            for opt in cmd.get("options", []):
                at = f"{where} {opt['name']}"
                if loc not in NAMED:
                    assert loc not in (opt.get("name_localizations") or {}), f"{at}: the name must stay ASCII"
                    continue
                assert loc in opt["name_localizations"], f"{at}: no localized name"
                check_name(opt["name_localizations"][loc], at)
                option_names.append(opt["name_localizations"][loc])
                if opt["description"] != NO_DESCRIPTION:
                    assert loc in opt["description_localizations"], f"{at}: no localized description"
                    check_description(opt["description_localizations"][loc], at)
                for choice in opt.get("choices", []):
                    assert loc in choice["name_localizations"], f"{at} choice {choice['name']}: not localized"
                    check_description(choice["name_localizations"][loc], f"{at} choice {choice['name']}")
            assert len(set(option_names)) == len(option_names), f"{where}: two options share a name"
        assert len(set(names)) == len(names), f"[{loc}]: two commands share a name: {sorted(names)}"


async def test_localized_names_differ_from_english_where_the_language_has_its_own_word(payload):
    # Not every name must change ("bank" is "bank" in German), but a language that left the whole
    # tree in English would pass the checks above: most names are translated.
    for loc in NAMED:
        cmds = payload["options"]
        changed = sum(cmd["name_localizations"][loc] != cmd["name"] for cmd in cmds)
        assert changed >= len(cmds) * 2 // 3, f"[{loc}] only {changed} of {len(cmds)} names translated"
    by_name = {cmd["name"]: cmd for cmd in payload["options"]}
    assert by_name["mine"]["name_localizations"]["it"] == "estrazione"
    assert "ja" not in by_name["mine"]["name_localizations"]  # /coal mine, typed without switching the IME
    assert by_name["mine"]["description_localizations"]["ja"].startswith("採掘")
    assert by_name["factory"]["name_localizations"]["es-419"] == "fábrica"


def test_english_locales_keep_the_tree_as_it_is():
    for loc in (discord.Locale.american_english, discord.Locale.british_english):
        assert localize("mine", loc, Where.command_name) is None
    assert localize("mine", discord.Locale.french, Where.command_name) is None


@pytest.mark.parametrize("loc", sorted(LOCALES, key=str))
def test_the_commands_added_this_round_are_localized_within_discords_limits(loc):
    for cmd in PLANNED:
        where = f"/coal {cmd.name} [{loc.value}]"
        name = localize(cmd.name, loc, Where.command_name)
        if loc.value in NAMED:
            assert name, f"{where}: no localized name"
            check_name(name, where)
        else:
            assert name is None, f"{where}: the name must stay ASCII"
        if cmd.description:
            description = localize(cmd.description, loc, Where.command_description)
            assert description, f"{where}: no localized description"
            check_description(description, where)
        for opt in cmd.options:
            at = f"{where} {opt.name}"
            check_name(localize(opt.name, loc, Where.parameter_name) or opt.name, at)
            description = localize(opt.description, loc, Where.parameter_description)
            assert description, f"{at}: no localized description"
            check_description(description, at)
            for choice in opt.choices:
                label = localize(choice, loc, Where.choice_name)
                assert label, f"{at} choice {choice}: not localized"
                check_description(label, at)
