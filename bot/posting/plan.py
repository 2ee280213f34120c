"""A turn's post as data: the messages that tell a stored turn, in order, each with its words, image, buttons,
pings and nonce, worked out from the turn and what was read for it before (`TurnFacts`) — no Discord, no
database, the language passed (`plan_turn`). `bot.posting.publisher` reads the facts, then sends the plan.

A turn is told in one message, or in two when it scored a shift: the move (with its board), then the
scoring (with the scoring image, the buttons and the ping: the pinged player finds their board and buttons
last); a game's last turn is followed by the final scores, which ping the winners. Each message has its
place (`part`) among the turn's messages and a nonce named by the game, the version it tells and that
place (`send.nonce_of`): a message posted again after a crash is the first one, and the parts already in
the channel (`OutboxRow.parts`) are skipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.i18n import speaking
from bot.play import tutorial
from bot.posting.send import nonce_of
from bot.words import images, turns
from bot.words.common import sentences
from bot.words.rules import describe_shift_change
from games import TurnResult


@dataclass(frozen=True, slots=True)
class Image:
    """An image a message carries: the board of the turn, or a scoring (a shift's, the final one) with its key."""

    kind: Literal["board", "scoring"]
    alt: str  # its description for screen readers, in the game's language
    key: dict[str, str] | None = None  # a scoring image's key (its columns' words), in the game's language


@dataclass(frozen=True, slots=True)
class Buttons:
    """The components a message carries: the turn's (with Undo and the catch-up as said), or the final
    scores' (Rematch and Replay; a tutorial's way to a real game)."""

    kind: Literal["turn", "rematch", "lesson_end"]
    undo: int | None = None  # the Undo button, taking back this many computer moves with the person's own
    catch_up: bool = False  # "What happened since my last move" for a player to move who has been gone
    board: bool = False  # "Open the board" (the bot serves the web board)


@dataclass(frozen=True, slots=True)
class Message:
    """One channel message of a turn."""

    part: int  # its place among the turn's messages: 0, then 1
    text: str
    image: Image | None = None
    buttons: Buttons | None = None
    pings: tuple[int, ...] = ()
    nonce: str = ""


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """Every message of a turn, in order, and what follows them."""

    messages: tuple[Message, ...]
    over: bool  # the game ended with it: the buttons of its last turn message go before the final scores
    draw_choice_for: int | None = None  # the drawer who pressed: their private choice follows the messages

    def still_to_send(self, parts: int) -> tuple[Message, ...]:
        """The messages not in the channel yet, when the first `parts` are."""
        return tuple(m for m in self.messages if m.part >= parts)


@dataclass(frozen=True, slots=True)
class TurnFacts:
    """What a turn's plan needs beyond the stored turn, read in one place before it (`Publisher`)."""

    pings: tuple[int, ...] = ()  # whom the turn's message pings (`bot.posting.telling`, its direct messages sent)
    image: bool = True  # whether the board goes with the turn (the players' settings)
    lesson: str = ""  # a tutorial's explanations that come with this turn
    gone: bool = False  # the player to move has been gone: the catch-up button
    at_keyboard: int | None = None  # the person whose interaction the post answers
    board: bool = False  # the bot serves the web board: the turn's buttons open it too


def plan_turn(
    result: TurnResult,
    facts: TurnFacts,
    *,
    lang: str,
    version: int | None = None,
    said: str | None = None,
    undo: int | None = None,
    live: bool = True,
) -> TurnPlan:
    """The messages that tell `result` in `lang`. `version`: the version the messages tell (default the
    result's: a turn posted late tells an earlier one), which names their nonces; `said`: the words when
    they are not the result's own (several computer moves, or turns posted late, in one message); `undo`:
    the Undo button's count (None: none); `live`: False for a turn posted late before a later one, which
    goes without buttons."""
    game, state = result.game, result.state
    told = result.version if version is None else version
    over = state.phase == "over"
    scored = any(e.kind == "shift_scored" for e in result.events)
    with speaking(lang):
        what = said if said is not None else turns.what_happened(game, result.events)
        change = describe_shift_change(result.events)  # a new start player, the next shift
        nxt = turns.whose_turn(game)
        board = Image("board", images.board(state, sentences([what, change]))) if facts.image else None
        buttons = Buttons("turn", undo, facts.gone, facts.board) if live and not over else None
        messages: list[Message] = []
        if scored and not over:
            scoring = turns.shift_scored(result.events, state)
            key = turns.scoring_key()
            messages.append(Message(0, what, board, nonce=nonce_of(game.id, told, 0)))
            text = "\n".join(x for x in (scoring, change, facts.lesson, nxt) if x)
            image = Image("scoring", images.scoring(scoring), key)
            messages.append(Message(1, text, image, buttons, facts.pings, nonce_of(game.id, told, 1)))
        else:
            text = "\n".join(x for x in (sentences([what, change]), "" if over else facts.lesson, nxt) if x)
            messages.append(Message(0, text, board, buttons, facts.pings, nonce_of(game.id, told, 0)))
        if scored and over:  # the final scores, with the last shift's scoring in words (as the image shows it)
            last_shift = turns.shift_scored(result.events, state)
            final = turns.final_message(game, last_shift)
            described = turns.final_message(game, last_shift, mentions=False)  # names, not mentions
            image = Image("scoring", images.scoring(described), turns.scoring_key())
            ending = Buttons("rematch")
            if game.options.tutorial:  # the end explained, the learner's score line by line; then a real game
                final = "\n".join(x for x in (final, facts.lesson, tutorial.final_lesson(game)) if x)
                ending = Buttons("lesson_end")
            winners = tuple(u for i in state.winners if (u := game.user_of_player(state.players[i].name)) is not None)
            messages.append(Message(1, final, image, ending, winners, nonce_of(game.id, told, 1)))
    drawer = facts.at_keyboard if state.phase == "draw" and facts.at_keyboard == game.to_move_user else None
    return TurnPlan(tuple(messages), over and scored, drawer)
