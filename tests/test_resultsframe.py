"""The ``Results`` frame built from codes is the frame of the cells, whichever way they were read.

Random ``Results`` tables (numbers, text, TRUE/FALSE, blanks, header words, rows
repeating the header, merged ranges, rows out of order, a cell given twice) are
read the plain way in pieces of a few rows (so with a helper process where one can
be forked, and one run of codes per piece) and the exact way (expat, one value per
cell).  Both must give the same frame, value for value and type for type; each
column's codes (``ResultsSheet.coded``) must give back the frame's column, and
typing the cells with those codes must give what typing the frame alone gives.
"""

from __future__ import annotations

import io
import re
import zipfile
from array import array
from typing import Any
from unittest import mock

import pandas as pd
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fixtures.bad.make_bad import HEADERS, results_book
from tests.strict import typed
from xlsx_scorer.app import reading
from xlsx_scorer.core.columns import RESULT_COLUMNS
from xlsx_scorer.core.typed import typed_results
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.xlsx.read import plaincells
from xlsx_scorer.xlsx.read.cellevents import SheetCells
from xlsx_scorer.xlsx.read.reader import ResultsSheet
from xlsx_scorer.xlsx.read.resultsframe import results_frame

VALUES = st.one_of(
    st.none(),
    st.integers(-2, 15),
    st.sampled_from([0.5, -0.0, 1e16, 3.0]),
    st.booleans(),
    st.sampled_from(["", " ", "Ana", "ana ", "Bob", "x", "3", "Round", "Table", "Player", "Ronda"]),
)
ROWS = st.lists(st.lists(VALUES, max_size=13), max_size=30)
MERGES = st.lists(
    st.tuples(st.integers(2, 30), st.integers(0, 12), st.integers(0, 3), st.integers(0, 2)),
    max_size=3,
)


def _letter(index: int) -> str:
    return chr(65 + index)


def _book(
    rows: list[list[Any]], merges: list[tuple[int, int, int, int]], reverse: bool, twice: bool
) -> bytes:
    table = [list(HEADERS), *rows, *([rows[0]] if rows else [])]  # the last row: a repeat
    header_again = [list(HEADERS)] if len(rows) > 3 else []  # organisers repeat it per round
    table[2:2] = header_again
    merged = [
        f"{_letter(column)}{row}:{_letter(min(column + wide, 12))}{row + tall}"
        for row, column, tall, wide in merges
        if tall or wide
    ]
    data = results_book(table, merged=merged[:1])  # overlapping merges: damage, not tested here
    return _rewritten(data, reverse=reverse, twice=twice)


def _rewritten(data: bytes, *, reverse: bool, twice: bool) -> bytes:
    """The workbook with the rows of its ``Results`` sheet written bottom-up (``reverse``),
    and ``A2`` given a second time, last in its row, holding 99 (``twice``)."""
    source, buffer = zipfile.ZipFile(io.BytesIO(data)), io.BytesIO()
    with source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            part = source.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                rows = re.findall(rb"<row .*?</row>", part)
                if twice:
                    rows = [
                        row.replace(b"</row>", b'<c r="A2"><v>99</v></c></row>')
                        if row.startswith(b'<row r="2"')
                        else row
                        for row in rows
                    ]
                part = part.replace(
                    b"".join(re.findall(rb"<row .*?</row>", part)),
                    b"".join(reversed(rows) if reverse else rows),
                )
            target.writestr(info, part)
    return buffer.getvalue()


def _read(data: bytes, *, plain: bool) -> ResultsSheet | str:
    """The ``Results`` sheet read the plain way in pieces of ~100 bytes, or the exact way;
    or the code of the refusal (rows written bottom-up past row 30 hide the header)."""
    try:
        if plain:
            with mock.patch.object(plaincells, "_PIECE", 100):
                return reading.read(data).results
        with mock.patch.object(plaincells, "read_plain", return_value=None):
            return reading.read(data).results
    except UnusableWorkbookError as error:
        return error.code


def _typed_cells(frame: pd.DataFrame) -> dict[str, list[tuple[type, Any]]]:
    return {key: [(type(value), value) for value in frame[key]] for key in frame.columns}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ROWS, MERGES, st.booleans(), st.booleans())
@example([[] for _ in range(28)] + [[0]], [], True, False)  # bottom-up past row 30: refused
def test_the_frame_and_its_codes_are_the_cells_either_way(
    rows: list[list[Any]], merges: list[tuple[int, int, int, int]], reverse: bool, twice: bool
) -> None:
    data = _book(rows, merges, reverse, twice)
    plain, exact = _read(data, plain=True), _read(data, plain=False)
    if isinstance(plain, str) or isinstance(exact, str):
        assert typed(plain) == typed(exact)  # the same refusal
        return
    assert plain.raw.index.tolist() == exact.raw.index.tolist()
    assert _typed_cells(plain.raw) == _typed_cells(exact.raw)
    if twice and rows and any(value is not None for value in rows[0]):  # twice: the last
        assert typed(plain.raw.loc[2, "round"]) == typed(99.0)  # numbers read as floats
    for sheet in (plain, exact):
        assert set(sheet.coded) == set(sheet.raw.columns)
        for key, (codes, values) in sheet.coded.items():
            assert len(codes) == len(sheet.raw)
            taken = [values[code] for code in codes]
            assert [(type(v), v) for v in taken] == _typed_cells(sheet.raw)[key]
        with_codes, errors_with_codes = typed_results(sheet.raw, sheet.coded)
        alone, errors_alone = typed_results(sheet.raw)
        pd.testing.assert_frame_equal(with_codes, alone)
        pd.testing.assert_frame_equal(errors_with_codes, errors_alone)


def test_a_league_table_read_in_pieces_is_one_run_of_codes_per_piece() -> None:
    """Each piece keeps its distinct values once; the frame does not care where they are."""
    rows = [[1 + row // 40, 1 + row // 4, f"P{row % 40}", 2, 1, 0, 3, 7, 5] for row in range(400)]
    data = results_book([list(HEADERS), *rows])
    with mock.patch.object(plaincells, "_PIECE", 2000):
        sheet = reading.read(data).results
    assert len(sheet.raw) == 400
    assert sheet.raw["player"].tolist() == [f"P{row % 40}" for row in range(400)]
    assert typed(sheet.coded["player"].values) == typed([f"P{number}" for number in range(40)])
    assert typed(sheet.coded["settlements"].values) == typed([2.0])


@pytest.mark.parametrize("form", [list, lambda values: array("I", values)])
def test_no_cells_in_either_readers_form_give_an_empty_frame(form: Any) -> None:
    cells = SheetCells(form([]), form([]), [(form([]), 0)], [])
    frame, coded = results_frame(cells, 1, list(RESULT_COLUMNS), list(range(1, 13)), set())
    assert frame.empty
    assert list(frame.columns) == list(RESULT_COLUMNS)
    assert all(len(column.codes) == 0 for column in coded.values())
