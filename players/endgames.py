"""Endgame duels: two levels finish the same late positions against the same rival, compared pair by pair.

    python -m players endgames --levels expert:finish=16,expert --rival yardstick --positions 30 --left 16 --seed 1

A change that only alters the last placements of a game (how the expert plays the end of shift 3) is
measured far more cheaply, and more sharply, by playing only those placements: each position (a
two-player game played by `--opener` until `--left` worker placements remain in it) is finished once
by each level in each seat against `--rival`, from the same state and with the same decision seeds. A
pair (position, seat) differs only by the level; the paired difference of the seat's final lead over
the rival, with its 95 % interval, says which level plays the end better. Wins are counted too.
"""

from __future__ import annotations

import math
import statistics
import sys
from dataclasses import dataclass, field
from functools import lru_cache

from rules import apply, new_game, view
from rules.state import GameState

from .duel import NAMES, side_by_side, wilson
from .levels import by_level
from .lookahead import placements_left
from .seeds import decision_seed

__all__ = ["EndgameResult", "endgames", "opening"]


def _play(state: GameState, levels: list[str], game_seed: int, until_left: int = -1) -> GameState:
    """`state` played on by `levels` (one per seat) until `until_left` placements remain, or to the end."""
    names = [p.name for p in state.players]
    players = [by_level(level) for level in levels]
    while state.phase != "over":
        left = placements_left(state)
        if state.phase == "turn" and left is not None and left <= until_left:
            break
        seat = state.current
        action = players[seat].choose(view(state, names[seat]), decision_seed(game_seed, state))
        state, _ = apply(state, action)
    return state


@lru_cache(maxsize=4)  # a position is finished four times (two levels, two seats), most often in one process
def opening(opener: str, game_seed: int, left: int) -> GameState:
    """A two-player game played by `opener` in both seats until `left` placements remain in it."""
    return _play(new_game(NAMES[:2], game_seed), [opener, opener], game_seed, left)


def _finish(opener: str, level: str, rival: str, game_seed: int, seat: int, left: int) -> tuple[float, float]:
    """One level finishing one position in one seat: the seat's final lead over the rival, and its win share."""
    start = opening(opener, game_seed, left)
    levels = [rival, rival]
    levels[seat] = level
    end = _play(start, levels, game_seed)
    vps = [p.vp for p in end.players]
    win = 1 / len(end.winners) if seat in end.winners else 0.0
    return vps[seat] - vps[1 - seat], win


@dataclass
class EndgameResult:
    levels: list[str]
    rival: str
    leads: dict[str, list[float]] = field(default_factory=dict)  # by level, one per (position, seat)
    wins: dict[str, float] = field(default_factory=dict)

    def lines(self) -> list[str]:
        first, second = self.levels
        n = len(self.leads.get(first, []))
        out = [f"{n // 2} positions x 2 seats, finished against {self.rival}"]
        for level in self.levels:
            leads = self.leads.get(level, [0.0])
            low, high = wilson(self.wins.get(level, 0.0), n)
            out.append(
                f"{level:<12} wins {self.wins.get(level, 0.0):>6.1f}/{n} ({low:.0%}-{high:.0%})"
                f"  mean lead {statistics.mean(leads):+.2f} VP"
            )
        diffs = [a - b for a, b in zip(self.leads.get(first, []), self.leads.get(second, []), strict=True)]
        if len(diffs) > 1:
            mean = statistics.mean(diffs)
            se = statistics.stdev(diffs) / math.sqrt(len(diffs))
            same = sum(d == 0 for d in diffs)
            low, high = mean - 1.96 * se, mean + 1.96 * se
            out.append(
                f"{first} - {second}: {mean:+.2f} VP a pair (95% CI {low:+.2f} to {high:+.2f});"
                f" {same} of {len(diffs)} pairs ended the same"
            )
        return out


def endgames(
    levels: list[str],
    rival: str,
    positions: int,
    left: int,
    seed: int,
    opener: str = "expert@0.05",
    jobs: int = 1,
    progress: bool = False,
) -> EndgameResult:
    """Each of `positions` positions finished by each level in each seat against `rival`."""
    result = EndgameResult(levels=levels, rival=rival)
    calls = [
        (opener, level, rival, seed * 1_000_003 + p, seat, left)
        for p in range(positions)
        for seat in (0, 1)
        for level in levels
    ]
    for k, (lead, win) in enumerate(side_by_side(_finish, jobs, *zip(*calls, strict=True))):
        level = calls[k][1]
        result.leads.setdefault(level, []).append(lead)
        result.wins[level] = result.wins.get(level, 0.0) + win
        if progress and (k + 1) % (4 * len(levels)) == 0:
            print("\n".join(result.lines()), file=sys.stderr, flush=True)
    return result
