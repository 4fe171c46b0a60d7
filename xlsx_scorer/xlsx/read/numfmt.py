"""Which cell styles show numbers as dates or times, and the date a serial number stands for.

A spreadsheet stores a date as a number (days since its epoch) and shows it as
a date because of the cell's number format.  ``styles.xml`` lists the formats
(``numFmts``) and, per style index (``cellXfs``, a cell's ``s``), which format
it uses.  A format is a date or time when it is a built-in date id (14–22,
45–47, and the East Asian date ids 27–36 and 50–58) or a custom code with a
d, m, y, h or s outside quoted text, escapes and ``[…]`` sections (colours,
conditions, locales); ``[h]``, ``[m]``, ``[s]`` are elapsed times (durations).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc.xmledit import unsigned_int
from xlsx_scorer.xlsx.read.bookparts import MAIN_NAMESPACES
from xlsx_scorer.xlsx.read.xmlstream import attributes, parse, split_name

BUILTIN_DATE_IDS = frozenset([*range(14, 23), *range(27, 37), *range(45, 48), *range(50, 59)])
#: Built-in ids shown as an elapsed time: ``[h]:mm:ss`` (46).
BUILTIN_DURATION_IDS = frozenset({46})
_LITERAL = re.compile(r'"[^"]*"|\\.|_.|\*.')
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_DATE_LETTERS = frozenset("dmyhs")
_ELAPSED = re.compile(r"h+|m+|s+")
#: Serial numbers a date can have: 1900-01-01 up to 9999-12-31 (Excel's range).
_LAST_SERIAL = 2_958_466
#: Days from 1900's serial 0 to 1904's (1904's serial 2,957,003 is 9999-12-31 already).
_DAYS_1904 = 1_462
#: Durations shown, in days either way: short of the billion days a ``timedelta`` holds.
_LAST_DURATION = 999_999_999
#: Styles listed in ``DateStyles.plain``, at most (past them a style is looked at as written).
_PLAIN_LISTED = 1 << 16


def format_kind(code: str) -> str | None:
    """``"date"`` or ``"duration"`` when a custom number format shows a date or time, else None.

    >>> format_kind("dd/mm/yyyy"), format_kind("[h]:mm"), format_kind("h:mm AM/PM")
    ('date', 'duration', 'date')
    >>> format_kind('0 "days"'), format_kind("[Red]0.00"), format_kind("General")
    (None, None, None)
    >>> format_kind("[$-409]mmmm d, yyyy"), format_kind("#,##0_);[Blue](#,##0)")
    ('date', None)
    """
    plain = _LITERAL.sub("", code)
    elapsed = any(_ELAPSED.fullmatch(inside.lower()) for inside in _BRACKETS.findall(plain))
    if elapsed:
        return "duration"
    plain = _BRACKETS.sub("", plain).lower()
    return "date" if _DATE_LETTERS.intersection(plain) else None


@dataclass(frozen=True)
class DateStyles:
    """Style indexes (written as Excel writes a cell's ``s``: ``"1"``) whose format is a date
    or a duration, of the ``count`` styles there are.

    >>> sorted(DateStyles(frozenset({"1"}), frozenset({"2"}), count=4).plain)
    ['0', '3']
    """

    dates: frozenset[str] = frozenset()
    durations: frozenset[str] = frozenset()
    count: int = 0

    @cached_property
    def plain(self) -> frozenset[str]:
        """The styles showing numbers as numbers, written as Excel writes them: a cell whose
        ``s`` is one of them is typed without looking at its style further."""
        listed = map(str, range(min(self.count, _PLAIN_LISTED)))
        return frozenset(listed).difference(self.dates, self.durations)


def date_styles(chunks: Iterable[bytes], part: str) -> DateStyles:
    """The date and duration styles of a ``styles.xml`` part.

    >>> xml = (b'<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    ...        b'<numFmts><numFmt numFmtId="164" formatCode="[h]:mm"/></numFmts>'
    ...        b'<cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs>'
    ...        b'</styleSheet>')
    >>> date_styles([xml], "xl/styles.xml")
    DateStyles(dates=frozenset({'1'}), durations=frozenset({'2'}), count=3)
    """
    custom: dict[int, str] = {}
    formats: list[int] = []
    depth_in_cell_xfs = 0

    def format_id(text: str) -> int:
        """A ``numFmtId`` (an ``xsd:unsignedInt``, as a row's ``r`` or a cell's ``s``)."""
        number = unsigned_int(text)
        if number is None:
            detail = f"numFmtId {text[:20]!r}"
            raise UnusableWorkbookError("unusable.broken_part", {"part": part, "detail": detail})
        return number

    def start(element: str, attrs: list[str]) -> None:
        nonlocal depth_in_cell_xfs
        uri, local = split_name(element)
        if uri not in MAIN_NAMESPACES:
            return
        values = attributes(attrs)
        if local == "numFmt" and "numFmtId" in values:
            custom[format_id(values["numFmtId"])] = values.get("formatCode", "")
        elif local == "cellXfs":
            depth_in_cell_xfs = 1
        elif local == "xf" and depth_in_cell_xfs:
            formats.append(format_id(values.get("numFmtId", "0")))

    def end(element: str) -> None:
        nonlocal depth_in_cell_xfs
        if split_name(element)[1] == "cellXfs":
            depth_in_cell_xfs = 0

    parse(chunks, part, start=start, end=end)
    dates, durations = set(), set()
    for index, number_format in enumerate(formats):
        kind = _kind_of_id(number_format, custom)
        if kind == "date":
            dates.add(str(index))
        elif kind == "duration":
            durations.add(str(index))
    return DateStyles(frozenset(dates), frozenset(durations), len(formats))


def _kind_of_id(number_format: int, custom: dict[int, str]) -> str | None:
    if number_format in custom:
        return format_kind(custom[number_format])
    if number_format in BUILTIN_DURATION_IDS:
        return "duration"
    return "date" if number_format in BUILTIN_DATE_IDS else None


def serial_date(
    serial: float, *, date1904: bool, duration: bool = False
) -> dt.date | dt.datetime | dt.time | dt.timedelta | None:
    """The date, time or duration a serial number shows, as the spreadsheet shows it.

    Numbers below 1 are times of day, whole numbers dates, the rest both.  In
    the 1900 system serial 1 is 1900-01-01, and 60 (the 29 February 1900 that
    Excel counts) shows as 1900-02-28; in the 1904 system 1 is 1904-01-02.
    None when the number is no date (negative, or past 9999-12-31 once rounded to the
    millisecond, in its own date system) or no duration (a billion days or more, either
    way): the cell is then read as the number it holds.

    >>> serial_date(45000, date1904=False), serial_date(0.25, date1904=False)
    (datetime.date(2023, 3, 15), datetime.time(6, 0))
    >>> serial_date(1, date1904=False), serial_date(1, date1904=True)
    (datetime.date(1900, 1, 1), datetime.date(1904, 1, 2))
    >>> serial_date(1.5, date1904=False, duration=True)
    datetime.timedelta(days=1, seconds=43200)
    >>> serial_date(1e12, date1904=False, duration=True), serial_date(1e308, date1904=False)
    (None, None)
    >>> serial_date(2_958_465, date1904=False), serial_date(2_958_465.999_999_999, date1904=False)
    (datetime.date(9999, 12, 31), None)
    >>> serial_date(2_957_003, date1904=True), serial_date(2_957_004, date1904=True)
    (datetime.date(9999, 12, 31), None)
    """
    if duration:
        if not abs(serial) < _LAST_DURATION:
            return None
        return dt.timedelta(milliseconds=round(serial * 86_400_000))
    last = _LAST_SERIAL - _DAYS_1904 if date1904 else _LAST_SERIAL
    if not 0 <= serial < last:
        return None
    milliseconds = round(serial * 86_400_000)
    if milliseconds >= last * 86_400_000:  # rounded up to the next day: 10000-01-01
        return None
    days, rest = divmod(milliseconds, 86_400_000)
    moment = dt.timedelta(milliseconds=rest)
    if serial < 1:
        return (dt.datetime.min + moment).time()
    if date1904:
        epoch = dt.datetime(1904, 1, 1)
    else:
        epoch = dt.datetime(1899, 12, 31) if days < 60 else dt.datetime(1899, 12, 30)
    when = epoch + dt.timedelta(days=days) + moment
    return when.date() if rest == 0 else when
