"""Turns at one served model: one generation at a time (one KV cache), a bounded queue, 529 past it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from edgeagent.serve.reply import ClientGone
from edgeagent.serve.request import ApiError

DEFAULT_MAX_QUEUE = 16
POLL_S = 0.2  # how often a waiting request checks that its client is still there


class ModelQueue:
    """At most one request holds the model; at most `max_queue` wait for it; one more is told `overloaded_error`."""

    def __init__(self, max_queue: int = DEFAULT_MAX_QUEUE) -> None:
        self.max_queue = max_queue
        self.busy = False
        self.waiting = 0
        self._cond = threading.Condition()

    @contextmanager
    def turn(self, cancelled: Callable[[], bool]) -> Iterator[None]:
        """Hold the model for the block; ApiError(529) when the queue is full, ClientGone when the client left."""
        with self._cond:
            if self.busy and self.waiting >= self.max_queue:
                raise ApiError(529, "overloaded_error",
                               f"the model is busy and {self.waiting} requests are waiting for it; retry later")
            self.waiting += 1
            try:
                # A queued request whose client left must not get the model: the abandoned 60 s replies piled up.
                while self.busy:
                    if cancelled():
                        raise ClientGone("client left while queued")
                    self._cond.wait(POLL_S)
            finally:
                self.waiting -= 1
            self.busy = True
        try:
            yield
        finally:
            with self._cond:
                self.busy = False
                self._cond.notify_all()  # the next waiter, and wait_idle at shutdown

    def wait_idle(self, timeout: float) -> bool:
        """True once no request holds the model (used at shutdown before the model is closed)."""
        with self._cond:
            return self._cond.wait_for(lambda: not self.busy, timeout)
