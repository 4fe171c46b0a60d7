"""The reader's expat: parts streamed in chunks, DTDs and entity declarations refused.

The reader parses the workbook part (``bookparts``), the styles' number formats
(``numfmt``) and the shared strings (``sharedstrings``) with :func:`parse`, and
worksheets with a parser from :func:`new_parser` (the exact reader, ``sheetcells``;
and ``plaincells``' check that the rows its grammar read stand where expat would read
them).  Expat is the standard library's conforming XML parser: comments, CDATA,
character references, any quoting or white space are read as XML says, never
guessed by a pattern.  A document type declaration (where entities would be
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
