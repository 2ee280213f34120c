"""End-to-end tests of the bot through SimCord: discord.py unmodified against an in-memory Discord."""
