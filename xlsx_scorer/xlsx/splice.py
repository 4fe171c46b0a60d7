"""Splice our output sheets into the organiser's xlsx package without re-serialising theirs.

openpyxl load+save loses cached formula values, x14 extensions, images, slicers... so the
organiser's workbook is never saved through openpyxl. Our sheets are rendered by openpyxl into
a fresh workbook (the *addition*) and spliced into the original zip package here.

Rules:

- Every part of the original that is not ours is copied with identical content. Only
  ``[Content_Types].xml``, the workbook part, its ``.rels`` and ``styles.xml`` are edited, by
  splicing text at element boundaries (namespace prefixes and ``mc:Ignorable`` stay valid).
  Untouched parts are copied as their compressed bytes, never inflated (``_zipraw``): a
  worksheet of hundreds of megabytes costs milliseconds, not seconds.
  ``calcChain.xml`` is dropped; Excel rebuilds it silently, and a stale one forces a repair.
- The original's worksheets are never parsed; only the workbook part, relationships, content
  types and styles are. All XML is parsed with DTDs forbidden: through defusedxml, or, for
  our (large) sheets, through expat without building a tree, then edited by one regex pass.
- Removed sheets take their relationships' parts along when nothing else still reaches them.
- Styles are appended (identical entries are reused, so repeated runs do not grow the file)
  and the addition's ``s``/``style``/``dxfId`` indices are remapped.
"""

from __future__ import annotations

import copy
import functools
import io
import posixpath
import re
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element
from xml.parsers import expat

from defusedxml import ElementTree as DefusedElementTree

from xlsx_scorer.opc.zipraw import RawZipWriter

__all__ = ["merge_sheets", "sheet_names"]

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_R = "http://schemas.openxmlformats.org/package/2006/relationships"
_XML = "http://www.w3.org/XML/1998/namespace"
_RT_OFFICE_DOCUMENT = _R + "/officeDocument"
_RT_WORKSHEET = _R + "/worksheet"
_RT_STYLES = _R + "/styles"
_RT_SHARED_STRINGS = _R + "/sharedStrings"
_RT_CALC_CHAIN = _R + "/calcChain"
#: Relationship types of internal parts we know how to copy in from the addition.
_COPYABLE = frozenset({_R + "/drawing", _R + "/chart", _R + "/image"})
_CT_STYLES = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"
_CONTENT_TYPES = "[Content_Types].xml"
#: Child order of ``<styleSheet>`` (CT_Stylesheet) and of ``<workbook>`` after definedNames.
_STYLE_ORDER = (
    "numFmts",
    "fonts",
    "fills",
    "borders",
    "cellStyleXfs",
    "cellXfs",
    "cellStyles",
    "dxfs",
    "tableStyles",
    "colors",
    "extLst",
)
_AFTER_DEFINED_NAMES = frozenset(
    {
        "calcPr",
        "oleSize",
        "customWorkbookViews",
        "pivotCaches",
        "smartTagPr",
        "smartTagTypes",
        "webPublishing",
        "fileRecoveryPr",
        "webPublishObjects",
        "extLst",
    }
)
_FIRST_CUSTOM_NUMFMT = 164
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)

#: One markup token of a well-formed document (DTDs are refused before this runs).
_TOKEN = re.compile(
    r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>"
    r"|<(/?)([^\s/>]+)((?:\s+[^\s=]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*(/?)>",
    re.DOTALL,
)
_ATTR = re.compile(r"""(\s+)([^\s=]+)\s*=\s*("[^"]*"|'[^']*')""")
_NOT_XML_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _q(ns: str, local: str) -> str:
    return f"{{{ns}}}{local}"


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _esc_text(value: str) -> str:
    """Escape character data; ``\\r`` as a reference so it survives parsing."""
    if _NOT_XML_CHAR.search(value):
        raise ValueError(f"text not representable in XML: {value!r}")
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
    )


def _esc_attr(value: str) -> str:
    """Escape an attribute value for double quotes; whitespace as references."""
    return _esc_text(value).replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")


def _parse(name: str, data: bytes) -> Element:
    """Parse untrusted XML (no DTD, no entities)."""
    try:
        root: Element = DefusedElementTree.fromstring(data, forbid_dtd=True)
    except Exception as exc:  # defusedxml raises several unrelated exception types
        raise ValueError(f"{name}: not usable XML ({exc})") from exc
    return root


def _edit_start_tag(tag: str, changes: Mapping[str, str | None], *, empty: bool) -> str:
    """``tag`` with attributes set (str) or removed (None), ending in ``/>`` if ``empty``."""
    pending = dict(changes)

    def edit(m: re.Match[str]) -> str:
        if m.group(2) not in pending:
            return m.group(0)
        value = pending.pop(m.group(2))
        return "" if value is None else f'{m.group(1)}{m.group(2)}="{_esc_attr(value)}"'

    body = _ATTR.sub(edit, tag).removesuffix(">").removesuffix("/").rstrip()
    extra = "".join(f' {k}="{_esc_attr(v)}"' for k, v in pending.items() if v is not None)
    return f"{body}{extra}{'/>' if empty else '>'}"


def _decode(name: str, data: bytes) -> tuple[str, str]:
    """The text of an XML part and its encoding (UTF-8, with or without BOM, or UTF-16)."""
    encoding = (
        "utf-8-sig"
        if data.startswith(b"\xef\xbb\xbf")
        else "utf-16"
        if data[:2] in (b"\xff\xfe", b"\xfe\xff")
        else "utf-8"
    )
    try:
        return data.decode(encoding), encoding
    except UnicodeDecodeError as exc:
        raise ValueError(f"{name}: unsupported text encoding") from exc


def _root_tag(name: str, data: bytes) -> str:
    """The root element's ``{namespace}local`` name, once ``data`` is known to be well-formed XML.

    Checked as ``_parse`` checks (expat, no DTD, so no entities), without building a tree:
    a worksheet of a million cells is read at C speed.
    """
    parser = expat.ParserCreate(namespace_separator="}")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    root: list[str] = []

    def start(tag: str, _attrs: object) -> None:
        root.append(tag if "}" not in tag else "{" + tag)
        parser.StartElementHandler = None

    def forbidden(*_args: object) -> None:
        raise ValueError("DTDs and entity declarations are not allowed")

    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = forbidden
    parser.EntityDeclHandler = forbidden
    try:
        parser.Parse(data, True)
    except (expat.ExpatError, ValueError) as exc:
        raise ValueError(f"{name}: not usable XML ({exc})") from exc
    return root[0]


def _serialize(el: Element, prefix: str) -> str:
    """Write an element of the main namespace using the target part's prefix for it."""

    def qname(tag: str, *, attribute: bool) -> str:
        ns, _, local = tag[1:].partition("}") if tag.startswith("{") else ("", "", tag)
        if ns == _MAIN and not attribute:
            return f"{prefix}:{local}" if prefix else local
        if ns == _XML:
            return f"xml:{local}"
        if not ns and attribute:
            return local
        raise ValueError(f"unexpected XML name {tag!r} in the addition")

    tag = qname(el.tag, attribute=False)
    attrs = "".join(f' {qname(k, attribute=True)}="{_esc_attr(v)}"' for k, v in el.attrib.items())
    inner = _esc_text(el.text or "") + "".join(
        _serialize(child, prefix) + _esc_text(child.tail or "") for child in el
    )
    return f"<{tag}{attrs}>{inner}</{tag}>" if inner else f"<{tag}{attrs}/>"


def _key(el: Element) -> tuple[object, ...]:
    """Identity of a style entry: tag, attributes, text and children (whitespace ignored)."""
    return (el.tag, tuple(sorted(el.attrib.items())), (el.text or "").strip(), *map(_key, el))


@dataclass(eq=False)
class _Node:
    """An element with its text span: ``<a ...>`` is [start, tag_end), ``</a>`` [close, end)."""

    el: Element
    qname: str
    start: int
    tag_end: int
    close: int
    end: int
    children: list[_Node] = field(default_factory=list)

    @property
    def prefix(self) -> str:
        return self.qname.rpartition(":")[0]

    @property
    def empty(self) -> bool:
        return self.tag_end == self.end

    def child(self, ns: str, local: str) -> _Node | None:
        return next((c for c in self.children if c.el.tag == _q(ns, local)), None)

    def walk(self) -> Iterator[_Node]:
        yield self
        for c in self.children:
            yield from c.walk()


class _Doc:
    """An XML part edited only by splicing text at element boundaries; the rest stays as is."""

    def __init__(self, name: str, data: bytes) -> None:
        self.name = name
        self.data = data
        root_el = _parse(name, data)
        self.text, self.encoding = _decode(name, data)
        self.root = self._spans(root_el)
        self._edits: list[tuple[int, int, str]] = []

    def _spans(self, root_el: Element) -> _Node:
        elements = root_el.iter()
        stack: list[_Node] = []
        nodes: list[_Node] = []
        for m in _TOKEN.finditer(self.text):
            qname = m.group(2)
            if qname is None:
                continue
            if m.group(1):
                node = stack.pop()
                node.close, node.end = m.start(), m.end()
                continue
            el = next(elements, None)
            if el is None or _local(el.tag) != qname.rpartition(":")[2]:
                raise ValueError(f"{self.name}: cannot locate element <{qname}>")
            node = _Node(el, qname, m.start(), m.end(), m.end(), m.end())
            if stack:
                stack[-1].children.append(node)
            nodes.append(node)
            if not m.group(4):
                stack.append(node)
        return nodes[0]

    def raw(self, node: _Node) -> str:
        return self.text[node.start : node.end]

    def start_tag(self, node: _Node, changes: Mapping[str, str | None], *, open_: bool) -> str:
        """The start tag with attributes set (str) or removed (None); ``open_`` drops ``/>``."""
        tag = self.text[node.start : node.tag_end]
        return _edit_start_tag(tag, changes, empty=node.empty and not open_)

    def element(self, node: _Node, changes: Mapping[str, str | None], content: str) -> str:
        """The element rewritten with new attributes and new content."""
        return f"{self.start_tag(node, changes, open_=True)}{content}</{node.qname}>"

    def replace(self, start: int, end: int, text: str) -> None:
        self._edits.append((start, end, text))

    def set_attrs(self, node: _Node, changes: Mapping[str, str | None]) -> None:
        self.replace(node.start, node.tag_end, self.start_tag(node, changes, open_=False))

    def set_content(self, node: _Node, content: str) -> None:
        self.replace(node.start, node.end, self.element(node, {}, content))

    def append(self, node: _Node, content: str, changes: Mapping[str, str | None]) -> None:
        """Add children at the end of ``node`` and change its attributes."""
        if node.empty:
            self.replace(node.start, node.end, self.element(node, changes, content))
        else:
            self.set_attrs(node, changes)
            self.replace(node.close, node.close, content)

    def render(self) -> bytes:
        if not self._edits:
            return self.data
        out: list[str] = []
        pos = 0
        for start, end, text in sorted(self._edits, key=lambda e: (e[0], e[1])):
            if start < pos:
                raise RuntimeError(f"{self.name}: overlapping edits")
            out += [self.text[pos:start], text]
            pos = end
        out.append(self.text[pos:])
        return "".join(out).encode(self.encoding)

    def declared_prefix(self, nodes: Sequence[_Node], ns: str) -> str | None:
        """A prefix bound to ``ns`` on one of ``nodes``' start tags."""
        for node in nodes:
            for m in _ATTR.finditer(self.text[node.start : node.tag_end]):
                if m.group(2).startswith("xmlns:") and m.group(3)[1:-1] == ns:
                    return m.group(2)[len("xmlns:") :]
        return None


@dataclass(frozen=True)
class _Rel:
    id: str
    type: str
    target: str  # a part name for internal targets, the raw target for external ones
    external: bool


def _rels_name(part: str) -> str:
    folder, base = posixpath.split(part)
    return posixpath.join(folder, "_rels", f"{base}.rels")


def _relative(source: str, target: str) -> str:
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


class _Package:
    """A read-only OPC zip package."""

    def __init__(self, data: bytes, label: str) -> None:
        self.label = label
        self.data = data
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
        except zipfile.BadZipFile as exc:
            raise ValueError(f"{label}: not an xlsx (zip) package") from exc
        self.names = list(dict.fromkeys(self.zip.namelist()))
        self._lookup = {n.lower(): n for n in self.names}
        self._rels: dict[str, list[_Rel]] = {}
        self.types = _Doc(f"{label} {_CONTENT_TYPES}", self.read(_CONTENT_TYPES))
        self.workbook = self.office_document()

    def find(self, name: str) -> str | None:
        """The stored name of a part (OPC part names are case-insensitive)."""
        return self._lookup.get(name.lower())

    def read(self, name: str) -> bytes:
        stored = self.find(name)
        if stored is None:
            raise ValueError(f"{self.label}: missing part {name}")
        return self.zip.read(stored)

    def rels(self, part: str) -> list[_Rel]:
        """Relationships of ``part`` ('' for the package), internal targets resolved."""
        if part not in self._rels:
            stored = self.find("_rels/.rels" if not part else _rels_name(part))
            rels: list[_Rel] = []
            if stored is not None:
                root = _parse(f"{self.label} {stored}", self.zip.read(stored))
                for rel in root.iter(_q(_PKG_R, "Relationship")):
                    target = rel.get("Target", "")
                    external = rel.get("TargetMode") == "External"
                    if not external:
                        joined = (
                            target[1:]
                            if target.startswith("/")
                            else posixpath.join(posixpath.dirname(part), target)
                        )
                        target = posixpath.normpath(joined)
                        target = self.find(target) or target
                    rels.append(_Rel(rel.get("Id", ""), rel.get("Type", ""), target, external))
            self._rels[part] = rels
        return self._rels[part]

    def office_document(self) -> str:
        for rel in self.rels(""):
            if rel.type == _RT_OFFICE_DOCUMENT and not rel.external and self.find(rel.target):
                return rel.target
        raise ValueError(f"{self.label}: no workbook part")

    def rel_of_type(self, part: str, rel_type: str) -> _Rel | None:
        return next((r for r in self.rels(part) if r.type == rel_type and not r.external), None)

    def content_type(self, part: str) -> str:
        lowered = "/" + part.lower()
        ext = posixpath.splitext(part)[1].lstrip(".").lower()
        default = None
        for node in self.types.root.children:
            attrs = node.el.attrib
            if _local(node.el.tag) == "Override" and attrs.get("PartName", "").lower() == lowered:
                return attrs.get("ContentType", "")
            if _local(node.el.tag) == "Default" and attrs.get("Extension", "").lower() == ext:
                default = attrs.get("ContentType")
        if default is None:
            raise ValueError(f"{self.label}: no content type for {part}")
        return default

    def reachable(self, cut: Mapping[str, set[str]]) -> set[str]:
        """Parts reachable from the package root, ignoring relationships ``cut[source]``."""
        seen: set[str] = set()
        todo = [""]
        while todo:
            part = todo.pop()
            for rel in self.rels(part):
                if rel.external or rel.id in cut.get(part, ()) or rel.target in seen:
                    continue
                if self.find(rel.target):
                    seen.add(rel.target)
                    todo.append(rel.target)
        return seen

    def closure(self, roots: Sequence[str]) -> set[str]:
        """``roots`` and every part they reach through relationships."""
        seen = {r for r in roots if self.find(r)}
        todo = list(seen)
        while todo:
            for rel in self.rels(todo.pop()):
                if not rel.external and rel.target not in seen and self.find(rel.target):
                    seen.add(rel.target)
                    todo.append(rel.target)
        return seen


@dataclass(eq=False)
class _AddedSheet:
    """A worksheet of the addition and where it lands in the result."""

    name: str
    state: str | None
    part: str
    position: int = 0
    new_part: str = ""
    rid: str = ""


@dataclass
class _StyleMaps:
    """Addition style index -> result style index."""

    xf: dict[int, int]
    dxf: dict[int, int]


def _int(value: str | None, what: str) -> int:
    """A non-negative integer attribute or text (absent means 0)."""
    if value is None:
        return 0
    if not value.strip().isdigit():
        raise ValueError(f"bad {what} {value!r}")
    return int(value)


def _index(value: str | None, table: Mapping[int, int], what: str) -> str:
    """The result index for an addition index, as attribute text."""
    try:
        return str(table[_int(value, what)])
    except KeyError as exc:
        raise ValueError(f"addition: unknown {what} {value!r}") from exc


def _merge_styles(doc: _Doc, added: Element) -> _StyleMaps:
    """Append the addition's styles to the original's styles.xml, reusing identical entries."""
    sections = {_local(n.el.tag): n for n in doc.root.children if n.el.tag.startswith(f"{{{_MAIN}")}
    new: dict[str, list[Element]] = {}
    totals: dict[str, int] = {}

    def entries(section: str) -> list[Element]:
        found = added.find(_q(_MAIN, section))
        return [] if found is None else list(found)

    def merge(section: str, items: list[Element]) -> dict[int, int]:
        node = sections.get(section)
        existing = [] if node is None else [c.el for c in node.children]
        known: dict[tuple[object, ...], int] = {}
        for i, el in enumerate(existing):
            known.setdefault(_key(el), i)
        totals[section] = len(existing)
        mapping: dict[int, int] = {}
        for i, el in enumerate(items):
            k = _key(el)
            if k not in known:
                known[k] = totals[section]
                totals[section] += 1
                new.setdefault(section, []).append(el)
            mapping[i] = known[k]
        return mapping

    # Number formats are matched by code; custom ids (>= 164) are renumbered past the original's.
    numfmts: dict[int, int] = {}
    node = sections.get("numFmts")
    existing = [] if node is None else [c.el for c in node.children]
    codes: dict[str | None, int] = {}
    for el in existing:
        if (value := el.get("numFmtId", "")).isdigit():
            codes.setdefault(el.get("formatCode"), int(value))
    next_id = max([_FIRST_CUSTOM_NUMFMT - 1, *codes.values()]) + 1
    totals["numFmts"] = len(existing)
    for el in entries("numFmts"):
        old_id = _int(el.get("numFmtId"), "numFmtId")
        code = el.get("formatCode")
        if old_id >= _FIRST_CUSTOM_NUMFMT and code not in codes:
            codes[code] = next_id
            fmt = copy.copy(el)
            fmt.set("numFmtId", str(next_id))
            new.setdefault("numFmts", []).append(fmt)
            totals["numFmts"] += 1
            next_id += 1
        numfmts[old_id] = old_id if old_id < _FIRST_CUSTOM_NUMFMT else codes[code]

    fonts = merge("fonts", entries("fonts"))
    fills = merge("fills", entries("fills"))
    borders = merge("borders", entries("borders"))
    style_xfs = sections.get("cellStyleXfs")
    xfs: list[Element] = []
    for el in entries("cellXfs"):
        xf = copy.deepcopy(el)
        numfmt = _int(el.get("numFmtId"), "numFmtId")
        xf.set("numFmtId", str(numfmts.get(numfmt, numfmt)))
        xf.set("fontId", _index(el.get("fontId"), fonts, "fontId"))
        xf.set("fillId", _index(el.get("fillId"), fills, "fillId"))
        xf.set("borderId", _index(el.get("borderId"), borders, "borderId"))
        if style_xfs is not None and style_xfs.children:
            xf.set("xfId", "0")
        else:
            xf.attrib.pop("xfId", None)
        xfs.append(xf)
    maps = _StyleMaps(xf=merge("cellXfs", xfs), dxf=merge("dxfs", entries("dxfs")))

    for section, items in new.items():
        node = sections.get(section)
        prefix = doc.root.prefix if node is None else node.prefix
        content = "".join(_serialize(el, prefix) for el in items)
        count = {"count": str(totals[section])}
        if node is not None:
            doc.append(node, content, count)
            continue
        qname = f"{prefix}:{section}" if prefix else section
        text = f'<{qname} count="{totals[section]}">{content}</{qname}>'
        later = set(_STYLE_ORDER[_STYLE_ORDER.index(section) + 1 :])
        after = next((n for n in doc.root.children if _local(n.el.tag) in later), None)
        doc.replace(*((after.start,) * 2 if after else (doc.root.close,) * 2), text)
    return maps


def _shared_strings(pkg: _Package) -> list[Element]:
    rel = pkg.rel_of_type(pkg.workbook, _RT_SHARED_STRINGS)
    if rel is None:
        return []
    root = _parse(f"{pkg.label} {rel.target}", pkg.read(rel.target))
    return list(root.iter(_q(_MAIN, "si")))


#: The worksheet elements a merge edits (name group 2), and markup that may hide look-alikes.
_SHEET_TOKEN = re.compile(
    r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>"
    r"|<(?:([^\s/>:]+):)?(c|row|col|cfRule|sheetView)"
    r"((?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*(/?)>",
    re.DOTALL,
)
#: A cell's attributes in openpyxl's form: ``r``, then maybe ``s``, then maybe ``t``.
_PLAIN_CELL = re.compile(r'\s+r="([^"<&]*)"(?:\s+s="([^"<&]*)")?(?:\s+t="([^"<&]*)")?')
_FIRST_TAG = re.compile(r"<(?:([^\s/>:!?]+):)?worksheet[\s/>]")


def _render_sheet(
    data: bytes,
    sheet: _AddedSheet,
    maps: _StyleMaps,
    strings: Sequence[Element],
    cached: Mapping[str, str],
) -> bytes:
    """Our sheet with result style indices, inline strings, cached values, no tabSelected.

    One pass of a regular expression over the sheet's text: only the start tags of
    ``c``, ``row``, ``col``, ``cfRule`` and ``sheetView`` (in the main namespace, with the
    root's prefix) are read, and only the ones that change are rewritten.
    """
    name = f"addition {sheet.part}"
    if _root_tag(name, data) != _q(_MAIN, "worksheet"):
        raise ValueError(f"addition: sheet {sheet.name!r} is not a worksheet")
    text, encoding = _decode(name, data)
    first = _FIRST_TAG.search(text)
    prefix = first.group(1) or "" if first else ""
    pending = dict(cached)
    inline: dict[int, str] = {}
    styles = {str(old): str(new) for old, new in maps.xf.items()}
    out: list[str] = []
    pos = 0
    for m in _SHEET_TOKEN.finditer(text):
        local = m.group(2)
        if local is None or m.start() < pos or (m.group(1) or "") != prefix:
            continue
        if local == "c":
            plain = _PLAIN_CELL.match(text, m.start(3), m.end(3))
            if plain is not None and plain.end() == m.end(3):  # r, s, t as openpyxl writes them
                ref, kind, span = plain.group(1), plain.group(3), plain.span(2)
            else:
                ref = kind = None
                span = (-1, -1)
                for a in _ATTR.finditer(text, m.start(3), m.end(3)):
                    if a.group(2) == "s":
                        span = (a.start(3) + 1, a.end(3) - 1)
                    elif a.group(2) == "t":
                        kind = a.group(3)[1:-1]
                    elif a.group(2) == "r":
                        ref = a.group(3)[1:-1]
            value = pending.pop(ref or "", None) if pending else None
            if value is None and kind != "s":  # most cells: at most the style index changes
                if span[0] >= 0:
                    old_style = text[span[0] : span[1]]
                    new_style = styles.get(old_style) or _index(old_style, maps.xf, "style")
                    out += [text[pos : span[0]], new_style]
                    pos = span[1]
                continue
            changes: dict[str, str | None] = {}
            if span[0] >= 0:
                changes["s"] = _index(text[span[0] : span[1]], maps.xf, "style")
            content, end = _cell_content(text, m, prefix)
            if value is not None:
                changes["t"] = "str"
                content = _with_cached(content, prefix, value, ref or "")
            else:
                changes["t"] = "inlineStr"
                content = _inline_string(content, prefix, strings, inline, ref or "")
            qname = f"{prefix}:c" if prefix else "c"
            tag = _edit_start_tag(m.group(0), changes, empty=False)
            out += [text[pos : m.start()], f"{tag}{content}</{qname}>"]
            pos = end
            continue
        attrs = {a.group(2): a.group(3)[1:-1] for a in _ATTR.finditer(m.group(3))}
        changes = {}
        if local in ("row", "col") and (key := "s" if local == "row" else "style") in attrs:
            changes[key] = _index(attrs[key], maps.xf, "style")
        elif local == "cfRule" and "dxfId" in attrs:
            changes["dxfId"] = _index(attrs["dxfId"], maps.dxf, "dxfId")
        elif local == "sheetView" and "tabSelected" in attrs:
            changes["tabSelected"] = None
        if changes:
            out += [
                text[pos : m.start()],
                _edit_start_tag(m.group(0), changes, empty=bool(m.group(4))),
            ]
            pos = m.end()
    if pending:
        raise ValueError(f"cached value for missing cell {sheet.name}!{next(iter(pending))}")
    if not out:
        return data
    out.append(text[pos:])
    return "".join(out).encode(encoding)


def _cell_content(text: str, start: re.Match[str], prefix: str) -> tuple[str, int]:
    """The content of the cell opened by ``start`` and where its end tag ends."""
    if start.group(4):
        return "", start.end()
    close = f"</{prefix}:c>" if prefix else "</c>"
    at = text.find(close, start.end())
    if at < 0:
        raise ValueError("addition: a cell has no end tag")
    return text[start.end() : at], at + len(close)


@functools.cache
def _child(prefix: str, local: str) -> re.Pattern[str]:
    """A complete child element ``local`` (empty or not) of a cell, with ``prefix``."""
    q = f"{prefix}:{local}" if prefix else local
    return re.compile(rf"<{q}(?:\s[^>]*)?(?:/>|(?<!/)>(.*?)</{q}\s*>)", re.DOTALL)


def _with_cached(content: str, prefix: str, value: str, ref: str) -> str:
    """A formula cell's content with ``value`` as its only cached value, after the formula."""
    formula = _child(prefix, "f").search(content)
    if formula is None:
        raise ValueError(f"cached value given for {ref}, which has no formula")
    p = f"{prefix}:" if prefix else ""
    drop = _child(prefix, "v")
    cached = f"<{p}v>{_esc_text(value)}</{p}v>"
    before, after = content[: formula.end()], content[formula.end() :]
    return drop.sub("", before) + cached + drop.sub("", after)


def _inline_string(
    content: str, prefix: str, strings: Sequence[Element], done: dict[int, str], ref: str
) -> str:
    """A shared-string cell's content as the inline string it stands for."""
    v = _child(prefix, "v").search(content)
    index = _int(None if v is None else v.group(1), "shared string index")
    if v is None or index >= len(strings):
        raise ValueError(f"addition: cell {ref} has no valid shared string")
    if index not in done:
        p = f"{prefix}:" if prefix else ""
        items = "".join(_serialize(c, prefix) for c in strings[index])
        done[index] = f"<{p}is>{items}</{p}is>"
    return done[index]


def _free_name(taken: set[str], folder: str, base: str) -> str:
    """``folder/base`` if free, else ``folder/stemN.ext`` with the smallest free N; marks it taken.

    Names compare case-insensitively, as OPC part names do.
    """
    m = re.fullmatch(r"(.*?)\d*(\.[^.]*)?", base)
    stem, ext = (m.group(1) or "part", m.group(2) or "") if m else ("part", "")
    names = (base, *(f"{stem}{n}{ext}" for n in range(1, len(taken) + 2)))
    name = next(p for b in names if (p := posixpath.join(folder, b)).lower() not in taken)
    taken.add(name.lower())
    return name


def _rels_xml(rels: Sequence[tuple[str, str, str, bool]]) -> bytes:
    """A relationships part from (id, type, target, external)."""
    items = "".join(
        f'<Relationship Id="{_esc_attr(i)}" Type="{_esc_attr(t)}" Target="{_esc_attr(target)}"'
        + (' TargetMode="External"' if external else "")
        + "/>"
        for i, t, target, external in rels
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<Relationships xmlns="{_PKG_R}">{items}</Relationships>'
    ).encode()


class _Merge:
    """The state of one merge: the result's new parts, their content types, names taken."""

    def __init__(self, orig: _Package, add: _Package, dropped: set[str]) -> None:
        self.orig = orig
        self.add = add
        self.taken = {n.lower() for n in orig.names} - {d.lower() for d in dropped}
        self.parts: dict[str, bytes] = {}
        self.types: dict[str, str] = {}
        self._copied: dict[str, str] = {}

    def place(self, add_part: str) -> str:
        """A free name for an addition part, at the same place relative to the workbook."""
        rel = posixpath.relpath(add_part, posixpath.dirname(self.add.workbook) or ".")
        target = posixpath.normpath(posixpath.join(posixpath.dirname(self.orig.workbook), rel))
        if target.startswith(".."):
            raise ValueError(f"addition: part {add_part} is outside the workbook folder")
        folder, base = posixpath.split(target)
        return _free_name(self.taken, folder, base)

    def copy_in(self, add_part: str, data: bytes, new_part: str) -> None:
        """Add a part and, recursively, the parts its relationships need."""
        self._copied[add_part] = new_part
        self.parts[new_part] = data
        self.types[new_part] = self.add.content_type(add_part)
        rels: list[tuple[str, str, str, bool]] = []
        for rel in self.add.rels(add_part):
            if rel.external:
                rels.append((rel.id, rel.type, rel.target, True))
                continue
            if rel.type not in _COPYABLE:
                raise ValueError(f"addition: unsupported part {rel.target} ({rel.type})")
            target = self._copied.get(rel.target)
            if target is None:
                target = self.place(rel.target)
                self.copy_in(rel.target, self.add.read(rel.target), target)
            rels.append((rel.id, rel.type, _relative(new_part, target), False))
        if rels:
            self.parts[_rels_name(new_part)] = _rels_xml(rels)


def _read_addition(add: _Package) -> tuple[list[_AddedSheet], list[Element]]:
    """The addition's worksheets and its defined names (all must be local to a sheet)."""
    wb = _parse(f"addition {add.workbook}", add.read(add.workbook))
    rels = {r.id: r for r in add.rels(add.workbook)}
    sheets: list[_AddedSheet] = []
    for el in wb.iter(_q(_MAIN, "sheet")):
        rel = rels.get(el.get(_q(_R, "id"), ""))
        if rel is None or rel.type != _RT_WORKSHEET or rel.external:
            raise ValueError(f"addition: sheet {el.get('name')!r} is not a worksheet part")
        sheets.append(_AddedSheet(el.get("name", ""), el.get("state"), rel.target))
    if not sheets:
        raise ValueError("addition: no worksheet")
    names = list(wb.iter(_q(_MAIN, "definedName")))
    for dn in names:
        local = dn.get("localSheetId", "")
        if not local.isdigit() or int(local) >= len(sheets):
            raise ValueError(f"addition: defined name {dn.get('name')!r} is not local to a sheet")
    return sheets, names


def merge_sheets(
    original: bytes,
    addition: bytes,
    *,
    replace: Sequence[str],
    cached_values: Mapping[tuple[str, str], str] | None = None,
) -> bytes:
    """The original package minus sheets ``replace`` plus every worksheet of ``addition``.

    An added sheet takes the place of the removed sheet of the same name, others are appended
    in the addition's order. ``cached_values[(sheet, ref)]`` is written as the cached text of
    that formula cell. Raises ``ValueError`` when either package cannot be understood.
    """
    orig = _Package(original, "original")
    add = _Package(addition, "addition")
    added, added_names = _read_addition(add)
    cached: dict[str, dict[str, str]] = {s.name: {} for s in added}
    for (sheet, ref), value in (cached_values or {}).items():
        if sheet not in cached:
            raise ValueError(f"cached value for {sheet}!{ref}: no such sheet in the addition")
        cached[sheet][ref.replace("$", "").upper()] = value

    wb = _Doc(f"original {orig.workbook}", orig.read(orig.workbook))
    if wb.root.el.tag != _q(_MAIN, "workbook"):
        raise ValueError("original: not a transitional SpreadsheetML workbook")
    sheets_node = wb.root.child(_MAIN, "sheets")
    if sheets_node is None:
        raise ValueError("original: workbook has no <sheets>")
    old = [n for n in sheets_node.children if n.el.tag == _q(_MAIN, "sheet")]
    wb_rels = orig.rels(orig.workbook)
    removing = set(replace)
    by_name = {s.name: s for s in added}

    # Final order: kept original sheets (as nodes) and added sheets.
    final: list[_Node | _AddedSheet] = []
    for node in old:
        name = node.el.get("name", "")
        if name not in removing:
            final.append(node)
        elif name in by_name and by_name[name] not in final:
            final.append(by_name[name])
    final += [s for s in added if s not in final]
    kept = {n.el.get("name", "").casefold() for n in final if isinstance(n, _Node)}
    for s in added:
        if s.name.casefold() in kept:
            raise ValueError(f"sheet {s.name!r} already exists in the original and is not replaced")
    position = {id(item): i for i, item in enumerate(final)}
    for s in added:
        s.position = position[id(s)]
    old_to_new: dict[int, int] = {}
    for i, node in enumerate(old):
        name = node.el.get("name", "")
        if name not in removing:
            old_to_new[i] = position[id(node)]
        elif name in by_name:
            old_to_new.setdefault(i, by_name[name].position)

    # Parts leaving the package: removed sheets, what only they reach, calcChain.
    removed_rids = {n.el.get(_q(_R, "id"), "") for n in old if n.el.get("name") in removing}
    cut = {r.id for r in wb_rels if r.id in removed_rids or r.type == _RT_CALC_CHAIN}
    roots = [r.target for r in wb_rels if r.id in cut and not r.external]
    calc_chain = {r.target for r in wb_rels if r.type == _RT_CALC_CHAIN}
    dropped = (orig.closure(roots) - orig.reachable({orig.workbook: cut})) | calc_chain
    dropped_files = dropped | {n for d in dropped if (n := orig.find(_rels_name(d)))}

    merge = _Merge(orig, add, dropped_files)
    styles_rel = orig.rel_of_type(orig.workbook, _RT_STYLES)
    add_styles_rel = add.rel_of_type(add.workbook, _RT_STYLES)
    if add_styles_rel is None:
        raise ValueError("addition: no styles part")
    add_styles = add.read(add_styles_rel.target)
    edited: dict[str, bytes] = {}
    new_rels: list[tuple[str, str]] = []  # (type, part) of relationships the workbook gains
    if styles_rel is None or orig.find(styles_rel.target) is None:
        styles_root = _parse("addition styles", add_styles)
        count = len(styles_root.findall(f"{{{_MAIN}}}cellXfs/{{{_MAIN}}}xf"))
        dxfs = len(styles_root.findall(f"{{{_MAIN}}}dxfs/{{{_MAIN}}}dxf"))
        maps = _StyleMaps({i: i for i in range(count)}, {i: i for i in range(dxfs)})
        styles_part = merge.place(add_styles_rel.target)
        merge.parts[styles_part] = add_styles
        merge.types[styles_part] = _CT_STYLES
        new_rels.append((_RT_STYLES, styles_part))
    else:
        styles = _Doc(f"original {styles_rel.target}", orig.read(styles_rel.target))
        maps = _merge_styles(styles, _parse("addition styles", add_styles))
        edited[orig.find(styles_rel.target) or ""] = styles.render()

    strings = _shared_strings(add)
    for s in added:
        s.new_part = merge.place(s.part)
        data = _render_sheet(add.read(s.part), s, maps, strings, cached[s.name])
        merge.copy_in(s.part, data, s.new_part)

    new_rels += [(_RT_WORKSHEET, s.new_part) for s in added]
    rids = _edit_workbook_rels(orig, new_rels, cut, edited)
    for s in added:
        s.rid = rids[s.new_part]

    # Workbook: sheets, defined names, views.
    p = f"{sheets_node.prefix}:" if sheets_node.prefix else ""
    r_prefix = wb.declared_prefix([wb.root, sheets_node], _R)
    r_decl = "" if r_prefix else f' xmlns:r="{_R}"'
    r_prefix = r_prefix or "r"
    ids = [int(sid) for n in old if (sid := n.el.get("sheetId", "")).isdigit()]
    next_id = max([0, *ids]) + 1
    content: list[str] = []
    for item in final:
        if isinstance(item, _Node):
            content.append(wb.raw(item))
            continue
        state = f' state="{_esc_attr(item.state)}"' if item.state not in (None, "visible") else ""
        content.append(
            f'<{p}sheet{r_decl} name="{_esc_attr(item.name)}" sheetId="{next_id}"{state}'
            f' {r_prefix}:id="{item.rid}"/>'
        )
        next_id += 1
    wb.set_content(sheets_node, "".join(content))
    kept_positions = {
        i: position[id(n)] for i, n in enumerate(old) if n.el.get("name") not in removing
    }
    _edit_defined_names(wb, kept_positions, added, added_names)
    visible = [s.position for s in added if s.state in (None, "visible")]
    _edit_views(wb, old_to_new, min(visible or [s.position for s in added]))
    edited[orig.find(orig.workbook) or ""] = wb.render()

    edited[_CONTENT_TYPES] = _edit_content_types(orig.types, dropped_files, merge.types)
    return _write(orig, edited, dropped_files, merge.parts)


def _edit_workbook_rels(
    orig: _Package, new: Sequence[tuple[str, str]], cut: set[str], edited: dict[str, bytes]
) -> dict[str, str]:
    """Drop relationships ``cut``, add ``new`` (type, part) with ids after the largest rIdN."""
    wb_rels = orig.rels(orig.workbook)
    numbers = [int(m.group(1)) for r in wb_rels if (m := re.fullmatch(r"rId(\d+)", r.id))]
    rids = {part: f"rId{max([0, *numbers]) + 1 + i}" for i, (_, part) in enumerate(new)}
    name = orig.find(_rels_name(orig.workbook))
    if name is None:
        raise ValueError("original: workbook has no relationships")
    doc = _Doc(f"original {name}", orig.read(name))
    p = f"{doc.root.prefix}:" if doc.root.prefix else ""
    relationships = [doc.raw(n) for n in doc.root.children if n.el.get("Id") not in cut]
    relationships += [
        f'<{p}Relationship Id="{rids[part]}" Type="{rel_type}"'
        f' Target="{_esc_attr(_relative(orig.workbook, part))}"/>'
        for rel_type, part in new
    ]
    doc.set_content(doc.root, "".join(relationships))
    edited[name] = doc.render()
    return rids


def _edit_views(wb: _Doc, old_to_new: Mapping[int, int], first_added: int) -> None:
    """Keep ``activeTab`` and ``firstSheet`` on the same sheet, else on a valid one.

    A removed tab falls back to its same-name replacement, else ``first_added`` (activeTab) or
    the first sheet (firstSheet).
    """
    for view in wb.root.walk():
        if view.el.tag != _q(_MAIN, "workbookView"):
            continue
        changes: dict[str, str | None] = {}
        for attr, fallback in (("activeTab", first_added), ("firstSheet", 0)):
            current = view.el.get(attr, "0")
            new = old_to_new.get(int(current), fallback) if current.isdigit() else fallback
            if str(new) != current:
                changes[attr] = str(new)
        if changes:
            wb.set_attrs(view, changes)


def _edit_content_types(types: _Doc, dropped: set[str], new: Mapping[str, str]) -> bytes:
    """Overrides of dropped parts removed; one Override per new part."""
    gone = {"/" + d.lower() for d in dropped}
    p = f"{types.root.prefix}:" if types.root.prefix else ""
    entries = [
        types.raw(n) for n in types.root.children if n.el.get("PartName", "").lower() not in gone
    ]
    entries += [
        f'<{p}Override PartName="/{_esc_attr(part)}" ContentType="{_esc_attr(ct)}"/>'
        for part, ct in new.items()
    ]
    types.set_content(types.root, "".join(entries))
    return types.render()


def _edit_defined_names(
    wb: _Doc, kept: Mapping[int, int], added: Sequence[_AddedSheet], added_names: Sequence[Element]
) -> None:
    """Re-point ``localSheetId``; drop names of removed sheets; add the addition's names."""
    node = wb.root.child(_MAIN, "definedNames")
    prefix = wb.root.prefix if node is None else node.prefix
    names: list[str] = []
    for child in [] if node is None else node.children:
        local = child.el.get("localSheetId")
        if local is None:
            names.append(wb.raw(child))
        elif local.isdigit() and int(local) in kept:
            new = str(kept[int(local)])
            names.append(
                wb.raw(child)
                if new == local
                else wb.start_tag(child, {"localSheetId": new}, open_=False)
                + wb.text[child.tag_end : child.end]
            )
    for el in added_names:
        dn = copy.copy(el)
        dn.set("localSheetId", str(added[int(el.get("localSheetId", "0"))].position))
        names.append(_serialize(dn, prefix))
    if node is not None:
        if names:
            wb.set_content(node, "".join(names))
        else:
            wb.replace(node.start, node.end, "")
    elif names:
        qname = f"{prefix}:definedNames" if prefix else "definedNames"
        after = next(
            (n for n in wb.root.children if _local(n.el.tag) in _AFTER_DEFINED_NAMES), None
        )
        at = after.start if after else wb.root.close
        wb.replace(at, at, f"<{qname}>{''.join(names)}</{qname}>")


def _write(
    orig: _Package, edited: Mapping[str, bytes], dropped: set[str], new: Mapping[str, bytes]
) -> bytes:
    """The result zip: content types first, original members in order, then our new parts.

    Untouched members are copied as their compressed bytes; edited and new parts are deflated.
    """
    out = RawZipWriter()
    out.write(_CONTENT_TYPES, edited[_CONTENT_TYPES], _ZIP_EPOCH)
    for name in orig.names:
        if name == _CONTENT_TYPES or name in dropped:
            continue
        info = orig.zip.getinfo(name)
        if name in edited:
            out.write(
                name,
                edited[name],
                info.date_time,
                create_system=info.create_system,
                internal_attr=info.internal_attr,
                external_attr=info.external_attr,
            )
        else:
            out.copy(orig.zip, orig.data, info)
    for name, data in new.items():
        out.write(name, data, _ZIP_EPOCH)
    return out.getvalue()


def sheet_names(package: bytes) -> list[str]:
    """Sheet names of an xlsx package, in workbook order."""
    pkg = _Package(package, "package")
    wb = _parse(pkg.workbook, pkg.read(pkg.workbook))
    return [el.get("name", "") for el in wb.iter(_q(_MAIN, "sheet"))]
