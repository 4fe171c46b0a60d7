"""A round in play, and the next round after the last (issue 24, items 7–8; SPEC §8).

Right after ``seat`` a round's games hold no result: they are *to play*, not errors. The
standings count the complete rounds and say which tables are still to play (the sheet,
the terminal, the JSON); a game with some results but not all is checked as ever. ``seat``
refuses a round while the one before it has no rows or has games to play, unless forced;
``app.seat.next_round`` tells the page which round comes next.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import openpyxl
import pytest

import xlsx_scorer
from tests import eventgen
from xlsx_scorer.app import seat as seat_api
from xlsx_scorer.cli import main
from xlsx_scorer.findings import Finding, Where, render
from xlsx_scorer.i18n import LANGUAGES


def run(capsys: pytest.CaptureFixture[str], *args: Any) -> tuple[int, str, str]:
    """The CLI in this process: exit code, stdout, stderr."""
    code = main([str(arg) for arg in args])
    said = capsys.readouterr()
    return code, said.out, said.err


def event(folder: Path, players: int, *, fmt: str | None = None, rounds: int = 4) -> Path:
    """The shipped template (of ``fmt``) with a roster of ``players`` names."""
    path = folder / "event.xlsx"
    chosen = ["--format", fmt] if fmt else []
    assert (
        main(["template", str(path), "--players", str(players), "--rounds", str(rounds), *chosen])
        == 0
    )
    book = openpyxl.load_workbook(path)
    for row in range(2, players + 2):
        book["Players"].cell(row, 1, f"Player {row - 1:02d}")
    if not any(
        str(cell.value).casefold() == "rounds"
        for line in book["Event"].iter_rows()
        for cell in line
    ):
        free = book["Event"].max_row + 1  # the template writes no Rounds line yet
        book["Event"].cell(free, 1, "Rounds")
        book["Event"].cell(free, 2, rounds)
    book.save(path)
    return path


def seated_tables(path: Path, round_no: int) -> dict[Any, list[int]]:
    """The Results rows of each table of ``round_no``, in sheet order."""
    sheet = openpyxl.load_workbook(path)["Results"]
    tables: dict[Any, list[int]] = {}
    for row in range(2, sheet.max_row + 1):
        if sheet.cell(row, 1).value == round_no:
            tables.setdefault(sheet.cell(row, 2).value, []).append(row)
    return tables


def fill_catan(path: Path, round_no: int, tables: list[Any] | None = None, seed: int = 0) -> None:
    """Valid Catan results typed into the seated rows of ``round_no`` (only ``tables``)."""
    rng = random.Random(seed + round_no)
    book = openpyxl.load_workbook(path)
    sheet = book["Results"]
    headers = {cell.value: cell.column for cell in sheet[1]}
    for table, rows in seated_tables(path, round_no).items():
        if tables is not None and table not in tables:
            continue
        names = [sheet.cell(row, 3).value for row in rows]
        for row, line in zip(rows, eventgen.random_game(rng, round_no, table, names), strict=True):
            for key in eventgen.KEYS[3:]:
                value = line[key]
                sheet.cell(
                    row, headers[eventgen.HEADERS[key]], value if value is not False else None
                )
    book.save(path)


def fill_scores(path: Path, round_no: int, tables: list[Any] | None = None) -> None:
    """A Carcassonne Score typed into every seated row of ``round_no`` (only ``tables``)."""
    book = openpyxl.load_workbook(path)
    sheet = book["Results"]
    headers = {cell.value: cell.column for cell in sheet[1]}
    for offset, row in enumerate(range(2, sheet.max_row + 1)):
        table = sheet.cell(row, 2).value
        wanted = tables is None or table in tables
        if sheet.cell(row, 1).value == round_no and table != "Bye" and wanted:
            sheet.cell(row, headers["Score"], 40 + 7 * offset)
    book.save(path)


def sheet_text(path: Path, sheet: str) -> str:
    book = openpyxl.load_workbook(path, read_only=True)
    try:
        return "\n".join(
            str(value)
            for line in book[sheet].iter_rows(values_only=True)
            for value in line
            if value
        )
    finally:
        book.close()


def round_two_in_play(folder: Path) -> Path:
    """28 players (7 tables): round 1 played, round 2 seated with tables 1–4 in."""
    path = event(folder, 28)
    assert main(["seat", str(path), "--round", "1"]) == 0
    fill_catan(path, 1)
    assert main(["seat", str(path), "--round", "2"]) == 0
    fill_catan(path, 2, [1, 2, 3, 4])
    return path


# ---------------------------------------------------------------------------
# Item 7: a round in play


def test_a_round_just_seated_is_to_play_not_a_wall_of_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 28)
    assert main(["seat", str(path), "--round", "1"]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "score", path)
    assert code == 0, out
    assert "no problems" in out
    assert "Round 1: 0 of 7 tables in, 7 to play: tables 1, 2, 3, 4, 5, 6, 7." in out
    to_play = [line for line in out.splitlines() if "to play (" in line]
    assert len(to_play) == 7, out
    assert "Round 1, table 3: to play (" in out
    assert len(out.splitlines()) < 15


def test_standings_count_the_complete_rounds_and_name_the_tables_to_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = round_two_in_play(tmp_path)
    capsys.readouterr()
    code, out, _ = run(capsys, "score", path)
    assert code == 0, out
    line = "Standings after round 1; round 2: 4 of 7 tables in, 3 to play: tables 5, 6, 7."
    assert line in out
    assert "Round 2, table 6: to play (" in out
    assert "Top 10:" in out
    standings = sheet_text(path, "Standings")
    assert line in standings
    assert "R2" not in standings.split()  # round 2 is not counted yet
    book = openpyxl.load_workbook(path, read_only=True)
    rounds = {line[0] for line in book["Round Points"].iter_rows(values_only=True)}
    book.close()
    assert {value for value in rounds if isinstance(value, int)} == {1}  # the games counted


def test_the_json_and_the_api_say_which_rounds_count_and_which_tables_are_to_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = round_two_in_play(tmp_path)
    capsys.readouterr()
    code, out, _ = run(capsys, "check", path, "--json")
    document = json.loads(out)
    assert code == 0
    assert document["exit_code"] == 0
    expected = {
        "counted": [1],
        "in_play": [{"round": 2, "tables": 7, "in": 4, "to_play": ["5", "6", "7"]}],
    }
    assert document["rounds"] == expected
    codes = [finding["code"] for finding in document["findings"]]
    assert codes == ["round_in_play", "table_to_play", "table_to_play", "table_to_play"]
    scored = xlsx_scorer.score(path.read_bytes())
    assert scored.exit_code == 0
    assert scored.standings is not None
    assert scored.rounds is not None
    assert scored.rounds.to_json() == expected
    assert len(scored.standings) == 28
    assert scored.to_json()["rounds"] == expected


def test_a_game_with_some_results_is_checked_as_ever(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = round_two_in_play(tmp_path)
    row = seated_tables(path, 2)[5][0]
    book = openpyxl.load_workbook(path)
    book["Results"].cell(row, 4, 3)  # one Settlements cell of table 5
    book.save(path)
    capsys.readouterr()
    code, out, _ = run(capsys, "score", path)
    assert code == 1, out
    errors = [line for line in out.splitlines() if line.startswith("  Results!")]
    assert errors
    assert all("table 5" in line for line in errors), out
    assert "no standings published" in out
    assert "Standings after round 1" not in sheet_text(path, "Standings")


def test_a_complete_event_says_nothing_of_rounds_in_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = round_two_in_play(tmp_path)
    fill_catan(path, 2, [5, 6, 7])
    capsys.readouterr()
    code, out, _ = run(capsys, "score", path)
    assert code == 0, out
    assert "to play" not in out
    assert xlsx_scorer.check(path.read_bytes()).to_json()["rounds"] == {
        "counted": [1, 2],
        "in_play": [],
    }


def test_a_bye_never_keeps_a_round_in_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 5, fmt="carcassonne-swiss")
    assert main(["seat", str(path), "--round", "1"]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "score", path)
    assert code == 0, out
    assert "Round 1: 0 of 2 tables in, 2 to play: tables 1, 2." in out
    fill_scores(path, 1)
    code, out, _ = run(capsys, "score", path)
    assert code == 0, out
    assert "to play" not in out
    assert main(["seat", str(path), "--round", "2"]) == 0


def test_a_carcassonne_breakdown_cell_is_a_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 8, fmt="carcassonne-hig")
    assert main(["seat", str(path), "--round", "1"]) == 0
    fill_scores(path, 1, [1])
    book = openpyxl.load_workbook(path)
    sheet = book["Results"]
    headers = {cell.value: cell.column for cell in sheet[1]}
    row = seated_tables(path, 1)[2][0]
    sheet.cell(row, headers["Roads"], 4)  # table 2: a breakdown cell only
    book.save(path)
    capsys.readouterr()
    code, out, _ = run(capsys, "score", path)
    assert code == 1, out
    errors = [line for line in out.splitlines() if line.startswith("  Results!")]
    assert len(errors) == 4
    assert all("table 2" in line for line in errors), out
    fill_scores(path, 1, [2])
    code, out, _ = run(capsys, "score", path)
    assert code == 0, out
    assert "to play" not in out


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_a_round_in_play_saved_by_libreoffice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = round_two_in_play(tmp_path)
    saved = tmp_path / "lo"
    converted = subprocess.run(
        [
            "soffice",
            "--headless",
            f"-env:UserInstallation=file://{tmp_path}/profile",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(saved),
            str(path),
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert converted.returncode == 0, converted.stderr
    again = saved / "event.xlsx"
    assert b"LibreOffice" in __import__("zipfile").ZipFile(again).read("docProps/app.xml")
    capsys.readouterr()
    code, out, _ = run(capsys, "score", again)
    assert code == 0, out
    assert "Standings after round 1; round 2: 4 of 7 tables in, 3 to play: tables 5, 6, 7." in out
    code, _, err = run(capsys, "seat", again, "--round", "3")
    assert code == 2
    assert "5, 6, 7" in err


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_words_in_every_language_with_plurals(lang: str) -> None:
    where = Where(sheet="Results", round=4)
    said = set()
    for tables, to_play in ((1, 1), (10, 4)):
        params = {
            "after": 3,
            "published": "yes",
            "tables_in": tables - to_play,
            "tables": tables,
            "to_play": to_play,
            "labels": "3, 7, 9, 10"[: 1 if to_play == 1 else None],
        }
        text = render(Finding("round_in_play", params, "notice", where), lang)
        assert "{" not in text
        assert "4" in text
        said.add(text)
        none = render(Finding("round_in_play", {**params, "after": 0}, "notice", where), lang)
        assert none != text
    assert len(said) == 2
    table = Finding(
        "table_to_play",
        {"players": "Ana, Bo, Cem"},
        "notice",
        Where(sheet="Results", cell="D9", round=4, table="7"),
    )
    assert "Ana, Bo, Cem" in render(table, lang)
    assert "7" in render(table, lang)
    if lang != "en":
        assert render(table, lang) != render(table, "en")


def test_a_spanish_event_says_it_in_spanish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = round_two_in_play(tmp_path)
    checked = xlsx_scorer.check(path.read_bytes(), language="es")
    assert checked.exit_code == 0
    said = checked.messages()
    line = "Clasificación tras la ronda 1; ronda 2: 4 de 7 mesas con resultado, 3 por jugar"
    assert f"{line}: mesas 5, 6, 7." in said


# ---------------------------------------------------------------------------
# Item 8: the next round follows the last


def test_a_round_after_a_missing_one_is_refused_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 12)
    assert main(["seat", str(path), "--round", "1"]) == 0
    fill_catan(path, 1)
    before = path.read_bytes()
    capsys.readouterr()
    code, _, err = run(capsys, "seat", path, "--round", "3")
    assert code == 2
    assert "Round 3 cannot be seated: round 2 has no rows in Results yet" in err
    assert path.read_bytes() == before
    code, _, err = run(capsys, "seat", path, "--round", "3", "--force")
    assert code == 0, err


def test_a_round_after_one_in_play_is_refused_naming_the_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = round_two_in_play(tmp_path)
    before = path.read_bytes()
    capsys.readouterr()
    code, out, err = run(capsys, "seat", path, "--round", "3", "--json")
    assert code == 2
    refusal = json.loads(out)["findings"][0]
    assert refusal["code"] == "unusable.seat_round_in_play"
    assert refusal["params"] == {"round": 3, "previous": 2, "to_play": 3, "labels": "5, 6, 7"}
    code, _, err = run(capsys, "seat", path, "--round", "3", "--lang", "ca")
    assert code == 2
    assert "5, 6, 7" in err
    assert "ronda 2" in err
    assert path.read_bytes() == before
    fill_catan(path, 2, [5, 6, 7])
    code, _, err = run(capsys, "seat", path, "--round", "3")
    assert code == 0, err


def test_the_page_asks_the_api_which_round_comes_next(tmp_path: Path) -> None:
    path = event(tmp_path, 12, rounds=2)
    fresh = seat_api.next_round(path.read_bytes())
    assert (fresh.round, fresh.last, fresh.offered, fresh.refusal) == (1, 2, 1, None)
    assert main(["seat", str(path), "--round", "1"]) == 0
    seated = seat_api.next_round(path.read_bytes())
    assert (seated.round, seated.offered) == (2, None)
    assert seated.refusal is not None
    assert seated.refusal.code == "unusable.seat_round_in_play"
    assert [(r.round, r.tables, r.to_play) for r in seated.in_play] == [(1, 3, ("1", "2", "3"))]
    fill_catan(path, 1)
    assert seat_api.next_round(path.read_bytes()).offered == 2
    assert main(["seat", str(path), "--round", "2"]) == 0
    fill_catan(path, 2)
    last = seat_api.next_round(path.read_bytes())
    assert (last.round, last.last, last.offered, last.past_last) == (3, 2, None, True)


def test_a_swiss_round_forced_after_one_in_play_ranks_by_the_complete_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 12)
    assert main(["seat", str(path), "--round", "1"]) == 0
    fill_catan(path, 1)
    assert main(["seat", str(path), "--round", "2"]) == 0
    fill_catan(path, 2, [1])
    capsys.readouterr()
    code, _, err = run(capsys, "seat", path, "--round", "3", "--method", "swiss")
    assert code == 2
    assert "tables 2, 3 of round 2" in err
    code, out, err = run(capsys, "seat", path, "--round", "3", "--method", "swiss", "--force")
    assert code == 0, out + err
