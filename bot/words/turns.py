"""A turn in words: what happened, who is next, the timer's notes, the final scores, draw choices."""

from __future__ import annotations

from bot.i18n import N_, Nn_, _
from bot.words.common import AND, due, listing, marks, mention, plural, seat_of, shown
from bot.words.computers import computer_move, thinking
from bot.words.lobby import BEGINS, seat_line
from bot.words.rules import REFUSALS, card_name, describe_turn, tile_name
from games.computers import level_of, level_to_move
from rules import Event, GameState, RulesReason, ShiftScored
from rules.components import TILES
from storage import Game

DRAFT_TURN = N_("{who}, your pick of an order card — use the menu below or `/coal draft`.")
CHOOSING = {
    "tile": N_("{who} is choosing among the drawn tiles (only they can see them)."),
    "order": N_("{who} is choosing among the drawn order cards (only they can see them)."),
}
YOUR_TURN = N_("{who}, your turn — {workers_left}.")
WORKERS_LEFT = Nn_("{n} worker left", "{n} workers left")
GAME_OVER = {
    "wins": N_("**Game over.** {winners} wins! Final scores: {scores}."),
    "share": N_("**Game over.** {winners} share the victory! Final scores: {scores}."),
}
SCORE = N_("{player} {vp} VP")
SHIFT_SCORED = N_("Shift {shift} is scored: {scores}.")
SHIFT_GAIN = N_("{player} +{gain} (now {vp} VP)")
FINAL_LINE = N_("{player} {vp} VP — end of game: {marks}, {cubes}, {orders}, {balance}")
# Each part of the final line is one plural message, the number and its words together: a
# count next to a fixed word ("1 left over", "für 1 offener Auftrag") cannot agree.
FINAL_MARKS = Nn_("{vp} for marks ({n} mark left over)", "{vp} for marks ({n} marks left over)")
FINAL_CUBES = Nn_("{vp} for {n} cube", "{vp} for {n} cubes")
FINAL_ORDERS = Nn_("{vp} for {n} order left", "{vp} for {n} orders left")
FINAL_BALANCE = N_("{vp} tunnel balance ({light}, {dark})")
LIGHT_TILES = Nn_("{n} light tile", "{n} light tiles")
DARK_TILES = Nn_("{n} dark tile", "{n} dark tiles")
# The key under the scoring image's totals, column by column (rendering.scoring.KEY_COLUMNS): short.
SCORING_KEY = {
    "deliveries": N_("delivered orders"),
    "shifts": N_("shift scorings"),
    "marks": N_("marks (+ left over)"),
    "cubes": N_("coal (cubes left)"),
    "orders": N_("orders not delivered"),
    "balance": N_("tunnel balance (light|dark)"),
    "total": N_("VP"),
}
REMINDER = N_("{who}, your turn ends {due}.")
REMATCH = N_("Rematch")
TURN_ENDS = N_("{line} The turn ends {due}.")  # after "alice, your turn — 3 workers left." in a timed game
TIMER_MOVED = {
    "draft": N_("⏰ Time ran out for {player}: the timer took the card with the most VP for them."),
    "draw": N_("⏰ Time ran out for {player}: the timer kept nothing and put the rest at the bottom for them."),
    "bank": N_("⏰ Time ran out for {player}: the timer placed a worker on the bank for them."),
}
ABSENT = Nn_(
    " {player} has missed {n} turn in a row and is marked absent; the host may `/coal host abort`.",
    " {player} has missed {n} turns in a row and is marked absent; the host may `/coal host abort`.",
)

# Under a turn message
MY_PIT = N_("My pit")
UNDO = N_("Undo")
UNDO_WITH_REPLIES = Nn_("Undo (and {n} computer move)", "Undo (and {n} computer moves)")
LEGAL_ACTIONS = N_("Legal actions")
PICK_PLACEHOLDER = N_("{player}: pick an order card")
SHOW_DRAWN_TILES = N_("Show my drawn tiles")
SHOW_DRAWN_CARDS = N_("Show my drawn cards")

# Private answers
BOARD_NOW = N_("The board now:")
NOT_PLAYING_BOARD = N_("You are not playing in this game; here is the board.")
PITS_OF = N_("The pit of {player}:")
NOT_STARTED = N_("The game has not started yet.")
OVER = REFUSALS[RulesReason.GAME_OVER]  # the same sentence, where a game that ended is shown
THEIR_TURN = N_("It is the turn of {player}.")
CHOOSE_DRAWN_FIRST = N_("Choose among your drawn items first: press the button under the turn message.")
LEGAL_LINE = N_("• `{usage}` — {label}")
WHAT_YOU_MAY_DO = N_("What you may do now:\n{lines}")

# The private draw choice
DRAWN_TILE = N_("{number}. {tile} — {price}")
DRAWN_CARD = N_("{number}. {card}")
KEEP_NONE = {"tile": N_("Keep no tile"), "order": N_("Keep no order card")}
KEEP_TILE = N_("Keep {number}: {tile} — {price}")
KEEP_CARD = N_("Keep {number}: {card}")
KEEP_TILE_EMPTY = N_("Keep {number}: {tile} — {price}, short carts left empty")
DRAW_CHOICE = {
    "tile": N_("Choose the tile to keep (or none), then where the rest go, all together:\n{items}"),
    "order": N_("Choose the order card to keep (or none), then where the rest go, all together:\n{items}"),
}
YOUR_MARKS = N_("You have {marks}.")
REST_ON_TOP = N_("Rest on top")
REST_AT_BOTTOM = N_("Rest at the bottom")
KEPT_NOTHING = {
    "top": N_("You kept nothing; the rest went to the top."),
    "bottom": N_("You kept nothing; the rest went to the bottom."),
}
KEPT_ITEM = {
    "top": N_("You kept item {pick}; the rest went to the top."),
    "bottom": N_("You kept item {pick}; the rest went to the bottom."),
}


def whose_turn(game: Game) -> str:
    """The line that pings the player whose decision is pending."""
    state = game.state
    if state is None or state.to_move is None:
        return ""
    if level_to_move(game) is not None:  # a computer moves at once: nobody to ping
        return thinking(state.to_move)
    who = mention(game.to_move_user)
    if state.phase == "draft":
        return _(DRAFT_TURN).format(who=who)
    if state.phase == "draw":
        assert state.pending is not None
        return _(CHOOSING[state.pending.kind]).format(who=who)
    player = state.players[state.current]
    line = _(YOUR_TURN).format(who=who, workers_left=plural(player.workers, *WORKERS_LEFT))
    return _(TURN_ENDS).format(line=line, due=due(game.deadline)) if game.deadline else line


def what_happened(game: Game, events: list[Event]) -> str:
    """What happened in the action, marked as a computer's when one made it (without the scoring, the
    new start player and the shift that begins: `describe_shift_change`, said after the scoring)."""
    said = describe_turn(events, shift_change=False)
    mover = next((getattr(e, "player", None) for e in events), None)
    seat = next((s for s in game.seats if s.name == mover), None)
    return computer_move(said) if said and seat is not None and level_of(game, seat) is not None else said


def shift_scored(events: list[Event], state: GameState) -> str:
    """The last shift scoring among the events: each player's gain and total after it."""
    scored = [e for e in events if isinstance(e, ShiftScored)][-1]
    totals = {p.name: p.vp for p in state.players}
    gains = listing(_(SHIFT_GAIN).format(player=shown(g.player), gain=g.vp, vp=totals[g.player]) for g in scored.gains)
    return _(SHIFT_SCORED).format(shift=scored.shift, scores=gains)


def begins(game: Game, lesson: str = "") -> str:
    """The first message of a game: seats, start player, (a tutorial's first explanations,) the first pick."""
    state = game.started_state
    last = "\n".join(x for x in (lesson, whose_turn(game)) if x)
    return _(BEGINS).format(
        seats=seat_line(game), start_player=shown(state.players[state.start_player].name), whose_turn=last
    )


def final_message(game: Game, last_shift: str = "", *, mentions: bool = True) -> str:
    """The final scores: who won, then `last_shift` (the third shift's scoring in words, when the last move
    scored it), then each player's end-of-game points. Without `mentions` the winners are their names only
    (an image's description: a screen reader would read a mention's digits)."""
    state = game.started_state
    seated = [state.players[i].name for i in state.winners]
    winners = [seat_of(game.user_of_player(n), n) if mentions else shown(n) for n in seated]
    scores = listing(_(SCORE).format(player=shown(p.name), vp=p.vp) for p in state.players)
    head = _(GAME_OVER["share" if len(winners) > 1 else "wins"]).format(winners=_(AND).join(winners), scores=scores)
    lines = [head, last_shift] if last_shift else [head]
    for p, f in zip(state.players, state.final or [], strict=False):  # the image shows these as icons only
        lines.append(
            _(FINAL_LINE).format(
                player=shown(p.name),
                vp=p.vp,
                marks=plural(f.marks_left, *FINAL_MARKS, vp=f.marks_vp),
                cubes=plural(f.cubes, *FINAL_CUBES, vp=f.cubes_vp),
                orders=plural(f.orders_left, *FINAL_ORDERS, vp=f.orders_vp),
                balance=_(FINAL_BALANCE).format(
                    vp=f.balance_vp, light=plural(f.light_tiles, *LIGHT_TILES), dark=plural(f.dark_tiles, *DARK_TILES)
                ),
            )
        )
    return "\n".join(lines)


def scoring_key() -> dict[str, str]:
    """The scoring image's key, in the language being spoken."""
    return {col: _(text) for col, text in SCORING_KEY.items()}


def undo_label(replies: int) -> str:
    """The Undo button's label: with how many computer moves after the person's it takes back."""
    return plural(replies, *UNDO_WITH_REPLIES) if replies else _(UNDO)


def reminder(user_id: int | None, deadline: float) -> str:
    return _(REMINDER).format(who=mention(user_id), due=due(deadline))


def timer_moved(player: str, phase: str, missed: int, absent: bool) -> str:
    """The note before a move the timer made for a player."""
    player = shown(player)
    note = _(TIMER_MOVED[phase if phase in ("draft", "draw") else "bank"]).format(player=player)
    return note + (plural(missed, *ABSENT, player=player) if absent else "")


def drawn_lines(state: GameState) -> list[str]:
    """The drawn tiles or cards, numbered, for the actor's private choice."""
    pending = state.pending
    assert pending is not None
    if pending.kind == "tile":
        return [
            _(DRAWN_TILE).format(number=k, tile=tile_name(t), price=marks(TILES[t].price))
            for k, t in enumerate(pending.cards, start=1)
        ]
    return [_(DRAWN_CARD).format(number=k, card=card_name(c)) for k, c in enumerate(pending.cards, start=1)]


def draw_choice_text(state: GameState) -> str:
    pending = state.pending
    assert pending is not None
    me = state.players[state.current]
    text = _(DRAW_CHOICE[pending.kind]).format(items="\n".join(drawn_lines(state)))
    return text + ("\n" + _(YOUR_MARKS).format(marks=marks(me.marks)) if pending.kind == "tile" else "")


def keep_label(state: GameState, number: int, item: int) -> str:
    assert state.pending is not None
    if state.pending.kind == "tile":
        return _(KEEP_TILE).format(number=number, tile=tile_name(item), price=marks(TILES[item].price))
    return _(KEEP_CARD).format(number=number, card=card_name(item))


def keep_empty_label(number: int, item: int) -> str:
    """Keep a tile with the carts the supply cannot fill left empty (R-FAC-2)."""
    return _(KEEP_TILE_EMPTY).format(number=number, tile=tile_name(item), price=marks(TILES[item].price))


def keep_none_label(state: GameState) -> str:
    assert state.pending is not None
    return _(KEEP_NONE[state.pending.kind])


def kept(pick: int | None, to: str) -> str:
    if pick is None:
        return _(KEPT_NOTHING[to])
    return _(KEPT_ITEM[to]).format(pick=pick)
