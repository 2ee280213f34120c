"""The computer levels: random, easy (greedy), normal (one-move lookahead), hard (look-ahead), expert (more of it).

Each level is an object with `choose(view, seed) -> Action`. `view` is what the seat to
move may see (`rules.view(state, name)`); the same view and seed always give the same
action. Hidden cards are never read: normal and hard decide on games sampled from the view
(`players.knowledge.determinize`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Protocol

from rules.actions import Action
from rules.record import Chooser, random_action
from rules.state import GameState

from .evaluate import worth
from .expert import Expert
from .greedy import greedy_action
from .honest import Honest
from .knowledge import determinize
from .lookahead import after_move, play_on
from .ranking import Scored, best_move, rank
from .rollout import playout_move, policy_named
from .search import Plain, Search, Yardstick

__all__ = ["Easy", "Expert", "Hard", "Normal", "RandomPlayer", "Scored", "rank"]


class RandomPlayer:
    """Uniformly random legal actions (mining: random steps): a baseline for tests and duels."""

    level = "random"

    def choose(self, view: GameState, seed: int):
        return random_action(view, Chooser(seed))


class Easy:
    """The greedy player (`players.greedy`): sensible, quick, easy to read and to beat."""

    level = "easy"

    def choose(self, view: GameState, seed: int):
        return greedy_action(view, Chooser(seed))


@dataclasses.dataclass(frozen=True)
class Light:
    """The honest search's playout policy as a player (`players.rollout`, no random moves): for duels;
    `light:policy=frugal` plays another of `players.rollout.POLICIES`."""

    level: str = "light"
    policy: str = "light"

    def __post_init__(self) -> None:
        policy_named(self.policy)  # an unknown name: ValueError

    def choose(self, view: GameState, seed: int):
        return playout_move(determinize(view, seed), Chooser(seed), noise=0.0, policy=policy_named(self.policy))


class Normal:
    """One move ahead: every candidate action judged by the position it leads to."""

    level = "normal"

    def choose(self, view: GameState, seed: int):
        world = determinize(view, seed)
        return best_move(world)


class Hard:
    """Search over hidden information: the best candidates of the normal level, each played
    out twice round the table (the rivals' replies and the seat's own next two placements) in
    several games sampled from what the seat knows, averaged.
    """

    level = "hard"

    def __init__(self, candidates: int | None = None, samples: int | None = None, horizon: int | None = None):
        # Defaults by table size: a round of look-ahead costs twice as much with four players.
        self.candidates = candidates
        self.samples = samples
        self.horizon = horizon  # placements after the move; default: twice round the table

    def effort(self, players: int) -> tuple[int, int, int]:
        """(candidates, samples, horizon in worker placements) for a table of `players`."""
        # Measured side by side on the same seeds (python -m players duel, 20-80 games): with 4 players,
        # 6 candidates x 6 samples won 13 of 20 games against three normal where 3 x 3 won 9; with 2,
        # 6 x 8 did no better than 4 x 4. Looking two rounds ahead instead of one won 72 of 80 two-player
        # games against normal where one round won 56 (three rounds: 71), and 13 of 20 four-player games
        # where one round won 9.5, at twice the think time. Over 200 games (seed 1): 84.5 % with two
        # players (p95 258 ms), 65.5 % with four (p95 611 ms); seed 2 with four: 62.7 % (p95 658 ms).
        two = players == 2
        return (
            self.candidates or (4 if two else 6),
            self.samples or (4 if two else 6),
            self.horizon if self.horizon is not None else 2 * players,
        )

    def evaluate(self, view: GameState, seed: int) -> list[tuple[Scored, float]]:
        """The candidates with their mean worth after the look-ahead, best first."""
        seat = view.current
        world = determinize(view, seed)
        ranked = rank(world)
        if len(ranked) == 1 or view.phase == "draft":
            return [(s, s.value) for s in ranked]
        candidates, samples, horizon = self.effort(len(view.players))
        top = ranked[:candidates]
        totals = [0.0] * len(top)
        for k in range(samples):
            sample = world if k == 0 else determinize(view, seed + 7919 * k)
            for i, cand in enumerate(top):
                state = cand.after if k == 0 else after_move(sample, cand.action)
                # The horizon counts worker placements: a draw's keep choice is part of its
                # turn, else a draw would be judged with one rival reply fewer than the rest.
                totals[i] += worth(play_on(state, horizon), seat)
        scored = [(cand, total / samples) for cand, total in zip(top, totals, strict=True)]
        scored.sort(key=lambda cv: -cv[1])
        return scored

    def choose(self, view: GameState, seed: int):
        return self.evaluate(view, seed)[0][0].action


class Player(Protocol):
    """A computer level: its name, and its move from a seat's view and a seed."""

    @property
    def level(self) -> str: ...

    def choose(self, view: GameState, seed: int) -> Action: ...


# The levels offered at a table are `games.computers.LEVELS`; the tree searches are for duels. Every
# level here is proved legal and fair by tests/players.
LEVELS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "easy": Easy,
    "normal": Normal,
    "hard": Hard,
    "expert": Expert,
    "ismcts": Plain,
    "plain": lambda: Search(level="plain", budget=1.5),
    "yardstick": Yardstick,
    "honest": Honest,
    "light": Light,
}


def by_level(level: str) -> Player:
    """The computer player of a level: random, easy, normal, hard or expert (and, for duels, the searches
    the expert is measured against: `ismcts`, `plain`, `yardstick`).

    For duels a level may name another CPU budget a decision, `expert@0.5`, and (the searches and the
    expert) other values of its fields, each after a colon: `yardstick@0.25:widen=0.7:explore=0.35`,
    `expert:finish=16` (a variant measured and not kept, docs/computer-players.md)."""
    head, *settings = level.split(":")
    name, _at, seconds = head.partition("@")
    try:
        player = LEVELS[name]()
    except KeyError:
        raise ValueError(f"unknown level {name!r}; choose one of {', '.join(LEVELS)}") from None
    changes: dict[str, object] = {}
    if seconds:
        if not hasattr(player, "budget"):
            raise ValueError(f"level {name!r} has no CPU budget to set")
        changes["budget"] = _seconds(seconds)
    if settings:
        changes |= _settings(player, name, settings)
    if not changes:
        return player
    return dataclasses.replace(player, level=level, **changes)  # type: ignore[type-var]


def level_name(level: str) -> str:
    """The level a duel's level text names, read as `by_level` reads it: `yardstick` in `yardstick@0.25:widen=0.7`."""
    return level.partition(":")[0].partition("@")[0]


def _seconds(seconds: str) -> float:
    """A CPU budget a decision from its text: more than 0 and at most 60 seconds."""
    try:
        budget = float(seconds)
    except ValueError:
        raise ValueError(f"{seconds!r} is not a number of seconds") from None
    if not 0 < budget <= 60:
        raise ValueError("a budget is more than 0 and at most 60 seconds")
    return budget


def _settings(player: Player, name: str, settings: list[str]) -> dict[str, object]:
    """`field=value` texts read as the values of the level's own fields, by each field's type."""
    if not dataclasses.is_dataclass(player):
        raise ValueError(f"level {name!r} has no fields to set")
    types = {f.name: str(f.type) for f in dataclasses.fields(player) if f.name != "level"}
    out: dict[str, object] = {}
    for setting in settings:
        key, _eq, text = setting.partition("=")
        if key not in types or not text:
            raise ValueError(f"{setting!r} is not field=value for one of {name}'s fields: {', '.join(types)}")
        kind = types[key]
        try:
            if text == "none" and "None" in kind:
                out[key] = None
            elif kind.startswith("bool"):
                out[key] = {"true": True, "false": False}[text]
            elif kind.startswith("int"):
                out[key] = int(text)
            elif kind.startswith("float"):
                out[key] = float(text)
            else:
                out[key] = text
        except (KeyError, ValueError):
            raise ValueError(f"{text!r} is not a value of {key} ({kind})") from None
    return out
