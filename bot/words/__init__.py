"""The bot's message layer: every sentence a player reads is made in this package.

One module per area (`rules`: the rules' events and refusals). Each sentence is one
format string with named placeholders, so it can move into a translation catalogue as
it is; the code picks a whole sentence and fills it, it never glues sentence pieces.
"""
