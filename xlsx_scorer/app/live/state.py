"""A table's state, folded from the journal's entries and the workbook on disk (§9).

The journal alone: no entry is ``to_play``; the first result sent is ``sent``; a result
different from the one the table holds is ``disputed`` (it stays so until the judge
decides); ``approve``/``correct`` make it ``approved`` with the judge's result (``pending``
until written into the workbook); ``reject`` makes it ``to_play`` again with the judge's
word.  A result sent again (same digest) is not a new entry: ``Journal.append`` refuses it.

The workbook on disk is the record (``with_disk``): rows typed there by hand make the
table ``approved`` when the journal holds nothing else, or the same result; a result typed
there that differs from the one sent or approved makes it ``disputed``.

Each result sent keeps who sent it (``senders``, by digest; the first phone to send it):

>>> s = TableState()
>>> s.apply("sent", "d1", [{"Player": "Ana"}], sender="Ana"); s.state, s.sender
('sent', 'Ana')
>>> s.apply("sent", "d2", [{"Player": "Ana", "Score": 3}], sender="Bo"); s.state, len(s.candidates)
('disputed', 2)
>>> s.senders
{'d1': 'Ana', 'd2': 'Bo'}
>>> s.apply("correct", "d2", [{"Player": "Ana", "Score": 3}], seq=7); s.state, s.pending
('approved', 7)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The states of a table, as ``/api/live`` says them.
STATES = ("to_play", "sent", "approved", "disputed")

Results = list[dict[str, Any]]


@dataclass
class TableState:
    """One table's state from the journal (see the module)."""

    state: str = "to_play"
    digest: str | None = None
    results: Results | None = None
    #: Every different result sent since the last decision (a dispute's candidates).
    candidates: dict[str, Results] = field(default_factory=dict)
    #: The judge's word to the table with a rejection.
    message: str | None = None
    #: The journal entry of an approval not yet written into the workbook.
    pending: int | None = None
    #: Who sent each result (digest → the player the phone said it was, or None).
    senders: dict[str, str | None] = field(default_factory=dict)

    @property
    def sender(self) -> str | None:
        """Who sent the result the table holds (None: not said, or the judge's own)."""
        return None if self.digest is None else self.senders.get(self.digest)

    def apply(
        self,
        kind: str,
        digest: str,
        results: Results | None,
        *,
        message: str | None = None,
        seq: int | None = None,
        written: bool = False,
        sender: str | None = None,
    ) -> None:
        """Fold one journal entry in (``seq``: its number; ``written``: already on disk;
        ``sender``: who sent a ``sent`` one)."""
        if kind == "sent":
            assert results is not None
            self.candidates[digest] = results
            self.senders.setdefault(digest, sender)
            if self.state == "to_play":
                self.state, self.digest, self.results, self.message = "sent", digest, results, None
            elif digest != self.digest:
                self.state = "disputed"
        elif kind in {"approve", "correct"}:
            self.state, self.digest, self.results = "approved", digest, results
            self.senders = {digest: self.senders.get(digest)}  # the judge's own: nobody
            self.candidates, self.message = {}, None
            self.pending = None if written else seq
        elif kind == "reject":
            self.state, self.digest, self.results = "to_play", None, None
            self.candidates, self.message, self.pending = {}, message, None
            self.senders = {}

    def with_disk(
        self, disk: Results | None, disk_digest: str | None
    ) -> tuple[str, Results | None, dict[str, Results]]:
        """The state the judge sees, the workbook on disk taken in: (state, result,
        candidates of a dispute)."""
        if disk is None or disk_digest is None:
            return self.state, self.results, dict(self.candidates)
        if self.state == "to_play" or disk_digest == self.digest:
            if self.state == "disputed":
                return self.state, self.results, {**self.candidates, disk_digest: disk}
            return "approved", disk, {}
        if self.state == "approved" and self.pending is None:
            # approved and written earlier, changed on disk since by hand: the record wins
            return "approved", disk, {}
        return "disputed", self.results, {**self.candidates, disk_digest: disk}
