"""The bot's version: the installed package's (pyproject.toml), shown by `python -m bot --version`, in the
log at start and in `/coal help`."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    VERSION = version("coalbaron-discord")
except PackageNotFoundError:  # run from a checkout that was never installed
    VERSION = "unknown"
