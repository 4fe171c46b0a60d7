"""A look at the start of a sheet without reading all of it: its first cells, its selection.

Both stream the sheet's XML through expat (no DTD) and stop as soon as they know:

- ``first_texts``: the text of column A in the first rows (inline strings, shared strings
  resolved through the workbook's relationship, formula text results);
- ``is_selected``: whether a view of the sheet is selected (``tabSelected``), as Excel marks
  the sheets it shows; found before ``<sheetData>``;
- ``uses_style``: whether a cell, row or column names a cell format (``s``, ``style``), or a
  conditional format a differential one (``dxfId``), past those the workbook holds; read to
  the end when none does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from xml.parsers import expat

from xlsx_scorer.opc import ns
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.partname import PartName
from xlsx_scorer.opc.xmledit import whole_number

__all__ = ["first_texts", "is_selected", "uses_style"]

_CHUNK = 64 << 10
_MAIN = "{" + ns.MAIN + "}"
_REF = re.compile(r"([A-Z]+)(\d+)")


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
            number = whole_number(value.strip())
            if number is None or number >= bound:
                used = True
                raise _DoneError

    _stream(package, part, start)
    return used


class _ColumnA:
    """Handlers collecting the cells of column A in the first ``rows`` rows."""

    def __init__(self, rows: int) -> None:
        self.rows = rows
        self.row = 0
        self.column = 0
        self.type = ""
        self.in_text = False
        self.buffer: list[str] = []
        self.found: dict[int, tuple[str, str]] = {}  # row -> (cell type, text)

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == _MAIN + "row":
            number = whole_number(attrs.get("r"))
            self.row = self.row + 1 if number is None else number
            self.column = 0
            if self.row > self.rows:
                raise _DoneError
        elif tag == _MAIN + "c":
            match = _REF.fullmatch(attrs.get("r", ""))
            if match is None:
                self.column += 1
            else:
                self.column = 1 if match.group(1) == "A" else 2
            self.type = attrs.get("t", "n")
            self.buffer.clear()
        elif tag in (_MAIN + "t", _MAIN + "v") and self.column == 1:
            self.in_text = True

    def end(self, tag: str) -> None:
        if tag in (_MAIN + "t", _MAIN + "v"):
            self.in_text = False
        elif tag == _MAIN + "c" and self.column == 1:
            self.found[self.row] = (self.type, "".join(self.buffer))
        elif tag == _MAIN + "sheetData":
            raise _DoneError

    def text(self, data: str) -> None:
        if self.in_text:
            self.buffer.append(data)


def first_texts(package: Package, part: PartName, rows: int) -> list[str]:
    """The texts in column A of the sheet's first ``rows`` rows, top to bottom."""
    cells = _ColumnA(rows)
    _stream(package, part, cells.start, cells.end, cells.text)
    indexes = [whole_number(text.strip()) for kind, text in cells.found.values() if kind == "s"]
    shared = _shared_strings(package, max((i for i in indexes if i is not None), default=-1))
    texts = []
    for row in sorted(cells.found):
        kind, value = cells.found[row]
        if kind == "s":
            index = whole_number(value.strip())
            value = shared[index] if index is not None and index < len(shared) else ""
        elif kind not in ("inlineStr", "str"):
            continue
        texts.append(value)
    return texts


def _shared_strings(package: Package, last: int) -> list[str]:
    """The first ``last + 1`` shared strings (plain text of each item)."""
    rel = package.related(package.workbook, ns.RT_SHARED_STRINGS)
    if last < 0 or rel is None or rel.target is None:
        return []
    items: list[str] = []
    depth = {"item": False, "text": False}
    buffer: list[str] = []

    def start(tag: str, _attrs: dict[str, str]) -> None:
        if tag == _MAIN + "si":
            depth["item"] = True
            buffer.clear()
        elif tag == _MAIN + "t" and depth["item"]:
            depth["text"] = True
        elif tag == _MAIN + "rPh":
            depth["item"] = False  # phonetic runs are not part of the text

    def end(tag: str) -> None:
        if tag == _MAIN + "t":
            depth["text"] = False
        elif tag == _MAIN + "rPh":
            depth["item"] = True
        elif tag == _MAIN + "si":
            items.append("".join(buffer))
            depth["item"] = False
            if len(items) > last:
                raise _DoneError

    def text(data: str) -> None:
        if depth["text"]:
            buffer.append(data)

    _stream(package, rel.target, start, end, text)
    return items
