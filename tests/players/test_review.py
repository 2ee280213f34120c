"""The post-game review's judgement (issue 75): a game in which one player blunders — the bank taken while
an order could be delivered, twice, and a worker placed to mine nothing — reviewed from each mover's own
view: the blunders are among that player's costliest decisions, the expert's alternative is legal and better
by its own measure, and the figures are the same for the same seed."""

from __future__ import annotations

import pytest

from players.review import accuracy, decisions, judge_decision, race, turning_points
from rules import apply, parse_action
from rules.record import standing_moves

from .blunders import BLUNDERER, blunder_game

LOOKAHEADS = 40  # a small budget keeps the test short; the figures below are for it


@pytest.mark.slow
def test_the_blunders_are_among_the_blunderer_s_costliest_decisions_and_the_alternatives_are_better():
    game = blunder_game(seed=6)
    assert game.kinds == ["bank instead of deliver", "bank instead of deliver", "mine nothing"]
    judged = [d for d in decisions(game.record) if d.seat == BLUNDERER]
    verdicts = [judge_decision(d, 17, LOOKAHEADS) for d in judged]
    costliest = turning_points(verdicts, BLUNDERER, n=5)
    assert set(game.blunders) <= {v.entry for v in costliest}, [(v.entry, v.played, v.loss) for v in costliest]
    assert costliest[0].entry == game.blunders[2]  # mining nothing: the costliest of all
    start, moves = standing_moves(game.record)
    before = {m.entry: s for m, s in zip(moves, [start, *(m.after for m in moves)], strict=False)}
    for v in costliest:
        apply(before[v.entry], parse_action(v.best))  # the alternative is legal there (a refusal raises)
        assert v.best_lead > v.played_lead and v.loss == pytest.approx(v.best_lead - v.played_lead, abs=0.02)
        assert v.why is not None and v.why.action == v.best
    mean = accuracy(verdicts, BLUNDERER)
    assert mean == pytest.approx(sum(v.loss for v in verdicts) / len(verdicts), abs=0.01)
    # the same seed, the same figures
    again = [judge_decision(d, 17, LOOKAHEADS) for d in judged[:6]]
    assert again == verdicts[:6]


@pytest.mark.slow
def test_each_decision_is_judged_from_the_mover_s_view_only():
    """Never with hindsight: the view before the move, its hidden cards sampled (a rival's hand is hidden)."""
    game = blunder_game(seed=6)
    for d in decisions(game.record)[:12]:
        assert d.view.players[d.seat].name == game.record.players[d.seat]
        rival = d.view.players[1 - d.seat]
        assert all(card == -1 for card in rival.delivered)  # the rivals' delivered orders stay face down


@pytest.mark.slow
def test_the_race_has_a_frame_for_the_start_and_each_move_and_ends_at_the_final_scores():
    game = blunder_game(seed=6)
    chart = race(game.record)
    _, moves = standing_moves(game.record)
    assert len(chart.vp) == len(chart.expected) == len(moves) + 1
    assert chart.vp[-1] == [p.vp for p in game.final.players]
    assert chart.expected[-1] == pytest.approx([float(p.vp) for p in game.final.players])  # over: the real VP
    assert len(chart.scorings) == 3 and chart.scorings == sorted(chart.scorings)
