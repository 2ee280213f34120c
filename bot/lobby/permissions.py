"""What the bot needs in a channel to run a game there, checked when a lobby opens.

Discord sends the bot's own permissions in the channel with every interaction
(`interaction.app_permissions`), so the check costs no request. Without one of these a
game would be stored while its turns could never be posted: better to say so at once.
"""

from __future__ import annotations

import discord

# Each permission the bot uses, by discord.py's attribute name (the README's invite steps list them).
NEEDED = ("view_channel", "send_messages", "attach_files", "read_message_history")
IN_THREADS = ("send_messages_in_threads",)


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions (attribute names) the bot lacks in the interaction's channel, in a fixed order."""
    have = interaction.app_permissions
    needed = NEEDED + (IN_THREADS if isinstance(interaction.channel, discord.Thread) else ())
    return [name for name in needed if not getattr(have, name)]
