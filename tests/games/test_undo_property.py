"""The undo rule as a property (issue 24): random games of people and computers, undos asked at
random moments by a random person. A granted undo leaves the game exactly as the log without the
moves it took back replays — the asker's own last move and the computers' moves after it, none of
which showed anything new; a refused one names a true reason; every game still replays and verifies."""

from __future__ import annotations

import random

import pytest

import rules
from games.computers import computer_id, is_computer
from games.errors import CannotUndo, Reason
from games.manager import GameManager
from games.undo import undo_refusal
from rules.record import Chooser, random_action, replay, undo_count
from storage import Store
from storage.queries import record_of

PEOPLE = (101, 102)


def _replies_and_own(log):
    """The trailing computer moves of the log and the entry before them (None if there is none)."""
    k = len(log)
    while k and is_computer(log[k - 1].user_id):
        k -= 1
    return log[k:], (log[k - 1] if k else None)


def _showed(game, log, n: int) -> list[Reason | None]:
    """For each of the last `n` standing moves of the log: why it may not be taken back (None: it may)."""
    states, standing = rules.record.replay_stack(record_of(game, log))
    reasons = []
    for k, entry in enumerate(standing[-n:]):
        before = states[-n - 1 + k]
        reasons.append(undo_refusal(before, *rules.apply(before, rules.parse_action(entry.action))))
    return reasons


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.slow
async def test_random_undos_in_games_of_people_and_computers(db_path, seed):
    rng = random.Random(seed)
    async with Store(db_path) as store:
        manager = GameManager(store)
        await manager.open()
        people = PEOPLE[: 1 + seed % 2]
        await manager.lobbies.new_game(1, 1, people[0], "ann", {"timer": "none"})
        for person in people[1:]:
            await manager.lobbies.join(1, person, "ben")
        for _ in range(min(1 + seed % 3, 4 - len(people))):
            await manager.lobbies.add_computer(1, people[0], "easy", lambda s, level, lang: f"Baron {s}")
        game = await manager.lobbies.start(1, people[0], seed=seed)
        chooser = Chooser(seed)
        granted = refused = with_replies = 0
        while game.state.phase != "over":
            if not is_computer(game.to_move_user) and rng.random() < 0.4:
                asker = rng.choice(people)
                log = await store.queries.log(game.id)
                replies, own = _replies_and_own(log)
                try:
                    result = await manager.moves.undo(1, asker)
                except CannotUndo as err:
                    refused += 1
                    mine = own is not None and own.user_id == asker and not own.auto and undo_count(own.action) is None
                    if err.reason is Reason.NOTHING_TO_UNDO:
                        assert not mine
                    else:  # a draw, a refill or a scoring among the moves it would take back
                        assert mine and err.reason in (Reason.UNDO_REVEALED, Reason.UNDO_SCORED)
                        states, standing = rules.record.replay_stack(record_of(game, log))
                        n = len(replies) + 1
                        shown = [
                            undo_refusal(
                                states[-n - 1 + k], *rules.apply(states[-n - 1 + k], rules.parse_action(e.action))
                            )
                            for k, e in enumerate(standing[-n:])
                        ]
                        assert any(shown)
                else:
                    granted += 1
                    with_replies += bool(replies)
                    game = result.game
                    n = len(replies) + 1
                    assert own is not None and own.user_id == asker and all(is_computer(e.user_id) for e in replies)
                    # exactly the state the log without those moves replays to
                    assert game.state == replay(record_of(game, log[:-n]))
                    # and none of them showed anything new
                    assert _showed(game, log, n) == [None] * n
                    [entry] = await store.queries.log(game.id, 1)
                    assert undo_count(entry.action) == n and entry.user_id == asker
                    continue
            action = random_action(game.state, chooser)
            quiet = [a for a in rules.legal_actions(game.state) if a.kind in ("bank", "money")]
            if not is_computer(game.to_move_user) and quiet and rng.random() < 0.6:
                action = rng.choice(quiet)  # a move that may be taken back, now and then
            game = (await manager.moves.act(1, game.to_move_user, action)).game
        assert await store.queries.verify() == []
        assert granted >= 1 and refused >= 1
        assert with_replies >= 1 or len(people) > 1  # alone with computers, some undos take their moves back
        assert computer_id(1, "easy") in {s.user_id for s in game.seats}
