"""The replay viewer in words: its header, each frame's line, its buttons and its menu."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, Np_, _
from bot.words.common import listing, sentences
from bot.words.rules import describe_event, describe_turn
from rules import Event, ShiftScored

REPLAY = N_("Replay")  # the button under the final scores
HEAD = N_("Replay of game {game} · frame {frame}/{frames}")
HEAD_RUNNING = N_("(the game is running: you see what your seat may see)")
HEAD_SPECTATOR = N_("(the game is running: you see what a spectator may see)")
START = N_("The table before the first move.")
MOVE = N_("Move {move} · shift {shift}: {what}")
FIRST = N_("First")
PREVIOUS = N_("Previous")
NEXT = N_("Next")
LAST = N_("Last")
JUMP = N_("Jump to a shift or a move")
JUMP_START = Np_("replay", "Start")  # a noun: the first frame, before any move
JUMP_SCORING = N_("End of shift {shift}")
JUMP_MOVE = N_("Move {move} · {player}")
PICK_GAME = N_("Replay a game")
CHOICE = N_("Game {game}: {players}")
NOT_DRAWN = N_("The board of this frame could not be drawn just now; try again.")


def frame_line(kind: str, move: int, shift: int, events: Sequence[Event]) -> str:
    """What a frame shows, in words: the start, a move (as the log says it, its shift's scoring left to
    the frame after it), or a shift's scoring."""
    if kind == "start":
        return _(START)
    if kind == "scoring":
        return sentences(describe_event(e) for e in events if isinstance(e, ShiftScored) and e.shift == shift)
    return _(MOVE).format(move=move, shift=shift, what=describe_turn(list(events)))


def head(game_id: int, frame: int, frames: int, seen: str) -> str:
    """The viewer's first line; `seen` "all", "seat" or "spectator" (during a game, what is hidden)."""
    line = _(HEAD).format(game=game_id, frame=frame + 1, frames=frames)
    if seen == "seat":
        line += " " + _(HEAD_RUNNING)
    elif seen == "spectator":
        line += " " + _(HEAD_SPECTATOR)
    return line


def choice_label(game_id: int, players: list[str]) -> str:
    """A game as the replay command's autocomplete and the history's menu offer it."""
    return _(CHOICE).format(game=game_id, players=listing(players))[:100]  # plain text: no markdown
