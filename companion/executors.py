"""Who plays the games: this process, a local process pool (the default) or a Dask cluster.

Work is a list of index ranges of one config, and a top-level function `task(config, bounds)`
returning that range's records. Every game is played from its own seed, so results do not
depend on the executor; they come back merged in index order.

Dask distributed is optional (`pip install deckwright[cluster]`). Give a scheduler address
(`--scheduler tcp://HOST:8786` or `DECKWRIGHT_SCHEDULER`), or a `distributed.Client` in code.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing
from typing import Any, TypeVar

from .errors import CompanionError
from .workers import as_completed_or_stopped, follow_parent

SCHEDULER_ENV = "DECKWRIGHT_SCHEDULER"
MAX_CHUNK = 200
CHUNKS_PER_WORKER = 16   # enough that the last chunks finish close together (a worker idles < 1/16)

C = TypeVar("C")
R = TypeVar("R")
Task = Callable[[C, tuple[int, int]], list[R]]


class ExecutorError(CompanionError):
    """An executor that cannot be used (Dask not installed, scheduler unreachable)."""


def chunks(start: int, stop: int, workers: int) -> list[tuple[int, int]]:
    """Index ranges small enough to keep `workers` busy and report progress often."""
    size = max(1, min(MAX_CHUNK, math.ceil((stop - start) / (workers * CHUNKS_PER_WORKER))))
    return [(low, min(stop, low + size)) for low in range(start, stop, size)]


_ADDRESS = re.compile(r"^(?:(?:tcp|tls|ws|wss|ucx)://)?(?:[^\s:/\[\]]+|\[[0-9a-fA-F:.]+\]):\d{1,5}$")


def scheduler_address(option: str | None) -> str | None:
    """The Dask scheduler to use: the option, else `$DECKWRIGHT_SCHEDULER`, else none (local);
    an address without a port (`garbage`, `tcp://host`) is refused before Dask sees it."""
    address = option or os.environ.get(SCHEDULER_ENV) or None
    if address is not None and not _ADDRESS.match(address):
        raise ExecutorError(f"scheduler {address!r}: expected an address with a port, e.g. tcp://HOST:8786")
    return address


def run(task: Task[C, R], config: C, bounds: tuple[int, int], jobs: int = 1, scheduler: Any = None,
        tick: Callable[[int], None] | None = None) -> list[R]:
    """Run `task` over the index range in chunks: in this process (`jobs` 1), a local process pool,
    or on Dask when `scheduler` is an address or a `distributed.Client`."""
    progress = tick or (lambda done: None)
    if scheduler is not None:
        return _merge(_on_dask(task, config, bounds, scheduler, progress))
    if jobs <= 1:
        results = []
        for low, high in chunks(*bounds, 1):
            results.append((low, task(config, (low, high))))
            progress(high - low)
        return _merge(results)
    return _merge(_in_pool(task, config, bounds, jobs, progress))


def _merge(parts: Iterable[tuple[int, list[R]]]) -> list[R]:
    return [record for _, part in sorted(parts, key=lambda p: p[0]) for record in part]


def _in_pool(task: Task[C, R], config: C, bounds: tuple[int, int], jobs: int,
             progress: Callable[[int], None]) -> list[tuple[int, list[R]]]:
    calls = [(task, (config, part)) for part in chunks(*bounds, jobs)]
    # never more workers than chunks: `--games 10 --jobs 1000` started some 850 processes
    pool = ProcessPoolExecutor(max_workers=max(1, min(jobs, len(calls))), initializer=follow_parent,
                               initargs=(os.getpid(),))
    done = []
    with closing(as_completed_or_stopped(pool, calls)) as completed:  # Ctrl-C or a failed game
        for (_, (low, high)), future in completed:                    # stops every worker now
            done.append((low, future.result()))
            progress(high - low)
    pool.shutdown()
    return done


def _on_dask(task: Task[C, R], config: C, bounds: tuple[int, int], scheduler: Any,
             progress: Callable[[int], None]) -> list[tuple[int, list[R]]]:
    client, own = _client(scheduler)
    try:
        from distributed import as_completed

        dask_completed: Any = as_completed   # distributed is untyped

        workers = max(1, len(client.scheduler_info().get("workers", {})))
        parts = chunks(*bounds, workers)
        futures = client.map(task, [config] * len(parts), parts, pure=False)
        where = {future.key: part for future, part in zip(futures, parts)}
        done = []
        try:
            for future in dask_completed(futures):
                low, high = where[future.key]
                done.append((low, future.result()))
                progress(high - low)
        except BaseException:
            # Ctrl-C or a failed game: no queued chunk starts (audit s25: the workers played on).
            # A chunk already running is a thread Dask cannot stop: it plays to its end.
            client.cancel(futures, force=True)
            raise
        return done
    finally:
        if own:
            client.close()


def _client(scheduler: Any) -> tuple[Any, bool]:
    """A Dask client for an address (ours to close) or the client given."""
    if not isinstance(scheduler, str):
        return scheduler, False
    try:
        import distributed
    except ImportError:
        raise ExecutorError("a --scheduler needs Dask distributed: pip install 'deckwright[cluster]'") from None
    try:
        connect: Any = distributed.Client   # distributed is untyped
        return connect(scheduler, timeout=10), True
    except OSError as exc:
        raise ExecutorError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
