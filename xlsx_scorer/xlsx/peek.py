"""A look at the start of a sheet without reading all of it: its first cells, its selection.

Both stream the sheet's XML through expat (no DTD) and stop as soon as they know:

- ``first_texts``: the text of column A in the first rows, as the sheet reader reads it
  (``sheetcells.read_cells``: inline strings, shared strings, formula text results);
- ``is_selected``: whether a view of the sheet is selected (``tabSelected``), as Excel marks
  the sheets it shows; found before ``<sheetData>``;
- ``uses_style``: whether a cell, row or column names a cell format (``s``, ``style``), or a
  conditional format a differential one (``dxfId``), past those the workbook holds; read to
  the end when none does.
"""

from __future__ import annotations

from collections.abc import Callable
from xml.parsers import expat

from xlsx_scorer.opc import ns
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.partname import PartName
from xlsx_scorer.opc.xmledit import whole_number
from xlsx_scorer.xlsx import bookparts
from xlsx_scorer.xlsx.sharedstrings import shared_strings
from xlsx_scorer.xlsx.sheetcells import CellContext, read_cells

__all__ = ["first_texts", "is_selected", "uses_style"]

_CHUNK = 64 << 10
_MAIN = "{" + ns.MAIN + "}"


class _DoneError(Exception):
    """Raised by a handler once the answer is known (not an error: it stops the parser)."""


def _stream(
    package: Package,
    part: PartName,
    start: Callable[[str, dict[str, str]], None],
    end: Callable[[str], None] = lambda _tag: None,
    text: Callable[[str], None] = lambda _data: None,
) -> None:
    """Feed ``part`` to expat (namespaces resolved as ``{ns}local``) until a handler is done."""
    parser = expat.ParserCreate(namespace_separator="}")

    def refuse(*_: object) -> None:
        raise _DoneError

    parser.StartElementHandler = lambda tag, attrs: start("{" + tag, attrs)
    parser.EndElementHandler = lambda tag: end("{" + tag)
    parser.CharacterDataHandler = text
    parser.StartDoctypeDeclHandler = refuse
    try:
        with package.stream(part) as source:
            while chunk := source.read(_CHUNK):
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
    except _DoneError:
        return


def is_selected(package: Package, part: PartName) -> bool:
    """Whether a ``<sheetView>`` of the sheet in ``part`` has ``tabSelected`` set."""
    selected = False

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal selected
        if tag == _MAIN + "sheetView" and attrs.get("tabSelected", "").strip() in ("1", "true"):
            selected = True
            raise _DoneError
        if tag in (_MAIN + "sheetData", _MAIN + "sheetFormatPr", _MAIN + "cols"):
            raise _DoneError

    _stream(package, part, start)
    return selected


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
                raise _DoneError

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
    rel = package.related(package.workbook, ns.RT_SHARED_STRINGS)
    if rel is None or rel.target is None or not package.has(rel.target):
        return []
    return shared_strings(bookparts.part_chunks(package, rel.target), rel.target.member)
