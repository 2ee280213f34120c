"""The web board's server: who a page is for (links exchanged once, sessions), what it may see (its seat's
`rules.view` and nothing else), what it may do (its own seat's moves, by the manager's path, posted in the
channel like any other), and the checks around it (origin, rate, no token in any log line)."""

from __future__ import annotations

import json
import logging

import aiohttp
import pytest

from bot.web import server as web_server
from bot.web.options import LINK_SECONDS, SESSION_SECONDS
from rules import view
from rules.components import SPACES
from tests.bot.driver import act, start_game, stored


async def _session(w, member) -> str:
    return await w.bot.board.access.session_for(member.id, w.channel.id)


async def _token(w, member, game_id: int) -> str:
    link = await w.bot.board.access.link(member.id, game_id)
    assert "/board#" in link
    return link.split("#", 1)[1]


async def test_a_link_opens_one_session_once_and_a_forged_or_late_one_none(world, board):
    w = world
    game = await start_game(w)
    token = await _token(w, w.alice, game.id)
    status, data = await board.post("/api/link", {"token": token})
    assert status == 200 and data["game"] == game.id
    status, state = await board.get("/api/state", data["session"])
    assert status == 200 and state["you"] == game.seats[0].name

    assert (await board.post("/api/link", {"token": token}))[0] == 401  # once
    link_id, _dot, signature = (await _token(w, w.alice, game.id)).partition(".")
    assert (await board.post("/api/link", {"token": f"{link_id}.{'0' * len(signature)}"}))[0] == 401  # forged
    assert (await board.post("/api/link", {"token": "never-issued.abc"}))[0] == 401
    late = await _token(w, w.alice, game.id)
    await w.env.advance_time(LINK_SECONDS + 1)
    assert (await board.post("/api/link", {"token": late}))[0] == 401  # expired
    assert (await board.get("/api/state", "not-a-session"))[0] == 401
    assert (await board.get("/api/state"))[0] == 401


async def test_each_page_sees_only_its_seat_s_view_and_a_spectator_the_public_one(world, board):
    w = world
    game = await start_game(w)
    game = await act(w, "draft 1")  # bob's pick next
    for member, seat in ((w.alice, game.seats[0].name), (w.bob, game.seats[1].name), (w.carol, None)):
        status, data = await board.get("/api/state", await _session(w, member))
        assert status == 200 and data["you"] == seat
        assert data["view"] == view(game.state, seat).model_dump(mode="json")
        assert data["view"]["seed"] == 0 and data["view"]["rng"] == 0
        assert set(data["view"]["tile_deck"]) == {-1} and set(data["view"]["order_deck"]) == {-1}
        raw = json.dumps(data)
        assert str(game.state.seed) not in raw.split('"seed": ')[1][:20] or game.state.seed == 0
    spectator = (await board.get("/api/state", await _session(w, w.carol)))[1]
    assert spectator["choices"] == [] and spectator["your_turn"] is False


async def test_a_drawn_tile_is_seen_by_its_drawer_alone(world, board):
    w = world
    game = await start_game(w)
    from tests.bot.driver import fast_forward

    game = await fast_forward(w, 40, until=lambda g: g.state.phase == "turn" and g.state.space_workers[8] == 0)
    drawer = next(m for m in w.players if m.id == game.to_move_user)
    other = next(m for m in w.players[:2] if m.id != drawer.id)
    game = await act(w, "factory draw")
    assert game.state.phase == "draw"
    mine = (await board.get("/api/state", await _session(w, drawer)))[1]
    theirs = (await board.get("/api/state", await _session(w, other)))[1]
    assert -1 not in mine["view"]["pending"]["cards"]
    assert set(theirs["view"]["pending"]["cards"]) == {-1}
    assert [c["command"] for c in mine["choices"]] and {c["command"] for c in mine["choices"]} == {"keep"}
    assert theirs["choices"] == []


async def test_a_move_from_the_board_is_played_and_posted_like_a_slash_command_s(world, board):
    w = world
    game = await start_game(w)
    session = await _session(w, w.alice)
    state = (await board.get("/api/state", session))[1]
    draft = next(c for c in state["choices"] if c["command"] == "draft")
    before = len(w.env.backend.channel_messages(w.channel.id)) if hasattr(w.env.backend, "channel_messages") else None
    status, data = await board.post("/api/move", {"version": state["version"], "action": draft["action"]}, session)
    assert status == 200 and data["version"] == game.version + 1
    await w.env.settle()
    after = await stored(w)
    assert after.version == game.version + 1 and after.state.draft_cards[0] is None
    rows = await w.bot.manager.queries.log(after.id, last=1)
    assert rows[-1].user_id == w.alice.id and rows[-1].action == draft["action"]
    history = [m async for m in w.bot.get_partial_messageable(w.channel.id).history(limit=5)]
    assert any("alice" in (m.content or "") for m in history)
    del before


async def test_another_person_s_seat_a_spectator_and_an_old_version_are_refused_and_change_nothing(world, board):
    w = world
    game = await start_game(w)  # alice drafts first
    bob, carol = await _session(w, w.bob), await _session(w, w.carol)
    for session in (bob, carol):
        status, data = await board.post("/api/move", {"version": game.version, "action": "draft 1"}, session)
        assert status == 409 and data["refused"]
    alice = await _session(w, w.alice)
    status, data = await board.post("/api/move", {"version": game.version - 1, "action": "draft 1"}, alice)
    assert status == 409 and data["refused"]
    status, data = await board.post("/api/move", {"version": game.version, "action": "mine 99"}, alice)
    assert status == 409 and data["refused"]
    assert await stored(w) == game


async def test_a_paused_game_offers_nothing_and_takes_no_move(world, board):
    w = world
    game = await start_game(w)
    game = await w.bot.manager.hosting.pause(w.channel.id, w.alice.id)
    alice = await _session(w, w.alice)
    status, state = await board.get("/api/state", alice)
    assert state["paused"] is True and state["choices"] == []
    status, data = await board.post("/api/move", {"version": game.version, "action": "draft 1"}, alice)
    assert status == 409 and data["refused"]
    assert await stored(w) == game


async def test_requests_from_another_origin_are_refused(world, board):
    w = world
    game = await start_game(w)
    alice = await _session(w, w.alice)
    body = {"version": game.version, "action": "draft 1"}
    status, _ = await board.post("/api/move", body, alice, origin="https://evil.example")
    assert status == 403
    assert (await board.post("/api/link", {"token": "x.y"}, origin="https://evil.example"))[0] == 403
    assert await stored(w) == game


async def test_a_session_making_too_many_requests_is_slowed_down(world, board):
    w = world
    await start_game(w)
    alice = await _session(w, w.alice)
    statuses = [(await board.get("/api/state", alice))[0] for _ in range(web_server.RATE + 5)]
    assert statuses[: web_server.RATE] == [200] * web_server.RATE and 429 in statuses


async def test_no_log_line_carries_a_link_or_a_session(world, board, caplog):
    caplog.set_level(logging.DEBUG)
    w = world
    game = await start_game(w)
    token = await _token(w, w.alice, game.id)
    session = (await board.post("/api/link", {"token": token}))[1]["session"]
    state = (await board.get("/api/state", session))[1]
    await board.post("/api/move", {"version": state["version"], "action": "draft 1"}, session)
    await board.post("/api/move", {"version": state["version"], "action": "draft 1"}, session)  # refused
    await w.env.settle()
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "on the web board" in text  # the move is logged, its tokens are not
    for secret in (token, token.split(".")[0], session):
        assert secret not in text


async def test_every_open_board_is_told_each_new_version_whoever_moved(world, board):
    w = world
    game = await start_game(w)
    bob = await _session(w, w.bob)
    async with board.http.ws_connect(
        board.url.replace("http", "ws") + "/api/live", headers={"Origin": board.url}
    ) as ws:
        await ws.send_str(json.dumps({"session": bob}))
        assert json.loads((await ws.receive(timeout=5)).data) == {"hello": True}
        await act(w, "draft 1")  # alice, not through the board
        message = json.loads((await ws.receive(timeout=5)).data)
        assert message["version"] == game.version + 1


async def test_a_live_channel_with_no_session_is_told_so_and_closed(world, board):
    async with board.http.ws_connect(board.url.replace("http", "ws") + "/api/live") as ws:
        await ws.send_str(json.dumps({"session": "nobody"}))
        assert json.loads((await ws.receive(timeout=5)).data) == {"error": "signed_out"}
        assert (await ws.receive(timeout=5)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


async def test_the_page_and_its_files_are_served_and_nothing_else(world, board):
    for path in ("/board", "/.proxy/board", "/static/board.js", "/.proxy/static/board.css"):
        async with board.http.get(board.url + path) as r:
            assert r.status == 200, path
    for path in ("/static/..%2Fserver.py", "/static/.hidden", "/static/nothing.js"):
        async with board.http.get(board.url + path) as r:
            assert r.status == 404, path


@pytest.mark.parametrize("lang", ["en", "de", "it", "es", "ja"])
async def test_the_page_s_words_come_in_each_language(world, board, lang):
    status, tables = await board.get(f"/api/tables?lang={lang}")
    assert status == 200 and tables["lang"] == lang
    assert len(tables["names"]["clock"]) == 12 and len(tables["names"]["spaces"]) == len(SPACES)
    # what a space does, in the board's terms: a tapped space names no command to type
    assert set(tables["help"]) == {"factory", "mine", "deliver", "money", "order", "bank", "scoring"}
    assert not [t for t, text in tables["help"].items() if "/coal" in text or "`" in text]
    if lang != "en":
        english = (await board.get("/api/tables?lang=en"))[1]
        same = [k for k, v in tables["words"].items() if v == english["words"][k] and not v.startswith("(")]
        assert len(same) <= 3, same  # (the few words that are the same in both, like "VP")
        assert not [t for t, text in tables["help"].items() if text == english["help"][t]]


async def test_a_refusal_is_said_in_the_viewer_s_words_and_a_refused_request_by_its_code(world, board):
    w = world
    game = await start_game(w)
    alice, bob = await _session(w, w.alice), await _session(w, w.bob)
    plan = {"steps": 4, "plan": "cage nowhere"}  # a step typed by hand the rules cannot read
    english = await board.post("/api/mine?lang=en", plan, alice)
    german = await board.post("/api/mine?lang=de", plan, alice)
    assert english[0] == german[0] == 409 and english[1]["refused"] != german[1]["refused"]
    move = {"version": game.version, "action": "draft 1"}  # not bob's turn
    english = await board.post("/api/move?lang=en", move, bob)
    german = await board.post("/api/move?lang=de", move, bob)
    assert english[0] == german[0] == 409 and english[1]["refused"] != german[1]["refused"]
    assert await board.get("/api/state", "nobody") == (401, {"error": "signed_out"})
    assert await board.post("/api/move", "not an object", alice) == (400, {"error": "bad_request"})
    assert await stored(w) == game


@pytest.mark.slow  # over a second
async def test_a_housekeeping_round_forgets_the_links_and_sessions_that_expired(world, board):
    w = world
    game = await start_game(w)
    await w.bot.board.access.link(w.alice.id, game.id)
    session = await _session(w, w.alice)
    await w.env.advance_time(SESSION_SECONDS + 1)
    await w.bot.housekeeping.round()
    async with w.bot.store.backend.read() as tx:
        left = [await tx.fetch(f"SELECT COUNT(*) FROM {table}", ()) for table in ("web_links", "web_sessions")]
    assert [rows[0][0] for rows in left] == [0, 0]
    assert (await board.get("/api/state", session))[0] == 401
