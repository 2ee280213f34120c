"""The action log replays to each entry's events (`rules.record.events_of`): the log keeps actions only
(issue 26) and /coal log words what they did from these."""

from __future__ import annotations

from rules import TookBack, apply, new_game, parse_action
from rules.record import GameRecord, RecordedAction, events_of, play_random, undo_text


def test_every_entry_replays_to_the_events_apply_gave_it():
    final, record = play_random(["ann", "ben", "cid"], 11)
    state = new_game(record.players, record.seed, record.options)
    expected = []
    for entry in record.actions:
        state, events = apply(state, parse_action(entry.action))
        expected.append(list(events))
    assert state == final
    assert events_of(record) == expected


def test_an_undo_entry_is_a_took_back_naming_the_computer_moves_it_took_too():
    _final, whole = play_random(["ann", "bot"], 3)
    moves = whole.actions[:12]
    # ann moves, then the other seat twice (as a computer answering), then ann takes the three back
    k = next(i for i in range(6, 12) if moves[i].player == "ann" and moves[i + 1].player == "bot")
    n = 1
    while moves[k + n].player == "bot":
        n += 1
    entries = moves[: k + n] + [RecordedAction(player="ann", action=undo_text(n))]
    record = GameRecord(seed=whole.seed, players=whole.players, options=whole.options, actions=entries)
    events = events_of(record)
    assert events[-1] == [TookBack(player="ann", replies=tuple(["bot"] * (n - 1)))]
    assert len(events) == len(entries)
