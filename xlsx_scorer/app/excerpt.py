"""A finding among its neighbours: the ``Results`` cells as typed, a few rows around a cell.

``results_cells`` keeps the sheet a run read (``api.Run.book.results``) with its columns in
sheet order and their headers in the run's language; ``ResultsCells.excerpt`` cuts the rows
around a finding's cell, each value as the organiser's spreadsheet shows it (``shown``).

>>> from pathlib import Path
>>> from xlsx_scorer.app import api
>>> data = Path("fixtures/sample_mistakes.xlsx").read_bytes()
>>> book = api.run(data, scoring=False).book
>>> cells = results_cells(book.results, "en")
>>> cells.excerpt(Where(sheet="Results", cell="D5")).highlight
(5, 'D')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pandas as pd

from xlsx_scorer.core.cells import ErrorValue, is_blank
from xlsx_scorer.core.cells import shown as cell_text
from xlsx_scorer.findings import Where
from xlsx_scorer.i18n import header
from xlsx_scorer.xlsx.read import reader

#: Rows shown above and below a finding's cell; the longest cell text shown.
CONTEXT_ROWS, SHOWN_MAX = 2, 60


@dataclass(frozen=True)
class Excerpt:
    """A few rows of ``Results`` as the organiser sees them, one cell to highlight.

    ``rows[i]`` is Excel row ``first_row + i``; its values, as shown text, are
    in the order of ``columns`` (letters) and ``headers``.
    """

    first_row: int
    columns: tuple[str, ...]
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    highlight: tuple[int, str]


@dataclass(frozen=True)
class ResultsCells:
    """The ``Results`` sheet's cells as typed: for showing a finding among its neighbours.

    ``raw`` is indexed by Excel row (blank rows left out) with one column per
    key of ``keys``; ``letters`` and ``headers`` name those columns, in sheet order.
    """

    sheet: str
    header_row: int
    keys: tuple[str, ...]
    letters: tuple[str, ...]
    headers: tuple[str, ...]
    raw: pd.DataFrame

    def excerpt(self, where: Where, around: int = CONTEXT_ROWS) -> Excerpt | None:
        """The rows around the cell of ``where``: ``around`` above and below, fewer at the edges.

        None when ``where`` is not a result cell of this sheet below the header.

        >>> raw = pd.DataFrame({"player": ["Ana", "Bo", 3.0]}, index=[2, 3, 5], dtype=object)
        >>> cells = ResultsCells("Results", 1, ("player",), ("C",), ("Player",), raw)
        >>> found = cells.excerpt(Where(sheet="Results", cell="C3"), around=1)
        >>> found.first_row, found.rows, found.highlight
        (2, (('Ana',), ('Bo',), ('',)), (3, 'C'))
        >>> cells.excerpt(Where(sheet="Standings", cell="C3")) is None
        True
        """
        row, _ = where.position
        letters = (where.cell or "").rstrip("0123456789")
        if where.sheet != self.sheet or not letters or row <= self.header_row:
            return None
        last = max(row, int(self.raw.index.max()) if len(self.raw) else row)
        first = max(self.header_row + 1, min(row - around, last - 2 * around))
        final = min(last, first + 2 * around)
        window = self.raw.reindex(range(first, final + 1))[list(self.keys)]
        rows = tuple(tuple(shown(value) for value in values) for values in window.to_numpy())
        return Excerpt(first, self.letters, self.headers, rows, (row, letters))


def results_cells(results: reader.ResultsSheet, lang: str) -> ResultsCells:
    """The cells of the ``Results`` sheet a run read, columns in sheet order, headers in
    ``lang``."""
    ordered = sorted(results.columns.items(), key=lambda item: Where(cell=f"{item[1]}1").position)
    return ResultsCells(
        sheet=results.name,
        header_row=results.header_row,
        keys=tuple(key for key, _ in ordered),
        letters=tuple(letter for _, letter in ordered),
        headers=tuple(header(lang, key) for key, _ in ordered),
        raw=results.raw,
    )


def shown(value: Any) -> str:
    """A cell as the organiser recognises it, cut to ``SHOWN_MAX`` characters; blank is ``""``.

    >>> shown(3.0), shown(None), shown(float("nan")), shown(True), shown("x" * 70)[-3:]
    ('3', '', '', 'TRUE', 'xx…')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)) or is_blank(value):
        return ""
    words = value.text if isinstance(value, ErrorValue) else cell_text(value)
    return words if len(words) <= SHOWN_MAX else words[: SHOWN_MAX - 1] + "…"
