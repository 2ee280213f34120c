"""The web board past one process: a move made on a board that another process owns is handed to its
owner, and every stored version reaches every process's open boards (PostgreSQL's LISTEN/NOTIFY,
`storage.notices`).

With several bot processes over one PostgreSQL (`SHARD_COUNT`, `SHARD_IDS`) a game belongs to the process
whose shards hold its server (`games.shards`): only it applies the game's moves. Any process serves any
board (one address, one Activity URL mapping, any process behind the proxy): it reads the game as stored,
and a move or an undo of a game it does not own is sent on `MOVES` with a request id; the owner plays it
by the same path as its own board's moves and answers on `ANSWERS`. The owner tells each stored version on
`VERSIONS`; every other process pushes it to its open boards of that channel (`BoardServer`).

While the notices' connection is lost (PostgreSQL restarted) a handed move is refused at once
(`Unavailable`: the page says to try again); once it is back, every open board reads its game again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from storage.notices import NoticeFailed, Notices

log = logging.getLogger("coalbaron")

MOVES = "coal_board_moves"  # {id, from, guild, channel, user, kind: move|undo, action, version, lang}
ANSWERS = "coal_board_answers"  # {id, to, version} or {id, to, refused}
VERSIONS = "coal_board_versions"  # {from, channel, version, status}
HAND_SECONDS = 10.0  # how long a handed move waits for its owner's answer


class Unavailable(Exception):
    """The game's owner did not answer (down, or the notices' connection is being opened again)."""


Handler = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]


class Relay:
    """This process's side of the relay. `owns(guild_id)`: whether this process applies that server's moves;
    `play(request)`: plays a handed move here and gives the answer; `version(channel, version, status)`:
    another process stored a game; `lost()`: the connection came back, versions may have been missed."""

    def __init__(
        self,
        url: str,
        *,
        owns: Callable[[int], bool],
        play: Handler,
        version: Callable[[int, int, str], None],
        lost: Callable[[], None],
    ) -> None:
        self.owns = owns
        self.play = play
        self.version = version
        self.me = secrets.token_hex(8)  # this process, in payloads: its own versions are skipped
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        channels = {MOVES: self._moved, ANSWERS: self._answered, VERSIONS: self._stored}
        self.notices = Notices(url, channels, lost=self._cut, back=lost)

    async def start(self) -> None:
        await self.notices.open()

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await self.notices.close()

    def _cut(self) -> None:
        for future in self._waiting.values():  # their answers could come on the lost connection only
            if not future.done():
                future.set_exception(Unavailable())

    async def _notify(self, channel: str, message: dict[str, Any]) -> None:
        try:
            await self.notices.send(channel, json.dumps(message))
        except NoticeFailed:
            raise Unavailable() from None

    # --- a move handed to its owner ------------------------------------------------------------------------

    async def hand(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send a move (or an undo) of a game of server `request["guild"]` to the process that owns it; its
        answer: `{"version": n}` (played and stored there, posted by it) or `{"refused": sentence}`."""
        request_id = secrets.token_hex(12)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = future
        try:
            await self._notify(MOVES, {**request, "id": request_id, "from": self.me})
            return await asyncio.wait_for(future, HAND_SECONDS)
        except TimeoutError:
            raise Unavailable() from None
        finally:
            self._waiting.pop(request_id, None)

    def _moved(self, payload: str) -> None:
        request = _read(payload)
        if request is None or not isinstance(request.get("guild"), int) or not self.owns(request["guild"]):
            return
        self._spawn(self._play(request))

    async def _play(self, request: dict[str, Any]) -> None:
        try:
            answer = await self.play(request)
        except Exception:
            log.exception("web board: a move handed by another process failed here")
            return  # the sender's wait runs out: the page says to try again
        with contextlib.suppress(Unavailable):
            await self._notify(ANSWERS, {**answer, "id": request.get("id"), "to": request.get("from")})

    def _answered(self, payload: str) -> None:
        answer = _read(payload)
        if answer is None or answer.get("to") != self.me:
            return
        future = self._waiting.get(str(answer.pop("id", "")))
        if future is not None and not future.done():
            answer.pop("to", None)
            future.set_result(answer)

    # --- versions --------------------------------------------------------------------------------------------

    def tell(self, channel_id: int, version: int, status: str) -> None:
        """A game this process stored: the other processes' boards of that channel are told."""
        message = {"from": self.me, "channel": channel_id, "version": version, "status": status}
        self._spawn(self._tell(message))

    async def _tell(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(Unavailable):
            await self._notify(VERSIONS, message)

    def _stored(self, payload: str) -> None:
        message = _read(payload)
        if message is None or message.get("from") == self.me:
            return
        channel, version = message.get("channel"), message.get("version")
        if isinstance(channel, int) and isinstance(version, int):
            self.version(channel, version, str(message.get("status", "")))

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _read(payload: str) -> dict[str, Any] | None:
    try:
        message = json.loads(payload)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None
