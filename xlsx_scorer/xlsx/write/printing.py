"""How our sheets print: the height of rows whose text wraps, and where pages break.

Excel and LibreOffice do not grow a row for wrapped text they did not lay out
themselves, so the writer (``sheetxml``) gives such a row its height; and a sheet of
blocks (a table's slip) breaks its printed pages between blocks, never inside one.
"""

from __future__ import annotations

import functools
import itertools
import textwrap

from xlsx_scorer.xlsx.write.spec import Rows, SheetSpec

__all__ = ["LINE_POINTS", "header_height", "page_breaks", "row_heights"]

#: Points per line of 11-point text, and the characters a column of width ``w`` holds per line.
LINE_POINTS = 15.0


def header_height(spec: SheetSpec) -> str:
    """A taller header row when a header wraps (``ht``/``customHeight``), else nothing.

    Excel and LibreOffice do not grow a row for wrapped text they did not lay out
    themselves: "Puntos de ronda" in a column 13 wide takes two lines.

    >>> from xlsx_scorer.xlsx.write.spec import Column
    >>> spec = SheetSpec("k", "S", "T", (), (Column("Puntos de ronda", 13), Column("VP", 7)), ())
    >>> header_height(spec)
    ' ht="30" customHeight="1"'
    """
    lines = max(
        (_lines(column.header, max(1, int(column.width) - 2)) for column in spec.columns),
        default=1,
    )
    return f' ht="{LINE_POINTS * lines:g}" customHeight="1"' if lines > 1 else ""


#: Width units a character of 11-point Calibri takes, about (a little more, to be safe: a
#: wrapped line that does not fit is cut, a spare line is only space).
CHAR_WIDTH = 0.9


def row_heights(spec: SheetSpec) -> list[bytes] | None:
    """Each row's height attributes when a ``wrapped`` column's text takes several lines
    there (``b""`` for one line), else None: Excel and LibreOffice would show one line.

    >>> from xlsx_scorer.xlsx.write.spec import Column
    >>> columns = (Column("N", 7), Column("Problem", 12, wrapped=True))
    >>> spec = SheetSpec("k", "S", "T", (), columns, ((1, "short"), (2, "a longer one, in two")))
    >>> row_heights(spec)
    [b'', b' ht="30" customHeight="1"']
    >>> row_heights(SheetSpec("k", "S", "T", (), columns[:1], ((1,),))) is None
    True
    """
    wrapped = [i for i, column in enumerate(spec.columns) if column.wrapped]
    if not wrapped or not spec.rows:
        return None
    table = Rows.of(spec.rows)
    widths = [max(1, int(spec.columns[i].width / CHAR_WIDTH)) for i in wrapped]
    heights = []
    for texts in zip(*(table.columns[i] for i in wrapped), strict=True):
        lines = max(
            _lines(value, width) if isinstance(value, str) else 1
            for value, width in zip(texts, widths, strict=True)
        )
        heights.append(b' ht="%g" customHeight="1"' % (LINE_POINTS * lines) if lines > 1 else b"")
    return heights


@functools.lru_cache(maxsize=1024)
def _lines(text: str, width: int) -> int:
    """The lines ``text`` takes in a column holding ``width`` characters a line (headers
    are few: each is wrapped once)."""
    return len(textwrap.wrap(text, width))


#: The height a printed page holds, in points: A4 landscape (595 pt, the shorter of A4 and
#: Letter) less the top and bottom margins (0.75 in each).  Pages are one page wide, so a
#: wide sheet prints smaller and holds more: a count by this height never overfills a page.
PAGE_POINTS = 595 - 2 * 54
#: The title row's height (14-point text), in points, about (a little more, to be safe).
TITLE_POINTS = 20.0


def _header_points(spec: SheetSpec) -> float:
    """The header row's height in points (``header_height``: taller when a header wraps)."""
    height = header_height(spec)
    return float(height.split('"')[1]) if height else LINE_POINTS


def page_breaks(spec: SheetSpec, head: int) -> list[int]:
    """The rows (sheet rows) after which a printed page ends, ``head`` the header's row, so
    that no block of ``spec.blocks`` is cut by a page: a block that does not fit what is
    left of a page starts the next one (whose top repeats the header row, the print
    titles).  A block longer than a page is not helped.

    >>> from xlsx_scorer.xlsx.write.spec import Column
    >>> rows = [(1, "Ana"), (1, "Bo"), (None, None)] * 20
    >>> spec = SheetSpec("k", "S", "T", (), (Column("T"), Column("P")), rows, blocks=())
    >>> page_breaks(spec, 4)
    []
    >>> blocked = SheetSpec("k", "S", "T", (), spec.columns, rows, blocks=tuple(range(0, 60, 3)))
    >>> page_breaks(blocked, 4)  # 31 rows of 15 points a page, less the title and header
    [31, 61]
    """
    if not spec.blocks:
        return []
    header = _header_points(spec)
    heights = row_heights(spec)
    points = [
        float(h.split(b'"')[1]) if h else LINE_POINTS for h in (heights or [b""] * len(spec.rows))
    ]
    used = TITLE_POINTS + LINE_POINTS * (head - 2) + header
    breaks: list[int] = []
    starts = sorted(set(spec.blocks) | {len(spec.rows)})
    for start, end in itertools.pairwise(starts):
        size = sum(points[start:end])
        if used + size > PAGE_POINTS and start > 0:
            breaks.append(head + start)  # the last row before the block
            used = header
        used += size
    return breaks
