"""A pure function mapped over a stream of items on two processes, results in item order.

Reading a league's ``Results`` sheet is one pass of regular expressions and
dictionary look-ups per piece of about a megabyte (:mod:`plaincells`), and the
pieces are independent: on a machine with a second core, a forked process
reads some of them while this one reads the others.

Rules:

- The first item is always worked here; a helper process is forked when a
  second item arrives (a small sheet never pays for a fork).  Items go to the
  helper while it has fewer than ``QUEUED`` waiting, otherwise they are worked
  here, so both keep busy and the items waiting in memory stay bounded.
- Only where forking is safe and cheap: Linux, with this process running a
  single thread (the CLI; not a web server answering on threads), and more than
  one CPU it may run on.  Anywhere else, and whenever the helper cannot be started or dies,
  every item is worked here: the results are the same, only slower.
- ``work`` must be a pure function of its item whose results can be pickled;
  the helper inherits it by the fork (nothing of it is pickled).  An exception
  raised by ``work`` in the helper is raised here, as if worked here.
- ``stop(result)`` true ends the map early: no further item is read, and the
  results so far (ending with that one) are returned.

>>> ordered_map(str.upper, iter(["a", "b", "c"]))
['A', 'B', 'C']
>>> ordered_map(len, iter(["ab", "", "abc"]), stop=lambda length: length == 0)
[2, 0]
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Generic, TypeVar

__all__ = ["ordered_map"]

Item = TypeVar("Item")
Result = TypeVar("Result")
#: Items handed to the helper and not yet worked, at most.
QUEUED = 2
#: The function the helper process works (set in it by the fork's initializer).
_work: Callable[[Any], Any] | None = None


def ordered_map(
    work: Callable[[Item], Result],
    items: Iterator[Item],
    *,
    stop: Callable[[Result], bool] = lambda _result: False,
) -> list[Result]:
    """``[work(item) for item in items]`` (up to the first result that ``stop``s it), using a
    second process where that is safe."""
    results = [work(first) for first in itertools.islice(items, 1)]
    if not results or stop(results[0]):
        return results
    for second in items:  # a second item: worth a helper
        rest = itertools.chain((second,), items)
        break
    else:
        return results
    if not _can_fork():
        return _here(work, rest, stop, results)
    try:
        helper = ProcessPoolExecutor(
            1, mp_context=multiprocessing.get_context("fork"), initializer=_install,
            initargs=(work,),
        )  # fmt: skip
    except OSError:
        return _here(work, rest, stop, results)
    try:
        return _shared(helper, work, rest, stop, results)
    finally:
        helper.shutdown(wait=True, cancel_futures=True)


def _here(
    work: Callable[[Item], Result],
    items: Iterator[Item],
    stop: Callable[[Result], bool],
    results: list[Result],
) -> list[Result]:
    for item in items:
        results.append(work(item))
        if stop(results[-1]):
            break
    return results


class _Sent(Generic[Item, Result]):
    """An item handed to the helper: its future, and the item until the helper is done."""

    def __init__(self, future: Future[Result], item: Item) -> None:
        self.future, self.item = future, [item]

    def waiting(self) -> bool:
        if not self.future.done():
            return True
        if self.future.exception() is None:
            self.item.clear()  # no longer needed: let it go
        return False

    def result(self, work: Callable[[Item], Result]) -> Result:
        try:
            return self.future.result()
        except BrokenProcessPool:  # the helper died (killed, out of memory): work it here
            return work(self.item[0])


def _shared(
    helper: ProcessPoolExecutor,
    work: Callable[[Item], Result],
    items: Iterator[Item],
    stop: Callable[[Result], bool],
    done: list[Result],
) -> list[Result]:
    slots: list[_Sent[Item, Result] | Result] = list(done)
    waiting: list[_Sent[Item, Result]] = []
    for item in items:
        waiting = [sent for sent in waiting if sent.waiting()]
        if len(waiting) < QUEUED:
            try:
                sent = _Sent(helper.submit(_call, item), item)
            except BrokenProcessPool:
                pass
            else:
                waiting.append(sent)
                slots.append(sent)
                continue
        result = work(item)
        slots.append(result)
        if stop(result):
            break
    results: list[Result] = []
    for slot in slots:
        results.append(slot.result(work) if isinstance(slot, _Sent) else slot)
        if stop(results[-1]):
            break
    return results


def _can_fork() -> bool:
    return (
        sys.platform == "linux"
        and threading.active_count() == 1
        and len(os.sched_getaffinity(0)) > 1  # the CPUs this process may run on
    )


def _install(work: Callable[[Any], Any]) -> None:
    global _work  # noqa: PLW0603 - the helper process's one task, set once at its start
    _work = work
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the process that forked it


def _call(item: Any) -> Any:
    assert _work is not None, "the helper process was started without its work"
    return _work(item)
