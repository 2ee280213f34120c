"""The web board in words: the page's own words, its status line, a mining step, the draw choice, and the
answers in Discord that open it."""

from __future__ import annotations

from bot.i18n import N_, _, pgettext
from bot.words import images, turns
from bot.words.common import marks
from bot.words.console import CAGE, CANCEL, CONFIRM, LOAD, NO_STEP, STORE, UNDO, fill_label
from bot.words.help import HELP
from bot.words.rules import CLOCK_NAMES, card_name, clock_names_of, colour_name, level_name, tile_name
from games import Game
from games.computers import is_computer, level_to_move
from rules import CageTo, ChooseDrawn, Fill, GameState, Load, MinePlanner
from rules.components import TILES

OPEN_BOARD = N_("Open the board")  # the button under a turn message
LINK = N_(
    "Your board of game {game}, for you alone: {link} — it opens once, within 10 minutes. Anyone with the"
    " link could play for you until then, so keep it to yourself."
)
OFF = N_("The web board is not set up on this bot: its operator turns it on (docs/operations.md).")

# the page's words (`page_words`): what the board writes besides the names of the pieces
PAGE = {
    "title": N_("Coal Baron — game {game}"),
    "your_turn": N_("Your turn."),
    "to_move": images.NEXT,
    "computer_thinking": N_("{player} (a computer) is thinking…"),
    "over": turns.OVER,
    "paused": N_("The game is paused."),
    "spectator": N_("You are watching: you have no seat in this game."),
    "reconnecting": N_("Reconnecting…"),
    "failed": N_("That did not work: try again."),
    "too_many": N_("Too many requests: wait a second, then try again."),
    "no_game": N_("There is no started game in this channel."),
    "signed_out": N_(
        "This board is not signed in: its link was used already or has expired. Ask for a new one with"
        " `/coal board link:true`."
    ),
    "deadline": N_("Until {time}"),
    "shift": N_("Shift {shift}"),
    "vp": turns.SCORING_KEY["total"],
    "marks": N_("Marks"),
    "orders": N_("Orders"),
    "delivered": N_("Delivered"),
    "storage": N_("Storage"),
    "bank": N_("Bank"),
    "canteen": N_("Canteen"),
    "clock": N_("Shift clock"),
    "pit": N_("Pit of {player}"),
    "space_choices": N_("Here you may:"),
    "nothing_here": N_("Nothing you may do here now."),
    "cost": N_("Costs you {workers}."),
    "mining": N_(
        "Mining {steps}. Steps left: {left} / {steps}. Tap a level, a colour or an order spot; nothing happens"
        " before Confirm."
    ),
    "plan": N_("Plan: {plan}"),
    "no_step": NO_STEP,
    "confirm": CONFIRM,
    "undo_step": UNDO,
    "cancel": CANCEL,
    "undo": N_("Undo my move"),
    "draw": N_("Keep one of the drawn items, or none; the rest go back on top of the deck or at the bottom."),
    "locked": N_("locked"),
    "workers_here": N_("Workers here: {workers}."),
    "board": N_("The board"),
    "players": N_("Players"),
    "player": N_("Player"),
    "you": N_("(you)"),
    "computer": N_("(computer)"),
    "in_hand": N_("Workers in hand"),
    "deck_count": N_("Deck: {count}"),
    "tiles_count": N_("Tiles light / dark: {light} / {dark}"),
    "close": N_("Close"),
    "scored_now": N_("Scores after this shift"),
    "first_second": N_("1st: {first} VP · 2nd: {second} VP"),
    "choose_step": N_("Which one?"),
    "sending": N_("Sending…"),
    "factory_group": N_("Minecart factory"),
    "mine_group": N_("Mining"),
    "deliver_group": N_("Delivery"),
    "money_group": N_("Money"),
    "order_group": N_("Order cards"),
    "your_pit": N_("Your pit"),
    "order_number": N_("Order {order}"),
    "empty_cart": N_("Empty cart"),
    "cart_with": N_("Cart with {cube}"),
    "cage_at": N_("The cage, {where}: {cubes}"),
    "nothing": N_("nothing"),
    "steps": N_("Steps: {steps}"),
    "winners": N_("Winner: {players}"),
    "drawn": N_("Drawn for you"),
    "draft_cards": N_("Order cards to draft"),
    "live": N_("Live"),
}


def page_words() -> dict[str, str]:
    """The page's words in the language being spoken (placeholders kept, filled by the page)."""
    return {key: _(text) for key, text in PAGE.items()}


def clock_names() -> list[str]:
    """The shift clock's elements in words, 1 to 12, in the language being spoken."""
    return clock_names_of(range(len(CLOCK_NAMES)))


# What a kind of worker space does, as the board's sheet says it when the space is tapped (in the board's
# own terms: no command, no option; `/coal help` says the same for the commands)
SPACE_HELP = {
    "factory": N_(
        "Buy this tunnel tile: 1, 2, 3 or 4 marks per yellow, brown, grey or black cart on it. Its carts arrive"
        " full of coal on the matching level of your pit. The draw space shows you alone the top 5 tiles: keep"
        " one you can pay for, or none."
    ),
    "mine": N_(
        "Mine with the work steps this space shows (4, 6, 8 or 10): tap a level to move the cage there, a cart"
        " at the cage's level to load"
        " one cube (the cage holds 5), and at the surface an order spot or the storage to put one cube there."
        " Two cubes of any colour may fill a spot (2 steps). Nothing happens before Confirm."
    ),
    "deliver": N_(
        "Deliver every complete order of yours for this vehicle: its VP at once, its cubes back to the supply,"
        " its card face down in front of you (it counts at every shift scoring)."
    ),
    "money": N_("Take the marks this space shows (3, 4, 5 or 6)."),
    "order": N_("Take this order card. The draw space shows you alone the top 5 cards: keep one, or none."),
    "bank": N_("Always open while you have a worker: exactly 1 worker for 1 mark."),
}


def help_topics() -> dict[str, str]:
    """What each kind of worker space does, and how the shifts are scored (the `/coal help` topic, which
    names no command), in the reader's words."""
    return {topic: _(text) for topic, text in SPACE_HELP.items()} | {"scoring": pgettext("help", HELP["scoring"])}


def status_line(game: Game, state: GameState, you: str | None, paused: bool) -> str:
    """Where the game stands, for the viewer: their turn, who is to move, over, paused."""
    if state.phase == "over":
        return _(PAGE["over"])
    if paused:
        return _(PAGE["paused"])
    mover = state.to_move or ""
    if you is not None and mover == you:
        return _(PAGE["your_turn"])
    seat = next((s for s in game.seats if s.name == mover), None)
    if seat is not None and (is_computer(seat.user_id) or level_to_move(game) is not None):
        return _(PAGE["computer_thinking"]).format(player=mover)  # (a page's text: no markdown to escape)
    return _(PAGE["to_move"]).format(player=mover)


def step_label(planner: MinePlanner, step: object) -> str:
    """A legal next mining step as the board shows it: "Cage grey", "Load grey", "Store grey", a fill."""
    if isinstance(step, CageTo):
        return _(CAGE).format(level=level_name(step.level))
    if isinstance(step, Load):
        return _(LOAD).format(colour=colour_name(step.colour))
    if isinstance(step, Fill):
        return fill_label(planner, step)
    return _(STORE).format(colour=colour_name(getattr(step, "colour", 0)))


def draw_label(state: GameState, action: ChooseDrawn) -> str:
    """A draw choice: what is kept (or nothing) and where the rest go."""
    pending = state.pending
    assert pending is not None
    rest = _(turns.REST_ON_TOP) if action.to == "top" else _(turns.REST_AT_BOTTOM)
    if action.pick is None:
        kept = turns.keep_none_label(state)
    elif pending.kind == "tile":
        item = pending.cards[action.pick - 1]
        kept = _(turns.KEEP_TILE).format(number=action.pick, tile=tile_name(item), price=marks(TILES[item].price))
    else:
        kept = _(turns.KEEP_CARD).format(number=action.pick, card=card_name(pending.cards[action.pick - 1]))
    return f"{kept} · {rest}"


def link(game_id: int, url: str) -> str:
    return _(LINK).format(game=game_id, link=url)
