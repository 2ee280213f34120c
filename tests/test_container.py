"""The container image (issue 48, item 5): built from the Dockerfile on a Debian base made here (no registry
is reachable), and checked from inside: `--version`, `--check` (exit 2 without a token, 0 with one), the
one line and exit 2 of a start without a token, a user that is not root, the health check on /healthz.

The build runs in the background from the start of the session (`tests/container_build.py`, started by
`tests/conftest.py`); this test waits for it. Without podman, buildah and debootstrap it skips, saying how
to install them; under CI (CI=true) it fails instead."""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
import tomllib
from pathlib import Path

import pytest

from tests import container_build

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def _inside(container: str, *command: str, env: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    settings = [f"--env={pair}" for pair in env]
    return subprocess.run(
        ["buildah", "run", "--isolation", "chroot", *settings, container, "--", *command],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_image_builds_and_the_bot_inside_answers(container_image):
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    container = subprocess.run(["buildah", "from", container_image], capture_output=True, text=True, check=True)
    name = container.stdout.strip().splitlines()[-1]
    try:
        out = _inside(name, "python", "-m", "bot", "--version")
        assert out.returncode == 0 and out.stdout.strip() == f"coalbaron-discord {version}", out.stderr
        buildahs = re.compile(r"(subprocess exited|Error: exit status)")  # buildah's own lines about the exit
        # Without a token `--check` shows the settings and says, with the start's own status, what stops it.
        out = _inside(name, "python", "-m", "bot", "--check")
        said = [line for line in out.stderr.splitlines() if not buildahs.match(line)]
        assert out.returncode == 2 and len(said) == 1 and "No Discord token" in said[0], out.stderr
        shown = dict(line.split("=", 1) for line in out.stdout.splitlines())
        assert shown["COALBARON_DB"] == "/data/coalbaron.sqlite3" and shown["HEALTH_PORT"] == "8080"
        assert shown["DISCORD_TOKEN"] == "(not set)"
        # With one, nothing the image holds stops it: the database folder is there and writable.
        out = _inside(name, "python", "-m", "bot", "--check", env=("DISCORD_TOKEN=not-a-real-token",))
        assert out.returncode == 0, out.stderr
        out = _inside(name, "python", "-m", "bot")
        said = [line for line in out.stderr.splitlines() if not buildahs.match(line)]
        assert out.returncode == 2 and len(said) == 1 and "No Discord token" in said[0], out.stderr
        out = _inside(name, "id", "-u")
        assert out.returncode == 0 and out.stdout.strip() not in ("", "0")
    finally:
        subprocess.run(["buildah", "rm", name], capture_output=True)
    config = json.loads(subprocess.run(["podman", "inspect", container_image], capture_output=True, text=True).stdout)
    check = config[0]["Healthcheck"]["Test"]
    assert any("/healthz" in part for part in check)
    size = config[0]["Size"]
    print(f"image {container_image}: {size / 1e6:.0f} MB")


@pytest.fixture(scope="module")
def container_image():
    why = container_build.missing()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"the container test cannot run in CI: {why}")
        pytest.skip(f"container test skipped: {why}")
    from tests import conftest

    build = conftest.container_build()
    deadline = time.monotonic() + 900
    while build.poll() is None:
        assert time.monotonic() < deadline, "the image build took more than 15 minutes"
        time.sleep(1)
    log = Path(conftest.CONTAINER_LOG).read_text()
    assert build.returncode == 0, log[-3000:]
    built = re.search(r"# built in ([\d.]+) s", log)
    print(f"image built in {built[1] if built else '?'} s (in the background)")
    return container_build.IMAGE
