"""The post-game review through Discord (issue 75): begun in the background when a game ends, posted in the
game's channel when worked out (the race's picture, the points by where they came from, each player's turning
points with buttons opening the replay there, their accuracy), Review under the final scores answering
privately — how far it is until then — and `/coal record review`; computed once, resumed after a restart,
never for a running game; a forgotten player's review shows the pseudonym."""

from __future__ import annotations

import asyncio

import pytest

from bot.words import review as words
from rules.record import Chooser, random_action
from storage.personal import PSEUDONYM

from .driver import assert_refused, close_bot, components_of, custom_ids, forge_component, restart, start_game

LOOKAHEADS = 9  # one sampled game a candidate: the figures matter less here than the path they take


def _quick(bot) -> None:
    """Reviews on (tests/conftest.py turns them off elsewhere), at a small budget."""
    bot.reviewer.enabled = True
    bot.reviewer.lookaheads = LOOKAHEADS


async def _ended(w, seed: int = 5):
    """A two-player game played to its end with random moves through the manager, its last move posted as
    every move is (`Publisher.publish`: the final scores, and the review begun)."""
    chooser = Chooser(seed)
    game = await start_game(w, seed=seed)
    while True:
        result = await w.bot.manager.moves.act(w.channel.id, game.to_move_user, random_action(game.state, chooser))
        game = result.game
        if game.state.phase == "over":
            await w.bot.publisher.publish(result)
            await w.env.settle()
            return game


async def _done(w, game_id: int) -> bool:
    """Whether the game's review is stored and done (not yet begun: not done)."""
    stored = await w.bot.manager.store.reviews.get(game_id)
    return stored is not None and stored.done


def _review_label(w, message_id: int) -> str:
    """The Review button's label on the message now."""
    message = next(m for m in w.channel.history() if m.id == message_id)
    return next(c.label for c in components_of(message) if ":review:" in (getattr(c, "custom_id", "") or ""))


def _review_posts(w) -> list:
    return [m for m in w.channel.history() if m.content.startswith("📈 **Review of game")]


@pytest.mark.slow
async def test_a_finished_game_is_reviewed_in_the_background_and_posted_once(world):
    w = world
    _quick(w.bot)
    game = await _ended(w)
    final = next(m for m in reversed(w.channel.history()) if any(":review:" in c for c in custom_ids(m)))
    # while it is worked out, the button says how far it is, a quarter at a time; then Review again
    review_id = next(c for c in custom_ids(final) if ":review:" in c)
    labels = set()
    while not await _done(w, game.id):
        labels.add(_review_label(w, final.id))
        await asyncio.sleep(0.02)
    await w.bot.reviewer.idle()
    await w.env.settle()
    counting = sorted(int(label.split("— ")[1].rstrip("%…")) for label in labels if "%" in label)
    assert counting[0] == 0 and len(counting) >= 3 and counting[-1] >= 50, labels  # "Review — 25%…" and so on
    assert _review_label(w, final.id) == "Review"
    [head] = _review_posts(w)
    assert head.attachments[0].filename == "review.png" and head.attachments[0].description
    assert "<@" not in head.attachments[0].description  # the alt text names, never mentions
    after = w.channel.history()[w.channel.history().index(head) :]
    players = [m for m in after[1:3]]
    assert [m.content.split("**")[1] for m in players] == [s.name for s in game.seats]
    stored = await w.bot.manager.store.reviews.get(game.id)
    assert stored.done and stored.posted and stored.judged == stored.total > 40
    # each turning point's button opens the replay at its move
    buttons = [c for m in players for c in custom_ids(m) if c.startswith(f"coal:replay:{game.id}:")]
    assert buttons and all(c.rsplit(":", 1)[1].startswith("o") for c in buttons)
    r = await forge_component(w.carol, players[0], buttons[0])
    assert r.ephemeral and "Replay of game" in r.response.content
    # the Review button: privately, the same review
    r = await w.carol.click(final, custom_id=review_id)
    answers = [m for m in (r.response, *r.followups) if m is not None]
    assert answers and all(a.ephemeral for a in answers) and answers[0].content == head.content
    # computed once: a second end of the game does nothing more
    w.bot.reviewer.game_over(game.id)
    await w.bot.reviewer.idle()
    assert len(_review_posts(w)) == 1
    # a forgotten player: the review names the seat by its pseudonym (its figures are by seat number)
    personal = w.bot.manager.store.personal
    await personal.forget(w.alice.id)
    assert await personal.forget_in_game(game.id, w.alice.id)
    r = await w.carol.click(final, custom_id=review_id)
    said = "\n".join(m.content for m in (r.response, *r.followups) if m is not None)
    pseudonym = PSEUDONYM.format(k=1)
    assert pseudonym in said and "alice" not in said


@pytest.mark.slow
async def test_a_review_cut_short_by_a_stop_goes_on_after_the_start(world, db_path):
    w = world
    _quick(w.bot)
    game = await _ended(w)
    store = w.bot.manager.store
    for _ in range(200):  # stop once a few decisions are judged
        stored = await store.reviews.get(game.id)
        if stored is not None and stored.judged >= 3:
            break
        await w.env.settle()
        await asyncio.sleep(0.05)
    r = await w.alice.slash(w.channel, "coal record review")
    assert r.ephemeral and "%" in r.response.content  # how far it is
    judged = (await store.reviews.get(game.id)).judged
    w.bot.reviewer.close()  # the stop: as `CoalBot.close` does, the decision being judged is lost
    new = await restart(w, db_path)
    _quick(new)
    await new.reviewer.resume()
    await new.reviewer.idle()
    await w.env.settle()
    stored = await new.manager.store.reviews.get(game.id)
    assert stored.done and stored.judged == stored.total and stored.judged > judged
    assert len(_review_posts(w)) == 1
    await close_bot(new)


async def test_no_review_of_a_running_game(world):
    w = world
    await start_game(w, seed=3)
    r = await w.alice.slash(w.channel, "coal record review")
    await assert_refused(w, r, words.NOT_OVER)
