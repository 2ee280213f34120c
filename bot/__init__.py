"""The Discord adapter: /coal commands, buttons and selects, and the words, over `games`."""


def create_bot(database=None, *, clock=None, dev_guild_id=None, computer_processes=1):
    """The Coal Baron bot, unstarted; see `bot.client.create_bot`."""
    from .client import create_bot as _create

    return _create(database, clock=clock, dev_guild_id=dev_guild_id, computer_processes=computer_processes)


__all__ = ["create_bot"]
