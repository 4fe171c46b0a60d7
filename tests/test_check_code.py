"""The check code under the Standings: explained in words, absent while nothing is published.

Through the real entry point (``xlsx-scorer score``), as an organiser runs it:
with errors, fixed, and with a hand-edited ranking.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any
from unittest import mock

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.builders import row, sheet_values, with_vp, write
from xlsx_scorer.app import fingerprint, report
from xlsx_scorer.app.fingerprint import CODE_LENGTH, canonical, check_code
from xlsx_scorer.app.report import ERRORS, ROUND_POINTS, STANDINGS, sheet_name
from xlsx_scorer.i18n import text
from xlsx_scorer.xlsx.write.spec import Column, Rows, SheetSpec

GAME = [with_vp(1, 1, "Ana", 10), with_vp(1, 1, "Bea", 8), with_vp(1, 1, "Cem", 7)]
WRONG = row(1, 1, "Dua", settlements=9)  # D5: out of range
RIGHT = with_vp(1, 1, "Dua", 5)


def score(path: Path, lang: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "score", str(path), "--lang", lang],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _is_code(value: object) -> bool:
    return isinstance(value, str) and len(value) == CODE_LENGTH and value.isalnum()


def _column_a(path: Path, sheet: str) -> list[object]:
    return [line[0] if line else None for line in sheet_values(path, sheet)]


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_the_code_is_explained_where_it_stands(tmp_path: Path, lang: str) -> None:
    path = write(tmp_path / "event.xlsx", [*GAME, RIGHT])
    assert score(path, lang).returncode == 0
    for sheet in (sheet_name(lang, STANDINGS), sheet_name(lang, ROUND_POINTS)):
        cells = _column_a(path, sheet)
        label = cells.index(text(lang, "notice.check"))
        assert _is_code(cells[label + 1]), (sheet, cells[: label + 2])
        assert "verify" in str(cells[label])


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_no_code_while_no_standings_are_published(tmp_path: Path, lang: str) -> None:
    path = write(tmp_path / "event.xlsx", [*GAME, WRONG])
    assert score(path, lang).returncode == 1
    for sheet in (sheet_name(lang, STANDINGS), sheet_name(lang, ROUND_POINTS)):
        cells = [cell for cell in _column_a(path, sheet) if cell is not None]
        assert text(lang, "notice.check") not in cells
        assert not any(_is_code(cell) for cell in cells), cells
        assert text(lang, "notice.not_published", count=1) in cells


def test_fixing_the_errors_is_no_hand_edit_but_editing_the_ranking_is(tmp_path: Path) -> None:
    """Errors, fixed, scored again: no "regenerated" notice; a ranking edited by hand: one."""
    path = write(tmp_path / "event.xlsx", [*GAME, WRONG])
    assert score(path, "es").returncode == 1
    book = openpyxl.load_workbook(path)
    book["Results"]["D5"] = RIGHT[3]
    book["Results"]["E5"] = RIGHT[4]
    book.save(path)
    regenerated = text("es", "notice.regenerated", sheet=sheet_name("es", STANDINGS))
    fixed = score(path, "es")
    assert fixed.returncode == 0, fixed.stdout
    assert regenerated not in fixed.stdout
    assert not any(
        regenerated in str(line) for line in sheet_values(path, sheet_name("es", ERRORS))
    )
    book = openpyxl.load_workbook(path)
    standings = book[sheet_name("es", STANDINGS)]
    ana = next(cell for line in standings.iter_rows() for cell in line if cell.value == "Ana")
    ana.value = "Zeynep"  # a ranking edited by hand
    book.save(path)
    edited = score(path, "es")
    assert edited.returncode == 0
    assert regenerated in edited.stdout
    assert any(regenerated in str(line) for line in sheet_values(path, sheet_name("es", ERRORS)))


# The code's value is frozen: old workbooks carry it.  It is SHA-256 over the table as
# compact JSON (fingerprint.canonical_json), which these reference lines spell out.


def _reference_code(rows: list[list[object]]) -> str:
    table = [[canonical(value) for value in row] for row in rows]
    for cells in table:
        while cells and cells[-1] == "":
            cells.pop()
    while table and not table[-1]:
        table.pop()
    text = json.dumps(table, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:CODE_LENGTH]


CELLS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**15), 10**15),
    st.floats(allow_infinity=True, allow_nan=True),
    st.sampled_from(["", " ", "1", "TRUE", "Ana", 'say "hi"', "a\\b", "x\ty\n", "\x01", "ğüş"]),
    st.text(max_size=6),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(CELLS, max_size=6), max_size=8), st.booleans())
def test_the_check_code_is_the_documented_formula(rows: list[list[object]], square: bool) -> None:
    if square and rows:
        width = max(map(len, rows))
        rows = [[*row, *[None] * (width - len(row))] for row in rows]
    assert check_code(rows) == _reference_code(rows)
    with mock.patch.object(fingerprint, "CHUNK_ROWS", 2):  # a table of many pieces
        assert check_code(rows) == _reference_code(rows)
        if rows and square:
            headed = Rows(list(zip(*rows[1:], strict=True)) or [[]] * len(rows[0]), len(rows) - 1)
            assert check_code(headed.under(rows[0])) == _reference_code(rows)


def test_a_big_tables_code_never_holds_its_text_whole() -> None:
    """Round Points of Excel's largest sheet (a million rows): its check code is taken over
    the table as it is written, a piece at a time, with no copy of its columns (the header
    over them is a view) and never the table's whole text, nor that text encoded."""
    count = 200_000
    columns: list[list[Any]] = [
        [1 + index // 2000 for index in range(count)],
        [str(1 + index % 500) for index in range(count)],
        [f"Player {index % 2000:04d}" for index in range(count)],
        [index % 11 for index in range(count)],
        ["Yes" if index % 4 == 0 else None for index in range(count)],
        [(index % 7) / 3 for index in range(count)],
    ]
    spec = report.with_check_code(
        "en", SheetSpec("k", "S", "T", (), tuple(Column(f"C{i}") for i in range(6)), Rows(columns))
    )
    code = spec.notes[-1]
    assert callable(code)
    text_size = len(fingerprint.canonical_json(Rows(columns).under([f"C{i}" for i in range(6)])))
    tracemalloc.start()
    try:
        found = code()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    header: list[Any] = [f"C{i}" for i in range(6)]
    assert found == check_code([header, *zip(*columns, strict=True)])
    assert peak < text_size / 2, (peak, text_size)


def test_known_codes_do_not_change() -> None:
    """Codes as the scorer has written them under its sheets."""
    header = ["Rank", "Player", "Round Points", "VP", "VP %", "R1", "R2"]
    table = [header, [1, "Ana", 10.0, 21, 0.5, 5.0, 5.0], [2, "Bea", 2.5, 9, 0.25, 2.5, None]]
    assert check_code(table) == "8bcc240e2d"
    assert check_code([["Rank", "Player"], [1, "Ana"]]) == "d11d1e364f"
    assert check_code([]) == check_code([[None]]) == "4f53cda18c"
