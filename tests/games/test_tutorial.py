"""The tutorial's explanations (issue 50): which turn brings which, each at most three sentences in every
language, and a seed on which a learner meets every kind of worker space early."""

from __future__ import annotations

import re

import pytest

from bot.i18n import SUPPORTED, _, speaking
from bot.words import tutorial as words
from games.tutorial import SEED, START, TOPICS, eager_move, lessons, message_entries, topics_of
from players import by_level
from rules import Banked, Placed, apply, new_game, view
from rules.record import GameRecord, RecordedAction
from rules.state import GameOptions

TITLE = re.compile(r"^(📘 )?\*\*[^*]+\*\*\s*(—\s*)?")
END_OF_SENTENCE = re.compile(r"(?<!\d)[.!?。！？](?=\s|$|[^\w\s]?$)")


def sentences(text: str) -> int:
    body = TITLE.sub("", text).strip()
    return len([m for m in END_OF_SENTENCE.finditer(body)]) or 1


@pytest.mark.parametrize("lang", sorted(SUPPORTED))
def test_every_explanation_is_at_most_three_sentences(lang):
    with speaking(lang):
        said = {t: _(words.LESSONS[t]) for t in TOPICS} | {"console": _(words.CONSOLE_WALK)}
    long = {t: text for t, text in said.items() if sentences(text) > 3}
    assert not long


def test_a_displacing_placement_shows_its_space_and_the_canteen():
    # R-TURN-2: N workers on the space go to the canteen
    first = [Placed(player="a", space="mine 6", workers=2, displaced=1, displaced_owner="b")]
    assert topics_of(first) == ["mine", "canteen"]
    assert topics_of([Banked(player="a")]) == ["bank"]


def _a_tutorial_record(moves: int | None = None) -> GameRecord:
    """A tutorial's log: the eager learner (`eager_move`) against the easy computer, on the tutorial's seed."""
    names = ["Learner", "Baron"]
    state, seen, actions = new_game(names, SEED, GameOptions(delivered="own")), set(), []
    easy = by_level("easy")
    while state.phase != "over" and (moves is None or len(actions) < moves):
        player = state.to_move
        if player == "Learner":
            action = eager_move(state, seen, len(actions))
        else:
            action = easy.choose(view(state, player), len(actions))
        state, events = apply(state, action)
        seen |= set(topics_of(events))
        actions.append(RecordedAction(player=player, action=str(action)))
    return GameRecord(seed=SEED, players=names, options=GameOptions(delivered="own"), actions=actions)


def test_each_topic_once_one_a_message_the_turn_first_then_before_the_learner_s_choices():
    """Issue 74, item 2: the first turn gave three paragraphs at once, and the spaces were explained after
    the learner had used them."""
    record = _a_tutorial_record()
    told = lessons(record, "Learner", per_message=8)
    assert sorted(told.values()) == sorted(set(TOPICS) - set(START))  # every topic once
    first_turn = min(told)
    assert told[first_turn] == "spaces"  # how a turn goes, right after the draft, alone
    # before the choice: at an entry after which the learner is to move, a space the learner then uses first
    learner_moves = [k for k, a in enumerate(record.actions, start=1) if a.player == "Learner"]
    previewed = [t for k, t in told.items() if k + 1 in learner_moves and t not in ("spaces", "shift", "end")]
    assert len(previewed) >= 4, told
    # the same from the log alone: a prefix of the log explains the same up to its end
    half = len(record.actions) // 2
    shorter = record.model_copy(update={"actions": record.actions[:half]})
    assert lessons(shorter, "Learner", per_message=8) == {k: t for k, t in told.items() if k <= half}


def test_a_message_is_found_in_the_log_by_its_events():
    sizes = [2, 1, 3, 1]  # the events of entries 1..4
    assert list(message_entries(sizes, 4, 1)) == [4]  # one move
    assert list(message_entries(sizes, 4, 4)) == [3, 4]  # a run of two computer moves
    assert list(message_entries(sizes, 2, 3)) == [1, 2]
    assert list(message_entries(sizes, 3, 0)) == [3]  # (a message without events: its own entry)


def test_the_start_explains_the_welcome_and_the_draft():
    assert START == ("welcome", "draft") and set(START) | set(words.LESSONS) == set(TOPICS)


def test_on_the_tutorial_seed_an_eager_learner_uses_every_worker_space_in_the_first_shift():
    from scripts.tutorial_seed import play

    every, own_every, missing = play(SEED)
    assert missing == set() and own_every < 40, (every, own_every)
