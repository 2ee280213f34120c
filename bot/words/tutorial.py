"""The guided first game in words: each topic's explanation (at most three sentences, the rulebooks'
terms), the mining console's walk-through, the "Why?" answer and the final score explained line by line.

Every explanation is one whole catalogue message: a translator writes the sentences as their language
says them, nothing is pasted into a frame but numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, _
from bot.words.choices import action_usage
from bot.words.common import sentences
from bot.words.computers import effects, final_margin, reason_in_game_terms
from players import Hint
from rules import GameState

HEAD = N_("📘 **Learning Coal Baron**")
LESSONS = {
    "welcome": N_(
        "Welcome to your first game of Coal Baron, against an easy computer. Explanations like this one come"
        " one at a time, before you can use a thing or the first time it happens; under each of your turns,"
        " **Why?** shows the expert's best move for you, and **Undo** takes back any move of yours."
    ),
    "draft": N_(
        "**The draft.** Order cards are your goals: each asks for coal of given colours and is delivered"
        " by its vehicle for its VP. Pick three, one at a time, from the menu under the board."
    ),
    "spaces": N_(
        "**Your turn.** Place workers on one worker space: the minecart factory, mining, delivery, money,"
        " new order or the bank. An empty space takes one worker; a shift ends when everyone has placed"
        " all their workers."
    ),
    "factory": N_(
        "**The minecart factory.** Buy a tunnel tile for marks: its carts bring new coal into your pit,"
        " on the level of its colour. Each tile lies on its light or dark side; at the end, each tile of"
        " difference between the two sides costs 2 VP."
    ),
    "draw": N_(
        "**A draw space.** Look at the top five tunnel tiles or order cards, keep at most one, and put"
        " the rest back on top of the deck or at the bottom. Only you see the five."
    ),
    "mine": N_(
        "**Mining.** A mining space gives you the work steps it shows (4, 6, 8 or 10): move the cage down to a"
        " level, load coal"
        " from its carts into the cage (five at most), and bring it up to the surface. Each move of the"
        " cage and each cube moved costs one step; unused steps are lost."
    ),
    "store": N_(
        "**Storage.** Coal in the cage at the surface may go into your storage, which holds any number;"
        " from there it fills an order spot later, wherever the cage is."
    ),
    "fill": N_(
        "**Filling an order.** At the surface, a cube goes onto a free order spot of its colour; any two"
        " cubes may fill a spot instead of its colour, for two steps. A cube on an order stays there until"
        " the order is delivered."
    ),
    "deliver": N_(
        "**Delivery.** A delivery space delivers all your complete orders of its vehicle at once: you score"
        " their VP, and the cards go face down in front of you, where the shift scorings count them."
    ),
    "money": N_("**Money.** A money space gives 3, 4, 5 or 6 marks: marks buy tunnel tiles."),
    "order": N_(
        "**A new order.** An order space gives you its order card, and the space is refilled from the deck."
        " An order not delivered by the end costs 1 VP."
    ),
    "bank": N_(
        "**The bank.** One worker on the bank gives 1 mark; it is always open while you have a worker,"
        " however many are there."
    ),
    "canteen": N_(
        "**The canteen.** A space that already holds workers takes one more than it holds: those workers"
        " go to the canteen, and their owner gets them back at the end of the shift."
    ),
    "shift": N_(
        "**A shift's scoring.** The shift clock compares the players: coal colours and vehicles on"
        " delivered orders, then empty carts in the pits. The first shift scores 4 elements, the second 8,"
        " the third all 12, earlier ones again; the one with the most workers on the factory starts next."
    ),
    "end": N_(
        "**The end.** After the third shift's scoring come the last points, each in a line below; the most"
        " VP wins, and a tie goes to the most marks left."
    ),
}
# TRANSLATORS: a **bold** word is a button's label, quoted as the console shows it (Cage, Load, Store,
# Confirm, and Cage surface); write the sentence around it ("the Store button"), never as a verb of it.
CONSOLE_WALK = N_(
    "📘 **How the console works** — 1. Each **Cage** button sends the cage to a level; each **Load** button"
    " moves a cube of its colour from the level's carts into the cage. 2. The **Cage surface** button brings"
    " the cage up: then fill a spot from the menu, or press a **Store** button to keep a colour in storage."
    " 3. The **Confirm** button plays the whole plan; nothing happens before."
)
WHY_BUTTON = N_("Why?")
WHY = N_("📘 The expert would play `{action}`: {effects}.")
WHY_FREE = N_("You may play anything you like.")
WHY_NOTHING = N_("📘 No move is open to you now.")
WHY_ONLY_IN_LESSONS = N_(
    "Why? answers in a `/coal learn` game only; in this game, `/coal hint` shows the expert's best moves."
)
# the final score, line by line: the learner's numbers (a line each), then where the rest came from
FINAL_HEAD = N_("📘 **Your {vp} VP, line by line:**")
FINAL_PARTS = {
    "marks": N_("• {vp} VP for marks: 1 VP for every 5 marks left."),
    "cubes": N_("• {vp} VP for coal: 1 VP for every 3 cubes you own (carts, cage, storage, orders)."),
    "orders": N_("• {vp} VP for orders not delivered: −1 VP each."),
    "balance": N_("• {vp} VP for the tunnel balance: −2 VP for each tile of difference between the sides."),
    "played": N_("• {vp} VP during the game: deliveries and the three shift scorings."),
}
REAL_GAME = N_("Play a real game")
REAL_GAME_PICK = N_("Where should the lobby open? Pick a channel of this server.")
REAL_GAME_PLACEHOLDER = N_("A channel for your game")
REAL_GAME_NOT_THERE = N_("You cannot post in {channel}: pick another channel.")
REAL_GAME_OPENED = N_("Your lobby is open in {channel}. Have a good game!")
# /coal learn
STARTED = N_("📘 Your tutorial game is ready in {thread}.")
THREAD_NAME = N_("Learning Coal Baron – {name}")
NO_PLACE = N_(
    "A tutorial needs a private thread (the bot may not open one here) or a channel without a game: try another"
    " channel, or ask an admin to let the bot create private threads."
)


def lesson(topics: Sequence[str]) -> str:
    """The explanations of `topics`, under one head; empty when there is none."""
    if not topics:
        return ""
    return "\n".join([_(HEAD), *(_(LESSONS[t]) for t in topics)])


def why(hints: Sequence[Hint]) -> str:
    """The "Why?" answer: the expert's best move for the learner, what it does at once, why in the game's
    terms, and the final margin it expects once that has settled (the last shift)."""
    if not hints:
        return _(WHY_NOTHING)
    best = hints[0]
    said = _(WHY).format(action=action_usage(best.action), effects=effects(best))
    return sentences([said, reason_in_game_terms(best), final_margin(best), _(WHY_FREE)])


def final_score(state: GameState, player: str) -> str:
    """The learner's final score explained, a line per part of the final scoring and one for the rest."""
    seat = next(k for k, p in enumerate(state.players) if p.name == player)
    vp = state.players[seat].vp
    f = (state.final or [])[seat]
    parts = {"marks": f.marks_vp, "cubes": f.cubes_vp, "orders": f.orders_vp, "balance": f.balance_vp}
    parts["played"] = vp - sum(parts.values())
    return "\n".join([_(FINAL_HEAD).format(vp=vp), *(_(FINAL_PARTS[k]).format(vp=v) for k, v in parts.items())])
