

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
