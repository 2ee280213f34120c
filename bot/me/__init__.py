"""What is yours: `/coal me` (settings, privacy, away, quiet hours, catch-up) and `/coal games`."""
