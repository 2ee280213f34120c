"""Posts that reached Discord, marked in the database by the next turn's commit: one commit a move.

When a turn's post reaches its channel, the turn's outbox rows are marked posted. Committing that
mark on its own would cost every move a second commit. Instead the mark waits here ("every post of
game G up to version V reached the channel") and rides on the next turn the store saves, of any
game, in that turn's transaction; if no turn comes within `FLUSH_SECONDS`, it is committed alone.
Until it is committed, the store already treats those rows as posted (`hides`), so this process
never posts them twice.

A process that dies before the mark is committed leaves the rows pending in the database: the next
start finds the turn in its channel (`bot.publisher`) instead of posting it a second time.

`clean_before(game, seq)` says whether every post of a game before `seq` is known to have been
posted, so that posting a turn need not read the outbox to find earlier ones still pending.
"""

from __future__ import annotations

from .backend import Statement
from .models import OutboxRow

FLUSH_SECONDS = 1.0  # the longest a mark waits for a turn to ride on before it is committed alone
KNOWN_GAMES = 10_000  # games whose posted version is remembered (forgotten: their outbox is read again)

MARK_SQL = "UPDATE outbox SET posted_at = ?, payload = '{}' WHERE game_id = ? AND seq <= ? AND posted_at IS NULL"


class PostedMarks:
    """Marks waiting for a commit, and what this process knows was posted."""

    def __init__(self) -> None:
        self._waiting: dict[int, int] = {}  # game id -> every post up to this version reached Discord
        self._posted: dict[int, int] = {}  # game id -> the same, committed or waiting (most recent games)

    def __len__(self) -> int:
        return len(self._waiting)

    def add(self, game_id: int, seq: int) -> None:
        """Every post of `game_id` up to `seq` reached its channel (the ones before it first)."""
        if seq > self._waiting.get(game_id, -1):
            self._waiting[game_id] = seq
        if seq > self._posted.get(game_id, -1):
            self._posted.pop(game_id, None)  # most recent last: the oldest go first when there are too many
            self._posted[game_id] = seq
            if len(self._posted) > KNOWN_GAMES:
                del self._posted[next(iter(self._posted))]

    def take(self) -> dict[int, int]:
        """The marks waiting, handed to a transaction (given back with `put_back` if it fails)."""
        marks, self._waiting = self._waiting, {}
        return marks

    def put_back(self, marks: dict[int, int]) -> None:
        """Marks whose transaction failed: they wait for the next one."""
        for game_id, seq in marks.items():
            if seq > self._waiting.get(game_id, -1):
                self._waiting[game_id] = seq

    def hides(self, row: OutboxRow) -> bool:
        """Whether `row` is posted though the database does not say so yet."""
        return row.seq <= self._waiting.get(row.game_id, -1)

    def clean_before(self, game_id: int, seq: int) -> bool:
        """Whether every post of `game_id` before version `seq` is known to have reached Discord."""
        return self._posted.get(game_id, -1) >= seq - 1

    def forget(self, game_id: int) -> None:
        """A game whose pending posts were dropped or failed: its outbox is read again next time."""
        self._posted.pop(game_id, None)

    @staticmethod
    def statement(marks: dict[int, int], now: float) -> Statement:
        """The UPDATE that commits `marks` (with the transaction it rides on, or alone)."""
        return Statement(MARK_SQL, [(now, game_id, seq) for game_id, seq in marks.items()], many=True)
