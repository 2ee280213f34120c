"""The board's key shown: the labelled picture with its key in words, for `/coal help topic:board` and at
the start of `/coal learn`."""

from __future__ import annotations

import asyncio
import io
from functools import cache

import discord

from bot.words import board_key as words
from players.greedy import demo_action
from rendering.board_key import PARTS, board_key_png
from rules import apply, new_game
from rules.record import Chooser
from rules.state import GameState

FILENAME = "board-key.png"
SAMPLE_PLAYERS = ("Alice", "Bob")
SAMPLE_SEED = 1
SAMPLE_MOVES = 12  # the draft and a few turns: orders taken, tiles bought, a delivery made, much to point at


def sample_state() -> GameState:
    """The game the key is drawn on, the same for everyone: two players a few turns in, played by the greedy
    demonstration player (`players.greedy.demo_action`, as the README's sample images)."""
    state = new_game(list(SAMPLE_PLAYERS), SAMPLE_SEED)
    chooser = Chooser(SAMPLE_SEED)
    for _ in range(SAMPLE_MOVES):
        state, _events = apply(state, demo_action(state, chooser))
    return state


@cache
def key_png() -> bytes:
    """The key's picture as PNG, as the first sample player sees it; drawn once a process (~0.3 s)."""
    state = sample_state()
    return board_key_png(state, state.players[0].name)


async def key_file() -> discord.File:
    """The labelled picture as an attachment with its description; drawn once a process, off the event loop."""
    png = await asyncio.to_thread(key_png)
    return discord.File(io.BytesIO(png), filename=FILENAME, description=words.key_alt(PARTS))


def key_text() -> str:
    """The key in the language being spoken."""
    return words.key_text(PARTS)


async def show(interaction: discord.Interaction) -> None:
    """`/coal help topic:board`: the picture and its key, privately (deferred: the first drawing takes a
    moment)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.followup.send(key_text(), file=await key_file(), ephemeral=True)


async def post_in(channel: discord.abc.Messageable) -> None:
    """The picture and its key posted in a tutorial's thread, before its first turn."""
    await channel.send(key_text(), file=await key_file())
