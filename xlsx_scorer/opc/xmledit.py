"""Edit an XML part by splicing text at element boundaries; every other byte stays as it was.

The part is parsed once by expat (``guards.xml_parser``: a DOCTYPE is refused), which
gives each element's byte offsets; edits replace or insert text at those offsets.  Nothing is
re-serialised, so namespace prefixes, ``mc:Ignorable``, attribute order, quotes and white
space are kept.

A part whose element or attribute uses an undeclared prefix is refused, as a namespace-aware
parser would.  A part encoded other than UTF-8 (UTF-16, Latin-1...) is first re-encoded as
UTF-8 with the same content, its XML declaration saying so: edits are written in UTF-8.

>>> doc = XmlDoc("demo", b'<x:a xmlns:x="urn:a"><x:b n="1"/><x:c>t</x:c></x:a>')
>>> b = doc.root.children[0]
>>> doc.replace(b.start, b.end, '<x:b n="2"/>')
>>> doc.insert(doc.root.close, "<x:d/>")
>>> doc.render().decode()
'<x:a xmlns:x="urn:a"><x:b n="2"/><x:c>t</x:c><x:d/></x:a>'
"""

from __future__ import annotations

import codecs
import copy
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from xml.parsers import expat

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import guards

__all__ = [
    "Node",
    "XmlDoc",
    "XmlError",
    "escape_attr",
    "escape_text",
    "representable",
    "unsigned_int",
    "whole_number",
]

_START_TAG = re.compile(rb"""<[^\s/>]+(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*/?>""")
_DECLARED_ENCODING = re.compile(
    r"""^(\ufeff?<\?xml[^>]*?\sencoding\s*=\s*)(["'])([^"']*)\2""", re.IGNORECASE
)
_NOT_XML_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_ATTRIBUTE = re.compile(r"""(\s+)([^\s=/>]+)\s*=\s*("[^"]*"|'[^']*')""")
_XML_NS = "http://www.w3.org/XML/1998/namespace"
#: ``xsd:unsignedInt`` as written: XML white space around (its ``whiteSpace`` is ``collapse``),
#: then ``+`` and ASCII digits, or ``-`` and zeros (zero may carry either sign).
_UNSIGNED_INT = re.compile(r"[ \t\n\r]*+(?:\+?([0-9]++)|-0++)[ \t\n\r]*+")
UNSIGNED_INT_MAX = 4_294_967_295


class XmlError(ValueError):
    """The part is not usable XML (not well-formed, a DTD, an unknown encoding)."""


def whole_number(value: str | None) -> int | None:
    """An attribute holding an ``xsd:unsignedInt`` (:func:`unsigned_int`), else None.

    >>> whole_number("12"), whole_number("²"), whole_number(" 3"), whole_number(None)
    (12, None, 3, None)
    """
    return None if value is None else unsigned_int(value)


def unsigned_int(text: str) -> int | None:
    """The number ``text`` writes as XML Schema's ``xsd:unsignedInt``, else None.

    The one reading of the numbers a part's attributes hold (a row's ``r``, a cell's style
    ``s``, a format's ``numFmtId``): leading zeros and a ``+`` are allowed, as is XML white
    space (space, tab, line feed, carriage return) around the digits; other digits (``٢``),
    separators (``1_0``), inner space and values past 4,294,967,295 are not.

    >>> [unsigned_int(text) for text in ("02", " +3\\n", "-0", "0" * 5000 + "7")]
    [2, 3, 0, 7]
    >>> [unsigned_int(text) for text in ("٢", "1_0", "1 0", "-1", "", "\\xa02", "4294967296")]
    [None, None, None, None, None, None, None]
    """
    match = _UNSIGNED_INT.fullmatch(text)
    if match is None:
        return None
    digits = (match.group(1) or "0").lstrip("0")
    if len(digits) > len(str(UNSIGNED_INT_MAX)):
        return None
    number = int(digits or "0")
    return number if number <= UNSIGNED_INT_MAX else None


def representable(value: str) -> bool:
    """Whether XML can hold every character of ``value`` (``escape_text`` drops the others).

    >>> representable("Ana & Bob"), representable("Ana\\x07")
    (True, False)
    """
    return _NOT_XML_CHAR.search(value) is None


def escape_text(value: str) -> str:
    """Character data, with characters XML cannot hold removed.

    >>> escape_text("a<b & c\\r\\x01")
    'a&lt;b &amp; c&#13;'
    """
    value = _NOT_XML_CHAR.sub("", value)
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
    )


def escape_attr(value: str) -> str:
    """An attribute value for double quotes; white space as references so it survives.

    >>> escape_attr('say "hi"\\n')
    'say &quot;hi&quot;&#10;'
    """
    return escape_text(value).replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")


@dataclass(eq=False)
class Node:
    """An element and its byte spans: ``<a ...>`` is [start, tag_end), ``</a>`` [close, end).

    An empty element (``<a/>``) has ``tag_end == close == end``.
    """

    qname: str
    namespace: str
    attrs: dict[str, str]
    start: int
    tag_end: int
    close: int = 0
    end: int = 0
    children: list[Node] = field(default_factory=list)
    #: Prefix → namespace declarations in scope at this element.
    scope: dict[str, str] = field(default_factory=dict, repr=False)

    @property
    def local(self) -> str:
        """The name without its prefix."""
        return self.qname.rpartition(":")[2]

    @property
    def prefix(self) -> str:
        """The prefix as written (``""`` for none)."""
        return self.qname.rpartition(":")[0]

    @property
    def empty(self) -> bool:
        """Whether the element is written as ``<a/>``."""
        return self.tag_end == self.end

    def is_(self, namespace: str, local: str) -> bool:
        """Whether this is element ``local`` of ``namespace``."""
        return self.namespace == namespace and self.local == local

    def named(self, namespace: str, local: str) -> list[Node]:
        """The children that are element ``local`` of ``namespace``."""
        return [child for child in self.children if child.is_(namespace, local)]

    def attr(self, namespace: str, local: str) -> str | None:
        """The value of attribute ``local`` of ``namespace`` (``""``: no namespace)."""
        for qname, value in self.attrs.items():
            prefix, _, name = qname.rpartition(":")
            if name != local or prefix == "xmlns" or qname == "xmlns":
                continue
            if (self.scope.get(prefix, "") if prefix else "") == namespace:
                return value
        return None

    def prefix_of(self, namespace: str) -> str | None:
        """A prefix bound to ``namespace`` here (``""`` when it is the default namespace)."""
        if self.scope.get("", None) == namespace:
            return ""
        return next((p for p, ns in self.scope.items() if p and ns == namespace), None)

    def tag(self, local: str) -> str:
        """A child element name written with this element's prefix."""
        return f"{self.prefix}:{local}" if self.prefix else local

    def walk(self) -> Iterator[Node]:
        """This element and every element inside it, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()


def _utf8(name: str, data: bytes) -> bytes:
    """``data`` as UTF-8: UTF-16 and other declared encodings are transcoded."""
    if data.startswith(codecs.BOM_UTF8):
        return data
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or data[:2] in (
        b"<\0",
        b"\0<",
    ):
        encoding = "utf-16" if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE) else None
        encoding = encoding or ("utf-16-le" if data[:1] == b"<" else "utf-16-be")
    else:
        head = data[:200].decode("ascii", errors="replace")
        match = _DECLARED_ENCODING.match(head)
        encoding = match.group(3) if match else "utf-8"
    try:
        if codecs.lookup(encoding).name == "utf-8":
            return data
        text = data.decode(encoding)
    except (LookupError, UnicodeDecodeError) as error:
        raise XmlError(f"{name}: unreadable text ({error})") from error
    text = _DECLARED_ENCODING.sub(lambda m: f"{m.group(1)}{m.group(2)}UTF-8{m.group(2)}", text, 1)
    return text.lstrip("\ufeff").encode("utf-8")


class XmlDoc:
    """An XML part as a tree of element spans, edited by splicing text.

    ``keep``: paths of local names below the root whose elements are recorded, for a part
    too large to hold every element (a worksheet): ``keep=[("sheetData", "row", "c")]``
    records sheetData, its rows and their cells, and nothing inside a cell.  The root's own
    children are always recorded; without ``keep``, every element is.

    >>> sheet = XmlDoc("s", b'<w><d/><sheetData><row><c><v>1</v></c></row></sheetData></w>',
    ...                keep=[("sheetData", "row", "c")])
    >>> [n.local for n in sheet.root.walk()]
    ['w', 'd', 'sheetData', 'row', 'c']
    """

    def __init__(
        self, name: str, data: bytes, keep: Iterable[tuple[str, ...]] | None = None
    ) -> None:
        self.name = name
        self.data = _utf8(name, data)
        paths = (
            None if keep is None else {p[:depth] for p in keep for depth in range(1, len(p) + 1)}
        )
        self.root = self._parse(paths)
        self._edits: list[tuple[int, int, bytes]] = []

    def fresh(self) -> XmlDoc:
        """This parse with no edits: a part parsed once (the package's workbook part, its
        content types) edited by each writer on its own, the parse shared, the edits not.

        >>> doc = XmlDoc("a", b"<a><b/></a>")
        >>> edited = doc.fresh()
        >>> edited.delete(edited.root.children[0])
        >>> edited.render(), doc.render(), doc.fresh().render()
        (b'<a></a>', b'<a><b/></a>', b'<a><b/></a>')
        """
        copied = copy.copy(self)
        copied._edits = []
        return copied

    def _parse(self, paths: set[tuple[str, ...]] | None) -> Node:
        data = self.data
        parser = guards.xml_parser(self.name)
        parser.ordered_attributes = False
        #: Open elements: the node (None when not recorded) and its path below the root.
        stack: list[tuple[Node | None, tuple[str, ...]]] = []
        roots: list[Node] = []

        def start(qname: str, attrs: dict[str, str]) -> None:
            path: tuple[str, ...] = ()
            if stack:
                parent, above = stack[-1]
                path = (*above, qname.rpartition(":")[2])
                if parent is None or (paths is not None and len(path) > 1 and path not in paths):
                    stack.append((None, path))
                    return
            at = parser.CurrentByteIndex
            match = _START_TAG.match(data, at)
            if match is None:
                raise XmlError(f"{self.name}: cannot locate <{qname}>")
            scope = stack[-1][0].scope if stack and stack[-1][0] else {"xml": _XML_NS}
            if any(key == "xmlns" or key.startswith("xmlns:") for key in attrs):
                scope = dict(scope)  # shared with the parent unless this element declares
                for key, value in attrs.items():
                    if key == "xmlns":
                        scope[""] = value
                    elif key.startswith("xmlns:"):
                        scope[key[6:]] = value
            prefix = qname.rpartition(":")[0]
            used = [prefix] + [k.partition(":")[0] for k in attrs if ":" in k]
            unbound = [p for p in used if p and p != "xmlns" and p not in scope]
            if unbound:
                raise XmlError(f"{self.name}: unbound prefix {unbound[0]!r} in <{qname}>")
            node = Node(qname, scope.get(prefix, ""), attrs, at, match.end(), scope=scope)
            if match.group(0).endswith(b"/>"):
                node.close = node.end = node.tag_end
            parent = stack[-1][0] if stack else None
            (parent.children if parent is not None else roots).append(node)
            stack.append((node, path))

        def end(_qname: str) -> None:
            node = stack.pop()[0]
            if node is not None and not node.empty and node.end == 0:
                node.close = parser.CurrentByteIndex
                node.end = data.index(b">", node.close) + 1

        parser.StartElementHandler = start
        parser.EndElementHandler = end
        try:
            parser.Parse(data, True)
        except UnusableWorkbookError as error:  # the one DTD policy (``guards.xml_parser``)
            raise XmlError(f"{self.name}: a DTD is not allowed") from error
        except expat.ExpatError as error:
            raise XmlError(f"{self.name}: not well-formed XML ({error})") from error
        return roots[0]

    def text(self, start: int, end: int) -> str:
        """The part's text between two offsets."""
        return self.data[start:end].decode("utf-8")

    def inner_text(self, node: Node) -> str:
        """The character data of an element (its children's included), as an XML parser reads
        it: references resolved (``&#128;`` is U+0080, not HTML's euro sign), CDATA as written,
        comments and processing instructions left out, line ends read as ``\\n``.

        >>> doc = XmlDoc("demo", b"<a>Bob&apos;s &amp; &#128;&#x41; <![CDATA[<x>&amp;]]></a>")
        >>> doc.inner_text(doc.root)
        "Bob's & \\x80A <x>&amp;"
        >>> doc = XmlDoc("demo", b"<a>'S'!$1:$9<!-- 'T'!$A$1 -->\\r\\n<?pi?></a>")
        >>> doc.inner_text(doc.root)
        "'S'!$1:$9\\n"
        """
        parser = guards.xml_parser(self.name)  # the element alone: its prefixes need no binding
        texts: list[str] = []
        parser.CharacterDataHandler = texts.append
        try:
            parser.Parse(self.data[node.start : node.end], True)
        except expat.ExpatError as error:  # the document was read whole: it cannot be
            raise XmlError(f"{self.name}: <{node.qname}> ({error})") from error
        return "".join(texts)

    def raw(self, node: Node) -> str:
        """An element as written."""
        return self.text(node.start, node.end)

    def replace(self, start: int, end: int, text: str) -> None:
        """Replace bytes [start, end) with ``text``."""
        self._edits.append((start, end, text.encode("utf-8")))

    def insert(self, at: int, text: str) -> None:
        """Insert ``text`` at offset ``at``."""
        self.replace(at, at, text)

    def delete(self, node: Node) -> None:
        """Remove an element."""
        self.replace(node.start, node.end, "")

    def start_tag(self, node: Node, changes: dict[str, str], *, empty: bool) -> str:
        """``node``'s start tag with attributes set (rewritten in place or appended)."""
        tag = self.text(node.start, node.tag_end)
        pending = dict(changes)

        def edit(match: re.Match[str]) -> str:
            name = match.group(2)
            if name not in pending:
                return match.group(0)
            return f'{match.group(1)}{name}="{escape_attr(pending.pop(name))}"'

        tag = _ATTRIBUTE.sub(edit, tag)
        body = tag.removesuffix(">").removesuffix("/").rstrip()
        extra = "".join(f' {name}="{escape_attr(value)}"' for name, value in pending.items())
        return f"{body}{extra}{'/>' if empty else '>'}"

    def set_attrs(self, node: Node, changes: dict[str, str]) -> None:
        """Set attributes of ``node``."""
        self.replace(node.start, node.tag_end, self.start_tag(node, changes, empty=node.empty))

    def append(self, node: Node, content: str, changes: dict[str, str] | None = None) -> None:
        """Add ``content`` after ``node``'s children and set ``changes`` on it.

        ``<a/>`` becomes ``<a>content</a>``.
        """
        if node.empty:
            tag = self.start_tag(node, changes or {}, empty=False)
            self.replace(node.start, node.end, f"{tag}{content}</{node.qname}>")
            return
        if changes:
            self.set_attrs(node, changes)
        self.insert(node.close, content)

    def render(self) -> bytes:
        """The part with every edit applied (the original bytes when there is none)."""
        if not self._edits:
            return self.data
        out: list[bytes] = []
        position = 0
        for start, end, text in sorted(self._edits, key=lambda edit: (edit[0], edit[1])):
            if start < position:
                raise XmlError(f"{self.name}: overlapping edits")
            out += [self.data[position:start], text]
            position = end
        out.append(self.data[position:])
        return b"".join(out)
