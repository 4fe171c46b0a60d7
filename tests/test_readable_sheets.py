"""Our sheets read and print well in every language: long problems wrap in a column narrow
enough to print at full size, and a table number never touches the name beside it."""

from __future__ import annotations

import io
import math
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import get_column_letter

from xlsx_scorer.app import api, template
from xlsx_scorer.app.outputkinds import ERRORS, sheet_name
from xlsx_scorer.i18n import LANGUAGES, header, text

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
#: Width units a landscape page holds at full size (A4 or Letter, the usual margins).
PAGE_WIDTH = 130
#: Width units a character of 11-point Calibri takes, about; points a line of it takes.
CHAR_WIDTH, LINE_POINTS = 0.85, 15


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_problem_column_wraps_and_the_errors_print_at_full_size(lang: str) -> None:
    data = (FIXTURES / "sample_mistakes.xlsx").read_bytes()
    scored = api.score(data, language=lang)
    assert scored.workbook is not None
    sheet = openpyxl.load_workbook(io.BytesIO(scored.workbook))[sheet_name(lang, ERRORS)]
    heading = next(
        cell for row in sheet.iter_rows() for cell in row if cell.value == text(lang, "out.problem")
    )
    widths = [
        sheet.column_dimensions[get_column_letter(column)].width
        for column in range(1, heading.column + 1)
    ]
    assert sum(widths) <= PAGE_WIDTH, widths
    assert sheet.page_setup.fitToWidth == 1
    assert sheet.page_setup.fitToHeight == 0  # as many pages down as it takes
    assert sheet.sheet_properties.pageSetUpPr.fitToPage
    width = widths[-1]
    wrapped = 0
    for row in range(heading.row + 1, sheet.max_row + 1):
        cell = sheet.cell(row=row, column=heading.column)
        assert cell.alignment.wrap_text, cell.coordinate
        beside = [sheet.cell(row=row, column=column) for column in range(1, heading.column)]
        assert all(each.alignment.vertical == "top" for each in [cell, *beside]), row
        lines = math.ceil(len(cell.value) * CHAR_WIDTH / width)
        if lines > 1:
            wrapped += 1
            assert sheet.row_dimensions[row].height >= LINE_POINTS * lines, cell.coordinate
    assert wrapped  # the sample's long messages do wrap


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_template_centres_the_table_beside_the_names(lang: str) -> None:
    """A table number typed in the template's Results sheet is centred, never flush
    against the player's name to its right (``3Ana``)."""
    data = template.template_bytes(lang, players=4, rounds=1)
    sheet = openpyxl.load_workbook(io.BytesIO(data))[sheet_name(lang, "results")]
    titles = [cell.value for cell in sheet[1]]
    table = titles.index(header(lang, "table")) + 1
    assert titles[table] == header(lang, "player")
    for row in range(2, sheet.max_row + 1):
        assert sheet.cell(row=row, column=table).alignment.horizontal == "center"
