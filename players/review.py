"""The post-game review, as data: where a finished game was won and lost, judged by the expert's evaluation.

No words here (the bot says it, `bot.record.review`). From a finished game's record:

- `race`: after every move still standing, each seat's VP and the expected final VP the expert's
  evaluation (`players.evaluate.worths`) gives it, and where the shifts were scored: the chart's lines.
  The game is over, so this reads the whole state (nothing is hidden any more).
- `decisions`: the moves to judge — every worker placement and draw choice still standing (the draft's
  picks are not judged: the expert has no look-ahead of them), each with the mover's own view before it.
- `judge_decision`: one decision judged as the expert would have seen it then (`rules.view`, never with
  hindsight of hidden cards): the played move and the expert's best candidates, each played on by the
  expert's look-ahead in the same sampled games (paired, so luck does not decide), their mean leads
  compared; the expected VP the played move lost is the best mean minus its own (0 when it is the best).
  A fixed number of look-aheads, not a time budget, so a review is the same on every machine and after a
  restart (the operator's `REVIEW_SECONDS` is turned into look-aheads by `lookaheads_for`).
- `turning_points` and `accuracy`: each seat's costliest decisions and its mean loss per decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from rules import GameState, advance, parse_action
from rules.events import ShiftScored
from rules.record import GameRecord, standing_moves
from rules.view import view

from .evaluate import worths
from .expert import Expert
from .hints import Hint, describe
from .knowledge import determinize
from .lookahead import judge, placements_left
from .ranking import rank

__all__ = [
    "CANDIDATES",
    "LOOKAHEAD_SECONDS",
    "REVIEW_SECONDS",
    "Race",
    "Verdict",
    "accuracy",
    "begin",
    "decisions",
    "judge_decision",
    "judge_nth",
    "lookaheads_for",
    "race",
    "turning_points",
]

REVIEW_SECONDS = 0.5  # the default CPU budget of a decision (REVIEW_SECONDS): about 61 look-aheads
CANDIDATES = 8  # the expert's best candidates judged beside the played move (the expert's own flat search: 12)
LOOKAHEAD_SECONDS = 0.0082  # CPU seconds a look-ahead of a review takes, sampling included (bench/review.py)
MIN_LOOKAHEADS = 8  # a decision's look-aheads at least, whatever the budget: fewer say too little


def lookaheads_for(seconds: float) -> int:
    """The look-aheads a decision's judgement gets for a budget of `seconds` of CPU."""
    return max(MIN_LOOKAHEADS, round(seconds / LOOKAHEAD_SECONDS))


class Race(BaseModel):
    """The chart's data: for the start and after each move still standing (frame k = after move k),
    every seat's VP and expected final VP; the frames after which a shift was scored."""

    vp: list[list[int]]
    expected: list[list[float]]
    scorings: list[int]


class Verdict(BaseModel):
    """One decision judged: its frame (the replay's: the move's place among the moves standing, 1-based) and
    log entry, the seat, the move played and the expert's best, their mean leads in the same sampled games,
    the expected VP the played move lost (>= 0), and the best move as a hint (why it is good, in data)."""

    frame: int
    entry: int
    seat: int
    played: str
    best: str
    played_lead: float
    best_lead: float
    loss: float
    games: int
    why: Hint | None = None  # the best move's hint; None when the played move was the best


@dataclass(frozen=True, slots=True)
class Decision:
    """A move to judge: its frame and entry, the seat and the move, and the mover's view before it."""

    frame: int
    entry: int
    seat: int
    played: str
    view: GameState


def race(record: GameRecord) -> Race:
    """Each seat's VP and expected final VP at the start and after every move still standing."""
    start, moves = standing_moves(record)
    states = [start, *(m.after for m in moves)]
    scorings = [k for k, m in enumerate(moves, start=1) if any(isinstance(e, ShiftScored) for e in m.events)]
    return Race(
        vp=[[p.vp for p in s.players] for s in states],
        expected=[[round(w, 1) for w in worths(s)] for s in states],
        scorings=scorings,
    )


def decisions(record: GameRecord) -> list[Decision]:
    """Every worker placement and draw choice still standing, with the mover's view before it."""
    start, moves = standing_moves(record)
    before = [start, *(m.after for m in moves[:-1])]
    out = []
    for frame, (state, move) in enumerate(zip(before, moves, strict=True), start=1):
        if state.phase not in ("turn", "draw"):
            continue
        seat = state.current
        out.append(Decision(frame, move.entry, seat, move.move.action, view(state, state.players[seat].name)))
    return out


def judge_decision(decision: Decision, seed: int, lookaheads: int) -> Verdict:
    """`decision` judged from the mover's view: the played move and the expert's `CANDIDATES` best, each by
    the expert's look-ahead in the same sampled games (about `lookaheads` look-aheads in all)."""
    seen, seat = decision.view, decision.seat
    played = parse_action(decision.played)
    first = determinize(seen, seed, deduce=True)
    candidates = [r.action for r in rank(first)[:CANDIDATES]]
    if played not in candidates:
        candidates.append(played)
    if len(candidates) == 1:
        return Verdict(
            frame=decision.frame, entry=decision.entry, seat=seat, played=decision.played, best=decision.played,
            played_lead=0.0, best_lead=0.0, loss=0.0, games=0,
        )  # fmt: skip
    expert = Expert()
    placements = expert.rounds * len(seen.players)
    left = placements_left(seen)
    if left is not None and left <= expert.finish:
        placements = 10**6
    best_rival = expert.best_rival if len(seen.players) > 2 else None
    everyone = len(seen.players) >= expert.rivals_normal
    games = max(1, lookaheads // len(candidates))
    totals = [0.0] * len(candidates)
    for k in range(games):
        world = first if k == 0 else determinize(seen, seed + 7919 * k, deduce=True)
        for c, action in enumerate(candidates):
            totals[c] += judge(world, action, seat, placements, best_rival, everyone)
    means = [t / games for t in totals]
    best = max(range(len(candidates)), key=lambda c: (means[c], -c))  # ties: the earlier (the expert's order)
    mine = candidates.index(played)
    loss = max(0.0, means[best] - means[mine])
    why = None if best == mine else describe(candidates[best], means[best], first, advance(first, candidates[best]))
    return Verdict(
        frame=decision.frame, entry=decision.entry, seat=seat, played=decision.played, best=str(candidates[best]),
        played_lead=round(means[mine], 2), best_lead=round(means[best], 2), loss=round(loss, 2), games=games,
        why=why,
    )  # fmt: skip


def turning_points(verdicts: list[Verdict], seat: int, n: int = 3) -> list[Verdict]:
    """The seat's `n` decisions that lost the most expected VP (those that lost something), costliest first."""
    lost = [v for v in verdicts if v.seat == seat and v.loss > 0]
    return sorted(lost, key=lambda v: (-v.loss, v.frame))[:n]


def accuracy(verdicts: list[Verdict], seat: int) -> float | None:
    """The seat's mean expected VP lost per decision judged (None: none judged)."""
    mine = [v.loss for v in verdicts if v.seat == seat]
    return round(sum(mine) / len(mine), 2) if mine else None


def begin(record: GameRecord) -> tuple[dict, int]:
    """A worker process's first piece of a review: the race, as JSON data, and how many decisions to judge."""
    return race(record).model_dump(), len(decisions(record))


def judge_nth(record: GameRecord, position: int, seed: int, lookaheads: int) -> dict:
    """A worker process's piece of a review: the `position`-th decision (0-based) judged, as JSON data. The
    seed of a decision is the game's, so a review is the same however it is cut into pieces."""
    decision = decisions(record)[position]
    return judge_decision(decision, seed * 7 + decision.entry, lookaheads).model_dump()
