"""Your data in words: what the bot keeps about you, showing it, forgetting it (`/coal me privacy`)."""

from __future__ import annotations

from bot.i18n import N_, Nn_, Np_, _
from bot.words.common import plural, sentences

HEAD = N_("**What I keep about you**")
KEPT = N_(
    "Your seats and moves in this bot's games, with your name as it was at the table; your settings; your"
    " rating in each server where you finished a game with another person, and its changes. They are kept"
    " until you ask me to forget you, or until a server removes me (its data goes 30 days later)."
)
POLICY = N_("The whole policy, what is kept where and for how long, is in the bot's PRIVACY.md.")
SHOW = N_("Show my data")
FORGET = N_("Forget me")
SHOWN = N_("Everything I keep about you, in every server, as JSON.")
ASK = N_(
    "Forget you? I delete your settings and ratings now; in finished games your name becomes a former"
    " player's; in running games a computer plays for you and your name goes when the game ends; you"
    " leave your lobbies. This cannot be undone."
)
AFTERWARDS = N_("Games you open or join after this are yours and are not forgotten; to forget them too, ask again.")
YES = N_("Yes, forget me")
CANCEL = Np_("privacy", "Cancel")  # keep one's data: nothing is shown or deleted
CANCELLED = N_("Nothing was forgotten.")
DONE = N_("Done: your settings and ratings are deleted.")
RENAMED = Nn_(
    "In {n} game that has ended you are now a former player.",
    "In {n} games that have ended you are now a former player.",
)
WAITING = Nn_(
    "In {n} running game a computer plays for you, and your name goes when the game ends.",
    "In {n} running games a computer plays for you, and your name goes when each game ends.",
)
LEFT = Nn_("You left {n} lobby.", "You left {n} lobbies.")


def ask() -> str:
    """The question before forgetting: what it does, and what it leaves alone."""
    return sentences([_(ASK), _(AFTERWARDS)])


def forgotten(renamed: int, waiting: int, left: int) -> str:
    """What forgetting did, in a few sentences."""
    return sentences(
        [
            _(DONE),
            plural(renamed, *RENAMED) if renamed else "",
            plural(waiting, *WAITING) if waiting else "",
            plural(left, *LEFT) if left else "",
        ]
    )
