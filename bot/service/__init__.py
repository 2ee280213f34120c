"""Running the bot: the client and its start-up, the settings, logs, metrics and health, the worker
processes, housekeeping.
"""
