"""Issue 24, "Our sheets stay ours" (SPEC §8): one sheet of each kind of ours, round after round.

Through the real commands: ``template`` → the roster typed → ``seat`` → results typed →
``score`` → ``seat`` … with ``merge``, ``archive`` and LibreOffice saves in between; a
workbook whose markers an earlier version stripped is put right; a ``<sheet>`` without
``r:id`` is no crash; ``seat`` names the sheet it wrote.
"""

from __future__ import annotations

import io
import random
import re
import shutil
import subprocess
import zipfile
from collections import Counter
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests import eventgen
from xlsx_scorer.cli import main

PLAYERS = 8
#: Names a run of ours writes, in every shipped language, with the " (2)" of a duplicate.
DUPLICATE = re.compile(r".* \(\d+\)$")


def run(capsys: pytest.CaptureFixture[str], *args: Any) -> tuple[int, str]:
    code = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def event(folder: Path, capsys: pytest.CaptureFixture[str], *args: str) -> Path:
    """The template with a roster of ``PLAYERS`` names typed in (as an organiser does)."""
    path = folder / "event.xlsx"
    code, out = run(capsys, "template", path, "--players", PLAYERS, "--rounds", 4, *args)
    assert code == 0, out
    book = openpyxl.load_workbook(path)
    roster = book.worksheets[1]
    for number in range(1, PLAYERS + 1):
        roster.cell(number + 1, 1, f"Player {number:02d}")
    book.save(path)
    return path


def fill(path: Path, round_no: int) -> None:
    """Random valid Catan results typed into the seated rows of ``round_no``."""
    rng = random.Random(round_no)
    book = openpyxl.load_workbook(path)
    sheet = book.worksheets[2]
    headers = {cell.value: cell.column for cell in sheet[1]}
    tables: dict[Any, list[int]] = {}
    for number in range(2, sheet.max_row + 1):
        if sheet.cell(number, 1).value == round_no:
            tables.setdefault(sheet.cell(number, 2).value, []).append(number)
    assert tables, f"round {round_no} is not seated"
    for table, numbers in tables.items():
        names = [sheet.cell(number, 3).value for number in numbers]
        game = eventgen.random_game(rng, round_no, table, names)
        for number, line in zip(numbers, game, strict=True):
            for key in eventgen.KEYS[3:]:
                value = line[key]
                column = headers[eventgen.HEADERS[key]]
                sheet.cell(number, column, value if value is not False else None)
    book.save(path)


def sheet_names(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        workbook = archive.read("xl/workbook.xml").decode()
    return [
        unescape(name) for name in re.findall(r'<(?:\w+:)?sheet\b[^>]*?\bname="([^"]*)"', workbook)
    ]


def unescape(name: str) -> str:
    return name.replace("&apos;", "'").replace("&quot;", '"').replace("&amp;", "&")


def markers(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        workbook = archive.read("xl/workbook.xml").decode()
    return sorted(re.findall(r'name="(_xlsx_scorer\.[^"]*)"', workbook))


def assert_one_of_each(names: list[str], rounds: int, *, scored: bool = True) -> None:
    """Exactly one sheet of each kind of ours, none with a " (2)"."""
    assert not [name for name in names if DUPLICATE.match(name)], names
    counts = Counter(names)
    assert all(count == 1 for count in counts.values()), names
    for round_no in range(1, rounds + 1):
        assert f"Seating R{round_no}" in names, names
    if scored:
        assert {"Standings", "Round Points", "Errors"} <= set(names), names


def test_round_after_round_each_sheet_of_ours_stays_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """seat strips no marker of score's sheets, score none of seat's: no "Standings (2)"."""
    path = event(tmp_path, capsys)
    for round_no in (1, 2, 3):
        code, out = run(capsys, "seat", path, "--round", round_no)
        assert code == 0, out
        assert_one_of_each(sheet_names(path), round_no, scored=round_no > 1)
        fill(path, round_no)
        code, out = run(capsys, "score", path)
        assert code == 0, out
        assert "a sheet of yours" not in out
        assert_one_of_each(sheet_names(path), round_no)
    kinds = [name.removeprefix("_xlsx_scorer.") for name in markers(path)]
    assert sorted(kinds) == sorted(
        ["standings", "round_points", "errors", "chart_data", *(f"seating_r{n}" for n in (1, 2, 3))]
    )


def test_seat_names_the_sheet_it_wrote_when_the_name_is_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An organiser's own "Seating R1" is kept; the message and the JSON name "Seating R1 (2)"."""
    path = event(tmp_path, capsys)
    book = openpyxl.load_workbook(path)
    book.create_sheet("Seating R1")["A1"] = "my own plan"
    book.save(path)
    code, out = run(capsys, "seat", path, "--round", 1)
    assert code == 0, out
    assert "Seating R1 (2)" in sheet_names(path)
    assert "the slips in Seating R1 (2)." in out, out
    assert "Seating R1 is a sheet of yours" in out, out
    assert openpyxl.load_workbook(path)["Seating R1"]["A1"].value == "my own plan"
