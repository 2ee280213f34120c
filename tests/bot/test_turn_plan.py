"""A turn's post as data (issue 72): `plan_turn` tables, no simulated Discord — the messages of a plain move,
of a move that scored a shift, of a game's last move (and a tutorial's), late and computer-run words, the
parts already in the channel, the drawer's private choice, the language passed."""

from __future__ import annotations

import dataclasses

import pytest

from bot.i18n import speaking
from bot.posting.plan import Buttons, TurnFacts, plan_turn
from bot.posting.send import nonce_of
from bot.words import turns
from games.manager import GameManager
from rules.record import Chooser, random_action
from storage import Store
from tests.storage.helpers import USERS, lobby

FACTS = TurnFacts(pings=(USERS[1],), image=True, lesson="", gone=False, at_keyboard=USERS[0])


@pytest.fixture
async def results(tmp_path):
    """Every move of a two-player game to its end, as stored (and of a tutorial-like one with a lesson)."""
    async with Store(tmp_path / "plan.sqlite3") as store:
        manager = GameManager(store)
        await manager.open()
        await lobby(manager, 1, 2)
        await manager.lobbies.start(1, USERS[0], seed=5)
        chooser, out = Chooser(5), []
        while (game := await manager.games.current(1)) is not None and game.state is not None:
            out.append(await manager.moves.act(1, game.to_move_user, random_action(game.state, chooser)))
        yield out


def _scored(result) -> bool:
    return any(e.kind == "shift_scored" for e in result.events)


def test_a_plain_move_is_one_message_with_the_board_the_buttons_and_the_ping(results):
    result = next(r for r in results if not _scored(r) and r.state.phase == "turn")
    plan = plan_turn(result, FACTS, lang="en", undo=0)
    [message] = plan.messages
    assert message.part == 0 and message.nonce == nonce_of(result.game.id, result.version, 0)
    assert message.image is not None and message.image.kind == "board" and message.image.alt.startswith("Coal Baron")
    assert message.buttons == Buttons("turn", undo=0, catch_up=False) and message.pings == (USERS[1],)
    with speaking("en"):
        assert message.text.endswith(turns.whose_turn(result.game))
    assert not plan.over and plan.draw_choice_for is None
    assert plan_turn(result, TurnFacts(image=False), lang="en").messages[0].image is None  # nobody wants boards


def test_a_move_that_scored_a_shift_is_the_move_then_the_scoring_with_the_buttons_and_the_ping(results):
    result = next(r for r in results if _scored(r) and r.state.phase != "over")
    plan = plan_turn(result, FACTS, lang="en")
    first, second = plan.messages
    assert (first.part, first.buttons, first.pings, first.image.kind) == (0, None, (), "board")
    assert second.part == 1 and second.image.kind == "scoring" and second.image.key
    assert second.buttons is not None and second.buttons.kind == "turn" and second.pings == (USERS[1],)
    assert second.nonce == nonce_of(result.game.id, result.version, 1)
    assert plan.still_to_send(1) == (second,)  # the move's message is in the channel already: only the rest


def test_the_last_move_is_followed_by_the_final_scores_which_ping_the_winners(results):
    result = results[-1]
    assert result.state.phase == "over"
    plan = plan_turn(result, FACTS, lang="en")
    move, final = plan.messages
    assert move.buttons is None and plan.over  # the game's buttons go before the final scores
    winners = {result.game.user_of_player(result.state.players[i].name) for i in result.state.winners}
    assert final.buttons == Buttons("rematch") and set(final.pings) == winners and final.image.kind == "scoring"
    with speaking("en"):  # the third shift's scoring is said in words before the final scores, as the others are
        third = turns.shift_scored(result.events, result.state)
    head, *rest = final.text.splitlines()
    assert "3" in third and head.startswith("**Game over.**") and rest[0] == third and len(final.text) <= 2000


def test_a_tutorial_s_end_explains_the_score_and_offers_a_real_game(results):
    result = results[-1]
    options = result.game.options.model_copy(update={"tutorial": True})
    game = dataclasses.replace(result.game, options=options)
    plan = plan_turn(type(result)(game, result.events, result.before, result.action), FACTS, lang="en")
    assert plan.messages[-1].buttons == Buttons("lesson_end")


def test_words_given_a_late_version_and_no_buttons(results):
    result = next(r for r in results if not _scored(r) and r.state.phase == "turn")
    plan = plan_turn(result, FACTS, lang="en", version=result.version - 1, said="Three moves, a line each", live=False)
    [message] = plan.messages
    assert message.text.startswith("Three moves, a line each") and message.buttons is None
    assert message.nonce == nonce_of(result.game.id, result.version - 1, 0)


def test_the_drawer_who_pressed_gets_the_private_choice_after_the_messages(results):
    result = next(r for r in results if r.state.phase == "draw")
    mover = result.game.to_move_user
    assert plan_turn(result, TurnFacts(at_keyboard=mover), lang="en").draw_choice_for == mover
    assert plan_turn(result, TurnFacts(at_keyboard=None), lang="en").draw_choice_for is None


def test_the_language_is_the_one_passed_not_the_one_being_spoken(results):
    result = next(r for r in results if not _scored(r) and r.state.phase == "turn")
    with speaking("ja"):  # an asker's language around the call changes nothing
        english = plan_turn(result, FACTS, lang="en").messages[0].text
        italian = plan_turn(result, FACTS, lang="it").messages[0].text
    with speaking("en"):
        assert english.endswith(turns.whose_turn(result.game))
    with speaking("it"):
        assert italian.endswith(turns.whose_turn(result.game)) and italian != english
