"""The cell patcher writes chosen cells by splicing sheet XML; everything else stays as it was."""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles import Font

from xlsx_scorer.core.cells import ErrorValue
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.xmledit import XmlDoc
from xlsx_scorer.xlsx.read.cellvalues import CellContext
from xlsx_scorer.xlsx.read.sheetcells import read_cells
from xlsx_scorer.xlsx.write import patch

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def sheet(body: str, *, prefix: str = "", before: str = "", after: str = "") -> bytes:
    """A worksheet part with ``body`` as its sheetData content."""
    p = f"{prefix}:" if prefix else ""
    declaration = f'xmlns:{prefix}="{MAIN}"' if prefix else f'xmlns="{MAIN}"'
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<{p}worksheet {declaration}>{before}'
        f"<{p}sheetData>{body}</{p}sheetData>{after}</{p}worksheet>"
    ).encode()


def layout(xml: bytes) -> XmlDoc:
    """Where the rows and cells of a worksheet part are, as the patcher reads them."""
    return XmlDoc("sheet", xml, keep=patch.LAYOUT)


def body_of(xml: bytes) -> str:
    text = xml.decode()
    return text[text.index("sheetData>") + len("sheetData>") : text.rindex("</")].rsplit("</", 1)[0]


def test_replaces_a_value_and_keeps_the_style() -> None:
    xml = sheet('<row r="2"><c r="A2" s="4" t="s"><v>0</v></c></row>')
    patched = patch.patch_cells(xml, {"A2": 7})
    assert b'<c r="A2" s="4"><v>7</v></c>' in patched.xml
    assert not patched.replaced_formula


def test_inserts_cells_in_column_order_and_rows_in_row_order() -> None:
    xml = sheet(
        '<row r="2" spans="1:3"><c r="A2"><v>1</v></c><c r="C2"><v>3</v></c></row>'
        '<row r="5"><c r="A5"><v>5</v></c></row>',
        before='<dimension ref="A1:C5"/>',
    )
    patched = patch.patch_cells(xml, {"B2": "b", "D2": True, "A4": 4, "A9": 9}).xml
    assert body_of(patched) == (
        '<row r="2" spans="1:4"><c r="A2"><v>1</v></c>'
        '<c r="B2" t="inlineStr"><is><t>b</t></is></c><c r="C2"><v>3</v></c>'
        '<c r="D2" t="b"><v>1</v></c></row>'
        '<row r="4"><c r="A4"><v>4</v></c></row>'
        '<row r="5"><c r="A5"><v>5</v></c></row>'
        '<row r="9"><c r="A9"><v>9</v></c></row>'
    )
    assert b'<dimension ref="A1:D9"/>' in patched


def test_a_prefixed_sheet_gets_prefixed_elements() -> None:
    xml = sheet('<x:row r="1"/>', prefix="x")
    patched = patch.patch_cells(xml, {"B1": " Ana & <Bob>"}).xml
    assert (
        '<x:row r="1"><x:c r="B1" t="inlineStr"><x:is><x:t xml:space="preserve"> Ana &amp; '
        "&lt;Bob&gt;</x:t></x:is></x:c></x:row>"
    ) in patched.decode()


def test_an_empty_sheet_data_is_opened() -> None:
    xml = f'<worksheet xmlns="{MAIN}"><sheetData/></worksheet>'.encode()
    patched = patch.patch_cells(xml, {"C3": ErrorValue("#N/A")}).xml
    assert patched.endswith(
        b'<sheetData><row r="3"><c r="C3" t="e"><v>#N/A</v></c></row></sheetData></worksheet>'
    )


def test_clearing_keeps_the_cell_and_its_style_and_drops_a_formula() -> None:
    xml = sheet('<row r="1"><c r="A1" s="2" t="str" cm="1"><f>B1*2</f><v>4</v></c></row>')
    patched = patch.patch_cells(xml, {"A1": None})
    assert body_of(patched.xml) == '<row r="1"><c r="A1" s="2"/></row>'
    assert patched.replaced_formula


def test_refuses_what_it_cannot_do_safely() -> None:
    shared = sheet('<row r="1"><c r="A1"><f t="shared" ref="A1:A3" si="0">B1</f><v>1</v></c></row>')
    with pytest.raises(ValueError, match="shared or array formula"):
        patch.patch_cells(shared, {"A1": 2})
    with pytest.raises(ValueError, match="DTD"):
        patch.patch_cells(b'<!DOCTYPE x [<!ENTITY a "b">]>' + sheet(""), {"A1": 1})
    with pytest.raises(ValueError, match="not representable"):
        patch.patch_cells(sheet(""), {"A1": "Ana\x07"})


def test_a_sheet_in_utf16_is_patched_and_written_in_utf8() -> None:
    """As every part the package layer edits: the same content, re-encoded, declaration too."""
    xml = sheet('<row r="1"><c r="A1"><v>1</v></c></row>').decode().encode("utf-16")
    patched = patch.patch_cells(xml, {"A1": "Ñandú"}).xml
    assert patched.startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
    assert '<c r="A1" t="inlineStr"><is><t>Ñandú</t></is></c>' in patched.decode("utf-8")


def test_rows_and_cells_without_references_are_counted_in_order() -> None:
    xml = sheet('<row><c><v>1</v></c><c><v>2</v></c></row><row><c r="B2" s="1"/></row>')
    patched = patch.patch_cells(xml, {"B1": 5, "A2": 6, "C2": 7}).xml
    assert body_of(patched) == (
        "<row><c><v>1</v></c><c><v>5</v></c></row>"
        '<row><c r="A2"><v>6</v></c><c r="B2" s="1"/><c r="C2"><v>7</v></c></row>'
    )
    assert patch.filled_rows(layout(xml), ["B"]) == frozenset({1})


def test_a_workbook_patched_keeps_every_other_part_and_opens(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    results = book.active
    assert results is not None
    results.title = "Results"
    results.append(["Round", "Player"])
    results.append([1, "Ana"])
    results["B2"].font = Font(bold=True)
    book.create_sheet("Notes")["A1"] = "=Results!A2*2"
    path = tmp_path / "book.xlsx"
    book.save(path)
    data = path.read_bytes()
    patched = patch.patch_workbook(
        Package.open(data), {"Results": {"B2": "Bea", "A3": 2, "B3": "Cem"}}
    )
    with zipfile.ZipFile(io.BytesIO(data)) as before, zipfile.ZipFile(io.BytesIO(patched)) as after:
        assert before.namelist() == after.namelist()
        changed = [n for n in before.namelist() if before.read(n) != after.read(n)]
    assert changed == ["xl/worksheets/sheet1.xml"]
    (tmp_path / "patched.xlsx").write_bytes(patched)
    reread = openpyxl.load_workbook(tmp_path / "patched.xlsx")
    values = list(reread["Results"].iter_rows(values_only=True))
    assert values == [("Round", "Player"), (1, "Bea"), (2, "Cem")]
    assert reread["Results"]["B2"].font.bold


def test_replacing_a_formula_drops_the_calculation_chain(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    results = book.active
    assert results is not None
    results.title = "Results"
    results["A1"] = "=1+1"
    path = tmp_path / "book.xlsx"
    book.save(path)
    with zipfile.ZipFile(path) as source:
        parts = {info.filename: source.read(info) for info in source.infolist()}
    parts["xl/calcChain.xml"] = f'<calcChain xmlns="{MAIN}"><c r="A1" i="1"/></calcChain>'.encode()
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    rel = (
        '<Relationship Id="rIdChain" Target="calcChain.xml" Type="http://schemas.openxmlformats.'
        'org/officeDocument/2006/relationships/calcChain"/>'
    )
    parts["xl/_rels/workbook.xml.rels"] = rels.replace(
        "</Relationships>", rel + "</Relationships>"
    ).encode()
    types = parts["[Content_Types].xml"].decode()
    override = (
        '<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-'
        'officedocument.spreadsheetml.calcChain+xml"/>'
    )
    parts["[Content_Types].xml"] = types.replace("</Types>", override + "</Types>").encode()
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as target:
        for name, content in parts.items():
            target.writestr(name, content)
    untouched = patch.patch_workbook(Package.open(stream.getvalue()), {"Results": {"B1": 1}})
    assert "xl/calcChain.xml" in zipfile.ZipFile(io.BytesIO(untouched)).namelist()
    patched = patch.patch_workbook(Package.open(stream.getvalue()), {"Results": {"A1": 3}})
    with zipfile.ZipFile(io.BytesIO(patched)) as result:
        assert "xl/calcChain.xml" not in result.namelist()
        assert b"calcChain" not in result.read("xl/_rels/workbook.xml.rels")
        assert b"calcChain" not in result.read("[Content_Types].xml")
    (tmp_path / "patched.xlsx").write_bytes(patched)
    assert openpyxl.load_workbook(tmp_path / "patched.xlsx")["Results"]["A1"].value == 3


def test_text_that_looks_escaped_is_written_to_read_back_as_it_is() -> None:
    """A merged name holding a literal ``_x0041_`` is written as Excel writes it."""
    cell = patch.cell_xml("", [("r", "C2")], "Dua _x0041_ lit")
    assert "Dua _x005F_x0041_ lit" in cell
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    xml = f'<worksheet xmlns="{main}"><sheetData><row r="2">{cell}</row></sheetData></worksheet>'
    cells = read_cells(xml.encode(), CellContext(), sheet="Results")
    assert cells.rows() == {2: {3: "Dua _x0041_ lit"}}


@pytest.mark.parametrize("written", ["02", "+2", " 2", "2\t"])
def test_rows_are_numbered_as_the_reader_numbers_them(written: str) -> None:
    """A row's ``r`` is an ``xsd:unsignedInt``, read by the reader's own function."""
    xml = sheet(f'<row r="1"/><row r="{written}"><c r="A2"><v>1</v></c></row><row r="3"/>')
    patched = patch.patch_cells(xml, {"B2": 5, "A3": 6}).xml
    assert read_cells(patched, CellContext(), sheet="Results").rows() == {
        2: {1: 1.0, 2: 5.0},
        3: {1: 6.0},
    }
    assert patch.filled_rows(layout(xml), ["A"]) == frozenset({2})


@pytest.mark.parametrize("written", ["\u0662", "x", "0", "2.0", "1048577"])
def test_a_row_number_the_reader_refuses_is_damage_not_a_crash(written: str) -> None:
    xml = sheet(f'<row r="{written}"/><row r="3"><c r="A3"><v>1</v></c></row>')
    for attempt in (
        lambda: patch.patch_cells(xml, {"A3": 2}),
        lambda: patch.filled_rows(layout(xml), "A"),
    ):
        with pytest.raises(UnusableWorkbookError) as caught:
            attempt()
        error = caught.value
        assert (error.code, error.params) == ("unusable.bad_coordinate", {"cell": f"row {written}"})
        assert error.finding.where.sheet == "sheet"


@pytest.mark.parametrize(("written", "exit_code"), [(" 2", 0), ("02", 0), ("\u0662", 2)])
def test_a_merge_over_a_row_numbered_in_any_form_is_written_or_refused(
    written: str, exit_code: int, tmp_path: Path
) -> None:
    """Through ``merge``: a formatted row ``r=" 2"`` in BASE was an internal error (exit 3),
    ``r="٢"`` was taken for row 2; now the first is row 2 and the second damage."""
    source = Path("fixtures/sample_event.xlsx")
    member = "xl/worksheets/sheet1.xml"

    def with_sheet(path: Path, edit: Callable[[bytes], bytes]) -> Path:
        with zipfile.ZipFile(source) as book, zipfile.ZipFile(path, "w") as out:
            for info in book.infolist():
                data = book.read(info)
                out.writestr(info, edit(data) if info.filename == member else data)
        return path

    def spaced(xml: bytes) -> bytes:
        return xml.replace(
            b'</row><row r="3">', f'</row><row r="{written}" ht="20"/><row r="3">'.encode(), 1
        )

    base = with_sheet(tmp_path / "base.xlsx", spaced)
    one = with_sheet(
        tmp_path / "one.xlsx",
        lambda xml: spaced(xml).replace(b'<c r="F4" t="n"><v>2</v>', b'<c r="F4" t="n"><v>3</v>'),
    )
    merged = tmp_path / "merged.xlsx"
    completed = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "merge", str(base), str(one), "-o", str(merged)],
        capture_output=True,
        text=True,
        check=False,
    )
    output = completed.stdout + completed.stderr
    assert completed.returncode == exit_code, output
    if exit_code:
        assert f"{base}: sheet Results has a cell or row outside" in output
        assert not merged.exists()
    else:
        assert openpyxl.load_workbook(merged)["Results"]["F4"].value == 3
