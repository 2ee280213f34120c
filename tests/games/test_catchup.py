"""Who has been gone (issue 49, item 3): the catch-up button comes when the turn returns to a player after
more than a round without them, not when one player took two decisions in a row in the normal course."""

from __future__ import annotations

from games.catchup import been_gone, last_own_move, since_last_move
from storage import LogRow


def _log(*entries: str) -> list[LogRow]:
    """Entries as "player" or "player*" (the bot moved for them), numbered from 1."""
    return [LogRow(1, k, 0, e.rstrip("*"), "bank", 0.0, auto=e.endswith("*")) for k, e in enumerate(entries, 1)]


def test_one_decision_each_is_not_gone():
    assert not been_gone(_log("a", "b", "c", "a", "b", "c"), "a", 3)


def test_a_draw_and_its_choice_or_the_draft_s_last_pick_then_the_shift_s_first_turn_are_not_gone():
    assert not been_gone(_log("a", "b", "b"), "a", 2)  # b's last pick, then b starts the shift
    assert not been_gone(_log("a", "b", "b", "c", "c"), "a", 3)  # each of the others drew


def test_the_bot_moving_for_them_or_a_round_and_more_without_them_is_gone():
    assert been_gone(_log("a", "b", "a*", "b"), "a", 2)
    assert been_gone(_log("a", "b", "b", "b"), "a", 2)
    assert been_gone(_log("b", "c", "b", "c", "b"), "a", 3)  # never moved, and more than a round passed


def test_the_catch_up_starts_after_their_last_own_move():
    rows = _log("a", "b", "a*", "b")
    assert last_own_move(rows, "a") == 1
    catch = since_last_move(rows, "a")
    assert [(e.seq, e.player, e.auto) for e in catch.entries] == [(2, "b", False), (3, "a", True), (4, "b", False)]
    assert list(catch.by_player()) == ["b", "a"]
