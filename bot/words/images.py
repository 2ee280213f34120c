"""What each image shows, in words, for screen readers: the description (alt text) Discord keeps with
an attachment, in the language of whoever the image is for."""

from __future__ import annotations

import re

from bot.i18n import N_, _
from bot.words.common import marks, workers
from bot.words.console import pit_text
from rules import GameState

LIMIT = 1024  # Discord's longest attachment description
BOARD = N_("Coal Baron board, shift {shift} of 3. {happened}{next}Scores: {scores}.")
NEXT = N_("{player} is to move. ")
OVER = N_("The game is over. ")
PLAYER = N_("{player} {vp} VP, {workers}, {marks}")
LIST_SEPARATOR = N_("; ")
SCORING = N_("Scoring. {scoring}")
PIT = N_("The pit of {player}. {pit}")


def _fit(text: str) -> str:
    """Plain text (no markdown, no escapes: a screen reader reads them out) within Discord's limit."""
    text = re.sub(r"\\(.)", r"\1", text.replace("**", ""))
    text = " ".join(text.split())
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def board(state: GameState, happened: str = "") -> str:
    """The turn image (or the board on request): the shift, the move just made, who is to move, and
    each player's VP, workers and marks."""
    if state.phase == "over":
        nxt = _(OVER)
    elif state.to_move is not None:
        nxt = _(NEXT).format(player=state.to_move)
    else:
        nxt = ""
    scores = _(LIST_SEPARATOR).join(
        _(PLAYER).format(player=p.name, vp=p.vp, workers=workers(p.workers), marks=marks(p.marks))
        for p in state.players
    )
    said = f"{happened} " if happened else ""
    return _fit(_(BOARD).format(shift=state.shift, happened=said, next=nxt, scores=scores))


def scoring(scored: str) -> str:
    """A scoring image: the scoring in words (the shift's gains, or the final scores)."""
    return _fit(_(SCORING).format(scoring=scored))


def pit(state: GameState, player: str) -> str:
    """A pit image: the pit in the words of the mining console."""
    seat = next(p for p in state.players if p.name == player)
    return _fit(_(PIT).format(player=player, pit=pit_text(seat)))
