"""The sandbox without a browser (issue 14): it starts, serves its page on 127.0.0.1 only, keeps
its own database, and stops cleanly on SIGTERM with the database closed; the bot without a token
points to it. (A game resumed after a restart: test_browser.py.)"""

from __future__ import annotations

import json
import re
import socket
import sqlite3
import stat
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from .conftest import ROOT, start_sandbox


def _addresses() -> list[str]:
    """This machine's addresses other than loopback (where the page must not be served)."""
    try:
        names = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return sorted({info[4][0] for info in names if not info[4][0].startswith("127.")})


def _listening(port: int) -> set[str]:
    """The local addresses listening on `port` (Linux: /proc/net/tcp and tcp6), e.g. {"127.0.0.1"}."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = open(table).read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            local, state = row.split()[1], row.split()[3]
            address, _, hex_port = local.partition(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                if len(address) == 8:
                    found.add(socket.inet_ntoa(bytes.fromhex(address)[::-1]))
                else:
                    found.add(address)
    return found


@pytest.mark.slow
def test_the_sandbox_serves_on_loopback_only_and_stops_cleanly_on_sigterm(sandbox):
    with urllib.request.urlopen(f"http://127.0.0.1:{sandbox.port}/", timeout=10) as page:
        assert page.status == 200 and "SimCord" in page.read().decode()
    assert _listening(sandbox.port) == {"127.0.0.1"}  # bound to loopback, not to every interface
    said = [sandbox.process.stdout.readline() for _ in range(2)]
    [board] = [re.search(r"listens on (http://127\.0\.0\.1:(\d+))", line) for line in said if "web board" in line]
    with urllib.request.urlopen(f"{board[1]}/board", timeout=10) as page:  # the web board, beside it
        assert page.status == 200 and "board.js" in page.read().decode()
    assert _listening(int(board[2])) == {"127.0.0.1"}
    for address in _addresses():  # another interface of this machine: nothing listens there
        with socket.socket() as s:
            s.settimeout(2)
            assert s.connect_ex((address, sandbox.port)) != 0, f"reachable on {address}"
    code, out, err = sandbox.stop()
    assert code == 0, err[-3000:]
    assert "database is closed" in out and "Traceback" not in err
    # discord.py's warnings about voice and intents do not apply to a simulated Discord (issue 50)
    assert not any(w in err for w in ("PyNaCl", "davey", "Guilds intent")), err[-2000:]
    assert not sandbox.database.with_name(sandbox.database.name + "-wal").exists()  # checkpointed and closed
    with sqlite3.connect(sandbox.database) as con:  # intact, with our schema
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert con.execute("SELECT count(*) FROM games").fetchone() == (0,)


@pytest.mark.slow
def test_the_bot_without_a_token_says_so_and_points_to_the_sandbox(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    [line] = [x for x in out.stderr.splitlines() if "No Discord token" in x]
    assert "`.venv/bin/python -m bot --sandbox`" in line  # the command that works after the README's install


@pytest.mark.slow
def test_a_busy_port_is_one_line_not_a_traceback(tmp_path):
    """Issue 71: `--sandbox --port N` with N in use printed a full traceback."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "bot",
                "--sandbox",
                "--no-browser",
                "--port",
                str(port),
                "--database",
                str(tmp_path / "sandbox.sqlite3"),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert out.returncode == 1, out.stderr[-2000:]
    assert "Traceback" not in out.stderr
    [line] = [x for x in out.stderr.splitlines() if "ERROR" in x]
    assert f"The sandbox cannot listen on 127.0.0.1:{port}: something else uses that port" in line


@pytest.mark.slow
def test_a_restarted_sandbox_keeps_its_address_until_a_new_token_is_asked_for(tmp_path):
    """Issue 74, item 6: each restart printed a new address (a new token even with --port), and the open tab
    stopped working. The address is kept in the data folder, for its owner only; --new-token replaces the
    token (the old address then opens nothing) and keeps the port."""
    database = tmp_path / "sandbox.sqlite3"
    first = start_sandbox(database)
    assert first.stop()[0] == 0
    kept = tmp_path / "sandbox.address.json"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert json.loads(kept.read_text()) == {"port": first.port, "token": first.url.split("#", 1)[1]}

    again = start_sandbox(database, port=None)  # no --port: the kept one
    try:
        assert again.url == first.url
        assert _page_answers(again.url)  # the same address opens the resumed sandbox
    finally:
        assert again.stop()[0] == 0

    renewed = start_sandbox(database, port=None, more=("--new-token",))
    try:
        assert renewed.port == first.port and renewed.url != first.url
        assert _page_answers(renewed.url) and not _page_answers(first.url)
    finally:
        assert renewed.stop()[0] == 0


def _page_answers(url: str) -> bool:
    """Whether the preview's server takes the token in `url` (its API refuses any other, 401)."""
    origin, token = url.split("/#", 1)
    request = urllib.request.Request(f"{origin}/api/pages", data=b"{}", method="POST")
    request.add_header("X-Simcord-Capability", token)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status == 200
    except urllib.error.HTTPError:
        return False
