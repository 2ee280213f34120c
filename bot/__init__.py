"""The discord.py bot: /coal commands, buttons and selects, the per-channel game manager."""
