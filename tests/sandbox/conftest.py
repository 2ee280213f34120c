"""The sandbox in a subprocess: `python -m bot --sandbox` on a free loopback port and its own database."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
URL = re.compile(r"open (http://127\.0\.0\.1:(\d+)/#\S+)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Sandbox:
    process: subprocess.Popen
    url: str
    port: int
    database: Path

    def stop(self, timeout: float = 30) -> tuple[int, str, str]:
        """SIGTERM, then its exit code and what it printed."""
        self.process.terminate()
        out, err = self.process.communicate(timeout=timeout)
        return self.process.returncode, out, err


def start_sandbox(database: Path, timeout: float = 60, *, port: int | None = 0, more: tuple[str, ...] = ()) -> Sandbox:
    """The sandbox on `port` (0: a free one; None: `--port` left out, so the port it kept), with `more`
    arguments."""
    chosen = ["--port", str(port or free_port())] if port is not None else []
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "--sandbox", "--no-browser", *chosen, "--database", str(database), *more],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        found = URL.search(line)
        if found:
            return Sandbox(process, found[1], int(found[2]), database)
    process.kill()
    out, err = process.communicate()
    raise AssertionError(f"the sandbox did not print its address:\n{out}\n{err[-3000:]}")


@pytest.fixture
def sandbox(tmp_path):
    box = start_sandbox(tmp_path / "sandbox.sqlite3")
    yield box
    if box.process.poll() is None:
        box.process.kill()
        box.process.communicate()
