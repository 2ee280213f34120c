"""The action log keeps events, not sentences; `/coal log` words them when read."""

from __future__ import annotations

import rules
from bot.words.rules import describe_turn
from bot.words.status import log_message
from storage import LogRow
from tests.storage.helpers import started


async def test_the_log_stores_events_and_the_bot_words_them_when_read(manager, store):
    game = await started(manager, 1, players=2, seed=4)
    result = await manager.moves.act(1, game.to_move_user, rules.DraftPick(card=1))
    [entry] = await manager.store.queries.log_with_events(result.game)
    assert rules.EVENTS.validate_json(entry.events) == result.events
    assert log_message([entry]) == f"1. {describe_turn(result.events)}"


def test_an_entry_stored_as_a_sentence_by_an_older_bot_is_shown_as_it_is():
    old = LogRow(1, 3, 101, "alice", "bank", 0.0, events="alice placed 1 worker on the bank.", auto=True)
    plain = LogRow(1, 4, 102, "bob", "money 3", 0.0)
    assert log_message([old, plain]) == "3. alice placed 1 worker on the bank. (timer)\n4. bob: money 3"


def test_a_long_log_shows_whole_entries_within_a_message_and_says_how_many_are_left_out():
    rows = [
        LogRow(1, seq, 101, "alice", "bank", 0.0, events=f"alice placed 1 worker on the bank, turn {seq}. " * 3)
        for seq in range(1, 51)
    ]
    text = log_message(rows)
    assert len(text) <= 1900
    first, *entries = text.split("\n")
    shown = len(entries)
    assert first == f"(earlier entries not shown: {50 - shown}; ask for fewer with `last`)"
    # whole entries only, the newest ones, in order: every line starts with its number
    assert [line.split(".", 1)[0] for line in entries] == [str(seq) for seq in range(51 - shown, 51)]
    assert all(line.rstrip().endswith("turn " + line.split(".", 1)[0] + ".") for line in entries)
    assert log_message(rows[-2:]).startswith("49. ")  # a short log is whole, without the note


def test_counts_take_the_singular_for_one():
    from bot.words.common import marks, workers

    assert (marks(1), marks(0), marks(6)) == ("1 mark", "0 marks", "6 marks")
    assert (workers(1), workers(2)) == ("1 worker", "2 workers")
