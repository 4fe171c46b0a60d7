"""What one of our output sheets holds: the type the writer writes and the app fills.

A sheet is a title (row 1), notes under it, a blank row, then one table: a header row and
the rows below it.  Values are ``str``, ``int``, ``float``, ``bool`` or ``None`` (blank).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, overload

__all__ = ["BOX", "Box", "Chart", "Column", "Headed", "Note", "Rows", "SheetSpec", "note_text"]

#: A note: its text, or a function giving it, called once the sheet is being written (a check
#: code over a big table is worked out while a helper process writes the table's rows).
Note = str | Callable[[], str]


class Box:
    """An empty cell to write in: written with its column's look (a ``boxed`` column: its
    border), where a blank (None) leaves the cell out.  ``BOX`` is the one value."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "BOX"


#: An empty cell to write in (``Box``).
BOX = Box()


def note_text(note: Note) -> str:
    """The text of ``note``.

    >>> note_text("Check code:"), note_text(lambda: "3fa2b4c9d1")
    ('Check code:', '3fa2b4c9d1')
    """
    return note if isinstance(note, str) else note()


class Rows(Sequence[tuple[Any, ...]]):
    """A table's rows kept column by column: ``Rows([[1, 2], ["Ana", "Bo"]])`` holds the
    rows ``(1, "Ana")`` and ``(2, "Bo")``.

    A report makes its table from a frame's columns, and the sheet writer and the check
    code work column by column: kept so, the table is never turned into rows and back.
    ``length`` is the number of rows of a table without columns.

    >>> rows = Rows([[1, 2], ["Ana", "Bo"]])
    >>> list(rows), rows[-1], len(rows), rows.under(("Rank", "Player"))[0]
    ([(1, 'Ana'), (2, 'Bo')], (2, 'Bo'), 2, ('Rank', 'Player'))
    >>> Rows.of([(1, "Ana"), (2,)]).columns
    [[1, 2], ['Ana', None]]
    """

    def __init__(self, columns: Iterable[Sequence[Any]], length: int = 0) -> None:
        self.columns = list(columns)
        if self.columns:
            length = len(self.columns[0])
            if any(len(column) != length for column in self.columns):
                raise ValueError("the columns of a table differ in length")
        self._length = length

    @classmethod
    def of(cls, rows: Iterable[Sequence[Any]]) -> Rows:
        """``rows`` kept column by column (as they are when they are already); a short row's
        missing cells at its end are blank (None)."""
        if isinstance(rows, Rows):
            return rows
        table = list(rows)
        width = max(map(len, table), default=0)
        if min(map(len, table), default=0) == width:
            return cls([list(map(itemgetter(i), table)) for i in range(width)], len(table))
        columns = [[row[i] if i < len(row) else None for row in table] for i in range(width)]
        return cls(columns, len(table))

    def under(self, row: Sequence[Any]) -> Rows:
        """``row`` and then these rows (a header row over the table); the columns are not
        copied (``Headed``), so a check code over a million rows costs no second table."""
        if len(row) != len(self.columns):
            return Rows.of([row, *self])
        return Rows(
            [Headed(value, column) for value, column in zip(row, self.columns, strict=True)]
        )

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return zip(*self.columns, strict=True) if self.columns else iter([()] * self._length)

    @overload
    def __getitem__(self, index: int) -> tuple[Any, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> Rows: ...

    def __getitem__(self, index: int | slice) -> tuple[Any, ...] | Rows:
        if isinstance(index, slice):
            return Rows([column[index] for column in self.columns], len(range(self._length)[index]))
        if not -self._length <= index < self._length:
            raise IndexError("row index out of range")
        return tuple(column[index] for column in self.columns)


class Headed(Sequence[Any]):
    """A column with one value over it, read through (the column is not copied).

    >>> column = Headed("Rank", [1, 2, 3])
    >>> list(column), len(column), column[0], column[-1], column[1:3], column[:2]
    (['Rank', 1, 2, 3], 4, 'Rank', 3, [1, 2], ['Rank', 1])
    """

    def __init__(self, head: Any, column: Sequence[Any]) -> None:
        self.head, self.column = head, column

    def __len__(self) -> int:
        return len(self.column) + 1

    def __iter__(self) -> Iterator[Any]:
        yield self.head
        yield from self.column

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return list(self)[index]
            if start >= stop:
                return []
            body = list(self.column[max(start, 1) - 1 : stop - 1])
            return [self.head, *body] if start == 0 else body
        if not -len(self) <= index < len(self):
            raise IndexError("index out of range")
        index %= len(self)
        return self.column[index - 1] if index else self.head


@dataclass(frozen=True)
class Column:
    """One column of an output table: header text, width, number format, centred or not,
    wrapped or not, at the top of its row or not, boxed or not.

    Short values beside a name (a rank, a table) are ``centered``, so that a number
    right-aligned against a left-aligned name never reads as one word (``1Elif``).  Long
    text (a problem's message) is ``wrapped`` in its column, so that the column stays
    narrow enough to print; a wrapped cell, and every cell of a ``top`` column, stands at
    the top of its row (beside the first line of the text that wraps).  A ``boxed`` column's
    cells have a thin border all round: a box to write in on a printed form (a slip).

    >>> Column("Mesa", centered=True).alignment, Column("Problema", wrapped=True).alignment
    ('<alignment horizontal="center"/>', '<alignment vertical="top" wrapText="1"/>')
    >>> Column("Mesa", centered=True, top=True).alignment
    '<alignment horizontal="center" vertical="top"/>'
    """

    header: str
    width: float = 12
    number_format: str | None = None
    centered: bool = False
    wrapped: bool = False
    top: bool = False
    boxed: bool = False

    @property
    def look(self) -> tuple[str | None, str, bool]:
        """What styles a cell of the column, links apart: (number format, ``alignment``,
        ``boxed``)."""
        return self.number_format, self.alignment, self.boxed

    @property
    def alignment(self) -> str:
        """The cells' ``<alignment>`` element (SpreadsheetML), ``""`` for the default."""
        attributes = ' horizontal="center"' if self.centered else ""
        attributes += ' vertical="top"' if self.top or self.wrapped else ""
        attributes += ' wrapText="1"' if self.wrapped else ""
        return f"<alignment{attributes}/>" if attributes else ""


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

    ``rows`` may be a ``Rows``, kept column by column.  ``links`` maps (row position in
    ``rows``, column position) to the cell the value should link to, such as
    ``"'Results'!E7"``.  ``kind`` is a stable identifier (``standings``,
    ``round_points``, ``errors``): the writer marks the sheet with it and recognises the
    sheet by it in a later run, whatever the sheet is called by then; ``name`` is what
    the tab shows (``Clasificación``).  A note given as a function (``Note``) is called
    when the sheet is written, once.
    """

    kind: str
    name: str
    title: str
    notes: tuple[Note, ...]
    columns: tuple[Column, ...]
    rows: Sequence[Sequence[Any]]
    links: dict[tuple[int, int], str] = field(default_factory=dict)
    chart: Chart | None = None
    #: Positions in ``rows`` where a block starts that prints on one page (a table's slip):
    #: the printed pages break between blocks, never inside one; a block runs to the next.
    blocks: tuple[int, ...] = ()
