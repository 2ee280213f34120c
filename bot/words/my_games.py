"""`/coal games` in words: the open games a person sits in, theirs to move first."""

from __future__ import annotations

from bot.i18n import N_, Nn_, _
from bot.words.common import due, plural, shown
from games import Game
from rules.components import MAX_PLAYERS

HEAD = Nn_("You sit in {n} open game:", "You sit in {n} open games:")
HEAD_EVERYWHERE = Nn_(
    "You sit in {n} open game on the servers we share:", "You sit in {n} open games on the servers we share:"
)
NONE = N_("You sit in no open game here. `/coal new` opens one; `/coal join` takes a seat in a lobby.")
NONE_EVERYWHERE = N_("You sit in no open game on any server we share.")
YOUR_TURN = N_("**Your turn** in {link} (game {game}): it ends {due}.")
YOUR_TURN_UNTIMED = N_("**Your turn** in {link} (game {game}).")
THEIR_TURN = N_("{link} (game {game}): {player} to move.")
LOBBY = N_("{link} (game {game}): a lobby, {seated} of {seats} seats taken.")
PAGE = N_("Page {page} of {pages}.")
EARLIER = N_("◀ Earlier")
LATER = N_("Later ▶")
NEXT_MINE = N_("Next game where it is my turn")
OPEN = N_("Open")


def link(game: Game) -> str:
    """A jump link to the game's channel or thread (it works from a direct message too)."""
    return f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"


def where(game: Game) -> str:
    """The game's channel or thread as a mention (the Open button beside it jumps there)."""
    return f"<#{game.channel_id}>"


def game_line(game: Game, user_id: int) -> str:
    state = game.state
    if game.is_lobby or state is None:
        return _(LOBBY).format(link=where(game), game=game.id, seated=len(game.seats), seats=MAX_PLAYERS)
    if game.to_move_user == user_id:
        if game.deadline:
            return _(YOUR_TURN).format(link=where(game), game=game.id, due=due(game.deadline))
        return _(YOUR_TURN_UNTIMED).format(link=where(game), game=game.id)
    return _(THEIR_TURN).format(link=where(game), game=game.id, player=shown(state.to_move or ""))


def head(games: list[Game], user_id: int, everywhere: bool, total: int) -> str:
    """The panel's first line: how many open games, or that there are none."""
    if not games:
        return _(NONE_EVERYWHERE if everywhere else NONE)
    return plural(total, *(HEAD_EVERYWHERE if everywhere else HEAD))


def page_line(page: int, pages: int) -> str:
    return _(PAGE).format(page=page + 1, pages=pages)
