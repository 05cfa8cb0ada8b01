"""Run games on a Ray cluster: :class:`RayExecutor`, a standard executor
made from Ray's remote tasks.

The functions of :mod:`pocha_rules.parallel` and
:mod:`pocha_rules.matches` take any :class:`concurrent.futures.Executor`.
Dask has one already, ``distributed.Client(...).get_executor()``; Ray has
none, so this module builds one on Ray's documented API: each submitted
call becomes a remote task (of one function made remote with
``ray.remote``, which calls what it is sent), and its object reference's
``future()`` is the future handed back. Cancelling that
future stops the task (``ray.cancel(ref, force=True)``: a running task's
worker process is ended, and Ray starts another), which Ray's own futures do
not: so Ctrl-C during a run stops the cluster's work too.

It needs Ray: ``pip install "pocha-rules[cluster]"``. (This module imports
without it, so that its documentation does; Ray is imported when the first
executor is made.)

.. code-block:: python

    import ray
    from pocha_rules import RuleSet
    from pocha_rules.cluster import RayExecutor
    from pocha_rules.parallel import simulate

    ray.init(address="auto")  # or ray.init(num_cpus=2) for a local cluster
    scores = simulate(RuleSet(), 100_000, executor=RayExecutor(), workers=64)
"""

from __future__ import annotations

import concurrent.futures as cf
import importlib
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["RayExecutor"]

T = TypeVar("T")


def _call(fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """The one remote function: it calls whatever callable it is sent."""
    return fn(*args, **kwargs)


class RayExecutor(cf.Executor):
    """A :class:`concurrent.futures.Executor` that runs each call as a Ray
    remote task.

    Call ``ray.init`` first to join a cluster (otherwise Ray starts a
    local one on first use). ``options`` are passed to ``ray.remote``
    for every task (``num_cpus=1``, ``max_retries=3``...). Shutting the
    executor down does not shut Ray down.

    Raises:
        ImportError: Ray is not installed.

    """

    def __init__(self, **options: Any) -> None:
        try:
            ray: Any = importlib.import_module("ray")
        except ImportError as error:
            raise ImportError(
                'RayExecutor needs Ray: pip install "pocha-rules[cluster]"', name="ray"
            ) from error
        self._ray = ray
        self._call = (ray.remote(**options) if options else ray.remote)(_call)
        self._pending: dict[cf.Future[Any], Any] = {}
        self._lock = threading.Lock()
        self._closed = False

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> cf.Future[T]:
        """Run ``fn(*args, **kwargs)`` as a remote task; its future."""
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot schedule new futures after shutdown")
            ref = self._call.remote(fn, *args, **kwargs)
            future: cf.Future[T] = ref.future()
            self._pending[future] = ref
        future.add_done_callback(self._settled)
        return future

    def _settled(self, future: cf.Future[Any]) -> None:
        with self._lock:
            ref = self._pending.pop(future, None)
        if ref is not None and future.cancelled():
            self._ray.cancel(ref, force=True)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Refuse new calls; cancel the pending ones with ``cancel_futures``,
        and wait for the others with ``wait``."""
        with self._lock:
            self._closed = True
            pending = list(self._pending.items())
        if cancel_futures:
            for future, _ in pending:
                future.cancel()
        if wait:
            cf.wait([future for future, _ in pending])
