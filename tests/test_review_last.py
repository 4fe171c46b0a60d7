"""The third review of the last hour's fixes (rows carried down, packages remembered by
their bytes): one test per defect found, through the real entry points (``seat_bytes``,
``Package.open``)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from tests.builders import REPOSITORY
from tests.test_review_refactor import _event
from xlsx_scorer.app.seat import seat_bytes
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.read.cellvalues import parse_range


def test_a_relative_workbook_name_stays_relative_when_it_grows(tmp_path: Path) -> None:
    """The organiser's workbook names ``Rel`` = ``Results!A2:A9`` (relative: Excel and
    LibreOffice resolve it from the cell that uses it) and ``Mixed`` = ``Results!$A2:$A$9``.
    Seating round 2 (rows 10–17) grows both, but writes ``Results!$A$2:$A$17`` for each: every
    ``$`` is forced on, so each formula using the name now points elsewhere.  Expected: only
    the last row number changes (``Results!A2:A17``, ``Results!$A2:$A$17``)."""

    def names(sheet: Worksheet) -> None:
        book = sheet.parent
        book.defined_names["Rel"] = DefinedName("Rel", attr_text="Results!A2:A9")
        book.defined_names["Mixed"] = DefinedName("Mixed", attr_text="Results!$A2:$A$9")

    seated = seat_bytes(_event(tmp_path, names), 2, seed=1)
    with zipfile.ZipFile(io.BytesIO(seated.workbook)) as zf:
        workbook = zf.read("xl/workbook.xml").decode()
    found = dict(
        re.findall(r'<definedName name="(Rel|Mixed)"[^>]*>([^<]+)</definedName>', workbook)
    )
    assert found == {"Rel": "Results!A2:A17", "Mixed": "Results!$A2:$A$17"}


def test_package_open_never_hands_back_the_package_of_other_bytes(tmp_path: Path) -> None:
    """``Package.open`` remembers a package by ``id(data)`` and hands it back when
    ``known.data is data``.  A ``bytearray`` (accepted: the package opens) is changed in place
    to another workbook while the first package is still held: opening it again hands back
    the first package, with the sheets of the old bytes.  Expected: the package of the bytes
    given (or mutable input refused)."""
    first = _event(tmp_path, lambda sheet: None)
    second = seat_bytes(first, 2, seed=1).workbook  # one sheet more: Seating R2
    buffer = bytearray(first)
    held = Package.open(buffer)  # type: ignore[arg-type]  # noqa: F841 - held, as a run would
    buffer[:] = second
    again = Package.open(buffer)  # type: ignore[arg-type]
    expected = [sheet.name for sheet in Package.open(bytes(second)).sheets]
    assert [sheet.name for sheet in again.sheets] == expected


def test_a_grown_input_rule_never_lands_on_cells_another_rule_covers(tmp_path: Path) -> None:
    """Results keeps two input rules on Settlements (D), the template's own set aside: 0–10
    over the played rows D2:D9 and, for the rows to come, 0–99 over D10:D30.  Seating round 2
    (rows 10–17) grows the first to D2:D17, so D10:D17 are under two rules (Excel keeps one
    rule a cell; which one applies is undefined, and the organiser's own rule for those rows
    is overridden).
    Expected: a rule grows only over cells no other input rule covers."""

    def two_rules(sheet: Worksheet) -> None:
        sheet.data_validations.dataValidation = []  # the template's own (D2:D49) set aside
        played = DataValidation(type="whole", operator="between", formula1="0", formula2="10")
        played.add("D2:D9")
        to_come = DataValidation(type="whole", operator="between", formula1="0", formula2="99")
        to_come.add("D10:D30")
        sheet.add_data_validation(played)
        sheet.add_data_validation(to_come)

    seated = seat_bytes(_event(tmp_path, two_rules), 2, seed=1)
    with zipfile.ZipFile(io.BytesIO(seated.workbook)) as zf:
        sheet = zf.read("xl/worksheets/sheet3.xml").decode()
    covered: dict[tuple[int, int], int] = {}
    rules = re.findall(r"<dataValidation\b[^>]*\ssqref=\"([^\"]+)\"", sheet)
    for number, sqref in enumerate(rules):
        for part in sqref.split():
            bounds = parse_range(part)
            assert bounds is not None
            top, left, bottom, right = bounds
            for row in range(top, bottom + 1):
                for column in range(left, right + 1):
                    assert covered.setdefault((row, column), number) == number, (row, column)


def test_an_unusable_file_exits_2_when_the_reader_of_both_streams_has_gone(
    tmp_path: Path,
) -> None:
    """``xlsx-scorer score notes.xlsx 2>&1 | head -1``: standard output and standard error
    go into one pipe whose reader has gone.  ``_ReaderMayLeave`` guards standard output
    only, so printing "... is a text or CSV file" to standard error raises
    ``BrokenPipeError`` inside the handler of the unusable file and the program exits 1
    ("the workbook has errors") instead of 2 (unusable, nothing written).  Expected: the
    command's own exit code, 2, whoever reads its messages."""
    notes = tmp_path / "notes.xlsx"
    notes.write_text("not a workbook\n", encoding="utf-8")
    read, write = os.pipe()
    with subprocess.Popen(
        [sys.executable, "-m", "xlsx_scorer", "score", str(notes)],
        cwd=REPOSITORY,
        stdout=write,
        stderr=write,
    ) as process:
        os.close(write)
        os.close(read)  # the reader goes away before anything is printed
        assert process.wait(timeout=120) == 2
