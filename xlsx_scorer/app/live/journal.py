"""The journal beside the workbook: every submission and every judge's decision, in order.

``EVENT.xlsx`` → ``EVENT.xlsx.journal.sqlite`` (SQLite from the standard library, in WAL
mode with ``synchronous=FULL``: a row is on disk when ``append`` returns, before any
answer is sent).  One table ``entries``, appended to only: ``sent`` (a table's result as
typed at the table), ``approve`` / ``correct`` (the judge's result for the table, to be
written into the workbook; ``written`` once it is), ``reject`` (with a word to the table).
Each holds the round, the table, the result's digest, the result itself (the
per-player objects of ``/api/table``, JSON) and, for ``sent``, who sent it (the player
the phone said it was, when it said one; the same result sent from another phone is
the same entry).  Codes and tokens are never stored: a
table is named by its round, its label and its seating (a digest of the table's token,
``seating_key``), so a new event written under the same name, or a round seated again,
never shows the entries of the seating before (they are kept, never shown).  A restart
reads the entries back (``entries``) and folds them into the tables' states again
(``state.fold``).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> journal = Journal(folder / "cup.xlsx.journal.sqlite")
>>> journal.append("sent", 1, "2", "d1", [{"Player": "Ana"}], seating="s1")
1
>>> journal.append("sent", 1, "2", "d1", [{"Player": "Ana"}], seating="s1") is None  # there
True
>>> journal.append("sent", 1, "2", "d1", [{"Player": "Ana"}], seating="s2")  # seated again
2
>>> [(e.kind, e.table, e.seating, e.results) for e in journal.entries()][0]
('sent', '2', 's1', [{'Player': 'Ana'}])
>>> journal.close()
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: What an entry is.
KINDS = ("sent", "approve", "correct", "reject")
#: The journal of ``EVENT.xlsx`` is ``EVENT.xlsx`` and this.
SUFFIX = ".journal.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS entries (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    round INTEGER NOT NULL,
    tbl TEXT NOT NULL,
    digest TEXT NOT NULL,
    results TEXT,
    message TEXT,
    written INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL,
    sender TEXT
);
"""
#: One ``sent`` entry per result of one table of one seating (made once the columns are).
_ONE_SENDING = """
DROP INDEX IF EXISTS one_sending;
CREATE UNIQUE INDEX IF NOT EXISTS one_sending_seated
    ON entries (round, tbl, seating, digest) WHERE kind = 'sent';
"""


@dataclass(frozen=True)
class Entry:
    """One line of the journal."""

    seq: int
    kind: str
    round: int
    table: str
    digest: str
    results: list[dict[str, Any]] | None
    message: str | None
    written: bool
    #: The player who sent a ``sent`` entry, when the phone said one.
    sender: str | None = None
    #: The table's seating (``seating_key`` of its token); "" in a journal made before.
    seating: str = ""


def journal_path(workbook: Path) -> Path:
    """Where the journal of ``workbook`` lives: beside it, its name and ``.journal.sqlite``.

    >>> journal_path(Path("/events/cup.xlsx")).as_posix()
    '/events/cup.xlsx.journal.sqlite'
    """
    return workbook.with_name(workbook.name + SUFFIX)


def seating_key(token: str) -> str:
    """A table's seating as the journal names it: a digest of its token (never the token).

    >>> len(seating_key("Zm9vYmFy")), seating_key("Zm9vYmFy") == seating_key("Zm9vYmFy")
    (32, True)
    """
    return hashlib.sha256(token.encode()).hexdigest()[:32]


class Journal:
    """The journal file, opened once; its writes are serialised (one connection, a lock)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(entries)")}
        if "sender" not in columns:  # a journal made before senders were kept
            self._db.execute("ALTER TABLE entries ADD COLUMN sender TEXT")
        if "seating" not in columns:  # a journal made before seatings were told apart
            self._db.execute("ALTER TABLE entries ADD COLUMN seating TEXT NOT NULL DEFAULT ''")
        self._db.executescript(_ONE_SENDING)

    def append(  # noqa: PLR0917 - the columns of one entry
        self,
        kind: str,
        round_no: int,
        table: str,
        digest: str,
        results: list[dict[str, Any]] | None,
        message: str | None = None,
        sender: str | None = None,
        seating: str = "",
    ) -> int | None:
        """Append an entry, committed to disk on return: its number, or None for a ``sent``
        already there (the same result of the same table: one submission however often,
        whoever sends it again); ``seating``: ``seating_key`` of the table's token."""
        if kind not in KINDS:
            raise ValueError(f"unknown entry kind {kind!r}")
        body = None if results is None else json.dumps(results, ensure_ascii=False)
        with self._lock:
            try:
                cursor = self._db.execute(
                    "INSERT INTO entries"
                    " (kind, round, tbl, digest, results, message, at, sender, seating)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (kind, round_no, table, digest, body, message, time.time(), sender, seating),
                )
            except sqlite3.IntegrityError:
                return None
            return cursor.lastrowid

    def mark_written(self, seqs: list[int]) -> None:
        """Record that the judge's results ``seqs`` are in the workbook on disk."""
        with self._lock:
            self._db.executemany(
                "UPDATE entries SET written = 1 WHERE seq = ?", [(s,) for s in seqs]
            )

    def entries(self) -> list[Entry]:
        """Every entry, in the order written."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, kind, round, tbl, digest, results, message, written, sender,"
                " seating FROM entries ORDER BY seq"
            ).fetchall()
        return [
            Entry(
                seq,
                kind,
                rnd,
                tbl,
                digest,
                None if res is None else json.loads(res),
                msg,
                bool(w),
                sender,
                seating,
            )
            for seq, kind, rnd, tbl, digest, res, msg, w, sender, seating in rows
        ]

    def close(self) -> None:
        """Close the file (everything appended is on disk already)."""
        with self._lock:
            self._db.close()
