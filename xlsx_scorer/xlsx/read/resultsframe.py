"""The ``Results`` cells as a frame: one row per result row, one column per contract key.

The rows below the header that hold anything in the contract columns, indexed by
their Excel row number; a blank cell is ``""``; a merged range is filled with its
top-left value; a row that holds nothing, or repeats the header, is left out.
pandas and numpy live here, apart from the reading of cells, so that a league's
cells can be read while pandas is imported (``xlsx.parallel.meanwhile``).

The table is built from the cells' codes (``SheetCells.code_runs``), not their values:
each column's distinct values are looked at once, and handed on with its codes
(``Coded``), so that typing the cells (``core.typed``) need not find them again.

>>> from xlsx_scorer.core.columns import RESULT_COLUMNS
>>> from xlsx_scorer.xlsx.read.cellevents import SheetCells
>>> cells = SheetCells(  # row 1 the header; row 4 blank; row 5 repeats the header
...     [1, 1, 1, 2, 3, 3, 3], [2, 3, 5, 5, 2, 4, 5], [([0, 0, 1, 2, 3, 4, 5], 0)],
...     [1.0, "Round", "Table", "Ana", " ", "Player"])
>>> frame, coded = results_frame(cells, 1, list(RESULT_COLUMNS), list(range(1, 13)), set())
>>> frame.index.tolist(), frame["round"].tolist(), frame["player"].tolist()
([2, 3], [1.0, 1.0], ['Ana', ''])
>>> coded["player"].codes.tolist(), coded["player"].values
([0, 1], ['Ana', ''])
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from xlsx_scorer.core.cells import is_blank
from xlsx_scorer.core.columns import (
    GAME_COLUMNS,
    MARK_COLUMNS,
    MIN_HEADER_MATCHES,
)
from xlsx_scorer.core.distinct import Coded, distinct, object_array
from xlsx_scorer.i18n import fold, header_aliases
from xlsx_scorer.xlsx.read.cellevents import SheetCells

__all__ = ["results_frame"]


def results_frame(
    cells: SheetCells,
    header_row: int,
    keys: list[str],
    columns: list[int],
    flagged_rows: set[int],
) -> tuple[pd.DataFrame, dict[str, Coded]]:
    """The result rows of ``cells`` below ``header_row``: ``columns`` (numbers) named ``keys``;
    and each column as codes into its distinct values (``distinct.distinct``).

    Rows in ``flagged_rows`` (a formula with no saved value) are kept even when blank.
    """
    table = object_array([*cells.table, ""])  # a blank cell: the last code
    index, body = _body(cells, header_row, columns, blank=len(table) - 1)
    _fill_merged(body, index, columns, cells.merged, header_row, blank=len(table) - 1)
    values, coded = [], {}
    for key, held_codes in zip(keys, body, strict=True):
        held, local = _held(held_codes, len(table))
        column_values = table[held]
        codes, uniques = distinct(column_values)
        values.append(column_values[local])
        coded[key] = Coded(codes[local], uniques)
    keep = ~_blank_rows(coded, index, flagged_rows)
    frame = pd.DataFrame(
        {key: column[keep] for key, column in zip(keys, values, strict=True)},
        index=pd.Index(index[keep]),
        dtype=object,
    )
    if keep.all():
        return frame, coded
    for key, (codes, uniques) in coded.items():
        held, local = _held(codes[keep], len(uniques))
        coded[key] = Coded(local, [uniques[code] for code in held])
    return frame, coded


def _held(
    codes: npt.NDArray[np.integer[Any]], size: int
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The codes (of ``size``) that ``codes`` holds, ascending, and each of ``codes`` as the
    position of its code among them.

    >>> [part.tolist() for part in _held(np.array([5, 2, 5]), 7)]
    [[2, 5], [1, 0, 1]]
    """
    present = np.zeros(size, dtype=bool)
    present[codes] = True
    return np.flatnonzero(present), (np.cumsum(present) - 1)[codes]


def _body(
    cells: SheetCells, header_row: int, columns: list[int], *, blank: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]:
    """The rows below the header holding anything in ``columns`` (ascending), and the code
    of each of their cells there, column by column (``blank`` where none; a cell given
    twice: the last).

    Rows and columns are within the sheet's grid (the readers see to it), so both are
    looked up in tables as long as the grid: no sorting.  Codes and places are 32-bit
    integers (half the memory to touch): a grid of 1,048,576 rows by the contract's
    columns, and the cells of a package of at most 1 GB, stay far below 2**31.
    """
    column_of, row_of = _integers(cells.column_of), _integers(cells.row_of)
    slot = np.full(max(columns, default=0) + 1, -1, dtype=np.int32)
    slot[columns] = np.arange(len(columns), dtype=np.int32)
    position = slot[np.minimum(column_of, len(slot) - 1)]
    position[column_of >= len(slot)] = -1
    taken = np.flatnonzero((position >= 0) & (row_of > header_row))
    rows, position = row_of[taken], position[taken]
    codes = _codes(cells.code_runs)[taken]
    present = np.zeros(int(rows.max(initial=0)) + 1, dtype=bool)
    present[rows] = True
    index = np.flatnonzero(present).astype(np.int64)
    at = (np.cumsum(present, dtype=np.int32) - 1)[rows] * len(columns) + position  # file order
    if not np.all(np.diff(at) > 0):  # out of order, or the same cell twice: the last counts
        at, codes = _last_of_each(at, codes)
    body = np.full(len(index) * len(columns), blank, dtype=np.int32)
    body[at] = codes
    return index, np.ascontiguousarray(body.reshape(len(index), len(columns)).T)  # by column


def _integers(values: Sequence[int]) -> npt.NDArray[np.integer[Any]]:
    """``values`` as an integer array: the plain reader's ``array`` of machine integers as it
    is (no copy), the exact reader's list (even an empty one) as 64-bit integers.

    >>> _integers(array("H", [1, 2])).dtype, _integers([]).dtype
    (dtype('uint16'), dtype('int64'))
    """
    if isinstance(values, array):
        return np.asarray(values)
    return np.asarray(values, dtype=np.int64)


def _codes(runs: list[tuple[Sequence[int], int]]) -> npt.NDArray[np.int32]:
    """The cells' codes, each run's counted from its base (``SheetCells.code_runs``)."""
    return np.concatenate([_run(run) + base for run, base in runs] or [np.empty(0, np.int32)])


def _run(run: Sequence[int]) -> npt.NDArray[np.int32]:
    if isinstance(run, range):
        return np.arange(run.start, run.stop, run.step, dtype=np.int32)
    return np.asarray(run, dtype=np.int32)


def _last_of_each(
    at: npt.NDArray[np.int32], values: npt.NDArray[np.int32]
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Positions and values keeping, for a position given twice, its last value."""
    reversed_at = at[::-1]
    _, first = np.unique(reversed_at, return_index=True)
    return reversed_at[first], values[::-1][first]


def _fill_merged(
    body: npt.NDArray[np.int32],
    index: npt.NDArray[np.int64],
    columns: list[int],
    merged: list[tuple[int, int, int, int]],
    header_row: int,
    *,
    blank: int,
) -> None:
    """Fill each merged range below the header with its top-left code, in the rows read
    (``body``: a row of codes per column).

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
        value = blank
        if index[top] == first_row and first_column in columns:
            value = body[columns.index(first_column), top]
        body[targets, top:bottom] = value


def _blank_rows(
    coded: dict[str, Coded], index: npt.NDArray[np.int64], flagged_rows: set[int]
) -> npt.NDArray[np.bool_]:
    """Rows that hold nothing to read; rows with a formula that has no saved value never are.

    A row is blank when all its game's required cells are blank (an unticked checkbox, FALSE,
    in a mark column counts as blank), or when it repeats the header (Round,
    Table, Player…), as some organisers do per round: at least three cells name
    their own column.  Each column's distinct values are looked at once.
    """
    game = next(name for name, (required, _) in GAME_COLUMNS.items() if set(required) <= set(coded))
    aliases = header_aliases(game)
    blank = np.ones(len(index), dtype=bool)
    named = np.zeros(len(index), dtype=np.int64)
    for key in GAME_COLUMNS[game][0]:
        unticked_is_blank = key in MARK_COLUMNS

        def kind(value: Any, key: str = key, unticked_is_blank: bool = unticked_is_blank) -> int:
            if is_blank(value) or (unticked_is_blank and value is False):
                return _BLANK
            if isinstance(value, str) and aliases.get(fold(value)) == key:
                return _NAMES_ITS_COLUMN
            return _VALUE

        codes, uniques = coded[key]
        kinds = np.array([kind(value) for value in uniques], dtype=np.int64)[codes]
        blank &= kinds == _BLANK
        named += kinds == _NAMES_ITS_COLUMN
    skipped = blank | (named >= MIN_HEADER_MATCHES)
    return skipped & ~np.isin(index, list(flagged_rows))


_VALUE, _BLANK, _NAMES_ITS_COLUMN = 0, 1, 2
