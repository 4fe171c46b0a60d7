"""A sheet of the organiser's unselected by splicing one attribute: ``unselected(name, data)``.

Rule (docs/rules.md, "Which sheet the workbook opens on"): the scored workbook opens on our
Errors or Standings sheet, and that sheet alone is selected.  Two selected sheets are
*grouped* in Excel: typing into one types into both.  LibreOffice marks the sheet it showed
last ``tabSelected="true"`` on every save, so a workbook it saved always has one of the
organiser's sheets selected.

So every ``<sheetView>`` of a sheet of theirs that is selected (``tabSelected`` ``1`` or
``true``, white space around allowed as in ``xsd:boolean``) gets ``tabSelected`` ``0`` (or
``false``, as the file wrote ``true``); nothing else of the part changes.  The views come
before the cells (CT_Worksheet: ``sheetPr``, ``dimension``, ``sheetViews``, then the rest),
so only the head of the part is parsed: a sheet of a million rows costs a look at its first
elements, the rest of its bytes are carried over as they are.  ``is_selected`` reads a
streamed part no further than that head, with the same reader.  Both are asked through the
worksheet's front door (``worksheet.Worksheet.selected``, ``unselected``).

>>> head = b'<worksheet xmlns="%s"><sheetViews><sheetView tabSelected="true" zoomScale="90"'
>>> part = (head + b' workbookViewId="0"/></sheetViews><sheetData/></worksheet>') % MAIN.encode()
>>> unselected("sheet1.xml", part).decode().split("<sheetViews>")[1][:56]
'<sheetView tabSelected="false" zoomScale="90" workbookVi'
>>> unselected("sheet1.xml", part.replace(b"true", b"0")) is None
True
>>> is_selected("sheet1.xml", [part[:70], part[70:]])
True
"""

from __future__ import annotations

import codecs
import itertools
from collections.abc import Iterable, Iterator
from xml.parsers import expat

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import guards
from xlsx_scorer.opc.ns import MAIN
from xlsx_scorer.opc.xmledit import Node, XmlDoc, XmlError

__all__ = ["is_selected", "unselected", "unselected_stream"]

#: The elements of a worksheet that may come before and hold the views (CT_Worksheet).
_HEAD = frozenset({"sheetPr", "dimension", "sheetViews"})
_SELECTED = {"1": "0", "true": "false"}


#: A part's bytes after its head: the pieces read with it, then the chunks not yet read.
_Rest = tuple[Iterable[bytes | memoryview], Iterator[bytes]]


class _HeadEndError(Exception):
    """Raised by the scan once the head has ended (not an error: it stops the parser)."""


def _head_end(name: str, chunks: Iterator[bytes]) -> tuple[list[bytes], int | None, str]:
    """The chunks read, up to the first element after the views: that element's byte offset
    and the root's name as written (offset None when there is none: all was read)."""
    parser = guards.xml_parser(name)
    names: list[str] = []
    found: list[int] = []
    read: list[bytes] = []

    def start(qname: str, _attrs: dict[str, str]) -> None:
        names.append(qname)
        if len(names) == 2 and qname.rpartition(":")[2] not in _HEAD:
            found.append(parser.CurrentByteIndex)
            raise _HeadEndError

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda _qname: names.pop()
    try:
        for chunk in chunks:
            read.append(chunk)
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except _HeadEndError:
        return read, found[0], names[0]
    except UnusableWorkbookError as error:  # the one DTD policy (``guards.xml_parser``)
        raise XmlError("a DTD is not allowed") from error
    except expat.ExpatError as error:
        raise XmlError(f"not well-formed XML ({error})") from error
    return read, None, ""


def _head(name: str, chunks: Iterable[bytes]) -> tuple[XmlDoc | None, int | None, _Rest]:
    """The part's views as an editable document, the part read no further than its head.

    When the part has cells and is UTF-8: its head alone, closed by the root's end tag (the
    document's bytes are then the part's own up to the offset returned); else the whole part,
    and None.  No document at all when the head, in an encoding that writes ASCII as ASCII,
    has no ``tabSelected`` (nothing to read: no view is selected).  With them, the part's
    bytes after that offset: the rest of the chunks read, then the chunks not yet read.
    """
    keep = [("sheetViews", "sheetView")]
    rest = iter(chunks)
    read, end, root = _head_end(name, rest)
    if end is not None:
        first = read[0] if len(read[0]) >= end else b"".join(read)
        after: list[bytes | memoryview] = [memoryview(first)[end:]]
        if first is read[0]:
            after += read[1:]
        utf16 = first[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE) or 0 in first[:2]
        if not utf16 and first.find(b"tabSelected", 0, end) < 0:
            return None, end, (after, rest)
        head = first[:end] + f"</{root}>".encode()
        try:
            doc = XmlDoc(name, head, keep=keep)
        except XmlError:
            doc = None
        if doc is not None and doc.data == head:
            return doc, end, (after, rest)
    return XmlDoc(name, b"".join([*read, *rest]), keep=keep), None, ((), iter(()))


def _selected_views(doc: XmlDoc) -> list[tuple[Node, str]]:
    """The selected ``<sheetView>``s and the value that unselects each."""
    return [
        (view, _SELECTED[value])
        for views in doc.root.named(MAIN, "sheetViews")
        for view in views.named(MAIN, "sheetView")
        if (value := view.attrs.get("tabSelected", "").strip()) in _SELECTED
    ]


def is_selected(name: str, chunks: Iterable[bytes]) -> bool:
    """Whether a view of the sheet (streamed as ``chunks``) is selected; only its head is read.

    Raises ``XmlError`` when the part cannot be read (named ``name``).
    """
    doc, _, _ = _head(name, chunks)
    return doc is not None and bool(_selected_views(doc))


def unselected(name: str, data: bytes) -> bytes | None:
    """The worksheet part ``data`` with its selected views unselected; None when none is.

    Raises ``XmlError`` when the part cannot be read (named ``name``).
    """
    edited = unselected_stream(name, [data])
    return None if edited is None else b"".join(edited)


def unselected_stream(name: str, chunks: Iterable[bytes]) -> Iterator[bytes | memoryview] | None:
    """``unselected`` on a part streamed as ``chunks``: the part's bytes with its selected
    views unselected, in pieces (the head edited, then the rest as it comes: a sheet of a
    million rows is never held whole); None when no view is selected.

    >>> part = b'<worksheet xmlns="%s"><sheetViews><sheetView tabSelected="1"/></sheetViews>'
    >>> part = (part + b"<sheetData/></worksheet>") % MAIN.encode()
    >>> b"".join(unselected_stream("s.xml", [part[:90], part[90:]])) == unselected("s.xml", part)
    True

    Raises ``XmlError`` when the head cannot be read (named ``name``).
    """
    doc, end, (after, rest) = _head(name, chunks)
    views = [] if doc is None else _selected_views(doc)
    if doc is None or not views:
        return None
    for view, value in views:
        doc.set_attrs(view, {"tabSelected": value})
    rendered = doc.render()
    if end is None:
        return iter([rendered])
    closing = len(doc.data) - end
    return itertools.chain([memoryview(rendered)[: len(rendered) - closing]], after, rest)
