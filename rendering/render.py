"""What the bot calls: each image as PNG bytes (the drawing modules return images; this one encodes)."""

from __future__ import annotations

from rules.scoring import Breakdown
from rules.state import GameState

from .board import board_image
from .last_move import LastMove
from .pit import pit_image
from .png import to_png
from .scoring import scoring_image
from .turn import turn_image


def render_board(state: GameState, viewer: str | None = None) -> bytes:
    """The full board with every pit (`/coal board full:true`), as `viewer` may see it."""
    return to_png(board_image(state, viewer))


def render_pit(state: GameState, player: str | int, viewer: str | None = None) -> bytes:
    """One player's pit, larger, with all their orders (`/coal pit`, "My pit")."""
    return to_png(pit_image(state, player, viewer))


def render_scoring(source: GameState | Breakdown, shift: int | None = None, key: dict[str, str] | None = None) -> bytes:
    """The scoring so far: the scored shifts (only `shift`, when given) and every total component,
    with the key of its columns in `key`'s words (`rendering.scoring.KEY_COLUMNS`), when given."""
    return to_png(scoring_image(source, shift, key))


def render_turn(state: GameState, viewer: str | None = None, last: LastMove | None = None) -> bytes:
    """The landscape turn image posted after every move, `last` (see `last_move`) marked."""
    return to_png(turn_image(state, viewer, last))
