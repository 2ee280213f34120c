"""The honest search (issue 77) and its light playouts: legal moves, trips counted as built, the tree's shape."""

from __future__ import annotations

import math
import time

import pytest

import players.rollout
from players.honest import Honest
from players.knowledge import determinize
from players.planning import one_trip, spots_open, trip_worth
from players.rollout import POLICIES, playout_move, rule_order, workers
from players.search import outcome
from rules import apply, legal_actions, view
from rules.actions import ChooseDrawn, Fill, Mine, TakeMoney
from rules.components import ORDER_CARDS, SPACE_BY_KEY
from rules.record import Chooser
from rules.state import Order

from .games import play, position


def _positions(seeds=(3, 4, 5), players=2):
    """Every turn position of a few seeded normal-level games."""
    for seed in seeds:
        _, moves = play(["normal"] * players, seed)
        yield from (state for state, _ in moves if state.phase == "turn")


@pytest.mark.slow
def test_a_trip_is_worth_what_its_count_says_and_every_step_is_legal():
    """`trip_worth` counts without building; the playout plays the trip it counted (3 a spot, 1 a wanted cube)."""
    checked = 0
    for state in _positions():
        p = state.players[state.current]
        for mine in (a for a in legal_actions(state) if isinstance(a, Mine)):
            plan, worth = one_trip(p, mine.steps)
            apply(state, plan)  # R-MINE-1..8: every step the rules allow
            if any(isinstance(step, Fill) and len(step.cubes) == 2 for step in plan.plan):
                continue  # an order completed with two spare cubes (R-MINE-7) is not counted ahead
            assert trip_worth(p, mine.steps) == worth, (str(plan), p)
            need = spots_open(p)
            assert trip_worth(p, mine.steps, need) == worth and need == spots_open(p)  # the caller's list kept
            checked += 1
    assert checked > 200


@pytest.mark.slow
def test_playouts_play_only_legal_moves_to_the_end_of_the_game():
    state = position("turn", players=3, seed=6)
    for k in range(6):
        chooser, game = Chooser(k), state
        moves = 0
        while game.phase != "over":
            game, _ = apply(game, playout_move(game, chooser, noise=0.3))  # refused: IllegalAction
            moves += 1
        assert game.winners and moves > 20


def test_the_rule_order_delivers_a_complete_order_first_and_lists_every_placement():
    deliveries = 0
    for state in _positions(seeds=(4,)):
        legal = legal_actions(state)
        ordered = rule_order(state, legal)
        spaces = {str(Mine(steps=a.steps)) if isinstance(a, Mine) else str(a) for a in ordered}
        assert spaces == {str(a) for a in legal}  # each placement once, a mining space as its trip
        # the playout builds only the rules it reads, and plays the order's first (they could differ only where
        # its cut of the smaller mining spaces dropped a free one whose trip still fills a spot)
        assert rule_order(state, legal, Chooser(1))[0] == ordered[0]
        delivering = [a for a in legal if a.kind == "deliver"]
        if delivering:
            deliveries += 1
            assert ordered[0] in delivering
    assert deliveries  # the game met positions with a complete order


@pytest.mark.slow  # a search of 40 iterations
def test_the_search_keeps_the_static_rankings_best_root_moves_and_counts_availability():
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    root = Honest(iterations=40).tree(seen, 3)
    assert root.moves is not None and len(root.moves) == 10
    assert root.visits == 40 and sum(c.visits for c in root.children.values()) == 40

    def walk(node, depth):
        for child in node.children.values():
            assert child.available >= child.visits >= 1
            assert depth == 0 or not isinstance(child.action, ChooseDrawn)  # a draw's choice is the policy's
            walk(child, depth + 1)

    walk(root, 0)


@pytest.mark.slow  # 0.2 s of CPU, spent
def test_a_budget_is_cpu_seconds_and_one_move_open_is_answered_at_once():
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    started = time.process_time()
    Honest(budget=0.2).choose(seen, 1)
    assert time.process_time() - started < 0.2 + 0.15  # one iteration past the budget at most
    only = legal_actions(state)[0]
    started = time.process_time()
    assert Honest(budget=5.0).evaluate(seen, 1, [only]) == [(only, 0.0, 0)]
    assert time.process_time() - started < 0.1


def test_a_placement_on_a_free_space_comes_before_one_on_an_occupied_space():
    """The light policy counts the workers a placement takes (R-TURN-2): with fewer than three orders it takes a
    face-up order before money, but not when a rival holds the order spaces and the money space is free."""
    state = position("turn", players=2, seed=5)
    me, rival = state.current, 1 - state.current
    players = state.players[:]
    players[me] = players[me].model_copy(update={"marks": 0, "workers": 4, "orders": players[me].orders[:1]})
    free = state.model_copy(update={"players": players})
    owners, on_space = free.space_owner[:], free.space_workers[:]
    spaces = [SPACE_BY_KEY[f"order {k}"].index for k in range(1, 5) if free.order_spaces[k - 1] is not None]
    for k in spaces:
        owners[k], on_space[k] = rival, 1
    held = free.model_copy(update={"space_owner": owners, "space_workers": on_space})
    assert spaces and workers(free, TakeMoney(amount=4)) == 1

    def first_order_and_money(game):
        ordered = [str(a) for a in rule_order(game, legal_actions(game))]
        return min(k for k, a in enumerate(ordered) if a.startswith("order ")), ordered.index("money 4")

    taking, money = first_order_and_money(free)
    assert taking < money  # every space free: the rules' order
    taking, money = first_order_and_money(held)
    assert money < taking  # the order spaces take two workers each: the free money space first


def test_the_frugal_policy_takes_money_before_a_tile_no_order_needs():
    """`light` buys any tile it can pay before taking money (8 marks or more); `frugal` buys only the tiles its
    orders need first, and holds up to four orders where light stops at three."""
    state = position("turn", players=2, seed=5)
    me = state.current
    players = state.players[:]
    players[me] = players[me].model_copy(update={"marks": 20, "workers": 4, "orders": []})
    free = state.model_copy(
        update={
            "players": players,
            "space_workers": [0] * len(state.space_workers),
            "space_owner": [None] * len(state.space_owner),
        }
    )

    def first(game, policy, kind):
        ordered = [a.kind for a in rule_order(game, legal_actions(game), policy=POLICIES[policy])]
        return ordered.index(kind)

    assert first(free, "light", "factory") < first(free, "light", "money")
    assert first(free, "frugal", "money") < first(free, "frugal", "factory")
    held = [Order(card=k, spots=[[] for _ in ORDER_CARDS[k].spots]) for k in range(3)]
    players[me] = players[me].model_copy(update={"marks": 20, "workers": 4, "orders": held})
    three = free.model_copy(update={"players": players})
    assert first(three, "light", "money") < first(three, "light", "order")
    assert first(three, "frugal", "order") < first(three, "frugal", "money")
    with pytest.raises(ValueError, match="frugal"):
        Honest(policy="greedy")


def test_a_cutoff_playout_stops_after_that_many_placements(monkeypatch):
    """`cutoff`: each playout stops after that many worker placements (a draw's keep is not one); without it
    every playout reaches the end of the game."""
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    placed: list[int] = []

    def counting(game, chooser, noise=0.1, policy=POLICIES["light"]):
        if noise and game.phase == "turn":  # the playout's own moves (a draw macro in the tree has no noise)
            placed[-1] += 1
        return playout_move(game, chooser, noise, policy)

    monkeypatch.setattr(players.rollout, "playout_move", counting)  # the playout to the end: `play_out`
    for cutoff in (7, None):
        lengths = []
        for k in range(4):
            placed.append(0)
            Honest(iterations=1, cutoff=cutoff).tree(seen, k)
            lengths.append(placed[-1])
        if cutoff is None:
            assert min(lengths) > 20, lengths  # to the end: far more than 7
        else:
            assert lengths == [7] * 4, lengths
    with pytest.raises(ValueError, match="cutoff is a number of placements"):
        Honest(cutoff=-5)


def test_the_reward_splits_between_the_win_and_the_lead_by_win():
    """`win`: the reward's share for winning, the rest for the squashed lead over the best rival; half each
    by default, as before the field; a share outside 0 to 1 is refused in one line."""
    squashed = 0.5 * (1 + math.tanh(10 / 20))
    assert outcome([100, 90], 20.0)[0] == pytest.approx([0.5 + 0.5 * squashed, 0.5 * (1 - squashed)])
    assert outcome([100, 90], 20.0, win=1.0)[0] == pytest.approx([1.0, 0.0])
    assert outcome([100, 90], 20.0, win=0.0)[0] == pytest.approx([squashed, 1 - squashed])
    assert outcome([95, 95, 80], 20.0, win=1.0)[0] == pytest.approx([0.5, 0.5, 0.0])  # a tie shares the win
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    for win in (0.0, 1.0):  # the search's rewards are its field's: the win alone sums to halves
        children = Honest(iterations=40, win=win).tree(seen, 3).children.values()
        halves = [2 * child.reward == round(2 * child.reward) for child in children]
        assert all(halves) if win == 1.0 else not all(halves), (win, halves)
    with pytest.raises(ValueError, match="win is the reward's share"):
        Honest(win=1.5)


@pytest.mark.slow  # three searches of 40 iterations
def test_the_progressive_bias_leans_the_root_towards_the_static_rankings_best_move():
    """`bias`: the root's UCB1 gains bias·prior/(1 + visits), the prior 1 for the static ranking's best move and
    less the further a move's worth falls behind; 0 (the default) leaves the root to UCB1 alone."""
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    moves, priors = Honest()._root_moves(determinize(seen, 3, deduce=True))  # the tree's first dealt game
    assert priors[str(moves[0])] == 1.0 and all(0 < priors[str(m)] <= 1.0 for m in moves)
    assert priors[str(moves[-1])] < 1.0  # the ranking's last kept move is judged worse than its first

    def visits(bias, given=None):
        root = Honest(iterations=40, bias=bias).tree(seen, 3, given)
        return {key: child.visits for key, child in root.children.items()}

    plain, leaning = visits(0.0), visits(50.0)
    assert visits(50.0, moves) == plain  # the same moves handed in carry no priors: UCB1 alone, as at bias 0
    first = str(moves[0])
    assert leaning[first] > plain[first] and leaning[first] == max(leaning.values())
    with pytest.raises(ValueError, match="bias is a weight"):
        Honest(bias=-1)
