"""The Activity's bundle for the tests: `bot/web/static/activity.js`, built from `bot/web/activity` (npm ci,
then esbuild) when it is missing or older than its sources; once a session.

Without Node's npm the Activity's tests are skipped locally, saying how to install it; under CI (CI set)
they fail instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "bot" / "web" / "activity"
BUNDLE = PACKAGE.parent / "static" / "activity.js"
SOURCES = (PACKAGE / "package.json", PACKAGE / "package-lock.json", *sorted((PACKAGE / "src").glob("*.js")))


def _stale() -> bool:
    return not BUNDLE.exists() or BUNDLE.stat().st_mtime < max(p.stat().st_mtime for p in SOURCES)


def activity_bundle_or_skip() -> Path:
    """The built bundle (built now if need be)."""
    npm = shutil.which("npm")
    if npm is None:
        why = "no npm: install Node with `sudo apt-get install -y nodejs npm`"
        if os.environ.get("CI"):
            pytest.fail(f"the Activity's test must run in CI: {why}")
        pytest.skip(f"Activity test skipped: {why}")
    if _stale():
        for command in ([npm, "ci", "--no-audit", "--no-fund"], [npm, "run", "build"]):
            done = subprocess.run(command, cwd=PACKAGE, capture_output=True, text=True, timeout=600)
            assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return BUNDLE
