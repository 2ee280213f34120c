"""The sandbox's own sentences: its first line in the channel, and what it prints in the terminal."""

# The simulated server: its name, its channel, its members (the first views the page first): named like
# people, since the bot writes their names into sentences ("Ada took 4 marks").
SERVER = "Coal Baron sandbox"
CHANNEL = "coal-baron"
PEOPLE = ("Ada", "Ben", "Cleo", "Dev")

WELCOME = (
    "Welcome to the Coal Baron sandbox. New to the game? `/coal learn` plays a guided first game. Type"
    " `/coal new` to open a game, add computer players with"
    " `/coal host addbot` (or the lobby's menu), then press Start. To play hot-seat, switch the viewer at the"
    " top of the page: each person sees only their own private replies. `/coal help` explains the game."
    " In the sandbox a game is played in this channel, not in a thread of its own as on a server."
    " The page takes one press at a time: a press made while the status line at the bottom still ends in"
    " “…” is not sent, so wait for it to say the callback completed."
)
RESUMED = "The sandbox game resumes where it was left:"
RESUMED_LOBBY = "The sandbox's lobby is still open:"
SERVING = (
    "Coal Baron sandbox: open {url}\n"
    "(on this machine only; the address is the key, keep it to yourself). Games are kept in {database}.\n"
    'The web board listens on {board}: a turn\'s "Open the board" button gives you its link.\n'
    "Ctrl-C stops it."
)
STOPPED = "Coal Baron sandbox stopped; the database is closed."
