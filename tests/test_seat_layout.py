"""Seating carries the styles and input rules of the row above down, however the organiser's
``Results`` sheet writes its rows: ``r="04"``, single quotes, a namespace prefix, validations
in single quotes and Excel 2010's ``x14:dataValidation`` (ranges in ``<xm:sqref>`` text)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import openpyxl

from tests.builders import HEADERS, run_cli
from xlsx_scorer.app.seat import seat_bytes

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
X14 = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"
XM = "http://schemas.microsoft.com/office/excel/2006/main"
PLAYERS = [f"Player {n:02d}" for n in range(1, 9)]
#: The style of the organiser's last row, column by column (A, B, C): not the template's.
LAST_STYLES = ("6", "5", "6")


def _results_xml() -> bytes:
    """Round 1 at two tables, rows ``r='02'``…``r='09'``, every tag prefixed ``x:``."""
    header = "".join(
        f"<x:c r='{col}1' t='inlineStr'><x:is><x:t>{word}</x:t></x:is></x:c>"
        for col, word in zip("ABCDEFGHIJKL", HEADERS, strict=True)
    )
    rows = [f"<x:row r='1'>{header}</x:row>"]
    for number, player in enumerate(PLAYERS, start=2):
        styles = LAST_STYLES if number == len(PLAYERS) + 1 else ("5", "6", "2")
        values = (
            f"<x:c r='A{number}' s='{styles[0]}'><x:v>1</x:v></x:c>"
            f"<x:c r='B{number}' s='{styles[1]}'><x:v>{1 + (number - 2) // 4}</x:v></x:c>"
            f"<x:c r='C{number}' s='{styles[2]}' t='inlineStr'><x:is><x:t>{player}</x:t>"
            "</x:is></x:c>"
        )
        rows.append(f"<x:row r='{number:02d}' spans='1:3'>{values}</x:row>")
    return (
        "<?xml version='1.0' encoding='UTF-8'?>"
        f"<x:worksheet xmlns:x='{MAIN}' xmlns:x14='{X14}' xmlns:xm='{XM}'>"
        f"<x:dimension ref='A1:L9'/><x:sheetData>{''.join(rows)}</x:sheetData>"
        "<x:dataValidations count='1'><x:dataValidation type='whole' operator="
        "'greaterThanOrEqual' allowBlank='1' sqref='A2:A9 E1'><x:formula1>1</x:formula1>"
        "</x:dataValidation></x:dataValidations>"
        "<x:extLst><x:ext uri='{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}'>"
        "<x14:dataValidations count='1'><x14:dataValidation type='list' allowBlank='1'>"
        "<x14:formula1><xm:f>Players!$A$2:$A$9</xm:f></x14:formula1>"
        "<xm:sqref>C2:C9 D4</xm:sqref></x14:dataValidation></x14:dataValidations>"
        "</x:ext></x:extLst></x:worksheet>"
    ).encode()


def _event(folder: Path) -> bytes:
    """The shipped template with 8 players and the odd ``Results`` sheet above."""
    path = folder / "event.xlsx"
    done = run_cli("template", path, "--players", "8")
    assert done.returncode == 0, done.stderr
    book = openpyxl.load_workbook(path)
    for row, name in enumerate(PLAYERS, start=2):
        book["Players"].cell(row, 1, name)
    book.save(path)
    out = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "xl/worksheets/sheet3.xml":
                assert b">Round<" in data
                data = _results_xml()
            zf.writestr(info, data)
    return out.getvalue()


def _results(package: bytes) -> ElementTree.Element:
    with zipfile.ZipFile(io.BytesIO(package)) as zf:
        return ElementTree.fromstring(zf.read("xl/worksheets/sheet3.xml"))


def test_seated_rows_take_the_styles_of_the_last_row_however_it_is_written(
    tmp_path: Path,
) -> None:
    seated = seat_bytes(_event(tmp_path), 2, seed=3, force=True)  # round 1 is to play
    sheet = _results(seated.workbook)
    cells = {c.get("r"): c for c in sheet.iter(f"{{{MAIN}}}c")}
    assert {ref: cells[ref].get("s") for ref in ("A17", "B17", "C17")} == dict(
        zip(("A17", "B17", "C17"), LAST_STYLES, strict=True)
    )
    assert cells["C17"].find(f".//{{{MAIN}}}t") is not None
    names = [c.findtext(f".//{{{MAIN}}}t") for r, c in cells.items() if r[0] == "C" and r != "C1"]
    assert sorted(names[8:]) == PLAYERS  # round 2: every player once, below round 1


def test_seated_rows_are_covered_by_the_input_rules_of_the_row_above(tmp_path: Path) -> None:
    seated = seat_bytes(_event(tmp_path), 2, seed=3, force=True)  # round 1 is to play
    sheet = _results(seated.workbook)
    plain = [v.get("sqref") for v in sheet.iter(f"{{{MAIN}}}dataValidation")]
    assert plain == ["A2:A17 E1"]
    x14 = [v.findtext(f"{{{XM}}}sqref") for v in sheet.iter(f"{{{X14}}}dataValidation")]
    assert x14 == ["C2:C17 D4"]
