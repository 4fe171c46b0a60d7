"""Our sheets' XML, written straight from a ``SheetSpec``: no spreadsheet library in between.

Layout: the title in A1, the notes from A2 down, a blank row, then the table's header row
(row 4 at the earliest) and its rows.  The header row is frozen and repeated on printed pages
(the print titles are a defined name, written by the splice); pages are landscape, one page
wide.

Cells:

- numbers keep every digit (``repr`` for floats: ``0.1 + 0.2`` is written
  ``0.30000000000000004``, which reads back as the same float); ``bool`` is TRUE/FALSE;
  a float that is not finite is refused (``ValueError``);
- text is an inline string, never a formula (``=1+1`` or ``#N/A`` stay text); characters XML
  cannot hold are removed and text is cut at Excel's 32,767 characters; blank text or None
  leaves the cell out;
- a linked cell is a ``HYPERLINK`` formula with the text it shows as its cached value.

>>> from xlsx_scorer.xlsx.spec import Column
>>> styles = CellStyles(title=1, note=2, header=3, cells={("0", False, False): 5})
>>> spec = SheetSpec("k", "S", "T", (), (Column("N", 7, "0"),), ((3,), ("<b>",)))
>>> xml = worksheet_xml(spec, styles).decode()
>>> print(xml[xml.index("<sheetData>") : xml.index("</sheetData>")].replace("<row", "\\n<row"))
<sheetData>
<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>T</t></is></c></row>
<row r="4"><c r="A4" s="3" t="inlineStr"><is><t>N</t></is></c></row>
<row r="5"><c r="A5" s="5"><v>3</v></c></row>
<row r="6"><c r="A6" s="5" t="inlineStr"><is><t>&lt;b&gt;</t></is></c></row>
"""

from __future__ import annotations

import math
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from xlsx_scorer.opc import ns
from xlsx_scorer.opc.xmledit import escape_attr
from xlsx_scorer.xlsx.cellvalues import column_letters
from xlsx_scorer.xlsx.spec import SheetSpec

__all__ = [
    "CellStyles",
    "data_sheet_xml",
    "header_row",
    "hyperlink_formula",
    "worksheet_xml",
]

TITLE_ROW, FIRST_NOTE_ROW, FIRST_HEADER_ROW = 1, 2, 4
MAX_TEXT = 32767
_NOT_XML_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


@dataclass(frozen=True)
class CellStyles:
    """Style ids (cellXfs indices) of our cells: title, notes, header, table cells.

    ``cells`` maps (number format, linked, centred) to the style of a table cell.
    """

    title: int
    note: int
    header: int
    cells: Mapping[tuple[str | None, bool, bool], int]


def header_row(spec: SheetSpec) -> int:
    """The row of the table's header: after the title, the notes and a blank row."""
    return max(FIRST_HEADER_ROW, FIRST_NOTE_ROW + len(spec.notes) + 1)


def hyperlink_formula(target: str, shown_text: str) -> str:
    """A link that survives renaming and emailing the file, and LibreOffice.

    >>> print(hyperlink_formula("'Results'!E7", "Results!E7"))
    =HYPERLINK("#'Results'!E7","Results!E7")
    """
    quoted_target = target.replace('"', '""')
    quoted_text = shown_text.replace('"', '""')
    return f'=HYPERLINK("#{quoted_target}","{quoted_text}")'


def clean_text(value: str) -> str:
    """Text as a cell can hold it: no characters XML forbids, at most 32,767 characters."""
    return _NOT_XML_CHAR.sub("", value)[:MAX_TEXT]


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
    )


def _inline(value: str) -> str:
    """The ``<is>`` content of a text cell, ``""`` when nothing is left to show."""
    text = clean_text(value)
    if not text:
        return ""
    space = ' xml:space="preserve"' if text[0].isspace() or text[-1].isspace() else ""
    return f"<is><t{space}>{_escape(text)}</t></is>"


def _number(value: float) -> str:
    if not math.isfinite(value):
        raise ValueError(f"cannot write the number {value!r} in a cell")
    return repr(float(value))


def _tail(value: Any, style: str, inline: Callable[[str], str]) -> str | None:
    """A cell after its reference (`` s="4"><v>3</v></c>``); None for a blank cell."""
    if value is None:
        return None
    if isinstance(value, bool):
        return f'{style} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, int):
        return f"{style}><v>{int(value)}</v></c>"
    if isinstance(value, float):
        return f"{style}><v>{_number(value)}</v></c>"
    if isinstance(value, str):
        content = inline(value)
        return f'{style} t="inlineStr">{content}</c>' if content else None
    raise TypeError(f"cannot write {type(value).__name__} {value!r} in a cell")


def _column_tails(
    values: Sequence[Any], style: str, inline: Callable[[str], str]
) -> list[bytes | None]:
    """The cells of one column after their references, as UTF-8 (None for blanks).

    Each distinct value is written once and its text reused: a column holds few of them
    (round numbers, names, points), and this is most of the writing time.
    """

    def tail(value: Any) -> bytes | None:
        text = _tail(value, style, inline)
        return None if text is None else text.encode()

    kinds = set(map(type, values))
    if len(kinds - {type(None)}) <= 1:  # one type: values are distinct keys (not 1 and 1.0)
        known = {value: tail(value) for value in set(values)}
        return list(map(known.__getitem__, values))
    by_type: dict[type, dict[Any, bytes | None]] = {kind: {} for kind in kinds}
    return [
        found[value]
        if value in (found := by_type[type(value)])
        else found.setdefault(value, tail(value))
        for value in values
    ]


def _rows_xml(
    first_row: int,
    rows: Sequence[Sequence[Any]],
    styles: Sequence[str],
    links: Mapping[tuple[int, int], str] | None = None,
    link_styles: Sequence[str] = (),
) -> list[bytes]:
    """``<row>`` elements for ``rows`` from ``first_row``, one style per column, in UTF-8.

    Each row is one ``%`` of a row template: a column whose every cell is filled
    takes its row number and its cell's text after the reference; any other
    column (blanks, links) takes whole cells, ``b""`` for a blank.
    """
    cache: dict[str, str] = {}

    def inline(text: str) -> str:
        found = cache.get(text)
        if found is None:
            found = cache[text] = _inline(text)
        return found

    width = max(map(len, rows), default=0)
    if all(len(row) == width for row in rows):
        columns: list[Sequence[Any]] = [list(map(itemgetter(i), rows)) for i in range(width)]
    else:
        columns = [[row[i] if i < len(row) else None for row in rows] for i in range(width)]
    numbers = range(first_row, first_row + len(rows))
    linked: dict[int, dict[int, bytes]] = {}
    for (offset, position), target in (links or {}).items():
        value = rows[offset][position]
        if value is None:
            continue
        shown = clean_text(str(value))
        formula = hyperlink_formula(target, shown)[1:MAX_TEXT]
        linked.setdefault(position, {})[offset] = (
            f'<c r="{column_letters(position + 1)}{first_row + offset}"{link_styles[position]}'
            f' t="str"><f>{_escape(formula)}</f><v>{_escape(shown)}</v></c>'
        ).encode()
    template = [b'<row r="%d">']
    arguments: list[Sequence[Any]] = [numbers]
    for i, values in enumerate(columns):
        tails = _column_tails(values, styles[i] if i < len(styles) else "", inline)
        start = f'<c r="{column_letters(i + 1)}'.encode()
        if None in tails or i in linked:
            cells = [
                b"" if tail is None else b'%s%d"%s' % (start, n, tail)
                for n, tail in zip(numbers, tails, strict=True)
            ]
            for offset, cell in linked.get(i, {}).items():
                cells[offset] = cell
            template.append(b"%s")
            arguments.append(cells)
        else:
            template.append(start + b'%d"%s')
            arguments += [numbers, tails]
    template.append(b"</row>")
    return list(map(b"".join(template).__mod__, zip(*arguments, strict=True)))


def _style(style_id: int) -> str:
    return f' s="{style_id}"' if style_id else ""


#: Points per line of 11-point text, and the characters a column of width ``w`` holds per line.
LINE_POINTS = 15.0


def _header_height(spec: SheetSpec) -> str:
    """A taller header row when a header wraps (``ht``/``customHeight``), else nothing.

    Excel and LibreOffice do not grow a row for wrapped text they did not lay out
    themselves: "Puntos de ronda" in a column 13 wide takes two lines.

    >>> from xlsx_scorer.xlsx.spec import Column
    >>> spec = SheetSpec("k", "S", "T", (), (Column("Puntos de ronda", 13), Column("VP", 7)), ())
    >>> _header_height(spec)
    ' ht="30" customHeight="1"'
    """
    lines = max(
        (
            len(textwrap.wrap(column.header, max(1, int(column.width) - 2)))
            for column in spec.columns
        ),
        default=1,
    )
    return f' ht="{LINE_POINTS * lines:g}" customHeight="1"' if lines > 1 else ""


def worksheet_xml(
    spec: SheetSpec, styles: CellStyles, *, drawing_rid: str | None = None, selected: bool = False
) -> bytes:
    """The worksheet part of ``spec``; ``drawing_rid`` names the chart's drawing relationship."""
    head = header_row(spec)
    frame = [(TITLE_ROW, spec.title, styles.title)]
    frame += [(FIRST_NOTE_ROW + i, note, styles.note) for i, note in enumerate(spec.notes)]
    rows = [
        f'<row r="{row}"><c r="A{row}"{_style(style)} t="inlineStr">{content}</c></row>'.encode()
        for row, text, style in frame
        if (content := _inline(text))
    ]
    width = len(spec.columns)
    if spec.columns:
        header = [
            (
                f'<c r="{column_letters(i + 1)}{head}"{_style(styles.header)} t="inlineStr">'
                f"{_inline(column.header)}</c>"
            )
            if _inline(column.header)
            else ""
            for i, column in enumerate(spec.columns)
        ]
        rows.append(f'<row r="{head}"{_header_height(spec)}>{"".join(header)}</row>'.encode())
        looks = [(column.number_format, column.centered) for column in spec.columns]
        rows += _rows_xml(
            head + 1,
            spec.rows,
            [_style(styles.cells[(fmt, False, centered)]) for fmt, centered in looks],
            spec.links,
            [
                _style(styles.cells[(fmt, True, centered)]) if spec.links else ""
                for fmt, centered in looks
            ],
        )
    last_row = head + len(spec.rows) if spec.columns else FIRST_NOTE_ROW + len(spec.notes) - 1
    dimension = f"A1:{column_letters(max(width, 1))}{max(last_row, 1)}"
    view = ' tabSelected="1"' if selected else ""
    if spec.columns:
        top = f"A{head + 1}"
        view_xml = (
            f'<sheetView{view} workbookViewId="0"><pane ySplit="{head}" topLeftCell="{top}"'
            f' activePane="bottomLeft" state="frozen"/>'
            f'<selection pane="bottomLeft" activeCell="{top}" sqref="{top}"/></sheetView>'
        )
    else:
        view_xml = f'<sheetView{view} workbookViewId="0"/>'
    cols = "".join(
        f'<col min="{i}" max="{i}" width="{column.width:g}" customWidth="1"/>'
        for i, column in enumerate(spec.columns, start=1)
    )
    return _worksheet(
        '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>'
        f'<dimension ref="{dimension}"/><sheetViews>{view_xml}</sheetViews>'
        '<sheetFormatPr defaultRowHeight="15"/>' + (f"<cols>{cols}</cols>" if cols else ""),
        rows,
        '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3"'
        ' footer="0.3"/><pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/>'
        + (f'<drawing r:id="{escape_attr(drawing_rid)}"/>' if drawing_rid else ""),
    )


def data_sheet_xml(rows: Sequence[Sequence[Any]], style: int) -> bytes:
    """A plain sheet of ``rows`` from A1 (the data behind the Standings chart)."""
    width = max(map(len, rows), default=1)
    dimension = f"A1:{column_letters(width)}{max(len(rows), 1)}"
    return _worksheet(
        f'<dimension ref="{dimension}"/><sheetViews><sheetView workbookViewId="0"/></sheetViews>'
        '<sheetFormatPr defaultRowHeight="15"/>',
        _rows_xml(1, rows, [_style(style)] * width),
        '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>',
    )


def _worksheet(before: str, rows: list[bytes], after: str) -> bytes:
    head = f'{_DECLARATION}<worksheet xmlns="{ns.MAIN}" xmlns:r="{ns.R}">{before}<sheetData>'
    return b"".join([head.encode(), *rows, f"</sheetData>{after}</worksheet>".encode()])
