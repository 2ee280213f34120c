"""The server ladders: a multiplayer rating per person and server, with openskill's Plackett-Luce model.

A game is rated when it finishes with at least two people at the table: the people are ranked by
their final VP (equal VP, equal rank), and each one's rating moves as the model computes. The
computers' seats are left out: a game with one person and computers is not rated, and in a game
with several people the computers do not count. A computer's strength is fixed and known (its
level), so rating it would only move points between the people and the machine; the ladder
compares people.

The ladder is ordered by the model's cautious estimate, mu - 3 sigma (`RatingRow.ordinal`), so a
newcomer (mu 25, sigma 25/3: ordinal 0) climbs as their games make the estimate surer.
"""

from __future__ import annotations

from collections.abc import Collection

from openskill.models import PlackettLuce

from storage import FinishedResult, RatingChange, RatingRow

from .computers import is_computer

MODEL = PlackettLuce()


def people(result: FinishedResult, leaving: Collection[int] = ()) -> list[tuple[int, int]]:
    """The seats of people (not computers, nor former players: a forgotten person's pseudonym has a
    negative id, nor those `leaving`: a request to be forgotten covers the game), with their final VP."""
    return [(user, vp) for user, vp in result.results if not is_computer(user) and user > 0 and user not in leaving]


def rate(result: FinishedResult, current: dict[int, RatingRow], leaving: Collection[int] = ()) -> list[RatingChange]:
    """Each person's rating change from one finished game; none when fewer than two people played."""
    seated = people(result, leaving)
    if len(seated) < 2:
        return []
    before = [current.get(user) for user, _ in seated]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) if r else MODEL.rating()] for r in before]
    rated = MODEL.rate(teams, scores=[vp for _, vp in seated])
    return [
        RatingChange(result.game_id, user, old[0].mu, old[0].sigma, new[0].mu, new[0].sigma)
        for (user, _), old, new in zip(seated, teams, rated, strict=True)
    ]
