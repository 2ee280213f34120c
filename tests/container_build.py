"""Builds the project's container image here, where no registry is reachable (design/container-testing.md):
a Debian base made with debootstrap and imported into podman, then the Dockerfile built on it.

    python -m tests.container_build LOG     # writes what it did and how long each step took to LOG

`tests/conftest.py` starts it in the background as soon as the session knows it will run
`tests/test_container.py`, so the minute or two it takes overlaps the rest of the suite; the test then
waits for it and checks the image from inside. Exit status 0: the image `localhost/coalbaron:test` is built.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE = "localhost/debian-bookworm:min"
IMAGE = "localhost/coalbaron:test"
CA = Path("/etc/ssl/certs/ca-certificates.crt")
TOOLS = ("podman", "buildah", "debootstrap")


def missing() -> str | None:
    """Why the image cannot be built here, or None."""
    absent = [tool for tool in TOOLS if shutil.which(tool) is None and not Path(f"/usr/sbin/{tool}").exists()]
    if absent:
        return f"{', '.join(absent)} not found: apt install podman buildah debootstrap"
    return None


def run(log, *command: str, **options) -> None:
    started = time.monotonic()
    log.write(f"$ {' '.join(command)}\n")
    log.flush()
    subprocess.run(command, check=True, stdout=log, stderr=subprocess.STDOUT, **options)
    log.write(f"# {time.monotonic() - started:.1f} s\n")
    log.flush()


def has_image(name: str) -> bool:
    return subprocess.run(["podman", "image", "exists", name]).returncode == 0


def main(log_path: str) -> int:
    with open(log_path, "w") as log:
        try:
            started = time.monotonic()
            if not has_image(BASE):
                with tempfile.TemporaryDirectory(prefix="coalbaron-base-") as folder:
                    root = Path(folder) / "root"
                    debootstrap = shutil.which("debootstrap") or "/usr/sbin/debootstrap"
                    run(log, debootstrap, "--variant=minbase", "bookworm", str(root))
                    tar = subprocess.Popen(["tar", "-C", str(root), "-c", "."], stdout=subprocess.PIPE)
                    run(log, "podman", "import", "-", BASE, stdin=tar.stdout)
                    tar.wait()
            build = ["podman", "build", "--isolation", "chroot", "--format", "docker", "--build-arg", f"BASE={BASE}"]
            if CA.exists():
                build += ["--secret", f"id=ca,src={CA}"]
            run(log, *build, "-t", IMAGE, str(ROOT))
            log.write(f"# built in {time.monotonic() - started:.1f} s\n")
        except (subprocess.CalledProcessError, OSError) as err:
            log.write(f"# failed: {err}\n")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
