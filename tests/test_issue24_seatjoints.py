"""Issue 24, where seating meets the other commands: ``seat`` on a scored workbook scores it
again (never a stale ranking beside the new round), a broken entry of ours is put right, and
``merge`` refuses two judges' different seatings of one round."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.test_issue24_inplay import event, fill_catan, run, sheet_text
from xlsx_scorer.cli import main


def scored_round_one(folder: Path, players: int = 8) -> Path:
    """An event with round 1 seated, filled and scored (Standings, Round Points, Errors)."""
    path = event(folder, players)
    assert main_ok(["seat", path, "--round", 1])
    fill_catan(path, 1)
    assert main_ok(["score", path])
    return path


def main_ok(args: list[Any]) -> bool:
    return main([str(arg) for arg in args]) == 0


def spoil_round_one(path: Path) -> None:
    """Round 1's results made invalid: a settlement count out of range, a cell blanked."""
    book = openpyxl.load_workbook(path)
    sheet = book["Results"]
    sheet["D2"] = 9
    sheet["E3"] = None
    book.save(path)


def test_seat_on_a_scored_workbook_scores_it_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scored_round_one(tmp_path)
    spoil_round_one(path)
    capsys.readouterr()
    code, out, _ = run(capsys, "seat", path, "--round", 2, "--force")
    assert code == 0, out  # seated and written, the workbook's problems said
    book = openpyxl.load_workbook(path)
    assert "Seating R2" in book.sheetnames
    errors = sheet_text(path, "Errors")
    assert "no problems" not in errors.casefold()
    assert "D2" in errors
    assert "no standings published" in out
    standings = sheet_text(path, "Standings")
    assert "Player 01" not in standings  # the old ranking is withheld


def test_seat_on_a_clean_scored_workbook_publishes_the_standings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scored_round_one(tmp_path)
    capsys.readouterr()
    code, out, _ = run(capsys, "seat", path, "--round", 2)
    assert code == 0, out
    assert "0 problems" in out or "no problems" in out
    book = openpyxl.load_workbook(path)
    assert {"Standings", "Errors", "Seating R2"} <= set(book.sheetnames)
    assert book.active.title == "Seating R2"


def test_seat_without_our_sheets_does_not_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 8)
    code, out, _ = run(capsys, "seat", path, "--round", 1)
    assert code == 0, out
    assert "problem" not in out
    assert "Standings" not in openpyxl.load_workbook(path).sheetnames


def without_rid(source: Path, target: Path, sheet: str) -> None:
    """``source`` with the ``r:id`` of ``sheet``'s entry in workbook.xml taken away."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "xl/workbook.xml":
                xml = data.decode()
                pattern = rf'(<sheet [^>]*name="{re.escape(sheet)}"[^>]*?) r:id="[^"]*"'
                changed = re.sub(pattern, r"\1", xml)
                assert changed != xml
                data = changed.encode()
            zout.writestr(item, data)


@pytest.mark.parametrize("sheet", ["Standings", "Round Points"])
def test_seat_puts_right_our_sheet_without_a_relationship(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sheet: str
) -> None:
    path = scored_round_one(tmp_path)
    broken = tmp_path / "broken.xlsx"
    without_rid(path, broken, sheet)
    capsys.readouterr()
    code, out, _ = run(capsys, "seat", broken, "--round", 2)
    assert code == 0, out  # scored first: score puts its own sheet right
    with zipfile.ZipFile(broken) as package:
        xml = package.read("xl/workbook.xml").decode()
    for entry in re.findall(r"<sheet [^>]*>", xml):
        assert "r:id=" in entry, entry
    book = openpyxl.load_workbook(broken)
    assert "Seating R2" in book.sheetnames
    assert book.active.title == "Seating R2"
    assert "Player" in sheet_text(broken, "Standings")


def test_seat_drops_our_slips_entry_without_a_relationship(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not scored (no output sheets of ours): the broken ``Seating R1`` entry goes all the
    same, as ``score`` drops ours; the result opens, on the new slips."""
    path = event(tmp_path, 8)
    assert main_ok(["seat", path, "--round", 1])
    fill_catan(path, 1)
    broken = tmp_path / "broken.xlsx"
    without_rid(path, broken, "Seating R1")
    capsys.readouterr()
    code, out, _ = run(capsys, "seat", broken, "--round", 2)
    assert code == 0, out
    with zipfile.ZipFile(broken) as package:
        xml = package.read("xl/workbook.xml").decode()
    for entry in re.findall(r"<sheet [^>]*>", xml):
        assert "r:id=" in entry, entry
    book = openpyxl.load_workbook(broken)
    assert book.active.title == "Seating R2"
    assert "Seating R1" not in book.sheetnames


def judges_copies(folder: Path) -> tuple[Path, Path, Path]:
    """BASE (round 1 scored, 12 players) and two judges' copies of it."""
    path = scored_round_one(folder, 12)
    base, first, second = (folder / name for name in ("base.xlsx", "ja.xlsx", "jb.xlsx"))
    for copy in (base, first, second):
        shutil.copy(path, copy)
    return base, first, second


def test_merge_refuses_two_seatings_of_one_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, first, second = judges_copies(tmp_path)
    assert main_ok(["seat", first, "--round", 2, "--seed", 1])
    assert main_ok(["seat", second, "--round", 2, "--seed", 2])
    merged = tmp_path / "merged.xlsx"
    capsys.readouterr()
    code, out, _ = run(capsys, "merge", base, first, second, "-o", merged)
    assert code == 1, out
    assert not merged.exists()
    assert "CONFLICT round 2: seated differently in ja.xlsx, jb.xlsx" in out


def test_merge_keeps_tables_typed_by_hand_in_two_copies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two copies adding different tables of a round is no seating conflict."""
    base, first, second = judges_copies(tmp_path)
    for copy, table, names in ((first, 1, range(1, 5)), (second, 2, range(5, 9))):
        book = openpyxl.load_workbook(copy)
        sheet = book["Results"]
        for number in names:
            sheet.append([2, table, f"Player {number:02d}"])
        book.save(copy)
    merged = tmp_path / "merged.xlsx"
    code, out, _ = run(capsys, "merge", base, first, second, "-o", merged)
    assert code == 0, out
    assert "8 rows added" in out


def test_merge_says_where_the_slips_of_a_seated_round_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, first, _ = judges_copies(tmp_path)
    assert main_ok(["seat", first, "--round", 2, "--seed", 1])
    merged = tmp_path / "merged.xlsx"
    capsys.readouterr()
    code, out, _ = run(capsys, "merge", base, first, "-o", merged)
    assert code == 0, out
    assert (
        f"Round 2’s slips were not carried into {merged}: "
        f"print them from the Seating R2 sheet of {first}." in out
    )
    assert "Seating R2" in openpyxl.load_workbook(first, read_only=True).sheetnames
