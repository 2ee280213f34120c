"""The honest search: a plain single-observer IS-MCTS with cheap playouts to the end, the expert's yardstick.

Built to the published shape of the independent search that beat the expert from outside (issue 77), from
the rules and the seat's view alone. Each iteration deals a game the view could come from
(`players.knowledge.determinize`: unseen cards shuffled, the rivals' hidden delivered orders drawn to agree
with the VP and the shift-scoring counts the view gives away), walks one tree over move keys shared by
every dealt game (UCB1 with availability counts: a move counts as available only in the games where it is
legal), adds one node and plays the game to its end by the light rule policy (`players.rollout`, one move
in ten at random; with a `cutoff`, that many placements, then judged by the static evaluation's expected
final VP), crediting each node's mover with half (`win`) their share of the win and the rest their squashed
VP lead over the best rival. The move played is the root's most visited.

Moves: at the root the normal level's candidates (every placement, a few planner plans per mining space,
a draw space by its best keep: `players.ranking.rank`) ranked by the static evaluation, the best `root` of
them (with a `bias`, UCB1 there leans towards the ranking's favourites, less the more a move is visited);
below it every placement in the playout policy's rule order (each mining space as its trip), widened
progressively (the best 1 + widen·√visits); the choice after a draw space is the policy's, so a draw space
is searched as one move (a macro).

Never cheats: only the view is read; with the same seed, two games that differ in what the seat cannot see
give the same dealt games, hence the same move. `budget` None: a fixed number of iterations (the same move
on every machine); else CPU seconds (`time.process_time`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from rules import advance, legal_actions, placement_space
from rules.actions import Action, ChooseDrawn
from rules.errors import Refusal
from rules.record import Chooser
from rules.state import GameState

from .evaluate import worths
from .knowledge import determinize
from .ranking import rank
from .rollout import play_out, playout_move, policy_named, rule_order
from .search import Node, outcome

__all__ = ["Honest"]


@dataclass(frozen=True)
class Honest:
    """The honest search (module docstring): `iterations` a decision, or with a `budget` as many as fit in
    that many CPU seconds."""

    level: str = "honest"
    iterations: int = 400
    budget: float | None = None
    explore: float = 0.6  # UCB1's exploration constant, rewards in [0, 1]
    root: int = 10  # root moves kept, best first by the static evaluation
    widen: float = 2.0  # below the root, the best 1 + widen·√visits moves in the rule order
    noise: float = 0.1  # share of random moves in the playouts
    margin: float = 20.0  # VP of lead that make the squashed margin 0.88 (tanh(1))
    win: float = 0.5  # the reward's share for the win; the rest for the squashed VP lead
    deduce: bool = True  # the rivals' hidden delivered orders agree with what the view tells
    policy: str = "light"  # the playouts' policy and the order below the root (`players.rollout.POLICIES`)
    cutoff: int | None = None  # placements a playout plays before the evaluation judges it (None: to the end)
    bias: float = 0.0  # progressive bias at the root: bias·prior/(1 + visits), the prior from the static ranking

    def __post_init__(self) -> None:
        policy_named(self.policy)  # an unknown name: ValueError
        if self.cutoff is not None and self.cutoff < 0:
            raise ValueError(f"cutoff is a number of placements, 0 or more, not {self.cutoff}")
        if not 0 <= self.win <= 1:
            raise ValueError(f"win is the reward's share for the win, from 0 to 1, not {self.win}")
        if self.bias < 0:
            raise ValueError(f"bias is a weight, 0 or more, not {self.bias}")

    def choose(self, view: GameState, seed: int) -> Action:
        return self.evaluate(view, seed)[0][0]

    def evaluate(
        self, view: GameState, seed: int, moves: list[Action] | None = None
    ) -> list[tuple[Action, float, int]]:
        """The root's moves searched, most visited first, each with its playouts' mean VP lead over the best
        rival and its visits; one move open: that move at once. `moves`: the root's moves, if not its own."""
        root = self.tree(view, seed, moves)
        assert root.moves is not None
        if not root.children:
            return [(root.moves[0], 0.0, 0)]
        tried = sorted(root.children.values(), key=lambda n: (-n.visits, -n.reward))
        return [(n.action, n.lead / n.visits, n.visits) for n in tried if n.action is not None and n.visits]

    def tree(self, view: GameState, seed: int, moves: list[Action] | None = None) -> Node:
        """The searched tree for the seat to move in `view` (with one move open, its root alone, not iterated)."""
        started = time.process_time()
        first = determinize(view, seed, deduce=self.deduce)
        root = Node()
        priors: dict[str, float] = {}
        if moves:
            root.moves = moves
        else:
            root.moves, priors = self._root_moves(first)
        k = 0
        while len(root.moves) > 1 and (k == 0 or self._going_on(k, started)):
            world = first if k == 0 else determinize(view, seed + 7919 * k, deduce=self.deduce)
            self._iterate(root, world, Chooser(seed * 31 + k), priors)
            k += 1
        return root

    def _going_on(self, k: int, started: float) -> bool:
        if self.budget is None:
            return k < self.iterations
        return time.process_time() - started < self.budget

    def _root_moves(self, world: GameState) -> tuple[list[Action], dict[str, float]]:
        """The root's moves: in a turn, the static ranking's best `root`, each with its prior for the
        progressive bias (1 for the best, towards 0 the further its worth falls behind, `margin` VP behind
        0.24); a draft or a draw choice, all of them (a draw's rest under the deck), without priors."""
        if world.phase == "turn":
            best = rank(world)[: self.root]
            top = best[0].value
            return [s.action for s in best], {str(s.action): 1 + math.tanh((s.value - top) / self.margin) for s in best}
        moves = [
            a for a in legal_actions(world) if not isinstance(a, ChooseDrawn) or a.to == "bottom" or a.pick is None
        ]
        return moves, {}

    def _offered(self, state: GameState) -> list[Action]:
        """The moves a node below the root offers, best first by the rule order."""
        legal = legal_actions(state)
        if state.phase != "turn":
            return [a for a in legal if not isinstance(a, ChooseDrawn) or a.to == "bottom"]
        return rule_order(state, legal, policy=policy_named(self.policy))

    def _iterate(self, root: Node, world: GameState, chooser: Chooser, priors: dict[str, float]) -> None:
        """One iteration in the dealt game `world`: down the tree, one node added, a playout, the results
        (`priors`: the root's moves' priors for the progressive bias)."""
        path: list[tuple[Node, int]] = []
        node, state = root, world
        policy = policy_named(self.policy)
        while state.phase != "over":
            if state.phase == "draw" and node is not root:  # a draw space's choice: the policy's (a macro)
                state = advance(state, playout_move(state, chooser, 0.0, policy))
                continue
            mover = state.current
            if node.moves is None:
                node.moves = self._offered(state)
            child, state = self._select(node, state, priors if node is root else {})
            if child is None:
                break
            path.append((child, mover))
            node = child
            if child.visits == 0:
                break
        state = play_out(state, chooser, self.noise, policy, self.cutoff)
        # the final VP, or cut off: the expected final VP
        rewards, leads = outcome(worths(state), self.margin, self.win)
        root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.reward += rewards[mover]
            child.lead += leads[mover]

    def _select(self, node: Node, state: GameState, priors: dict[str, float]) -> tuple[Node | None, GameState]:
        """The child to follow among the widened moves legal in this game (one not tried yet first, in the
        order offered; then UCB1 counting availability, with the progressive bias of `priors`), and the game
        after it."""
        assert node.moves is not None
        offered = node.moves
        if node.action is not None:  # below the root: widened progressively
            offered = offered[: 1 + int(self.widen * math.sqrt(node.visits + 1))]
        open_now = {_placement(a) for a in legal_actions(state)}
        legal: list[Node] = []
        fresh: Action | None = None
        for action in offered:
            if _placement(action) not in open_now:  # its space taken, or a card or tile not there in this game
                continue
            child = node.children.get(str(action))
            if child is None:
                if fresh is None:
                    fresh = action
                continue
            legal.append(child)
        if fresh is not None:
            try:
                after = advance(state, fresh)
            except Refusal:  # a plan this game's pit cannot carry out
                after = None
            if after is not None:
                child = node.children[str(fresh)] = Node(fresh)
                child.available += 1
                for other in legal:
                    other.available += 1
                return child, after
        for child in legal:
            child.available += 1
        while legal:
            best = max(legal, key=lambda child: self._ucb(child, priors))
            assert best.action is not None
            try:
                return best, advance(state, best.action)
            except Refusal:
                legal.remove(best)
        return None, state

    def _ucb(self, node: Node, priors: dict[str, float]) -> float:
        score = node.reward / node.visits + self.explore * math.sqrt(math.log(node.available) / node.visits)
        if self.bias and priors:
            score += self.bias * priors.get(str(node.action), 0.0) / (1 + node.visits)
        return score


def _placement(action: Action) -> object:
    """What must be open for `action` in a dealt game: its worker space (a mining plan's legality is then
    the engine's to judge), or the action itself (the bank, a draft pick, a draw choice)."""
    space = placement_space(action)
    return str(action) if space is None else space.index
