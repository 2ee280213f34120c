"""How the tutorial's seed (`games.tutorial.SEED`) was chosen: for each seed, a learner who tries what they
have not seen yet (`games.tutorial.eager_move`) plays against the easy computer; the seed whose game shows
every topic, the learner's own moves reaching every kind of worker space, soonest wins.

    .venv/bin/python scripts/tutorial_seed.py [how many seeds, default 60]
"""

from __future__ import annotations

import sys

from games.tutorial import TOPICS, eager_move, topics_of
from players.levels import Easy
from rules import apply, new_game, view

OWN_KINDS = {"factory", "draw", "mine", "deliver", "money", "order", "bank"}


def play(seed: int) -> tuple[int, int, set[str]]:
    """(moves until every topic was shown, moves until the learner had used every kind, what was never shown)."""
    state = new_game(["learner", "computer"], seed)
    seen: set[str] = set()
    own: set[str] = set()
    every = own_every = 10**6
    computer = Easy()
    for move in range(1, 400):
        if state.phase == "over":
            break
        name = state.to_move
        assert name is not None
        if name == "learner":
            action = eager_move(state, seen, seed + move)
        else:
            action = computer.choose(view(state, name), seed + move)
        state, events = apply(state, action)
        topics = set(topics_of(events))
        seen |= topics
        if name == "learner":
            own |= topics & OWN_KINDS
        if own >= OWN_KINDS and own_every > move:
            own_every = move
        if seen >= set(TOPICS) - {"welcome", "draft"} and every > move:
            every = move
    return every, own_every, set(TOPICS) - {"welcome", "draft"} - seen


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    results = []
    for seed in range(count):
        every, own_every, missing = play(seed)
        results.append((own_every, every, seed, missing))
    for own_every, _every, seed, missing in sorted(results)[:10]:
        print(f"seed {seed}: the learner used every kind by move {own_every}; missing {sorted(missing) or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
