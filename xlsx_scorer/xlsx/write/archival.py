"""The archive copy of a scored workbook: every sheet protected, the fingerprint recorded.

Edits are spliced into the XML text at positions expat reports (``opc.xmledit``);
nothing is re-serialised, and every other zip member is copied as it is
(one ``opc.edit.Edit``).  Sheets and the custom properties part are found through the
one package layer (``opc``), however their relationship targets are written.

- Each worksheet (and dialog sheet) gets ``<sheetProtection sheet="1"
  objects="1" scenarios="1"/>`` where the schema puts it (after
  ``sheetData``/``sheetCalcPr``); a chart sheet ``<sheetProtection
  content="1" objects="1"/>`` after its views.  No password: the protection
  guards against accidental edits, and anyone can lift it on purpose.  A
  sheet already protected keeps its protection (and password).
- Text properties are recorded as *custom document properties*
  (``docProps/custom.xml``; Excel: File › Info › Properties › Advanced
  properties › Custom; LibreOffice: File › Properties › Custom Properties),
  which both applications keep when they save the workbook again.  The part
  is added (with its relationship and content type) when the workbook has
  none; an existing property of the same name is replaced.  Text properties
  are read back as ``vt:lpwstr`` or ``vt:bstr`` values.

>>> xml = (b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
...        b'<sheetData/><pageMargins/></worksheet>')
>>> protect_sheet(XmlDoc("sheet", xml, keep=()))[77:]
b'<sheetData/><sheetProtection sheet="1" objects="1" scenarios="1"/><pageMargins/></worksheet>'
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from typing import Any

from xlsx_scorer.core.cells import is_blank, shown
from xlsx_scorer.i18n import LANGUAGES, fold
from xlsx_scorer.opc import ns
from xlsx_scorer.opc.edit import Edit
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.partname import ROOT, PartName
from xlsx_scorer.opc.xmledit import XmlDoc, escape_attr, escape_text, whole_number
from xlsx_scorer.xlsx.read import reader
from xlsx_scorer.xlsx.worksheet import Worksheet

_RT_CUSTOM = ns.R + "/custom-properties"
_CUSTOM = "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"
_VT = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
_CT_CUSTOM = "application/vnd.openxmlformats-officedocument.custom-properties+xml"
#: The format id every custom document property carries.
_FMTID = "{D5CDD505-2E9C-101B-9397-08002B2CF9AE}"
_FIRST_PID = 2
#: Where a new custom properties part goes (the second name if the first is taken).
_CUSTOM_PARTS = (PartName("/docProps/custom.xml"), PartName("/docProps/custom2.xml"))
#: Elements a sheet's ``sheetProtection`` follows, by the sheet's root element.
_BEFORE_PROTECTION = {
    "worksheet": {
        "sheetPr",
        "dimension",
        "sheetViews",
        "sheetFormatPr",
        "cols",
        "sheetData",
        "sheetCalcPr",
    },
    "dialogsheet": {"sheetPr", "sheetViews", "sheetFormatPr"},
    "chartsheet": {"sheetPr", "sheetViews"},
}
_PROTECTION = {
    "worksheet": 'sheet="1" objects="1" scenarios="1"',
    "dialogsheet": 'sheet="1" objects="1" scenarios="1"',
    "chartsheet": 'content="1" objects="1"',
}
_OFF = ("0", "false")


def protect_sheet(doc: XmlDoc) -> bytes | None:
    """A sheet part with ``<sheetProtection>`` inserted (or switched on), see the module rules;
    None when it is protected already.  ``doc`` records the root's children only (``keep=()``:
    a sheet may be large)."""
    name = doc.name
    root = doc.root
    kind = root.local
    if kind not in _PROTECTION or root.namespace != ns.MAIN:
        raise ValueError(f"{name}: cannot protect a {root.qname}")
    existing = next(iter(root.named(ns.MAIN, "sheetProtection")), None)
    if existing is not None:
        switch = "content" if kind == "chartsheet" else "sheet"
        if (existing.attrs.get(switch) or "0").lower() not in _OFF:
            return None
        doc.set_attrs(existing, {switch: "1"})
        return doc.render()
    element = f"<{root.tag('sheetProtection')} {_PROTECTION[kind]}/>"
    before = [
        c for c in root.children if c.namespace == ns.MAIN and c.local in _BEFORE_PROTECTION[kind]
    ]
    if before:
        doc.insert(before[-1].end, element)
    elif root.empty:
        doc.append(root, element)
    else:
        doc.insert(root.tag_end, element)
    return doc.render()


def _property_xml(pid: int, name: str, value: str, vt_prefix: str | None) -> str:
    declare = "" if vt_prefix else f' xmlns:vt="{_VT}"'
    vt = vt_prefix or "vt"
    return (
        f'<property fmtid="{_FMTID}" pid="{pid}" name="{escape_attr(name)}">'
        f"<{vt}:lpwstr{declare}>{escape_text(value)}</{vt}:lpwstr></property>"
    )


def _with_properties(xml: bytes, name: str, properties: Mapping[str, str]) -> bytes:
    """An existing custom properties part with ``properties`` set (replaced or appended)."""
    doc = XmlDoc(name, xml)
    root = doc.root
    if not root.is_(_CUSTOM, "Properties") or root.prefix:
        raise ValueError(f"{name}: not a custom properties part in the usual form")
    vt_prefix = root.prefix_of(_VT) or None
    pids = [p for c in root.children if (p := whole_number(c.attrs.get("pid"))) is not None]
    pid = max([_FIRST_PID - 1, *pids]) + 1
    appended: list[str] = []
    for key, value in properties.items():
        old = next((c for c in root.children if c.attrs.get("name") == key), None)
        if old is None:
            appended.append(_property_xml(pid, key, value, vt_prefix))
            pid += 1
        else:
            new = _property_xml(whole_number(old.attrs.get("pid")) or pid, key, value, vt_prefix)
            doc.replace(old.start, old.end, new)
    if appended:
        doc.append(root, "".join(appended))
    return doc.render()


def seal(pkg: Package, properties: Mapping[str, str]) -> bytes:
    """The package with every sheet protected and ``properties`` recorded (module rules)."""
    change = Edit(pkg)
    for entry in pkg.sheets:
        sheet = Worksheet.of(pkg, entry)
        if sheet is not None:
            where = Worksheet(pkg, sheet.part, f"{entry.name} ({sheet.part.member})")
            protected = protect_sheet(where.layout(keep=()))
            change.replace(sheet.part, protected or sheet.xml())  # protected: as it was
    existing = pkg.related(ROOT, _RT_CUSTOM)
    if existing is not None and existing.target is not None:
        part = existing.target
        change.replace(part, _with_properties(pkg.read(part), part.member, properties))
        return change.commit()
    part = next(p for p in _CUSTOM_PARTS if not pkg.has(p))
    empty = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<Properties xmlns="{_CUSTOM}" xmlns:vt="{_VT}"></Properties>'
    )
    change.add(part, _with_properties(empty.encode(), part.member, properties), _CT_CUSTOM)
    change.relate(ROOT, _RT_CUSTOM, part)
    return change.commit()


def custom_properties(pkg: Package) -> dict[str, str]:
    """The workbook's custom document properties that hold text, by name."""
    rel = pkg.related(ROOT, _RT_CUSTOM)
    if rel is None or rel.target is None:
        return {}
    keep = [("property", "lpwstr"), ("property", "bstr")]
    doc = XmlDoc(rel.target.member, pkg.read(rel.target), keep=keep)
    found = {}
    for element in doc.root.children:
        name = element.attrs.get("name")
        texts = [c for c in element.children if c.is_(_VT, "lpwstr") or c.is_(_VT, "bstr")]
        if name is not None and texts and not texts[0].empty:
            found[name] = doc.inner_text(texts[0])
    return found


def _cell_text(value: Any) -> str:
    """A cell value as text that survives a save by Excel or LibreOffice (12 digits).

    >>> _cell_text(0.46808510638297873), _cell_text(5.0), _cell_text(True), _cell_text("")
    ('0.468085106383', '5', 'TRUE', '')
    """
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int | float):
        return format(float(value), ".12g")
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    return str(value)


def sheet_digests(package: Package) -> dict[str, str]:
    """Each sheet's name and the SHA-256 of the values it shows, as canonical text.

    The text is the JSON list of rows from A1, each a list of cell texts
    (``_cell_text``), with trailing blank cells and rows dropped; how a value
    is stored (styles, shared strings, a re-save by another application)
    does not change it, any shown value does.
    """
    digests = {}
    for name, rows in reader.sheet_values(package).items():
        table = []
        for row in rows:
            cells = [_cell_text(value) for value in row]
            while cells and not cells[-1]:
                cells.pop()
            table.append(cells)
        while table and not table[-1]:
            table.pop()
        text = json.dumps(table, ensure_ascii=False, separators=(",", ":"))
        digests[name] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return digests


def event_date(package: Package) -> str | None:
    """The date on the ``Event`` sheet (label ``Date`` in any language), as ISO text if a date."""
    labels = {fold(str(module.STRINGS["event.date"])) for module in LANGUAGES.values()}
    for row in reader.event_sheet_rows(package):
        cells = [value for value in row if not is_blank(value)]
        if len(cells) >= 2 and isinstance(cells[0], str) and fold(cells[0]) in labels:
            value = cells[1]
            if isinstance(value, dt.datetime):
                return value.date().isoformat()
            if isinstance(value, dt.date):
                return value.isoformat()
            return shown(value).strip()
    return None
