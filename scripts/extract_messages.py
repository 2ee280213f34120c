"""Write the English message template `bot/locale/coalbaron.pot` from the code, and bring every
catalogue `bot/locale/<lang>.po` up to date with it (new messages empty, removed ones dropped).

    python3 scripts/extract_messages.py            # after changing a command, a help text, a keyword
    python3 scripts/extract_messages.py --new fr   # start the catalogue of a new language

Run it after changing a command, an option, a help text or a plan keyword, then translate the new
entries (tests/i18n/test_catalogues.py fails until every catalogue has every message).
The template holds:
  - msgctxt "command" / "option" / "choice": names and descriptions of the slash commands, read from
    the real command tree, plus the commands of the design not yet in the tree (PLANNED below);
  - msgctxt "help": the `/coal help` topics; msgctxt "plan": the mining plan keywords;
  - msgctxt "units": counted words, with plural forms;
  - every sentence the bot writes, read from `bot/words/*.py` by Babel's Python extractor (the English
    texts marked `N_("...")`, plural pairs `Nn_("...", "...")`; see bot/i18n.py): no msgctxt, but for
    the texts marked `Np_("context", "...")` because another module says the same English with another
    meaning (tests/i18n/test_contexts.py).
"""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.i18n import LOCALE_DIR, SUPPORTED, TEMPLATE, catalogue_path  # noqa: E402

# The keywords of the mining plan grammar (rules/actions.py: parse_step); bot/play/plan_words.py reads them
# back from the template, each catalogue translates them.
PLAN_WORDS: tuple[str, ...] = (
    "cage",
    "load",
    "fill",
    "store",
    "from storage",
    "from cage+storage",  # a fill of two cubes from both places, in the order of its colours
    "from storage+cage",
    "from cage",
    "surface",
    "yellow",
    "brown",
    "grey",
    "black",
)

UNITS: tuple[tuple[str, str], ...] = (
    ("{count} worker", "{count} workers"),
    ("{count} mark", "{count} marks"),
)


@dataclass
class Option:
    name: str
    description: str
    choices: tuple[str, ...] = ()


@dataclass
class Command:
    name: str
    description: str
    options: list[Option] = field(default_factory=list)


# Commands and options of docs "added this round" (design/discord-ux.md) that the tree does not have
# yet. Whoever adds one uses these English texts (or runs this script again after choosing others).
PLANNED: list[Command] = []

NO_DESCRIPTION = "…"  # what discord.py gives an option nobody described


def tree_commands() -> tuple[str, str, list[Command]]:
    """The /coal group's name, description and commands, as the bot builds them."""
    from discord import app_commands

    from bot.play.commands import CoalCommands

    group = CoalCommands()
    commands = []
    for cmd in group.walk_commands():  # the subgroup (/coal host) too, then its commands
        if isinstance(cmd, app_commands.Group):
            commands.append(Command(cmd.name, cmd.description))
            continue
        options = [Option(p.name, p.description, tuple(c.name for c in p.choices)) for p in cmd.parameters]
        commands.append(Command(cmd.name, cmd.description, options))
    return group.name, group.description, commands


def help_topics() -> dict[str, str]:
    """Today's `/coal help` topics in English: in bot/words/help.py once the message layer exists
    (branch h2), in bot/messages.py before."""
    import importlib

    for module in ("bot.words.help", "bot.messages"):
        try:
            return dict(importlib.import_module(module).HELP)
        except ImportError:
            continue
    raise ImportError("no HELP topics found in bot.words.help or bot.messages")


def help_texts() -> list[str]:
    return list(help_topics().values())


WORDS_DIR = LOCALE_DIR.parent / "words"
# The message layer's modules whose texts reach the catalogue another way (command descriptions and
# help topics above) or speak only to the person running the sandbox's terminal.
NOT_MARKED = {"__init__.py", "commands.py", "help.py", "sandbox.py"}


# a comment above a message that begins so is a note to its translators, kept in the catalogues
NOTE_TAGS = ("TRANSLATORS:",)
# the message layer's markers: a text, a plural pair, a text in a context (its msgctxt first)
KEYWORDS: dict[str, object] = {"N_": None, "Nn_": (1, 2), "Np_": ((1, "c"), 2), "Nnp_": ((1, "c"), 2, 3)}


Marked = tuple[str | tuple[str, str], str, str | None, list[str]]


def marked_messages() -> list[Marked]:
    """Every message marked in the message layer, in file and line order, with the module it is in, its
    context (None but for `Np_`) and its notes to translators (`# TRANSLATORS: …` above it)."""
    found: list[Marked] = []
    for path in sorted(WORDS_DIR.glob("*.py")):
        if path.name in NOT_MARKED:
            continue
        with path.open("rb") as f:
            for _line, message, comments, context in extract("python", f, KEYWORDS, comment_tags=NOTE_TAGS):
                where = f"bot/words/{path.name}"
                notes = [" ".join(c.split()) for c in comments]
                if (
                    context is not None and isinstance(message, tuple) and len(message) == 2
                ):  # Nnp_(context, one, other)
                    found.append(((str(message[0]), str(message[1])), where, context, notes))
                elif context is not None:  # Np_(context, message)
                    text = message[-1] if isinstance(message, tuple) else message
                    found.append((str(text), where, context, notes))
                elif isinstance(message, tuple):
                    found.append(((str(message[0]), str(message[1])), where, None, notes))
                elif message:
                    found.append((str(message), where, None, notes))
    return found


def template() -> Catalog:
    """The English template: every message the catalogues must translate."""
    catalog = Catalog(project="coalbaron-discord", version="1", fuzzy=False)

    def add(context: str, msgid: str | tuple[str, str], comment: str) -> None:
        if not msgid or msgid == NO_DESCRIPTION:
            return
        existing = catalog.get(msgid, context=context)
        if existing is None:
            catalog.add(msgid, context=context, auto_comments=[comment])
        elif comment not in existing.auto_comments:
            existing.auto_comments.append(comment)

    group_name, group_description, commands = tree_commands()
    add("command", group_name, "the command group: /coal")
    add("command", group_description, "description of the command group /coal")
    for cmd in [*commands, *PLANNED]:
        where = f"/coal {cmd.name}"
        add("command", cmd.name, f"name of the command {where}")
        add("command", cmd.description, f"description of {where}")
        for opt in cmd.options:
            add("option", opt.name, f"option name of {where}")
            add("option", opt.description, f"description of the option {opt.name} of {where}")
            for choice in opt.choices:
                add("choice", choice, f"a choice of the option {opt.name} of {where}")
    for text in help_texts():
        add("help", text, "a /coal help topic")
    for word in PLAN_WORDS:
        add("plan", word, "a mining plan keyword; list alternatives with |, the first is shown in help")
    for singular, plural in UNITS:
        add("units", (singular, plural), "a count")
    for message, module, context, notes in marked_messages():
        add_message(catalog, message, module, context, notes)
    return catalog


def add_message(
    catalog: Catalog, message: str | tuple[str, str], module: str, context: str | None = None, notes: list[str] = ()
) -> None:
    """A sentence of the message layer (a msgctxt only when marked with one): the same English text in the
    same context is one message. Its extracted comments: the modules that say it, then the notes."""
    existing = catalog.get(message, context=context)
    if existing is None:
        catalog.add(message, context=context, auto_comments=[module, *notes])
        return
    for comment in (module, *notes):
        if comment not in existing.auto_comments:
            existing.auto_comments.append(comment)


HEADER = """The words of the Coal Baron bot{lang}.
Written by scripts/extract_messages.py from the code: edit the translations (msgstr), not the ids.
The game terms of each language are in bot/locale/glossary/<lang>.md."""


def write(catalog: Catalog, path: Path) -> None:
    lang = f" in {catalog.locale.english_name}" if catalog.locale else ": the English template"
    catalog.header_comment = "\n".join("# " + line for line in HEADER.format(lang=lang).splitlines())
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "Coal Baron bot developers"
    catalog.language_team = "Coal Baron bot developers"
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, no_location=True, ignore_obsolete=True, omit_header=False)
    path.write_bytes(buffer.getvalue())


def _messages(catalog: Catalog) -> list[tuple[object, ...]]:
    return [(m.context, m.id, tuple(m.auto_comments)) for m in catalog if m.id]


def main(argv: list[str]) -> None:
    pot = template()
    if TEMPLATE.exists():
        with TEMPLATE.open("rb") as f:
            old = read_po(f)
        if _messages(old) == _messages(pot):
            pot.creation_date = old.creation_date  # nothing changed: keep the files as they are
    write(pot, TEMPLATE)
    new = argv[argv.index("--new") + 1] if "--new" in argv else None
    if new is not None and not catalogue_path(new).exists():
        # A new language: an empty catalogue with the language's plural rule, filled in by update below.
        write(Catalog(locale=new, project="coalbaron-discord", version="1", fuzzy=False), catalogue_path(new))
    for lang in [*SUPPORTED[1:], *([new] if new and new not in SUPPORTED else [])]:
        path = catalogue_path(lang)
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        catalog.update(pot, no_fuzzy_matching=True)
        write(catalog, path)
    print(f"wrote {TEMPLATE.relative_to(LOCALE_DIR.parents[1])} ({len(pot)} messages) and the catalogues")


if __name__ == "__main__":
    main(sys.argv[1:])
