"""A table's submission checked in a process of its own, off the server's interpreter.

The check is ``entry.check`` (``pipeline.validate`` on the table's seated rows: the findings
of ``check --json`` for those rows typed by hand), ~15–30 ms of one core, all of it holding
the interpreter's lock: in the server's process, 50 tables sending at once and 200 phones
polling wait behind each other's checks.  Here the server hands one long-lived process
(``Checker``) the table's part of the workbook (``entry.table_part``: its seated rows, the
format, the roster; ~6 KB pickled) and the values sent, and waits, lock released, going on
answering the phones meanwhile.  The process runs the same ``entry.check`` on the same
part, so the answer is the one the server's own process would give; while the process
starts, or when it broke (it is made again), the server checks in its own process.
The same process reads the workbook when it changed on disk by another hand (a round
seated by ``seat``, a slip typed in): ``read``, the open round's snapshot.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from xlsx_scorer.app.live import entry, snapshot, write
from xlsx_scorer.findings import Finding, UnusableWorkbookError
from xlsx_scorer.xlsx.read import reader

Checked = tuple[tuple[Finding, ...], list[dict[str, Any]] | None]

logger = logging.getLogger("xlsx_scorer.live")


def _start(parent: int) -> None:
    """In the checking process: follow the server (``write.follow_parent``) and import the
    checking's heavy modules now, so that the first table does not wait for them."""
    write.follow_parent(parent)
    from xlsx_scorer.app import api  # noqa: PLC0415 - heavy, imported in this process only

    api.heavy_steps()


class Checker:
    """The checking process of one served event (see the module): made at the first call of
    ``start``, made again when it broke."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._ready: Future[None] | None = None

    def start(self) -> None:
        """Start the process now (its imports take seconds) and wait until it is ready."""
        self._process()
        if self._ready is not None:
            self._ready.result()

    def _process(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None or getattr(self._pool, "_broken", False):
                self._pool = ProcessPoolExecutor(
                    max_workers=1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start,
                    initargs=(os.getpid(),),
                )
                self._ready = self._pool.submit(_ready)
            return self._pool

    def check(
        self, part: reader.Workbook, seated: entry.Seated, values: Mapping[str, Any]
    ) -> Checked:
        """``entry.check(part, seated, values)`` in the process (in this one while it
        starts or when it broke)."""
        pool = self._process()
        ready = self._ready
        if ready is None or not ready.done():
            return entry.check(part, seated, values)
        try:
            return pool.submit(entry.check, part, seated, dict(values)).result()
        except Exception:  # a broken process: this table is checked here, the next there
            logger.exception("the checking process failed")
            return entry.check(part, seated, values)

    def read(self, data: bytes, stamp: tuple[int, int, int]) -> snapshot.Snapshot | None:
        """``snapshot.read(data, stamp)`` in the process (in this one while it starts or when
        it broke), None for bytes that are no workbook that can be read: the server never
        parses the whole workbook itself, so its memory does not follow the workbook's
        size as the event grows."""
        pool = self._process()
        ready = self._ready
        if ready is None or not ready.done():
            return _snapshot_or_none(data, stamp)
        try:
            return pool.submit(_snapshot_or_none, data, stamp).result()
        except Exception:  # a broken process: read here this time, there the next
            logger.exception("the checking process failed")
            return _snapshot_or_none(data, stamp)

    def close(self) -> None:
        """Stop the process."""
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(cancel_futures=True)
                self._pool = None


def _snapshot_or_none(data: bytes, stamp: tuple[int, int, int]) -> snapshot.Snapshot | None:
    try:
        return snapshot.read(data, stamp)
    except UnusableWorkbookError:  # said by None: the error need not cross the processes
        return None


def _ready() -> None:
    """Nothing: done once the process has started and imported (``_start``)."""
