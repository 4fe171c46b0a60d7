"""Who is seated and how: a roster line, a game of an earlier round, a table, a round's seating.

The shapes every part of seating shares (``seatround`` seats with them, ``rounds`` reads the
earlier rounds from them), kept apart so that no seating module imports another in a circle.

>>> Entrant("Ana", dropped_after=3).plays(3), Entrant("Ana", dropped_after=3).plays(4)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from xlsx_scorer.findings import Finding


@dataclass(frozen=True)
class Entrant:
    """A roster line: the name and the optional columns of ``Players``."""

    name: str
    fixed_table: int | None = None
    club: str | None = None
    dropped_after: int | None = None

    def plays(self, round_no: int) -> bool:
        """Dropped after round 3: plays rounds 1–3, not 4."""
        return self.dropped_after is None or round_no <= self.dropped_after


@dataclass(frozen=True)
class PastTable:
    """One game of an earlier round as it was seated: players in seat order; a bye alone."""

    round: int
    players: tuple[str, ...]
    bye: bool = False


@dataclass(frozen=True)
class Table:
    number: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class Seating:
    round: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...]
    findings: tuple[Finding, ...]
