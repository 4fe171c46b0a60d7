"""Organiser packages for the package and writer tests, and checks on what we write.

The main original is written by hand to look like an Excel file: mc:Ignorable prefixes, x14
data validations, a cached formula value, local defined names, a hidden sheet, calcChain, a
VBA part, customXml, an image shared by a kept and a removed sheet, a chart, comments and
printer settings on the sheets being replaced.
"""

from __future__ import annotations

import functools
import io
import posixpath
import struct
import warnings
import zipfile
import zlib
from xml.etree import ElementTree as ET

import openpyxl
import python_calamine
from openpyxl.chart import BarChart, Reference

from xlsx_scorer.xlsx.write.spec import Chart, Column, SheetSpec

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
#: Parts a run may rewrite; everything else kept must be byte-identical.
EDITABLE = {
    "[Content_Types].xml",
    "xl/workbook.xml",
    "xl/_rels/workbook.xml.rels",
    "xl/styles.xml",
}
#: Parts of ``excel_like()`` that writing our sheets removes: those only our old Standings and
#: Errors reach, and calcChain (rebuilt by Excel).
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


def zip_parts(parts: dict[str, bytes | str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            info = zipfile.ZipInfo(name, (2024, 5, 1, 12, 0, 0))
            z.writestr(info, data.encode() if isinstance(data, str) else data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def parts_of(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {n: z.read(n) for n in z.namelist()}


def save_book(wb: openpyxl.Workbook) -> bytes:
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def load(data: bytes, *, data_only: bool = False) -> openpyxl.Workbook:
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
    return parts_of(save_book(wb))["xl/charts/chart1.xml"]


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


def rels_xml(*rels: tuple[str, str, str]) -> str:
    items = "".join(f'<Relationship Id="{i}" Type="{t}" Target="{g}"/>' for i, t, g in rels)
    return f'{DECL}<Relationships xmlns="{PKG_R}">{items}</Relationships>'


def sheet_xml(body: str, view: str = "") -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<worksheet xmlns="{MAIN}" xmlns:r="{R}" xmlns:mc="{MC}" mc:Ignorable="x14ac xr xr2 xr3"'
        f' xmlns:x14ac="{X14AC}" xmlns:xr="{XR}" xmlns:xr2="{XR2}"'
        ' xmlns:xr3="http://schemas.microsoft.com/office/spreadsheetml/2016/revision3"'
        ' xr:uid="{00000000-0001-0000-0000-000000000000}">'
        f'<sheetViews><sheetView {view}workbookViewId="0"/></sheetViews>'
        f'<sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/>{body}</worksheet>'
    )


RESULTS_SHEET = sheet_xml(
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


def excel_like(active_tab: int = 2, *, marked: bool = True) -> bytes:
    """An Excel-style .xlsm: Results, Hidden (hidden), Standings, Errors, Notes.

    ``marked``: Standings and Errors carry our marker (we wrote them in an earlier run).
    """
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
        "<definedName name=\"Players\">'Results'!$A$2:$A$9</definedName>"
        + (
            '<definedName name="_xlsx_scorer.standings" localSheetId="2" hidden="1">'
            "Standings!$1:$1048576</definedName>"
            '<definedName name="_xlsx_scorer.errors" localSheetId="3" hidden="1">'
            "Errors!$1:$1048576</definedName>"
            if marked
            else ""
        )
        + "</definedNames>"
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
        "_rels/.rels": rels_xml(
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
        "xl/_rels/workbook.xml.rels": rels_xml(
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
        "xl/worksheets/_rels/sheet1.xml.rels": rels_xml(
            ("rId1", rt + "drawing", "../drawings/drawing1.xml")
        ),
        "xl/drawings/drawing1.xml": (
            f'<xdr:wsDr xmlns:xdr="{XDR}" xmlns:a="{A}">'
            f"{_anchor(PIC.format(rid='rId1'))}</xdr:wsDr>"
        ),
        "xl/drawings/_rels/drawing1.xml.rels": rels_xml(
            ("rId1", rt + "image", "../media/image1.png")
        ),
        "xl/media/image1.png": _png(),
        "xl/worksheets/sheet2.xml": sheet_xml(
            '<sheetData><row r="1"><c r="A1" t="s"><v>5</v></c></row></sheetData>'
        ),
        "xl/worksheets/sheet3.xml": sheet_xml(
            '<sheetData><row r="1"><c r="A1" t="s"><v>4</v></c></row></sheetData>'
            '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3"'
            ' footer="0.3"/><pageSetup paperSize="9" orientation="portrait" r:id="rId2"/>'
            '<drawing r:id="rId1"/>',
            view='tabSelected="1" ',
        ),
        "xl/worksheets/_rels/sheet3.xml.rels": rels_xml(
            ("rId1", rt + "drawing", "../drawings/drawing2.xml"),
            ("rId2", rt + "printerSettings", "../printerSettings/printerSettings1.bin"),
        ),
        "xl/drawings/drawing2.xml": (
            f'<xdr:wsDr xmlns:xdr="{XDR}" xmlns:a="{A}">{_anchor(CHART_FRAME)}'
            f"{_anchor(PIC.format(rid='rId2'))}</xdr:wsDr>"
        ),
        "xl/drawings/_rels/drawing2.xml.rels": rels_xml(
            ("rId1", rt + "chart", "../charts/chart1.xml"),
            ("rId2", rt + "image", "../media/image1.png"),
        ),
        "xl/charts/chart1.xml": _chart_xml(),
        "xl/printerSettings/printerSettings1.bin": b"\x00printer\x01" * 10,
        "xl/worksheets/sheet4.xml": sheet_xml('<sheetData/><legacyDrawing r:id="rId2"/>'),
        "xl/worksheets/_rels/sheet4.xml.rels": rels_xml(
            ("rId1", rt + "comments", "../comments1.xml"),
            ("rId2", rt + "vmlDrawing", "../drawings/vmlDrawing1.vml"),
        ),
        "xl/comments1.xml": (
            f'<comments xmlns="{MAIN}"><authors><author>Org</author></authors><commentList>'
            '<comment ref="A1" authorId="0"><text><t>old</t></text></comment></commentList>'
            "</comments>"
        ),
        "xl/drawings/vmlDrawing1.vml": '<xml xmlns:v="urn:schemas-microsoft-com:vml"></xml>',
        "xl/worksheets/sheet5.xml": sheet_xml(
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
        "customXml/_rels/item1.xml.rels": rels_xml(
            ("rId1", rt + "customXmlProps", "itemProps1.xml")
        ),
        "customXml/itemProps1.xml": (
            '<ds:datastoreItem ds:itemID="{11111111-0000-0000-0000-000000000000}"'
            ' xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"/>'
        ),
    }
    return zip_parts(parts)


def resolve_target(source: str, target: str) -> str:
    if target.startswith("/"):
        return target[1:]
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), target))


def referenced_parts(parts: dict[str, bytes]) -> set[str]:
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
                target = resolve_target(source, rel.get("Target", ""))
                assert target in parts, f"{name} points at missing {target}"
                found.add(target)
    return found


def assert_consistent(data: bytes, *, methods: frozenset[int] = frozenset({DEFLATED})) -> None:
    """No orphan part; every override points at a part; every part has a content type."""
    parts = parts_of(data)
    assert next(iter(parts)) == "[Content_Types].xml"
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert {i.compress_type for i in z.infolist()} == methods
    rels = {n for n in parts if n.endswith(".rels")}
    orphans = set(parts) - referenced_parts(parts) - rels - {"[Content_Types].xml"}
    assert not orphans
    types = ET.fromstring(parts["[Content_Types].xml"])
    overrides = {el.get("PartName", "")[1:] for el in types if el.tag.endswith("Override")}
    defaults = {el.get("Extension") for el in types if el.tag.endswith("Default")}
    assert overrides <= set(parts)
    for name in set(parts) - {"[Content_Types].xml"}:
        assert name in overrides or name.rpartition(".")[2] in defaults, name


LOCAL = struct.Struct("<4s5H3L2H")
KEPT = frozenset(parts_of(excel_like())) - DROPPED - EDITABLE
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


def rezip(
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


def raw_bytes(data: bytes, info: zipfile.ZipInfo) -> bytes:
    """A member's compressed bytes, found through its local header."""
    fields = LOCAL.unpack_from(data, info.header_offset)
    start = info.header_offset + LOCAL.size + fields[9] + fields[10]
    return data[start : start + info.compress_size]


def infos(data: bytes) -> dict[str, zipfile.ZipInfo]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: i for i in z.infolist()}


def assert_copied_raw(original: bytes, out: bytes, names: frozenset[str] = KEPT) -> None:
    """``names`` have the original's method, CRC, sizes, time and compressed bytes in ``out``."""
    before, after = infos(original), infos(out)
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
        assert raw_bytes(out, new) == raw_bytes(original, old), name


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
    wb = load(data, data_only=True)
    assert wb["Results"]["C2"].value == 14
    assert wb["Standings"]["B6"].value == "Ana"
    book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
    assert book.get_sheet_by_name("Results").to_python()[1][2] == 14
    assert book.get_sheet_by_name("Errors").to_python()[4][1] == LINK
    assert book.get_sheet_by_name("Notes").to_python()[0][0] == "Notes"


def specs(*, chart: bool = True) -> list[SheetSpec]:
    """Our three sheets: Standings (with its chart), Round Points, Errors (with a cell link)."""
    standings = SheetSpec(
        "standings",
        "Standings",
        "Standings",
        ("Computed from 1 game.", "Check: 0123456789"),
        (
            Column("Rank", 7, "0"),
            Column("Player", 28),
            Column("Round Points", 13, "0.00"),
            Column("VP %", 9, "0.0%"),
            Column("R1", 7, "0.00"),
            Column("R2", 7, "0.00"),
        ),
        ((1, "Ana", 9.5, 0.625, 5.0, 4.5), (2, "Bo", 7.25, 0.375, 3.0, 4.25)),
        chart=Chart(
            "Leaders", ("R1", "R2"), (("Ana", (5.0, 9.5)), ("Bo", (3.0, 7.25))), "Chart Data"
        )
        if chart
        else None,
    )
    points = SheetSpec(
        "round_points",
        "Round Points",
        "Round Points",
        ("Check: 0123456789",),
        (Column("Round", 8, "0"), Column("Table"), Column("Player"), Column("Points", 8, "0.00")),
        ((1, "A", "Ana", 3.0),),
    )
    errors = SheetSpec(
        "errors",
        "Errors",
        "Errors",
        ("1 problem.",),
        (Column("Sheet"), Column("Cell"), Column("Problem", 90)),
        (("Results", LINK, "Settlements is 7"),),
        {(0, 1): "'Results'!E7"},
    )
    return [standings, points, errors]
