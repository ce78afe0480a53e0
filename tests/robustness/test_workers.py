"""The parent's side of stopping a process pool (companion.workers.as_completed_or_stopped).

Ctrl-C raised as KeyboardInterrupt inside the pool's bookkeeping could leave one of its locks
held, and the interpreter, which joins the pool's manager thread on exit, then hung for good
(seen once in ten interrupted `sim --jobs 2` runs). Here Ctrl-C comes as a real SIGINT to this
process in the middle of submitting: it is raised after the workers are stopped, and the pool
winds down completely, so nothing is left for the exit to wait on."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing
from typing import Any

import pytest

from companion.workers import as_completed_or_stopped, follow_parent, stop_workers

WOUND_DOWN = 10.0  # seconds the pool's threads get to end (a hang, not a speed, is tested)


def _nap(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _pool() -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=2, initializer=follow_parent, initargs=(os.getpid(),))


def _running(pool: ProcessPoolExecutor) -> tuple[list[Any], Any]:
    """The pool's workers and its manager thread (private, but the thing the interpreter would
    join at exit), taken while it runs: `shutdown` forgets both."""
    return list(pool._processes.values()), pool._executor_manager_thread


def _assert_wound_down(workers: list[Any], manager: Any) -> None:
    manager.join(WOUND_DOWN)
    assert not manager.is_alive(), "the pool's manager thread still runs: the exit would hang"
    # the manager thread joined the workers, so their exits are recorded and is_alive() is exact
    assert [w.pid for w in workers if w.is_alive()] == []
    if os.path.isdir("/proc"):  # and the system agrees: no process, not even a zombie
        assert [w.pid for w in workers if os.path.exists(f"/proc/{w.pid}")] == []
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_while_submitting_stops_the_workers_and_leaves_no_lock_held() -> None:
    pool = _pool()
    running: list[tuple[list[Any], Any]] = []

    def calls() -> Iterator[tuple[Any, tuple[Any, ...]]]:
        for index in range(2000):
            if index == 50:
                running.append(_running(pool))
                os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, delivered while submitting
            yield _nap, (0.01,)

    with pytest.raises(KeyboardInterrupt), closing(as_completed_or_stopped(pool, calls())) as completed:
        for _ in completed:
            pass
    _assert_wound_down(*running[0])


def test_ctrl_c_while_waiting_for_results_stops_the_workers() -> None:
    pool = _pool()
    with pytest.raises(KeyboardInterrupt), closing(as_completed_or_stopped(
            pool, [(_nap, (0.01 if n == 0 else 30.0,)) for n in range(4)])) as completed:
        for _ in completed:  # the first, short, task is done: Ctrl-C while the long ones run
            workers, manager = _running(pool)
            os.kill(os.getpid(), signal.SIGINT)
    _assert_wound_down(workers, manager)


def test_a_failure_while_consuming_results_stops_the_workers() -> None:
    pool = _pool()
    with pytest.raises(ValueError), closing(as_completed_or_stopped(
            pool, [(_nap, (0.01 if n == 0 else 30.0,)) for n in range(4)])) as completed:
        for _ in completed:
            workers, manager = _running(pool)
            raise ValueError("a game failed")
    _assert_wound_down(workers, manager)
    stop_workers(pool)  # a caller that stops the pool again (bench/soak.py on Ctrl-C) is harmless


def test_results_come_back_with_their_arguments() -> None:
    pool = _pool()
    with closing(as_completed_or_stopped(pool, [(_nap, (n / 1000,)) for n in range(6)])) as completed:
        seen = {args: future.result() for args, future in completed}
    pool.shutdown()
    assert seen == {(n / 1000,): n / 1000 for n in range(6)}
