"""Plays one game through the Store, each turn with a post in the outbox; `test_outbox.py` kills it.

    python tests/storage/outbox_worker.py TARGET SEED [KILL_AFTER_COMMIT]

At start it posts what the outbox still holds (`reposted GAME SEQ`). For each turn:
`save_turn(..., outbox=[Post("turn", ...)])`, print `saved GAME SEQ`, then "post" it (a
short pause standing in for Discord), `posted_upto` and `flush_marks`, print `posted GAME SEQ`. With
KILL_AFTER_COMMIT = n, the process SIGKILLs itself right after the n-th turn is committed,
before anything is posted: the exact point a crash must not lose the post.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script from anywhere

from games.manager import GameManager  # noqa: E402
from rules import apply  # noqa: E402
from rules.record import Chooser, random_action  # noqa: E402
from storage import Post, Store  # noqa: E402


async def main(target: str, seed: int, kill_after: int | None) -> None:
    rng = random.Random(seed)
    async with Store(target) as store:
        manager = GameManager(store)
        await manager.open()
        game = await manager.games.current(seed)
        if game is None:
            await manager.lobbies.new_game(1, seed, 101, "Alice")
            await manager.lobbies.join(seed, 102, "Bob")
            game = await manager.lobbies.start(seed, 101, seed=seed)
        print("ready", flush=True)
        for post in await store.outbox.pending_posts():  # what a crash left unposted goes out first
            store.outbox.posted_upto(post.game_id, post.seq)
            await store.outbox.flush_marks()
            print(f"reposted {post.game_id} {post.seq}", flush=True)
        chooser = Chooser(seed)
        while game.status == "active":
            assert game.state is not None
            player = game.state.to_move
            action = random_action(game.state, chooser)
            state, events = apply(game.state, action)
            post = Post("turn", {"events": [e.kind for e in events], "ping": game.user_of_player(player)})
            game = await store.save_turn(
                game, state, user_id=game.user_of_player(player), player=player, action=str(action), outbox=[post]
            )
            print(f"saved {game.id} {game.version}", flush=True)
            if kill_after is not None and game.version >= kill_after:
                os.kill(os.getpid(), signal.SIGKILL)  # committed, not yet posted
            await asyncio.sleep(rng.uniform(0, 0.002))  # posting to Discord
            [pending] = await store.outbox.pending_posts(game.id)
            store.outbox.posted_upto(pending.game_id, pending.seq)
            await store.outbox.flush_marks()
            print(f"posted {game.id} {game.version}", flush=True)


if __name__ == "__main__":
    kill = int(sys.argv[3]) if len(sys.argv) > 3 else None
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), kill))
