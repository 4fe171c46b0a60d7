"""A pure function mapped over a stream of items on two processes, results in item order.

Reading a league's ``Results`` sheet is one pass of regular expressions and
dictionary look-ups per piece of about a megabyte (:mod:`plaincells`), and the
pieces are independent: on a machine with a second core, a forked helper
process reads some of them while this one reads the others.  Writing our sheets
is the same: each block of a big sheet is written and deflated on its own
(``splice.deflate_sheets``).  Each map forks a helper of its own (the reader's has
ended by the time the sheets are written).

Rules:

- ``items()`` gives the same items every time it is called: each process walks
  its own copy of the stream (nothing but the results crosses between them).
  A claim is one shared counter: walking in the same order, a process takes
  item ``i`` when the counter says ``i`` and moves it on, so the faster process
  simply takes more.  The counter has no lock (no process can die holding
  one): two processes racing for an item may both work it, but none is ever
  passed over, and each result is taken once, in item order.
- The helper is forked only when the stream has a second item (a small sheet
  never pays for a fork).
- Only where forking is safe and cheap: Linux, this process running a single
  thread, native ones included (the CLI, which keeps numpy's BLAS to one
  thread; not a web server answering on threads), not a daemon process, and
  two CPUs it may run on.  Anywhere else every item is worked here.  When the
  helper cannot be started, fails or dies, the items from the first one it did
  not deliver on are worked here: the same results, only slower (a failing
  ``work`` raises here).
- No thread is started here: while this process works an item, nothing of the
  helper waits on it.  The helper sends its results when it has no item left;
  it ignores Ctrl-C (this process stops it), and a send to a process that is
  gone fails rather than waits.
- The wait for the helper is bounded: once this process has walked the stream,
  it waits for the helper's results at most ``_WAIT_FACTOR`` times as long as
  its own walk took, and never less than ``_WAIT_SECONDS`` (a healthy helper has
  one item left at most).  A helper that has not answered by then is taken for
  hung: it is killed and its items are worked here, the same results.
- The helper ends with this process: the kernel kills it when this process
  ends, however (``PR_SET_PDEATHSIG``, Linux), and it stops claiming items
  when it finds itself orphaned.
- ``stop(result)`` true ends the map early: no further item is claimed, and the
  results up to that one are returned.
- Within a ``meanwhile(task)`` block, the first map that starts a helper runs
  ``task`` here before it claims an item: work this process needs soon after
  anyway (the scorer imports pandas and pandera while a league's rows are
  read), done while the helper has the stream to itself.  Where no helper is
  started, ``task`` is not run: the caller does that work after the block.

>>> shared_map(str.upper, lambda: iter(["a", "b", "c"]))
['A', 'B', 'C']
>>> shared_map(len, lambda: iter(["ab", "", "abc"]), stop=lambda length: length == 0)
[2, 0]
>>> done = []
>>> with meanwhile(lambda: done.append("imported")):
...     shared_map(str.upper, lambda: iter(["a", "b"]))
['A', 'B']
>>> done in ([], ["imported"])  # [] where no helper could be started
True
"""

from __future__ import annotations

import contextlib
import contextvars
import itertools
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.sharedctypes import Synchronized

__all__ = ["meanwhile", "shared_map"]

Item = TypeVar("Item")
Result = TypeVar("Result")
#: How long to wait for the helper to end once its results are in (seconds).
_JOIN_SECONDS = 5
#: The helper's results are waited for at least this long once this process has walked the
#: stream (seconds), and at most ``_WAIT_FACTOR`` times as long as that walk took.
_WAIT_SECONDS = 10.0
_WAIT_FACTOR = 4
#: Linux ``prctl`` option: the signal this process gets when the one that forked it ends.
_PR_SET_PDEATHSIG = 1
#: The task of the innermost ``meanwhile`` block, until a helper is started within it.
_MEANWHILE: contextvars.ContextVar[Callable[[], object] | None] = contextvars.ContextVar(
    "meanwhile", default=None
)


@contextlib.contextmanager
def meanwhile(task: Callable[[], object]) -> Iterator[None]:
    """Run ``task`` here, once, as the first helper started within the block begins its work.

    ``task`` is not run when no helper is started, and an exception it raises ends
    that map (the helper is stopped) and leaves the block.
    """
    token = _MEANWHILE.set(task)
    try:
        yield
    finally:
        _MEANWHILE.reset(token)


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
    """Linux, one thread in this whole process (native ones too: a BLAS pool counts), not a
    daemon process (they may have no children), and two CPUs it may run on."""
    if sys.platform != "linux" or len(os.sched_getaffinity(0)) < 2:
        return False
    import multiprocessing  # noqa: PLC0415 - only for a stream worth sharing

    return not multiprocessing.current_process().daemon and _threads() == 1


def _threads() -> int:
    """The threads of this process as the kernel counts them (0 when it cannot be read)."""
    try:
        with Path("/proc/self/status").open(encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Threads:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


class _Shared(Generic[Item, Result]):
    """Two processes claiming items from one counter; this one gathers the results.

    The counter is plain shared memory, read and written without a lock: two
    processes racing for one item may both work it (the same result twice), but
    an item is passed over only when the counter has moved beyond it, which only
    a claim of it does; so no lock can be left held by a process that died.
    """

    def __init__(
        self,
        work: Callable[[Item], Result],
        items: Callable[[], Iterator[Item]],
        stop: Callable[[Result], bool],
    ) -> None:
        import multiprocessing  # noqa: PLC0415 - only for a stream worth sharing

        self.work, self.items, self.stop = work, items, stop
        self.context = multiprocessing.get_context("fork")
        self.next: Synchronized[int] = self.context.Value("q", 0, lock=False)
        self.halted: Synchronized[int] = self.context.Value("b", 0, lock=False)

    def claim(self, index: int) -> bool:
        """Whether item ``index`` is this process's to work (the counter is at it)."""
        if self.next.value != index:
            return False
        self.next.value = index + 1
        return True

    def walk(
        self,
        indexed: Iterator[tuple[int, Item]],
        found: dict[int, Result],
        parent: int | None = None,
    ) -> bool:
        """Work the items this process claims; True when it walked the whole stream (no stop).

        With ``parent`` (the helper's walk), the walk also ends once that process is gone.
        """
        for index, item in indexed:
            if self.halted.value or (parent is not None and os.getppid() != parent):
                return False
            if self.claim(index):
                found[index] = result = self.work(item)
                if self.stop(result):
                    self.halted.value = 1
                    return False
        return True

    def run(self, stream: Iterator[Item]) -> list[Result]:
        receiver, sender = self.context.Pipe(duplex=False)
        helper = None
        hung = False
        found: dict[int, Result] = {}
        started_at = time.monotonic()
        try:
            # Ctrl-C waits until the helper has set it aside (it is for this process only).
            mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                started = self.context.Process(
                    target=self._helper, args=(receiver, sender, os.getpid()), daemon=True
                )
                started.start()
                helper = started
            except OSError:  # no process to be had (limits): all here
                pass
            finally:
                sender.close()
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            if helper is not None and (task := _MEANWHILE.get()) is not None:
                _MEANWHILE.set(None)
                task()
            walked = self.walk(enumerate(stream), found)
            if helper is not None:
                took = time.monotonic() - started_at
                hung = not receiver.poll(max(_WAIT_SECONDS, _WAIT_FACTOR * took))
                if not hung:  # its results, or the end of a helper that died
                    found.update(_received(receiver))
        finally:
            self.halted.value = 1
            receiver.close()
            if helper is not None:
                if hung:  # its items are worked here
                    helper.kill()
                helper.join(_JOIN_SECONDS)
                if helper.is_alive():
                    helper.kill()
                    helper.join()
        return self._in_order(found, walked)

    def _helper(self, receiver: Connection, sender: Connection, parent: int) -> None:
        """The helper process: claim and work items, then send what it found."""
        _end_with(parent)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the process that forked it
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        receiver.close()  # so that a send to a process that stopped listening fails, not waits
        found: dict[int, Any] = {}
        try:
            self.walk(enumerate(self.items()), found, parent)
        except BaseException:  # the items it took are worked again there
            found = {}
        with contextlib.suppress(OSError):  # that process stopped listening: nothing to say
            sender.send(found)
        sender.close()

    def _in_order(self, found: dict[int, Result], walked: bool) -> list[Result]:
        """The results in item order, up to the first that stops.

        ``found`` holds what both processes delivered.  When it is not the whole
        answer (the helper failed or died before sending, or stopped the walk and
        then died), the items from its first gap on are worked here, in order.
        """
        results: list[Result] = []
        for index in itertools.count():
            if index not in found:
                break
            results.append(found[index])
            if self.stop(results[-1]):
                return results
        if (
            walked
            and len(results) == len(found)
            and all(index in found for index in range(self.next.value))
        ):
            return results  # the whole stream, every item delivered
        for item in itertools.islice(self.items(), len(results), None):
            results.append(self.work(item))
            if self.stop(results[-1]):
                break
        return results


def _end_with(parent: int) -> None:
    """Have the kernel kill this process (the helper) when ``parent`` ends; end now if it has.

    ``PR_SET_PDEATHSIG`` (Linux, where alone a helper is forked) fires when the thread
    that forked this process ends: ``parent`` has only one (``_can_fork``).  Where it
    cannot be set, the helper's walk still ends once ``parent`` is gone.
    """
    with contextlib.suppress(OSError, AttributeError):
        import ctypes  # noqa: PLC0415 - in the helper only

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # it ended before the signal was asked for
        os._exit(0)


def _received(receiver: Connection) -> dict[int, Any]:
    """What the helper sent: its results by item index (nothing when it failed or died)."""
    try:
        found = receiver.recv()
    except (EOFError, OSError):
        return {}
    return found if isinstance(found, dict) else {}
