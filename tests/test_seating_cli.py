"""``xlsx-scorer seat`` through the command line: rows written, scored once filled, refusals."""

from __future__ import annotations

import itertools
import json
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests import eventgen

ROOT = Path(__file__).resolve().parent.parent


def cli(*args: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def event(folder: Path, players: int, *, extra: dict[str, dict[str, Any]] | None = None) -> Path:
    """The shipped template with a roster of ``players`` names (and optional columns)."""
    path = folder / "event.xlsx"
    assert cli("template", path, "--players", players, "--rounds", 5).returncode == 0
    book = openpyxl.load_workbook(path)
    roster = book["Players"]
    headers = sorted({key for line in (extra or {}).values() for key in line})
    for column, header in enumerate(headers, start=2):
        roster.cell(1, column, header)
    for row in range(2, players + 2):
        name = f"Player {row - 1:02d}"
        roster.cell(row, 1, name)
        for column, header in enumerate(headers, start=2):
            roster.cell(row, column, (extra or {}).get(name, {}).get(header))
    book["Event"]["A5"], book["Event"]["B5"] = "Rounds", 5
    book.save(path)
    return path


def results(path: Path) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The sheet names and the (round, table, player) of every Results row."""
    book = openpyxl.load_workbook(path, read_only=True)
    try:
        rows = [row[:3] for row in book["Results"].iter_rows(min_row=2, values_only=True)]
        return book.sheetnames, rows
    finally:
        book.close()


def seated(path: Path, round_no: int) -> list[tuple[Any, ...]]:
    """The (round, table, player) rows of ``round_no`` in sheet order."""
    return [row for row in results(path)[1] if row[0] == round_no]


def fill(path: Path, round_no: int, seed: int) -> None:
    """Type random valid Catan results into the seated rows of ``round_no``."""
    rng = random.Random(seed)
    book = openpyxl.load_workbook(path)
    sheet = book["Results"]
    headers = {cell.value: cell.column for cell in sheet[1]}
    rows = [r for r in range(2, sheet.max_row + 1) if sheet.cell(r, 1).value == round_no]
    tables: dict[Any, list[int]] = {}
    for r in rows:
        tables.setdefault(sheet.cell(r, 2).value, []).append(r)
    for table, numbers in tables.items():
        names = [sheet.cell(r, 3).value for r in numbers]
        game = eventgen.random_game(rng, round_no, table, names)
        for r, line in zip(numbers, game, strict=True):
            for key in eventgen.KEYS[3:]:
                value = line[key]
                sheet.cell(r, headers[eventgen.HEADERS[key]], value if value is not False else None)
    book.save(path)


def test_seated_rounds_score_once_filled_without_repeats(tmp_path: Path) -> None:
    path = event(tmp_path, 16)
    for round_no in range(1, 6):
        done = cli("seat", path, "--round", round_no, "--seed", 3)
        assert done.returncode == 0, done.stderr
        rows = seated(path, round_no)
        assert len(rows) == 16
        assert sorted(Counter(table for _, table, _ in rows).values()) == [4, 4, 4, 4]
        fill(path, round_no, round_no)
        scored = cli("score", path)
        assert scored.returncode == 0, scored.stdout + scored.stderr
    names, rows = results(path)
    assert {"Seating R1", "Seating R5", "Standings"} <= set(names)
    games: dict[tuple[Any, Any], list[str]] = {}
    for round_no, table, player in rows:
        if player:
            games.setdefault((round_no, table), []).append(player)
    met = Counter(
        pair for names in games.values() for pair in itertools.combinations(sorted(names), 2)
    )
    assert max(met.values()) == 1


def test_a_round_with_rows_is_refused_and_nothing_written(tmp_path: Path) -> None:
    path = event(tmp_path, 7)
    assert cli("seat", path, "--round", 1).returncode == 0
    before = path.read_bytes()
    again = cli("seat", path, "--round", 1)
    assert again.returncode == 2
    assert "already has rows" in again.stderr
    assert path.read_bytes() == before


def test_roster_columns_report_and_json(tmp_path: Path) -> None:
    extra: dict[str, dict[str, Any]] = {
        "Player 01": {"Fixed Table": 2, "Club": "Ortega"},
        "Player 02": {"Club": "Ortega"},
        "Player 03": {"Dropped After Round": 0},
    }
    path = event(tmp_path, 12, extra=extra)
    done = cli("seat", path, "--round", 1, "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    tables = {t["table"]: t["players"] for t in report["tables"]}
    assert "Player 01" in tables[2]
    assert "Player 03" not in [n for t in tables.values() for n in t]
    assert not any("Player 02" in t and "Player 01" in t for t in tables.values())
    assert "seat_summary" in {f["code"] for f in report["findings"]}


@pytest.mark.parametrize("lang", ["es", "tr"])
def test_the_report_speaks_the_language(tmp_path: Path, lang: str) -> None:
    path = event(tmp_path, 9)
    done = cli("seat", path, "--round", 1, "--lang", lang)
    assert done.returncode == 0, done.stderr
    assert {"es": "Ronda 1", "tr": "Tur 1"}[lang] in done.stdout


@pytest.mark.libreoffice
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_a_file_saved_by_libreoffice_is_seated_again(tmp_path: Path) -> None:
    path = event(tmp_path, 15)
    assert cli("seat", path, "--round", 1, "--seed", 5).returncode == 0
    fill(path, 1, 1)
    saved = tmp_path / "saved"
    done = subprocess.run(
        [
            "soffice",
            "--headless",
            f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
            "--convert-to",
            "xlsx:Calc MS Excel 2007 XML",
            "--outdir",
            str(saved),
            str(path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    resaved = saved / "event.xlsx"
    assert resaved.is_file(), done.stdout + done.stderr
    again = cli("seat", resaved, "--round", 2, "--seed", 5)
    assert again.returncode == 0, again.stderr
    first = {frozenset(names) for names in _tables(seated(resaved, 1)).values()}
    second = _tables(seated(resaved, 2))
    assert sorted(len(names) for names in second.values()) == [3, 4, 4, 4]
    met = {pair for names in first for pair in itertools.combinations(sorted(names), 2)}
    assert not any(
        pair in met
        for names in second.values()
        for pair in itertools.combinations(sorted(names), 2)
    )
    scored = cli("score", resaved)  # round 2 is seated, not yet played: to play (SPEC §8)
    assert scored.returncode == 0, scored.stdout
    assert "Standings after round 1; round 2: 0 of 4 tables in" in scored.stdout


def _tables(rows: list[tuple[Any, ...]]) -> dict[Any, list[str]]:
    tables: dict[Any, list[str]] = {}
    for _, table, player in rows:
        tables.setdefault(table, []).append(player)
    return tables


def test_rows_below_the_template_keep_its_styles_and_input_rules(tmp_path: Path) -> None:
    path = tmp_path / "small.xlsx"
    # catan-de plays no final stage: rounds past the template's one are seated as rounds
    template = ("template", path, "--players", 8, "--rounds", 1, "--format", "catan-de")
    assert cli(*template).returncode == 0
    book = openpyxl.load_workbook(path)
    for row in range(2, 10):
        book["Players"].cell(row, 1, f"Player {row - 1:02d}")
    book.save(path)
    before = openpyxl.load_workbook(path)["Results"]
    template_rows = max(
        int(str(rule.sqref).split(":")[-1][1:])
        for rule in before.data_validations.dataValidation
        if str(rule.sqref).startswith("A2:")
    )
    for round_no in (1, 2, 3, 4):  # not played in between: forced (SPEC §8)
        assert cli("seat", path, "--round", round_no, "--force").returncode == 0
    after = openpyxl.load_workbook(path)["Results"]
    last = 1 + 4 * 8
    assert last > template_rows  # the seated rows go past the template's own
    rules = [str(rule.sqref) for rule in after.data_validations.dataValidation]
    assert f"A2:A{last}" in rules
    assert f"C2:C{last}" in " ".join(rules)
    assert after.cell(last, 1).style_id == after.cell(2, 1).style_id
    assert after.cell(last, 3).value == seated(path, 4)[-1][2]
