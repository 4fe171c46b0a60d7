"""Where elements are in an XML part, by byte offset, so edits can be spliced into its text.

expat parses the part (no DTDs, so no entities; UTF-8 only) and reports the
byte offset of every start tag and end tag; ``outline`` keeps the elements a
caller asks for, with their attributes and spans.  Edits then replace byte
ranges (``Splices``), and everything else of the part stays as it was, byte
for byte.  No regular expression ever runs over the XML.

>>> xml = b'<a><b k="v>"/> <c>text</c></a>'
>>> [(e.name, xml[e.start : e.end]) for e in outline(xml, "a").children]
[('b', b'<b k="v>"/>'), ('c', b'<c>text</c>')]
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from xml.parsers import expat

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_NOT_XML_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def escape_text(value: str) -> str:
    """Character data; ``\\r`` as a reference so it survives parsing.

    >>> escape_text("a<b & c")
    'a&lt;b &amp; c'
    """
    if _NOT_XML_CHAR.search(value):
        raise ValueError(f"text not representable in XML: {value!r}")
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
    )


def escape_attribute(value: str) -> str:
    """An attribute value for double quotes; white space as references."""
    return escape_text(value).replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")


def start_tag_end(data: bytes, start: int) -> int:
    """The offset just after the start tag beginning at ``start`` (quotes may hold ``>``)."""
    position = start
    while True:
        close = data.index(b">", position)
        quotes = (data.find(b'"', position, close), data.find(b"'", position, close))
        opened = min((q for q in quotes if q >= 0), default=-1)
        if opened < 0:
            return close + 1
        position = data.index(data[opened : opened + 1], opened + 1) + 1


@dataclass(eq=False)
class Element:
    """An element's name, attributes (in document order) and byte span ``[start, end)``."""

    name: str
    attributes: list[tuple[str, str]]
    start: int
    end: int = -1
    empty: bool = False
    #: For a non-empty element, where its end tag starts.
    close: int = -1
    children: list[Element] = field(default_factory=list)

    def get(self, attribute: str) -> str | None:
        return next((value for key, value in self.attributes if key == attribute), None)


def parser_for(data: bytes, name: str) -> expat.XMLParserType:
    """An expat parser that refuses DTDs (so entities) and anything but UTF-8."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise ValueError(f"{name}: only UTF-8 XML parts can be edited")
    parser = expat.ParserCreate()
    parser.ordered_attributes = True
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def forbidden(*_args: object) -> None:
        raise ValueError(f"{name}: DTDs and entity declarations are not allowed")

    def declaration(_version: str | None, encoding: str | None, _standalone: int) -> None:
        if encoding is not None and encoding.lower().replace("-", "") != "utf8":
            raise ValueError(f"{name}: only UTF-8 XML parts can be edited, not {encoding}")

    parser.StartDoctypeDeclHandler = forbidden
    parser.EntityDeclHandler = forbidden
    parser.XmlDeclHandler = declaration
    return parser


def outline(data: bytes, name: str, keep: Iterable[tuple[str, ...]] = ()) -> Element:
    """The root element with the children on each path of local names in ``keep``.

    ``keep=[("sheetData", "row", "c")]`` records sheetData, its rows and their
    cells (and nothing inside the cells); the root's own children are always
    recorded.  Offsets are byte offsets into ``data``.
    """
    paths = {path[:depth] for path in keep for depth in range(1, len(path) + 1)}
    parser = parser_for(data, name)
    #: Open elements: the element (None when not recorded) and its path below the root.
    stack: list[tuple[Element | None, tuple[str, ...]]] = []
    root: list[Element] = []

    skipped: tuple[None, tuple[str, ...]] = (None, ())

    def start(tag: str, flat: list[str]) -> None:
        if not stack:
            path: tuple[str, ...] = ()
        else:
            parent, above = stack[-1]
            if parent is None:
                stack.append(skipped)
                return
            path = (*above, tag.rpartition(":")[2])
            if len(path) > 1 and path not in paths:
                stack.append(skipped)
                return
        attributes = list(zip(flat[::2], flat[1::2], strict=True))
        element = Element(tag, attributes, parser.CurrentByteIndex)
        if stack and (parent := stack[-1][0]) is not None:
            parent.children.append(element)
        else:
            root.append(element)
        stack.append((element, path))

    def end(tag: str) -> None:
        element = stack.pop()[0]
        if element is None:
            return
        index = parser.CurrentByteIndex
        closing = b"</" + tag.encode()
        after = data[index + len(closing) : index + len(closing) + 1]
        if data.startswith(closing, index) and after in (b">", b" ", b"\t", b"\r", b"\n"):
            element.close = index
            element.end = data.index(b">", index) + 1
        else:  # an empty-element tag: expat reports its end just after ``/>``
            element.empty = True
            element.end = index

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        raise ValueError(f"{name}: not usable XML ({error})") from error
    return root[0]


def check_well_formed(data: bytes, name: str) -> None:
    """Raise ``ValueError`` unless ``data`` is well-formed XML expat accepts (as ``outline``)."""
    try:
        parser_for(data, name).Parse(data, True)
    except expat.ExpatError as error:
        raise ValueError(f"{name}: not usable XML ({error})") from error


def main_prefix(root: Element, name: str) -> str:
    """The prefix (with its colon, maybe ``""``) under which ``root`` uses SpreadsheetML."""
    prefix, _, _ = root.name.rpartition(":")
    declared = root.get(f"xmlns:{prefix}" if prefix else "xmlns")
    if declared != MAIN:
        raise ValueError(f"{name}: not a transitional SpreadsheetML part")
    return f"{prefix}:" if prefix else ""


@dataclass
class Splices:
    """Text replacements ``(start, end, new)`` applied at once, refusing overlaps."""

    items: list[tuple[int, int, bytes]] = field(default_factory=list)

    def add(self, start: int, end: int, text: str) -> None:
        self.items.append((start, end, text.encode()))

    def apply(self, data: bytes, name: str) -> bytes:
        out: list[bytes] = []
        position = 0
        for start, end, text in sorted(self.items, key=lambda item: (item[0], item[1])):
            if start < position:
                raise ValueError(f"{name}: overlapping edits")
            out += [data[position:start], text]
            position = end
        out.append(data[position:])
        return b"".join(out)


def without_children(xml: bytes, name: str, attribute: str, values: Collection[str]) -> bytes:
    """``xml`` without the root's children whose ``attribute`` is one of ``values`` (any case).

    >>> without_children(b'<a><b Id="1"/> <b Id="2"/></a>', "a", "Id", {"2"})
    b'<a><b Id="1"/> </a>'
    """
    unwanted = {value.lower() for value in values}
    root = outline(xml, name)
    splices = Splices()
    for child in root.children:
        if (child.get(attribute) or "").lower() in unwanted:
            splices.add(child.start, child.end, "")
    return splices.apply(xml, name)
