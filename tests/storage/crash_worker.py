"""Plays random games into a database until it is killed; `test_crash.py` kills it with SIGKILL.

    python tests/storage/crash_worker.py DB_PATH SEED

After each stored move it appends `turn GAME_ID VERSION` to its output (and `start GAME_ID`
after each start), so the test knows the last turn it saw committed.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script from anywhere

from games.manager import GameManager  # noqa: E402
from rules.record import Chooser, random_action  # noqa: E402
from storage import Store  # noqa: E402

CHANNELS = (1, 2, 3, 4)
USERS = [(101, "Alice"), (102, "Bob"), (103, "Carol"), (104, "Dave")]


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    async with Store(path) as store:
        manager = GameManager(store)
        await manager.open()
        print("ready", flush=True)
        while True:
            channel = rng.choice(CHANNELS)
            game = await manager.games.current(channel)
            if game is None:
                game = await manager.lobbies.new_game(1, channel, *USERS[0], {"timer": rng.choice(["none", "1h"])})
            if game.status == "lobby":  # new, or left behind by an earlier kill
                for user, name in USERS[len(game.seats) : rng.randint(2, 4)]:
                    game = await manager.lobbies.join(channel, user, name)
                if len(game.seats) >= 2:
                    game = await manager.lobbies.start(channel, game.host_id, seed=rng.randrange(2**63))
                    print(f"start {game.id}", flush=True)
                continue
            if rng.random() < 0.003:
                await manager.lobbies.abort(channel, game.host_id)
                continue
            action = random_action(game.state, Chooser(rng.randrange(2**32)))
            result = await manager.moves.act(channel, game.to_move_user, action)
            print(f"turn {result.game.id} {result.version}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
