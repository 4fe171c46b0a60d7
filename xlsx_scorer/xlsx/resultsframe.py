"""The ``Results`` cells as a frame: one row per result row, one column per contract key.

The rows below the header that hold anything in the contract columns, indexed by
their Excel row number; a blank cell is ``""``; a merged range is filled with its
top-left value; a row that holds nothing, or repeats the header, is left out.
pandas and numpy live here, apart from the reading of cells, so that a league's
cells can be read while pandas is imported (``xlsx.parallel.meanwhile``).

>>> from xlsx_scorer.core.columns import RESULT_COLUMNS
>>> from xlsx_scorer.xlsx.cellevents import SheetCells
>>> cells = SheetCells()  # row 1 the header; row 4 blank; row 5 repeats the header
>>> cells.columns = {1: ([2, 3, 5], [1.0, 1.0, "Round"]), 2: ([5], ["Table"]),
...                  3: ([2, 4, 5], ["Ana", " ", "Player"])}
>>> frame = results_frame(cells, 1, list(RESULT_COLUMNS), list(range(1, 13)), set())
>>> frame.index.tolist(), frame["round"].tolist(), frame["player"].tolist()
([2, 3], [1.0, 1.0], ['Ana', ''])
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from xlsx_scorer.core.cells import is_blank
from xlsx_scorer.core.columns import MARK_COLUMNS, MIN_HEADER_MATCHES, RESULT_COLUMNS
from xlsx_scorer.core.distinct import map_distinct
from xlsx_scorer.i18n import fold, header_aliases
from xlsx_scorer.xlsx.cellevents import SheetCells


def results_frame(
    cells: SheetCells,
    header_row: int,
    keys: list[str],
    columns: list[int],
    flagged_rows: set[int],
) -> pd.DataFrame:
    """The result rows of ``cells`` below ``header_row``: ``columns`` (numbers) named ``keys``.

    Rows in ``flagged_rows`` (a formula with no saved value) are kept even when blank.
    """
    frame = _frame(cells, header_row, keys, columns)
    return frame[~_blank_rows(frame, flagged_rows)]


def _frame(cells: SheetCells, header_row: int, keys: list[str], columns: list[int]) -> pd.DataFrame:
    """The rows below the header holding anything in ``columns`` (named ``keys``), blanks ``""``.

    Merged ranges are filled with their top-left value (see :func:`_fill_merged`).
    """
    pieces = []
    for column in columns:
        rows, values = cells.columns.get(column, ([], []))
        numbers = np.asarray(rows, dtype=np.int64)
        below = numbers > header_row
        pieces.append((numbers[below], _objects(values)[below]))
    index = _sorted_unique(np.concatenate([numbers for numbers, _ in pieces]))
    body = np.full((len(index), len(columns)), "", dtype=object)
    for position, (numbers, held) in enumerate(pieces):
        at, last = np.searchsorted(index, numbers), held
        if not np.all(np.diff(at) > 0):  # out of order, or the same cell twice: the last counts
            at, last = _last_of_each(at, held)
        body[at, position] = last
    _fill_merged(body, index, columns, cells.merged, header_row)
    return pd.DataFrame(body, columns=keys, index=pd.Index(index), dtype=object)


def _objects(values: list[Any]) -> npt.NDArray[np.object_]:
    array = np.empty(len(values), dtype=object)
    array[:] = values
    return array


def _sorted_unique(numbers: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The distinct ``numbers`` in ascending order (a sort: faster than ``np.unique`` here)."""
    ordered = np.sort(numbers)
    keep = np.ones(len(ordered), dtype=bool)
    keep[1:] = ordered[1:] != ordered[:-1]
    return ordered[keep]


def _last_of_each(
    at: npt.NDArray[np.intp], values: npt.NDArray[np.object_]
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.object_]]:
    """Positions and values keeping, for a position given twice, its last value."""
    reversed_at = at[::-1]
    _, first = np.unique(reversed_at, return_index=True)
    return reversed_at[first], values[::-1][first]


def _fill_merged(
    body: npt.NDArray[np.object_],
    index: npt.NDArray[np.int64],
    columns: list[int],
    merged: list[tuple[int, int, int, int]],
    header_row: int,
) -> None:
    """Fill each merged range below the header with its top-left value, in the rows read.

    A merge across result rows is still reported as a problem; filling it keeps
    the rows it covers from being reported again as empty.  A merge whose
    top-left cell lies in a column we do not read fills in blanks.  Merges
    overlap only in damaged files; the filling stops once it has written as
    many cells as the table has, so they cannot multiply the work.
    """
    budget = body.size
    for first_row, first_column, last_row, last_column in merged:
        if first_row <= header_row:
            continue
        targets = [j for j, column in enumerate(columns) if first_column <= column <= last_column]
        top, bottom = np.searchsorted(index, [first_row, last_row], side="left")
        bottom = np.searchsorted(index, last_row, side="right")
        if not targets or top >= bottom:
            continue
        budget -= (bottom - top) * len(targets)
        if budget < 0:
            return
        value = ""
        if index[top] == first_row and first_column in columns:
            value = body[top, columns.index(first_column)]
        body[top:bottom, targets] = value


def _blank_rows(frame: pd.DataFrame, flagged_rows: set[int]) -> pd.Series:
    """Rows that hold nothing to read; rows with a formula that has no saved value never are.

    A row is blank when all twelve cells are blank (an unticked checkbox, FALSE,
    in a mark column counts as blank), or when it repeats the header (Round,
    Table, Player…), as some organisers do per round: at least three cells name
    their own column.  Each column's distinct values are looked at once.
    """
    aliases = header_aliases()
    blank = np.ones(len(frame), dtype=bool)
    named = np.zeros(len(frame), dtype=np.int64)
    for key in RESULT_COLUMNS:
        unticked_is_blank = key in MARK_COLUMNS

        def kind(value: Any, key: str = key, unticked_is_blank: bool = unticked_is_blank) -> int:
            if is_blank(value) or (unticked_is_blank and value is False):
                return _BLANK
            if isinstance(value, str) and aliases.get(fold(value)) == key:
                return _NAMES_ITS_COLUMN
            return _VALUE

        kinds = map_distinct(frame[key].to_numpy(), kind).astype(np.int64)
        blank &= kinds == _BLANK
        named += kinds == _NAMES_ITS_COLUMN
    skipped = blank | (named >= MIN_HEADER_MATCHES)
    return pd.Series(skipped & ~frame.index.isin(list(flagged_rows)), index=frame.index)


_VALUE, _BLANK, _NAMES_ITS_COLUMN = 0, 1, 2
