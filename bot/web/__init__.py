"""The web board: the whole table of one game drawn in the browser, live, played by touch — inside Discord
as an Activity, or in any browser through a private link. A second presenter of the same games: every move
goes through the game manager's judge and play, and is posted to the channel like any other."""
