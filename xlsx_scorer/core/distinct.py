"""Work done once per distinct value of a column: a results column repeats a handful.

``distinct`` gives codes and distinct values (``Coded``): a function of one cell
(``cells``) is applied to a whole column through them (``typed``, ``app.report``).
``object_array`` holds such values as numpy objects, one value a cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
import pandas as pd

#: ``pandas.api.types.infer_dtype`` kinds whose values can be told apart by value alone,
#: and of those, the kinds that hold no missing value (None, NaN) to look for.
_UNIFORM_KINDS = frozenset({"string", "integer", "mixed-integer-float", "empty"})
_NEVER_MISSING_KINDS = frozenset({"string", "integer", "empty"})


class Coded(NamedTuple):
    """A column as codes into its distinct values: cell ``i`` holds ``values[codes[i]]``.

    Values are distinct as ``distinct`` tells them apart (by type as well as value).
    """

    codes: npt.NDArray[np.intp]
    values: list[Any]


def object_array(values: Sequence[Any] | npt.NDArray[Any]) -> npt.NDArray[np.object_]:
    """``values`` as a one-dimensional array of Python objects, one value a cell: where
    ``np.array`` would make mixed numbers and text all text, or tuples into rows.

    >>> object_array([3, "Final", (1, 2)]).tolist()
    [3, 'Final', (1, 2)]
    """
    array = np.empty(len(values), dtype=object)
    array[:] = list(values)
    return array


def distinct(values: Sequence[Any] | npt.NDArray[Any]) -> Coded:
    """Codes and distinct values: ``values[i]`` is ``uniques[codes[i]]`` (same type too).

    A results column repeats a handful of values (0–15, marks, a few thousand
    names), so work done per distinct value is nearly free.  Values are told
    apart by type as well as value (``True``, ``1`` and ``"1"`` are different
    cells), except ``3`` and ``3.0``, which every reader of a cell treats alike.
    A column of one kind (all text, all numbers) is hashed in C without looking
    at types; with an unhashable value every value stands on its own.

    >>> codes, uniques = distinct([3.0, "3", True, 1, 3.0, None])
    >>> codes.tolist(), uniques
    ([0, 1, 2, 3, 0, 4], [3.0, '3', True, 1, None])
    """
    if isinstance(values, np.ndarray) and values.dtype == object and values.ndim == 1:
        column = values
    else:
        column = object_array(values)
    kind = pd.api.types.infer_dtype(column, skipna=False)
    if kind == "floating":  # numbers as a spreadsheet stores them: hashed as doubles
        codes, floats = pd.factorize(column.astype(np.float64), use_na_sentinel=False)
        return Coded(codes.astype(np.intp, copy=False), [float(value) for value in floats])
    if kind in _UNIFORM_KINDS:
        codes, uniques = pd.factorize(column, use_na_sentinel=kind in _NEVER_MISSING_KINDS)
        return Coded(codes.astype(np.intp, copy=False), list(uniques))
    try:
        by_value = pd.factorize(column)[0]  # None and NaN share code -1; their types differ
        types = np.fromiter(map(type, column), dtype=object, count=len(column))
        by_type = pd.factorize(types)[0]
        combined = (by_value + 1) * (int(by_type.max(initial=0)) + 1) + by_type
        codes = pd.factorize(combined)[0]
    except TypeError:  # unhashable: no workbook reader makes one, but take it anyway
        codes = np.arange(len(column))
    # factorize numbers values in order of first appearance: find each one's first row.
    firsts = np.empty(int(codes.max(initial=-1)) + 1, dtype=np.intp)
    firsts[codes[::-1]] = np.arange(len(codes) - 1, -1, -1)
    return Coded(codes.astype(np.intp, copy=False), [column[position] for position in firsts])
