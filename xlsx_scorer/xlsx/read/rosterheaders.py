"""The headers of the roster's optional columns (``Dropped After Round``, ``Fixed Table``,
``Club``; docs/seating.md), found in the ``Players`` sheet as an organiser types them.

A header is the column's when it is its header in any shipped language (``roster.*``),
compared as ``i18n.fold`` does (case, accents, spaces).  One that only comes close is the
column's too, and is pointed out (``seat_roster_header``), never silently ignored:

- a known other name of the column (``msgctxt "roster_alias"``: ``Retirado tras la ronda``
  for ``Abandona tras la ronda``);
- a slip of the keyboard: at most ``CLOSE_EDITS`` letters added, left out or changed
  (one for a header of up to ``SHORT`` letters: ``Clubs`` for ``Club``).

>>> rows = {1: {1: "Jugador", 2: "Retirado tras la ronda", 3: "Mesa fja", 4: "Notas"}}
>>> found = find("Jugadores", rows, "A")
>>> found.columns
{'dropped_after': 2, 'fixed_table': 3}
>>> for finding in found.findings:
...     print(finding.where.ref, finding.params["found"], "→", finding.params["expected"])
Jugadores!B1 Retirado tras la ronda → Abandona tras la ronda
Jugadores!C1 Mesa fja → Mesa fija
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from xlsx_scorer.findings import Finding, Where
from xlsx_scorer.i18n import LANGUAGES, fold
from xlsx_scorer.xlsx.read.sheetcells import column_letters

#: The optional roster columns by key, their header in every shipped language (``roster.*``).
ROSTER_COLUMNS = ("dropped_after", "fixed_table", "club")
#: Headers are looked for in the sheet's first rows.
HEADER_SEARCH_ROWS = 30
#: A header this many edits from a known one is taken for it; one edit for a short one.
CLOSE_EDITS, SHORT = 2, 6


@dataclass(frozen=True)
class RosterHeaders:
    """Each optional column found (key → column number), and the findings pointing out the
    headers taken for a column they only come close to."""

    columns: dict[str, int] = field(default_factory=dict)
    findings: tuple[Finding, ...] = ()


def find(sheet: str, rows: dict[int, dict[int, Any]], names_column: str) -> RosterHeaders:
    """The optional columns' headers in the first rows of ``rows``, outside the names'
    column (``names_column``, its letters); an exact header first, else a close one."""
    exact = {
        fold(module.STRINGS[f"roster.{key}"]): key
        for module in LANGUAGES.values()
        for key in ROSTER_COLUMNS
    }
    aliases = {
        fold(alias): key
        for module in LANGUAGES.values()
        for key, said in module.ROSTER_ALIASES.items()
        for alias in said
    }
    columns: dict[str, int] = {}
    close: list[tuple[str, int, int, str]] = []
    for row, cells in sorted(rows.items()):
        if row > HEADER_SEARCH_ROWS:
            break
        for column, value in sorted(cells.items()):
            if not isinstance(value, str) or column_letters(column) == names_column:
                continue
            folded = fold(value)
            if folded in exact:
                columns.setdefault(exact[folded], column)
                continue
            key = aliases.get(folded) or _near(folded, exact)
            if key is not None:
                close.append((key, row, column, " ".join(value.split())))
    findings = []
    for key, row, column, found in close:
        if key in columns:
            continue
        columns[key] = column
        findings.append(
            Finding(
                "seat_roster_header",
                {"found": found, "expected": _expected(key, found)},
                "notice",
                Where(sheet=sheet, cell=f"{column_letters(column)}{row}"),
            )
        )
    return RosterHeaders(columns, tuple(findings))


def _near(folded: str, exact: dict[str, str]) -> str | None:
    """The column whose header ``folded`` is a slip of the keyboard away from, if one."""
    for known, key in exact.items():
        allowed = 1 if len(known) <= SHORT else CLOSE_EDITS
        if abs(len(known) - len(folded)) <= allowed and edits(folded, known) <= allowed:
            return key
    return None


def _expected(key: str, found: str) -> str:
    """The header ``found`` should read: the column's in the language it comes closest to
    (the language of the alias it is; else of the header it is a slip from)."""
    folded = fold(found)
    for module in LANGUAGES.values():
        if folded in {fold(alias) for alias in module.ROSTER_ALIASES.get(key, ())}:
            return str(module.STRINGS[f"roster.{key}"])
    return min(
        (str(module.STRINGS[f"roster.{key}"]) for module in LANGUAGES.values()),
        key=lambda header: edits(folded, fold(header)),
    )


def edits(first: str, second: str) -> int:
    """Letters added, left out or changed to turn one text into the other (Levenshtein).

    >>> edits("mesa fja", "mesa fija"), edits("club", "clubs"), edits("club", "club")
    (1, 1, 0)
    """
    before = list(range(len(second) + 1))
    for i, a in enumerate(first, start=1):
        now = [i]
        for j, b in enumerate(second, start=1):
            now.append(min(before[j] + 1, now[j - 1] + 1, before[j - 1] + (a != b)))
        before = now
    return before[-1]
