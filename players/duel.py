"""Duels between levels: seat-rotated games, win rates with 95 % intervals, scores, think times.

    python -m players duel --levels hard,normal,normal,normal --games 200 --seed 1 [--jobs 2] [--start 0]

A shared victory (R-END-5) is split: each of k winners gets 1/k of a win. With `--jobs`
games run side by side in worker processes, each game on one core; the games and the
tally are the same as when they are played one after another. A duel's games are numbered from 0 (game g
seats the levels rotated by g places and has its own seed): `--start 170 --games 30` plays games 170-199
of the same duel, to complete a long run that was cut short. `--progress` reports on stderr every 10 games,
with the table so far, so a run cut short still has its scores and think times up to its last report.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rules import apply, new_game, view
from rules.state import GameState

from .levels import by_level
from .seeds import decision_seed

__all__ = ["DuelResult", "duel", "play_game", "side_by_side", "wilson"]

NAMES = ["Anna", "Bert", "Clara", "Dora"]

T = TypeVar("T")


def side_by_side(fn: Callable[..., T], jobs: int, *arguments: Iterable[Any]) -> Iterator[T]:
    """`map(fn, *arguments)` in `jobs` worker processes (one core each), results in order.

    With one job it runs here, one call after another; the results are the same either way.
    Leaving the loop early cancels the calls not yet started.
    """
    if jobs <= 1:
        yield from map(fn, *arguments)
        return
    pool = ProcessPoolExecutor(jobs)
    try:
        yield from pool.map(fn, *arguments)
    finally:
        pool.shutdown(cancel_futures=True)


def wilson(wins: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a win rate (95 % by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = wins / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def play_game(levels: list[str], game_seed: int, think: dict[str, list[float]] | None = None) -> GameState:
    """One game, seat k played by `levels[k]`; think times (seconds) appended per level."""
    names = NAMES[: len(levels)]
    players = [by_level(level) for level in levels]
    state = new_game(names, game_seed)
    while state.phase != "over":
        seat = state.current
        seen = view(state, names[seat])
        start = time.process_time()  # CPU time: the machine may be shared
        action = players[seat].choose(seen, decision_seed(game_seed, state))
        if think is not None:
            think.setdefault(levels[seat], []).append(time.process_time() - start)
        state, _ = apply(state, action)
    return state


@dataclass
class DuelResult:
    levels: list[str]
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    seats: dict[str, int] = field(default_factory=dict)  # seat-games played per level
    scores: dict[str, list[int]] = field(default_factory=dict)
    think: dict[str, list[float]] = field(default_factory=dict)

    def lines(self) -> list[str]:
        out = [
            f"{self.games} games of {len(self.levels)} players ({', '.join(self.levels)}), seats rotated;"
            " shared wins split",
            f"{'level':<8} {'seats':>5} {'wins':>7} {'win rate':>8} {'95% CI':>15} {'par':>5} {'mean VP':>8}"
            f" {'think p50':>10} {'p95':>9} {'max':>9}",
        ]
        par = 1 / len(self.levels)
        for level in dict.fromkeys(self.levels):
            seats = self.seats.get(level, 0)
            wins = self.wins.get(level, 0.0)
            low, high = wilson(wins, seats)
            times = sorted(self.think.get(level, [0.0]))
            p50 = times[len(times) // 2]
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            out.append(
                f"{level:<8} {seats:>5} {wins:>7.1f} {wins / max(1, seats):>8.1%} {f'{low:.1%}-{high:.1%}':>15}"
                f" {par:>5.0%} {statistics.mean(self.scores.get(level, [0])):>8.1f}"
                f" {p50 * 1000:>8.1f}ms {p95 * 1000:>7.1f}ms {times[-1] * 1000:>7.0f}ms"
            )
        return out


def _seating(levels: list[str], g: int) -> list[str]:
    """Game g seats the levels rotated by g places."""
    return [levels[(k + g) % len(levels)] for k in range(len(levels))]


def _one_game(levels: list[str], seed: int, g: int) -> tuple[list[int], list[int], dict[str, list[float]]]:
    """Game g of a duel: the seats' final VP, the winning seats, think times per level."""
    think: dict[str, list[float]] = {}
    state = play_game(_seating(levels, g), seed * 1_000_003 + g, think)
    return [p.vp for p in state.players], list(state.winners), think


def duel(levels: list[str], games: int, seed: int, progress: bool = False, jobs: int = 1, start: int = 0) -> DuelResult:
    """Play games `start` to `start + games - 1`, game g with the levels rotated by g places, in `jobs`
    processes."""
    result = DuelResult(levels=levels)
    started = time.perf_counter()
    numbers = range(start, start + games)
    outcomes = side_by_side(_one_game, jobs, [levels] * games, [seed] * games, numbers)
    for g, (vps, winners, think) in zip(numbers, outcomes, strict=True):
        seating = _seating(levels, g)
        result.games += 1
        for level, times in think.items():
            result.think.setdefault(level, []).extend(times)
        for seat, level in enumerate(seating):
            result.seats[level] = result.seats.get(level, 0) + 1
            result.scores.setdefault(level, []).append(vps[seat])
        for seat in winners:
            level = seating[seat]
            result.wins[level] = result.wins.get(level, 0.0) + 1 / len(winners)
        if progress and result.games % 10 == 0:
            rate = (time.perf_counter() - started) / result.games
            tally = ", ".join(
                f"{level} {result.wins.get(level, 0.0):.1f}/{result.seats[level]}" for level in dict.fromkeys(levels)
            )
            so_far = [f"  {line}" for line in result.lines()]  # a cut run keeps its VP and think times
            report = [f"{result.games}/{games} games, {rate:.1f} s/game; wins {tally}", *so_far]
            print("\n".join(report), file=sys.stderr, flush=True)
    return result
