"""The guided first game (issue 50): `/coal learn`, a scripted learner's whole game through Discord in each
of the five languages, every explanation seen exactly once and in its place, "Why?", the mining console's
walk-through, Undo of any move, the final score line by line, and the way to a real game.

Where each explanation belongs is worked out here independently of `games.tutorial`: the first turn whose
events show the thing (below, `SHOWS`); the explanation must come by the end of that step's messages (the
learner's move and the computer's replies it set off), before the learner's move where the learner was about
to meet it (issue 74: explained before the choice), and nowhere else in the thread; one a message.
"""

from __future__ import annotations

import dataclasses

import discord
import pytest
import simcord

from bot.i18n import _, speaking
from bot.play.board_key import key_text
from bot.words import tutorial as words
from games import tutorial
from games.computers import is_computer
from rules import EVENTS, apply

from .driver import assert_refused, custom_ids, menu, panel_text

LOCALES = {"en": "en-US", "de": "de", "it": "it", "es": "es-ES", "ja": "ja"}

# When a topic first happens, judged from a turn's events without `games.tutorial`.
SHOWS = {
    "spaces": lambda e: e.kind == "draft_over",
    "factory": lambda e: e.kind == "placed" and e.space.startswith("factory ") and e.space != "factory draw",
    "draw": lambda e: e.kind == "placed" and e.space in ("factory draw", "order draw"),
    "mine": lambda e: e.kind == "placed" and e.space.startswith("mine "),
    "store": lambda e: e.kind == "mined" and sum(e.stored) > 0,
    "fill": lambda e: e.kind == "mined" and len(e.filled) > 0,
    "deliver": lambda e: e.kind == "placed" and e.space.startswith("deliver "),
    "money": lambda e: e.kind == "placed" and e.space.startswith("money "),
    "order": lambda e: e.kind == "placed" and e.space.startswith("order ") and e.space != "order draw",
    "bank": lambda e: e.kind == "bank",
    "canteen": lambda e: e.kind == "placed" and e.displaced > 0,
    "shift": lambda e: e.kind == "shift_scored",
    "end": lambda e: e.kind == "game_over",
}


def lesson_texts(lang: str) -> dict[str, str]:
    with speaking(lang):
        return {t: _(words.LESSONS[t]) for t in tutorial.TOPICS}


def slash_of(action_text: str) -> tuple[str, dict]:
    """The slash command that plays a move given in the rules' text form."""
    head, _sep, rest = action_text.partition(" ")
    if head == "bank":
        return "coal bank", {}
    if head == "mine":
        steps, _colon, plan = rest.partition(":")
        return "coal mine", {"steps": int(steps), "plan": plan.strip() or None}
    option = {"draft": "card", "factory": "space", "deliver": "vehicle", "money": "amount", "order": "space"}[head]
    value: object = int(rest) if head in ("draft", "money") else rest
    return f"coal {head}", {option: value}


class Learner:
    """The scripted learner: `games.tutorial.eager_move` from the learner's seat, played through Discord."""

    def __init__(self, w, member, lang: str):
        self.w, self.member, self.lang = w, member, lang
        self.seen: set[str] = set()
        self.steps: list[tuple[int, int, int, int]] = []  # (first version, last version, first msg, end msg)
        self.console_seen = 0
        self.asked_why = False
        self.undone = False
        self.private = None  # the learner's private choice after a draw space

    def just_explained(self) -> str | None:
        """The topic the last message explained, which this learner tries if it can (read, then tried)."""
        last = self.w.channel.history()[-1].content
        return next((t for t, said in lesson_texts(self.lang).items() if said in last), None)

    async def game(self):
        return await self.w.bot.store.queries.latest_game(self.w.channel.id)

    async def step(self, act) -> None:
        """One step: the learner's action, and whatever the computer replied with, recorded."""
        before = await self.game()
        shown = len(self.w.channel.history())
        await act()
        await self.w.bot.computers.idle()
        await self.w.env.settle()
        after = await self.game()
        self.steps.append((before.version + 1, after.version, shown, len(self.w.channel.history())))

    async def play(self) -> None:
        for _turn in range(300):
            game = await self.game()
            state = game.state
            if state.phase == "over":
                return
            assert not is_computer(game.to_move_user), "the computer did not move"
            if state.phase == "draw":
                await self.step(self.keep)
                continue
            if state.phase == "turn" and not self.asked_why:
                await self.why()
            action = tutorial.eager_move(state, self.seen, game.version, self.just_explained())
            for e in apply(state, action)[1]:
                self.seen |= {t for t, shows in SHOWS.items() if shows(e)}
            text = str(action)
            if text.startswith("mine") and not self.console_seen:
                await self.console(text)
            command, options = slash_of(text)

            async def move(command=command, options=options):
                r = await self.member.slash(self.w.channel, command, **options)
                assert r.acknowledged and not r.ephemeral, (command, options, r.response and r.response.content)
                if r.followups and r.followups[0].ephemeral:  # a draw space: the private choice
                    self.private = r.followups[0]

            await self.step(move)
            if not self.undone and text.startswith("order ") and text != "order draw":
                await self.undo_and_again(move)
        raise AssertionError("the tutorial game does not end")

    async def keep(self) -> None:
        """The private choice after a draw space: the first item, the rest on top (by their components)."""
        message = self.private
        pick = menu(message, "coal-menu:pick")
        await self.member.select(message, [pick.options[0].value], custom_id=pick.custom_id)
        keep = next(c for c in custom_ids(message) if c.startswith("coal:keep:") and c.endswith("top"))
        await self.member.click(message, custom_id=keep)

    async def why(self) -> None:
        """Why? under the learner's turn: the expert's best move, privately, in the learner's language."""
        self.asked_why = True
        turn = next(m for m in reversed(self.w.channel.history()) if any("coal:why:" in c for c in custom_ids(m)))
        why = next(c for c in custom_ids(turn) if c.startswith("coal:why:"))
        r = await self.member.click(turn, custom_id=why)
        answer = r.followups[0] if r.followups else r.response
        with speaking(self.lang):
            head = _(words.WHY).split("`")[0]
        assert answer.ephemeral and answer.content.startswith(head), answer.content

    async def console(self, text: str) -> None:
        """The first mining: the console shows its walk-through; cancelled, the plan is typed instead."""
        steps = int(text.split()[1].rstrip(":"))
        r = await self.member.slash(self.w.channel, "coal mine", steps=steps)
        with speaking(self.lang):
            walk = _(words.CONSOLE_WALK)
        assert walk in panel_text(r.response)
        self.console_seen += 1
        cancel = next(c for c in custom_ids(r.response) if c.endswith("cancel"))
        await self.member.click(r.response, custom_id=cancel)

    async def undo_and_again(self, move) -> None:
        """Any move may be taken back in a tutorial, even one that showed a new order card from the deck."""
        self.undone = True
        version = (await self.game()).version
        r = await self.member.slash(self.w.channel, "coal undo")
        assert r.acknowledged and not r.ephemeral
        await self.w.bot.computers.idle()
        game = await self.game()
        assert game.version > version and game.to_move_user == self.member.id
        await self.step(move)


def _hidden_from(thread, member) -> bool:
    """Whether `member` may not read the thread: SimCord refuses a history its viewer cannot read."""
    try:
        thread.history(viewer=member)
    except simcord.SetupError:
        return True
    return False


def lessons_in(text: str, texts: dict[str, str]) -> list[str]:
    return [t for t, said in texts.items() if said in text]


@pytest.mark.slow
@pytest.mark.parametrize("lang", list(LOCALES))
async def test_a_scripted_tutorial_sees_every_explanation_once_in_its_place(world, locales, lang):
    w = world
    locales[w.alice.id] = LOCALES[lang]
    r = await w.alice.slash(w.channel, "coal learn")
    ready = r.followups[0] if r.followups else r.response
    assert ready.ephemeral
    [thread] = w.channel.threads
    assert thread.mention in ready.content
    here = dataclasses.replace(w, channel=thread)
    game = await here.bot.store.queries.latest_game(thread.id)
    assert game.options.tutorial and game.options.language == lang and game.seed == tutorial.SEED
    assert [s.user_id == w.alice.id or is_computer(s.user_id) for s in game.seats] == [True, True]
    texts = lesson_texts(lang)
    key, first = thread.history()[:2]  # the board's key, once, before the first turn (issue 74, item 1)
    assert [a.filename for a in key.attachments] == ["board-key.png"]
    with speaking(lang):
        assert key.content == key_text()
    assert lessons_in(first.content, texts) == ["welcome", "draft"]

    assert thread.history(viewer=w.alice) and _hidden_from(thread, w.bob)  # a private thread: alice's alone
    learner = Learner(here, w.alice, lang)
    await here.bot.computers.idle()
    await w.env.settle()
    await learner.play()

    history = thread.history()
    found = {t: [k for k, m in enumerate(history) if texts[t] in m.content] for t in tutorial.TOPICS}
    assert {t: len(k) for t, k in found.items()} == dict.fromkeys(tutorial.TOPICS, 1)  # every one, once
    game = await here.bot.store.queries.latest_game(thread.id)
    log = await here.bot.store.queries.log_with_events(game)
    before_the_choice = []
    for topic, shows in SHOWS.items():  # each by the end of the step that first showed it, never later
        row = next(row for row in log if any(shows(e) for e in EVENTS.validate_json(row.events)))
        step = next(s for s in learner.steps if s[0] <= row.seq <= s[1]) if row.seq > 0 else None
        if step is None:  # the computer's moves before the learner's first step
            assert found[topic][0] < learner.steps[0][2], topic
            continue
        later = learner.steps[min(learner.steps.index(step) + 3, len(learner.steps) - 1)]
        assert found[topic][0] < later[3], (topic, row.seq, step, found[topic])  # soon after, if not at once
        if row.user_id == w.alice.id and found[topic][0] < step[2]:
            before_the_choice.append(topic)  # the learner's own first time, explained in the turn before it
        elif row.user_id == w.alice.id:  # only where the learner's turn message explained something else
            assert lessons_in(history[step[2] - 1].content, texts), ("not before the choice", topic, row.seq)
        # what the computer does first: with its move, soon after when another explanation came first, or
        # before it, where it was open to the learner and explained to them
    # issue 74, item 2: what the learner is about to meet is explained before they choose it, and at most one
    # new idea a message (the first: the welcome and the draft)
    assert len(before_the_choice) >= 4, before_the_choice
    for message in history[2:]:
        assert len(lessons_in(message.content, texts)) <= 1, message.content
    assert learner.console_seen == 1 and learner.undone
    # every kind of move, the learner's own, through Discord: each worker space and a draw's choice
    kinds = {row.action.split()[0] for row in log if row.user_id == w.alice.id}
    spaces = {row.action.split(":")[0].rsplit(" ", 1)[-1] for row in log if row.action.startswith(("factory", "order"))}
    assert {"draft", "factory", "mine", "deliver", "money", "order", "bank", "keep", "undo"} <= kinds, kinds
    assert "draw" in spaces

    # the end: the learner's score line by line, and a real game opened where they choose
    final = history[-1]
    with speaking(lang):
        head = _(words.FINAL_HEAD).format(vp=game.state.players[game.seat_of_user(w.alice.id).seat].vp)
    assert head in final.content
    real = next(c for c in custom_ids(final) if c.startswith("coal:real:"))
    r = await w.alice.click(final, custom_id=real)
    assert r.ephemeral
    picker = menu(r.response, "coal-menu:real:")
    r = await w.alice.select(r.response, [w.channel], custom_id=picker.custom_id)
    lobby = await w.bot.store.queries.latest_game(w.channel.id)
    assert lobby is not None and lobby.status == "lobby" and lobby.host_id == w.alice.id
    assert not lobby.options.tutorial


async def test_without_private_threads_the_tutorial_plays_in_a_free_channel_and_refuses_a_busy_one(world):
    w = world
    denied = {w.bot.user: discord.PermissionOverwrite(create_private_threads=False)}
    channel = w.guild.create_text_channel("no-threads", overwrites=denied)
    r = await w.bob.slash(channel, "coal learn")
    assert channel.threads == [] and (r.followups[0] if r.followups else r.response).ephemeral
    game = await w.bot.store.queries.latest_game(channel.id)
    assert game.options.tutorial and game.status == "active"
    r = await w.carol.slash(channel, "coal learn")  # a game is running here: refused, nothing changed
    await assert_refused(w, r, "A tutorial needs a private thread")
    assert (await w.bot.store.queries.latest_game(channel.id)).id == game.id
