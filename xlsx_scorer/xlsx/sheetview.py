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
elements, the rest of its bytes are carried over as they are.

>>> head = b'<worksheet xmlns="%s"><sheetViews><sheetView tabSelected="true" zoomScale="90"'
>>> part = (head + b' workbookViewId="0"/></sheetViews><sheetData/></worksheet>') % MAIN.encode()
>>> unselected("sheet1.xml", part).decode().split("<sheetViews>")[1][:56]
'<sheetView tabSelected="false" zoomScale="90" workbookVi'
>>> unselected("sheet1.xml", part.replace(b"true", b"0")) is None
True
"""

from __future__ import annotations

from xml.parsers import expat

from xlsx_scorer.opc.ns import MAIN
from xlsx_scorer.opc.xmledit import XmlDoc, XmlError

__all__ = ["unselected", "unselected_parts"]

#: The elements of a worksheet that may come before and hold the views (CT_Worksheet).
_HEAD = frozenset({"sheetPr", "dimension", "sheetViews"})
_SELECTED = {"1": "0", "true": "false"}


class _HeadEndError(Exception):
    """Raised by the scan once the head has ended (not an error: it stops the parser)."""


def _head_end(data: bytes) -> tuple[int, str] | None:
    """The byte offset of the first element after the views and the root's name as written;
    None when there is no such element."""
    parser = expat.ParserCreate()
    names: list[str] = []
    found: list[int] = []

    def start(qname: str, _attrs: dict[str, str]) -> None:
        names.append(qname)
        if len(names) == 2 and qname.rpartition(":")[2] not in _HEAD:
            found.append(parser.CurrentByteIndex)
            raise _HeadEndError

    def refuse(*_: object) -> None:
        raise XmlError("a DTD is not allowed")

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda _qname: names.pop()
    parser.StartDoctypeDeclHandler = refuse
    try:
        parser.Parse(data, True)
    except _HeadEndError:
        return found[0], names[0]
    except expat.ExpatError as error:
        raise XmlError(f"not well-formed XML ({error})") from error
    return None


def _head(name: str, data: bytes) -> tuple[XmlDoc, bytes, memoryview]:
    """The part as an editable document, the closing tag added to it, the bytes left out.

    The head alone (closed by the root's end tag) when the part has cells and is UTF-8 (the
    document's bytes are then the part's own); else the whole part.
    """
    keep = [("sheetViews", "sheetView")]
    found = _head_end(data)
    if found is not None:
        end, root = found
        head = data[:end] + f"</{root}>".encode()
        try:
            doc = XmlDoc(name, head, keep=keep)
        except XmlError:
            doc = None
        if doc is not None and doc.data == head:
            return doc, head[end:], memoryview(data)[end:]  # the cells: not copied
    return XmlDoc(name, data, keep=keep), b"", memoryview(b"")


def unselected(name: str, data: bytes) -> bytes | None:
    """The worksheet part ``data`` with its selected views unselected; None when none is.

    Raises ``XmlError`` when the part cannot be read (named ``name``).
    """
    parts = unselected_parts(name, data)
    return None if parts is None else b"".join(parts)


def unselected_parts(name: str, data: bytes) -> tuple[bytes, memoryview] | None:
    """``unselected`` in two parts, nothing of the cells copied: the head as edited, then the
    rest of ``data`` as it is (a view of it); None when no view is selected.

    >>> part = b'<worksheet xmlns="%s"><sheetViews><sheetView tabSelected="1"/></sheetViews>'
    >>> head, rest = unselected_parts("s.xml", (part + b"<sheetData/></worksheet>") % MAIN.encode())
    >>> head.endswith(b'tabSelected="0"/></sheetViews>'), bytes(rest)
    (True, b'<sheetData/></worksheet>')
    """
    doc, closing, tail = _head(name, data)
    changed = False
    for views in doc.root.named(MAIN, "sheetViews"):
        for view in views.named(MAIN, "sheetView"):
            value = view.attrs.get("tabSelected", "").strip()
            if value in _SELECTED:
                doc.set_attrs(view, {"tabSelected": _SELECTED[value]})
                changed = True
    if not changed:
        return None
    rendered = doc.render()
    return rendered[: len(rendered) - len(closing)], tail
