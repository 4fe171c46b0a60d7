"""What one of our output sheets holds: the type the writer writes and the app fills.

A sheet is a title (row 1), notes under it, a blank row, then one table: a header row and
the rows below it.  Values are ``str``, ``int``, ``float``, ``bool`` or ``None`` (blank).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Chart", "Column", "SheetSpec"]


@dataclass(frozen=True)
class Column:
    """One column of an output table: header text, width, number format, centred or not.

    Short values beside a name (a rank, a table) are ``centered``, so that a number
    right-aligned against a left-aligned name never reads as one word (``1Elif``).
    """

    header: str
    width: float = 12
    number_format: str | None = None
    centered: bool = False


@dataclass(frozen=True)
class Chart:
    """A line chart of the leading players' cumulative round points, by round.

    Its numbers are written on a hidden sheet named ``data_sheet`` (``Chart Data``).
    """

    title: str
    rounds: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]
    data_sheet: str


@dataclass(frozen=True)
class SheetSpec:
    """An output sheet: a title, notes under it, then a table (header + rows).

    ``links`` maps (row position in ``rows``, column position) to the cell the
    value should link to, such as ``"'Results'!E7"``.  ``kind`` is a stable
    identifier (``standings``, ``round_points``, ``errors``): the writer marks the
    sheet with it and recognises the sheet by it in a later run, whatever the sheet
    is called by then; ``name`` is what the tab shows (``Clasificación``).
    """

    kind: str
    name: str
    title: str
    notes: tuple[str, ...]
    columns: tuple[Column, ...]
    rows: tuple[tuple[Any, ...], ...]
    links: dict[tuple[int, int], str] = field(default_factory=dict)
    chart: Chart | None = None
