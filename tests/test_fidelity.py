"""Scoring in place keeps everything the organiser put in the workbook, part by part."""

from __future__ import annotations

import io
import subprocess
import sys
import warnings
import zipfile
from pathlib import Path

import openpyxl
from openpyxl.chart import BarChart, Reference
from openpyxl.comments import Comment
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Font, PatternFill
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from tests.builders import HEADERS, with_vp

#: Parts a run may edit: the package's index, the workbook's sheet list, styles (appended).
EDITED = {
    "[Content_Types].xml",
    "xl/workbook.xml",
    "xl/_rels/workbook.xml.rels",
    "xl/styles.xml",
}
X14_VALIDATION = (
    b'<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" '
    b'xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
    b'<x14:dataValidations count="1" '
    b'xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main">'
    b'<x14:dataValidation type="list" allowBlank="1"><x14:formula1><xm:f>Results!$C$2:$C$5'
    b"</xm:f></x14:formula1><xm:sqref>B2:B20</xm:sqref></x14:dataValidation>"
    b"</x14:dataValidations></ext></extLst>"
)


def organiser_workbook(path: Path) -> None:
    """A workbook with each kind of organiser content beside a valid Results sheet."""
    book = openpyxl.Workbook()
    results = book.active
    assert results is not None
    results.title = "Results"
    results.append(list(HEADERS))
    for values in (with_vp(1, 1, "Ana", 10), with_vp(1, 1, "Bob", 8), with_vp(1, 1, "Cem", 6)):
        results.append(list(values))
    results["C2"].comment = Comment("Winner of the last cup", "Judge")
    results.column_dimensions["C"].width = 31
    results["A1"].font = Font(bold=True, color="AA0000")
    results.conditional_formatting.add(
        "D2:D5",
        CellIsRule(operator="greaterThan", formula=["4"], fill=PatternFill("solid", "FFFF00")),
    )
    notes = book.create_sheet("Notes")
    notes["A1"] = "Seating plan"
    notes["B2"] = "=SUM(Results!D2:D4)"
    for value in range(1, 6):
        notes.append([f"Table {value}", value * 3])
    validation = DataValidation(type="whole", operator="between", formula1="1", formula2="9")
    validation.add("B10:B20")
    notes.add_data_validation(validation)
    chart = BarChart()
    chart.add_data(Reference(notes, min_col=2, min_row=2, max_row=7))
    notes.add_chart(chart, "D2")
    book.defined_names["Seats"] = DefinedName("Seats", attr_text="Notes!$A$2:$A$7")
    book.save(path)
    with zipfile.ZipFile(path) as source:
        parts = {info.filename: source.read(info) for info in source.infolist()}
    sheet = "xl/worksheets/sheet2.xml"
    parts[sheet] = parts[sheet].replace(b"</worksheet>", X14_VALIDATION + b"</worksheet>")
    parts[sheet] = parts[sheet].replace(
        b"<f>SUM(Results!D2:D4)</f><v></v>", b"<f>SUM(Results!D2:D4)</f><v>11</v>"
    )
    parts[sheet] = parts[sheet].replace(
        b"<f>SUM(Results!D2:D4)</f><v />", b"<f>SUM(Results!D2:D4)</f><v>11</v>"
    )
    parts["xl/vbaProject.bin"] = b"\xd0\xcf\x11\xe0 not really VBA, kept as bytes"
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in parts.items():
            target.writestr(name, data)
    path.write_bytes(stream.getvalue())


def load(path: Path) -> openpyxl.Workbook:
    """The workbook as openpyxl sees it (it warns that it cannot keep x14 validations)."""
    with (
        path.open("rb") as stream,
        warnings.catch_warnings(),
    ):
        warnings.filterwarnings("ignore", "Data Validation extension", UserWarning)
        return openpyxl.load_workbook(stream)


def parts_of(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def test_scoring_in_place_keeps_every_organiser_part(tmp_path: Path) -> None:
    path = tmp_path / "event.xlsx"
    organiser_workbook(path)
    before = parts_of(path)
    result = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "score", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    after = parts_of(path)
    kept = {name for name in before if name not in EDITED and name != "xl/calcChain.xml"}
    assert kept <= set(after)
    assert {name for name in kept if before[name] != after[name]} == set()
    assert X14_VALIDATION in after["xl/worksheets/sheet2.xml"]
    assert b"<v>11</v>" in after["xl/worksheets/sheet2.xml"]

    book = load(path)
    assert book.sheetnames[:2] == ["Results", "Notes"]
    assert {"Standings", "Round Points", "Errors"} <= set(book.sheetnames)
    assert "Seats" in book.defined_names
    assert book["Results"]["C2"].comment.text == "Winner of the last cup"
    assert book["Results"].column_dimensions["C"].width == 31
    assert book["Results"]["A1"].font.bold
    assert book["Notes"].data_validations.dataValidation
    assert book["Results"].conditional_formatting


def test_second_run_keeps_them_too(tmp_path: Path) -> None:
    path = tmp_path / "event.xlsx"
    organiser_workbook(path)
    before = parts_of(path)
    for _ in range(2):
        subprocess.run(
            [sys.executable, "-m", "xlsx_scorer", "score", str(path)],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
    after = parts_of(path)
    assert all(after[name] == data for name, data in before.items() if name not in EDITED)
    assert load(path).sheetnames.count("Standings") == 1
