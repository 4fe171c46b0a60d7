"""The archive copy of a scored workbook: every sheet protected, the fingerprint recorded.

Edits are spliced into the XML text at positions expat reports (``patch``);
nothing is re-serialised, and every other zip member is copied as it is.

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
  none; an existing property of the same name is replaced.

>>> xml = (b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
...        b'<sheetData/><pageMargins/></worksheet>')
>>> protect_sheet(xml, "sheet")[77:]
b'<sheetData/><sheetProtection sheet="1" objects="1" scenarios="1"/><pageMargins/></worksheet>'
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import zipfile
from collections.abc import Mapping
from typing import Any

from xlsx_scorer.core.cells import is_blank, shown
from xlsx_scorer.i18n import LANGUAGES, fold
from xlsx_scorer.xlsx import patch, reader, spans

_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_RT_CUSTOM = _R + "/custom-properties"
_CUSTOM = "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"
_VT = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
_CT_CUSTOM = "application/vnd.openxmlformats-officedocument.custom-properties+xml"
#: The format id every custom document property carries.
_FMTID = "{D5CDD505-2E9C-101B-9397-08002B2CF9AE}"
_FIRST_PID = 2
_CUSTOM_PART = "docProps/custom.xml"
_CONTENT_TYPES = "[Content_Types].xml"
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


def _local(name: str) -> str:
    return name.rpartition(":")[2]


def protect_sheet(xml: bytes, name: str) -> bytes:
    """A sheet part with ``<sheetProtection>`` inserted (or switched on), see the module rules."""
    root = spans.outline(xml, name)
    kind = _local(root.name)
    if kind not in _PROTECTION:
        raise ValueError(f"{name}: cannot protect a {kind}")
    prefix = spans.main_prefix(root, name)
    existing = next((c for c in root.children if _local(c.name) == "sheetProtection"), None)
    if existing is not None:
        switch = "content" if kind == "chartsheet" else "sheet"
        if (existing.get(switch) or "0").lower() not in _OFF:
            return xml
        attributes = [(k, v) for k, v in existing.attributes if k != switch] + [(switch, "1")]
        tag = existing.name + "".join(f' {k}="{spans.escape_attribute(v)}"' for k, v in attributes)
        end = spans.start_tag_end(xml, existing.start)
        closing = "/>" if existing.empty else ">"
        return xml[: existing.start] + f"<{tag}{closing}".encode() + xml[end:]
    before = [c for c in root.children if _local(c.name) in _BEFORE_PROTECTION[kind]]
    at = before[-1].end if before else spans.start_tag_end(xml, root.start)
    element = f"<{prefix}sheetProtection {_PROTECTION[kind]}/>".encode()
    return xml[:at] + element + xml[at:]


def _insert_before_end(xml: bytes, name: str, text: str) -> bytes:
    """``text`` added as the root element's last content."""
    root = spans.outline(xml, name)
    if root.empty:
        tag = xml[root.start : root.end].decode().removesuffix("/>").rstrip()
        local = root.name
        return xml[: root.start] + f"{tag}>{text}</{local}>".encode() + xml[root.end :]
    return xml[: root.close] + text.encode() + xml[root.close :]


def _property_xml(pid: int, name: str, value: str, vt_prefix: str | None) -> str:
    declare = "" if vt_prefix else f' xmlns:vt="{_VT}"'
    vt = vt_prefix or "vt"
    return (
        f'<property fmtid="{_FMTID}" pid="{pid}" name="{spans.escape_attribute(name)}">'
        f"<{vt}:lpwstr{declare}>{spans.escape_text(value)}</{vt}:lpwstr></property>"
    )


def _with_properties(xml: bytes, properties: Mapping[str, str]) -> bytes:
    """An existing custom properties part with ``properties`` set (replaced or appended)."""
    root = spans.outline(xml, _CUSTOM_PART)
    prefix, _, _ = root.name.rpartition(":")
    if root.get(f"xmlns:{prefix}" if prefix else "xmlns") != _CUSTOM or prefix:
        raise ValueError(f"{_CUSTOM_PART}: not a custom properties part in the usual form")
    vt_prefix = next(
        (k.partition(":")[2] for k, v in root.attributes if k.startswith("xmlns:") and v == _VT),
        None,
    )
    pids = [int(p) for c in root.children if (p := c.get("pid") or "").isdigit()]
    pid = max([_FIRST_PID - 1, *pids]) + 1
    out = xml
    pending: dict[str, str] = {}
    for name, value in properties.items():
        same = [c for c in root.children if c.get("name") == name]
        if same:
            pending[name] = value
        else:
            out = _insert_before_end(out, _CUSTOM_PART, _property_xml(pid, name, value, vt_prefix))
            pid += 1
    for name, value in pending.items():  # each found again in the text as it now is
        root = spans.outline(out, _CUSTOM_PART)
        old = next(c for c in root.children if c.get("name") == name)
        new = _property_xml(int(old.get("pid") or pid), name, value, vt_prefix)
        out = out[: old.start] + new.encode() + out[old.end :]
    return out


def _custom_part(archive: zipfile.ZipFile) -> str | None:
    return next(
        (t for _, kind, t in patch.relationships(archive, "") if kind == _RT_CUSTOM),
        None,
    )


def seal(package: bytes, properties: Mapping[str, str]) -> bytes:
    """``package`` with every sheet protected and ``properties`` recorded (module rules)."""
    replaced: dict[str, bytes] = {}
    added: dict[str, bytes] = {}
    for sheet, part in patch.sheet_parts(package).items():
        replaced[part] = protect_sheet(patch.read_part(package, part), f"{sheet} ({part})")
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        existing = _custom_part(archive)
        names = set(archive.namelist())
        if existing is not None and existing in names:
            replaced[existing] = _with_properties(archive.read(existing), properties)
        else:
            part = _CUSTOM_PART if _CUSTOM_PART not in names else "docProps/custom2.xml"
            empty = (
                '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                f'<Properties xmlns="{_CUSTOM}" xmlns:vt="{_VT}"></Properties>'
            )
            added[part] = _with_properties(empty.encode(), properties)
            rels = archive.read("_rels/.rels")
            ids = {rid for rid, _, _ in patch.relationships(archive, "")}
            rid = next(f"rIdCustom{n}" for n in range(len(ids) + 1) if f"rIdCustom{n}" not in ids)
            replaced["_rels/.rels"] = _insert_before_end(
                rels,
                "_rels/.rels",
                f'<Relationship Id="{rid}" Type="{_RT_CUSTOM}" Target="{part}"/>',
            )
            replaced[_CONTENT_TYPES] = _insert_before_end(
                archive.read(_CONTENT_TYPES),
                _CONTENT_TYPES,
                f'<Override PartName="/{part}" ContentType="{_CT_CUSTOM}"/>',
            )
    return patch.rebuild(package, replaced, added=added)


def custom_properties(package: bytes) -> dict[str, str]:
    """The workbook's custom document properties that hold text, by name."""
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        part = _custom_part(archive)
        if part is None or part not in archive.namelist():
            return {}
        root = spans.outline(
            archive.read(part), part, [("property", "lpwstr"), ("property", "bstr")]
        )
        data = archive.read(part)
    found = {}
    for element in root.children:
        name = element.get("name")
        texts = [c for c in element.children if _local(c.name) in ("lpwstr", "bstr")]
        if name is not None and texts and not texts[0].empty:
            start = spans.start_tag_end(data, texts[0].start)
            found[name] = _unescape(data[start : texts[0].close].decode("utf-8"))
    return found


def _unescape(text: str) -> str:
    """Character data of a text-only element (the five entities and character references)."""
    parser = spans.parser_for(b"<t>" + text.encode() + b"</t>", "text")
    pieces: list[str] = []
    parser.CharacterDataHandler = pieces.append
    parser.Parse(b"<t>" + text.encode() + b"</t>", True)
    return "".join(pieces)


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


def sheet_digests(package: bytes) -> dict[str, str]:
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


def event_date(package: bytes) -> str | None:
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
