"""The words of the bot: turn announcements, status, the log, help topics.

Images carry no words (they are language-neutral). The rules' events and refusals are
put in words by `bot.words.rules`; the rest of what a player reads is written here.
"""

from __future__ import annotations

from rules import Event, GameState, Player
from rules.components import COLOUR_NAMES, LEVEL_NAMES, ORDER_CARDS, TILES
from storage import GameRow, LogRow

from .words.rules import card_name, describe_turn, tile_name

ABSENT_AFTER = 3  # turns the timer took in a row before a player shows as absent

DM_REFUSAL = "Coal Baron games are played in server channels. Use `/coal new` in a channel of your server."


def mention(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id else "someone"


def workers_left(n: int) -> str:
    return "1 worker left" if n == 1 else f"{n} workers left"


def whose_turn(game: GameRow) -> str:
    """The line that pings the player whose decision is pending."""
    state = game.state
    if state is None or state.to_move is None:
        return ""
    who = mention(game.to_move_user)
    if state.phase == "draft":
        return f"{who}, your pick of an order card — use the menu below or `/coal draft`."
    if state.phase == "draw":
        what = "tiles" if state.pending.kind == "tile" else "order cards"
        return f"{who} is choosing among the drawn {what} (only they can see them)."
    player = state.players[state.current]
    return f"{who}, your turn — {workers_left(player.workers)}."


def turn_message(game: GameRow, events: list[Event]) -> str:
    """What happened in the action, then who is next."""
    lines = [describe_turn(events)]
    if any(e.kind == "shift_scored" for e in events) and game.state and game.state.phase != "over":
        lines.append(f"Shift {game.state.shift} begins.")
    nxt = whose_turn(game)
    if nxt:
        lines.append(nxt)
    return "\n".join(line for line in lines if line)


def seat_line(game: GameRow) -> str:
    return "\n".join(f"{s.seat + 1}. {mention(s.user_id)} ({s.colour})" for s in game.seats)


def lobby_message(game: GameRow) -> str:
    opts = game.options
    timer = "no turn timer" if opts.timer == "none" else f"{opts.timer} per turn"
    delivered = "delivered orders public" if opts.delivered == "all" else "delivered orders face down"
    if game.status == "lobby":
        head = f"**Coal Baron** lobby ({len(game.seats)}/4 seats; {timer}; {delivered})."
        tail = "Join with the button or `/coal join`; the host starts with 2 to 4 players."
    elif game.status == "aborted":
        head, tail = "This Coal Baron lobby was closed.", ""
    else:
        head, tail = f"**Coal Baron** has started ({timer}; {delivered}).", ""
    return "\n".join(x for x in (head, seat_line(game), tail) if x)


def status_message(game: GameRow, now: float) -> str:
    state = game.state
    if state is None:
        return lobby_message(game)
    lines = []
    if state.phase == "over":
        winners = " and ".join(state.players[i].name for i in state.winners)
        lines.append(f"The game is over. Winner: {winners}.")
    elif state.phase == "draft":
        lines.append(f"Opening draft · {state.to_move} picks.")
    else:
        lines.append(f"Shift {state.shift} of 3 · {state.to_move} to move.")
    if game.deadline and state.phase != "over":
        lines.append(f"Turn timer {game.options.timer}: {duration(game.deadline - now)} left.")
    lines.append(f"Start player: {state.players[state.start_player].name}.")
    for seat, p in enumerate(state.players):
        row = game.seats[seat]
        absent = f" — absent (missed {row.missed} turns)" if row.missed >= ABSENT_AFTER else ""
        lines.append(f"• {p.name} ({row.colour}): {p.workers} workers, {p.marks} marks, {p.vp} VP{absent}")
    lines.append(f"Decks: {len(state.tile_deck)} tiles, {len(state.order_deck)} order cards.")
    return "\n".join(lines)


def duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes = rest // 60
    if hours:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    return f"{minutes} min" if minutes else "less than a minute"


def log_message(rows: list[LogRow]) -> str:
    if not rows:
        return "No action has been taken yet."
    lines = []
    for row in rows:
        how = " (timer)" if row.auto else ""
        lines.append(f"{row.seq}. {row.summary or row.player + ': ' + row.action}{how}")
    return "\n".join(lines)


def order_text(p: Player) -> list[str]:
    """Outstanding orders numbered as plans use them: "1. carriage 9 VP — 1.1 black (empty), ..."."""
    lines = []
    for k, order in enumerate(p.orders, start=1):
        card = ORDER_CARDS[order.card]
        spots = []
        for s, (want, cubes) in enumerate(zip(card.spots, order.spots, strict=True), start=1):
            filled = "+".join(COLOUR_NAMES[c] for c in cubes) if cubes else "empty"
            spots.append(f"{k}.{s} {COLOUR_NAMES[want]} ({filled})")
        lines.append(f"{k}. {card.vehicle_name} {card.vp} VP — " + ", ".join(spots))
    return lines


def pit_text(p: Player) -> str:
    """A player's pit in words, for the mining console."""
    carts = []
    for level, level_carts in enumerate(p.carts):
        cubes = [COLOUR_NAMES[c] for c in level_carts if c >= 0]
        held = ", ".join(cubes) if cubes else "no coal"
        carts.append(f"{COLOUR_NAMES[level]} level {len(level_carts)} cart(s): {held}")
    cage = ", ".join(f"{n} {COLOUR_NAMES[c]}" for c, n in enumerate(p.cage) if n) or "nothing"
    storage = ", ".join(f"{n} {COLOUR_NAMES[c]}" for c, n in enumerate(p.storage) if n) or "nothing"
    lines = [
        f"Cage at {LEVEL_NAMES[p.cage_level]}, holding {cage}. Storage: {storage}.",
        "Carts — " + "; ".join(carts) + ".",
    ]
    orders = order_text(p)
    lines += ["Orders:", *orders] if orders else ["No outstanding order."]
    return "\n".join(lines)


def drawn_lines(state: GameState) -> list[str]:
    """The drawn tiles or cards, numbered, for the actor's private choice."""
    pending = state.pending
    if pending.kind == "tile":
        return [f"{k}. {tile_name(t)} — {TILES[t].price} marks" for k, t in enumerate(pending.cards, start=1)]
    return [f"{k}. {card_name(c)}" for k, c in enumerate(pending.cards, start=1)]


HELP: dict[str, str] = {
    "overview": (
        "**Coal Baron** — 3 shifts. On your turn place workers on one space and take its action: "
        "an empty space takes 1 worker; a space with N workers takes N + 1 and sends those N to the canteen. "
        "Buy tunnel tiles (`/coal factory`), mine coal onto your orders (`/coal mine`), deliver complete orders "
        "(`/coal deliver`), take money (`/coal money`) or orders (`/coal order`), "
        "or 1 mark at the bank (`/coal bank`). "
        "A shift ends when all workers are placed; majorities on the shift clock score. "
        "`/coal help topic:` factory, mine, plan, deliver, money, order, bank, scoring."
    ),
    "factory": (
        "`/coal factory space:` 1–8 buys that tunnel tile: pay 1/2/3/4 marks per yellow/brown/grey/black cart; "
        "the carts arrive full of coal on your pit's matching level (light or dark side). "
        "`space:draw` shows you alone the top 5 tiles: keep one you can pay for (or none), "
        "the rest go back on top or at the bottom."
    ),
    "mine": (
        "`/coal mine steps:` 4, 6, 8 or 10 work steps. Without `plan` a private mining console opens: "
        "press steps one by one, Undo, then Confirm (nothing happens before Confirm; Cancel places no workers). "
        "Each step: move the cage up or down (any distance), load 1 cube from a cart at the cage's level "
        "(the cage holds 5), at the surface put 1 cube on a matching order spot or into storage, "
        "or put 1 cube from storage on an order. Two cubes of any colour may fill a spot (2 steps)."
    ),
    "plan": (
        "`plan` is a comma-separated list of steps: `cage L` (surface, yellow, brown, grey, black), `load C`, "
        "`fill O.S C` (order O as numbered in `/coal pit`, spot S), `fill O.S C+C` (two cubes, 2 steps), "
        "`store C`, `fill O.S C from storage`. Example: `/coal mine steps:8 plan:cage grey, load grey, "
        "load grey, cage surface, fill 1.1 grey, fill 1.2 grey`."
    ),
    "deliver": (
        "`/coal deliver vehicle:` delivers **all** your complete orders of that vehicle: their VP at once, "
        "their cubes back to the supply, the cards face down in front of you (they count at every shift scoring)."
    ),
    "money": "`/coal money amount:` 3, 4, 5 or 6 marks.",
    "order": (
        "`/coal order space:` 1–4 takes that order card. `space:draw` shows you alone the top 5 cards: "
        "keep one (or none), the rest go back on top or at the bottom."
    ),
    "bank": "`/coal bank`: always possible while you have a worker — exactly 1 worker, 1 mark.",
    "scoring": (
        "After shift 1 the clock scores elements 1–4 (delivered yellow, brown, grey, black spots), after shift 2 "
        "also 5–8 (spots delivered by wheelbarrow, carriage, truck, train), after shift 3 also 9–12 (empty carts "
        "per level). Majorities get first/second place VP; ties share first and then nobody is second; with 2 "
        "players there is no second place. The game ends with: 1 VP per 5 marks, 1 VP per 3 cubes, −1 VP per "
        "outstanding order, −2 VP per tile of difference between your light and dark sides."
    ),
}
