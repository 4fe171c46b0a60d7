"""What a cell's stored text means, and where a cell is.

A worksheet stores each value as text with a type (``t``) and a style
(``s``); :func:`converter` gives the function that turns them into what the
spreadsheet shows.  References (``B7``, ``A2:C5``) are read within Excel's
grid: 1,048,576 rows, columns A to XFD.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from xlsx_scorer.core.cells import ErrorValue
from xlsx_scorer.opc.xmledit import unsigned_int
from xlsx_scorer.xlsx.read.numfmt import DateStyles, serial_date
from xlsx_scorer.xlsx.read.sharedstrings import unescape

MAX_ROW = 1_048_576
MAX_COLUMN = 16_384
DIGITS = "0123456789"
_BOOLEANS = {"0": False, "1": True, "false": False, "true": True}


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
    ends = [position(part) for part in ref.split(":")]
    if not 1 <= len(ends) <= 2 or any(end is None for end in ends):
        return None
    (row0, column0), (row1, column1) = ends[0], ends[-1]  # type: ignore[misc]
    return min(row0, row1), min(column0, column1), max(row0, row1), max(column0, column1)


def position(ref: str) -> tuple[int, int] | None:
    """A cell reference within the grid as (row, column), else None.

    >>> position("B7"), position("XFE1"), position("A01")
    ((7, 2), None, None)
    """
    letters = ref.rstrip(DIGITS)
    column = column_number(letters)
    row = row_number(ref[len(letters) :])
    return None if column is None or row is None else (row, column)


def row_number(digits: str) -> int | None:
    """A row number within Excel's grid written in ASCII digits, no leading zero, else None.

    >>> row_number("1048576"), row_number("1048577"), row_number("٣")
    (1048576, None, None)
    """
    if not digits or digits[0] == "0" or len(digits) > 7:
        return None
    if not (digits.isascii() and digits.isdigit()):
        return None
    number = int(digits)
    return number if number <= MAX_ROW else None


def row_attribute(text: str) -> int | None:
    """The row a ``<row r="…">`` names (an ``xsd:unsignedInt``) within Excel's grid, else None.

    >>> row_attribute("02"), row_attribute(" +3 "), row_attribute("0"), row_attribute("٢")
    (2, 3, None, None)
    """
    number = row_number(text)  # as spreadsheets write it: read 5 times faster, the same
    if number is not None:
        return number
    number = unsigned_int(text)
    return number if number is not None and 0 < number <= MAX_ROW else None


def converter(context: CellContext) -> Callable[[str | None, str | None, str], Any]:
    """The function typing a cell's stored text by its type and style.

    A style (``s``) is an ``xsd:unsignedInt``: ``"01"`` is style 1; one that is not
    (``"x"``) makes the cell a ``BadValue``.
    """
    strings, dates, durations = context.strings, context.styles.dates, context.styles.durations
    plain, date1904 = context.styles.plain, context.date1904

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
        if style is not None and style not in plain:
            style_index = unsigned_int(style)
            if style_index is None:
                return BadValue(f"style {style}")
            style = str(style_index)
        if cell_type is None or cell_type == "n":
            return number(text, style)
        if cell_type == "s":  # the index is an xsd:unsignedInt, as a style is
            index = unsigned_int(text)
            if index is None or index >= len(strings):
                found = text.strip()
                return BadValue(f"shared string {found} of {len(strings)}") if found else ""
            return strings[index]
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
