"""Who plays the games (`companion.executors`): addresses checked before Dask sees them, and a
local pool no larger than its work."""

from __future__ import annotations


def _squares(config: object, bounds: tuple[int, int]) -> list[int]:
    return [n * n for n in range(*bounds)]

def test_a_scheduler_address_without_a_port_is_refused_before_dask_sees_it(monkeypatch):
    """`--scheduler garbage` (or `tcp://host`, `nope://x:1`) ended in a ValueError traceback from Dask."""
    import pytest

    from companion.executors import ExecutorError, scheduler_address

    for address in ("garbage", "tcp://localhost", "nope://x:1", "tcp://host:notaport"):
        with pytest.raises(ExecutorError, match="expected an address with a port"):
            scheduler_address(address)
    assert scheduler_address("tcp://127.0.0.1:8786") == "tcp://127.0.0.1:8786"
    monkeypatch.setenv("DECKWRIGHT_SCHEDULER", "garbage")
    with pytest.raises(ExecutorError):
        scheduler_address(None)


def test_a_pool_never_starts_more_workers_than_there_are_chunks(monkeypatch):
    """`sim --games 10 --jobs 1000` started some 850 worker processes on a 2-core machine."""
    from concurrent import futures

    from companion import executors

    asked: list[int] = []
    real = futures.ProcessPoolExecutor

    def counting(max_workers, **kwargs):
        asked.append(max_workers)
        return real(max_workers=max_workers, **kwargs)

    monkeypatch.setattr(executors, "ProcessPoolExecutor", counting)
    assert executors.run(_squares, None, (0, 10), jobs=1000) == [n * n for n in range(10)]
    assert asked == [10]


STARTED: list[tuple[int, int]] = []   # the chunks a Dask worker began (an in-process cluster)


def _slow_squares(config: object, bounds: tuple[int, int]) -> list[int]:
    import time

    STARTED.append(bounds)
    time.sleep(0.05)   # a chunk of games takes a while: the interrupt comes while others wait
    return [n * n for n in range(*bounds)]


def test_an_interrupted_dask_run_starts_no_queued_chunk():
    """Audit s25: after Ctrl-C on a Dask run the workers played on. Now the run cancels what it
    submitted: of 16 one-game chunks on one worker thread, only those begun before the cancel ran."""
    import pytest

    from companion import executors

    distributed = pytest.importorskip("distributed")

    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    STARTED.clear()
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        with pytest.raises(KeyboardInterrupt):   # keeps the run's futures alive in its traceback
            executors.run(_slow_squares, None, (0, 16), scheduler=client, tick=interrupt)
        _wait_until_idle(client)
    assert 1 <= len(STARTED) <= 3, STARTED   # without the cancel: all 16


def _wait_until_idle(client) -> None:
    """Until the scheduler has no task on any worker (at most some 20 s: then the count tells)."""
    import time

    for _ in range(400):
        if not any(client.processing().values()):
            return
        time.sleep(0.05)
