"""One worksheet of the package, and every question asked of its XML: the one front door.

A ``Worksheet`` is a sheet's part in the run's one package (``opc.package.Package``: opened
once, its CRCs checked, part names resolved as OPC says).  Whoever reads a worksheet asks it,
so there is one reader of each kind, on one expat setup (``opc.guards.xml_parser``, no
DTDs), numbering rows by one rule (``cellvalues.row_attribute``: ``xsd:unsignedInt``):

- ``cells``: the values, as the reader types them (``sheetcells.read_cells``: the fast
  ``plaincells`` grammar where rows are in the form spreadsheets write, else expat event by
  event; proven to give the same cells); iterating a ``Worksheet`` streams its bytes, in one
  chunk when the package keeps the part inflated;
- ``head_texts``: the text of column A in the first rows (the same reader, stopping there);
- ``selected`` / ``unselected_stream``: whether a view is ``tabSelected``, and the part with
  every view unselected by splicing that attribute, streamed (``sheetview``: only the head
  is parsed);
- ``uses_style``: whether a cell, row or column names a cell format past those the styles
  part holds, or a conditional format a ``dxfId`` past its ``dxfs``; stops at the first;
- ``xml`` and ``layout``: the part's bytes, and the positions of the elements an edit needs
  (``opc.xmledit.XmlDoc`` with ``keep`` paths: the patcher's rows and cells, a protection's
  place among the root's children).

>>> import io, zipfile
>>> from xlsx_scorer.opc.package import Package
>>> main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
>>> sheet = (f'<worksheet xmlns="{main}"><sheetViews><sheetView tabSelected="1"/></sheetViews>'
...          '<sheetData><row r="01"><c r="A1" t="inlineStr" s="3"><is><t>Hi</t></is></c>'
...          '</row></sheetData></worksheet>')
>>> buffer = io.BytesIO()
>>> with zipfile.ZipFile(buffer, "w") as zf:
...     zf.writestr("[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/'
...         'package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>'
...         '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
...         'officedocument.spreadsheetml.sheet.main+xml"/></Types>')
...     zf.writestr("_rels/.rels", '<Relationships xmlns="http://schemas.openxmlformats.org/'
...         'package/2006/relationships"><Relationship Id="r1" Type="http://schemas.'
...         'openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
...         'Target="xl/workbook.xml"/></Relationships>')
...     zf.writestr("xl/_rels/workbook.xml.rels", '<Relationships xmlns="http://schemas.'
...         'openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http:'
...         '//schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
...         'Target="s.xml"/></Relationships>')
...     zf.writestr("xl/workbook.xml", f'<workbook xmlns="{main}" xmlns:r="http://schemas.'
...         'openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Notes" '
...         'sheetId="1" r:id="r1"/></sheets></workbook>')
...     zf.writestr("xl/s.xml", sheet)
>>> notes = Worksheet.named(Package.open(buffer.getvalue()), "Notes")
>>> notes.head_texts(5), notes.selected(), notes.uses_style(3, 0), notes.uses_style(4, 0)
(['Hi'], True, True, False)
>>> b'tabSelected="0"' in b"".join(notes.unselected_stream())
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from xlsx_scorer.opc import ns
from xlsx_scorer.opc.package import Package, SheetEntry
from xlsx_scorer.opc.partname import PartName
from xlsx_scorer.opc.xmledit import XmlDoc, whole_number
from xlsx_scorer.xlsx.read import bookparts, xmlstream
from xlsx_scorer.xlsx.read.sharedstrings import shared_strings
from xlsx_scorer.xlsx.read.sheetcells import CellContext, SheetCells, read_cells
from xlsx_scorer.xlsx.write import sheetview

__all__ = ["Worksheet"]

_MAIN = ns.MAIN + xmlstream.NAMESPACE_SEPARATOR


class Worksheet:
    """A sheet's part in ``package``; ``name`` (default: the member's) names it in messages."""

    def __init__(self, package: Package, part: PartName, name: str | None = None) -> None:
        self.package = package
        self.part = part
        self.name = name or part.member

    @classmethod
    def of(cls, package: Package, entry: SheetEntry) -> Worksheet | None:
        """The worksheet of a ``<sheet>`` of the workbook; None when its part is missing."""
        part = entry.part
        return None if part is None or not package.has(part) else cls(package, part, entry.name)

    @classmethod
    def named(cls, package: Package, sheet: str) -> Worksheet | None:
        """The worksheet of the sheet called ``sheet``; None when there is none, or no part."""
        entry = next((entry for entry in package.sheets if entry.name == sheet), None)
        return None if entry is None else cls.of(package, entry)

    def __iter__(self) -> Iterator[bytes]:
        """The part's bytes in chunks; each pass inflates it anew unless the package keeps it
        inflated (then one chunk, the same bytes): the reader may read it twice."""
        return bookparts.part_chunks(self.package, self.part)

    def xml(self) -> bytes:
        """The part's bytes, whole (refused when the part is damaged)."""
        return self.package.read(self.part)

    def layout(self, keep: Iterable[tuple[str, ...]] | None = None) -> XmlDoc:
        """The positions of the part's elements (those on the ``keep`` paths) for an edit."""
        return XmlDoc(self.name, self.xml(), keep=keep)

    def cells(self, context: CellContext, **options: Any) -> SheetCells:
        """The cells, as ``sheetcells.read_cells`` reads them with ``options``."""
        return read_cells(self, context, sheet=self.name, **options)

    def head_texts(self, rows: int) -> list[str]:
        """The texts in column A of the sheet's first ``rows`` rows, top to bottom.

        Read by the sheet reader itself, stopping after ``rows``, so a text is what it
        shows: rich-text runs joined, phonetic runs (``<rPh>``) and comments left out,
        shared strings resolved, ``_xHHHH_`` escapes read.  Numbers, marks and errors are
        no text.
        """
        part = bookparts.related_part(self.package, ns.RT_SHARED_STRINGS)
        chunks = [] if part is None else bookparts.part_chunks(self.package, part)
        strings = [] if part is None else shared_strings(chunks, str(part))
        cells = read_cells(
            self,
            CellContext(strings=strings),
            sheet=self.name,
            columns={1},
            last_row=rows,
            stop=True,
        )
        column_a = (line.get(1) for line in cells.rows().values())
        return [value for value in column_a if type(value) is str and value]

    def selected(self) -> bool:
        """Whether a view of the sheet is selected (``tabSelected``); only its head is read.
        Raises ``XmlError`` when the part cannot be read."""
        return sheetview.is_selected(self.name, self)

    def unselected_stream(self) -> Iterator[bytes | memoryview] | None:
        """The part with its selected views unselected, in pieces as the part is streamed: the
        head edited, then the rest as it is inflated (a sheet of a million rows is never held
        whole); None when no view is selected (then only its head was read).  Raises
        ``XmlError`` when the part cannot be read."""
        return sheetview.unselected_stream(self.name, self)

    def unselected_pieces(self) -> Iterable[bytes | memoryview]:
        """``unselected_stream``, from the start each time it is called; nothing when no view
        is selected (for a writer that streams the part from several processes)."""
        return self.unselected_stream() or ()

    def uses_style(self, formats: int, highlights: int) -> bool:
        """Whether the sheet names a format the styles part does not hold: a ``<c>``/``<row>``
        ``s`` or a ``<col>`` ``style`` numbered ``formats`` or more (cell formats), a
        ``<cfRule>`` ``dxfId`` numbered ``highlights`` or more (the looks of conditional
        formats).  A value that is no number counts: it names no format the workbook holds.
        Streamed to the end when none does; ``expat.ExpatError`` for a broken part."""
        bounds = {
            _MAIN + "c": ("s", formats),
            _MAIN + "row": ("s", formats),
            _MAIN + "col": ("style", formats),
            _MAIN + "cfRule": ("dxfId", highlights),
        }
        parser = xmlstream.new_parser(self.part.member, namespaces=True)

        def start(tag: str, attrs: Any) -> None:
            name, bound = bounds.get(tag, ("", 0))
            value = xmlstream.attributes(attrs).get(name) if name else None
            if value is not None and ((number := whole_number(value)) is None or number >= bound):
                raise xmlstream.StopParsing

        parser.StartElementHandler = start
        try:
            for chunk in self:
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
        except xmlstream.StopParsing:
            return True
        return False
