"""``write_sheets``: our sheets written into the organiser's package, theirs untouched.

The organiser's package (``tests.packages.excel_like``) looks like an Excel .xlsm with a
Standings and an Errors sheet we wrote in an earlier run (they carry our marker).
"""

from __future__ import annotations

import io
import re
from dataclasses import replace
from xml.etree import ElementTree as ET

import pytest

from tests.packages import (
    DROPPED,
    EDITABLE,
    LINK,
    MAIN,
    OUR_SHEETS,
    RELS_CT,
    XDR,
    XR2,
    R,
    assert_consistent,
    assert_readable,
    excel_like,
    load,
    parts_of,
    rels_xml,
    sheet_xml,
    specs,
    zip_parts,
)
from xlsx_scorer.app.report import CHART_PLAYERS
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.ours import our_sheets
from xlsx_scorer.xlsx.write.chart import chart_xml
from xlsx_scorer.xlsx.write.spec import Chart
from xlsx_scorer.xlsx.write.splice import write_sheets

CHART = "http://schemas.openxmlformats.org/drawingml/2006/chart"
DRAWINGML = "http://schemas.openxmlformats.org/drawingml/2006/main"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"
WORKSHEET_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"


@pytest.fixture(scope="module")
def merged() -> bytes:
    return write_sheets(Package.open(excel_like()), specs())


def _workbook(data: bytes) -> ET.Element:
    return ET.fromstring(parts_of(data)["xl/workbook.xml"])


def sheet_names(data: bytes) -> list[str]:
    return [el.get("name", "") for el in _workbook(data).iter(f"{{{MAIN}}}sheet")]


def _defined_names(data: bytes) -> dict[tuple[str, str | None], str]:
    return {
        (el.get("name", ""), el.get("localSheetId")): el.text or ""
        for el in _workbook(data).iter(f"{{{MAIN}}}definedName")
    }


def _part_of(data: bytes, sheet: str) -> str:
    """The member holding ``sheet`` (through the workbook's relationships)."""
    package = Package.open(data)
    entry = next(entry for entry in package.sheets if entry.name == sheet)
    assert entry.part is not None
    return entry.part.member


def test_sheet_order_positions_and_states(merged: bytes) -> None:
    assert sheet_names(merged) == [
        "Results",
        "Hidden",
        "Standings",
        "Errors",
        "Notes",
        "Round Points",
        "Chart Data",
    ]
    states = {el.get("name"): el.get("state") for el in _workbook(merged).iter(f"{{{MAIN}}}sheet")}
    assert states["Hidden"] == "hidden"
    assert states["Chart Data"] == "hidden"
    ids = [int(el.get("sheetId", "")) for el in _workbook(merged).iter(f"{{{MAIN}}}sheet")]
    assert (ids[:2], ids[4]) == ([1, 2], 5)  # kept ones unchanged
    assert sorted(ids) == [1, 2, 3, 4, 5, 6, 7]  # ours the smallest free


def test_our_sheets_are_recognised_by_their_marker(merged: bytes) -> None:
    assert [(s.name, s.kind) for s in our_sheets(Package.open(merged))] == [
        ("Standings", "standings"),
        ("Errors", "errors"),
        ("Round Points", "round_points"),
        ("Chart Data", "chart_data"),
    ]


def test_untouched_parts_are_byte_identical(merged: bytes) -> None:
    before, after = parts_of(excel_like()), parts_of(merged)
    kept = set(before) - DROPPED - EDITABLE
    assert "xl/media/image1.png" in kept  # still used by the Results drawing
    assert "docProps/app.xml" in kept
    for name in kept:
        assert after[name] == before[name], name
    for name in DROPPED & set(after):  # names freed by removed parts, reused for ours
        assert name.startswith(("xl/worksheets/", "xl/drawings/", "xl/charts/"))
    assert "calcChain" not in after["[Content_Types].xml"].decode()
    assert "calcChain" not in after["xl/_rels/workbook.xml.rels"].decode()


def test_edited_parts_keep_prefixes_and_untouched_elements(merged: bytes) -> None:
    before, after = parts_of(excel_like()), parts_of(merged)
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
        ("NotesName", "4"): "Notes!$A$1",
        ("Players", None): "'Results'!$A$2:$A$9",
        ("_xlnm.Print_Titles", "2"): "'Standings'!$5:$5",
        ("_xlsx_scorer.standings", "2"): "'Standings'!$1:$1048576",
        ("_xlnm.Print_Titles", "3"): "'Errors'!$4:$4",
        ("_xlsx_scorer.errors", "3"): "'Errors'!$1:$1048576",
        ("_xlnm.Print_Titles", "5"): "'Round Points'!$4:$4",
        ("_xlsx_scorer.round_points", "5"): "'Round Points'!$1:$1048576",
        ("_xlsx_scorer.chart_data", "6"): "'Chart Data'!$1:$1048576",
    }


@pytest.mark.parametrize(
    ("active", "expected"),
    [
        (2, 2),  # the old Standings tab -> our Standings in its place
        (4, 4),  # Notes is kept, and moves with its index
        (0, 0),
        (9, 2),  # out of range -> our first visible sheet
    ],
)
def test_active_tab_stays_valid(active: int, expected: int) -> None:
    out = write_sheets(Package.open(excel_like(active)), specs())
    view = next(_workbook(out).iter(f"{{{MAIN}}}workbookView"))
    assert view.get("activeTab") == str(expected)
    assert view.get("firstSheet", "0") == "0"
    assert view.get(f"{{{XR2}}}uid") == "{6B0E3C5F-0000-0000-0000-000000000000}"


def test_the_sheet_asked_for_opens_first_when_no_sheet_of_theirs_is_selected() -> None:
    out = write_sheets(Package.open(excel_like(2)), specs(), active="errors")
    view = next(_workbook(out).iter(f"{{{MAIN}}}workbookView"))
    assert sheet_names(out)[int(view.get("activeTab", ""))] == "Errors"
    selected = [
        name
        for name in sheet_names(out)
        if b'tabSelected="1"' in parts_of(out)[_part_of(out, name)]
    ]
    assert selected == ["Errors"]


def _selected(data: bytes) -> list[str]:
    """The sheets whose view is tab-selected (``1`` or ``true``)."""
    return [
        name
        for name in sheet_names(data)
        if re.search(rb'tabSelected="(1|true)"', parts_of(data)[_part_of(data, name)])
    ]


@pytest.mark.parametrize(("on", "off"), [(b'"1"', b'"0"'), (b'"true"', b'"false"')])
def test_a_selected_sheet_of_theirs_is_unselected_by_one_attribute(on: bytes, off: bytes) -> None:
    """Ours opens, alone selected: two selected sheets are grouped (an edit made in both).

    Their sheet changes by that one attribute's value; every other part of theirs that we
    do not edit anyway stays byte for byte.
    """
    parts = parts_of(excel_like(4))
    notes = "xl/worksheets/sheet5.xml"
    parts[notes] = parts[notes].replace(b"<sheetView ", b"<sheetView tabSelected=" + on + b" ")
    out = write_sheets(Package.open(zip_parts(dict(parts))), specs(), active="errors")
    view = next(_workbook(out).iter(f"{{{MAIN}}}workbookView"))
    assert sheet_names(out)[int(view.get("activeTab", ""))] == "Errors"
    assert _selected(out) == ["Errors"]
    after = parts_of(out)
    assert after[notes] == parts[notes].replace(b"tabSelected=" + on, b"tabSelected=" + off)
    for name in set(parts) - DROPPED - EDITABLE - {notes}:
        assert after[name] == parts[name], name


def test_a_selected_sheet_in_utf16_is_unselected_and_stays_readable() -> None:
    parts = parts_of(excel_like(4))
    notes = "xl/worksheets/sheet5.xml"
    xml = parts[notes].decode().replace("<sheetView ", '<sheetView tabSelected=" true " ')
    parts[notes] = xml.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16")
    out = write_sheets(Package.open(zip_parts(dict(parts))), specs(), active="standings")
    assert _selected(out) == ["Standings"]
    assert load(out)["Notes"].sheet_view.tabSelected is False
    assert parts_of(out)[notes].decode() == xml.replace('" true "', '"false"')


def test_openpyxl_sees_values_and_styles(merged: bytes) -> None:
    wb = load(merged)
    st = wb["Standings"]
    assert [c.value for c in st[6]] == [1, "Ana", 9.5, 0.625, 5, 4.5]
    assert (st["A1"].font.b, st["A1"].font.name, st["A1"].font.sz) == (True, "Calibri", 14)
    header = st["B5"]
    assert (header.font.b, header.font.name, header.font.sz) == (True, "Calibri", 11)
    assert header.font.color.rgb == "FFFFFFFF"
    assert header.fill.fgColor.rgb == "FF305496"
    assert (st["B6"].font.name, st["B6"].font.sz, st["B6"].font.b) == ("Calibri", 11, False)
    assert st["C6"].number_format == "0.00"
    assert st["D7"].number_format == "0.0%"
    assert st.column_dimensions["B"].width == 28
    assert st.freeze_panes == "A6"
    assert st.print_title_rows == "$5:$5"
    assert st.page_setup.orientation == "landscape"
    assert st.page_setup.fitToWidth == 1
    assert st.sheet_properties.pageSetUpPr.fitToPage
    assert wb["Round Points"]["C5"].value == "Ana"
    errors = wb["Errors"]
    assert errors["B5"].value == f'=HYPERLINK("#\'Results\'!E7","{LINK}")'
    assert errors["B5"].font.u == "single"
    # The organiser's own sheets and formats are still there.
    assert wb["Results"]["C2"].value == "=B2*2"
    assert wb["Results"]["C2"].number_format == '0.000 "pts"'
    assert wb["Hidden"].sheet_state == "hidden"


def test_every_font_we_write_has_a_name_and_a_size(merged: bytes) -> None:
    old = ET.fromstring(parts_of(excel_like())["xl/styles.xml"])
    new = ET.fromstring(parts_of(merged)["xl/styles.xml"])
    fonts = list(new.iter(f"{{{MAIN}}}font"))
    ours = fonts[len(list(old.iter(f"{{{MAIN}}}font"))) :]
    assert len(ours) == 4  # body, title, header, link
    for font in ours:
        assert font.find(f"{{{MAIN}}}name") is not None
        assert font.find(f"{{{MAIN}}}sz") is not None


def test_cached_values_are_readable(merged: bytes) -> None:
    assert_readable(merged)
    wb = load(merged, data_only=True)
    assert wb["Errors"]["B5"].value == LINK


def test_styles_are_appended_only(merged: bytes) -> None:
    old = parts_of(excel_like())["xl/styles.xml"].decode()
    new = parts_of(merged)["xl/styles.xml"].decode()
    for entry in re.findall(r"<(?:numFmt|font|fill|border|xf|cellStyle) .*?(?:/>|</\w+>)", old):
        assert entry in new
    root = ET.fromstring(new)
    for section in ("numFmts", "fonts", "fills", "borders", "cellXfs"):
        node = root.find(f"{{{MAIN}}}{section}")
        assert node is not None
        assert node.get("count") == str(len(node))
    formats = {el.get("formatCode"): el.get("numFmtId") for el in root.iter(f"{{{MAIN}}}numFmt")}
    assert formats['0.000 "pts"'] == "164"
    assert formats["0.0%"] == "165"


def test_writing_twice_keeps_one_copy_and_no_orphans(merged: bytes) -> None:
    again = write_sheets(Package.open(merged), specs())
    assert sheet_names(again) == sheet_names(merged)
    assert_consistent(merged)
    assert_consistent(again)
    first, second = parts_of(merged), parts_of(again)
    assert set(first) == set(second)
    assert first["xl/styles.xml"] == second["xl/styles.xml"]  # our styles are reused
    assert first == second
    assert _defined_names(again) == _defined_names(merged)


def test_original_is_consistent() -> None:
    assert_consistent(excel_like())


def test_the_chart_shows_its_axes_and_carries_its_values(merged: bytes) -> None:
    parts = parts_of(merged)
    sheet = _part_of(merged, "Standings")
    rels = ET.fromstring(parts[sheet.replace("worksheets/", "worksheets/_rels/") + ".rels"])
    drawing_name = "xl/drawings/" + rels[0].get("Target", "").rpartition("/")[2]
    drawing = parts[drawing_name].decode()
    assert drawing.startswith('<?xml version="1.0"')
    assert "<xdr:wsDr " in drawing
    assert f'xmlns:xdr="{XDR}"' in drawing
    chart_name = next(name for name in parts if name.startswith("xl/charts/"))
    chart = ET.fromstring(parts[chart_name])
    c = f"{{{CHART}}}"
    for axis in ("catAx", "valAx"):
        node = chart.find(f".//{c}{axis}")
        assert node is not None
        delete = node.find(f"{c}delete")
        assert delete is not None
        assert delete.get("val") == "0"
    series = chart.findall(f".//{c}ser")
    assert len(series) == 2
    values = [
        float(v.text or "") for v in series[1].iterfind(f"{c}val/{c}numRef/{c}numCache//{c}v")
    ]
    assert values == [3.0, 7.25]
    names = [v.text for s in series for v in s.iterfind(f"{c}tx/{c}strRef/{c}strCache//{c}v")]
    assert names == ["Ana", "Bo"]
    assert series[0].findtext(f"{c}val/{c}numRef/{c}f") == "'Chart Data'!$B$2:$C$2"
    latin = chart.findall(".//{http://schemas.openxmlformats.org/drawingml/2006/main}latin")
    assert latin
    assert {el.get("typeface") for el in latin} == {"Calibri"}
    wb = load(merged)
    assert len(wb["Standings"]._charts) == 1
    assert [c.value for c in wb["Chart Data"][2]] == ["Ana", 5, 9.5]


def test_every_series_and_axis_brings_its_own_colours() -> None:
    """A workbook LibreOffice saved has no theme: nothing of the chart may come from one."""
    series = tuple((f"P{i}", (float(i), float(2 * i))) for i in range(CHART_PLAYERS))
    xml = chart_xml(Chart("Points", ("R1", "R2"), series, "Chart Data"), "Chart Data")
    assert b"schemeClr" not in xml
    chart = ET.fromstring(xml)
    c, a = f"{{{CHART}}}", f"{{{DRAWINGML}}}"
    looks = []
    for ser in chart.iterfind(f".//{c}ser"):
        line = ser.find(f"{c}spPr/{a}ln")
        assert line is not None
        assert int(line.get("w", "0")) >= 19050  # 1.5 pt or more
        stroke, dash = line.find(f"{a}solidFill/{a}srgbClr"), line.find(f"{a}prstDash")
        symbol = ser.find(f"{c}marker/{c}symbol")
        fill = ser.find(f"{c}marker/{c}spPr/{a}solidFill/{a}srgbClr")
        edge = ser.find(f"{c}marker/{c}spPr/{a}ln/{a}solidFill/{a}srgbClr")
        assert None not in (stroke, dash, symbol, fill, edge)
        assert stroke is not None
        assert edge is not None
        assert edge.get("val") == stroke.get("val")
        looks.append(tuple(el.get("val") for el in (stroke, symbol, dash, fill) if el is not None))
    assert len(looks) == CHART_PLAYERS
    assert len({look[0] for look in looks}) == CHART_PLAYERS  # a colour each
    assert len({look[1:] for look in looks}) == CHART_PLAYERS  # told apart without colour
    for axis in ("catAx", "valAx"):
        node = chart.find(f".//{c}{axis}")
        assert node is not None
        assert node.find(f"{c}spPr/{a}ln/{a}solidFill/{a}srgbClr") is not None
        assert node.find(f"{c}txPr//{a}defRPr/{a}solidFill/{a}srgbClr") is not None


def test_writing_is_deterministic(merged: bytes) -> None:
    assert write_sheets(Package.open(excel_like()), specs()) == merged


def test_original_written_by_openpyxl_keeps_its_own_standings() -> None:
    """An unmarked sheet named like ours is the organiser's: ours takes another name."""
    wb = openpyxl_book({"Results": [["Player"]], "Standings": [["stale"]], "Later": []})
    out = write_sheets(Package.open(wb), specs(chart=False))
    assert sheet_names(out) == ["Results", "Standings", "Later", "Standings (2)", *OUR_SHEETS[1:]]
    assert_consistent(out)
    loaded = load(out)
    assert loaded["Standings"]["A1"].value == "stale"
    assert loaded["Standings (2)"]["A1"].value == "Standings"
    assert loaded["Results"]["A1"].value == "Player"
    assert load(write_sheets(Package.open(out), specs(chart=False))).sheetnames == loaded.sheetnames


def test_a_marker_moved_onto_another_sheet_does_not_make_it_ours() -> None:
    parts = parts_of(excel_like())
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(
        b'name="_xlsx_scorer.standings" localSheetId="2"',
        b'name="_xlsx_scorer.standings" localSheetId="0"',
    )
    out = write_sheets(Package.open(zip_parts(dict(parts))), specs())
    assert sheet_names(out)[:4] == ["Results", "Hidden", "Standings", "Errors"]
    assert parts_of(out)["xl/worksheets/sheet1.xml"] == parts["xl/worksheets/sheet1.xml"]
    assert "Standings (2)" in sheet_names(out)  # their old "Standings" is no longer ours


@pytest.mark.parametrize("theirs", ["standings", "ERRORS", "Chart Data"])
def test_sheet_names_of_theirs_are_never_taken(theirs: str) -> None:
    wb = openpyxl_book({"Results": [["Player"]], theirs: [["their data"]]})
    out = write_sheets(Package.open(wb), specs())
    names = sheet_names(out)
    assert names[1] == theirs
    assert load(out)[theirs]["A1"].value == "their data"
    mine = {s.kind: s.name for s in our_sheets(Package.open(out))}
    assert theirs not in mine.values()
    assert len(set(map(str.casefold, names))) == len(names)
    if theirs == "Chart Data":
        assert mine["chart_data"] == "Chart Data (2)"
        chart = next(v for k, v in parts_of(out).items() if k.startswith("xl/charts/"))
        assert b"'Chart Data (2)'!$B$2:$C$2" in chart


def openpyxl_book(sheets: dict[str, list[list[str]]]) -> bytes:
    import openpyxl

    wb = openpyxl.Workbook()
    assert wb.active is not None
    wb.remove(wb.active)
    for name, rows in sheets.items():
        sheet = wb.create_sheet(name)
        for row in rows:
            sheet.append(row)
    stream = io.BytesIO()
    wb.save(stream)
    return stream.getvalue()


def test_prefixed_main_namespace_and_missing_sections() -> None:
    """A workbook and styles written with an x: prefix, no numFmts/dxfs/definedNames."""
    parts = parts_of(excel_like())
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
    out = write_sheets(Package.open(zip_parts(dict(parts))), specs())
    assert sheet_names(out) == ["Results", *OUR_SHEETS, "Chart Data"]
    styles = parts_of(out)["xl/styles.xml"].decode()
    workbook = parts_of(out)["xl/workbook.xml"].decode()
    assert "<font>" not in styles
    assert "<x:numFmts" in styles
    assert styles.index("<x:numFmts") < styles.index("<x:fonts")
    fills = ET.fromstring(styles).find(f"{{{MAIN}}}fills")
    assert fills is not None
    assert fills[1][0].get("patternType") == "gray125"  # the reserved fill comes before ours
    assert 'rel:id="' in workbook
    assert "<x:definedNames>" in workbook
    assert (
        workbook.index("</x:sheets>")
        < workbook.index("<x:definedNames>")
        < workbook.index("<x:calcPr")
    )
    root = ET.fromstring(styles)
    assert all(el.tag.startswith(f"{{{MAIN}}}") for el in root.iter())
    wb = load(out)
    assert wb["Standings"]["A1"].font.b
    assert wb["Standings"]["C6"].number_format == "0.00"


def _minimal(styles: str | None, styles_rel: str | None = 'Target="styles.xml"') -> bytes:
    """A workbook of one Results sheet, with ``styles`` as its styles part (None: none)."""
    main_ct = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    parts: dict[str, bytes | str] = {
        "[Content_Types].xml": (
            f'<Types xmlns="{CT}"><Default Extension="rels" ContentType="{RELS_CT}"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            f'<Override PartName="/xl/workbook.xml" ContentType="{main_ct}.sheet.main+xml"/>'
            f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{WORKSHEET_CT}"/>'
            + (
                f'<Override PartName="/xl/styles.xml" ContentType="{main_ct}.styles+xml"/>'
                if styles is not None
                else ""
            )
            + "</Types>"
        ),
        "_rels/.rels": rels_xml(("rId1", R + "/officeDocument", "xl/workbook.xml")),
        "xl/workbook.xml": (
            f'<workbook xmlns="{MAIN}"><sheets><sheet xmlns:r="{R}" name="Results" sheetId="1"'
            ' r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": rels_xml(
            ("rId1", R + "/worksheet", "worksheets/sheet1.xml")
        ).replace(
            "</Relationships>",
            f'<Relationship Id="rId2" Type="{R}/styles" {styles_rel}/></Relationships>'
            if styles_rel
            else "</Relationships>",
        ),
        "xl/worksheets/sheet1.xml": sheet_xml(
            '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Player</t></is></c></row>'
            "</sheetData>"
        ),
    }
    if styles is not None:
        parts["xl/styles.xml"] = styles
    return zip_parts(parts)


@pytest.mark.parametrize(
    ("styles", "styles_rel"),
    [
        (f'<styleSheet xmlns="{MAIN}"/>', 'Target="styles.xml"'),
        (f'<x:styleSheet xmlns:x="{MAIN}"></x:styleSheet>', 'Target="styles.xml"'),
        (None, None),
        (None, 'Target="styles.xml"'),  # the relationship names a part that is missing
        (None, 'Target="http://example.com/styles.xml" TargetMode="External"'),
    ],
    ids=["empty", "empty-prefixed", "no-part", "missing-part", "external"],
)
def test_our_styles_are_written_whatever_styles_the_organiser_has(
    styles: str | None, styles_rel: str | None
) -> None:
    out = write_sheets(Package.open(_minimal(styles, styles_rel)), specs())
    assert_consistent(out)
    parts = parts_of(out)
    styles_parts = [name for name in parts if name.startswith("xl/styles")]
    assert len(styles_parts) == 1
    root = ET.fromstring(parts[styles_parts[0]])  # parses: nothing lands after the root
    sections = [_local(el.tag) for el in root]
    assert sections[:4] == ["numFmts", "fonts", "fills", "borders"]
    assert sections[-1] == "cellStyles"
    cell_xfs = root.find(f"{{{MAIN}}}cellXfs")
    assert cell_xfs is not None
    assert cell_xfs[0].get("fontId") == "0"
    assert cell_xfs[0].get("numFmtId") == "0"
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    assert rels.count("/styles") == 1
    assert "External" not in rels
    wb = load(out)
    assert wb["Standings"]["A1"].font.b
    assert wb["Standings"]["A1"].font.name == "Calibri"
    assert wb["Standings"]["D6"].number_format == "0.0%"


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def test_hostile_xml_is_refused() -> None:
    parts = parts_of(excel_like())
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>'
        f'<workbook xmlns="{MAIN}"><sheets>&lol2;</sheets></workbook>'
    )
    parts["xl/workbook.xml"] = bomb.encode()
    with pytest.raises(UnusableWorkbookError) as raised:
        write_sheets(Package.open(zip_parts(dict(parts))), specs())
    assert raised.value.code == "unusable.xml_entities"


def test_text_is_text_and_numbers_keep_every_digit() -> None:
    third = 1 / 3
    spec = specs()[1]
    rows = (
        (1, "=1+1", "#N/A", third),
        (2, " padded ", "tab\there\x01", 0.1 + 0.2),
        (3, "", True, 10**15),
    )
    out = write_sheets(Package.open(excel_like()), [replace(spec, title="T", notes=(), rows=rows)])
    sheet = parts_of(out)[_part_of(out, "Round Points")].decode()
    assert f"<v>{third!r}</v>" in sheet
    assert "<v>0.30000000000000004</v>" in sheet
    assert "<v>1000000000000000</v>" in sheet
    assert "<f>" not in sheet
    assert 't="e"' not in sheet
    assert '<t xml:space="preserve"> padded </t>' in sheet
    wb = load(out)
    values = [[c.value for c in row] for row in wb["Round Points"].iter_rows(min_row=5)]
    assert values == [
        [1, "=1+1", "#N/A", third],
        [2, " padded ", "tab\there", 0.30000000000000004],
        [3, None, True, 10**15],
    ]
    assert wb["Round Points"]["B5"].data_type == "s"


def test_a_value_that_cannot_be_written_is_an_error() -> None:
    spec = specs()[1]
    for bad in (float("nan"), object()):
        with pytest.raises((ValueError, TypeError)):
            write_sheets(
                Package.open(excel_like()), [replace(spec, title="T", notes=(), rows=((bad,),))]
            )
