"""The message layer: every sentence the bot writes, one module per area.

One module per area (`rules`: the rules' events and refusals; `turns`, `lobby`, `status`,
`console`, `choices`, `refusals`, `help`, `commands`). Each sentence is one format string
with named placeholders (`"It is the turn of {player}."`), so it can move into a translation
catalogue as it is; the code picks a whole sentence and fills it, it never glues sentence
pieces. No other module of `bot/`, `games/` or `rendering/` builds an English sentence
(tests/test_words.py checks it). Images carry no words at all.
"""
