"""A channel's computer mover and the wakes that come while it runs: none is lost.

A mover stops when its last look at the game finds no computer to move. That look reads the database
when the game is not among the recent ones in memory (`games.memory`), and a person's move that lands
while it is under way (the game read before the move, the mover resumed after it) woke the channel
while the mover still ran: no new mover started, the old one stopped, and the computer never moved
until the next restart."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import bot.play.computers as computers_module
from bot.play.computers import ComputerPlayers

CHANNEL = 7


class Table:
    """One game, by who is to move; the mover's look after its moves can be held half-way (read, not yet
    returned), as an await on the database holds it."""

    def __init__(self) -> None:
        self.to_move = "computer"
        self.plays = 0
        self.hold: asyncio.Event | None = None  # the next look reads the game, then waits for this
        self.held = asyncio.Event()  # set while a look waits

    async def current(self, channel_id: int) -> SimpleNamespace:
        seen = SimpleNamespace(id=1, to_move=self.to_move)  # read now
        if self.hold is not None:
            hold, self.hold = self.hold, None
            self.held.set()
            await hold.wait()
        return seen


async def test_a_wake_while_the_mover_takes_its_last_look_makes_it_look_again(monkeypatch):
    table = Table()
    release = asyncio.Event()

    async def play_computers(manager, channel_id, think):
        table.plays += 1
        table.to_move = "person"  # the computer moved; the person is next
        if table.plays == 1:
            table.hold = release  # the mover's look after this move reads the game, then waits
        return SimpleNamespace(results=[], failure=None)

    monkeypatch.setattr(computers_module, "play_computers", play_computers)
    monkeypatch.setattr(computers_module, "level_to_move", lambda game: "easy" if game.to_move == "computer" else None)
    fake = SimpleNamespace(
        manager=SimpleNamespace(games=table), publisher=SimpleNamespace(held_until=lambda game_id: None)
    )
    computers = ComputerPlayers(fake)
    try:
        computers.wake(CHANNEL)
        await asyncio.wait_for(table.held.wait(), 5)  # the look read "the person is to move"
        table.to_move = "computer"  # meanwhile the person moves, and the channel is woken
        computers.wake(CHANNEL)
        release.set()
        await asyncio.wait_for(computers.idle(), 5)
        assert table.plays == 2  # the computer's reply to the person's move was made
        assert table.to_move == "person"
        # nothing left over: a wake with a computer to move starts a new mover
        table.to_move = "computer"
        computers.wake(CHANNEL)
        await asyncio.wait_for(computers.idle(), 5)
        assert table.plays == 3
    finally:
        await computers.close()
