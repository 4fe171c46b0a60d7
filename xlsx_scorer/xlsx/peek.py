"""A look into a sheet without reading all of it: its first cells, the cell formats it names.

They stream the sheet's XML through the reader's expat (``xmlstream``: a DTD is refused,
``unusable.xml_entities``) and stop as soon as they know:

- ``first_texts``: the text of column A in the first rows, as the sheet reader reads it
  (``sheetcells.read_cells``: inline strings, shared strings, formula text results);
- ``uses_style``: whether a cell, row or column names a cell format (``s``, ``style``), or a
  conditional format a differential one (``dxfId``), past those the workbook holds; read to
  the end when none does.
"""

from __future__ import annotations

from collections.abc import Callable

from xlsx_scorer.opc import ns
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.partname import PartName
from xlsx_scorer.opc.xmledit import whole_number
from xlsx_scorer.xlsx import bookparts, xmlstream
from xlsx_scorer.xlsx.sharedstrings import shared_strings
from xlsx_scorer.xlsx.sheetcells import CellContext, read_cells

__all__ = ["first_texts", "uses_style"]

_CHUNK = 64 << 10
_MAIN = ns.MAIN + xmlstream.NAMESPACE_SEPARATOR


def _stream(package: Package, part: PartName, start: Callable[[str, dict[str, str]], None]) -> None:
    """Feed ``part`` to the reader's expat (``xmlstream.new_parser``: names resolved, DTDs
    refused) until ``start`` raises ``xmlstream.StopParsing``; ``expat.ExpatError`` for a
    part that is not well-formed."""
    parser = xmlstream.new_parser(part.member, namespaces=True)
    parser.StartElementHandler = lambda name, attrs: start(name, xmlstream.attributes(attrs))
    try:
        with package.stream(part) as source:
            while chunk := source.read(_CHUNK):
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
    except xmlstream.StopParsing:
        return


def uses_style(package: Package, part: PartName, formats: int, highlights: int) -> bool:
    """Whether the sheet names a format the styles part does not hold: a ``<c>``/``<row>``
    ``s`` or a ``<col>`` ``style`` numbered ``formats`` or more (cell formats), a
    ``<cfRule>`` ``dxfId`` numbered ``highlights`` or more (the looks of conditional
    formats).  A value that is no number counts: it names no format the workbook holds."""
    used = False
    bounds = {
        _MAIN + "c": ("s", formats),
        _MAIN + "row": ("s", formats),
        _MAIN + "col": ("style", formats),
        _MAIN + "cfRule": ("dxfId", highlights),
    }

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal used
        name, bound = bounds.get(tag, ("", 0))
        value = attrs.get(name)
        if value is not None:
            number = whole_number(value)
            if number is None or number >= bound:
                used = True
                raise xmlstream.StopParsing

    _stream(package, part, start)
    return used


def first_texts(package: Package, part: PartName, rows: int) -> list[str]:
    """The texts in column A of the sheet's first ``rows`` rows, top to bottom.

    Read by the sheet reader itself (``sheetcells.read_cells``, stopping after ``rows``), so
    a text is what it shows: rich-text runs joined, phonetic runs (``<rPh>``) and comments
    left out, shared strings resolved, ``_xHHHH_`` escapes read.  Numbers, marks and errors
    are no text.
    """
    strings = _shared_strings(package)
    context = CellContext(strings=strings)
    cells = read_cells(
        bookparts.part_chunks(package, part),
        context,
        sheet=part.member,
        columns={1},
        last_row=rows,
        stop=True,
    )
    return [value for line in cells.rows().values() if type(value := line.get(1)) is str and value]


def _shared_strings(package: Package) -> list[str]:
    """The workbook's shared strings, as the sheet reader reads them."""
    part = bookparts.related_part(package, ns.RT_SHARED_STRINGS)
    return [] if part is None else shared_strings(bookparts.part_chunks(package, part), part.member)
