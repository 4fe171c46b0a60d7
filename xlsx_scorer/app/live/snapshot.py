"""The served workbook as read: the open round, its tables, their codes, what their rows hold.

``read(data, stamp)`` reads the workbook's bytes (``reading.read``) and keeps of them only
what serving the open round uses: its tables (``entry.seated_tables``), their codes
(``codes.open_codes``), the results already in their rows (``entry.on_disk``), and the
*round's part* of the book (``entry.rows_part``: the open round's seated rows of
``Results``, the format and the roster; no package, no sheets of ours).  That part is what
checking a table reads, and it is small: a round of 50 tables pickles to tens of
kilobytes where the whole book is megabytes, so the writing process, which has just
saved the workbook, reads it there and hands the server this snapshot (``write.write``)
instead of the server reading the file again on its own interpreter after every approval.

Example: 200 players seated at 50 tables in round 3 of a workbook holding rounds 1–2: the
snapshot's ``book.results.raw`` holds the 200 rows of round 3, not the 600 of the sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from xlsx_scorer.app import reading
from xlsx_scorer.app.live import codes, entry
from xlsx_scorer.opc import safety
from xlsx_scorer.xlsx.read import reader


@dataclass(frozen=True)
class Snapshot:
    """The workbook on disk as last read: its stamp (``write.stamp``), the round's part of
    the book, the open round, its tables (label → seated rows and players), their codes and
    what their rows hold."""

    stamp: tuple[int, int, int] | None
    book: reader.Workbook | None = None
    round: int | None = None
    tables: dict[str, entry.Seated] = field(default_factory=dict)
    codes: dict[str, codes.TableCode] = field(default_factory=dict)
    disk: dict[str, tuple[list[dict[str, Any]], str]] = field(default_factory=dict)
    #: The file could not be read (missing, or a save caught half-way): no code is proven
    #: wrong by this reading.
    unreadable: bool = False


def read(data: bytes, stamp: tuple[int, int, int]) -> Snapshot:
    """The snapshot of the workbook ``data``, whose file has ``stamp`` (see the module);
    ``UnusableWorkbookError`` when it is no workbook that can be read."""
    book = reading.read(safety.check_package(data))
    found = codes.open_codes(book.existing_outputs)
    if found is None:
        return Snapshot(stamp, entry.rows_part(book, ()))
    round_no, table_codes = found
    seated = entry.seated_tables(book, round_no)
    tables = {label: seated[label] for label in table_codes if label in seated}
    disk = {
        label: (typed, entry.canonical_digest(typed))
        for label, typed in entry.on_disk(book, tables).items()
    }
    rows = sorted(row for table in tables.values() for row in table.rows)
    return Snapshot(stamp, entry.rows_part(book, rows), round_no, tables, table_codes, disk)
