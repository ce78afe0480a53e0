"""`deckwright play` on a real pseudo-terminal: what a gamemaster at a screen sees and types
(secret input without echo, the screen cleared after a secret), for the tests that need a tty."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DECKWRIGHT = Path(sys.executable).parent / "deckwright"


class Screen:
    """Everything play wrote so far, and the keys to type."""

    def __init__(self, fd: int):
        self.fd, self.seen = fd, [""]

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\n")

    def read_until(self, marker: str, timeout: float = 60.0) -> str:
        """What was written from now until `marker` appeared."""
        return self.read_until_any([marker], timeout)[1]

    def read_until_any(self, markers: list[str], timeout: float = 60.0) -> tuple[str, str]:
        """The first of `markers` to appear from now on, and what was written up to then."""
        start, deadline = len(self.text), time.monotonic() + timeout
        while True:
            text = self.text[start:]
            found = [(text.index(m), m) for m in markers if m in text]
            if found:
                return min(found)[1], text
            ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"none of {markers!r} from deckwright play; output:\n{self.text}")
            self.seen.append(os.read(self.fd, 65536).decode(errors="replace"))

    @property
    def text(self) -> str:
        return "".join(self.seen)


@contextmanager
def play_in_pty(args: list[str], db: Path) -> Iterator[Screen]:
    """`deckwright play ARGS` with its stdin and stdout on a pty, at 80 columns, killed at the end."""
    primary, secondary = pty.openpty()
    env = {**os.environ, "DECKWRIGHT_DB": str(db), "NO_COLOR": "1", "COLUMNS": "80"}
    proc = subprocess.Popen([str(DECKWRIGHT), "play", *args], stdin=secondary, stdout=secondary,
                            stderr=secondary, env=env)
    os.close(secondary)
    try:
        yield Screen(primary)
    finally:
        proc.kill()
        proc.wait()
        os.close(primary)
