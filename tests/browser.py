"""Chromium for the browser tests: Debian's package through Playwright (its own download is not used).

Without Chromium or Playwright a browser test is skipped locally, saying how to install them; under CI (CI
set) it fails instead, so CI never skips one.
"""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)


def chromium_or_skip() -> str:
    """The path of the system Chromium, once Playwright is known to be there too."""
    why = None
    if CHROMIUM is None:
        why = "no Chromium: install it with `sudo apt-get install -y chromium`"
    else:
        try:
            import playwright.async_api  # noqa: F401
        except ImportError:
            why = "no Playwright: install the test extra (`pip install -e '.[test]'`)"
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"the browser test must run in CI: {why}")
        pytest.skip(f"browser test skipped: {why}")
    assert CHROMIUM is not None
    return CHROMIUM
