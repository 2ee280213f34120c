"""The message layer: every sentence the bot writes, one module per area.

Each sentence is one format string with named placeholders (`"It is {player}'s turn."`),
filled by the small functions beside it; no other module of `bot/` or `games/` builds an
English sentence (tests/test_words.py checks it). Images carry no words at all.
"""
