"""Worker processes that never outlive their parent, and stop at once when it is interrupted.

`sim --jobs N` and `bench/soak.py` play in a process pool. Left to itself a pool's worker
catches Ctrl-C as a result to send back and waits for more work, and a worker whose parent
was killed waits forever: `follow_parent` (called in each worker) ends the worker when the
parent is gone, and `stop_workers` (called by the parent on Ctrl-C) ends them all at once.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

PARENT_POLL = 0.2       # seconds between a worker's checks that its parent lives
_PR_SET_PDEATHSIG = 1   # prctl option: the signal this process gets when its parent dies

def follow_parent(parent: int) -> None:
    """End this process as soon as `parent` is gone, even if it was killed without warning.

    Linux delivers SIGKILL on the parent's death (prctl PR_SET_PDEATHSIG); elsewhere, and as a
    second line (a worker started by a fork server has another parent), a thread checks every
    PARENT_POLL seconds that the parent still lives and this process was not re-parented."""
    if os.getppid() == parent:
        _ask_for_death_signal()
    if not _is_alive(parent):  # the parent died before the request took effect
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent, os.getppid()), daemon=True, name="watch-parent").start()


def _ask_for_death_signal() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = _libc()
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # the watching thread still ends the worker


def _libc() -> ctypes.CDLL:
    """The C library: its usual Linux name first (`find_library` runs a program to look it up)."""
    try:
        return ctypes.CDLL("libc.so.6", use_errno=True)
    except OSError:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


def _watch_parent(parent: int, first_parent: int) -> None:
    while os.getppid() == first_parent and _is_alive(parent):
        time.sleep(PARENT_POLL)
    os._exit(1)


def _is_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stop_workers(pool: ProcessPoolExecutor, grace: float = 0.5) -> None:
    """Terminate the pool's worker processes at once and drop the games still queued."""
    # the executor keeps no public list of its processes; `_processes` is stable since 3.2
    processes = list(getattr(pool, "_processes", {}).values())
    for process in processes:
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(grace)
        if process.is_alive():
            process.kill()
            process.join(grace)
