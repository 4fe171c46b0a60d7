"""One worksheet's cells, read from its XML: streaming, exact, and bounded.

A pure function of the part's bytes (:func:`read_cells`).  The XML is parsed by
expat (:mod:`xmlstream`), so quoting, white space, comments and namespace
prefixes are read as XML says.  What comes out is sparse: per column, the rows
holding something and their values, typed as the spreadsheet shows them:

- numbers are ``float``; with a date or time style, ``date``/``datetime``/
  ``time``/``timedelta`` (1900 or 1904 date system);
- text (shared, inline, or a formula's text result) is ``str``;
- ``t="b"`` is ``bool``; ``t="e"`` is ``ErrorValue`` (``#N/A``, ``#SPILL!``…, any text);
- a formula with no saved value is ``""`` and listed in ``uncached``;
- a value no spreadsheet writes (``t="b"`` with 2, a shared-string index past
  the table, a number that is not one) is a ``BadValue``, listed in ``bad``.

Nothing is allocated from the coordinates a file declares: a lone cell at
``XFD1048576`` costs what any cell costs, and formatting-only cells (a style,
no value) cost only their parsing.  A row or column beyond Excel's grid, or a
malformed reference, is ``UnusableWorkbookError("unusable.bad_coordinate")``.
Cells and rows without ``r`` follow the previous one, as in Excel.

>>> xml = (b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
...        b'<sheetData><row r="2"><c r="B2" t="s"><v>0</v></c><c><v>3</v></c>'
...        b'<c t="e"><v>#SPILL!</v></c><c><f>A1</f></c></row></sheetData></worksheet>')
>>> cells = read_cells(xml, CellContext(strings=["Ana"]), sheet="Results")
>>> cells.rows()
{2: {2: 'Ana', 3: 3.0, 4: ErrorValue(text='#SPILL!'), 5: ''}}
>>> cells.uncached
[(2, 5)]
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from xlsx_scorer.core.cells import ErrorValue
from xlsx_scorer.core.problems import UnusableWorkbookError
from xlsx_scorer.xlsx import xmlstream
from xlsx_scorer.xlsx.bookparts import MAIN_NAMESPACES
from xlsx_scorer.xlsx.numfmt import DateStyles, serial_date
from xlsx_scorer.xlsx.sharedstrings import unescape

MAX_ROW = 1_048_576
MAX_COLUMN = 16_384
_DIGITS = "0123456789"
_BOOLEANS = {"0": False, "1": True, "false": False, "true": True}
# Where the parser is: outside sheetData, in it, in a row, a cell, a value, an inline string…
_OUTSIDE, _SHEET, _ROW, _CELL, _VALUE, _INLINE, _RUN, _TEXT = range(8)
# What an open cell holds, as bits.
_FORMULA, _CACHED, _INLINE_STRING = 1, 2, 4


@dataclass(frozen=True)
class BadValue:
    """A stored value no spreadsheet writes; ``found`` says what was found."""

    found: str


@dataclass(frozen=True)
class CellContext:
    """What typing a cell needs besides the sheet: shared strings, date styles, date system."""

    strings: Sequence[str] = ()
    styles: DateStyles = field(default_factory=DateStyles)
    date1904: bool = False


@dataclass
class SheetCells:
    """A sheet's cells, sparse: per column number, the rows and values it holds, in file order.

    ``uncached``: (row, column) of formulas with no saved value; ``bad``:
    (row, column, what was found) of ``BadValue`` cells; ``merged``: merged
    ranges as (first row, first column, last row, last column); ``ascending``:
    whether the rows came in ascending order (Excel writes them so).
    """

    columns: dict[int, tuple[list[int], list[Any]]] = field(default_factory=dict)
    uncached: list[tuple[int, int]] = field(default_factory=list)
    bad: list[tuple[int, int, str]] = field(default_factory=list)
    merged: list[tuple[int, int, int, int]] = field(default_factory=list)
    ascending: bool = True

    def rows(self) -> dict[int, dict[int, Any]]:
        """The cells as {row: {column: value}}, rows and columns in ascending order."""
        rows: dict[int, dict[int, Any]] = {}
        for column in sorted(self.columns):
            for row, value in zip(*self.columns[column], strict=True):
                rows.setdefault(row, {})[column] = value
        return dict(sorted(rows.items()))


def column_letters(column: int) -> str:
    """``column_letters(28) == "AB"``."""
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def column_number(letters: str) -> int | None:
    """The number of a column given by 1–3 capital letters within XFD, else None.

    >>> column_number("AB"), column_number("XFD"), column_number("XFE"), column_number("a")
    (28, 16384, None, None)
    """
    if not 0 < len(letters) <= 3 or not letters.isascii() or not letters.isupper():
        return None
    number = 0
    for letter in letters:
        if not "A" <= letter <= "Z":
            return None
        number = number * 26 + ord(letter) - 64
    return number if number <= MAX_COLUMN else None


def parse_range(ref: str) -> tuple[int, int, int, int] | None:
    """A range ``A2:C5`` (or one cell) as (first row, first column, last row, last column).

    >>> parse_range("C5:A2"), parse_range("B7"), parse_range("A0:B1")
    ((2, 1, 5, 3), (7, 2, 7, 2), None)
    """
    ends = [_position(part) for part in ref.split(":")]
    if not 1 <= len(ends) <= 2 or any(end is None for end in ends):
        return None
    (row0, column0), (row1, column1) = ends[0], ends[-1]  # type: ignore[misc]
    return min(row0, row1), min(column0, column1), max(row0, row1), max(column0, column1)


def _position(ref: str) -> tuple[int, int] | None:
    letters = ref.rstrip(_DIGITS)
    column = column_number(letters)
    row = _row_number(ref[len(letters) :])
    return None if column is None or row is None else (row, column)


def _row_number(digits: str) -> int | None:
    """A row number within Excel's grid written in ASCII digits, no leading zero, else None."""
    if not digits or digits[0] == "0" or len(digits) > 7 or not digits.isdigit():
        return None
    if not digits.isascii():
        return None
    number = int(digits)
    return number if number <= MAX_ROW else None


class _Redeclared(Exception):  # noqa: N818 - a signal, not an error
    """A namespace prefix is declared below the root: read again with namespaces resolved."""


def read_cells(
    xml: bytes | Iterable[bytes],
    context: CellContext,
    *,
    sheet: str,
    columns: Collection[int] | None = None,
    last_row: int | None = None,
    stop: bool = False,
) -> SheetCells:
    """The cells of a worksheet part (bytes, or a re-iterable of chunks).

    ``columns``: read only these column numbers (others are not even typed);
    ``last_row``: read only the rows up to it, and with ``stop`` stop parsing
    at the first row past it (rows after it in the file are then not seen).
    ``sheet`` names the sheet in messages.  Raises ``UnusableWorkbookError``
    for a damaged part.
    """
    chunks: Iterable[bytes] = (xml,) if isinstance(xml, bytes) else xml
    limits = _Limits(None if columns is None else frozenset(columns), last_row, stop)
    try:
        return _read(chunks, context, sheet, limits, namespaces=False)
    except _Redeclared:
        return _read(chunks, context, sheet, limits, namespaces=True)


@dataclass(frozen=True)
class _Limits:
    columns: frozenset[int] | None
    last_row: int | None
    stop: bool


def _declares_namespace(attrs: list[str]) -> bool:
    return any(name.startswith("xmlns") for name in attrs[::2])


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

    @classmethod
    def of(cls, qualify: Callable[[str], str]) -> _Names:
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
        )


def _root_names(name: str, attrs: list[str], namespaces: bool) -> _Names:
    """The element names of a sheet whose root element is ``name`` with ``attrs``.

    Without namespace processing the names carry the prefix bound to the
    SpreadsheetML namespace on the root; a sheet binding it to several prefixes
    is read again with namespaces resolved.
    """
    if namespaces:
        uri = name.rpartition(xmlstream.NAMESPACE_SEPARATOR)[0]
        uri = uri if uri in MAIN_NAMESPACES else min(MAIN_NAMESPACES)
        return _Names.of(lambda local: f"{uri}{xmlstream.NAMESPACE_SEPARATOR}{local}")
    bindings = xmlstream.namespace_bindings(attrs)
    prefixes = [prefix for prefix, uri in bindings.items() if uri in MAIN_NAMESPACES]
    if len(prefixes) > 1:
        raise _Redeclared
    prefix = f"{prefixes[0]}:" if prefixes and prefixes[0] else ""
    if not prefixes:  # no SpreadsheetML namespace: no name can match
        prefix = "\0"
    return _Names.of(lambda local: f"{prefix}{local}")


def _read(  # one state machine, kept in one place for speed
    chunks: Iterable[bytes],
    context: CellContext,
    sheet: str,
    limits: _Limits,
    *,
    namespaces: bool,
) -> SheetCells:
    parser = xmlstream.new_parser(sheet, namespaces=namespaces)
    cells = SheetCells()
    appenders: dict[int, tuple[Callable[[int], None], Callable[[Any], None]]] = {}
    check_ns = not namespaces
    texts: list[str] = []
    convert = _converter(context)
    numbers: dict[str, float] = {}
    dated = context.styles.dates | context.styles.durations
    column_cache: dict[str, int] = {}
    shared = {str(index): text for index, text in enumerate(context.strings)}
    wanted = range(1, MAX_COLUMN + 1) if limits.columns is None else limits.columns
    last_row = limits.last_row or MAX_ROW
    stop_after = last_row if limits.stop else MAX_ROW
    in_row, in_cell, in_value = _ROW, _CELL, _VALUE
    where = _OUTSIDE
    inline_parent = _INLINE
    row = previous_row = column = cell_row = 0
    row_text = ""
    cell_type: str | None = None
    cell_style: str | None = None
    content = 0  # what the open cell holds: _FORMULA | _CACHED | _INLINE_STRING
    sheet_data_seen = False
    value_text = ""
    inline: list[str] = []
    skip_depth = 0
    c_ = v_ = row_ = f_ = is_ = t_ = r_ = sheet_data_ = "\0"
    names: _Names | None = None

    def bad_coordinate(ref: str) -> UnusableWorkbookError:
        return UnusableWorkbookError("unusable.bad_coordinate", {"sheet": sheet, "cell": ref})

    def damaged(detail: str) -> UnusableWorkbookError:
        line, offset = parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
        return UnusableWorkbookError(
            "unusable.broken_part",
            {"part": sheet, "detail": f"{detail}: line {line}, column {offset}"},
        )

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

    def start_row(attrs: list[str]) -> None:
        nonlocal where, row, row_text, previous_row, column
        if where != _SHEET:
            raise damaged("a row outside sheetData")
        where = _ROW
        texts.clear()
        declared = None
        for index in range(0, len(attrs), 2):
            key = attrs[index]
            if key == "r":
                declared = attrs[index + 1].strip()
            elif check_ns and key.startswith("xmlns"):
                raise _Redeclared
        if declared is None:
            row += 1
            if row > MAX_ROW:
                raise bad_coordinate(f"row {row}")
            row_text = str(row)
        else:
            number = _row_number(declared)
            if number is None:
                raise bad_coordinate(f"row {declared}")
            if number <= previous_row:
                cells.ascending = False
            row, row_text = number, declared
        previous_row = max(previous_row, row)
        column = 0
        if row > stop_after:
            raise xmlstream.StopParsing

    def start_other(name: str, attrs: list[str]) -> None:
        nonlocal where, content, inline_parent, sheet_data_seen, names
        nonlocal c_, v_, row_, f_, is_, t_, r_, sheet_data_
        if names is None:  # the root element
            names = _root_names(name, attrs, namespaces)
            c_, v_, row_, f_ = names.c, names.v, names.row, names.f
            is_, t_, r_, sheet_data_ = names.inline, names.t, names.run, names.sheet_data
            return
        if check_ns and attrs and _declares_namespace(attrs):
            raise _Redeclared
        if name == f_:
            if where != _CELL:
                raise damaged("a formula outside a cell")
            where = _VALUE
            content |= _FORMULA
        elif name == is_:
            if where != _CELL:
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

    def start(name: str, attrs: list[str]) -> None:  # the hot path, inlined
        nonlocal where, column, cell_row, cell_type, cell_style, content
        if name == c_:
            if where != in_row:
                raise damaged("a cell outside a row")
            where, content = in_cell, 0
            count = len(attrs)
            ref = cell_type = cell_style = None
            if count == 2 and attrs[0] == "r":
                ref = attrs[1]
            elif count == 4 and attrs[0] == "r" and attrs[2] == "t":
                ref, cell_type = attrs[1], attrs[3]
            elif count == 4 and attrs[0] == "r" and attrs[2] == "s":
                ref, cell_style = attrs[1], attrs[3]
            elif count == 6 and attrs[0] == "r" and attrs[2] == "s" and attrs[4] == "t":
                ref, cell_style, cell_type = attrs[1], attrs[3], attrs[5]
            else:
                for index in range(0, count, 2):
                    key = attrs[index]
                    if key == "r":
                        ref = attrs[index + 1]
                    elif key == "t":
                        cell_type = attrs[index + 1]
                    elif key == "s":
                        cell_style = attrs[index + 1]
                    elif check_ns and key.startswith("xmlns"):
                        raise _Redeclared
            if ref is None:
                column += 1
                cell_row = row
                if column > MAX_COLUMN:
                    raise bad_coordinate(f"{column_letters(MAX_COLUMN)}{row}+")
                return
            letters = ref.rstrip(_DIGITS)
            found = column_cache.get(letters)
            if found is None:
                found = column_number(letters)
                if found is None:
                    raise bad_coordinate(ref)
                column_cache[letters] = found
            column = found
            digits = ref[len(letters) :]
            if digits == row_text:
                cell_row = row
            else:
                number = _row_number(digits)
                if number is None:
                    raise bad_coordinate(ref)
                cell_row = number
        elif name == v_:
            if where != in_cell:
                raise damaged("a value outside a cell")
            where = in_value
            content |= _CACHED
            if texts:
                texts.clear()
        elif name == row_:
            start_row(attrs)
        else:
            start_other(name, attrs)

    def end(name: str) -> None:
        nonlocal where, value_text
        if name == v_:
            where = in_cell
            if len(texts) == 1:
                value_text = texts.pop()
            else:
                value_text = "".join(texts)
                texts.clear()
        elif name == c_:
            where = in_row
            if column not in wanted or cell_row > last_row or not content:
                return
            if content & _CACHED:
                value: Any = None
                if cell_type is None or cell_type == "n":
                    value = numbers.get(value_text)
                elif cell_type == "s":
                    value = shared.get(value_text)
                if value is None or (cell_style is not None and cell_style in dated):
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
            add = appenders.get(column)
            if add is None:
                rows, values = cells.columns[column] = ([], [])
                add = appenders[column] = (rows.append, values.append)
            add[0](cell_row)
            add[1](value)
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

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = texts.append
    xmlstream.feed(parser, chunks, sheet)
    return cells


_NUMBER_CACHE = 4096


def _converter(context: CellContext) -> Callable[[str | None, str | None, str], Any]:
    """The function typing a cell's stored text by its type and style."""
    strings, dates, durations = context.strings, context.styles.dates, context.styles.durations
    date1904 = context.date1904

    def number(text: str, style: str | None) -> Any:
        try:
            value = float(text)
        except ValueError:
            return BadValue(text) if text.strip() else ""
        if value - value != 0 or "_" in text or not text.isascii():
            return BadValue(text)
        if style is not None and (style in dates or style in durations):
            shown = serial_date(value, date1904=date1904, duration=style in durations)
            return value if shown is None else shown
        return value

    def convert(cell_type: str | None, style: str | None, text: str) -> Any:
        if cell_type is None or cell_type == "n":
            return number(text, style)
        if cell_type == "s":
            index = text.strip()
            if not index:
                return ""
            if not (index.isascii() and index.isdigit()) or int(index) >= len(strings):
                return BadValue(f"shared string {index} of {len(strings)}")
            return strings[int(index)]
        if cell_type in ("str", "inlineStr"):
            return unescape(text)
        stripped = text.strip()
        if not stripped:
            return ""
        if cell_type == "e":
            return ErrorValue(stripped)
        if cell_type == "b":
            flag = _BOOLEANS.get(stripped)
            return BadValue(f"TRUE/FALSE cell holding {stripped}") if flag is None else flag
        if cell_type == "d":
            try:
                return dt.datetime.fromisoformat(stripped)
            except ValueError:
                return BadValue(stripped)
        return BadValue(f"cell type {cell_type}")

    return convert
