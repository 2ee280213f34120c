"""Settings that mean what they say (issues 46 item 15, 48 item 1): `.env` read as a shell reads it,
every setting typed, a bad one refused in one line naming it, `python -m bot --check`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service.config import Settings

ROOT = Path(__file__).resolve().parents[2]

ORDINARY = """\
# comments, quotes, export lines and blank values, as people write them
export DRAWING_PROCESSES=2  # two cores
COMPUTER_PROCESSES="3"  # quoted, then a comment
PAUSE_LIMIT_DAYS=10  # ten
LOBBY_DAYS='4'
EXPERT_SECONDS=0.5  # a busy machine
DEV_GUILD_ID=
SHARD_COUNT=
SHARD_IDS=
NEW_PER_HOUR = 7
DISCORD_TOKEN=abc.def#not-a-comment
"""


@pytest.fixture
def clean_env(monkeypatch):
    """No setting of the bot in the environment: only the file says anything."""
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)


def _shell(env_file: Path) -> dict[str, str]:
    """The variables bash sets from the file (`set -a; . FILE`): what a shell would give."""
    script = f"set -a; . {env_file}; env -0"
    out = subprocess.run(["bash", "-c", script], capture_output=True, env={"PATH": os.environ["PATH"]}, check=True)
    return dict(line.split("=", 1) for line in out.stdout.decode().split("\0") if "=" in line)


def test_an_ordinary_env_file_gives_the_values_a_shell_would(tmp_path, clean_env):
    env_file = tmp_path / ".env"
    env_file.write_text(ORDINARY.replace("NEW_PER_HOUR = 7", "NEW_PER_HOUR=7"))  # (bash: no spaces)
    shell = _shell(env_file)
    settings = Settings.from_env(str(env_file))
    assert settings.drawing_processes == int(shell["DRAWING_PROCESSES"]) == 2  # was 1: "2  # two cores"
    assert settings.computer_processes == int(shell["COMPUTER_PROCESSES"]) == 3
    assert settings.pause_limit_days == int(shell["PAUSE_LIMIT_DAYS"]) == 10  # refused the start before
    assert settings.lobby_days == int(shell["LOBBY_DAYS"]) == 4
    assert settings.expert_seconds == float(shell["EXPERT_SECONDS"]) == 0.5
    assert settings.new_per_hour == int(shell["NEW_PER_HOUR"]) == 7
    assert settings.token == shell["DISCORD_TOKEN"] == "abc.def#not-a-comment"  # no space before #: kept
    assert shell["DEV_GUILD_ID"] == "" and settings.dev_guild_id is None  # blank: the default
    assert settings.shards is None


def test_the_environment_wins_over_the_file(tmp_path, clean_env, monkeypatch):
    env_file = tmp_path / ".env"
    env_file.write_text(ORDINARY)
    monkeypatch.setenv("DRAWING_PROCESSES", "0")
    assert Settings.from_env(str(env_file)).drawing_processes == 0


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("DRAWING_PROCESSES=two", "DRAWING_PROCESSES must be a whole number, at least 0, not 'two'"),
        ("COMPUTER_PROCESSES=0  # none", "COMPUTER_PROCESSES must be a whole number, at least 1, not '0'"),
        ("PAUSE_LIMIT_DAYS=1.5", "PAUSE_LIMIT_DAYS must be a whole number, at least 1, not '1.5'"),
        ("DEV_GUILD_ID=my-server", "DEV_GUILD_ID must be a whole number, above 0, not 'my-server'"),
        ("SHARD_IDS=0,1", "SHARD_IDS is set but SHARD_COUNT is not"),
        ("EXPERT_SECONDS=20", "EXPERT_SECONDS must be a number from 0.1 to 10, not '20'"),
        ("EXPERT_SECONDS=fast", "EXPERT_SECONDS must be a number from 0.1 to 10, not 'fast'"),
        ("WEB_PORT=8090\nPUBLIC_URL=coal.example.org", "PUBLIC_URL must be the board's address"),
        ("WEB_PORT=8090\nPUBLIC_URL=https://example.org/coal", "PUBLIC_URL must be the board's address"),
        ("PUBLIC_URL=https://coal.example.org", "PUBLIC_URL is set but WEB_PORT is not"),
        (
            "WEB_PORT=8090\nDISCORD_CLIENT_ID=1300000000000000001",
            "needs both DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET",
        ),
        (
            "DISCORD_CLIENT_ID=1300000000000000001\nDISCORD_CLIENT_SECRET=s",
            "DISCORD_CLIENT_ID is set but WEB_PORT is not",
        ),
        (
            "WEB_PORT=8090\nDISCORD_CLIENT_ID=my-app\nDISCORD_CLIENT_SECRET=s",
            "DISCORD_CLIENT_ID must be the application's id",
        ),
    ],
)
@pytest.mark.slow
def test_a_bad_value_stops_the_start_in_one_line_that_names_it(tmp_path, line, says):
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN=x\n{line}\n")
    env = {k: v for k, v in os.environ.items() if k.lower() not in Settings.model_fields}
    env["PYTHONPATH"] = str(ROOT)
    for args in (["--check"], []):
        out = subprocess.run(
            [sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
        )
        assert out.returncode == 2, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1 and says in out.stderr, out.stderr


@pytest.mark.slow
def test_check_prints_the_settings_with_secrets_hidden(tmp_path):
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=MTIz.secret-token\nCOALBARON_DB=postgresql://bot:hunter2@db/coal?password=hunter2\n"
        "DRAWING_PROCESSES=2  # two cores\n"
    )
    env = {k: v for k, v in os.environ.items() if k.lower() not in Settings.model_fields}
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run(
        [sys.executable, "-m", "bot", "--check"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    shown = dict(line.split("=", 1) for line in out.stdout.splitlines())
    assert set(shown) == {name.upper() for name in Settings.model_fields}  # every setting, by its variable
    assert shown["DISCORD_TOKEN"] == "(set, hidden)" and shown["DRAWING_PROCESSES"] == "2"
    assert shown["COALBARON_DB"] == "postgresql://bot@db/coal"
    assert "secret-token" not in out.stdout and "hunter2" not in out.stdout


def test_env_example_lists_every_setting_with_its_default():
    """Every setting is in `.env.example` with its default, and nothing there is not a setting."""
    listed = {}
    for line in (ROOT / ".env.example").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.partition("=")
            listed[name] = value
    assert set(listed) == {name.upper() for name in Settings.model_fields}
    defaults = Settings.model_construct()
    for name, value in listed.items():
        default = getattr(defaults, name.lower())
        if value:
            assert str(default) == value, name
        else:
            assert default in (None, "") or not str(default), name


def test_log_format_json_writes_one_json_object_a_line(tmp_path):
    (tmp_path / ".env").write_text("LOG_FORMAT=json\n")
    env = {k: v for k, v in os.environ.items() if k.lower() not in Settings.model_fields}
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 2
    lines = [json.loads(line) for line in out.stderr.strip().splitlines()]
    assert lines[-1]["level"] == "ERROR" and lines[-1]["message"].startswith("No Discord token")
    assert {"time", "level", "logger", "message"} <= set(lines[-1])


def test_version_is_the_package_s():
    from importlib.metadata import version

    out = subprocess.run(
        [sys.executable, "-m", "bot", "--version"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0 and out.stdout == f"coalbaron-discord {version('coalbaron-discord')}\n"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("dotenv", "status", "says"),
    [
        ("DEV_GUILD_ID=1\n", 2, "No Discord token: set DISCORD_TOKEN in .env"),
        ("DISCORD_TOKEN=x\nCOALBARON_DB=notes.txt\n", 1, "is not a SQLite database"),
    ],
)
def test_check_says_what_would_stop_the_start_with_the_start_s_status(tmp_path, dotenv, status, says):
    """Issue 71: `--check` without a token exited 0 while the bot itself then exited 2."""
    (tmp_path / ".env").write_text(dotenv)
    (tmp_path / "notes.txt").write_text("not a database\n")
    env = {k: v for k, v in os.environ.items() if k.lower() not in Settings.model_fields}
    env["PYTHONPATH"] = str(ROOT)
    for args in (["--check"], []):
        out = subprocess.run(
            [sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
        )
        assert out.returncode == status, (args, out.stderr)
        errors = [line for line in out.stderr.splitlines() if " ERROR " in line or not line.startswith("20")]
        if args:  # (the start itself logs in to Discord first, out of reach here, and says so in its line)
            assert len(out.stderr.strip().splitlines()) == 1 and says in out.stderr, out.stderr
        assert len(errors) == 1, out.stderr
    assert (tmp_path / "notes.txt").read_text() == "not a database\n"  # left untouched
