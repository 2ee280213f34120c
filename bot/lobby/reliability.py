"""How often the people in a lobby finish their games in their own seat (issue 76), shown beside their seats
so a host and the others see who sees a game through; read from the store (`Queries.finished_own`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games import Game
from games.computers import is_computer

if TYPE_CHECKING:
    from bot.service.client import CoalBot


async def finish_shares(bot: CoalBot, game: Game) -> dict[int, float]:
    """Each seated person's share of games finished in their own seat in the game's server; those who have
    not ended a game there yet are left out."""
    if not game.is_lobby:
        return {}
    shares = {}
    for seat in game.seats:
        if is_computer(seat.user_id):
            continue
        ended, own = await bot.store.queries.finished_own(game.guild_id, seat.user_id)
        if ended:
            shares[seat.user_id] = own / ended
    return shares
