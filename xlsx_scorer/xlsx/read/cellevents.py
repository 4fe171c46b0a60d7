"""The expat handlers under :func:`sheetcells.read_cells`: one state machine, events → cells.

Kept in closures over local variables, for speed (a sheet of 100,000 rows
gives expat's handlers some five million calls).  The structure is checked as
it goes: a cell outside a row, a value outside a cell, an unknown element in
``sheetData`` is damage (confirmed with namespaces resolved).  A cell is
located only when it holds something; its row number is worked out then.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Any, NamedTuple
from xml.parsers import expat

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.xlsx.read import xmlstream
from xlsx_scorer.xlsx.read.bookparts import MAIN_NAMESPACES, TRANSITIONAL_NAMESPACE
from xlsx_scorer.xlsx.read.cellvalues import (
    DIGITS,
    MAX_COLUMN,
    MAX_ROW,
    BadValue,
    CellContext,
    column_letters,
    column_number,
    converter,
    parse_range,
    row_attribute,
    row_number,
)
from xlsx_scorer.xlsx.read.sharedstrings import unescape

# Where the parser is: outside sheetData, in it, in a row, a cell, a value, an inline string…
_OUTSIDE, _SHEET, _ROW, _CELL, _VALUE, _INLINE, _RUN, _TEXT = range(8)
# What an open cell holds, as bits.
_FORMULA, _CACHED, _INLINE_STRING = 1, 2, 4
#: A row number not known (it came after a stretch handed to expat unread), or not valid.
_UNKNOWN, _INVALID = -1, -2
_NUMBER_CACHE = 4096


@dataclass(eq=False)
class SheetCells:
    """A sheet's cells holding something, in file order, as parallel sequences: cell ``i``
    is in column ``column_of[i]`` and row ``row_of[i]``, and holds the value at its code
    in ``table``.

    The codes come in runs (``code_runs``), each counted from its own base (where its
    values start in ``table``): one run for the exact reader, which keeps every cell's
    value (codes count up); one per piece of rows for the plain reader, which keeps each
    distinct value of a piece once (:mod:`plaincells`), so that work done per distinct
    value (``xlsx.read.resultsframe``) starts from codes.  ``uncached``: (row, column) of
    formulas with no saved value; ``bad``: (row, column, what was found) of ``BadValue``
    cells; ``merged``: merged ranges as (first row, first column, last row, last column);
    ``ascending``: whether the rows holding something came in ascending order (Excel
    writes them so).  Two are equal when they hold the same cells in the same order.

    >>> runs = [([0, 1], 0), ([0], 2)]  # the third cell's code: 0 counted from 2
    >>> cells = SheetCells([2, 1, 2], [5, 5, 4], runs, ["x", 3.0, "x"], ascending=False)
    >>> cells.rows(), cells.cells()
    ({4: {2: 'x'}, 5: {1: 3.0, 2: 'x'}}, [(2, 5, 'x'), (1, 5, 3.0), (2, 4, 'x')])
    """

    column_of: MutableSequence[int] = field(default_factory=list)
    row_of: MutableSequence[int] = field(default_factory=list)
    code_runs: list[tuple[Sequence[int], int]] = field(default_factory=list)
    table: list[Any] = field(default_factory=list)
    uncached: list[tuple[int, int]] = field(default_factory=list)
    bad: list[tuple[int, int, str]] = field(default_factory=list)
    merged: list[tuple[int, int, int, int]] = field(default_factory=list)
    ascending: bool = True

    def cells(self) -> list[tuple[int, int, Any]]:
        """Each cell as (column, row, value), in file order."""
        codes = chain.from_iterable(map(base.__add__, run) for run, base in self.code_runs)
        values = map(self.table.__getitem__, codes)
        return list(zip(self.column_of, self.row_of, values, strict=True))

    def rows(self) -> dict[int, dict[int, Any]]:
        """The cells as {row: {column: value}}, rows and columns in ascending order (a cell
        given twice: the last counts)."""
        rows: dict[int, dict[int, Any]] = {}
        for column, row, value in self.cells():
            rows.setdefault(row, {})[column] = value
        return {row: dict(sorted(rows[row].items())) for row in sorted(rows)}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SheetCells):
            return NotImplemented
        return (self.cells(), self.uncached, self.bad, self.merged, self.ascending) == (
            other.cells(),
            other.uncached,
            other.bad,
            other.merged,
            other.ascending,
        )

    __hash__ = None  # type: ignore[assignment]  # mutable


@dataclass(frozen=True)
class Limits:
    """What to read: these columns (None: all), rows up to ``last_row``, stopping there."""

    columns: frozenset[int] | None
    last_row: int | None
    stop: bool


class ReadAgain(Exception):  # noqa: N818 - a signal, not an error
    """What was read so far cannot be trusted to be exact: read the part again, the slow way.

    Raised for a namespace prefix declared below the root, damage met without
    namespace processing (confirmed with it), and a row without ``r`` after a
    stretch read by the shortcut.
    """


@dataclass(frozen=True)
class _Names:
    """The names of the elements we act on, as the parser reports them."""

    c: str
    v: str
    row: str
    f: str
    inline: str
    t: str
    run: str
    sheet_data: str
    merge_cell: str
    skipped_in_run: str
    skipped_in_inline: frozenset[str]
    ext_list: str
    prefix: str | None  # the element prefix ("x:", ""), None with namespaces resolved

    @classmethod
    def of(cls, qualify: Callable[[str], str], prefix: str | None) -> _Names:
        return cls(
            c=qualify("c"),
            v=qualify("v"),
            row=qualify("row"),
            f=qualify("f"),
            inline=qualify("is"),
            t=qualify("t"),
            run=qualify("r"),
            sheet_data=qualify("sheetData"),
            merge_cell=qualify("mergeCell"),
            skipped_in_run=qualify("rPr"),
            skipped_in_inline=frozenset({qualify("rPh"), qualify("phoneticPr")}),
            ext_list=qualify("extLst"),
            prefix=prefix,
        )


def _root_names(name: str, attrs: list[str], namespaces: bool) -> _Names:
    """The element names of a sheet whose root element is ``name`` with ``attrs``.

    Without namespace processing the names carry the prefix bound to the
    SpreadsheetML namespace on the root; a sheet binding it elsewhere, or to
    several prefixes, is read again with namespaces resolved.  Then the names
    are in the root's namespace when it is SpreadsheetML's (transitional or
    strict), else in the transitional one.
    """
    if namespaces:
        uri = name.rpartition(xmlstream.NAMESPACE_SEPARATOR)[0]
        uri = uri if uri in MAIN_NAMESPACES else TRANSITIONAL_NAMESPACE
        return _Names.of(lambda local: f"{uri}{xmlstream.NAMESPACE_SEPARATOR}{local}", None)
    bindings = xmlstream.namespace_bindings(attrs)
    prefixes = [prefix for prefix, uri in bindings.items() if uri in MAIN_NAMESPACES]
    if len(prefixes) != 1:
        raise ReadAgain
    prefix = f"{prefixes[0]}:" if prefixes[0] else ""
    return _Names.of(lambda local: f"{prefix}{local}", prefix)


def _declares_namespace(attrs: list[str]) -> bool:
    return any(name.startswith("xmlns") for name in attrs[::2])


class Handlers(NamedTuple):
    """The handlers of one parser, and what the reader feeding it needs to know."""

    start: xmlstream.StartHandler
    end: xmlstream.EndHandler
    texts: list[str]
    between_rows: Callable[[], bool]
    rows_unknown: Callable[[], None]
    names: Callable[[], _Names | None]


def handlers(  # one state machine, in closures for speed
    parser: expat.XMLParserType,
    cells: SheetCells,
    sheet: str,
    context: CellContext,
    limits: Limits,
    *,
    check_ns: bool,
) -> Handlers:
    """The handlers filling ``cells`` from the events of ``parser`` (reading sheet ``sheet``)."""
    texts: list[str] = []
    add_column, add_row, add_value = cells.column_of.append, cells.row_of.append, cells.table.append
    convert = converter(context)
    numbers: dict[str, float] = {}
    plain_styles = context.styles.plain
    shared = {str(index): text for index, text in enumerate(context.strings)}
    column_cache: dict[str, int] = {}
    wanted = range(1, MAX_COLUMN + 1) if limits.columns is None else limits.columns
    last_row = limits.last_row or MAX_ROW
    stop_after = last_row if limits.stop else MAX_ROW
    in_row, in_cell, in_value = _ROW, _CELL, _VALUE
    where = _OUTSIDE
    inline_parent = _INLINE
    sheet_data_seen = False
    # The row: its r as written, and its number once known (0: not worked out yet;
    # _UNKNOWN after a stretch read by the shortcut; _INVALID after a malformed r).
    row_ref: str | None = None
    row_attrs: list[str] = []
    row = 0
    row_ready = False  # the row's number is worked out and its attributes checked
    highest_row = 0  # of the rows holding something, for ``ascending``
    # The cell: its attributes, r as written, its column once known (0: not yet).
    cell_attrs: list[str] = []
    cell_ref: str | None = None
    column = 0
    content = 0  # what the open cell holds: _FORMULA | _CACHED | _INLINE_STRING
    value_text = ""
    inline: list[str] = []
    skip_depth = 0
    c_ = v_ = row_ = f_ = is_ = t_ = r_ = sheet_data_ = "\0"
    names: _Names | None = None

    def bad_coordinate(ref: str) -> UnusableWorkbookError:
        return UnusableWorkbookError("unusable.bad_coordinate", {"sheet": sheet, "cell": ref})

    def damaged(detail: str) -> Exception:
        if check_ns:  # a prefix may have been declared below the root: confirm with namespaces
            return ReadAgain()
        line, offset = parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
        return UnusableWorkbookError(
            "unusable.broken_part",
            {"part": sheet, "detail": f"{detail}: line {line}, column {offset}"},
        )

    def between_rows() -> bool:
        return where == _SHEET

    def rows_unknown() -> None:
        nonlocal row, row_ref
        row, row_ref = _UNKNOWN, None

    def skip_start(_name: str, _attrs: list[str]) -> None:
        nonlocal skip_depth
        skip_depth += 1

    def skip_end(_name: str) -> None:
        nonlocal skip_depth
        skip_depth -= 1
        if not skip_depth:
            parser.StartElementHandler, parser.EndElementHandler = start, end

    def skip() -> None:
        nonlocal skip_depth
        skip_depth = 1
        parser.StartElementHandler, parser.EndElementHandler = skip_start, skip_end

    def row_of_row() -> int:
        """The number of the open row, worked out now (it holds something)."""
        nonlocal row, row_ready
        if check_ns and _declares_namespace(row_attrs):
            raise ReadAgain
        if 0 < row <= MAX_ROW:
            row_ready = True
            return row
        if row == _UNKNOWN:  # a row without r after rows read by the shortcut
            raise ReadAgain
        if row:
            raise bad_coordinate(f"row {row}" if row > 0 else "row after a malformed r")
        number = row_attribute(row_ref or "")
        if number is None:
            raise bad_coordinate(f"row {row_ref}")
        row, row_ready = number, True
        return number

    def column_of_previous() -> int:
        """The column of the cell before the open one in this row (0 before the first;
        -1 when its reference is malformed)."""
        if column or cell_ref is None:
            return column
        return column_number(cell_ref.rstrip(DIGITS)) or -1

    def start_row(attrs: list[str]) -> None:
        nonlocal where, row, row_ref, row_attrs, row_ready, column, cell_ref
        if where != _SHEET:
            raise damaged("a row outside sheetData")
        where = _ROW
        before_ref, before = row_ref, row  # the row that ended (0: its r not read yet)
        row_attrs, row_ready, column, cell_ref = attrs, False, 0, None
        if attrs and attrs[0] == "r":
            row_ref, row = attrs[1], 0
            return
        row_ref = None
        for index in range(0, len(attrs), 2):
            if attrs[index] == "r":
                row_ref = attrs[index + 1]
        if row_ref is not None:
            row = 0
        elif before == 0 and before_ref is not None:  # the number follows the row before
            row = (row_attribute(before_ref) or _INVALID - 1) + 1
        elif before in (_UNKNOWN, _INVALID):
            row = before
        else:
            row = before + 1

    def start_other(name: str, attrs: list[str]) -> None:
        nonlocal where, content, inline_parent, sheet_data_seen, names
        nonlocal c_, v_, row_, f_, is_, t_, r_, sheet_data_
        if names is None:  # the root element
            names = _root_names(name, attrs, not check_ns)
            c_, v_, row_, f_ = names.c, names.v, names.row, names.f
            is_, t_, r_, sheet_data_ = names.inline, names.t, names.run, names.sheet_data
            return
        if check_ns and attrs and _declares_namespace(attrs):
            raise ReadAgain
        if name == f_:
            if where != _CELL or content:
                raise damaged("a formula outside a cell")
            where = _VALUE
            content = _FORMULA
        elif name == is_:
            if where != _CELL or content & _INLINE_STRING:
                raise damaged("an inline string outside a cell")
            where = _INLINE
            content |= _INLINE_STRING
            inline.clear()
        elif name == t_:
            if where not in (_INLINE, _RUN):
                raise damaged("text outside a string")
            inline_parent, where = where, _TEXT
            texts.clear()
        elif name == r_ and where == _INLINE:
            where = _RUN
        elif (
            (name == names.skipped_in_run and where == _RUN)
            or (name in names.skipped_in_inline and where == _INLINE)
            or (name == names.ext_list and where in (_OUTSIDE, _ROW, _CELL))
        ):
            skip()
        elif name == sheet_data_ and where == _OUTSIDE and not sheet_data_seen:
            where, sheet_data_seen = _SHEET, True
        elif where != _OUTSIDE:
            raise damaged(f"unexpected element <{name}>")
        elif name == names.merge_cell:
            ref = xmlstream.attributes(attrs).get("ref", "")
            merged = parse_range(ref)
            if merged is None:
                raise bad_coordinate(ref)
            cells.merged.append(merged)

    def start(name: str, attrs: list[str]) -> None:  # the hot path
        nonlocal where, content, cell_attrs, cell_ref, column
        if name == c_:
            if where != in_row:
                raise damaged("a cell outside a row")
            where, content, cell_attrs = in_cell, 0, attrs
            if attrs and attrs[0] == "r":
                cell_ref, column = attrs[1], 0
                return
            ref = None
            for index in range(0, len(attrs), 2):
                if attrs[index] == "r":
                    ref = attrs[index + 1]
            if ref is not None:
                cell_ref, column = ref, 0
                return
            previous = column_of_previous()
            column = previous + 1 if previous >= 0 else -1
            cell_ref = None
        elif name == v_:
            if where != in_cell or content & _CACHED:
                raise damaged("a value outside a cell")
            where = in_value
            content |= _CACHED
            if texts:
                texts.clear()
            if check_ns and attrs and _declares_namespace(attrs):
                raise ReadAgain
        elif name == row_:
            start_row(attrs)
        else:
            start_other(name, attrs)

    def end(name: str) -> None:  # the hot path, inlined
        nonlocal where, value_text, column, highest_row
        if name == v_:
            where = in_cell
            if len(texts) == 1:
                value_text = texts.pop()
            else:
                value_text = "".join(texts)
                texts.clear()
        elif name == c_:
            where = in_row
            if not content:
                return
            # Where the cell is: it holds something, so it must be in the grid.
            cell_row = row if row_ready else row_of_row()
            cell_type = cell_style = None
            count = len(cell_attrs)
            if count == 4 and cell_attrs[2] == "t" and cell_attrs[0] == "r":
                cell_type = cell_attrs[3]
            elif count == 4 and cell_attrs[2] == "s" and cell_attrs[0] == "r":
                cell_style = cell_attrs[3]
            elif (
                count == 6
                and cell_attrs[2] == "s"
                and cell_attrs[4] == "t"
                and cell_attrs[0] == "r"
            ):
                cell_style, cell_type = cell_attrs[3], cell_attrs[5]
            elif count != 2 or cell_attrs[0] != "r":
                for index in range(0, count, 2):
                    key = cell_attrs[index]
                    if key == "t":
                        cell_type = cell_attrs[index + 1]
                    elif key == "s":
                        cell_style = cell_attrs[index + 1]
                    elif check_ns and key.startswith("xmlns"):
                        raise ReadAgain
            if cell_ref is not None:
                letters = cell_ref.rstrip(DIGITS)
                found = column_cache.get(letters)
                if found is None:
                    found = column_number(letters)
                    if found is None:
                        raise bad_coordinate(cell_ref)
                    column_cache[letters] = found
                column = found
                if cell_ref[len(letters) :] != row_ref:
                    parsed = row_number(cell_ref[len(letters) :])
                    if parsed is None:
                        raise bad_coordinate(cell_ref)
                    cell_row = parsed
            elif not 0 < column <= MAX_COLUMN:
                raise bad_coordinate(f"row {cell_row}, after column {column_letters(MAX_COLUMN)}")
            if cell_row < highest_row:
                cells.ascending = False
            elif cell_row > highest_row:
                highest_row = cell_row
                if cell_row > stop_after:
                    raise xmlstream.StopParsing
            if column not in wanted or cell_row > last_row:
                return
            # What it holds.
            if content & _CACHED:
                value: Any = None
                if cell_type is None or cell_type == "n":
                    value = numbers.get(value_text)
                elif cell_type == "s":
                    value = shared.get(value_text)
                if value is None or (cell_style is not None and cell_style not in plain_styles):
                    value = convert(cell_type, cell_style, value_text)
                    if type(value) is float and len(numbers) < _NUMBER_CACHE:
                        numbers[value_text] = value
                    elif type(value) is BadValue:
                        cells.bad.append((cell_row, column, value.found))
            elif content & _INLINE_STRING:
                value = unescape("".join(inline))
            else:
                value = ""
                cells.uncached.append((cell_row, column))
            add_column(column)
            add_row(cell_row)
            add_value(value)
        elif name == row_:
            where = _SHEET
        elif name in (f_, is_):
            where = in_cell
        elif name == t_:
            where = inline_parent
            inline.append("".join(texts))
        elif name == r_:
            where = _INLINE
        elif name == sheet_data_:
            where = _OUTSIDE

    return Handlers(start, end, texts, between_rows, rows_unknown, lambda: names)
