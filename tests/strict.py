"""Values compared by type as well as by value.

In Python ``True == 1 == 1.0`` and a ``datetime`` is a ``date``: a reader that gave TRUE
where the sheet holds 1 (or 1 where it holds 1.0) would pass a plain ``==``.  Tests of
the sheet readers compare ``typed(found) == typed(expected)`` instead.
"""

from __future__ import annotations

from typing import Any

from xlsx_scorer.xlsx.read.sheetcells import SheetCells


def typed(value: Any) -> Any:
    """``value`` with each value in it as (its type, itself); dicts, lists and tuples kept,
    their keys as they are; ``SheetCells`` as everything its ``==`` compares.

    >>> typed({1: [True, 1.0, "x"]})
    {1: [(<class 'bool'>, True), (<class 'float'>, 1.0), (<class 'str'>, 'x')]}
    >>> typed([1]) == typed([1.0]), [1] == [1.0]
    (False, True)
    """
    if isinstance(value, SheetCells):
        return typed((value.cells(), value.uncached, value.bad, value.merged, value.ascending))
    if isinstance(value, dict):
        return {key: typed(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(map(typed, value))
    return (type(value), value)
