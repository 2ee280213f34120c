"""A tiny deterministic random generator whose whole state is one integer.

SplitMix64: the state fits in the game's JSON (so a saved game resumes bit for bit) and
it does not depend on the Python version, unlike `random.Random`'s internals.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator state for a game seed (any integer)."""
    return seed & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Advance the state; return (new_state, 64 random bits)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Advance the state; return (new_state, a uniform integer in [0, n))."""
    state, bits = next_u64(state)
    return state, (bits * n) >> 64


def shuffle(state: int, items: list) -> int:
    """Shuffle `items` in place (Fisher-Yates); return the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
