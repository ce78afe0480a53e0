"""Worker processes that never outlive their parent, and stop at once when it is interrupted.

`sim --jobs N` and `bench/soak.py` play in a process pool. Left to itself a pool's worker
catches Ctrl-C as a result to send back and waits for more work, and a worker whose parent
was killed waits forever: `follow_parent` (called in each worker) ends the worker when the
parent is gone, and `stop_workers` (called by the parent on Ctrl-C) ends them all at once.

A KeyboardInterrupt raised in the parent in the middle of the pool's bookkeeping (inside
`submit`, between taking and releasing one of its locks) leaves that lock held, and the pool's
manager thread, which the interpreter joins on exit, waits for it forever: `as_completed_or_stopped`
turns Ctrl-C into a flag the parent checks between submits and between waits, so the interrupt
is only raised at a safe point, after the workers are stopped.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import connection
from typing import Any

PARENT_POLL = 0.2       # seconds between a worker's checks that its parent lives
INTERRUPT_POLL = 0.05   # seconds the parent waits for results before it checks for Ctrl-C
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
    """Terminate the pool's worker processes at once and drop the games still queued.

    A worker counts as stopped when its sentinel says it exited, not by `is_alive()`: the pool's
    manager thread reaps the workers too, and a `waitpid` racing it can find the child already
    reaped but its exit not yet recorded, so `is_alive()` says True for a process that is gone."""
    # the executor keeps no public list of its processes; `_processes` is stable since 3.2
    processes = list((getattr(pool, "_processes", None) or {}).values())  # None once shut down
    manager = getattr(pool, "_executor_manager_thread", None)  # cleared by shutdown: taken first
    for process in processes:
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    running = _still_running(processes, grace)
    for process in running:
        process.kill()
    _still_running(running, grace)
    if manager is not None:
        manager.join(grace)  # it joins the workers; once it is done, their exits are recorded


def _still_running(processes: list[Any], timeout: float) -> list[Any]:
    """The processes that have not exited within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    running = {process.sentinel: process for process in processes}
    while running:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        for sentinel in connection.wait(list(running), left):
            del running[sentinel]
    return list(running.values())


def as_completed_or_stopped(pool: ProcessPoolExecutor, calls: Iterable[tuple[Callable[..., Any], tuple[Any, ...]]]
                            ) -> Generator[tuple[tuple[Any, ...], Future[Any]], None, None]:
    """Submit `calls` (function, arguments) to `pool`; yield (arguments, future) as each completes.

    Ctrl-C (SIGINT to this, the main, thread) stops the workers at once and raises
    KeyboardInterrupt here; so does any exception the caller raises while consuming."""
    interrupted = threading.Event()
    previous = _catch_interrupt(interrupted)
    try:
        submitted: dict[Future[Any], tuple[Any, ...]] = {}
        for function, args in calls:
            if interrupted.is_set():
                break
            submitted[pool.submit(function, *args)] = args
        pending = set(submitted)
        while pending and not interrupted.is_set():
            done, pending = wait(pending, timeout=INTERRUPT_POLL, return_when=FIRST_COMPLETED)
            yield from ((submitted[future], future) for future in done)
        if interrupted.is_set():
            raise KeyboardInterrupt
    except BaseException:
        stop_workers(pool)
        raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _catch_interrupt(interrupted: threading.Event) -> Any:
    """Let SIGINT set `interrupted` instead of raising; the handler it replaced, or None when
    SIGINT is not this thread's to catch (not the main thread, or SIGINT ignored)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return None
    return signal.signal(signal.SIGINT, lambda signum, frame: interrupted.set())
