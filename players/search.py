"""A plain information-set Monte Carlo tree search: the `ismcts` yardstick the expert level is measured against.

One tree over the games the seat cannot tell apart (single-observer IS-MCTS, Cowling, Powley and
Whitehouse 2012). Each iteration deals a new game consistent with the seat's view
(`players.knowledge.determinize`: the decks' unseen order, the rivals' hidden delivered orders),
walks down the tree choosing among the moves that are legal in that game (UCB1, each move counted
as available only when it could be chosen: availability counts), adds one node, plays on to the end
with greedy moves (one in ten random) and credits each node's mover with their own result. The move
played is the root's most visited.

Every placement is offered, and for mining (thousands of step sequences) the planner's three longest
plans per mining space (`players.planning.mining_plans`). 100 iterations a decision: the independent
yardstick, not a level offered to players (the `expert` level, `players.expert`, is a
flat search with hard's look-ahead, which beat this tree search within the same budget).

Never cheats: a search only ever reads the view; with the same seed, two games that differ in what
the seat cannot see give the same determinizations, hence the same move.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from rules import advance, legal_actions
from rules.actions import Action, ChooseDrawn, Mine
from rules.errors import Refusal
from rules.record import Chooser, random_action
from rules.state import GameState

from .evaluate import lead, worths
from .greedy import greedy_action
from .knowledge import determinize
from .lookahead import after_move, own_move, quick_move
from .planning import mining_plans
from .ranking import rank

__all__ = ["PLAYOUTS", "Node", "Plain", "Search", "check_playout", "outcome"]

PLAYOUTS = ("greedy", "quick", "normal")  # the playout policies, cheapest first


def check_playout(playout: str, field: str = "playout") -> None:
    """Refuses a playout policy that is not one of `PLAYOUTS`, naming the field that set it."""
    if playout not in PLAYOUTS:
        raise ValueError(f"{field} is {', '.join(PLAYOUTS[:-1])} or {PLAYOUTS[-1]}, not {playout!r}")


def outcome(vp: list[float], margin: float, win: float = 0.5) -> tuple[list[float], list[float]]:
    """Each seat's result of a playout that reached `vp` (final, or expected final VP), in [0, 1]: `win` (half
    by default) its share of the win, the rest its lead over the best rival squashed (`margin` VP of lead:
    0.88); and each seat's lead in VP."""
    best = max(vp)
    winners = [k for k, v in enumerate(vp) if v == best]
    out, leads = [], []
    for k in range(len(vp)):
        ahead = lead(vp, k, best=1.0)  # over the best rival alone
        share = 1 / len(winners) if k in winners else 0.0
        out.append(win * share + (1 - win) * 0.5 * (1 + math.tanh(ahead / margin)))
        leads.append(ahead)
    return out, leads


class Node:
    """A move in the tree: how often it was chosen, how often it could have been, what it earned."""

    __slots__ = ("action", "children", "visits", "available", "reward", "lead", "moves")

    def __init__(self, action: Action | None = None) -> None:
        self.action = action
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # summed for the player who made `action`
        self.lead = 0.0  # their final VP less their best rival's, summed over the playouts
        self.moves: list[Action] | None = None  # the moves offered here (set at the first visit)


@dataclass(frozen=True)
class Search:
    """An IS-MCTS player: a fixed number of iterations (the same move on every machine), or a CPU `budget`.

    The levers measured against the expert (docs/computer-players.md), each off by default (the plain yardstick):
    `budget` (CPU seconds a decision may take, iterations then unbounded), `deduce` (determinizations that agree
    with every clue the view gives, the expert's `players.deduction`), `playout` ("greedy": the easy level's moves
    with `noise` random ones; "quick": the best move of a quick one-move look-ahead, `players.lookahead.quick_move`;
    "normal": the normal level's move, draw spaces and every mining space included, `own_move`), `cutoff`
    (placements a playout plays before the evaluation judges the position, instead of playing to the end), `widen`
    (a node offers its moves ranked by the normal level's static ranking, only the best 1 + widen·√visits of them:
    progressive widening), `paired` (the root's moves judged in the same sampled games: the root move is chosen
    first, and its j-th visit plays in the j-th sampled game with the j-th playout seed, as the expert judges every
    candidate in the same games)."""

    level: str = "search"
    iterations: int = 100
    explore: float = 0.7  # UCB1's exploration constant, rewards in [0, 1]
    plans: int = 3  # mining plans per mining space
    noise: float = 0.1  # share of random moves in the rollouts
    margin: float = 20.0  # VP of lead that makes the squashed margin 0.88 (tanh(1))
    budget: float | None = None  # CPU seconds a decision may take (None: `iterations`)
    deduce: bool = False
    playout: str = "greedy"
    cutoff: int | None = None
    widen: float | None = None
    paired: bool = False

    def __post_init__(self) -> None:
        check_playout(self.playout)

    # --- the decision -----------------------------------------------------------------------------

    def choose(self, view: GameState, seed: int) -> Action:
        return self.evaluate(view, seed)[0][0]

    def evaluate(
        self, view: GameState, seed: int, moves: list[Action] | None = None
    ) -> list[tuple[Action, float, int]]:
        """The moves searched, most visited first: each with the mean final VP lead over the best
        rival its playouts reached, and its visits. One move open: that move, at once. `moves`: the
        root's moves, if not all those the search would offer (the expert's `deepen`)."""
        started = time.process_time()
        first = moves or self._offered(determinize(view, seed, deduce=self.deduce))
        if len(first) == 1:  # one move open (a single draft card, the last choice): nothing to weigh
            return [(first[0], 0.0, 0)]
        root = Node()
        root.moves = first
        seat = view.current
        k = 0
        while self._going_on(k, started):
            move: Action | None = None
            j = k  # the k-th sampled game
            if self.paired:  # the root move first, then its next sampled game
                move = self._root_move(root)
                known = root.children.get(str(move))
                j = known.visits if known is not None else 0
            world = determinize(view, seed + 7919 * j, deduce=self.deduce)
            self._iterate(root, world, seat, Chooser(seed * 31 + j), move)
            k += 1
        tried = sorted(root.children.values(), key=lambda n: (-n.visits, -n.reward))
        return [(n.action, n.lead / n.visits, n.visits) for n in tried if n.action is not None and n.visits]

    def _going_on(self, k: int, started: float) -> bool:
        """Whether to iterate again: below `iterations`, or (with a budget) while CPU time is left."""
        if self.budget is None:
            return k < self.iterations
        return k == 0 or time.process_time() - started < self.budget

    # --- one iteration ----------------------------------------------------------------------------

    def _root_move(self, root: Node) -> Action:
        """The root move a paired iteration plays: one not tried yet, in the order offered, then UCB1 (every
        root move is the seat's own, open in every sampled game)."""
        assert root.moves is not None
        offered = self._widened(root)
        for action in offered:
            if str(action) not in root.children:
                return action
        return max(offered, key=lambda action: self._ucb(root.children[str(action)], root.visits))

    def _widened(self, node: Node) -> list[Action]:
        """The moves a node offers now: all of them, or with widening the best-ranked 1 + widen·√visits."""
        assert node.moves is not None
        if self.widen is None:
            return node.moves
        return node.moves[: 1 + int(self.widen * math.sqrt(node.visits + 1))]

    def _iterate(self, root: Node, world: GameState, seat: int, chooser: Chooser, first: Action | None = None) -> None:
        """One iteration in the sampled game `world` (`first`: the root move it must play)."""
        path: list[tuple[Node, int]] = []  # each node chosen, and who moved into it
        node, state = root, world
        while state.phase != "over":
            mover = state.current
            if node.moves is None:
                node.moves = self._offered(state)
            offered = [first] if node is root and first is not None else self._widened(node)
            open_moves = [(str(a), a) for a in offered]
            child, state = self._select(node, open_moves, state)
            if child is None:  # nothing offered here is legal in this game: play on from here
                break
            path.append((child, mover))
            node = child
            if child.visits == 0:  # a new node: the rest is played out
                break
        rewards, leads = self._rollout(state, chooser)
        root.visits += 1  # the root counts its iterations (widening reads a node's visits)
        for child, mover in path:
            child.visits += 1
            child.reward += rewards[mover]
            child.lead += leads[mover]

    def _select(self, node: Node, moves: list[tuple[str, Action]], state: GameState) -> tuple[Node | None, GameState]:
        """The child to follow (a move not tried yet first, in the order offered; then UCB1 over the
        moves legal in this game, counting their availability), and the game after it."""
        legal: list[tuple[Node, GameState]] = []
        for key, action in moves:
            try:
                after = advance(state, action)
            except Refusal:  # not legal in this game (a tile it cannot pay, a card that is not there)
                continue
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node(action)
                child.available += 1
                for other, _ in legal:
                    other.available += 1
                return child, after
            legal.append((child, after))
        if not legal:
            return None, state
        for child, _ in legal:
            child.available += 1
        return max(legal, key=lambda pair: self._ucb(pair[0], pair[0].available))

    def _ucb(self, node: Node, available: int) -> float:
        """UCB1 of a tried move that could have been chosen `available` times."""
        return node.reward / node.visits + self.explore * math.sqrt(math.log(available) / node.visits)

    def _rollout(self, state: GameState, chooser: Chooser) -> tuple[list[float], list[float]]:
        """The game played on by the playout policy to its end (or `cutoff` placements, then judged by the
        evaluation); each seat's result in [0, 1] (half the share of the win, half its squashed lead over
        the best rival), and each seat's lead in VP."""
        placed = 0
        while state.phase != "over" and (self.cutoff is None or placed < self.cutoff):
            placed += state.phase == "turn"
            if self.noise and chooser.below(1000) < self.noise * 1000:
                action = random_action(state, chooser)
            elif self.playout == "normal" and state.phase == "turn":
                state = after_move(state, own_move(state))  # a draw space keeps its best choice
                continue
            elif self.playout == "quick" and state.phase == "turn":
                action = quick_move(state)
            else:
                action = greedy_action(state, chooser)
            state = advance(state, action)
        return outcome(worths(state), self.margin)  # the final VP once over; before, the expected final VP

    # --- the moves a node offers ------------------------------------------------------------------

    def _offered(self, state: GameState) -> list[Action]:
        """The moves tried in `state`: every placement and draw choice that differs, and the planner's
        longest plans for each mining space."""
        if self.widen is not None and state.phase == "turn":
            return self._ranked(state)
        legal = legal_actions(state)
        out: list[Action] = [a for a in legal if not isinstance(a, Mine | ChooseDrawn)]
        out += [a for a in legal if isinstance(a, ChooseDrawn) and (a.to == "bottom" or a.pick is None)]
        seat = state.current
        for mine in (a for a in legal if isinstance(a, Mine)):
            plans = mining_plans(state.players[seat], mine.steps, 2)
            plans.sort(key=lambda plan: -len(plan[0].plan))
            out += [plan for plan, _ in plans[: self.plans]]
        return out

    def _ranked(self, state: GameState) -> list[Action]:
        """The moves a widening node offers, best first by the normal level's static ranking (its mining
        plans and draw spaces included), then any placement the ranking left out."""
        ranked = [scored.action for scored in rank(state)]
        seen = {str(a) for a in ranked}
        rest = [a for a in legal_actions(state) if not isinstance(a, Mine | ChooseDrawn) and str(a) not in seen]
        return ranked + rest


def Plain() -> Search:  # noqa: N802
    """The yardstick: a plain SO-ISMCTS of 100 iterations, every placement and three planner plans per
    mining space, rollouts with 10 % random moves."""
    return Search(level="ismcts")


def Yardstick(budget: float | None = 1.5) -> Search:  # noqa: N802
    """The strongest search measured against the expert (docs/computer-players.md): every lever on,
    `budget` CPU seconds a decision (None: `iterations`; with `paired`: it won 74 of 100 games against the
    same search without, both at 0.25 s)."""
    return Search(level="yardstick", budget=budget, deduce=True, playout="quick", cutoff=12, widen=2.0, paired=True)
