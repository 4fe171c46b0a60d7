"""One worksheet's cells, read from its XML: streaming, exact, and bounded.

A pure function of the part's bytes (:func:`read_cells`).  The XML is parsed by
expat (:mod:`xmlstream`), so quoting, white space, comments and namespace
prefixes are read as XML says.  What comes out is sparse: the cells holding
something, in file order, each with its column, row and value (``SheetCells``),
typed as the spreadsheet shows them
(:mod:`cellvalues`): numbers, text, TRUE/FALSE, ``ErrorValue``, dates; a
formula with no saved value is ``""`` and listed in ``uncached``; a value no
spreadsheet writes is a ``BadValue``, listed in ``bad``.

Nothing is allocated from the coordinates a file declares: a lone cell at
``XFD1048576`` costs what any cell costs.  Only cells that hold something are
located: a reference beyond Excel's grid there (or a row's) is
``UnusableWorkbookError("unusable.bad_coordinate")``; cells and rows that hold
nothing (formatting only) are not looked at.  Cells and rows without ``r``
follow the previous one, as in Excel.

Formatting-only rows cost their parsing only: between rows, a stretch of the
XML whose markup is nothing but row and cell tags (every ``<`` in it opens or
closes a ``row`` or ``c``, so no value, formula, comment or other element can
be in it) is handed to expat with no handlers, up to the start of a row.
Expat still checks every byte; nothing in such a stretch could be read anyway
(neither are its references or its nesting looked at).

Rows in the form spreadsheets write (``<c r="B2" s="1" t="s"><v>0</v></c>``, no
formula, comment or prefix) are read without expat's events, by a grammar
they must match whole (:mod:`plaincells`); anything else is read as above.

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

import re
from collections.abc import Collection, Iterable
from xml.parsers import expat

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.xlsx.read import cellevents, plaincells, xmlstream
from xlsx_scorer.xlsx.read.cellevents import Limits, ReadAgain, SheetCells
from xlsx_scorer.xlsx.read.cellvalues import BadValue, CellContext, column_letters

__all__ = ["BadValue", "CellContext", "SheetCells", "column_letters", "read_cells"]

#: Formatting-only stretches shorter than this are read as usual.
_SHORTCUT_BYTES = 16 << 10
#: A part read to its end without finding the end of a row is fed as it is past this size.
_MAX_PENDING_BYTES = 8 << 20


def read_cells(
    xml: bytes | Iterable[bytes],
    context: CellContext,
    *,
    sheet: str,
    columns: Collection[int] | None = None,
    last_row: int | None = None,
    stop: bool = False,
    plain: bool = True,
) -> SheetCells:
    """The cells of a worksheet part (bytes, or a re-iterable of chunks).

    ``columns``: read only these column numbers (others are not even typed);
    ``last_row``: read only the rows up to it, and with ``stop`` stop parsing
    at the first row past it that holds something.  ``sheet`` names the sheet
    in messages.  With ``plain`` (and no ``stop``), rows in the form spreadsheets
    write are read by :mod:`plaincells`, to the same cells.  Raises
    ``UnusableWorkbookError`` for a damaged part.
    """
    chunks: Iterable[bytes] = (xml,) if isinstance(xml, bytes) else xml
    limits = Limits(None if columns is None else frozenset(columns), last_row, stop)
    if plain and not stop:
        found = plaincells.read_plain(chunks, context, wanted=limits.columns, last_row=last_row)
        if found is not None:
            head, cells, tail = found
            skeleton = head + b"<sheetData/>" + tail
            if xmlstream.sheet_data_in_place(skeleton, len(head), sheet):
                try:  # damage around the rows is reported as the whole part shows it
                    cells.merged = _exact((skeleton,), context, sheet, limits).merged
                except UnusableWorkbookError:
                    pass
                else:
                    return cells
    return _exact(chunks, context, sheet, limits)


def _exact(chunks: Iterable[bytes], context: CellContext, sheet: str, limits: Limits) -> SheetCells:
    """The cells read by expat, event by event."""
    try:
        return _SheetReader(context, sheet, limits, namespaces=False).read(chunks)
    except ReadAgain:
        return _SheetReader(context, sheet, limits, namespaces=True).read(chunks)


class _SheetReader:
    """The parser, its handlers (one state machine) and the formatting-only shortcut."""

    def __init__(self, context: CellContext, sheet: str, limits: Limits, *, namespaces: bool):
        self.sheet = sheet
        self.cells = SheetCells()
        self.parser = xmlstream.new_parser(sheet, namespaces=namespaces)
        self.handlers = cellevents.handlers(
            self.parser, self.cells, sheet, context, limits, check_ns=not namespaces
        )
        self.shortcut: re.Pattern[bytes] | None = None
        self.row_start = b""

    def read(self, chunks: Iterable[bytes]) -> SheetCells:
        parser, handlers = self.parser, self.handlers
        parser.StartElementHandler, parser.EndElementHandler = handlers.start, handlers.end
        parser.CharacterDataHandler = handlers.texts.append
        try:
            pending = b""
            for chunk in chunks:
                pending = self._feed(pending + chunk if pending else chunk)
            parser.Parse(pending, True)
        except xmlstream.StopParsing:
            pass
        except (expat.ExpatError, LookupError) as error:
            raise UnusableWorkbookError(
                "unusable.broken_part", {"part": self.sheet, "detail": str(error)}
            ) from error
        self.cells.code_runs = [(range(len(self.cells.table)), 0)]  # each cell's value, as it came
        return self.cells

    def _feed(self, data: bytes) -> bytes:
        """Parse ``data`` up to its last row start, formatting-only stretches with no handlers;
        return the rest, for the next chunk."""
        parser, handlers = self.parser, self.handlers
        names = handlers.names()
        while data:
            if self.shortcut is None and names is not None and names.prefix is not None:
                self._prepare_shortcut(names.prefix)
            if self.shortcut is not None and handlers.between_rows():
                found = self.shortcut.search(data)
                cut = data.rfind(self.row_start, 0, found.start() if found else len(data))
                if cut >= _SHORTCUT_BYTES:
                    current = parser.StartElementHandler, parser.EndElementHandler
                    parser.StartElementHandler = parser.EndElementHandler = None
                    parser.CharacterDataHandler = None
                    parser.Parse(data[:cut], False)
                    parser.StartElementHandler, parser.EndElementHandler = current
                    parser.CharacterDataHandler = handlers.texts.append
                    handlers.rows_unknown()
                    data = data[cut:]
                    continue
            cut = data.rfind(self.row_start) if self.row_start else -1
            if cut <= 0:
                if len(data) < _MAX_PENDING_BYTES and names is not None:
                    return data
                parser.Parse(data, False)
                return b""
            parser.Parse(data[:cut], False)
            data = data[cut:]
        return b""

    def _prepare_shortcut(self, prefix: str) -> None:
        """The pattern of the first ``<`` that is not a row or cell tag; a row's start tag."""
        escaped = re.escape(prefix.encode())
        self.shortcut = re.compile(
            rb"<(?!" + escaped + rb"(?:c|row)[ \t\r\n/>]|/" + escaped + rb"(?:c|row)[ \t\r\n]*>)"
        )
        self.row_start = b"<" + prefix.encode() + b"row"
