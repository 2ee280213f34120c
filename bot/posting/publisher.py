"""The publisher: the one object that turns what the bot stored into Discord messages.

`bot.publisher` (a `Publisher`) posts every turn — a person's move, a run of computer moves, a
timer's move, a turn left pending by a crash — and everything else the bot says in a game's
channel: the game's first message, the answer to a resume, the timer's notes and reminders.
For a turn it writes the sentence, asks `bot.posting.telling` who is told how (pings, direct messages,
whether the board goes along), draws the board, puts the buttons under it, and then marks the
turn's outbox post done. A post Discord refuses stays pending with its cause, the host is told
once by direct message, and it is tried again after a backoff (`games.backoff`) until it goes
through — turns of one game always in the order they were played, an earlier one before a later
one — or until the channel has been out of reach for `UNREACHABLE_DAYS`, when the game ends and
the host is told. After every turn the computers to move are woken.

Nothing else in `bot/` sends a turn: the timers, the computers, the lobby and the start-up
(`post_pending`) call this object, which the client holds as `bot.publisher`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, cast

import discord

from bot.context import TIMERS_CHANGED
from bot.i18n import _, in_channel, locale_for, speaking
from bot.lobby.messages import LobbyMessages
from bot.lobby.rematch import rematch_view
from bot.me import catchup
from bot.play import tutorial
from bot.play.draw_choice import draw_choice
from bot.play.turn_buttons import turn_view
from bot.posting.boards_ahead import BoardsAhead
from bot.posting.found_posts import last_shown
from bot.posting.game_messages import say
from bot.posting.live_messages import LiveMessages, settled_words
from bot.posting.plan import Message, TurnFacts, TurnPlan, plan_turn
from bot.posting.send import out_of_reach, send, turn_runs
from bot.posting.telling import tell_turn
from bot.replies import tell_host
from bot.words import refusals, turns
from games import Game, Move, TurnResult
from games.backoff import Backoff
from games.locks import KeyedLocks
from games.posts import LOBBY_POST, NOT_POSTED, TURN_POST
from games.timers import UNREACHABLE_DAYS
from games.undo import may_take_back
from rendering import last_move, render_scoring
from rules import EVENTS, view
from storage import OutboxRow

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")

POSTED_KINDS = (TURN_POST, LOBBY_POST)  # the outbox posts this object makes
RETRY_CAP = 1800.0  # seconds: the longest wait between two tries of a post Discord refused
REPOST_GAMES = 8  # games whose pending posts a start posts at once (each in its own channel)


class Publisher:
    """Posts what the bot stored to the game's channel (or as follow-ups of the interaction that caused it)."""

    def __init__(self, bot: CoalBot) -> None:
        self.bot = bot
        self._locks = KeyedLocks()  # per game: its posts go out one at a time, in order
        self._backoff = Backoff(cap=RETRY_CAP)  # per game whose posts fail
        self._retries: dict[int, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[int]] = set()
        self.live = LiveMessages(self.bot)  # which message of each game has its live components
        self._undoable: dict[int, int] = {}  # game -> version of a person's move that may be taken back
        self.lobbies = LobbyMessages(self.bot, self.live)
        self.ahead = BoardsAhead(self.bot)  # boards drawn for moves judged, while they are stored
        self._closed = False

    # --- turns ------------------------------------------------------------------------------------

    async def publish(
        self,
        result: TurnResult,
        interaction: discord.Interaction | None = None,
        *,
        text: str | None = None,
        note: str | None = None,
        since: int | None = None,
        replies: int | None = None,
    ) -> bool:
        """Post a stored turn, then mark its outbox post done; one that did not reach Discord stays
        pending (with the cause) and is tried again later. Then any computer to move moves. True if
        the turn message reached the channel.

        `interaction`: the person's, whose follow-ups the messages are (None: straight to the
        game's channel, as for the timer's and the computers' moves). `text`: the message's words
        when they are not the result's own (consecutive computer moves). `note`: a line posted
        before the turn (what the timer did for an absent player). `since`: the first version
        this message tells (several computer moves in one message); turns before it that are
        still pending are posted first, so the channel tells the game in order. `replies`: how many
        computer moves this message tells that showed nothing new (None: one of them did), which
        the person who moved before them may take back with their own move.
        """
        game = result.game
        first = result.version if since is None else since
        self.bot.metrics.moves.inc(result.version - first + 1)
        try:
            async with self.bot.manager.posts.posting(), self._lock(game.id):
                with in_channel(game):
                    if note is not None:
                        await say(self.bot, game, note)
                    earlier = await self._pending(game.id, before=first)
                    undo = self._undo(result, interaction, first, replies)
                    if await self._post_rows(game, earlier, live_last=False) and await self.announce(
                        result, interaction, text=text, undo=undo
                    ):
                        self.bot.manager.posts.posted(game)
                        self._settled(game.id)
                        return True
                    await self._failed(game)
                    return False
        finally:
            self.ahead.drop(game, result.version)  # a board drawn for a move stored otherwise (judged again)
            self.bot.computers.wake(game.channel_id)

    async def _pending(self, game_id: int, before: int | None = None) -> list[OutboxRow]:
        return [
            row for row in await self.bot.manager.posts.unposted(game_id, before=before) if row.kind in POSTED_KINDS
        ]

    async def _post_rows(self, game: Game, rows: list[OutboxRow], *, live_last: bool) -> bool:
        """Post stored turns that are still pending, oldest first, and stop at the first that fails (False),
        so none overtakes another. They go as the bot posted them when they were played: a message per run
        of turns that ends at a scored shift, a line per turn, the board as it is now, so that a message
        posted again soon after a crash carries the nonce of the first and Discord gives back that one
        (`nonce_of`); the parts of a scored turn already in the channel (`OutboxRow.parts`) are skipped.

        Only the last of them carries the game's buttons, and only with `live_last`: a message with
        live buttons at version V says that every turn up to V reached the channel, which is what a
        start looks for before posting a turn again (`bot.posting.found_posts`)."""
        runs = turn_runs([row for row in rows if row.kind == TURN_POST])
        for row in rows:
            if row.kind == LOBBY_POST:
                if not await self.lobbies.late(game, row):
                    return False
                self.bot.manager.posts.posted(game, row.seq)
        for run in runs:
            last = run[-1]
            said = [EVENTS.validate_python(row.payload.get("events", [])) for row in run]
            events = [e for one in said for e in one]
            text = None if len(run) == 1 else "\n".join(turns.what_happened(game, one) for one in said)
            live = live_last and run is runs[-1]
            result = TurnResult(game, events)
            if not await self.announce(result, text=text, buttons=live, told=last.seq, parts=last.parts):
                return False
            self.bot.manager.posts.posted(game, last.seq)
            self.bot.metrics.posts_retried.inc(len(run))
            log.info("game %s channel %s: posted turns %s-%s late", game.id, game.channel_id, run[0].seq, last.seq)
        return True

    async def _failed(self, game: Game) -> None:
        """The turn's post (and any still pending before it) did not reach the channel: noted on each,
        the host told once (when the posts start failing), and a try scheduled after a backoff."""
        self.bot.metrics.posts_refused.inc()
        pending = await self.bot.manager.posts.unposted(game.id)
        already_failing = any(row.attempts for row in pending)
        if not already_failing:  # for the operators' channel too (ALERT_WEBHOOK_URL)
            log.warning("game %s: channel %s refuses its posts", game.id, game.channel_id, extra={"alert": True})
        for row in pending:
            await self.bot.manager.posts.failed(row, NOT_POSTED)
        if not already_failing:
            text = _(refusals.POSTS_FAILING).format(channel=game.channel_id, days=UNREACHABLE_DAYS)
            await tell_host(cast(discord.Client, self.bot), game, text)
        self._try_again(game.id)

    def try_later(self, game_id: int) -> None:
        """A move whose save could not be confirmed (the database stopped answering after its COMMIT): if it
        was stored, its post is pending like one Discord refused, so the game's pending posts are looked
        for after the backoff, and again until the database answers."""
        self._try_again(game_id)

    def _try_again(self, game_id: int) -> None:
        if self._closed:
            return
        delay = self._backoff.failed(game_id, self.bot.clock())
        log.warning(
            "game %s: a post failed (%d in a row); trying again in %.0f s",
            game_id,
            self._backoff.failures(game_id),
            delay,
        )
        old = self._retries.pop(game_id, None)
        if old is not None:
            old.cancel()
        self._retries[game_id] = asyncio.get_running_loop().call_later(delay, self._retry_now, game_id)

    def _retry_now(self, game_id: int) -> None:
        self._retries.pop(game_id, None)
        task = asyncio.create_task(self.retry(game_id), name=f"coalbaron-repost-{game_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _settled(self, game_id: int) -> None:
        failing = self._backoff.failures(game_id) > 0
        self._backoff.succeeded(game_id)
        old = self._retries.pop(game_id, None)
        if old is not None:
            old.cancel()
        if failing:  # the channel takes posts again: the game's timer and computers go on
            self.bot.dispatch(TIMERS_CHANGED)

    def held_until(self, game_id: int) -> float:
        """While a game's posts fail, when they are tried next (else 0): the bot makes no move for the
        game meanwhile (no timer move, no computer's), since nobody could see it."""
        return self._backoff.not_before(game_id)

    def _lock(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        return self._locks.hold(game_id)

    async def retry(self, game_id: int, *, look_first: bool = False) -> int:
        """Post the game's pending turns, oldest first (after a failure, or after a start); the number
        posted. One that fails again is tried again later; a game whose channel stayed out of reach
        for `UNREACHABLE_DAYS` is ended and its host told. `look_first` (after a start): a turn whose
        post reached the channel before the process stopped, though not marked in the database yet
        (`storage.marks`), is found there and not posted twice."""
        try:
            async with self.bot.manager.posts.posting():
                return await self._retry(game_id, look_first)
        except Exception:  # the database or Discord failed in a way a post does not: try again later
            log.exception("game %s: posting its pending turns failed", game_id)
            self._try_again(game_id)
            return 0

    async def _retry(self, game_id: int, look_first: bool) -> int:
        game = await self.bot.manager.queries.load_game(game_id)
        async with self._lock(game_id):
            rows = await self._pending(game_id)
            if not rows or game is None or (game.state is None and not game.is_lobby):
                self._settled(game_id)
                return 0
            if look_first and await self._found(game, rows[-1].seq):
                self._settled(game_id)
                return 0
            if out_of_reach(rows[0], self.bot.clock()):
                await self._give_up(game)
                return 0
            with in_channel(game):
                if not await self._post_rows(game, rows, live_last=True):
                    await self._failed(game)
                    return len(rows) - len(await self._pending(game_id))
            self._settled(game_id)
        self.bot.computers.wake(game.channel_id)  # a computer held back by the failing posts
        return len(rows)

    async def _found(self, game: Game, last: int) -> bool:
        """Whether the game's channel shows its turns up to version `last` already (the newest of the
        bot's messages with live components of this game carries that version or a later one): then
        they are marked posted, and that message is the game's one with live components."""
        shown = await last_shown(self.bot, game)
        if shown is None or shown.version < last:
            return False
        self.bot.manager.posts.posted(game, last)
        self.live.found(game, game.channel_id, shown.message_id)
        log.info("game %s channel %s: turn %s was in the channel already", game.id, game.channel_id, last)
        return True

    async def _give_up(self, game: Game) -> None:
        """The game's channel refused every post for `UNREACHABLE_DAYS`: end the game, tell the host."""
        ended = await self.bot.manager.timing.end_unreachable(game)
        self.live.forget(game)
        self._settled(game.id)
        log.warning(
            "game %s channel %s: ended, its channel out of reach", game.id, game.channel_id, extra={"alert": True}
        )
        with in_channel(ended):
            text = _(refusals.UNREACHABLE_ENDED).format(channel=game.channel_id, days=UNREACHABLE_DAYS)
        await tell_host(cast(discord.Client, self.bot), ended, text)

    def close(self) -> None:
        """Stop trying again (at shutdown); what is pending is tried at the next start."""
        self._closed = True
        self.ahead.close()
        for handle in self._retries.values():
            handle.cancel()
        self._retries.clear()
        for task in self._tasks:
            task.cancel()

    async def announce(
        self,
        result: TurnResult,
        interaction: discord.Interaction | None = None,
        *,
        text: str | None = None,
        undo: int | None = None,
        buttons: bool = True,
        told: int | None = None,
        parts: int = 0,
    ) -> bool:
        """Post the turn: the sentence, the turn image (everyone's view, the move marked), the buttons and
        the ping of the player to move (image and ping as the players' settings say: `bot.posting.telling`).
        A shift's scoring comes before it, so that the ping is the last word and the pinged player
        finds their board and buttons there; the final scoring after it. `buttons` False: a turn
        posted late, before a later one, goes without them. `told`: the version the message tells up to
        (default the result's: a turn posted late tells an earlier one), which names its messages'
        nonces; `parts`: how many of its messages are in the channel already (a restart after a crash
        between a move and its shift's scoring).
        True if the turn's messages reached the channel.
        """
        with in_channel(result.game):
            return await self._announce(result, interaction, text, undo, buttons, told, parts)

    async def _announce(
        self,
        result: TurnResult,
        interaction: discord.Interaction | None,
        said: str | None,
        undo: int | None,
        live: bool,
        told: int | None,
        parts: int,
    ) -> bool:
        version = result.version if told is None else told
        facts = await self._facts(result, interaction, version, live)
        plan = plan_turn(
            result, facts, lang=result.game.options.language, version=version, said=said, undo=undo, live=live
        )
        return await self._send(result, plan, interaction, version, parts)

    async def _facts(
        self, result: TurnResult, interaction: discord.Interaction | None, version: int, live: bool
    ) -> TurnFacts:
        """What the turn's plan needs beyond the turn, read here and only here: who is told how (their
        direct messages sent now, `bot.posting.telling`), a tutorial's explanations, whether the player to
        move has been gone."""
        game = result.game
        at_keyboard = interaction.user.id if interaction is not None else None
        last = last_move(result.before, result.action, result.state) if result.before and result.action else None
        lesson = await tutorial.lesson(self.bot, game, result.events, version)
        telling = await tell_turn(self.bot, game, at_keyboard=at_keyboard, last=last)  # each player's settings
        gone = live and result.state.phase != "over" and await self._gone(game)  # (only for the buttons)
        return TurnFacts(telling.pings, telling.image, lesson, gone, at_keyboard, board=self.bot.board is not None)

    async def _send(
        self, result: TurnResult, plan: TurnPlan, interaction: discord.Interaction | None, version: int, parts: int
    ) -> bool:
        """Send the plan's messages not in the channel yet, in order, each part noted as it goes; then the
        drawer's private choice. True if every message reached the channel."""
        game = result.game
        channel = None if interaction is not None else self.bot.get_partial_messageable(game.channel_id)
        to_send = plan.still_to_send(parts)
        final: tuple[int, int] | None = None  # the final scores' message: its Review counts up
        if not any(m.part == 0 for m in to_send):
            self.ahead.drop(game, result.version)  # the board went with the part already in the channel
        for message in to_send:
            if plan.over and message.buttons is not None and message.buttons.kind != "turn":
                await self.live.ended(game)  # the last turn message's buttons go, before the final scores
            file = await self._image(result, message)
            with in_channel(game):
                view = self._view(game, message)
            posted = await send(
                interaction, channel, message.text, file, view, pings=message.pings, nonce=message.nonce
            )
            if posted is None:
                return False
            if plan.over and message.buttons is not None and message.buttons.kind == "rematch":
                final = (posted.channel.id, posted.id)
            if message.part + 1 < len(plan.messages):
                await self._parts_posted(game, version, message.part + 1)
            if message.buttons is not None and message.buttons.kind == "turn":
                await self.live.now(game, posted.channel.id, posted.id, settled=settled_words(game, posted))
        if plan.over:  # the review is worked out in the background from now on (bot.service.reviewer)
            self.bot.reviewer.game_over(game.id, final)
        if plan.draw_choice_for is not None and interaction is not None:
            with speaking(locale_for(interaction.locale)):  # the drawer's private choice, in their language
                choice, v = draw_choice(game)
                await interaction.followup.send(choice, view=v, ephemeral=True)
        return True

    async def _image(self, result: TurnResult, message: Message) -> discord.File | None:
        """The image a message of the plan carries, drawn off the event loop (the board drawn ahead if it was)."""
        image = message.image
        if image is None:
            if message.part == 0:
                self.ahead.drop(result.game, result.version)
            return None
        if image.kind == "board":
            last = last_move(result.before, result.action, result.state) if result.before and result.action else None
            return await self.ahead.board(result, last, image.alt)
        return await self.bot.render(
            render_scoring, view(result.state, None), None, image.key, filename="scoring.png", description=image.alt
        )

    @staticmethod
    def _view(game: Game, message: Message) -> discord.ui.View | None:
        """The components of a message of the plan (in the language being spoken)."""
        buttons = message.buttons
        if buttons is None:
            return None
        if buttons.kind == "turn":
            return turn_view(game, undo=buttons.undo, catch_up=buttons.catch_up, board=buttons.board)
        if buttons.kind == "lesson_end":
            return tutorial.end_view(game)
        return rematch_view(game.id, game.version)

    async def _gone(self, game: Game) -> bool:
        """Whether the player to move has been gone (the catch-up button); False if the log cannot be read."""
        try:
            return await catchup.gone(self.bot, game)
        except Exception as err:
            log.warning("game %s: could not read the log for the catch-up (%s: %s)", game.id, type(err).__name__, err)
            return False

    async def _parts_posted(self, game: Game, version: int, parts: int) -> None:
        """The first `parts` messages of the turn at `version` are in the channel (`Store.note_parts`); a
        database that fails here leaves them to Discord's nonce (a restart within minutes) or to be said again."""
        try:
            await self.bot.manager.posts.parts_posted(game, version, parts)
        except Exception as err:
            log.warning("game %s: noting a posted part failed (%s: %s)", game.id, type(err).__name__, err)

    def _undo(
        self, result: TurnResult, interaction: discord.Interaction | None, first: int, replies: int | None
    ) -> int | None:
        """Whether the message gets an Undo button (`games.undo`): under a person's own move that showed
        nothing new, 0; under computers' replies to such a move that showed nothing new either, how
        many computer moves the undo takes back with it; else None."""
        game = result.game
        if interaction is not None and result.action is not None and result.before is not None:
            if may_take_back(game.options.tutorial, result.before, result.state, result.events):
                self._undoable[game.id] = result.version  # the computers' replies may come with it
                return 0
        elif replies and self._undoable.get(game.id) == first - 1:
            return replies
        self._undoable.pop(game.id, None)
        return None

    def draw_ahead(self, move: Move) -> None:
        """Start drawing the board of a move judged but not stored yet (`bot.posting.boards_ahead`)."""
        self.ahead.draw(move)

    def drop_ahead(self, game: Game, upto: int | None = None) -> None:
        """Forget the boards drawn ahead for `game` (its move was refused), or those up to version `upto`."""
        self.ahead.drop(game, upto)

    async def ended(self, game: Game) -> None:
        """A game that ended (finished, aborted): its last message with components loses them."""
        await self.live.ended(game)

    def forget_game(self, game: Game) -> None:
        """A game whose server removed the bot: nothing of it can be posted or edited any more."""
        self.live.forget(game)
        self._settled(game.id)

    async def post_pending(self) -> int:
        """After a start: every turn stored but not posted (a crash, Discord refusing the channel),
        each game's oldest first — the sentence of that turn, the board as it is now and the buttons
        (among them the drawer's "Show my drawn tiles", so a private draw choice is never lost with
        the process), and the ping of the player to move. `REPOST_GAMES` games at a time, so that a
        slow channel (a run of posts under Discord's per-channel rate limit) holds back no other game.
        The number posted; failures stay pending with their cause and are tried again later."""
        games = dict.fromkeys(
            row.game_id for row in await self.bot.manager.posts.unposted() if row.kind in POSTED_KINDS
        )
        side_by_side = asyncio.Semaphore(REPOST_GAMES)  # each game's posts in order, the games side by side

        async def repost(game_id: int) -> int:
            async with side_by_side:
                return await self.retry(game_id, look_first=True)

        return sum(await asyncio.gather(*(repost(game_id) for game_id in games)))
