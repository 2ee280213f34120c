"""Games, seats and the append-only action log in SQLite."""
