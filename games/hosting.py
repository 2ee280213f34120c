"""The host's (or a moderator's) say over a running game: a seat handed to a computer and given back, the
timer's computer keeping an absent player's seat, pausing and resuming, and the end of a pause too long."""

from __future__ import annotations

import logging
from typing import Literal

from storage import (
    Game,
    SeatRow,
    StandIn,
)

from . import computers
from .errors import (
    AlreadySeated,
    GameError,
    NotAComputer,
    NotHost,
    NotSeated,
    NotStarted,
    Paused,
    Reason,
)
from .memory import GameMemory, host_name

log = logging.getLogger("coalbaron")


class Hosting:
    """Who plays a seat, and whether the game runs."""

    def __init__(self, memory: GameMemory) -> None:
        self.memory = memory  # the games, their locks and how a write is committed (`games.memory`)

    async def replace(
        self, channel_id: int, user_id: int, member: int, level: str, member_name: str = ""
    ) -> tuple[Game, SeatRow]:
        """Hand `member`'s seat to a computer of `level` (host only, a running game).
        `member_name` is for the refusal when they are not playing."""
        async with self.memory.lock(channel_id):
            game = await self.memory.game_in(channel_id)
            if game.state is None:
                raise NotStarted(Reason.NOT_STARTED)
            if user_id != computers.host_of(game):
                raise NotHost(Reason.HOST_REPLACES, host=host_name(game))
            seat = game.seat_of_user(member)
            if seat is None or computers.is_computer(member):
                raise NotSeated(Reason.MEMBER_NOT_PLAYING, member=seat.name if seat else member_name)
            helper = computers.stand_in(game, seat)
            if helper is not None and helper.level == level:
                raise AlreadySeated(Reason.ALREADY_COMPUTER, member=seat.name)
            helper = StandIn(level=level, by="host", back=False)
            game = await self._set_stand_in(channel_id, game, seat.name, helper)
            return game, seat

    async def flag_absent(self, channel_id: int, version: int, player: str) -> Game | None:
        """After the timer's `ABSENT_AFTER`-th move in a row for `player`: a computer plays the seat
        until its owner takes it back. None if the game moved on or a computer plays it already."""
        async with self.memory.lock(channel_id):
            game = await self.memory.current(channel_id)
            if game is None or game.version != version or not game.is_running:
                return None
            if player in game.options.stand_ins:
                return None
            helper = StandIn(level=computers.STAND_IN_LEVEL, by="timer", back=True)
            try:
                return await self._set_stand_in(channel_id, game, player, helper)
            except GameError:
                return None

    async def take_back(self, channel_id: int, user_id: int, allowed_by: int | None = None) -> tuple[Game, SeatRow]:
        """The owner takes their seat back from a computer: at once after the timer took it; after
        the host handed it over, only when the host allows it (`allowed_by` = the host's id). A Give-back
        button counts only from the owner or the host (`allowed_by`: who pressed it)."""
        async with self.memory.lock(channel_id):
            game = await self.memory.game_in(channel_id)
            if game.state is None:
                raise NotStarted(Reason.NOT_STARTED)
            seat = game.seat_of_user(user_id)
            if seat is None:
                raise NotSeated(Reason.NOT_SEATED)
            helper = computers.stand_in(game, seat)
            if helper is None:
                raise NotAComputer(Reason.NO_STAND_IN)
            if helper.by in ("forget", "league"):  # forgotten, or withdrawn from the league: kept to the end
                raise NotSeated(Reason.NOT_SEATED)
            host = computers.host_of(game)
            if allowed_by is not None and allowed_by not in (host, user_id):  # a Give-back pressed by another
                raise NotHost(Reason.HOST_ALLOWS_BACK, host=host_name(game))
            if not helper.back and allowed_by != host:
                if allowed_by is not None:
                    raise NotHost(Reason.HOST_ALLOWS_BACK, host=host_name(game))
                raise NotHost(Reason.BACK_NEEDS_HOST, host=host_name(game))
            game = await self._set_stand_in(channel_id, game, seat.name, None)
            return game, seat

    async def pause(self, channel_id: int, user_id: int, is_admin: bool = False) -> Game:
        """Pause the channel's running game (host, or a moderator): no moves, no turn timer."""
        async with self.memory.lock(channel_id):
            game = await self._hosted_game(channel_id, user_id, is_admin)
            if game.options.paused_at is not None:
                raise Paused(Reason.PAUSED, host=host_name(game))
            options = game.options.model_copy(update={"paused_at": self.memory.store.clock()})
            game = await self.memory.commit(channel_id, self.memory.store.pause(game, options, deadline=None))
            self.memory.remember(game)
            return game

    async def resume(self, channel_id: int, user_id: int, is_admin: bool = False) -> Game:
        """Resume a paused game; the player to move gets the full time again."""
        async with self.memory.lock(channel_id):
            game = await self._hosted_game(channel_id, user_id, is_admin)
            if game.options.paused_at is None:
                raise Paused(Reason.NOT_PAUSED)
            options = game.options.model_copy(update={"paused_at": None})
            deadline = self.memory.deadline_for(game, game.started_state)
            game = await self.memory.commit(channel_id, self.memory.store.pause(game, options, deadline=deadline))
            self.memory.remember(game)
            return game

    async def end_pause(self, channel_id: int, version: int) -> Game | None:
        """End a game paused for too long (the timer's call), without a result; None if it moved on."""
        async with self.memory.lock(channel_id):
            game = await self.memory.current(channel_id)
            if game is None or game.version != version or game.options.paused_at is None:
                return None
            game = await self.memory.commit(channel_id, self.memory.store.abort_game(game))
            self.memory.remember(game)
            return game

    async def _hosted_game(self, channel_id: int, user_id: int, is_admin: bool) -> Game:
        """The channel's started game, if `user_id` hosts it (or `is_admin`); else the refusal."""
        game = await self.memory.game_in(channel_id)
        if game.state is None:
            raise NotStarted(Reason.NOT_STARTED)
        if user_id != computers.host_of(game) and not is_admin:
            raise NotHost(Reason.HOST_PAUSES, host=host_name(game))
        return game

    async def _set_stand_in(self, channel_id: int, game: Game, player: str, helper: StandIn | None) -> Game:
        """Store who plays `player`'s seat (None: its owner again); call under the channel's lock."""
        stand_ins = {k: v for k, v in game.options.stand_ins.items() if k != player}
        if helper is not None:
            stand_ins[player] = helper
        options = game.options.model_copy(update={"stand_ins": stand_ins})
        game = await self.memory.commit(channel_id, self.memory.store.update_options(game, options))
        self.memory.remember(game)
        return game

    async def hand_over_forgotten(self, channel_id: int, user_id: int) -> Game | None:
        """A person asked to be forgotten: a computer plays their seat in the channel's running game until
        it ends (nobody gives it back), and the host's say passes to the next person seated. None when the
        game does not hold them any more."""
        return await self.hand_over_for_good(channel_id, user_id, "forget")

    async def hand_over_for_good(self, channel_id: int, user_id: int, by: Literal["forget", "league"]) -> Game | None:
        """A computer plays `user_id`'s seat in the channel's running game until it ends (nobody gives it
        back): they asked to be forgotten, or withdrew from the game's league (`by`); the host's say passes
        to the next person seated. None when the game does not hold them any more."""
        async with self.memory.lock(channel_id):
            game = await self.memory.current(channel_id)
            if game is None or not game.is_running:
                return None
            seat = game.seat_of_user(user_id)
            if seat is None:
                return None
            helper = StandIn(level=computers.STAND_IN_LEVEL, by=by, back=False)
            stand_ins = {k: v for k, v in game.options.stand_ins.items() if k != seat.name} | {seat.name: helper}
            options = game.options.model_copy(update={"stand_ins": stand_ins})
            host = game.host_id
            if host == user_id:
                host = next((s.user_id for s in computers.people(game) if s.user_id != user_id), host)
            game = await self.memory.commit(channel_id, self.memory.store.update_options(game, options, host_id=host))
            self.memory.remember(game)
            return game

    async def end_departed(self, guild_id: int) -> list[Game]:
        """The bot left (or was removed from) a server: its lobbies close and its running games end
        without a result (nothing can be posted there any more). The games ended."""
        ended = []
        for brief in [b for b in self.memory.open_briefs() if b.guild_id == guild_id]:
            async with self.memory.lock(brief.channel_id):
                game = await self.memory.current(brief.channel_id)
                if game is None or game.guild_id != guild_id:
                    continue
                game = await self.memory.commit(brief.channel_id, self.memory.store.abort_game(game))
                self.memory.remember(game)
                await self.memory.store.outbox.drop_pending_posts(game.id)  # they can never be posted there
                ended.append(game)
        return ended
