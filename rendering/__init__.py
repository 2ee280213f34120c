"""Board, turn, pit and scoring images of a game, drawn with Pillow.

    from rendering import last_move, render_turn, render_board, render_pit, render_scoring
    last = last_move(before, action, after)      # what the move used and changed
    png = render_turn(after, viewer="alice", last=last)  # the landscape turn image, PNG bytes
    png = render_board(state, viewer="alice")    # the full board with every pit (on request)
    png = render_pit(state, "bob", viewer="alice")
    png = render_scoring(state)                  # every scored shift, and the end once it is over

Pure and synchronous (the bot calls these off the event loop), thread-safe, and deterministic:
the same state gives the same bytes. What a viewer may not see is never drawn.
`rendering.turn_layout.turn_layout(state)` and `rendering.layout.board_layout(state)` tell where
each thing is drawn. Seat colours, by seat: red, blue, green, purple (`SEAT_COLOURS`).
"""

from .last_move import LastMove, last_move
from .palette import SEAT_COLOURS
from .render import render_board, render_pit, render_scoring, render_turn


def warm_up() -> None:
    """Draw a turn image for each table size once, so that the first real turn does not pay for the
    backgrounds and pieces drawn on first use (about 150 ms; later turns take a tenth of that)."""
    from rules import new_game

    for players in (2, 3, 4):
        render_turn(new_game([f"p{k}" for k in range(players)], seed=players))


__all__ = [
    "SEAT_COLOURS",
    "LastMove",
    "last_move",
    "render_board",
    "render_pit",
    "render_scoring",
    "render_turn",
    "warm_up",
]
