"""A throwaway PostgreSQL server on loopback, for the tests and the benchmark.

    with LocalPostgres() as pg:          # initdb in a temporary folder, start on 127.0.0.1
        url = pg.create_database("t1")   # postgresql://postgres@127.0.0.1:PORT/t1

It runs Debian's `postgresql` binaries (`apt-get install postgresql`; `.ci/run` installs
them when missing). PostgreSQL refuses to run as root, so as root the server runs as the
`postgres` system user, which the package creates. `LocalPostgres.unavailable()` says why
a server cannot start here, or None.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

INSTALL_HINT = "install PostgreSQL's server binaries: `apt-get install postgresql` (Debian/Ubuntu)"


def _bin_dir() -> Path | None:
    """The folder holding `initdb` and `pg_ctl`: PATH first, then Debian's versioned folders."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(candidate, "initdb").exists() and Path(candidate, "pg_ctl").exists():
            return Path(candidate)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LocalPostgres:
    """One PostgreSQL server in a temporary folder, on 127.0.0.1 only; stopped on exit."""

    def __init__(self, *, fast: bool = False):
        self.fast = fast  # no fsync: for tests, never for the benchmark's figures
        self.bin = _bin_dir()
        self.port = 0
        self.folder: Path | None = None
        self._runas: list[str] = []

    @staticmethod
    def unavailable() -> str | None:
        """Why a server cannot be started on this machine (None: it can)."""
        if _bin_dir() is None:
            return f"no PostgreSQL server binaries (initdb, pg_ctl) found; {INSTALL_HINT}"
        if os.geteuid() == 0 and shutil.which("runuser") is None:
            return "running as root without `runuser` to start PostgreSQL as another user"
        if os.geteuid() == 0:
            try:
                import pwd

                pwd.getpwnam("postgres")
            except KeyError:
                return f"running as root and there is no `postgres` user to run the server as; {INSTALL_HINT}"
        return None

    def _run(self, *args: str, **kw) -> subprocess.CompletedProcess:
        return subprocess.run([*self._runas, *args], check=True, capture_output=True, text=True, **kw)

    def start(self) -> LocalPostgres:
        why = self.unavailable()
        if why:
            raise RuntimeError(why)
        assert self.bin is not None
        self.folder = Path(tempfile.mkdtemp(prefix="coalbaron-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
            self._runas = ["runuser", "-u", "postgres", "--"]
        data = self.folder / "data"
        self._run(str(self.bin / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        self.port = _free_port()
        self._serve()
        return self

    def _serve(self) -> None:
        assert self.bin is not None and self.folder is not None
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c max_connections=200"
        if self.fast:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        data = str(self.folder / "data")
        self._run(str(self.bin / "pg_ctl"), "-D", data, "-o", options, "-l", str(self.folder / "log"), "-w", "start")

    def halt(self) -> None:
        """Stop the server as a crash or an operator would (its databases kept): every connection
        breaks, new ones are refused until `resume`."""
        assert self.bin is not None and self.folder is not None
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        """Start the server again after `halt`, on the same port, with the same databases."""
        self._serve()

    def stop(self) -> None:
        if self.folder is None:
            return
        try:
            if self.port and self.bin is not None:
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        except subprocess.CalledProcessError:
            pass  # not running (halted and not resumed)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str, template: str | None = None) -> str:
        """A new database on this server, empty or a copy of `template` (a database nobody is connected to);
        its URL."""
        copy = f' TEMPLATE "{template}"' if template else ""
        self.psql(f'CREATE DATABASE "{name}"{copy}')
        return self.url(name)

    def drop_database(self, name: str) -> None:
        self.psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run SQL through `psql` (no Python driver needed); its output, unaligned."""
        assert self.bin is not None
        psql = self.bin / "psql"
        out = subprocess.run(
            [str(psql if psql.exists() else "psql"), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
             "-d", self.url(database), "-c", sql],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        return out.stdout

    def __enter__(self) -> LocalPostgres:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
