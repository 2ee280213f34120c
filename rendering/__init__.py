"""Board, pit and scoring images of a game, drawn with Pillow.

    from rendering import render_board, render_pit, render_scoring
    png = render_board(state, viewer="alice")   # PNG bytes; what alice may not see is not drawn
    png = render_pit(state, "bob", viewer="alice")
    png = render_scoring(state)                 # every scored shift, and the end once it is over

Pure and synchronous (the bot calls these off the event loop) and deterministic: the same state
gives the same bytes. `rendering.layout.board_layout(state)` tells where each thing is drawn.
Seat colours, by seat: red, blue, green, purple (`SEAT_COLOURS`).
"""

from .board import render_board
from .palette import SEAT_COLOURS
from .pit import render_pit
from .scoring import render_scoring


def warm_up() -> None:
    """Make the palette and the backgrounds now (a third of a second), not during a first turn."""
    from rules import new_game

    for players in (2, 3, 4):
        render_board(new_game(["a", "b", "c", "d"][:players], 0))


__all__ = ["SEAT_COLOURS", "render_board", "render_pit", "render_scoring", "warm_up"]
