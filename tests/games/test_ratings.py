"""games.ratings: who is rated and how (openskill's Plackett-Luce, scores = final VP)."""

from __future__ import annotations

from openskill.models import PlackettLuce

from games.computers import computer_id
from games.ratings import rate
from storage import FinishedResult, RatingRow

ANN, BO = 400000000000000011, 400000000000000012  # Discord user ids


def test_people_are_rated_by_their_final_vp_and_computers_are_left_out():
    robot = computer_id(1, "hard")
    result = FinishedResult(7, 1, 0.0, ((ANN, 40), (robot, 90), (BO, 55)))
    known = {ANN: RatingRow(ANN, 30.0, 5.0, 4)}
    changes = rate(result, known)
    assert [c.user_id for c in changes] == [ANN, BO]
    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating(mu=30.0, sigma=5.0)], [model.rating()]], scores=[40, 55])
    assert (changes[0].mu, changes[0].sigma, changes[1].mu, changes[1].sigma) == (a.mu, a.sigma, b.mu, b.sigma)
    assert changes[0].mu_before == 30.0 and changes[0].delta < 0 < changes[1].mu - changes[1].mu_before


def test_a_game_with_fewer_than_two_people_is_not_rated():
    robot = computer_id(1, "easy")
    assert rate(FinishedResult(8, 1, 0.0, ((ANN, 40), (robot, 60))), {}) == []
