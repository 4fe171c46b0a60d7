"""What one cell means: whole numbers, marks, player names and table labels.

Pure functions from the value a spreadsheet shows (as read by the workbook
layer: ``float``, ``int``, ``bool``, ``str``, ``datetime``/``date``/``time``/
``timedelta``, or ``""`` for blank) to a parsed value or a ``CellError``;
``typed`` applies them to whole columns, once per distinct value.  Plain Python:
reading a workbook needs these before pandas is imported.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from xlsx_scorer.core.columns import TABLE_LABEL_MAX
from xlsx_scorer.i18n import NO_WORDS, YES_WORDS, fold

PLAUSIBLE_LIMIT = 1_000_000
#: A whole number as text: ASCII digits only (``²``, ``٣``, ``３`` are no digits of a number).
_WHOLE_TEXT = re.compile(r"[+-]?[0-9]+(?:\.0*)?")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
#: Control characters other than tab, line feed and carriage return (white space in a name).
_CONTROL_IN_NAME = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


@dataclass(frozen=True)
class CellError:
    """Why a cell could not be read: an i18n problem code and what was found."""

    code: str
    found: str


@dataclass(frozen=True)
class ErrorValue:
    """A cell that shows a spreadsheet error (``#N/A``, ``#DIV/0!``…) instead of a value."""

    text: str


def is_blank(value: Any) -> bool:
    """A cell counts as blank when empty or only white space.

    >>> is_blank("  "), is_blank(0)
    (True, False)
    """
    return value is None or (isinstance(value, str) and not value.strip())


def shown(value: Any) -> str:
    """The value as the organiser would recognise it in a message.

    >>> shown(3.5), shown(True), shown("x")
    ('3.5', 'TRUE', 'x')
    """
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer() and abs(value) < PLAUSIBLE_LIMIT:
        return str(int(value))
    return str(value)


def whole_number(value: Any) -> int | CellError:
    """A whole number: ``3``, ``3.0`` and the text ``"3"`` are 3; ``3.5``, TRUE, dates are errors.

    The one reading of a whole number in a cell (Results, roster, Event sheet): text
    counts only in the digits 0–9, so a superscript ``²`` or an Arabic-Indic ``٣`` is
    text, not a number.

    >>> whole_number("3"), whole_number(3.0)
    (3, 3)
    >>> whole_number(3.5)
    CellError(code='not_whole_number', found='3.5')
    >>> whole_number("²"), whole_number("٣")
    (CellError(code='text_in_number', found='²'), CellError(code='text_in_number', found='٣'))
    """
    if isinstance(value, ErrorValue):
        return CellError("error_value", value.text)
    if isinstance(value, bool):
        return CellError("bool_in_number", shown(value))
    if isinstance(value, dt.datetime | dt.date | dt.time | dt.timedelta):
        return CellError("date_in_number", str(value))
    if isinstance(value, int | float):
        number = float(value)
        if not math.isfinite(number) or abs(number) > PLAUSIBLE_LIMIT:
            return CellError("number_too_large", shown(value))
        if not number.is_integer():
            return CellError("not_whole_number", shown(value))
        return int(number)
    text = str(value).strip()
    if _WHOLE_TEXT.fullmatch(text):
        number = float(text)
        if abs(number) > PLAUSIBLE_LIMIT:
            return CellError("number_too_large", text)
        return int(number)
    try:
        float(text)
    except ValueError:
        return CellError("text_in_number", text)
    return CellError("not_whole_number" if text.isascii() else "text_in_number", text)


def count(value: Any, least: int = 0) -> int | None:
    """A whole number from ``least`` in a cell (``whole_number``), else None: a round, a
    table or a number of rounds beside the results.

    >>> count("3"), count(3.0), count("²"), count(True), count(-1), count(0, least=1)
    (3, 3, None, None, None, None)
    """
    number = whole_number(value)
    return number if isinstance(number, int) and number >= least else None


def mark(value: Any) -> bool | CellError:
    """A yes/no mark: blank is no; TRUE, x, ✓, 1 and yes-words of every language are yes.

    >>> mark(""), mark("X"), mark("Sí"), mark("hayır"), mark(1.0), mark("0.0")
    (False, True, True, False, True, False)
    >>> mark("maybe")
    CellError(code='not_a_mark', found='maybe')
    """
    if is_blank(value):
        return False
    if isinstance(value, ErrorValue):
        return CellError("error_value", value.text)
    if isinstance(value, bool):
        return value
    number = whole_number(value) if isinstance(value, int | float | str) else None
    if number in (0, 1):
        return bool(number)
    word = fold(shown(value))
    if word in YES_WORDS:
        return True
    if word in NO_WORDS:
        return False
    return CellError("not_a_mark", shown(value).strip())


def player_name(value: Any) -> str | CellError:
    """A player's name: trimmed, inner white space collapsed, Unicode NFC.

    >>> player_name("  Jose\\u0301   Nu\\u00f1ez ") == "José Nuñez"
    True
    """
    if isinstance(value, ErrorValue):
        return CellError("error_value", value.text)
    if isinstance(value, bool | dt.datetime | dt.date | dt.time | dt.timedelta):
        return CellError("name_not_text", shown(value))
    text = shown(value)
    if _CONTROL_IN_NAME.search(text):
        return CellError("name_control_characters", repr(text))
    name = " ".join(unicodedata.normalize("NFC", text).split())
    return name if name else CellError("missing_player", "")


def table_label(value: Any) -> str | CellError:
    """A table: a whole number ≥ 1 (kept as its digits) or a short text label.

    >>> table_label(3.0), table_label(" 7 "), table_label("Final A"), table_label("①")
    ('3', '7', 'Final A', '①')
    """
    number = whole_number(value)
    if isinstance(number, int):
        return str(number) if number >= 1 else CellError("bad_table", shown(value))
    if number.code == "error_value":
        return number
    if isinstance(value, str) and number.code == "text_in_number":
        label = " ".join(unicodedata.normalize("NFC", value).split())
        if len(label) <= TABLE_LABEL_MAX and not _CONTROL.search(label):
            return label
    return CellError("bad_table", shown(value))
