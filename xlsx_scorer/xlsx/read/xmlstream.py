"""The reader's expat: parts streamed in chunks, DTDs and entity declarations refused.

The reader parses the workbook part (``bookparts``), the styles' number formats
(``numfmt``) and the shared strings (``sharedstrings``) with :func:`parse`, and
worksheets with a parser from :func:`new_parser` (the exact reader, ``sheetcells``;
and :func:`sheet_data_in_place`, the check that the rows ``plaincells``' grammar read
stand where expat would read them).  Expat is the standard library's conforming XML
parser: comments, CDATA, character references, any quoting or white space are read as
XML says, never guessed by a pattern.  A document type declaration (where entities would be
declared: the "billion laughs" bomb) is refused wherever it appears, before any
entity is read (``unusable.xml_entities``).  Damage is reported as
``UnusableWorkbookError("unusable.broken_part")`` naming the part, with expat's
line and column:

>>> parse([b"<a><b>x</a>"], "xl/styles.xml", start=lambda name, attrs: None)
Traceback (most recent call last):
...
xlsx_scorer.findings.UnusableWorkbookError: unusable.broken_part
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from xml.parsers import expat

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import guards
from xlsx_scorer.xlsx.read.bookparts import MAIN_NAMESPACES

#: Character data is delivered in one piece up to this size (expat's ``buffer_size``).
TEXT_BUFFER = 1 << 16
#: What ``namespace_separator`` joins: ``"<uri> <local>"`` when namespaces are resolved.
NAMESPACE_SEPARATOR = " "

StartHandler = Callable[[str, list[str]], None]
EndHandler = Callable[[str], None]
TextHandler = Callable[[str], None]


class StopParsing(Exception):  # noqa: N818 - a signal, not an error
    """Raised by a handler that has read all it needs; :func:`parse` returns quietly."""


def new_parser(part: str, *, namespaces: bool = False) -> expat.XMLParserType:
    """An expat parser for ``part`` (``opc.guards.xml_parser``: DTDs and entity declarations
    refused), set up for reading.

    Attributes come as a flat ``[name, value, …]`` list; character data in one
    piece per text node.  With ``namespaces``, names are ``"<uri> <local>"``.
    """
    parser = guards.xml_parser(
        part, namespace_separator=NAMESPACE_SEPARATOR if namespaces else None
    )
    parser.ordered_attributes = True
    parser.buffer_text = True
    parser.buffer_size = TEXT_BUFFER
    return parser


def feed(parser: expat.XMLParserType, chunks: Iterable[bytes], part: str) -> None:
    """Parse ``chunks`` to the end; damage becomes ``unusable.broken_part``."""
    try:
        for chunk in chunks:
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except StopParsing:
        return
    except (expat.ExpatError, LookupError) as error:  # LookupError: an unknown encoding
        raise UnusableWorkbookError(
            "unusable.broken_part", {"part": part, "detail": str(error)}
        ) from error


def parse(
    chunks: Iterable[bytes],
    part: str,
    *,
    start: StartHandler,
    end: EndHandler | None = None,
    text: TextHandler | None = None,
) -> None:
    """Parse ``chunks`` of ``part`` with namespaces resolved (names are ``"<uri> <local>"``)."""
    parser = new_parser(part, namespaces=True)
    parser.StartElementHandler = start
    if end is not None:
        parser.EndElementHandler = end
    if text is not None:
        parser.CharacterDataHandler = text
    feed(parser, chunks, part)


def split_name(name: str) -> tuple[str, str]:
    """A resolved name as (namespace URI, local name); ``""`` for no namespace.

    >>> split_name("urn:a sheet"), split_name("r")
    (('urn:a', 'sheet'), ('', 'r'))
    """
    uri, _, local = name.rpartition(NAMESPACE_SEPARATOR)
    return uri, local


def attributes(attrs: list[str]) -> dict[str, str]:
    """A flat ``[name, value, …]`` list as a dict.

    >>> attributes(["r", "A1", "t", "s"])
    {'r': 'A1', 't': 's'}
    """
    return dict(zip(attrs[::2], attrs[1::2], strict=True))


def namespace_bindings(attrs: list[str]) -> dict[str, str]:
    """The prefixes an element declares (``""`` for the default namespace) and their URIs.

    >>> namespace_bindings(["xmlns:x", "urn:a", "xmlns", "urn:b", "r", "A1"])
    {'x': 'urn:a', '': 'urn:b'}
    """
    found: dict[str, str] = {}
    for name, value in zip(attrs[::2], attrs[1::2], strict=True):
        if name == "xmlns":
            found[""] = value
        elif name.startswith("xmlns:"):
            found[name[6:]] = value
    return found


def sheet_data_in_place(skeleton: bytes, at: int, part: str) -> bool:
    """Whether expat, reading ``skeleton`` (head + ``<sheetData/>`` + tail) as the exact reader
    does, takes the rows from the ``<sheetData/>`` at byte ``at``, unprefixed names and all.

    That is: UTF-8 (or undeclared) XML with no DTD; the root binds exactly one prefix to
    a SpreadsheetML namespace, and it is the default one (so the exact reader reads the
    rows without namespace processing, by unprefixed names); no other element declares
    a namespace; the first element named ``sheetData`` anywhere (whatever its prefix) is
    the one at ``at``, a child of the root, with no attributes.

    >>> ns = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    >>> sheet_data_in_place(b"<worksheet " + ns + b"><sheetData/></worksheet>", 77, "s")
    True
    >>> sheet_data_in_place(b"<worksheet><sheetData/></worksheet>", 11, "s")
    False
    >>> sheet_data_in_place(b"<worksheet " + ns + b"><x:sheetData xmlns:x='urn:x'/>"
    ...                     b"<sheetData/></worksheet>", 107, "s")
    False
    """
    parser = new_parser(part, namespaces=True)
    depth, first, declared, utf8 = 0, -1, [], [True]

    def start(name: str, attrs: list[str]) -> None:
        nonlocal depth, first
        local = split_name(name)[1]
        if local == "sheetData" and first < 0:
            first = parser.CurrentByteIndex if depth == 1 and not attrs else -2
        depth += 1

    def end(_name: str) -> None:
        nonlocal depth
        depth -= 1

    def namespace(prefix: str | None, uri: str) -> None:
        declared.append((depth, prefix, uri))

    def declaration(_version: str, encoding: str | None, _standalone: int) -> None:
        utf8[0] = encoding is None or encoding.casefold() == "utf-8"  # expat's own name

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.StartNamespaceDeclHandler = namespace
    parser.XmlDeclHandler = declaration
    try:
        parser.Parse(skeleton, True)
    except (expat.ExpatError, LookupError, UnusableWorkbookError):
        return False
    on_root = [(prefix, uri) for level, prefix, uri in declared if level == 0]
    main = [prefix for prefix, uri in on_root if uri in MAIN_NAMESPACES]
    return (
        utf8[0]
        and first == at
        and main == [None]
        and len(on_root) == len(declared)
        and skeleton[at : at + 12] == b"<sheetData/>"
    )
