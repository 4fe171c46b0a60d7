"""One served event: the workbook on disk, its journal, the open round and its tables.

``LiveEvent(path)`` opens the journal beside the workbook and folds its entries into the
tables' states (a restart picks up where it stopped).  The open round is read from the
workbook on disk (``codes.open_codes``: the newest slips sheet holding codes), read again
whenever the file changes (its modification time, size or inode: ``write.stamp``), so a
round seated by ``seat`` opens within a request, and the previous round's codes stop.

Every change goes through one lock: a submission is checked by the rules first (outside
the lock, in a process of its own: ``checker``), then journalled and folded in under it,
so four different results sent at once for one table are one ``sent`` then three
``disputed`` answers, one disputed table.
Approvals are written by ``write.write`` under a second lock, one writer at a time, in a
process of its own at a lower priority (the tables' submissions come first on a laptop's
two cores); it hands back the snapshot of the workbook it saved (``snapshot.read``), so the
server does not read the file again after its own writes.  While the workbook is locked
they wait, and a background thread writes them once it is free.
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from xlsx_scorer.app.live import checker, codes, entry, write
from xlsx_scorer.app.live.journal import Journal, journal_path, seating_key
from xlsx_scorer.app.live.snapshot import Snapshot
from xlsx_scorer.app.live.state import TableState
from xlsx_scorer.findings import Finding
from xlsx_scorer.xlsx.read import reader

#: Bodies checked lately in the workbook as it is now, remembered (a replay is answered
#: without checking again).
CHECKS_KEPT = 256
#: Seconds between two tries to write approvals waiting for the workbook to be closed.
RETRY_EVERY = 1.0

logger = logging.getLogger("xlsx_scorer.live")


@dataclass(frozen=True)
class Outcome:
    """The answer to a submission or a judge's action: HTTP status and JSON body."""

    status: int
    body: dict[str, Any]


class LiveEvent:
    """The served event (see the module).  ``auto_approve``: a result passing every rule is
    approved as it arrives (docs/rules.md §9); ``lang``: ``serve --lang`` (``live.language``)."""

    def __init__(self, path: Path, *, auto_approve: bool = False, lang: str | None = None) -> None:
        self.path = path.resolve()
        self.lang = lang
        self.journal = Journal(journal_path(self.path))
        self.auto_approve = auto_approve
        self._lock = threading.RLock()
        self._reading = threading.Lock()
        self._writing = threading.Lock()
        self._snapshot = Snapshot(None)
        self._states: dict[tuple[int, str, str], TableState] = {}
        self._findings: dict[str, tuple[Finding, ...]] = {}
        self._retrying: threading.Thread | None = None
        #: Counts the changes of state: a view made at one count holds until the next.
        self.version = 0
        self._views: dict[tuple[Any, ...], Any] = {}
        self._views_made: tuple[Any, ...] = ()
        self._pool: ProcessPoolExecutor | None = None
        self._checked: dict[tuple[Any, ...], tuple[tuple[Finding, ...], Any]] = {}
        self._checker = checker.Checker()
        self._parts: dict[tuple[Any, ...], reader.Workbook] = {}
        for line in self.journal.entries():
            self._state(line.round, line.table, line.seating).apply(
                line.kind,
                line.digest,
                line.results,
                message=line.message,
                seq=line.seq,
                written=line.written,
                sender=line.sender,
            )
        if self.pending():
            self._retry_later()

    # -- the workbook on disk ------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """The workbook as it is on disk now, read again when it changed.  While one request
        reads it, the others wait for that reading: none is answered from the empty reading
        before the first, nor from the round before a new one was seated (a right code sent
        just after a start or a seating opens its table, docs/rules.md §9).

        Example: eight tables send together as the server's first requests; one reads the
        workbook, seven wait for it, and the eight codes open their eight tables.
        """
        try:
            now = write.stamp(self.path)
        except OSError:
            now = None
        if now == self._snapshot.stamp:
            return self._snapshot
        with self._reading:
            if now != self._snapshot.stamp:
                self._snapshot = self._read(now)
            return self._snapshot

    def _read(self, now: tuple[int, int, int] | None) -> Snapshot:
        if now is None:
            return Snapshot(None, unreadable=True)
        try:
            shot = self._checker.read(self.path.read_bytes(), now)  # read in that process
        except OSError as error:
            shot, reason = None, type(error).__name__
        else:
            reason = "UnusableWorkbookError"
        if shot is None:
            logger.warning("the served workbook cannot be read now: %s", reason)
            return Snapshot(now, unreadable=True)
        return shot

    # -- tables --------------------------------------------------------------------------

    def _state(self, round_no: int, table: str, seating: str) -> TableState:
        self.version += 1  # fetched to be read or changed: views made before are stale
        return self._states.setdefault((round_no, table, seating), TableState())

    @staticmethod
    def _seating(shot: Snapshot, label: str) -> str:
        """The seating of the open round's table ``label`` as the journal names it: the
        entries of another event under the same name, or of the round before it was seated
        again, are another seating's, never shown for this one."""
        return seating_key(shot.codes[label].token)

    def remembered(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """``make()``, made once per state of the event (its workbook's stamp, the count of
        changes, the lock) and ``key``: 200 phones polling cost one view per change."""
        stamp = self.snapshot().stamp  # read (or waited for) before the lock is taken
        with self._lock:
            now = (stamp, self.version, self.locked())
            if now != self._views_made:
                self._views, self._views_made = {}, now
            if key not in self._views:
                self._views[key] = make()
            return self._views[key]

    def readable(self) -> bool:
        """Whether the workbook as on disk now was read: a code it does not open is wrong
        only then (while it cannot be read, the table is asked to wait, docs/rules.md §9)."""
        return not self.snapshot().unreadable

    def by_code(self, code: str) -> str | None:
        """The open round's table whose typed code is ``code`` (compared in constant time)."""
        return self._find(code, lambda given: given.code)

    def by_token(self, token: str) -> str | None:
        """The open round's table whose link token is ``token``."""
        return self._find(token, lambda given: given.token)

    def _find(
        self, offered: str, part: Callable[[codes.TableCode], str], shot: Snapshot | None = None
    ) -> str | None:
        shot = shot or self.snapshot()
        found = None
        wanted = offered.encode()
        for label, given in shot.codes.items():
            if label in shot.tables and secrets.compare_digest(part(given).encode(), wanted):
                found = label
        return found

    def table(self, label: str) -> dict[str, Any] | None:
        """One table of the open round as the judge sees it (``/api/live``'s objects)."""
        shot = self.snapshot()
        seated = shot.tables.get(label)
        if seated is None or shot.round is None:
            return None
        with self._lock:
            held = self._states.get((shot.round, label, self._seating(shot, label)))
            held = held or TableState()
            disk, disk_digest = shot.disk.get(label, (None, None))
            state, results, candidates = held.with_disk(disk, disk_digest)
            said = self._findings.get(held.digest or "", ())
            waiting = held.pending is not None
            message = held.message
            sent_by = held.sender if results is held.results else None  # typed by hand: none
            senders = [held.senders.get(digest) for digest in candidates]
        given = shot.codes[label]
        return {
            "table": label,
            "players": list(seated.players),
            "state": state,
            "code": given.code,
            "link": given.link,
            "results": results or [],
            "findings": said,
            "candidates": list(candidates.values()) if state == "disputed" else [],
            "sent_by": sent_by,
            "candidates_sent_by": senders if state == "disputed" else [],
            "message": message,
            "waiting": waiting,
        }

    # -- submissions ---------------------------------------------------------------------

    def check(
        self, label: str, results: Any, shot: Snapshot | None = None
    ) -> tuple[entry.Seated, tuple[Finding, ...], Any]:
        """The table's rows checked with ``results`` in them: (seated, findings, typed);
        ``entry.BodyError`` for a body that is no result of this table."""
        shot = shot or self.snapshot()
        seated = shot.tables.get(label)
        if seated is None or shot.book is None:
            raise LookupError(label)
        key = (shot.stamp, label, json.dumps(results, sort_keys=True, default=str))
        with self._lock:
            known = self._checked.get(key)
        if known is not None:  # the same body again (a replay, a phone polling its check)
            return seated, *known
        values = entry.read_body(results, shot.book, seated)
        findings, typed = self._checker.check(self._part(shot, label), seated, values)
        located = tuple(f.located(file=self.path.name) for f in findings)
        with self._lock:
            self._checked = _kept(self._checked, shot.stamp)
            self._checked[key] = (located, typed)
            while len(self._checked) > CHECKS_KEPT:
                del self._checked[next(iter(self._checked))]
        return seated, located, typed

    def _part(self, shot: Snapshot, label: str) -> reader.Workbook:
        """The table's part of the workbook as read (``entry.table_part``), made once."""
        key = (shot.stamp, label)
        with self._lock:
            part = self._parts.get(key)
        if part is None:
            assert shot.book is not None
            part = entry.table_part(shot.book, shot.tables[label])
            with self._lock:
                self._parts = _kept(self._parts, shot.stamp)
                self._parts[key] = part
        return part

    def submit(
        self, label: str, results: Any, *, code: str | None = None, sender: Any = None
    ) -> Outcome:
        """A table's result sent (see the module): 200 sent / duplicate, 409 disputed, 422
        with the findings when a rule is broken (before anything else), 400 for a body that
        is no result of this table.  ``code`` (or token), when given, must still open
        ``label`` in the workbook read now (a round seated meanwhile: ``LookupError``).
        ``sender``: who sends it, a player of the table or a seat number from 1
        (``entry.read_sender``), kept in the journal with the result."""
        shot = self.snapshot()
        round_no = shot.round
        if code is not None and label not in {
            self._find(code, lambda given: given.code, shot),
            self._find(code, lambda given: given.token, shot),
        }:
            raise LookupError(label)
        seated = shot.tables.get(label)
        if seated is None or shot.book is None:
            raise LookupError(label)
        if entry.blank(entry.read_body(results, shot.book, seated)):
            raise entry.BodyError("live_empty")  # however it came (API or form), rules after
        who = entry.read_sender(sender, seated)
        seated, findings, typed = self.check(label, results, shot)
        digest = _digest_or_refusal(findings, typed)
        if isinstance(digest, Outcome):
            return digest
        with self._lock:
            if round_no is None:
                raise LookupError(label)
            shown = self.table(label)
            if (
                shown is not None
                and shown["state"] == "approved"
                and entry.canonical_digest(shown["results"]) == digest
            ):  # approved already (by the judge or typed by hand): the same result again
                return Outcome(200, {"state": "approved", "duplicate": True})
            seating = self._seating(shot, label)
            held = self._state(round_no, label, seating)
            self._findings[digest] = findings
            seq = self.journal.append(
                "sent", round_no, label, digest, typed, sender=who, seating=seating
            )
            if seq is None:
                return Outcome(200, {"state": self.table(label)["state"], "duplicate": True})  # type: ignore[index]
            held.apply("sent", digest, typed, seq=seq, sender=who)
            state = self.table(label)["state"]  # type: ignore[index]
        if state == "disputed":
            return Outcome(409, {"state": "disputed", "duplicate": False})
        if self.auto_approve and state == "sent":
            threading.Thread(target=self._auto, args=(label,), daemon=True).start()
        return Outcome(200, {"state": "sent", "duplicate": False})

    def _auto(self, label: str) -> None:
        try:
            self.approve(label)
        except Exception:  # the judge still sees the table sent, and may approve it
            logger.exception("automatic approval failed")

    # -- the judge -----------------------------------------------------------------------

    def approve(self, label: str) -> Outcome:
        """Approve the result the table sent: 200 once written into the workbook, 202 while
        it is locked, 409 for a dispute (the judge corrects it) or nothing sent."""
        shot = self.snapshot()
        round_no = shot.round
        with self._lock:
            view = self.table(label)
            if view is None or round_no is None:
                return Outcome(404, {"error": "live_no_table"})
            seating = self._seating(shot, label)
            held = self._state(round_no, label, seating)
            if view["state"] == "approved":
                return self._written(label)
            if view["state"] != "sent" or held.results is None or held.digest is None:
                return Outcome(409, {"error": "live_not_sent", "state": view["state"]})
            seq = self.journal.append(
                "approve", round_no, label, held.digest, held.results, seating=seating
            )
            held.apply("approve", held.digest, held.results, seq=seq)
        return self._written(label)

    def correct(self, label: str, results: Any) -> Outcome:
        """The judge's own result for the table, approved: 422 when it breaks a rule."""
        _, findings, typed = self.check(label, results)
        digest = _digest_or_refusal(findings, typed)
        if isinstance(digest, Outcome):
            return digest
        shot = self.snapshot()
        round_no = shot.round
        with self._lock:
            if round_no is None or label not in shot.codes:
                return Outcome(404, {"error": "live_no_table"})
            seating = self._seating(shot, label)
            self._findings[digest] = findings
            seq = self.journal.append("correct", round_no, label, digest, typed, seating=seating)
            self._state(round_no, label, seating).apply("correct", digest, typed, seq=seq)
        return self._written(label)

    def reject(self, label: str, message: str) -> Outcome:
        """Send the table's result back with the judge's word: the table types it again."""
        shot = self.snapshot()
        round_no = shot.round
        with self._lock:
            view = self.table(label)
            if view is None or round_no is None:
                return Outcome(404, {"error": "live_no_table"})
            if view["state"] == "approved":
                return Outcome(409, {"error": "live_approved", "state": "approved"})
            seating = self._seating(shot, label)
            self.journal.append("reject", round_no, label, "", None, message, seating=seating)
            self._state(round_no, label, seating).apply("reject", "", None, message=message)
        return Outcome(200, {"state": "to_play"})

    def pending(self) -> list[tuple[int, int, str, list[dict[str, Any]]]]:
        """The approvals not yet written: (journal entry, round, table, result), of the
        tables as seated in the workbook now (another seating's never go into its rows)."""
        shot = self.snapshot()
        with self._lock:
            return [
                (held.pending, round_no, label, held.results)
                for (round_no, label, seating), held in self._states.items()
                if held.pending is not None
                and held.results is not None
                and (round_no != shot.round or self._current(shot, label, seating))
            ]

    def _current(self, shot: Snapshot, label: str, seating: str) -> bool:
        return label in shot.codes and self._seating(shot, label) == seating

    def locked(self) -> bool:
        """Whether the workbook is open in Excel or LibreOffice now."""
        return write.locked(self.path)

    def flush(self) -> bool:
        """Write every approval waiting; False while the workbook is locked."""
        with self._writing:
            waiting = self.pending()
            if not waiting:
                return True
            approvals = [(r, t, res) for _, r, t, res in waiting]
            with self._reading:  # the file it saves is read there: none reads it here meanwhile
                written = self._writer().submit(write.write, self.path, approvals).result()
                if written is None:
                    return False
                self._adopt(written)
            write.give_back_memory()  # the snapshot replaced, the old one freed
            self.journal.mark_written([seq for seq, *_ in waiting])
            done = {seq for seq, *_ in waiting}
            with self._lock:
                for held in self._states.values():
                    if held.pending in done:
                        held.pending = None
            return True

    def _adopt(self, written: Snapshot) -> None:
        """Take the snapshot the writing process read of the workbook it saved (under
        ``_reading``), unless the file changed again since: then it is read here."""
        try:
            now = write.stamp(self.path)
        except OSError:
            return
        if now == written.stamp:
            self._snapshot = written

    def _writer(self) -> ProcessPoolExecutor:
        """The process that writes and scores the workbook (one, made once): the scoring
        never holds this process's interpreter while tables send (a broken one is made
        again)."""
        if self._pool is None or getattr(self._pool, "_broken", False):
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=context,
                initializer=write.background,
                initargs=(os.getpid(),),
            )
        return self._pool

    def _written(self, label: str) -> Outcome:
        if self.flush():
            return Outcome(200, {"state": "approved", "written": True})
        self._retry_later()
        return Outcome(202, {"state": "approved", "written": False, "locked": True, "table": label})

    def _retry_later(self) -> None:
        with self._lock:
            if self._retrying is not None and self._retrying.is_alive():
                return
            self._retrying = threading.Thread(target=self._retry, name="live-writer", daemon=True)
            self._retrying.start()

    def _retry(self) -> None:
        stop = threading.Event()
        while self.pending() and not stop.wait(RETRY_EVERY):
            try:
                if self.flush():
                    return
            except Exception:  # tried again on the next beat; the judge page says it waits
                logger.exception("writing approvals failed")

    def warm_up(self) -> None:
        """Start the checking and the writing processes now, so that the first submission
        and the first approval do not wait for them."""
        self._checker.start()
        with self._writing:
            self._writer().submit(write.locked, self.path).result()

    def close(self) -> None:
        """Stop the checking and writing processes and close the journal."""
        self._checker.close()
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
        self.journal.close()


def _kept(made: dict[tuple[Any, ...], Any], stamp: Any) -> dict[tuple[Any, ...], Any]:
    """The entries of ``made`` (keyed by the workbook's stamp first) made from the workbook
    as it is now: those of a workbook since changed are never asked for again (their key
    holds its stamp), so they are dropped, and what is kept stays one workbook's worth
    however long the event runs (an approval changes the file: a new stamp).

    >>> _kept({((1, 2, 3), "a"): 1, ((4, 5, 6), "a"): 2}, (4, 5, 6))
    {((4, 5, 6), 'a'): 2}
    """
    if all(key[0] == stamp for key in made):
        return made
    return {key: value for key, value in made.items() if key[0] == stamp}


def _digest_or_refusal(findings: Any, typed: Any) -> str | Outcome:
    """A checked result's digest (``entry.canonical_digest``), or 422 with the rules it breaks;
    a result with nothing typed is refused (``live_empty``). Submissions and corrections alike."""
    errors = [f for f in findings if f.severity == "error"]
    if errors:
        return Outcome(422, {"findings": errors})
    if typed is None:
        raise entry.BodyError("live_empty")
    return entry.canonical_digest(typed)
