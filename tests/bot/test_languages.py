"""The bot in five languages, through Discord (issue 13): a game's channel speaks the game's language,
private answers speak the asker's.

The `locales` fixture (in conftest) sets the language each user speaks to the bot in.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bot.i18n import TEMPLATE, translator
from bot.play.plan_words import in_language
from bot.words import help as help_words
from bot.words import refusals, status
from bot.words import turns as turn_words
from bot.words.console import CONSOLE

from .conftest import World
from .driver import (
    components_of,
    fast_forward,
    lobby_button,
    open_lobby,
    panel_text,
    panel_texts,
    private_reply,
    start_game,
    stored,
)
from .policy import play_to_the_end

PROSE = re.compile(r"[A-Za-z]{2,}[ ,;:'’]+[A-Za-z]{2,}")


def piece_of(lang: str, message: str) -> str:
    """The longest fixed piece (between placeholders) of a message in `lang`: what shows it was written."""
    pieces = re.split(r"\{[^}]*\}", translator(lang).gettext(message))
    return max((p.strip() for p in pieces), key=len)


def world_in(env, preferred_locale: str) -> World:
    guild = env.create_guild("Miniere", preferred_locale=preferred_locale)
    channel = guild.create_text_channel("carbone")
    members = [guild.add_member(env.create_user(name)) for name in ("nicolo", "jesus", "takashi", "muller")]
    return World(env, guild, channel, *members)


def english_pieces(lang: str) -> set[str]:
    """The English prose of every sentence the bot writes: each piece between placeholders that holds
    two words or more, less the pieces the language's translation keeps as they are ("Coal Baron")."""
    with TEMPLATE.open("rb") as f:
        template = read_po(f)
    t = translator(lang)
    pieces = set()
    for message in template:
        if not message.id or message.context is not None:
            continue
        forms = [message.id] if isinstance(message.id, str) else list(message.id)
        translated = " ".join(t.gettext(f) if len(forms) == 1 else t.ngettext(*forms, n) for f in forms for n in (1, 2))
        for form in forms:
            for piece in re.split(r"\{[^}]*\}", form):
                piece = piece.strip(" .,;:!?—–()*`\n")
                if PROSE.search(piece) and piece not in translated:
                    pieces.add(piece)
    return pieces


def channel_words(w) -> list[str]:
    """Everything the channel shows in words: the messages, and their buttons' and menus' labels."""
    shown = []
    for message in w.channel.history():
        shown.append(message.content)
        for c in components_of(message):
            shown += [getattr(c, "label", None) or "", getattr(c, "placeholder", None) or ""]
            shown += [o.label for o in getattr(c, "options", None) or []]
    return [s for s in shown if s]


def assert_no_english(w, lang: str) -> None:
    english = english_pieces(lang)
    assert len(english) > 300  # the check has teeth: most sentences have English prose to find
    found = sorted({piece for text in channel_words(w) for piece in english if piece in text})
    assert not found, found


@pytest.mark.parametrize("lang,create", [("it", {}), ("ja", {"language": "ja"})])
@pytest.mark.slow
async def test_a_complete_game_speaks_the_game_language_in_the_channel(simcord_env, locales, monkeypatch, lang, create):
    """Italian: the server's preferred locale; Japanese: `/coal new language:ja` in an English server.
    The players' own Discord is English (SimCord's default), so a private word leaking into the
    channel would show as English."""
    w = world_in(simcord_env, "it" if lang == "it" else "en-US")
    if create:
        monkeypatch.setattr("tests.bot.policy.open_lobby", _opening_with(create))
    await play_to_the_end(w, 2, 5, monkeypatch)
    game = await stored(w)
    assert game.status == "finished" and game.options.language == lang
    final = w.channel.history()[-1].content
    assert any(piece_of(lang, turn_words.GAME_OVER[k]) in final for k in ("wins", "share")), final
    assert_no_english(w, lang)


def _opening_with(options):
    async def opening(w, players=2, **more):
        return await open_lobby(w, players, **options, **more)

    return opening


async def test_private_answers_follow_the_asker_and_the_channel_the_game(simcord_env, locales):
    w = world_in(simcord_env, "it")
    locales[w.bob.id] = "ja"
    locales[w.carol.id] = "es-ES"
    locales[w.dave.id] = "de"
    # alice's Discord is English, the server's Italian: the lobby is Italian
    r = await w.alice.slash(w.channel, "coal new", thread=False)
    assert not r.ephemeral
    join = next(c for c in components_of(r.response.message) if getattr(c, "custom_id", "").endswith(":join"))
    assert join.label == translator("it").gettext("Join") != "Join"
    await w.bob.click(r.response.message, custom_id=lobby_button(r.response.message, "join"))
    game = await w.bot.manager.lobbies.start(w.channel.id, w.alice.id, seed=3)
    assert game.options.language == "it"

    # a refusal in the asker's language: carol (Spanish) is not seated
    r = await w.carol.slash(w.channel, "coal bank")
    to_move = game.state.to_move
    expected = translator("es").gettext(refusals.REFUSALS[refusals.Reason.NOT_PLAYING]).format(to_move=to_move)
    assert r.ephemeral and r.response.content == expected

    # /coal help in the asker's language (Japanese), the English one for alice
    r = await w.bob.slash(w.channel, "coal help", topic="plan")
    assert r.ephemeral and r.response.content == translator("ja").pgettext("help", help_words.HELP["plan"])
    r = await w.alice.slash(w.channel, "coal help", topic="plan")
    assert r.response.content == help_words.HELP["plan"]

    # /coal status: private, in German for dave, while the game speaks Italian
    r = await w.dave.slash(w.channel, "coal status")
    assert r.ephemeral and piece_of("de", status.DRAFT) in panel_text(r.response), panel_text(r.response)
    assert piece_of("de", status.DRAFT) != piece_of("en", status.DRAFT)

    # autocomplete labels in the asker's language: the player to pick sees Japanese or English
    picker = w.alice if game.to_move_user == w.alice.id else w.bob
    choices = await picker.autocomplete(w.channel, "coal draft", "card", "")
    assert choices and all(re.search(r"\d+ VP", c["name"]) for c in choices)


async def test_the_console_and_a_plan_in_the_askers_language(simcord_env, locales):
    """A German player's mining console is German, with the plan shown in German keywords; a plan
    typed in German is played."""
    w = world_in(simcord_env, "en-US")
    locales[w.alice.id] = locales[w.bob.id] = "de"
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 80, until=lambda g: g.state.phase == "shifts")
    mover = next(m for m in w.players if m.id == game.to_move_user)
    r = await mover.slash(w.channel, "coal mine", steps=6)
    assert r.ephemeral and piece_of("de", CONSOLE) in panel_text(r.response), panel_text(r.response)
    level_button = next(c for c in components_of(r.response) if getattr(c, "custom_id", "").endswith(":cage-1"))
    r = await mover.click(r.response, custom_id=level_button.custom_id)
    plan_line = in_language("cage yellow", "de")
    assert plan_line in panel_text(r.response), panel_text(r.response)
    cancel = next(c for c in components_of(r.response) if getattr(c, "custom_id", "").endswith(":cancel"))
    await mover.click(r.response, custom_id=cancel.custom_id)
    before = (await stored(w)).version
    r = await mover.slash(w.channel, "coal mine", steps=6, plan=plan_line)
    assert not r.ephemeral, private_reply(r)
    assert (await stored(w)).version == before + 1


async def test_a_mistyped_plan_word_is_answered_with_the_word_it_likely_meant_in_the_asker_s_words(
    simcord_env, locales
):
    """A plan typed in German with a misspelt level ("gleb" for "gelb") and colour: the refusal suggests
    the German step and colour, in German; nothing is played."""
    w = world_in(simcord_env, "en-US")
    locales[w.alice.id] = locales[w.bob.id] = "de"
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 80, until=lambda g: g.state.phase == "shifts")
    mover = next(m for m in w.players if m.id == game.to_move_user)
    cage = in_language("cage yellow", "de").split()[0]
    r = await mover.slash(w.channel, "coal mine", steps=6, plan=f"{cage} gleb")
    assert f"`{in_language('cage yellow', 'de')}`" in private_reply(r).content, private_reply(r).content
    load = in_language("load grey", "de")
    r = await mover.slash(w.channel, "coal mine", steps=6, plan=f"{in_language('cage grey', 'de')}, {load[:-1]}")
    said = private_reply(r).content
    assert f"`{in_language('grey', 'de')}`" in said and "?" in said, said
    assert await stored(w) == game


async def test_an_unknown_language_is_refused_with_the_list_and_nothing_is_stored(simcord_env, locales):
    w = world_in(simcord_env, "en-US")
    r = await w.alice.slash(w.channel, "coal new", thread=False, language="klingon")
    assert r.ephemeral
    for name in ("English", "Deutsch", "italiano", "español", "日本語"):
        assert name in r.response.content, r.response.content
    assert "klingon" in r.response.content
    assert await stored(w) is None
    choices = await w.alice.autocomplete(w.channel, "coal new", "language", "ita")
    assert [c["value"] for c in choices] == ["it"]


def _words_of(message) -> list[str]:
    """A private reply in words: its text (a panel's text displays too), its buttons' and menus' labels,
    its images' descriptions."""
    shown = [message.content or "", *panel_texts(message)]
    for c in components_of(message):
        shown += [getattr(c, "label", None) or "", getattr(c, "placeholder", None) or ""]
        shown += [o.label for o in getattr(c, "options", None) or []]
    shown += [a.description or "" for a in getattr(message, "attachments", None) or []]
    return [s for s in shown if s]


@pytest.mark.parametrize("lang", ["it", "ja"])
@pytest.mark.slow
async def test_every_private_reply_of_a_game_and_every_image_speak_the_readers_language(simcord_env, locales, lang):
    """Issue 25: hints (moves as the commands that play them, plan keywords included), the mining
    console, status, log, the pit and its image's description, and the channel's images' descriptions:
    no English prose, in Italian and in Japanese."""
    w = world_in(simcord_env, "en-US")
    locales[w.alice.id] = locales[w.bob.id] = lang
    await start_game(w, 2, seed=7, language=lang)
    replies: list[str] = []
    game = await fast_forward(w, 80, until=lambda g: g.state.phase == "shifts")
    mover = next(m for m in w.players if m.id == game.to_move_user)
    for command, options in (
        ("coal hint", {}),
        ("coal status", {}),
        ("coal log", {}),
        ("coal pit", {}),
        ("coal board", {}),
    ):
        r = await mover.slash(w.channel, command, **options)
        message = r.response if r.response is not None else r.followups[-1]
        replies += _words_of(message)
        for followup in r.followups:
            replies += _words_of(followup)
    r = await mover.slash(w.channel, "coal mine", steps=6)
    replies += _words_of(r.response)
    level_button = next(c for c in components_of(r.response) if getattr(c, "custom_id", "").endswith(":cage-1"))
    r = await mover.click(r.response, custom_id=level_button.custom_id)
    replies += _words_of(r.response)
    game = await fast_forward(w, 400, until=lambda g: g.state.phase == "over")
    assert game.state.phase == "over"
    r = await w.bob.slash(w.channel, "coal status")
    replies += _words_of(r.response)
    english = english_pieces(lang)
    found = sorted({piece for text in replies for piece in english if piece in text})
    assert not found, found
    # moves and plans in the reader's words: no English action text ("mine 6: cage grey, load grey")
    action_text = re.compile(
        r"`(?:mine|factory|deliver|money|order) \d|\b(?:cage|load|fill|store) (?:surface|yellow|brown|grey|black)\b"
    )
    assert not [text for text in replies if action_text.search(text)]
    r = await w.bob.slash(w.channel, "coal board")
    message = r.response if r.response is not None else r.followups[-1]
    images = [a.description for m in [*w.channel.history(), message] for a in m.attachments]
    assert images and all(images)  # the boards: the final one at least
    found = sorted({piece for text in images for piece in english if piece in text})
    assert not found, found


async def test_computers_are_named_in_the_games_language(simcord_env, locales):
    """Issue 25: "Baron Otto (hard)" was English in every game; an Italian game seats "Barone Otto
    (difficile)" and "Baronessa Ida (esperta)" (the level word agreeing with the baroness): the seat's
    name everywhere, images included."""
    w = world_in(simcord_env, "it")
    r = await w.alice.slash(w.channel, "coal new", thread=False)
    assert not r.ephemeral
    for level in ("hard", "expert"):
        r = await w.alice.slash(w.channel, "coal host addbot", level=level)
        assert not r.ephemeral, r.response.content
    game = await stored(w)
    assert [s.name for s in game.seats][1:] == ["Barone Otto (difficile)", "Baronessa Ida (esperta)"]
    assert "Baronessa Ida (esperta)" in r.response.content


CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")  # kana, ideographs, full-width forms


def _public_words(w) -> list[str]:
    """Every public message of the channel and its threads: its text and its components' labels."""
    out = []
    for channel in [w.channel, *w.channel.threads]:
        for message in channel.history():
            labels = [getattr(c, "label", None) or getattr(c, "placeholder", None) for c in components_of(message)]
            out.append("\n".join([message.content, *(x for x in labels if x)]))
    return out


@pytest.mark.slow
async def test_what_japanese_speakers_do_in_an_english_game_is_said_in_english_in_the_channel(
    simcord_env, locales, monkeypatch
):
    """Issue 72: the asker's language is set for the rest of their interaction's task (their private
    answers), so a channel message written outside the game's language would come out in theirs. Here
    everyone speaks Japanese to the bot while the game speaks English: a whole game played through the
    buttons, menus, console and commands, a pause and a resume, someone away and back, a rematch —
    not a word of Japanese in the channel."""
    w = world_in(simcord_env, "en-US")
    for member in w.players:
        locales[member.id] = "ja"
    lobby = (await w.alice.slash(w.channel, "coal new", thread=False, language="en", timer="24h")).response.message
    await w.bob.click(lobby, custom_id=lobby_button(lobby, "join"))
    r = await w.alice.slash(w.channel, "coal host pause")  # a lobby: refused privately
    await w.alice.click(lobby, custom_id=lobby_button(lobby, "start"))
    await w.alice.slash(w.channel, "coal host pause")
    await w.alice.slash(w.channel, "coal host resume")
    await w.bob.slash(w.channel, "coal me away", until="3")
    await w.bob.slash(w.channel, "coal me away", until="back")
    await w.bot.manager.lobbies.abort(w.channel.id, w.alice.id)  # (the scripted players open their own game)
    _policy, _moves = await play_to_the_end(w, 2, 5, monkeypatch)
    final = w.channel.last_message
    rematch = next(c for c in components_of(final) if getattr(c, "custom_id", "").startswith("coal:rematch:"))
    await w.bob.click(final, custom_id=rematch.custom_id)
    words = _public_words(w)
    assert len(words) > 20
    leaked = [text for text in words if CJK.search(text)]
    assert leaked == [], leaked[:3]
    assert r.ephemeral
