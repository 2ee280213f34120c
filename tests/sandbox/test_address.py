"""The sandbox's kept address (issue 74, item 6): a port its last start left with connections closing is
still its port, and a damaged address file gives way to a new address instead of stopping the sandbox.
(The restarts themselves: test_sandbox.py and test_browser.py.)"""

from __future__ import annotations

import socket

from bot.sandbox.address import SandboxAddress, choose_address, port_free, read_address, write_address


def _a_port_left_in_time_wait() -> int:
    """A port whose server closed a connection first, then stopped listening: the closing connection
    stays in TIME_WAIT on it for a minute, as after a sandbox stopped with its page open."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    served, _ = listener.accept()
    served.close()  # the server's side closes first: TIME_WAIT is on the server's port
    client.recv(1)
    client.close()
    listener.close()
    return port


def test_a_port_with_connections_still_closing_is_free_to_serve_again():
    """It was taken for busy (a probe without SO_REUSEADDR), so a restarted sandbox whose page had been open
    moved to another port and printed another address."""
    port = _a_port_left_in_time_wait()
    assert port_free(port)
    kept = SandboxAddress(port, "k" * 43)
    assert choose_address(kept, port=None, fresh_token=False) == kept


def test_a_port_someone_listens_on_gives_way_to_a_free_one_and_the_token_stays():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        kept = SandboxAddress(taken.getsockname()[1], "k" * 43)
        assert not port_free(kept.port)
        assert choose_address(kept, port=None, fresh_token=False) == SandboxAddress(0, kept.token)
        renewed = choose_address(kept, port=1234, fresh_token=True)
        assert renewed.port == 1234 and renewed.token != kept.token and len(renewed.token) >= 40


def test_a_damaged_address_file_is_replaced_not_fatal(tmp_path, caplog):
    path = tmp_path / "sandbox.address.json"
    for damaged in ("{", '{"port": "x", "token": "t"}', '{"port": 80}', "[]", '{"port": 8000, "token": "short"}'):
        path.write_text(damaged)
        assert read_address(path) is None
    assert "a new" in caplog.text
    assert read_address(tmp_path / "none.json") is None
    write_address(path, SandboxAddress(8000, "t" * 43))
    assert read_address(path) == SandboxAddress(8000, "t" * 43)
    assert not list(tmp_path.glob("*.partial"))
