"""A pure function mapped over a stream of items on two processes, results in item order.

Reading a league's ``Results`` sheet is one pass of regular expressions and
dictionary look-ups per piece of about a megabyte (:mod:`plaincells`), and the
pieces are independent: on a machine with a second core, a forked helper
process reads some of them while this one reads the others.

Rules:

- ``items()`` gives the same items every time it is called: each process walks
  its own copy of the stream (nothing but the results crosses between them),
  and each item is worked by the process that claims it first.  A claim is one
  shared counter: walking in the same order, a process takes item ``i`` when
  the counter says ``i`` and moves it on; so every item is worked exactly once,
  and the faster process simply takes more.
- The helper is forked only when the stream has a second item (a small sheet
  never pays for a fork).
- Only where forking is safe and cheap: Linux, with this process running a
  single thread (the CLI; not a web server answering on threads), and more than
  one CPU it may run on.  Anywhere else every item is worked here.  When the
  helper cannot be started, fails or dies, the items it took are worked again
  here: the results are the same, only slower (a failing ``work`` raises here).
- No thread is started here: while this process works an item, nothing of the
  helper waits on it.  The helper sends its results when it has no item left.
- ``stop(result)`` true ends the map early: no further item is claimed, and the
  results up to that one are returned.

>>> shared_map(str.upper, lambda: iter(["a", "b", "c"]))
['A', 'B', 'C']
>>> shared_map(len, lambda: iter(["ab", "", "abc"]), stop=lambda length: length == 0)
[2, 0]
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.sharedctypes import Synchronized

__all__ = ["shared_map"]

Item = TypeVar("Item")
Result = TypeVar("Result")
#: How long to wait for the helper to end once its results are in (seconds).
_JOIN_SECONDS = 5


def shared_map(
    work: Callable[[Item], Result],
    items: Callable[[], Iterator[Item]],
    *,
    stop: Callable[[Result], bool] = lambda _result: False,
) -> list[Result]:
    """``[work(item) for item in items()]`` (up to the first result that ``stop``s it), using a
    second process where that is safe."""
    stream = items()
    ahead = list(itertools.islice(stream, 2))
    if len(ahead) == 2 and _can_fork():  # a second item: worth a helper
        return _Shared(work, items, stop).run(itertools.chain(ahead, stream))
    results: list[Result] = []
    for item in itertools.chain(ahead, stream):
        results.append(work(item))
        if stop(results[-1]):
            break
    return results


def _can_fork() -> bool:
    return (
        sys.platform == "linux"
        and threading.active_count() == 1
        and len(os.sched_getaffinity(0)) > 1  # the CPUs this process may run on
    )


class _Shared(Generic[Item, Result]):
    """Two processes claiming items from one counter; this one gathers the results."""

    def __init__(
        self,
        work: Callable[[Item], Result],
        items: Callable[[], Iterator[Item]],
        stop: Callable[[Result], bool],
    ) -> None:
        import multiprocessing  # noqa: PLC0415 - only for a stream worth sharing

        self.work, self.items, self.stop = work, items, stop
        self.context = multiprocessing.get_context("fork")
        self.next: Synchronized[int] = self.context.Value("q", 0)
        self.halted: Synchronized[int] = self.context.Value("b", 0)

    def claim(self, index: int) -> bool:
        """Whether item ``index`` is this process's to work (it is the next unclaimed one)."""
        with self.next.get_lock():
            if self.next.value != index:
                return False
            self.next.value = index + 1
            return True

    def walk(self, indexed: Iterator[tuple[int, Item]], found: dict[int, Result]) -> None:
        """Work the items this process claims, until the stream ends or a result stops it."""
        for index, item in indexed:
            if self.halted.value:
                return
            if self.claim(index):
                found[index] = result = self.work(item)
                if self.stop(result):
                    self.halted.value = 1
                    return

    def run(self, stream: Iterator[Item]) -> list[Result]:
        receiver, sender = self.context.Pipe(duplex=False)
        try:
            helper = self.context.Process(target=self._helper, args=(sender,), daemon=True)
            helper.start()
        except OSError:  # no process to be had (limits): all here
            helper = None
        sender.close()
        found: dict[int, Result] = {}
        try:
            self.walk(enumerate(stream), found)
            if helper is not None:
                found.update(_received(receiver))
        finally:
            self.halted.value = 1
            receiver.close()
            if helper is not None:
                helper.join(_JOIN_SECONDS)
                if helper.is_alive():
                    helper.kill()
                    helper.join()
        return self._in_order(found)

    def _helper(self, sender: Connection) -> None:
        """The helper process: claim and work items, then send what it found."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the process that forked it
        found: dict[int, Any] = {}
        try:
            self.walk(enumerate(self.items()), found)
        except BaseException:  # the items it took are worked again there
            found = {}
        with contextlib.suppress(OSError):  # that process stopped listening: nothing to say
            sender.send(found)
        sender.close()

    def _in_order(self, found: dict[int, Result]) -> list[Result]:
        """The results in item order, up to the first that stops.

        Items are claimed in order, so every item before the counter was claimed;
        those the helper took and did not deliver (it failed or died) are worked here.
        """
        claimed = self.next.value
        if any(index not in found for index in range(claimed)):
            for index, item in enumerate(itertools.islice(self.items(), claimed)):
                if index not in found:
                    found[index] = self.work(item)
        results: list[Result] = []
        for index in range(claimed):
            results.append(found[index])
            if self.stop(results[-1]):
                break
        return results


def _received(receiver: Connection) -> dict[int, Any]:
    """What the helper sent: its results by item index (nothing when it failed or died)."""
    try:
        found = receiver.recv()
    except (EOFError, OSError):
        return {}
    return found if isinstance(found, dict) else {}
