"""Approved results into the workbook on disk: the seated rows' cells, then the event scored.

The edit is the one ``seat`` and ``merge`` use (``xlsx.write.patch``: only the result
cells of the table's seated rows change, every other part stays byte for byte, the cells
keep their styles), then ``api.score`` writes our sheets as ``score`` does, and the file
is replaced atomically (``save.save_atomically``: a temporary file beside it, flushed,
then renamed), and the saved workbook is read here (``snapshot.read``) for the server.  A mark is
written ``x`` (read as yes in every language), a mark not given is left blank (no).

Nothing is written while the workbook is open in Excel (``~$EVENT.xlsx`` beside it) or
LibreOffice (``.~lock.EVENT.xlsx#``): ``locked`` says so and the approvals wait.  A
workbook changed on disk between its reading and the writing is read again (the write
is tried anew).

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> before = locked(folder / "cup.xlsx")
>>> _ = (folder / "~$cup.xlsx").write_text("x")
>>> before, locked(folder / "cup.xlsx")
(False, True)
"""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import functools
import os
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from xlsx_scorer.app import api
from xlsx_scorer.app.live import entry, snapshot
from xlsx_scorer.i18n import header
from xlsx_scorer.opc import safety
from xlsx_scorer.xlsx.read import reader
from xlsx_scorer.xlsx.write import patch, save

#: Seconds between two looks of the writing process at its server.
PARENT_CHECK = 0.5
#: How much lower the writing process's priority is than the server's (``os.nice``).
NICENESS = 5
#: What a mark given is written as.
YES = "x"

Approval = tuple[int, str, list[dict[str, Any]]]


def locked(path: Path) -> bool:
    """Whether the workbook is open in Excel or LibreOffice (``save.lock_of``: a lock file)."""
    return save.lock_of(path) is not None


def follow_parent(parent: int) -> None:
    """In the writing process: end it as soon as the server (``parent``) is gone, killed
    or not, so that no writer outlives its server (a write it had begun is atomic)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


def background(parent: int) -> None:
    """In the writing process: follow the server (``follow_parent``) and run at a lower
    priority (``NICENESS``), so that scoring the event after an approval yields the cores
    to the tables' submissions being checked (where the system has priorities)."""
    follow_parent(parent)
    with contextlib.suppress(AttributeError, OSError):  # no os.nice (Windows): as it is
        os.nice(NICENESS)


def stamp(path: Path) -> tuple[int, int, int]:
    """What tells a file changed: its modification time, size and inode."""
    status = path.stat()
    return status.st_mtime_ns, status.st_size, status.st_ino


def edits(book: reader.Workbook, approvals: Sequence[Approval]) -> dict[str, patch.CellValue]:
    """The cells to write: each approved table's results into its seated rows of round
    ``round`` (a table no longer seated there is skipped)."""
    letters = book.results.columns
    keys = entry.result_keys(book)
    cells: dict[str, patch.CellValue] = {}
    by_round: dict[int, dict[str, entry.Seated]] = {}
    for round_no, table, results in approvals:
        seated = by_round.setdefault(round_no, entry.seated_tables(book, round_no)).get(table)
        if seated is None:
            continue
        given = {item[entry.PLAYER]: item for item in results}
        for row, name in zip(seated.rows, seated.players, strict=True):
            for key in keys:
                if key in letters:
                    cells[f"{letters[key]}{row}"] = _cell(
                        given.get(name, {}).get(header("en", key))
                    )
    return cells


def write(
    path: Path, approvals: Sequence[Approval], *, attempts: int = 3
) -> snapshot.Snapshot | None:
    """Write ``approvals`` into the workbook at ``path`` and score it: the snapshot of the
    workbook saved (``snapshot.read``, the server takes it instead of reading the file
    again), or None (nothing written) while it is locked.  A change on disk meanwhile
    starts again from the new file (up to ``attempts`` times, then ``RuntimeError``:
    nothing is written).  The memory its reading and scoring freed is handed back to the
    system after (``give_back_memory``)."""
    try:
        return _write(path, approvals, attempts)
    finally:
        give_back_memory()


def _write(path: Path, approvals: Sequence[Approval], attempts: int) -> snapshot.Snapshot | None:
    for _ in range(attempts):
        if locked(path):
            return None
        before = stamp(path)
        data = path.read_bytes()
        package = safety.check_package(data)
        book = reader.read_workbook_bytes(package, path=path)
        cells = edits(book, approvals)
        patched = patch.patch_workbook(book.package, {book.results.name: cells}) if cells else data
        scored = api.score(patched, filename=path.name).workbook
        if scored is None:
            raise RuntimeError("the approved workbook could not be scored")
        shot = snapshot.read(scored, before)  # read before it is saved: the server waits less
        if locked(path):
            return None
        if stamp(path) != before:
            continue  # changed on disk meanwhile: read it again
        saved = save.save_atomically(path, scored)
        return dataclasses.replace(shot, stamp=(saved.st_mtime_ns, saved.st_size, saved.st_ino))
    raise RuntimeError("the workbook kept changing on disk")


def give_back_memory() -> None:
    """Hand the memory the C library keeps free back to the system (glibc's
    ``malloc_trim(0)``), on Linux with glibc; elsewhere nothing.  Scoring a workbook frees
    megabytes in blocks glibc may keep for later (docs/rules.md §9 has the figures)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None).malloc_trim  # this process's own C library
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None


def _cell(value: Any) -> patch.CellValue:
    if value is True:
        return YES
    if value is False or value is None:
        return None
    return value if isinstance(value, int | float | str) else str(value)
