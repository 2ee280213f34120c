"""The Discord adapter: /coal commands, buttons and selects, and the words, over `games`."""


def create_bot(database=None, **options):
    """The Coal Baron bot, unstarted; see `bot.service.client.create_bot` for the options."""
    from bot.service.client import create_bot as _create

    return _create(database, **options)


__all__ = ["create_bot"]
