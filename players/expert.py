"""The `expert` level: at two-player tables from 1 s of CPU, the honest tree search scored by the lead alone;
else normal's best candidates judged by a look-ahead in many sampled games (successive halving), then its
best three by a tree search, within a budget of CPU time.

The tree (`tree_from`, issue 77): at the default 1.5 s a two-player decision is the honest search's
(`players.honest`: an IS-MCTS over the static ranking's best ten moves, playouts to the end of the game by
the light policy), rewarded by the squashed VP lead over the rival alone (`tree_win` 0), where the honest
search counts half the win: so scored it won 105.5 of 200 games against the honest search at 1.5 s each (not
shown better than it), where the flat search with deepening below won 44.5 of 100, and 55 of 90 head to head
against that flat search; at 0.5 s the flat search won 56 of 100 (docs/computer-players.md). Below 1 s and
at three or four players the expert searches as follows.

Hard judges its four best candidates in four games sampled from its view. The expert takes normal's
twelve best candidates (a few strong mining plans per mining space, a draw space by its best choice:
`players.ranking.rank`) and judges each by a look-ahead (`players.lookahead.judge`: hard's, except
that the seat plays its own placements as the normal level would, draws and every mining space
included, where hard plays everyone's quick move) in games sampled from its view — the rivals'
face-down delivered orders in them agreeing with the VP they scored and the counts shift scoring
revealed (`players.deduction`), where hard's are drawn at random — every candidate in the same games
(so that their comparison is not blurred by the luck of the draw). With three or four players a
look-ahead's end is judged by the seat's lead over the best rival alone (only the best rival stands
between the seat and the win), where hard's is over a mix of the best and the rivals' mean, and the
rivals in it play the normal move too (six of a four-player look-ahead's eight placements are theirs;
by the quick move they would never take a draw space or a middle mining space from the seat).

After each round the worse half is dropped and the next round doubles the games, down to the last
two, which are then compared until one is clearly better (its mean lead over the other, game by
game, beyond three standard errors), until they are as good as each other (within a quarter of a
VP), or until its share of the budget is spent: half of 1.5 s of CPU time (`time.process_time`, so a
loaded machine does not weaken it). A decision with one move open is answered at once.

Deepening (`deepen`, half the budget): the rest of the budget, with what the flat search left unspent
when it settled early, goes to the yardstick's paired tree search (`players.search`) over the flat
search's best `deepened` moves, whose order (most visited first) then comes first: the close ones judged
again, the rivals' replies searched instead of guessed, 12 placements deep instead of two rounds. Only at
two-player tables with a budget of 0.5 s or more; elsewhere the flat search has the whole budget. The
budget is checked between look-aheads and playouts of a few tens of milliseconds, so a decision takes at
most some 1.65 s. Why both, and how each part was measured: docs/computer-players.md.

For duels (`playout` "light", issue 77): each candidate is judged instead by a playout to the end of the game
by the honest search's light policy (`players.rollout.play_out`), its final lead, every candidate of a
sampled game with the same playout seed: successive halving over paired playouts where the honest search
spreads its playouts by UCB1.

Never cheats: only the view is read (the clues included: the rivals' VP and the shift results are
public); the sampled games fill the hidden cards with unseen ones from the seed, so two games that
differ only in what the seat cannot see give the same move (with `budget` None, a fixed number of
look-aheads instead of CPU time: the same on every machine).
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass, field

from rules.actions import Action
from rules.record import Chooser
from rules.state import GameState

from .honest import Honest
from .knowledge import determinize
from .lookahead import judge, judge_to_end, placements_left
from .ranking import rank
from .search import Yardstick, check_playout

__all__ = ["Expert", "Judged"]

TREES = ("yardstick", "honest")  # the trees deepening may use (`Expert.deepen_tree`)
FLAT_PLAYOUTS = ("lookahead", "light")  # how the flat search judges a candidate (`Expert.playout`)


@dataclass(frozen=True, slots=True)
class Judged:
    """A candidate as the search left it: its mean lead over the rivals in the games it was judged in."""

    action: Action
    lead: float
    games: int


@dataclass
class _Candidate:
    action: Action
    leads: list[float] = field(default_factory=list)  # one per sampled game, in the games' order
    dropped: int = 0  # the round it was dropped in (0: still in)

    @property
    def mean(self) -> float:
        return sum(self.leads) / len(self.leads)


@dataclass(frozen=True)
class Expert:
    """The expert level. `budget`: CPU seconds a decision may take; None: `lookaheads` look-aheads at
    most instead, a tree playout counted as four (the same move on every machine: tests and hints'
    reproducibility)."""

    level: str = "expert"
    budget: float | None = 1.5
    lookaheads: int = 600
    candidates: int = 12  # normal's best moves judged
    first: int = 4  # games per candidate in the first round (doubled every round)
    last: int = 2  # candidates left for the final comparison
    rounds: int = 2  # rounds of everyone's placements a look-ahead plays
    z: float = 3.0  # standard errors that make one of the last two clearly better
    tie: float = 0.25  # VP: two candidates this close (one standard error) are as good as each other
    best_rival: float = 1.0  # with three or four players, the lead judged is over the best rival alone
    rivals_normal: int = 3  # at tables of this many players or more the rivals play the normal move in the look-ahead
    finish: int = 0  # placements left in the game at or below which a look-ahead plays to its end
    deepen: float = 0.5  # share of the budget kept for a tree search over the flat search's best moves (0: none)
    deepened: int = 3  # how many of them
    deepen_players: int = 2  # deepening at tables of up to this many players (three and four: not measured yet)
    deepen_from: float = 0.5  # CPU seconds: a smaller budget keeps the flat search alone (at 0.25 s deepening lost)
    deepen_playout: str = "quick"  # the tree's playout policy (`players.search.PLAYOUTS`; quick: the yardstick's)
    deepen_tree: str = "yardstick"  # the tree: the yardstick's paired search, or "honest" (`players.honest`)
    playout: str = "lookahead"  # the flat search's judgement: a look-ahead, or "light": played to the end
    noise: float = 0.1  # with the light playout, its share of random moves
    tree_from: float | None = 1.0  # CPU seconds from which a two-player decision is the honest tree's (None: never)
    tree_players: int = 2  # the honest tree at tables of up to this many players (three and four: not measured)
    tree_win: float = 0.0  # the honest tree's reward share for the win (0: the squashed lead alone, as measured)

    def __post_init__(self) -> None:
        if self.playout not in FLAT_PLAYOUTS:
            raise ValueError(f"playout is {' or '.join(FLAT_PLAYOUTS)}, not {self.playout!r}")
        check_playout(self.deepen_playout, "deepen_playout")
        if self.deepen_tree not in TREES:
            raise ValueError(f"deepen_tree is {' or '.join(TREES)}, not {self.deepen_tree!r}")

    def choose(self, view: GameState, seed: int) -> Action:
        return self.evaluate(view, seed)[0].action

    def evaluate(self, view: GameState, seed: int) -> list[Judged]:
        """The candidates judged, best first: the last ones standing by their mean lead, then those
        dropped in each earlier round. One move open: that move, at once, judged in no game. With
        `deepen` (at tables of up to `deepen_players`, with a budget of `deepen_from` seconds or more), the best
        `deepened` of them are then judged again by a tree search, and come first in its order. At tables of up
        to `tree_players` with a budget of `tree_from` seconds or more, the honest tree's moves instead, most
        visited first, each with its playouts' mean lead and its visits."""
        if self._searches_whole(view):
            return self._by_tree(view, seed)
        start = time.process_time()
        deepen = self.deepen if self._deepens(view) else 0.0
        judged = self._flat(view, seed, start, 1 - deepen)
        if not deepen or len(judged) < 2:
            return judged
        return self._deepened(view, seed, start, judged)

    def _searches_whole(self, view: GameState) -> bool:
        """Whether the honest tree has the whole decision: `tree_from` is set, the table has at most `tree_players`
        players and the budget is `tree_from` seconds or more (or counted in look-aheads): where it was measured to
        win (at 0.5 s the flat search with deepening beat the honest search, at 1.5 s it lost)."""
        return self.tree_from is not None and self._measured_for(view, self.tree_players, self.tree_from)

    def _by_tree(self, view: GameState, seed: int) -> list[Judged]:
        """The decision by the honest search (`players.honest`) with the reward `tree_win` (its root: the static
        ranking's best ten), most visited first: within the budget, or as many iterations as `lookaheads` (a light
        playout to the end costs about a look-ahead). A tree that visited no move: the flat search instead, with
        what is left of the budget (at least its first look-ahead)."""
        start = time.process_time()
        tree = Honest(iterations=self.lookaheads, budget=self.budget, win=self.tree_win)
        judged = [Judged(action, lead, visits) for action, lead, visits in tree.evaluate(view, seed)]
        return judged or self._flat(view, seed, start, 1.0)

    def _deepens(self, view: GameState) -> bool:
        """Whether this decision deepens: `deepen` is set, the table has at most `deepen_players` players and
        the budget is `deepen_from` seconds or more (or counted in look-aheads): where it was not measured to lose."""
        return self.deepen > 0 and self._measured_for(view, self.deepen_players, self.deepen_from)

    def _measured_for(self, view: GameState, players: int, seconds: float) -> bool:
        """Whether this table and budget are where a part of the search was measured: at most `players` players,
        and a budget of `seconds` or more (or counted in look-aheads)."""
        enough = self.budget is None or self.budget >= seconds
        return enough and len(view.players) <= players

    def _deepened(self, view: GameState, seed: int, start: float, judged: list[Judged]) -> list[Judged]:
        """The flat search's best moves judged again with the budget left, most visited first: by the yardstick's
        paired tree search (the rivals' replies searched, playouts of 12 placements by `deepen_playout`), or with
        `deepen_tree` "honest" by the honest search (playouts to the end by the light policy)."""
        best = judged[: self.deepened]
        if self.deepen_tree == "honest":
            # iterations instead of a budget: a light playout to the end costs about a look-ahead
            honest = Honest(iterations=max(len(best), round(self.deepen * self.lookaheads)))
            if self.budget is not None:
                honest = dataclasses.replace(honest, budget=max(0.0, self.budget - (time.process_time() - start)))
            return self._ordered(honest.evaluate(view, seed, [j.action for j in best]), judged)
        if self.budget is None:  # iterations instead: a cut-off playout costs about four look-aheads
            iterations = max(len(best), round(self.deepen * self.lookaheads / 4))
            search = dataclasses.replace(Yardstick(budget=None), iterations=iterations)
        else:
            search = Yardstick(budget=max(0.0, self.budget - (time.process_time() - start)))
        search = dataclasses.replace(search, playout=self.deepen_playout)
        return self._ordered(search.evaluate(view, seed, [j.action for j in best]), judged)

    @staticmethod
    def _ordered(tree: list[tuple[Action, float, int]], judged: list[Judged]) -> list[Judged]:
        """The tree's moves in its order (most visited first), then the rest as the flat search judged them."""
        again = [Judged(action, lead, visits) for action, lead, visits in tree]
        seen = {str(j.action) for j in again}
        return again + [j for j in judged if str(j.action) not in seen]

    def _flat(self, view: GameState, seed: int, start: float, share: float) -> list[Judged]:
        """The flat search, within `share` of the budget: normal's candidates judged by look-aheads, the
        worse half dropped each round."""
        worlds = [determinize(view, seed, deduce=True)]
        ranked = rank(worlds[0])
        if len(ranked) == 1:
            return [Judged(ranked[0].action, ranked[0].value, 0)]
        seat = view.current
        placements = self.rounds * len(view.players)
        left = placements_left(view)
        if left is not None and left <= self.finish:
            placements = 10**6  # the last placements: played to the end of the game, its final score judged
        crowded = len(view.players) > 2
        best = self.best_rival if crowded else None
        normal_rivals = len(view.players) >= self.rivals_normal
        alive = [_Candidate(s.action) for s in ranked[: self.candidates]]
        everyone = list(alive)
        games, round_no, spent = self.first, 0, 0
        while True:
            round_no += 1
            done = True
            for k in range(games):
                if k == len(worlds):  # sampled when first needed, so the budget is checked between them
                    worlds.append(determinize(view, seed + 7919 * k, deduce=True))
                for c in alive:
                    if len(c.leads) <= k:
                        if self.playout == "light":  # every candidate with the same playout seed in a game
                            chooser = Chooser(seed * 31 + k)
                            c.leads.append(judge_to_end(worlds[k], c.action, seat, chooser, self.noise, best))
                        else:
                            c.leads.append(judge(worlds[k], c.action, seat, placements, best, normal_rivals))
                        spent += 1
                        if self._out_of_time(start, spent, share):
                            done = False
                            break
                if not done:
                    break
            if not done:  # the budget ran out within the round: its candidates differ by a game at most
                break
            alive.sort(key=lambda c: -c.mean)
            if len(alive) > self.last:
                for c in alive[max(self.last, math.ceil(len(alive) / 2)) :]:
                    c.dropped = round_no
                alive = alive[: max(self.last, math.ceil(len(alive) / 2))]
            elif len(alive) < 2 or self._settled(alive[0], alive[1]):
                break
            games *= 2
        # the last ones standing first, then those dropped the latest; each group by its mean lead. A
        # budget spent within the first round leaves some candidates judged in no game: they are left out.
        judged = [c for c in everyone if c.leads]
        judged.sort(key=lambda c: (c.dropped == 0, c.dropped, c.mean), reverse=True)
        return [Judged(c.action, c.mean, len(c.leads)) for c in judged]

    def _out_of_time(self, start: float, spent: int, share: float) -> bool:
        """Whether the flat search's share of the budget (or of the look-aheads) is spent."""
        if self.budget is None:
            return spent >= self.lookaheads * share
        return time.process_time() - start >= self.budget * share

    def _settled(self, best: _Candidate, second: _Candidate) -> bool:
        """The better of the last two is clearly better, game by game, or they are as good as each other."""
        n = min(len(best.leads), len(second.leads))
        if n < 8:
            return False
        diffs = [best.leads[k] - second.leads[k] for k in range(n)]
        mean = sum(diffs) / n
        se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        return se < self.tie or mean > self.z * se
