"""The lobby: its message and buttons, a game's own thread, the permissions a channel needs, and the rematch."""
