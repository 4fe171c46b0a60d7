"""Our sheets' XML, written straight from a ``SheetSpec``: no spreadsheet library in between.

Layout: the title in A1, the notes from A2 down, a blank row, then the table's header row
(row 4 at the earliest) and its rows.  The header row is frozen and repeated on printed pages
(the print titles are a defined name, written by the splice); pages are landscape, one page
wide; a sheet of blocks (``SheetSpec.blocks``: a table's slip) breaks its pages between
blocks (``printing.page_breaks``).

Cells:

- numbers keep every digit (``repr`` for floats: ``0.1 + 0.2`` is written
  ``0.30000000000000004``, which reads back as the same float); ``bool`` is TRUE/FALSE;
  a float that is not finite is refused (``ValueError``);
- text is an inline string, never a formula (``=1+1`` or ``#N/A`` stay text); characters XML
  cannot hold are removed and text is cut at Excel's 32,767 characters; blank text or None
  leaves the cell out;
- a linked cell is a ``HYPERLINK`` formula with the text it shows as its cached value.

>>> from xlsx_scorer.xlsx.write.spec import Column
>>> styles = CellStyles(title=1, note=2, header=3, cells={("0", False, "", False): 5})
>>> spec = SheetSpec("k", "S", "T", (), (Column("N", 7, "0"),), ((3,), ("<b>",)))
>>> sheet = worksheet_xml(spec, styles)
>>> xml = b"".join(map(sheet.block, range(sheet.blocks))).decode()
>>> print(xml[xml.index("<sheetData>") : xml.index("</sheetData>")].replace("<row", "\\n<row"))
<sheetData>
<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>T</t></is></c></row>
<row r="4"><c r="A4" s="3" t="inlineStr"><is><t>N</t></is></c></row>
<row r="5"><c r="A5" s="5"><v>3</v></c></row>
<row r="6"><c r="A6" s="5" t="inlineStr"><is><t>&lt;b&gt;</t></is></c></row>
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from xlsx_scorer.opc import ns
from xlsx_scorer.opc.xmledit import escape_attr
from xlsx_scorer.xlsx.read.cellvalues import column_letters
from xlsx_scorer.xlsx.write import celltext, printing
from xlsx_scorer.xlsx.write.spec import BOX, Rows, SheetSpec, note_text

__all__ = [
    "CellStyles",
    "SheetXml",
    "data_sheet_xml",
    "header_row",
    "worksheet_xml",
]

TITLE_ROW, FIRST_NOTE_ROW, FIRST_HEADER_ROW = 1, 2, 4
_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
#: Rows are written in blocks of about this many cells (a block of a Round Points sheet is
#: about a megabyte of XML), each deflated on its own (``splice``).
BLOCK_CELLS = 1 << 15


@dataclass(frozen=True)
class CellStyles:
    """Style ids (cellXfs indices) of our cells: title, notes, header, table cells.

    ``cells`` maps (number format, linked, alignment, boxed) to the style of a table cell
    (the alignment as ``spec.Column.alignment`` writes it; boxed: ``spec.Column.boxed``).
    """

    title: int
    note: int
    header: int
    cells: Mapping[tuple[str | None, bool, str, bool], int]


@dataclass(frozen=True)
class SheetXml:
    """A worksheet part in blocks: ``block(i)`` for each ``i`` in ``range(blocks)``, joined
    in order, is the part; the whole part is never held as one bytes object.

    The head (up to ``<sheetData>`` and the rows above the table) is worked out once, when
    first needed (``make_head``: a note of the sheet may be a function, ``spec.Note``).  A
    part whose rows fill one block at most is one block; else the head is a block of its
    own, the first, so that every block of rows can be written before the head is known
    (``splice.deflate_sheets``), and the last block ends with the tail.  Any block can be
    written alone, in any order and in any process: its bytes are a function of the sheet
    and its number only.
    """

    make_head: Callable[[], bytes]
    rows: _RowBlocks
    tail: bytes

    @functools.cached_property
    def head(self) -> bytes:
        """The part up to ``<sheetData>`` and the rows above the table."""
        return self.make_head()

    @property
    def blocks(self) -> int:
        """How many blocks the part is written in (at least one)."""
        rows = len(self.rows)
        return rows + 1 if rows > 1 else 1

    def block(self, index: int) -> bytes:
        """Block ``index`` of the part, in UTF-8."""
        if not 0 <= index < self.blocks:
            raise IndexError(f"block {index} of a part of {self.blocks}")
        if self.blocks == 1:
            return self.head + (self.rows.block(0) if len(self.rows) else b"") + self.tail
        if index == 0:
            return self.head
        piece = self.rows.block(index - 1)
        return piece + self.tail if index == self.blocks - 1 else piece


def header_row(spec: SheetSpec) -> int:
    """The row of the table's header: after the title, the notes and a blank row."""
    return max(FIRST_HEADER_ROW, FIRST_NOTE_ROW + len(spec.notes) + 1)


class _Tails:
    """One column's cells after their references (`` s="4"><v>3</v></c>``), as UTF-8:
    ``b""`` for a blank cell.

    Each distinct value is written once for the whole sheet and its text reused: a column
    holds few of them (round numbers, names, points), and this is most of the writing
    time.  Numbers of different types are told apart (``1``, ``1.0`` and ``True`` are one
    key of a dict); text and blanks sit beside any one of them.  ``-0.0`` is written as
    ``0.0`` (the key it shares with it): a cell's text never depends on which of the two
    a process met first, so a block reads the same whichever process wrote it.

    >>> tails = _Tails(' s="5"')
    >>> for tail in tails.of([3, None, "<b>", True, 1.0, 1]):
    ...     print(tail.decode())
     s="5"><v>3</v></c>
    <BLANKLINE>
     s="5" t="inlineStr"><is><t>&lt;b&gt;</t></is></c>
     s="5" t="b"><v>1</v></c>
     s="5"><v>1.0</v></c>
     s="5"><v>1</v></c>
    """

    def __init__(self, style: str) -> None:
        self._style = style
        self._int = f"{style}><v>%d</v></c>".encode()
        self._float = f"{style}><v>%r</v></c>".encode()
        self._text = f'{style} t="inlineStr">%s</c>'
        #: Tails known so far, by the one type of number beside text and blanks.
        self._known: dict[type, dict[Any, bytes]] = {}

    def of(self, values: Sequence[Any]) -> list[bytes]:
        """The tails of ``values``, in order."""
        kinds = set(map(type, values)) - {str, type(None)}
        if len(kinds) > 1:  # numbers of two types: equal keys would meet in one dict
            return list(map(self._tail_of, values))
        known = self._known.setdefault(kinds.pop() if kinds else str, {})
        try:
            return list(map(known.__getitem__, values))
        except KeyError:  # values not met before
            new = list(set(values).difference(known))
            known.update(zip(new, self._write(new), strict=True))
            return list(map(known.__getitem__, values))

    def _tail_of(self, value: Any) -> bytes:
        known = self._known.setdefault(type(value), {})
        tail = known.get(value)
        if tail is None:
            tail = known[value] = self._tail(value).encode()
        return tail

    def _write(self, values: list[Any]) -> list[bytes]:
        """The tails of distinct ``values``: whole numbers, finite floats and text (when
        ``_inline_all`` takes it) by one template each."""
        kinds = set(map(type, values))
        if kinds == {int}:
            return list(map(self._int.__mod__, values))
        if kinds == {float} and all(map(math.isfinite, values)):
            return list(map(self._float.__mod__, map((0.0).__add__, values)))  # -0.0 + 0.0
        if kinds == {str} and (contents := celltext.inline_all(values)) is not None:
            return list(map(str.encode, map(self._text.__mod__, contents)))
        return [self._tail(value).encode() for value in values]

    def _tail(self, value: Any) -> str:
        style = self._style
        if value is None:
            return ""
        if value is BOX:
            return f"{style}/>"
        if isinstance(value, bool):
            return f'{style} t="b"><v>{int(value)}</v></c>'
        if isinstance(value, int):
            return f"{style}><v>{int(value)}</v></c>"
        if isinstance(value, float):
            return f"{style}><v>{celltext.number_text(value + 0.0)}</v></c>"  # -0.0: 0.0
        if isinstance(value, str):
            content = celltext.inline(value)
            return f'{style} t="inlineStr">{content}</c>' if content else ""
        raise TypeError(f"cannot write {type(value).__name__} {value!r} in a cell")


class _RowBlocks:
    """``<row>`` elements for ``rows`` from ``first_row``, one style per column, in UTF-8,
    cut into blocks of about ``BLOCK_CELLS`` cells: ``block(i)`` writes block ``i`` alone
    (``len`` of them; none for no rows).

    A block's bytes depend only on the rows and ``i``, not on which blocks were written
    before, nor in which process: the cell texts each column has cached so far
    (``_Tails``) are the texts it would write anyway.
    """

    def __init__(
        self,
        first_row: int,
        rows: Sequence[Sequence[Any]],
        styles: Sequence[str],
        links: Mapping[tuple[int, int], str] | None = None,
        link_styles: Sequence[str] = (),
        *,
        heights: Sequence[bytes] | None = None,
    ) -> None:
        table = Rows.of(rows)
        #: Each row's height attributes (``b""``: the default), when some row has its own.
        self._heights = heights
        width = len(table.columns)
        self._first_row, self._columns, self._count = first_row, table.columns, len(table)
        self._tails = [_Tails(styles[i] if i < len(styles) else "") for i in range(width)]
        self._starts = [f'<c r="{column_letters(i + 1)}'.encode() for i in range(width)]
        self._step = step = max(1, BLOCK_CELLS // max(width, 1))
        #: Linked cells, whole: by block, column and offset in the block.
        self._linked: dict[int, dict[int, dict[int, bytes]]] = {}
        for (offset, position), target in (links or {}).items():
            value = table.columns[position][offset]
            if value is None:
                continue
            shown = celltext.clean_text(str(value))
            formula = celltext.hyperlink_formula(target, shown)[1 : celltext.MAX_TEXT]
            block, offset_in_block = divmod(offset, step)
            self._linked.setdefault(block, {}).setdefault(position, {})[offset_in_block] = (
                f'<c r="{column_letters(position + 1)}{first_row + offset}"'
                f'{link_styles[position]} t="str"><f>{celltext.escape_xml(formula)}</f>'
                f"<v>{celltext.escaped(shown)}</v></c>"
            ).encode()

    def __len__(self) -> int:
        return (self._count + self._step - 1) // self._step

    def block(self, index: int) -> bytes:
        """The rows of block ``index``, as one piece of UTF-8."""
        start = index * self._step
        numbers = range(
            self._first_row + start, self._first_row + min(start + self._step, self._count)
        )
        columns = [column[start : start + self._step] for column in self._columns]
        heights = None if self._heights is None else self._heights[start : start + self._step]
        linked = self._linked.get(index, {})
        return _block(numbers, columns, self._tails, self._starts, linked, heights=heights)


def _block(
    numbers: range,
    columns: Sequence[Sequence[Any]],
    tails: Sequence[_Tails],
    starts: Sequence[bytes],
    linked: Mapping[int, Mapping[int, bytes]],
    *,
    heights: Sequence[bytes] | None = None,
) -> bytes:
    """The ``<row>`` elements numbered ``numbers`` holding ``columns``, as one piece of UTF-8.

    Each row is one ``%`` of a row template: a column whose every cell is filled
    takes its row number and its cell's text after the reference; any other
    column (blanks, links) takes whole cells, ``b""`` for a blank.
    """
    references = list(map(b"%d".__mod__, numbers))
    template = [b'<row r="%s">' if heights is None else b'<row r="%s"%s>']
    arguments: list[Sequence[bytes]] = [references] if heights is None else [references, heights]
    for i, values in enumerate(columns):
        cells = tails[i].of(values)
        if b"" in cells or i in linked:
            filled = starts[i] + b'%s"%s'
            whole = [
                filled % (number, tail) if tail else b""
                for number, tail in zip(references, cells, strict=True)
            ]
            for offset, cell in linked.get(i, {}).items():
                whole[offset] = cell
            template.append(b"%s")
            arguments.append(whole)
        else:
            template.append(starts[i] + b'%s"%s')
            arguments += [references, cells]
    template.append(b"</row>")
    return b"".join(map(b"".join(template).__mod__, zip(*arguments, strict=True)))


def _style(style_id: int) -> str:
    return f' s="{style_id}"' if style_id else ""


def worksheet_xml(
    spec: SheetSpec, styles: CellStyles, *, drawing_rid: str | None = None, selected: bool = False
) -> SheetXml:
    """The worksheet part of ``spec``, in blocks; ``drawing_rid`` names the chart's drawing
    relationship."""
    head = header_row(spec)
    width = len(spec.columns)
    blocks = _RowBlocks(head + 1, (), ())
    if spec.columns:
        looks = [column.look for column in spec.columns]
        blocks = _RowBlocks(
            head + 1,
            spec.rows,
            [_style(styles.cells[(fmt, False, aligned, boxed)]) for fmt, aligned, boxed in looks],
            spec.links,
            [
                _style(styles.cells[(fmt, True, aligned, boxed)]) if spec.links else ""
                for fmt, aligned, boxed in looks
            ],
            heights=printing.row_heights(spec),
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
    before = (
        '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>'
        f'<dimension ref="{dimension}"/><sheetViews>{view_xml}</sheetViews>'
        '<sheetFormatPr defaultRowHeight="15"/>'
        + (f"<cols>{cols}</cols>" if cols else "")
        + "<sheetData>"
    )
    breaks = printing.page_breaks(spec, head)
    row_breaks = (
        f'<rowBreaks count="{len(breaks)}" manualBreakCount="{len(breaks)}">'
        + "".join(f'<brk id="{row}" max="16383" man="1"/>' for row in breaks)
        + "</rowBreaks>"
        if breaks
        else ""
    )
    return _worksheet(
        lambda: before + _rows_above(spec, styles),
        blocks,
        '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3"'
        ' footer="0.3"/><pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/>'
        + row_breaks
        + (f'<drawing r:id="{escape_attr(drawing_rid)}"/>' if drawing_rid else ""),
    )


def _rows_above(spec: SheetSpec, styles: CellStyles) -> str:
    """The rows above the table's rows: the title, the notes (worked out now) and the header."""
    head = header_row(spec)
    frame = [(TITLE_ROW, spec.title, styles.title)]
    frame += [(FIRST_NOTE_ROW + i, note_text(n), styles.note) for i, n in enumerate(spec.notes)]
    rows = [
        f'<row r="{row}"><c r="A{row}"{_style(style)} t="inlineStr">{content}</c></row>'
        for row, text, style in frame
        if (content := celltext.inline(text))
    ]
    if spec.columns:
        header = [
            (
                f'<c r="{column_letters(i + 1)}{head}"{_style(styles.header)} t="inlineStr">'
                f"{celltext.inline(column.header)}</c>"
            )
            if celltext.inline(column.header)
            else ""
            for i, column in enumerate(spec.columns)
        ]
        rows.append(f'<row r="{head}"{printing.header_height(spec)}>{"".join(header)}</row>')
    return "".join(rows)


def data_sheet_xml(rows: Sequence[Sequence[Any]], style: int) -> SheetXml:
    """A plain sheet of ``rows`` from A1 (the data behind the Standings chart), in blocks."""
    width = max(map(len, rows), default=1)
    dimension = f"A1:{column_letters(width)}{max(len(rows), 1)}"
    before = (
        f'<dimension ref="{dimension}"/><sheetViews><sheetView workbookViewId="0"/></sheetViews>'
        '<sheetFormatPr defaultRowHeight="15"/><sheetData>'
    )
    return _worksheet(
        lambda: before,
        _RowBlocks(1, rows, [_style(style)] * width),
        '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3"'
        ' footer="0.3"/>',
    )


def _worksheet(before: Callable[[], str], rows: _RowBlocks, after: str) -> SheetXml:
    """The worksheet part: what ``before`` gives (once the head is needed), the rows, then
    ``after``."""

    def head() -> bytes:
        return f'{_DECLARATION}<worksheet xmlns="{ns.MAIN}" xmlns:r="{ns.R}">{before()}'.encode()

    return SheetXml(head, rows, f"{after}</worksheet>".encode())
