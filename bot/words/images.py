"""What each image shows, in words, for screen readers: the description (alt text) Discord keeps with
an attachment, in the language of whoever the image is for."""

from __future__ import annotations

import re

from bot.i18n import N_, Np_, _, language
from bot.words.common import SENTENCE_GAP, marks, sentences, workers
from bot.words.console import pit_text
from bot.words.turns import OVER
from rules import GameState

LIMIT = 1024  # Discord's longest attachment description
# The board's description is sentences joined as the language joins them (`sentences`: no space after 。)
BOARD = N_("Coal Baron board, shift {shift} of 3.")
NEXT = N_("{player} is to move.")
SCORES = N_("Scores: {scores}.")
PLAYER = N_("{player} {vp} VP, {workers}, {marks}")
LIST_SEPARATOR = Np_("alt text", "; ")
SCORING = N_("Scoring. {scoring}")
PIT = N_("The pit of {player}. {pit}")


ENDS_A_SENTENCE = tuple(".!?…:)。！？：）」")


def _one_line(lines: list[str]) -> str:
    """A message's lines as one text for a screen reader: after a sentence the language's gap (none in
    Japanese), after a line that is not one (a list's line) the alt text's separator."""
    gap, separator = SENTENCE_GAP.get(language(), " "), _(LIST_SEPARATOR)
    text = ""
    for line in lines:
        text += ("" if not text else gap if text.endswith(ENDS_A_SENTENCE) else separator) + line
    return text


def _fit(text: str) -> str:
    """Plain text (no markdown, no escapes: a screen reader reads them out) within Discord's limit."""
    text = re.sub(r"\\(.)", r"\1", text.replace("**", ""))
    text = _one_line([" ".join(line.split()) for line in text.splitlines() if line.strip()])
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
    head = _(BOARD).format(shift=state.shift)
    return _fit(sentences([head, happened, nxt, _(SCORES).format(scores=scores)]))


def scoring(scored: str) -> str:
    """A scoring image: the scoring in words (the shift's gains, or the final scores)."""
    return _fit(_(SCORING).format(scoring=scored))


def pit(state: GameState, player: str) -> str:
    """A pit image: the pit in the words of the mining console."""
    seat = next(p for p in state.players if p.name == player)
    return _fit(_(PIT).format(player=player, pit=pit_text(seat)))
