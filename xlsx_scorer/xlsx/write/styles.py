"""Our cell styles, appended to the organiser's ``styles.xml`` by splicing text.

Rules:

- The organiser's entries are never rewritten: ours are appended to each section (fonts,
  fills, borders, number formats, cell formats) and referenced by their index.  An entry equal
  to one already there (same element, attributes and children) is reused instead, so scoring
  the same workbook again does not grow the file.
- Every font we use has a name and a size: Calibri 11 for notes and table cells, 14 bold for
  titles, 11 bold white on a blue fill for table headers (centred, wrapped), blue underlined
  for links.  Short values beside names (ranks, tables) are centred; long text (a problem)
  wraps, top-aligned.
- A missing section is created where the schema puts it; a missing or empty part
  (``<styleSheet/>``) gets the defaults Excel expects first (font 0, fills ``none`` and
  ``gray125``, border 0, cell format 0 and the Normal style), so the organiser's unstyled
  cells keep their look.
- Custom number formats reuse an existing entry with the same code, else take the next free
  id from 164; built-in formats (``0``, ``0.00``, ``0%``…) use their built-in id.

>>> center = '<alignment horizontal="center"/>'
>>> needs = {("0.0%", False, "", False), (None, True, "", False), ("0", False, center, False)}
>>> part, styles = add_styles(None, needs)
>>> styles.header, styles.cells[("0", False, center, False)]
(3, 5)
>>> styles.cells[("0.0%", False, "", False)]
6
>>> b'<numFmt numFmtId="164" formatCode="0.0%"/>' in part, b'horizontal="center"/>' in part
(True, True)
>>> add_styles(part, needs) == (part, styles)  # nothing new
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import ns
from xlsx_scorer.opc.xmledit import Node, XmlDoc, XmlError, escape_attr, whole_number
from xlsx_scorer.xlsx.write.sheetxml import CellStyles

__all__ = ["EMPTY_STYLESHEET", "add_styles", "format_counts"]

EMPTY_STYLESHEET = (
    f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="{ns.MAIN}"/>'
).encode()
#: Child order of ``<styleSheet>`` (CT_Stylesheet).
_ORDER = (
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
_ENTRY = {
    "numFmts": "numFmt",
    "fonts": "font",
    "fills": "fill",
    "borders": "border",
    "cellStyleXfs": "xf",
    "cellXfs": "xf",
    "cellStyles": "cellStyle",
}
BUILTIN_FORMATS = {
    "General": 0,
    "0": 1,
    "0.00": 2,
    "#,##0": 3,
    "#,##0.00": 4,
    "0%": 9,
    "0.00%": 10,
    "0.00E+00": 11,
    "@": 49,
}
FIRST_CUSTOM_FORMAT = 164
_FONT = '<sz val="{size}"/><color rgb="{color}"/><name val="Calibri"/><family val="2"/>'
_FONTS = {
    "body": "<font>" + _FONT.format(size=11, color="FF000000") + "</font>",
    "title": "<font><b/>" + _FONT.format(size=14, color="FF000000") + "</font>",
    "header": "<font><b/>" + _FONT.format(size=11, color="FFFFFFFF") + "</font>",
    "link": "<font><u/>" + _FONT.format(size=11, color="FF0563C1") + "</font>",
}
_HEADER_FILL = (
    '<fill><patternFill patternType="solid"><fgColor rgb="FF305496"/><bgColor indexed="64"/>'
    "</patternFill></fill>"
)
_DEFAULT_FILLS = (
    '<fill><patternFill patternType="none"/></fill>',
    '<fill><patternFill patternType="gray125"/></fill>',
)
_BORDER = "<border><left/><right/><top/><bottom/><diagonal/></border>"
#: A box to write in (``Column.boxed``): a thin black line on every side.
_THIN = '<{side} style="thin"><color rgb="FF000000"/></{side}>'
_BOX_BORDER = (
    "<border>"
    + "".join(_THIN.format(side=side) for side in ("left", "right", "top", "bottom"))
    + "<diagonal/></border>"
)
_DEFAULT_XF = '<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
_NORMAL_XF = '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
_NORMAL_STYLE = '<cellStyle name="Normal" xfId="0" builtinId="0"/>'


def _key(node: Node) -> tuple[object, ...]:
    """What makes two style entries equal: name, attributes, children (not prefixes)."""
    attrs = tuple(sorted((k, v) for k, v in node.attrs.items() if not k.startswith("xmlns")))
    return (node.namespace, node.local, attrs, *map(_key, node.children))


@functools.lru_cache(maxsize=256)
def _entry_key(xml: str) -> tuple[object, ...]:
    """``_key`` of an entry we write (a few constant strings: each is parsed once)."""
    return _key(XmlDoc("entry", f'<w xmlns="{ns.MAIN}">{xml}</w>'.encode()).root.children[0])


def _prefixed(xml: str, prefix: str) -> str:
    """Our entry XML (written without prefix) with ``prefix`` on every element."""
    if not prefix:
        return xml
    return xml.replace("</", "\0").replace("<", f"<{prefix}:").replace("\0", f"</{prefix}:")


class _Section:
    """One section of the stylesheet: its node (if any), its entries and the ones we add."""

    def __init__(self, name: str, node: Node | None) -> None:
        self.name = name
        self.node = node
        entries = [] if node is None else node.named(ns.MAIN, _ENTRY[name])
        self.count = len(entries)
        self.known = {_key(entry): i for i, entry in reversed(list(enumerate(entries)))}
        self.added: list[str] = []

    def add(self, xml: str, *, reuse: bool = True) -> int:
        """The index of entry ``xml``: an equal existing one, else a new one appended."""
        key = _entry_key(xml)
        if reuse and key in self.known:
            return self.known[key]
        self.known.setdefault(key, self.count)
        self.added.append(xml)
        self.count += 1
        return self.count - 1


def _stylesheet(styles_xml: bytes, name: str) -> XmlDoc:
    """The styles part parsed; ``UnusableWorkbookError`` when it is not a stylesheet."""
    try:
        doc = XmlDoc(name, styles_xml)
    except XmlError as error:
        raise UnusableWorkbookError(
            "unusable.broken_part", {"part": name, "detail": str(error)}
        ) from error
    if not doc.root.is_(ns.MAIN, "styleSheet"):
        raise UnusableWorkbookError(
            "unusable.broken_part",
            {"part": name, "detail": f"<{doc.root.qname}> is not a SpreadsheetML styleSheet"},
        )
    return doc


def add_styles(
    styles_xml: bytes | None,
    needs: Iterable[tuple[str | None, bool, str, bool]],
    name: str = "styles.xml",
) -> tuple[bytes, CellStyles]:
    """The styles part with our styles added, and their ids.

    ``styles_xml`` is the organiser's part (None: there is none, one is made); ``needs`` the
    (number format, linked, ``<alignment>`` element or ``""``, boxed) looks of our table
    cells.  Raises
    ``UnusableWorkbookError`` when the part is not a stylesheet.
    """
    doc = _stylesheet(styles_xml or EMPTY_STYLESHEET, name)
    root = doc.root
    sections = {
        section: _Section(section, next(iter(root.named(ns.MAIN, section)), None))
        for section in _ENTRY
    }
    fonts, fills, borders = sections["fonts"], sections["fills"], sections["borders"]
    xfs = sections["cellXfs"]
    if fonts.count == 0:
        fonts.add(_FONTS["body"], reuse=False)
    while fills.count < len(_DEFAULT_FILLS):
        fills.add(_DEFAULT_FILLS[fills.count], reuse=False)
    if borders.count == 0:
        borders.add(_BORDER, reuse=False)
    if xfs.count == 0:  # an empty stylesheet: the default cell format and the Normal style
        if sections["cellStyleXfs"].count == 0:
            sections["cellStyleXfs"].add(_DEFAULT_XF, reuse=False)
        if sections["cellStyles"].count == 0:
            sections["cellStyles"].add(_NORMAL_STYLE, reuse=False)
        xfs.add(_NORMAL_XF, reuse=False)
    font = {role: fonts.add(xml) for role, xml in _FONTS.items()}
    border = borders.add(_BORDER)
    header_fill = fills.add(_HEADER_FILL)
    style_xf = ' xfId="0"' if sections["cellStyleXfs"].count else ""

    def xf(
        font_id: int, fmt: int = 0, fill: int = 0, alignment: str = "", boxed: bool = False
    ) -> int:
        applied = ' applyFont="1" applyBorder="1"'
        applied += ' applyNumberFormat="1"' if fmt else ""
        applied += ' applyFill="1"' if fill else ""
        applied += ' applyAlignment="1"' if alignment else ""
        lines = borders.add(_BOX_BORDER) if boxed else border
        head = (
            f'<xf numFmtId="{fmt}" fontId="{font_id}" fillId="{fill}" borderId="{lines}"'
            f"{style_xf}{applied}"
        )
        return xfs.add(f"{head}>{alignment}</xf>" if alignment else f"{head}/>")

    title, note = xf(font["title"]), xf(font["body"])
    header = xf(
        font["header"],
        0,
        header_fill,
        '<alignment horizontal="center" vertical="center" wrapText="1"/>',
    )
    formats = _Formats(sections["numFmts"])
    cells = {
        (code, link, alignment, boxed): xf(
            font["link" if link else "body"], formats.id(code), 0, alignment, boxed
        )
        for code, link, alignment, boxed in sorted(
            set(needs), key=lambda need: (need[0] or "", *need[1:])
        )
    }
    _write_sections(doc, sections)
    return doc.render(), CellStyles(title=title, note=note, header=header, cells=cells)


def format_counts(styles_xml: bytes, name: str = "styles.xml") -> tuple[int, int]:
    """How many cell formats (``cellXfs`` entries: a cell's ``s`` names one) and differential
    formats (``dxfs`` entries: a conditional format's ``dxfId`` names one) the styles part
    holds.  Raises ``UnusableWorkbookError`` when the part is not a stylesheet.

    >>> format_counts(add_styles(None, [])[0])  # the default, title, note, header; no dxf
    (4, 0)
    """
    root = _stylesheet(styles_xml, name).root

    def count(section: str, entry: str) -> int:
        return sum(len(node.named(ns.MAIN, entry)) for node in root.named(ns.MAIN, section))

    return count("cellXfs", "xf"), count("dxfs", "dxf")


class _Formats:
    """Number format ids: built in, an existing entry with the same code, or a new entry."""

    def __init__(self, section: _Section) -> None:
        self.section = section
        self.ids: dict[str, int] = {}
        existing = [] if section.node is None else section.node.named(ns.MAIN, "numFmt")
        for entry in existing:
            number = whole_number(entry.attrs.get("numFmtId"))
            code = entry.attrs.get("formatCode")
            if number is not None and code is not None:
                self.ids.setdefault(code, number)
        self.next_id = max([FIRST_CUSTOM_FORMAT - 1, *self.ids.values()]) + 1

    def id(self, code: str | None) -> int:
        """The id of format ``code`` (None: General)."""
        if code is None or code in BUILTIN_FORMATS:
            return BUILTIN_FORMATS[code or "General"]
        if code not in self.ids:
            self.ids[code] = self.next_id
            self.section.add(
                f'<numFmt numFmtId="{self.next_id}" formatCode="{escape_attr(code)}"/>',
                reuse=False,
            )
            self.next_id += 1
        return self.ids[code]


def _write_sections(doc: XmlDoc, sections: dict[str, _Section]) -> None:
    """Splice the added entries in: appended to their section, or a new section in order."""
    root = doc.root
    pending: dict[int, list[str]] = {}
    for position, name in enumerate(_ORDER):
        section = sections.get(name)
        if section is None or not section.added:
            continue
        if section.node is not None:
            prefix = section.node.prefix
            content = "".join(_prefixed(xml, prefix) for xml in section.added)
            doc.append(section.node, content, {"count": str(section.count)})
            continue
        later = set(_ORDER[position + 1 :])
        after = next(
            (
                child
                for child in root.children
                if child.namespace == ns.MAIN and child.local in later
            ),
            None,
        )
        tag = root.tag(name)
        content = "".join(_prefixed(xml, root.prefix) for xml in section.added)
        text = f'<{tag} count="{section.count}">{content}</{tag}>'
        pending.setdefault(-1 if after is None else after.start, []).append(text)
    for at, texts in pending.items():
        if at < 0:
            doc.append(root, "".join(texts))
        else:
            doc.insert(at, "".join(texts))
