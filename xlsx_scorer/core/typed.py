"""The ``Results`` cells read into typed columns, and the cells that could not be read.

Each raw cell means what ``cells`` says (a whole number, a mark, a player's
name, a table label); a column is parsed once per distinct value
(``distinct.distinct``).  A blank optional cell, such as ``Total VP``, is not
checked, so it is no problem; a blank mark is no.  The typed frame is what the
rules check (``rules``) and what is scored (``scoring``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from xlsx_scorer.core import cells
from xlsx_scorer.core.columns import (
    BREAKDOWN_COLUMNS,
    MARK_COLUMNS,
    NUMBER_COLUMNS,
    OPTIONAL_COLUMNS,
)
from xlsx_scorer.core.distinct import Coded, distinct, object_array

#: How each column's cells are read, and the type of its typed column.
PARSERS: dict[str, Callable[[Any], Any]] = {
    "round": cells.whole_number,
    "table": cells.table_label,
    "player": cells.player_name,
    **dict.fromkeys(NUMBER_COLUMNS, cells.whole_number),
    **dict.fromkeys(MARK_COLUMNS, cells.mark),
    "total_vp": cells.whole_number,
    **dict.fromkeys(("score", *BREAKDOWN_COLUMNS), cells.whole_number),
}
DTYPES: dict[str, Any] = {
    "round": "Int64",
    "table": object,
    "player": object,
    **dict.fromkeys(NUMBER_COLUMNS, "Int64"),
    **dict.fromkeys(MARK_COLUMNS, "boolean"),
    "total_vp": "Int64",
    **dict.fromkeys(("score", *BREAKDOWN_COLUMNS), "Int64"),
}


def typed_results(
    raw: pd.DataFrame, coded: Mapping[str, Coded] | None = None
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Typed columns from raw cell values, and the cells that could not be read.

    The second frame has one row per unreadable cell: ``row`` (Excel row),
    ``column`` (key), ``code`` (a finding code) and ``found``.  ``coded`` holds
    columns already as ``distinct`` gives them (the reader's), found anew otherwise.

    >>> raw = pd.DataFrame({"round": [1, "x"]}, index=[5, 6], dtype=object)
    >>> typed, errors = typed_results(raw)
    >>> typed["round"].tolist(), errors[["row", "code"]].values.tolist()
    ([1, <NA>], [[6, 'text_in_number']])
    """
    typed = {}
    failures: list[dict[str, Any]] = []
    rows = raw.index.to_numpy()
    for column in [key for key in raw.columns if key in PARSERS]:
        codes, uniques = (coded or {}).get(column) or distinct(raw[column].to_numpy())
        parse = _blank_rule(column, PARSERS[column])
        parsed = [parse(value) for value in uniques]
        bad = np.array([isinstance(value, cells.CellError) for value in parsed], dtype=bool)
        bad_rows = np.flatnonzero(bad[codes])
        failures.extend(
            {"row": rows[row], "column": column, "code": error.code, "found": error.found}
            for row in bad_rows
            for error in (parsed[codes[row]],)
        )
        array = _typed_array(parsed, bad, codes, DTYPES[column])
        typed[column] = pd.Series(array, index=raw.index, dtype=DTYPES[column])
    errors = pd.DataFrame(failures, columns=["row", "column", "code", "found"])
    return pd.DataFrame(typed, index=raw.index, copy=False), errors  # the columns are new


def _typed_array(
    parsed: list[Any], bad: npt.NDArray[np.bool_], codes: npt.NDArray[np.intp], dtype: Any
) -> Any:
    """The column of parsed distinct values taken by ``codes``, as an array of ``dtype``.

    Unreadable values (``bad``) and blank optional cells (parsed as None) are missing.
    """
    missing = bad | np.array([value is None for value in parsed], dtype=bool)
    if dtype == "Int64":
        numbers = [0 if gone else value for value, gone in zip(parsed, missing, strict=True)]
        values = np.array(numbers, dtype=np.int64)
        return pd.arrays.IntegerArray(values[codes], missing[codes])
    if dtype == "boolean":
        flags = [not gone and bool(value) for value, gone in zip(parsed, missing, strict=True)]
        return pd.arrays.BooleanArray(np.array(flags, dtype=bool)[codes], missing[codes])
    objects = object_array(
        [None if gone else value for value, gone in zip(parsed, missing, strict=True)]
    )
    return objects[codes]


def _blank_rule(column: str, parse: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Blank required cells read as a ``missing`` error, blank marks as no (``parse`` says so),
    blank optional cells as missing values (not checked)."""
    optional = column in OPTIONAL_COLUMNS or column in BREAKDOWN_COLUMNS
    mark = column in MARK_COLUMNS
    missing = cells.CellError("missing_player" if parse is cells.player_name else "missing", "")

    def parse_cell(value: Any) -> Any:
        if cells.is_blank(value):
            if optional:
                return None
            if not mark:
                return missing
        return parse(value)

    return parse_cell
