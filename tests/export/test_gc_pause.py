"""gc_paused: the collector is off during a one-time load and on after it, with what was loaded frozen."""

from __future__ import annotations

import gc

import pytest

from edgeagent.export.gc_pause import gc_paused


@pytest.fixture(autouse=True)
def _restore_gc():
    yield
    gc.unfreeze()  # give the objects back to the collector: other tests count on it
    gc.enable()


def test_paused_inside_enabled_after_with_the_loaded_objects_frozen() -> None:
    before = gc.get_freeze_count()
    with gc_paused():
        assert not gc.isenabled()
        loaded = [[i] for i in range(1000)]  # tracked containers, like a pipeline's
    assert gc.isenabled()
    assert gc.get_freeze_count() >= before + len(loaded)


def test_nested_pause_leaves_the_collector_off_until_the_outer_one_ends() -> None:
    with gc_paused():
        with gc_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_failed_load_turns_the_collector_back_on() -> None:
    with pytest.raises(ImportError), gc_paused():
        raise ImportError("no such module")
    assert gc.isenabled()


def test_a_collector_the_caller_turned_off_stays_off() -> None:
    gc.disable()
    with gc_paused():
        pass
    assert not gc.isenabled()
