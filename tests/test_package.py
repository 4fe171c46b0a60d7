"""Tests for xlsx_scorer.xlsx.splice: splicing our sheets into the organiser's xlsx package.

The main original is written by hand to look like an Excel file: mc:Ignorable prefixes, x14
data validations, a cached formula value, local defined names, a hidden sheet, calcChain, a
VBA part, customXml, an image shared by a kept and a removed sheet, a chart, comments and
printer settings on the sheets being replaced.
"""

from __future__ import annotations

import copy
import functools
import io
import posixpath
import re
import shutil
import struct
import subprocess
import warnings
import zipfile
import zlib
from pathlib import Path
from xml.etree import ElementTree as ET

import openpyxl
import pytest
import python_calamine
from openpyxl.chart import BarChart, Reference
from openpyxl.comments import Comment
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Font, PatternFill
from openpyxl.worksheet.hyperlink import Hyperlink

from xlsx_scorer.opc import zipraw as _zipraw
from xlsx_scorer.opc.zipraw import RawZipWriter
from xlsx_scorer.xlsx.splice import merge_sheets, sheet_names

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_R = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
XR = "http://schemas.microsoft.com/office/spreadsheetml/2014/revision"
XR2 = "http://schemas.microsoft.com/office/spreadsheetml/2015/revision2"
X14AC = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"
XDR = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
OUR_SHEETS = ("Standings", "Round Points", "Errors")
#: Parts merge_sheets may rewrite; everything else kept must be byte-identical.
EDITABLE = {
    "[Content_Types].xml",
    "xl/workbook.xml",
    "xl/_rels/workbook.xml.rels",
    "xl/styles.xml",
    "docProps/app.xml",
}
#: Parts of ``excel_like()`` that replacing ``REPLACE`` removes (or that are rebuilt: calcChain).
DROPPED = frozenset(
    {
        "xl/worksheets/sheet3.xml",
        "xl/worksheets/_rels/sheet3.xml.rels",
        "xl/worksheets/sheet4.xml",
        "xl/worksheets/_rels/sheet4.xml.rels",
        "xl/drawings/drawing2.xml",
        "xl/drawings/_rels/drawing2.xml.rels",
        "xl/charts/chart1.xml",
        "xl/printerSettings/printerSettings1.bin",
        "xl/comments1.xml",
        "xl/drawings/vmlDrawing1.vml",
        "xl/calcChain.xml",
    }
)
LINK = "Results!E7"
STORED, DEFLATED = zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED
RELS_CT = "application/vnd.openxmlformats-package.relationships+xml"
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def _png() -> bytes:
    """A valid 1x1 PNG."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x00\x00")
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def _zip(parts: dict[str, bytes | str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            info = zipfile.ZipInfo(name, (2024, 5, 1, 12, 0, 0))
            z.writestr(info, data.encode() if isinstance(data, str) else data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def _parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {n: z.read(n) for n in z.namelist()}


def _save(wb: openpyxl.Workbook) -> bytes:
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _load(data: bytes, *, data_only: bool = False) -> openpyxl.Workbook:
    """openpyxl, minus its notice that it drops x14 data validations."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Data Validation extension", UserWarning)
        return openpyxl.load_workbook(io.BytesIO(data), data_only=data_only)


@functools.cache
def _chart_xml() -> bytes:
    """A chart part as openpyxl writes it, for the organiser's old Standings sheet."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Standings"
    ws.append(["VP", 3])
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=1))
    ws.add_chart(chart, "D2")
    return _parts(_save(wb))["xl/charts/chart1.xml"]


def _anchor(body: str) -> str:
    return (
        "<xdr:oneCellAnchor><xdr:from><xdr:col>4</xdr:col><xdr:colOff>0</xdr:colOff>"
        "<xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>"
        f'<xdr:ext cx="952500" cy="952500"/>{body}<xdr:clientData/></xdr:oneCellAnchor>'
    )


PIC = (
    '<xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" name="Picture 1"/><xdr:cNvPicPr/></xdr:nvPicPr>'
    f'<xdr:blipFill><a:blip xmlns:r="{R}" r:embed="{{rid}}"/><a:stretch><a:fillRect/></a:stretch>'
    '</xdr:blipFill><xdr:spPr><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr></xdr:pic>'
)
CHART_FRAME = (
    '<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="3" name="Chart 1"/>'
    "<xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>"
    '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic>'
    '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">'
    f'<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:r="{R}"'
    ' r:id="rId1"/></a:graphicData></a:graphic></xdr:graphicFrame>'
)


def _rels(*rels: tuple[str, str, str]) -> str:
    items = "".join(f'<Relationship Id="{i}" Type="{t}" Target="{g}"/>' for i, t, g in rels)
    return f'{DECL}<Relationships xmlns="{PKG_R}">{items}</Relationships>'


def _sheet(body: str, view: str = "") -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<worksheet xmlns="{MAIN}" xmlns:r="{R}" xmlns:mc="{MC}" mc:Ignorable="x14ac xr xr2 xr3"'
        f' xmlns:x14ac="{X14AC}" xmlns:xr="{XR}" xmlns:xr2="{XR2}"'
        ' xmlns:xr3="http://schemas.microsoft.com/office/spreadsheetml/2016/revision3"'
        ' xr:uid="{00000000-0001-0000-0000-000000000000}">'
        f'<sheetViews><sheetView {view}workbookViewId="0"/></sheetViews>'
        f'<sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/>{body}</worksheet>'
    )


RESULTS_SHEET = _sheet(
    '<sheetData><row r="1" spans="1:3" x14ac:dyDescent="0.25"><c r="A1" t="s"><v>0</v></c>'
    '<c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>'
    '<row r="2" spans="1:3" x14ac:dyDescent="0.25"><c r="A2" t="s"><v>3</v></c>'
    '<c r="B2"><v>7</v></c>'
    '<c r="C2" s="1"><f>B2*2</f><v>14</v></c></row></sheetData>'
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
    '<drawing r:id="rId1"/><extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"'
    ' xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
    '<x14:dataValidations count="1" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main">'
    '<x14:dataValidation type="list" allowBlank="1" showInputMessage="1" showErrorMessage="1"'
    ' xr:uid="{00000000-0002-0000-0000-000000000000}"><x14:formula1><xm:f>Notes!$A$1:$A$3</xm:f>'
    "</x14:formula1><xm:sqref>A2:A20</xm:sqref></x14:dataValidation></x14:dataValidations></ext>"
    "</extLst>"
)
STYLES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<styleSheet xmlns="{MAIN}" xmlns:mc="{MC}" mc:Ignorable="x14ac x16r2 xr"'
    f' xmlns:x14ac="{X14AC}" xmlns:x16r2="http://schemas.microsoft.com/office/spreadsheetml/2015/02/main"'
    f' xmlns:xr="{XR}"><numFmts count="1">'
    '<numFmt numFmtId="164" formatCode="0.000 &quot;pts&quot;"/>'
    '</numFmts><fonts count="1" x14ac:knownFonts="1"><font><sz val="11"/><color theme="1"/>'
    '<name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts><fills count="2">'
    '<fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2"'
    ' defaultPivotStyle="PivotStyleLight16"/></styleSheet>'
)
STRINGS = ("Player", "VP", "Double", "Ana", "Old standings", "Hidden", "Notes")


def excel_like(active_tab: int = 2) -> bytes:
    """An Excel-style .xlsm: Results, Hidden (hidden), Standings, Errors, Notes."""
    rt = R + "/"
    wb_ct = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    sheets = [("Results", ""), ("Hidden", ' state="hidden"'), ("Standings", ""), ("Errors", "")]
    sheets.append(("Notes", ""))
    workbook = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<workbook xmlns="{MAIN}" xmlns:r="{R}" xmlns:mc="{MC}" mc:Ignorable="x15 xr xr6 xr10 xr2"'
        ' xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main"'
        f' xmlns:xr="{XR}" xmlns:xr6="http://schemas.microsoft.com/office/spreadsheetml/2016/revision6"'
        ' xmlns:xr10="http://schemas.microsoft.com/office/spreadsheetml/2016/revision10"'
        f' xmlns:xr2="{XR2}"><fileVersion appName="xl" lastEdited="7" lowestEdited="7"'
        ' rupBuild="27425"/><workbookPr codeName="ThisWorkbook" defaultThemeVersion="166925"/>'
        f'<mc:AlternateContent xmlns:mc="{MC}"><mc:Choice Requires="x15"><x15ac:absPath'
        ' url="C:/Tournoi/" xmlns:x15ac="http://schemas.microsoft.com/office/spreadsheetml/2010/11/ac"/>'
        '</mc:Choice></mc:AlternateContent><xr:revisionPtr revIDLastSave="0"'
        ' documentId="8_{5C1E4E0D-0000-0000-0000-000000000000}" xr6:coauthVersionLast="47"'
        ' xr6:coauthVersionMax="47" xr10:uidLastSave="{00000000-0000-0000-0000-000000000000}"/>'
        '<bookViews><workbookView xWindow="-120" yWindow="-120" windowWidth="29040"'
        f' windowHeight="15840" activeTab="{active_tab}"'
        ' xr2:uid="{6B0E3C5F-0000-0000-0000-000000000000}"/></bookViews><sheets>'
        + "".join(
            f'<sheet name="{name}" sheetId="{i + 1}"{state} r:id="rId{i + 1}"/>'
            for i, (name, state) in enumerate(sheets)
        )
        + "</sheets><definedNames>"
        '<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'
        "Results!$A$1:$C$2</definedName>"
        '<definedName name="_xlnm.Print_Titles" localSheetId="2">Standings!$1:$1</definedName>'
        '<definedName name="LocalHidden" localSheetId="1">Hidden!$A$1</definedName>'
        '<definedName name="NotesName" localSheetId="4">Notes!$A$1</definedName>'
        "<definedName name=\"Players\">'Results'!$A$2:$A$9</definedName></definedNames>"
        '<calcPr calcId="191029"/></workbook>'
    )
    parts: dict[str, bytes | str] = {
        "[Content_Types].xml": (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="{CT}">'
            '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>'
            '<Default Extension="png" ContentType="image/png"/>'
            f'<Default Extension="rels" ContentType="{RELS_CT}"/>'
            '<Default Extension="vml"'
            ' ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml"'
            ' ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/>'
            + "".join(
                f'<Override PartName="/xl/worksheets/sheet{i}.xml"'
                f' ContentType="{wb_ct}.worksheet+xml"/>'
                for i in range(1, 6)
            )
            + f'<Override PartName="/xl/styles.xml" ContentType="{wb_ct}.styles+xml"/>'
            f'<Override PartName="/xl/sharedStrings.xml" ContentType="{wb_ct}.sharedStrings+xml"/>'
            f'<Override PartName="/xl/calcChain.xml" ContentType="{wb_ct}.calcChain+xml"/>'
            f'<Override PartName="/xl/comments1.xml" ContentType="{wb_ct}.comments+xml"/>'
            '<Override PartName="/xl/printerSettings/printerSettings1.bin"'
            f' ContentType="{wb_ct}.printerSettings"/>'
            '<Override PartName="/xl/drawings/drawing1.xml"'
            ' ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>'
            '<Override PartName="/xl/drawings/drawing2.xml"'
            ' ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>'
            '<Override PartName="/xl/charts/chart1.xml"'
            ' ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>'
            '<Override PartName="/customXml/itemProps1.xml"'
            ' ContentType="application/vnd.openxmlformats-officedocument.customXmlProperties+xml"/>'
            '<Override PartName="/docProps/core.xml"'
            ' ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
            '<Override PartName="/docProps/app.xml"'
            ' ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>'
            "</Types>"
        ),
        "_rels/.rels": _rels(
            ("rId1", rt + "officeDocument", "xl/workbook.xml"),
            (
                "rId2",
                PKG_R.replace("relationships", "relationships/metadata/core-properties"),
                "docProps/core.xml",
            ),
            ("rId3", rt + "extended-properties", "docProps/app.xml"),
        ),
        "docProps/core.xml": (
            '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/'
            'core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Org'
            "</dc:creator></cp:coreProperties>"
        ),
        "docProps/app.xml": (
            '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-'
            'properties"><Application>Microsoft Excel</Application></Properties>'
        ),
        "xl/workbook.xml": workbook,
        "xl/_rels/workbook.xml.rels": _rels(
            *((f"rId{i}", rt + "worksheet", f"worksheets/sheet{i}.xml") for i in range(1, 6)),
            ("rId7", rt + "styles", "styles.xml"),
            ("rId8", rt + "sharedStrings", "sharedStrings.xml"),
            ("rId9", rt + "calcChain", "calcChain.xml"),
            (
                "rId10",
                "http://schemas.microsoft.com/office/2006/relationships/vbaProject",
                "vbaProject.bin",
            ),
            ("rId11", rt + "customXml", "../customXml/item1.xml"),
        ),
        "xl/worksheets/sheet1.xml": RESULTS_SHEET,
        "xl/worksheets/_rels/sheet1.xml.rels": _rels(
            ("rId1", rt + "drawing", "../drawings/drawing1.xml")
        ),
        "xl/drawings/drawing1.xml": (
            f'<xdr:wsDr xmlns:xdr="{XDR}" xmlns:a="{A}">'
            f"{_anchor(PIC.format(rid='rId1'))}</xdr:wsDr>"
        ),
        "xl/drawings/_rels/drawing1.xml.rels": _rels(("rId1", rt + "image", "../media/image1.png")),
        "xl/media/image1.png": _png(),
        "xl/worksheets/sheet2.xml": _sheet(
            '<sheetData><row r="1"><c r="A1" t="s"><v>5</v></c></row></sheetData>'
        ),
        "xl/worksheets/sheet3.xml": _sheet(
            '<sheetData><row r="1"><c r="A1" t="s"><v>4</v></c></row></sheetData>'
            '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3"'
            ' footer="0.3"/><pageSetup paperSize="9" orientation="portrait" r:id="rId2"/>'
            '<drawing r:id="rId1"/>',
            view='tabSelected="1" ',
        ),
        "xl/worksheets/_rels/sheet3.xml.rels": _rels(
            ("rId1", rt + "drawing", "../drawings/drawing2.xml"),
            ("rId2", rt + "printerSettings", "../printerSettings/printerSettings1.bin"),
        ),
        "xl/drawings/drawing2.xml": (
            f'<xdr:wsDr xmlns:xdr="{XDR}" xmlns:a="{A}">{_anchor(CHART_FRAME)}'
            f"{_anchor(PIC.format(rid='rId2'))}</xdr:wsDr>"
        ),
        "xl/drawings/_rels/drawing2.xml.rels": _rels(
            ("rId1", rt + "chart", "../charts/chart1.xml"),
            ("rId2", rt + "image", "../media/image1.png"),
        ),
        "xl/charts/chart1.xml": _chart_xml(),
        "xl/printerSettings/printerSettings1.bin": b"\x00printer\x01" * 10,
        "xl/worksheets/sheet4.xml": _sheet('<sheetData/><legacyDrawing r:id="rId2"/>'),
        "xl/worksheets/_rels/sheet4.xml.rels": _rels(
            ("rId1", rt + "comments", "../comments1.xml"),
            ("rId2", rt + "vmlDrawing", "../drawings/vmlDrawing1.vml"),
        ),
        "xl/comments1.xml": (
            f'<comments xmlns="{MAIN}"><authors><author>Org</author></authors><commentList>'
            '<comment ref="A1" authorId="0"><text><t>old</t></text></comment></commentList>'
            "</comments>"
        ),
        "xl/drawings/vmlDrawing1.vml": '<xml xmlns:v="urn:schemas-microsoft-com:vml"></xml>',
        "xl/worksheets/sheet5.xml": _sheet(
            '<sheetData><row r="1"><c r="A1" t="s"><v>6</v></c></row></sheetData>'
        ),
        "xl/styles.xml": STYLES,
        "xl/sharedStrings.xml": (
            f'<sst xmlns="{MAIN}" count="{len(STRINGS)}" uniqueCount="{len(STRINGS)}">'
            + "".join(f"<si><t>{s}</t></si>" for s in STRINGS)
            + "</sst>"
        ),
        "xl/calcChain.xml": f'<calcChain xmlns="{MAIN}"><c r="C2" i="1"/></calcChain>',
        "xl/vbaProject.bin": bytes(range(256)) * 4,
        "customXml/item1.xml": "<tournament/>",
        "customXml/_rels/item1.xml.rels": _rels(("rId1", rt + "customXmlProps", "itemProps1.xml")),
        "customXml/itemProps1.xml": (
            '<ds:datastoreItem ds:itemID="{11111111-0000-0000-0000-000000000000}"'
            ' xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"/>'
        ),
    }
    return _zip(parts)


def addition(*, comment: bool = False) -> bytes:
    """Our three sheets as openpyxl renders them."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Standings"
    ws.append(["Rank", "Player", "VP", "VP %"])
    ws.append([1, "Ana", 9.5, 0.625])
    ws.append([2, "Bo", 7.25, 0.375])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for row in range(2, 4):
        ws.cell(row, 3).number_format = "0.00"
        ws.cell(row, 4).number_format = "0.0%"
    ws.column_dimensions["B"].width = 31
    ws.freeze_panes = "A2"
    ws.print_title_rows = "1:1"
    fill = PatternFill("solid", start_color="FFFF00")
    ws.conditional_formatting.add(
        "D2:D3", CellIsRule(operator="greaterThan", formula=["0.5"], fill=fill)
    )
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=3, min_row=1, max_row=3), titles_from_data=True)
    ws.add_chart(chart, "F2")
    points = wb.create_sheet("Round Points")
    points.append(["Round", "Table", "Player", "Round Points"])
    points.append([1, "A", "Ana", 3])
    errors = wb.create_sheet("Errors")
    errors.append(["Sheet", "Cell", "Problem"])
    errors["A2"] = "Results"
    errors["B2"] = f'=HYPERLINK("#\'Results\'!E7","{LINK}")'
    errors["C2"] = "Settlements is 7"
    errors["C2"].hyperlink = Hyperlink(ref="C2", location="'Results'!E7")
    errors["D2"] = "rules"
    errors["D2"].hyperlink = "https://example.com/rules"
    if comment:
        errors["A2"].comment = Comment("hi", "me")
    return _save(wb)


CACHED = {("Errors", "B2"): LINK}
REPLACE = [*OUR_SHEETS, "Classement"]


@pytest.fixture(scope="module")
def merged() -> bytes:
    return merge_sheets(excel_like(), addition(), replace=REPLACE, cached_values=CACHED)


def _resolve(source: str, target: str) -> str:
    if target.startswith("/"):
        return target[1:]
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), target))


def _referenced(parts: dict[str, bytes]) -> set[str]:
    """Parts some relationship points at; asserts no internal relationship dangles."""
    found = set()
    for name, data in parts.items():
        if not name.endswith(".rels"):
            continue
        folder, base = posixpath.split(name)
        source = posixpath.join(posixpath.dirname(folder), base.removesuffix(".rels"))
        assert name == "_rels/.rels" or source in parts, f"{name} belongs to no part"
        for rel in ET.fromstring(data):
            if rel.get("TargetMode") != "External":
                target = _resolve(source, rel.get("Target", ""))
                assert target in parts, f"{name} points at missing {target}"
                found.add(target)
    return found


def assert_consistent(data: bytes, *, methods: frozenset[int] = frozenset({DEFLATED})) -> None:
    """No orphan part; every override points at a part; every part has a content type."""
    parts = _parts(data)
    assert next(iter(parts)) == "[Content_Types].xml"
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert {i.compress_type for i in z.infolist()} == methods
    rels = {n for n in parts if n.endswith(".rels")}
    orphans = set(parts) - _referenced(parts) - rels - {"[Content_Types].xml"}
    assert not orphans
    types = ET.fromstring(parts["[Content_Types].xml"])
    overrides = {el.get("PartName", "")[1:] for el in types if el.tag.endswith("Override")}
    defaults = {el.get("Extension") for el in types if el.tag.endswith("Default")}
    assert overrides <= set(parts)
    for name in set(parts) - {"[Content_Types].xml"}:
        assert name in overrides or name.rpartition(".")[2] in defaults, name


def _workbook(data: bytes) -> ET.Element:
    return ET.fromstring(_parts(data)["xl/workbook.xml"])


def _defined_names(data: bytes) -> dict[tuple[str, str | None], str]:
    return {
        (el.get("name", ""), el.get("localSheetId")): el.text or ""
        for el in _workbook(data).iter(f"{{{MAIN}}}definedName")
    }


def test_sheet_order_positions_and_states(merged: bytes) -> None:
    assert sheet_names(merged) == [
        "Results",
        "Hidden",
        "Standings",
        "Errors",
        "Notes",
        "Round Points",
    ]
    states = {el.get("name"): el.get("state") for el in _workbook(merged).iter(f"{{{MAIN}}}sheet")}
    assert states["Hidden"] == "hidden"
    ids = [int(el.get("sheetId", "")) for el in _workbook(merged).iter(f"{{{MAIN}}}sheet")]
    assert ids[:2] == [1, 2]
    assert ids[4] == 5
    assert min(ids[2], ids[3], ids[5]) > 5
    assert len(set(ids)) == len(ids)


def test_untouched_parts_are_byte_identical(merged: bytes) -> None:
    before, after = _parts(excel_like()), _parts(merged)
    dropped = DROPPED
    kept = set(before) - dropped - EDITABLE
    assert "xl/media/image1.png" in kept  # still used by the Results drawing
    for name in kept:
        assert after[name] == before[name], name
    # Names freed by removed parts may be reused by ours, with our content.
    for name in dropped & set(after):
        assert name.startswith(("xl/worksheets/", "xl/drawings/", "xl/charts/"))
    assert "calcChain" not in after["[Content_Types].xml"].decode()
    assert "calcChain" not in after["xl/_rels/workbook.xml.rels"].decode()


def test_edited_parts_keep_prefixes_and_untouched_elements(merged: bytes) -> None:
    before, after = _parts(excel_like()), _parts(merged)
    for name in ("xl/workbook.xml", "xl/styles.xml"):
        old, new = before[name].decode(), after[name].decode()
        root_tag = old[: old.index(">", old.index("<", 10)) + 1]
        assert new.startswith(root_tag), name
        declared = set(re.findall(r"xmlns:([\w.-]+)=", root_tag))
        ignorable = re.search(r'mc:Ignorable="([^"]*)"', root_tag)
        assert ignorable
        assert set(ignorable.group(1).split()) <= declared
        assert "ns0:" not in new
    old_wb, new_wb = before["xl/workbook.xml"].decode(), after["xl/workbook.xml"].decode()
    for fragment in (
        "<mc:AlternateContent",
        "<xr:revisionPtr",
        '<sheet name="Results" sheetId="1" r:id="rId1"/>',
        '<sheet name="Hidden" sheetId="2" state="hidden" r:id="rId2"/>',
        '<calcPr calcId="191029"/>',
    ):
        assert fragment in old_wb
        assert fragment in new_wb


def test_defined_names_follow_their_sheets(merged: bytes) -> None:
    assert _defined_names(merged) == {
        ("_xlnm._FilterDatabase", "0"): "Results!$A$1:$C$2",
        ("LocalHidden", "1"): "Hidden!$A$1",
        ("_xlnm.Print_Titles", "2"): "'Standings'!$1:$1",
        ("NotesName", "4"): "Notes!$A$1",
        ("Players", None): "'Results'!$A$2:$A$9",
    }


@pytest.mark.parametrize(
    ("active", "replace", "expected"),
    [
        (2, REPLACE, 2),  # the old Standings tab -> our Standings in its place
        (4, REPLACE, 4),  # Notes is kept, and moves with its index
        (0, REPLACE, 0),
        (4, [*REPLACE, "Notes"], 2),  # Notes removed -> first inserted sheet
    ],
)
def test_active_tab_stays_valid(active: int, replace: list[str], expected: int) -> None:
    out = merge_sheets(excel_like(active), addition(), replace=replace, cached_values=CACHED)
    view = next(_workbook(out).iter(f"{{{MAIN}}}workbookView"))
    assert view.get("activeTab") == str(expected)
    assert view.get("firstSheet", "0") == "0"
    assert view.get(f"{{{XR2}}}uid") == "{6B0E3C5F-0000-0000-0000-000000000000}"


def test_active_tab_falls_back_to_a_visible_inserted_sheet() -> None:
    wb = openpyxl.load_workbook(io.BytesIO(addition()))
    hidden = wb.create_sheet("Hidden")  # takes the place of the original Hidden, before ours
    hidden.sheet_state = "hidden"
    out = merge_sheets(excel_like(4), _save(wb), replace=[*REPLACE, "Notes", "Hidden"])
    names = sheet_names(out)
    assert names[:3] == ["Results", "Hidden", "Standings"]
    view = next(_workbook(out).iter(f"{{{MAIN}}}workbookView"))
    assert names[int(view.get("activeTab", ""))] == "Standings"


def test_inserted_sheets_are_not_tab_selected(merged: bytes) -> None:
    parts = _parts(merged)
    wb = _load(merged)
    for name in OUR_SHEETS:
        assert not wb[name].sheet_view.tabSelected
    ours = [n for n in parts if n.startswith("xl/worksheets/sheet") and b"inlineStr" in parts[n]]
    assert len(ours) == 3
    for name in ours:
        assert b"tabSelected" not in parts[name]


def test_openpyxl_sees_values_and_styles(merged: bytes) -> None:
    wb = _load(merged)
    st = wb["Standings"]
    assert [c.value for c in st[2]] == [1, "Ana", 9.5, 0.625]
    assert st["A1"].font.b
    assert st["B1"].font.b
    assert not st["B2"].font.b
    assert st["C2"].number_format == "0.00"
    assert st["D3"].number_format == "0.0%"
    assert st.column_dimensions["B"].width == 31
    assert st.freeze_panes == "A2"
    assert st.print_title_rows == "$1:$1"
    rules = [r for cf in st.conditional_formatting for r in cf.rules]
    assert rules[0].dxf.fill.fgColor.rgb.endswith("FFFF00")
    assert wb["Round Points"]["C2"].value == "Ana"
    errors = wb["Errors"]
    assert errors["B2"].value.startswith("=HYPERLINK(")
    assert errors["C2"].hyperlink.location == "'Results'!E7"
    assert errors["D2"].hyperlink.target == "https://example.com/rules"
    # The organiser's own sheets and formats are still there.
    assert wb["Results"]["C2"].value == "=B2*2"
    assert wb["Results"]["C2"].number_format == '0.000 "pts"'
    assert wb["Hidden"].sheet_state == "hidden"


def test_cached_values_are_readable(merged: bytes) -> None:
    wb = _load(merged, data_only=True)
    assert wb["Errors"]["B2"].value == LINK
    assert wb["Results"]["C2"].value == 14
    book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(merged))
    assert book.get_sheet_by_name("Errors").to_python()[1][1] == LINK
    assert book.get_sheet_by_name("Results").to_python()[1][2] == 14
    assert book.get_sheet_by_name("Standings").to_python()[1][:2] == [1, "Ana"]


def test_styles_are_appended_only(merged: bytes) -> None:
    old = _parts(excel_like())["xl/styles.xml"].decode()
    new = _parts(merged)["xl/styles.xml"].decode()
    for entry in re.findall(r"<(?:numFmt|font|fill|border|xf|cellStyle) .*?(?:/>|</\w+>)", old):
        assert entry in new
    root = ET.fromstring(new)
    for section in ("numFmts", "fonts", "fills", "borders", "cellXfs", "dxfs"):
        node = root.find(f"{{{MAIN}}}{section}")
        assert node is not None
        assert node.get("count") == str(len(node))
    formats = {el.get("formatCode"): el.get("numFmtId") for el in root.iter(f"{{{MAIN}}}numFmt")}
    assert formats['0.000 "pts"'] == "164"
    assert int(formats["0.0%"] or "0") > 164


def test_merging_twice_keeps_one_copy_and_no_orphans(merged: bytes) -> None:
    again = merge_sheets(merged, addition(), replace=REPLACE, cached_values=CACHED)
    assert sheet_names(again) == sheet_names(merged)
    assert_consistent(merged)
    assert_consistent(again)
    first, second = _parts(merged), _parts(again)
    assert set(first) == set(second)
    assert first["xl/styles.xml"] == second["xl/styles.xml"]
    for name in set(first) - EDITABLE:
        assert first[name] == second[name], name
    assert _defined_names(again) == _defined_names(merged)


def test_original_is_consistent() -> None:
    assert_consistent(excel_like())


def test_chart_survives(merged: bytes) -> None:
    parts = _parts(merged)
    chart = _parts(addition())["xl/charts/chart1.xml"]
    assert chart in parts.values()
    wb = _load(merged)
    assert len(wb["Standings"]._charts) == 1


def test_merge_is_deterministic(merged: bytes) -> None:
    assert merge_sheets(excel_like(), addition(), replace=REPLACE, cached_values=CACHED) == merged


def _with_shared_strings(data: bytes) -> bytes:
    """The addition rewritten to use sharedStrings (rich text for 'Ana'), as older writers do."""
    parts = _parts(data)
    strings: list[str] = []

    def share(m: re.Match[str]) -> str:
        body = m.group(2)
        if body == "<t>Ana</t>":
            body = '<r><rPr><b val="1"/></rPr><t>An</t></r><r><t xml:space="preserve">a</t></r>'
        strings.append(body)
        return f'{m.group(1)}t="s"><v>{len(strings) - 1}</v></c>'

    for name in [n for n in parts if n.startswith("xl/worksheets/sheet")]:
        parts[name] = re.sub(
            r'(<c r="\w+" (?:s="\d+" )?)t="inlineStr"><is>(.*?)</is></c>',
            share,
            parts[name].decode(),
        ).encode()
    parts["xl/sharedStrings.xml"] = (
        f'<sst xmlns="{MAIN}">' + "".join(f"<si>{s}</si>" for s in strings) + "</sst>"
    ).encode()
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>",
        f'<Relationship Id="rId99" Type="{R}/sharedStrings" Target="sharedStrings.xml"/>'
        "</Relationships>".encode(),
    )
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>",
        b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
        b'officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    )
    return _zip(dict(parts))


def test_shared_strings_become_inline() -> None:
    shared = _with_shared_strings(addition())
    assert b't="s"' in _parts(shared)["xl/worksheets/sheet1.xml"]
    out = merge_sheets(excel_like(), shared, replace=REPLACE, cached_values=CACHED)
    parts = _parts(out)
    assert parts["xl/sharedStrings.xml"] == _parts(excel_like())["xl/sharedStrings.xml"]
    standings = next(v for k, v in parts.items() if k.startswith("xl/worksheets/") and b"Rank" in v)
    assert b't="s"' not in standings
    assert (
        b'<is><r><rPr><b val="1"/></rPr><t>An</t></r><r><t xml:space="preserve">a</t></r></is>'
        in standings
    )
    wb = _load(out)
    assert wb["Standings"]["B2"].value == "Ana"
    assert wb["Errors"]["A1"].value == "Sheet"


def test_original_written_by_openpyxl() -> None:
    wb = openpyxl.Workbook()
    wb.active.title = "Results"
    wb.active["A1"] = "Player"
    old = wb.create_sheet("Standings")
    old["A1"] = "stale"
    old["A1"].font = Font(italic=True)
    wb.create_sheet("Later")
    original = _save(wb)
    out = merge_sheets(original, addition(), replace=OUR_SHEETS, cached_values=CACHED)
    assert sheet_names(out) == ["Results", "Standings", "Later", "Round Points", "Errors"]
    assert_consistent(out)
    loaded = _load(out)
    assert loaded["Standings"]["A1"].value == "Rank"
    assert loaded["Standings"]["A1"].font.b
    assert loaded["Results"]["A1"].value == "Player"


def test_prefixed_main_namespace_and_missing_sections() -> None:
    """A workbook and styles written with an x: prefix, no numFmts/dxfs/definedNames."""
    parts = _parts(excel_like())
    parts["xl/workbook.xml"] = (
        f'<x:workbook xmlns:x="{MAIN}" xmlns:rel="{R}"><x:bookViews><x:workbookView/></x:bookViews>'
        '<x:sheets><x:sheet name="Results" sheetId="1" rel:id="rId1"/></x:sheets>'
        '<x:calcPr calcId="191029"/></x:workbook>'
    ).encode()
    parts["xl/styles.xml"] = (
        f'<x:styleSheet xmlns:x="{MAIN}"><x:fonts count="1"><x:font><x:sz val="10"/></x:font>'
        '</x:fonts><x:fills count="1"><x:fill><x:patternFill/></x:fill></x:fills>'
        '<x:borders count="1"><x:border/></x:borders>'
        '<x:cellStyleXfs count="1"><x:xf/></x:cellStyleXfs><x:cellXfs count="1"><x:xf/></x:cellXfs>'
        '<x:cellStyles count="1"><x:cellStyle name="Normal" xfId="0" builtinId="0"/></x:cellStyles>'
        '<x:tableStyles count="0"/></x:styleSheet>'
    ).encode()
    out = merge_sheets(_zip(dict(parts)), addition(), replace=REPLACE, cached_values=CACHED)
    assert sheet_names(out) == ["Results", *OUR_SHEETS]
    styles = _parts(out)["xl/styles.xml"].decode()
    workbook = _parts(out)["xl/workbook.xml"].decode()
    assert "<font>" not in styles
    assert "<x:numFmts" in styles
    assert "<x:dxfs" in styles
    assert styles.index("<x:numFmts") < styles.index("<x:fonts")
    assert styles.index("<x:dxfs") < styles.index("<x:tableStyles")
    assert 'rel:id="' in workbook
    assert "<x:definedNames>" in workbook
    assert (
        workbook.index("</x:sheets>")
        < workbook.index("<x:definedNames>")
        < workbook.index("<x:calcPr")
    )
    root = ET.fromstring(styles)
    assert all(el.tag.startswith(f"{{{MAIN}}}") for el in root.iter())
    wb = _load(out)
    assert wb["Standings"]["A1"].font.b
    assert wb["Standings"]["C2"].number_format == "0.00"


def test_original_without_styles_part() -> None:
    main_ct = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    parts = {
        "[Content_Types].xml": (
            f'<Types xmlns="{CT}"><Default Extension="rels" ContentType="{RELS_CT}"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            f'<Override PartName="/xl/workbook.xml" ContentType="{main_ct}.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml"'
            f' ContentType="{main_ct}.worksheet+xml"/></Types>'
        ).encode(),
        "_rels/.rels": _rels(("rId1", R + "/officeDocument", "xl/workbook.xml")).encode(),
        "xl/workbook.xml": (
            f'<workbook xmlns="{MAIN}"><sheets><sheet xmlns:r="{R}" name="Results" sheetId="1"'
            ' r:id="rId1"/></sheets></workbook>'
        ).encode(),
        "xl/_rels/workbook.xml.rels": _rels(
            ("rId1", R + "/worksheet", "worksheets/sheet1.xml")
        ).encode(),
        "xl/worksheets/sheet1.xml": _sheet(
            '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Player</t></is></c></row>'
            "</sheetData>"
        ).encode(),
    }
    out = merge_sheets(_zip(dict(parts)), addition(), replace=REPLACE, cached_values=CACHED)
    assert_consistent(out)
    wb = _load(out)
    assert wb["Standings"]["A1"].font.b
    assert wb["Standings"]["D2"].number_format == "0.0%"


@pytest.mark.parametrize(
    ("original", "added", "kwargs", "message"),
    [
        (b"not a zip", None, {}, "not an xlsx"),
        (None, b"PK\x03\x04 broken", {}, "not an xlsx"),
        (None, None, {"replace": ["Standings"]}, "already exists"),
        (None, None, {"cached_values": {("Errors", "Z99"): "x"}}, "missing cell"),
        (None, None, {"cached_values": {("Errors", "A2"): "x"}}, "no formula"),
        (None, None, {"cached_values": {("Nope", "A1"): "x"}}, "no such sheet"),
        (None, None, {"cached_values": {("Errors", "B2"): "bad \x00"}}, "not representable"),
        (None, "comment", {}, "unsupported part"),
    ],
)
def test_value_errors(
    original: bytes | None, added: bytes | str | None, kwargs: dict[str, object], message: str
) -> None:
    args: dict[str, object] = {"replace": REPLACE, "cached_values": CACHED, **kwargs}
    add = addition(comment=True) if added == "comment" else added or addition()
    assert isinstance(add, bytes)
    with pytest.raises(ValueError, match=message):
        merge_sheets(original or excel_like(), add, **args)  # type: ignore[arg-type]


def test_hostile_xml_is_refused() -> None:
    parts = _parts(excel_like())
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>'
        f'<workbook xmlns="{MAIN}"><sheets>&lol2;</sheets></workbook>'
    )
    parts["xl/workbook.xml"] = bomb.encode()
    with pytest.raises(ValueError, match="not usable XML"):
        merge_sheets(_zip(dict(parts)), addition(), replace=REPLACE)


# --- The zip container: untouched members are copied as their compressed bytes. ---

LOCAL = struct.Struct("<4s5H3L2H")
KEPT = frozenset(_parts(excel_like())) - DROPPED - EDITABLE
WHEN = (2024, 5, 1, 12, 0, 0)


class _Pipe:
    """A write-only, non-seekable sink: zipfile then writes data descriptors (flag bit 3)."""

    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, chunk: bytes) -> int:
        self.data += chunk
        return len(chunk)

    def flush(self) -> None:
        pass


def _rezip(
    parts: dict[str, bytes],
    *,
    method: int = DEFLATED,
    methods: dict[str, int] | None = None,
    pipe: bool = False,
    level: int | None = None,
) -> bytes:
    """``parts`` zipped by zipfile with the given methods, into a stream or a pipe."""
    sink = _Pipe() if pipe else io.BytesIO()
    with zipfile.ZipFile(sink, "w") as z:  # type: ignore[call-overload]
        for name, data in parts.items():
            z.writestr(zipfile.ZipInfo(name, WHEN), data, (methods or {}).get(name, method), level)
    return bytes(sink.data) if isinstance(sink, _Pipe) else sink.getvalue()


def _raw(data: bytes, info: zipfile.ZipInfo) -> bytes:
    """A member's compressed bytes, found through its local header."""
    fields = LOCAL.unpack_from(data, info.header_offset)
    start = info.header_offset + LOCAL.size + fields[9] + fields[10]
    return data[start : start + info.compress_size]


def _infos(data: bytes) -> dict[str, zipfile.ZipInfo]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: i for i in z.infolist()}


def assert_copied_raw(original: bytes, out: bytes, names: frozenset[str] = KEPT) -> None:
    """``names`` have the original's method, CRC, sizes, time and compressed bytes in ``out``."""
    before, after = _infos(original), _infos(out)
    assert names <= set(after)
    for name in names:
        old, new = before[name], after[name]
        assert (new.compress_type, new.CRC, new.compress_size, new.file_size, new.date_time) == (
            old.compress_type,
            old.CRC,
            old.compress_size,
            old.file_size,
            old.date_time,
        ), name
        assert _raw(out, new) == _raw(original, old), name


def assert_valid_zip(data: bytes) -> None:
    """Every CRC checks; local headers agree with the directory, without descriptors or zip64."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert z.testzip() is None
        infos = z.infolist()
    for info in infos:
        sig, _, flags, method, time, date, crc, csize, size, _, extra = LOCAL.unpack_from(
            data, info.header_offset
        )
        assert sig == b"PK\x03\x04"
        assert not flags & 0x08, info.filename
        assert extra == 0
        assert info.extra == b""
        assert (method, crc, csize, size) == (
            info.compress_type,
            info.CRC,
            info.compress_size,
            info.file_size,
        )
        stamp = (date >> 9) + 1980, date >> 5 & 15, date & 31, time >> 11, time >> 5 & 63
        assert (*stamp, (time & 31) * 2) == info.date_time
    assert data[-22:-18] == b"PK\x05\x06"
    assert b"PK\x06\x06" not in data[-200:]  # no zip64 end record


def assert_readable(data: bytes) -> None:
    """openpyxl and calamine read the organiser's sheets and ours."""
    wb = _load(data, data_only=True)
    assert wb["Results"]["C2"].value == 14
    assert wb["Standings"]["B2"].value == "Ana"
    book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
    assert book.get_sheet_by_name("Results").to_python()[1][2] == 14
    assert book.get_sheet_by_name("Errors").to_python()[1][1] == LINK
    assert book.get_sheet_by_name("Notes").to_python()[0][0] == "Notes"


def test_untouched_members_keep_their_compressed_bytes(merged: bytes) -> None:
    assert_copied_raw(excel_like(), merged)
    assert_valid_zip(merged)
    assert_readable(merged)


def test_untouched_members_are_never_inflated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the parts merge_sheets parses are read from the original (spied on zipfile)."""
    original, add = excel_like(), addition()
    names = set(_parts(original))
    opened: list[str] = []
    real_open = zipfile.ZipFile.open

    def spy(self: zipfile.ZipFile, name: str | zipfile.ZipInfo, *args: object, **kw: object):  # type: ignore[no-untyped-def]
        if set(self.namelist()) == names:  # the original, not the addition
            opened.append(name.filename if isinstance(name, zipfile.ZipInfo) else name)
        return real_open(self, name, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(zipfile.ZipFile, "open", spy)
    merge_sheets(original, add, replace=REPLACE, cached_values=CACHED)
    untouched = KEPT - {n for n in KEPT if n.endswith(".rels")}
    assert "xl/worksheets/sheet1.xml" in untouched
    assert opened
    assert not set(opened) & untouched


@pytest.mark.parametrize(
    ("method", "pipe"),
    [(STORED, False), (STORED, True), (DEFLATED, True)],
    ids=["stored", "stored-descriptor", "deflated-descriptor"],
)
def test_stored_and_data_descriptor_members_round_trip(method: int, pipe: bool) -> None:
    original = _rezip(_parts(excel_like()), method=method, pipe=pipe)
    infos = _infos(original).values()
    assert {i.compress_type for i in infos} == {method}
    assert all(bool(i.flag_bits & 0x08) == pipe for i in infos)
    out = merge_sheets(original, addition(), replace=REPLACE, cached_values=CACHED)
    assert_copied_raw(original, out)
    assert_valid_zip(out)
    assert_consistent(out, methods=frozenset({method, DEFLATED}))
    rewritten = [i for n, i in _infos(out).items() if n in EDITABLE - {"docProps/app.xml"}]
    added = [i for n, i in _infos(out).items() if n not in _infos(original)]
    assert len(rewritten) == 4
    assert {i.compress_type for i in rewritten + added} == {DEFLATED}
    assert_readable(out)
    before, after = _parts(excel_like()), _parts(out)
    assert all(after[n] == before[n] for n in KEPT)


def test_mixed_methods_and_levels_round_trip() -> None:
    parts = _parts(excel_like())
    methods = dict.fromkeys(list(parts)[::2], STORED)
    original = _rezip(parts, methods=methods, level=9)
    out = merge_sheets(original, addition(), replace=REPLACE, cached_values=CACHED)
    assert_copied_raw(original, out)
    assert_valid_zip(out)
    assert_readable(out)


def test_original_with_zip64_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """Written with zip64 extra fields and end record (as for huge parts): read, copied raw."""
    with monkeypatch.context() as m:
        m.setattr(zipfile, "ZIP64_LIMIT", 200)
        original = _rezip(_parts(excel_like()))
    assert b"PK\x06\x06" in original
    infos = _infos(original)
    assert infos["xl/worksheets/sheet1.xml"].extra[:2] == b"\x01\x00"
    assert _parts(original) == _parts(excel_like())
    out = merge_sheets(original, addition(), replace=REPLACE, cached_values=CACHED)
    assert_copied_raw(original, out)
    assert_valid_zip(out)
    assert_readable(out)


def test_other_compression_methods_are_deflated_anew() -> None:
    parts = _parts(excel_like())
    original = _rezip(parts, methods={"customXml/item1.xml": zipfile.ZIP_BZIP2})
    out = merge_sheets(original, addition(), replace=REPLACE, cached_values=CACHED)
    assert _infos(out)["customXml/item1.xml"].compress_type == DEFLATED
    assert _parts(out)["customXml/item1.xml"] == parts["customXml/item1.xml"]
    assert_copied_raw(original, out, KEPT - {"customXml/item1.xml"})
    assert_valid_zip(out)


def test_damaged_local_header_is_refused() -> None:
    original = bytearray(excel_like())
    info = _infos(bytes(original))["xl/vbaProject.bin"]
    at = info.header_offset + LOCAL.size + len("xl/vbaProject.bi")
    original[at : at + 1] = b"x"
    with pytest.raises(ValueError, match="local file header"):
        merge_sheets(bytes(original), addition(), replace=REPLACE)
    original[info.header_offset] = ord("Q")
    with pytest.raises(ValueError, match="no local file header"):
        merge_sheets(bytes(original), addition(), replace=REPLACE)


def test_writer_copies_and_writes_non_ascii_names() -> None:
    source = _rezip({"données/é.bin": b"\x00\x01" * 50, "plain.txt": b"text " * 40})
    writer = RawZipWriter()
    with zipfile.ZipFile(io.BytesIO(source)) as z:
        for info in z.infolist():
            writer.copy(z, source, info)
    writer.write("über.xml", b"<a/>", WHEN)
    out = writer.getvalue()
    assert_valid_zip(out)
    assert_copied_raw(source, out, frozenset({"données/é.bin", "plain.txt"}))
    assert _parts(out) == {
        "données/é.bin": b"\x00\x01" * 50,
        "plain.txt": b"text " * 40,
        "über.xml": b"<a/>",
    }
    assert _infos(out)["über.xml"].flag_bits & 0x800
    assert not _infos(out)["plain.txt"].flag_bits & 0x800
    assert writer.getvalue() == out


def test_writer_refuses_what_needs_zip64_or_a_password(monkeypatch: pytest.MonkeyPatch) -> None:
    source = _rezip({"a.xml": b"<a/>" * 100})
    with zipfile.ZipFile(io.BytesIO(source)) as z:
        info = z.getinfo("a.xml")
        huge = copy.copy(info)
        huge.file_size = 1 << 32
        with pytest.raises(ValueError, match="4 GiB"):
            RawZipWriter().copy(z, source, huge)
        locked = copy.copy(info)
        locked.flag_bits |= 0x01
        with pytest.raises(ValueError, match="encrypted"):
            RawZipWriter().copy(z, source, locked)
        cut = copy.copy(info)
        cut.compress_size = len(source)
        with pytest.raises(ValueError, match="past the end"):
            RawZipWriter().copy(z, source, cut)
        writer = RawZipWriter()
        writer.copy(z, source, info)
        with pytest.raises(ValueError, match="duplicate"):
            writer.copy(z, source, info)
    monkeypatch.setattr(_zipraw, "_MAX_MEMBERS", 3)
    writer = RawZipWriter()
    for i in range(3):
        writer.write(f"{i}.xml", b"", WHEN)
    with pytest.raises(ValueError, match="more than 3 zip members"):
        writer.write("3.xml", b"", WHEN)


@pytest.mark.slow
def test_writer_writes_65535_members_without_zip64() -> None:
    writer = RawZipWriter()
    for i in range(65_535):
        writer.write(f"{i}", b"", WHEN)
    out = writer.getvalue()
    assert len(_infos(out)) == 65_535
    assert b"PK\x06\x06" not in out[-200:]
    with pytest.raises(ValueError, match="more than 65535"):
        writer.write("one more", b"", WHEN)


@pytest.mark.libreoffice
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_libreoffice_opens_the_result(merged: bytes, tmp_path: Path) -> None:
    source = tmp_path / "merged.xlsm"
    source.write_bytes(merged)
    out_dir = tmp_path / "out"
    subprocess.run(
        [
            shutil.which("soffice") or "soffice",
            f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
            "--headless",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(out_dir),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    converted = out_dir / "merged.xlsx"
    assert converted.exists()
    wb = _load(converted.read_bytes(), data_only=True)
    assert set(OUR_SHEETS) <= set(wb.sheetnames)
    assert wb["Standings"]["B2"].value == "Ana"
    assert wb["Errors"]["B2"].value == LINK
