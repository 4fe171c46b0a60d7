"""What one of our output sheets holds: the type the writer writes and the app fills.

A sheet is a title (row 1), notes under it, a blank row, then one table: a header row and
the rows below it.  Values are ``str``, ``int``, ``float``, ``bool`` or ``None`` (blank).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Chart", "Column", "SheetSpec", "kind_of"]


def kind_of(name: str) -> str:
    """The kind of an output sheet named ``name``: how its marker names it.

    >>> kind_of("Round Points"), kind_of("Chart Data")
    ('round_points', 'chart_data')
    """
    return re.sub(r"[^0-9a-z]+", "_", name.casefold()).strip("_")


@dataclass(frozen=True)
class Column:
    """One column of an output table: header text, width and number format."""

    header: str
    width: float = 12
    number_format: str | None = None


@dataclass(frozen=True)
class Chart:
    """A line chart of the leading players' cumulative round points, by round."""

    title: str
    rounds: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]


@dataclass(frozen=True)
class SheetSpec:
    """An output sheet: a title, notes under it, then a table (header + rows).

    ``links`` maps (row position in ``rows``, column position) to the cell the
    value should link to, such as ``"'Results'!E7"``.  ``name`` is the sheet's
    name, and its ``kind`` (``kind_of(name)``) is how the writer recognises the
    sheet in a later run, whatever it is called by then.
    """

    name: str
    title: str
    notes: tuple[str, ...]
    columns: tuple[Column, ...]
    rows: tuple[tuple[Any, ...], ...]
    links: dict[tuple[int, int], str] = field(default_factory=dict)
    chart: Chart | None = None

    @property
    def kind(self) -> str:
        """The sheet's kind: ``standings`` for a sheet named ``Standings``."""
        return kind_of(self.name)
