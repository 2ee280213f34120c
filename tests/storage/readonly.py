"""Real read-only files and folders for tests, also when the tests run as root (as CI does).

Root may write any file whatever its mode, through the capability CAP_DAC_OVERRIDE. A
child process started with `preexec_fn=obey_file_modes` has that capability (and
CAP_DAC_READ_SEARCH) removed from its bounding set before it execs, so it meets `chmod`
as any user would: the same EACCES from the kernel, nothing simulated.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from pathlib import Path

import pytest

PR_CAPBSET_DROP = 24
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 1, 2


def obey_file_modes() -> None:
    """In a forked child before exec: give up root's right to ignore file modes (no-op for others)."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) refused")


@pytest.fixture
def file_modes_obeyed(tmp_path: Path) -> None:
    """Skip unless a child started with `obey_file_modes` is refused a file made read-only."""
    probe = tmp_path / "probe"
    probe.write_bytes(b"x")
    probe.chmod(0o444)
    try:
        result = subprocess.run(
            [sys.executable, "-c", f"open({str(probe)!r}, 'r+b')"],
            preexec_fn=obey_file_modes,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError) as err:
        pytest.skip(f"cannot start a process that obeys file modes here: {err}")
    finally:
        probe.chmod(0o644)
        probe.unlink()
    if "PermissionError" not in result.stderr:
        pytest.skip("this system lets the test process write read-only files (no way to drop that right)")
