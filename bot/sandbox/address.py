"""The sandbox's address kept across restarts: its page's port and secret token, in its data folder.

A restarted sandbox prints the same address, so a tab left open is reloaded rather than replaced (SimCord's
page says "Reload the active Preview URL" once the process behind it has gone; the same URL then opens the
resumed game). The address lives beside the sandbox's database (`data/sandbox.address.json` for
`data/sandbox.sqlite3`), readable by its owner only, as the token is the key to the page. `--new-token`
replaces the token (anyone who had the old address loses the page); `--port N` replaces the port. A port
another program took meanwhile gives way to a free one, which the file then keeps.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("coalbaron")


@dataclass(frozen=True)
class SandboxAddress:
    """The page's port on 127.0.0.1 (0 until one was bound) and its capability token."""

    port: int
    token: str


def address_file(database: Path) -> Path:
    """Where the address of the sandbox whose games are in `database` is kept."""
    return database.with_name(database.stem + ".address.json")


def new_token() -> str:
    """A token as strong as the one SimCord's preview makes for itself."""
    return secrets.token_urlsafe(32)


def read_address(path: Path) -> SandboxAddress | None:
    """The address kept in `path`, or None when there is none or it cannot be read as one (then a new one
    is made: a damaged file must not stop the sandbox)."""
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        port, token = kept["port"], kept["token"]
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as err:
        log.warning("sandbox: %s could not be read (%s); a new address is made", path, err)
        return None
    if not isinstance(port, int) or not 0 <= port <= 65535 or not isinstance(token, str) or len(token) < 16:
        log.warning("sandbox: %s does not hold an address; a new one is made", path)
        return None
    return SandboxAddress(port, token)


def write_address(path: Path, address: SandboxAddress) -> None:
    """Keep `address` in `path`, created for its owner only (0600) and replaced whole (never half written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump({"port": address.port, "token": address.token}, out)
        out.write("\n")
    os.replace(partial, path)


def port_free(port: int) -> bool:
    """Whether nothing listens on `port` on 127.0.0.1 now. Probed as the servers bind (aiohttp sets
    SO_REUSEADDR): connections of the last start still closing (TIME_WAIT) do not make a port busy."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def choose_address(kept: SandboxAddress | None, *, port: int | None, fresh_token: bool) -> SandboxAddress:
    """The address to serve on: `port` when asked for (a busy one then fails the start, as asked), else the
    kept port while it is free (0, a free one, otherwise); the kept token unless a new one is asked for."""
    token = new_token() if fresh_token or kept is None else kept.token
    if port is not None:
        return SandboxAddress(port, token)
    if kept is not None and kept.port and port_free(kept.port):
        return SandboxAddress(kept.port, token)
    return SandboxAddress(0, token)
