"""The check code under the Standings: explained in words, absent while nothing is published.

Through the real entry point (``xlsx-scorer score``), as an organiser runs it:
with errors, fixed, and with a hand-edited ranking.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tests.builders import row, sheet_values, with_vp, write
from xlsx_scorer.app.fingerprint import CODE_LENGTH
from xlsx_scorer.app.report import ERRORS, ROUND_POINTS, STANDINGS, sheet_name
from xlsx_scorer.i18n import text

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
