"""Option names in a sentence are the reader's (issue 78): the away answer named the English option `absent`
in Italian, Spanish and German, where Discord shows `assente`, `ausente`, `abwesend`. A message names an
option by a placeholder filled by the command translator (`bot.command_names.option_name`), never by a
literal English name a translator might leave as it is."""

from __future__ import annotations

import re

from bot.i18n import read_catalogue, speaking
from scripts.extract_messages import tree_commands

_group, _description, COMMANDS = tree_commands()
OPTIONS = {o.name for c in COMMANDS for o in c.options}


def literal_options(text: str) -> list[str]:
    """The option names written literally in a message's code spans: `absent`, `start:22:00` (a command's
    own span, `/coal …`, is the translators' to write as the reader's Discord does)."""
    found = []
    for span in re.findall(r"`([^`]+)`", text):
        if span.startswith("/"):
            continue
        found += [w for w in re.findall(r"\b[a-z_]+(?=:)|^[a-z_]+$", span) if w in OPTIONS]
    return found


def test_the_check_finds_a_literal_option():
    assert literal_options("as the `absent` option says; `start:22:00 end:08:00`; `/coal log last:`") == [
        "absent",
        "start",
        "end",
    ]


def test_no_message_names_an_option_in_english():
    found = [
        f"{m.id!r}: {literal_options(str(m.id))}"
        for m in read_catalogue("en")
        if m.id and not m.context and literal_options(m.id if isinstance(m.id, str) else m.id[0])
    ]
    assert found == []


def test_the_away_answer_and_the_quiet_refusal_name_the_options_as_discord_shows_them():
    from bot.words.away import away_set
    from bot.words.refusals import refusal
    from games.errors import GameError, Reason

    with speaking("it"):
        assert "`assente`" in away_set(1_800_000_000, 10)
        assert "`inizio:22:00 fine:08:00`" in refusal(GameError(Reason.QUIET_NEEDS_BOTH))
    with speaking("ja"):  # Japanese Discord shows the ASCII names
        assert "`absent`" in away_set(1_800_000_000, 10)
