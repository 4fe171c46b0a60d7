"""Issue 24, a review of the integrated work: the format a workbook is scored in is
remembered, the page never tells to type a flag, refusals speak the workbook's language,
messages say the real ranges, and the bye word is the workbook's.  Through the command line
(``cli.main``) and the HTTP API on bytes.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from starlette.testclient import TestClient

from tests.test_issue24_remembers import cli, event_lines
from tests.test_issue24_remembers import event as rostered
from xlsx_scorer.cli import main
from xlsx_scorer.i18n import LANGUAGES, text
from xlsx_scorer.web.server import XLSX, create_app

NAMES = [f"Player {n:02d}" for n in range(1, 9)]
LOCAL = "http://127.0.0.1"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(warm_up=False), base_url=LOCAL) as test_client:
        yield test_client


def fill_round(path: Path, round_no: int) -> None:
    """Every seated row of ``round_no`` given a result: places by seat (cities 0, 1, 2…)."""
    book = openpyxl.load_workbook(path)
    sheet = book["Results"]
    header = [cell.value for cell in sheet[1]]
    at = {name: header.index(name) + 1 for name in header if name}
    seats: dict[Any, int] = {}
    for row in range(2, sheet.max_row + 1):
        if sheet.cell(row, at["Round"]).value != round_no:
            continue
        table = sheet.cell(row, at["Table"]).value
        if not isinstance(table, int):
            continue
        seat = seats[table] = seats.get(table, -1) + 1
        for name, value in (
            ("Settlements", 2),
            ("Cities", seat),
            ("VP Cards", 0),
            ("Knights Played", 0),
            ("Roads Built", 3),
            ("Longest Road Length", 2),
        ):
            sheet.cell(row, at[name], value)
    book.save(path)


# ---------------------------------------------------------------------------
# 1. A shipped format used once is remembered


def test_the_template_without_a_format_records_the_default_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = rostered(capsys, tmp_path, 8, 3)
    assert event_lines(path)["Format"] == "catan-es"


def test_score_with_a_shipped_format_records_it_where_none_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = rostered(capsys, tmp_path, 8, 3)
    book = openpyxl.load_workbook(path)  # a workbook of before: no Format line
    sheet = book["Event"]
    row = next(r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == "Format")
    sheet.delete_rows(row)
    book.save(path)
    assert "Format" not in event_lines(path)
    assert cli(capsys, "seat", path, "--round", 1)[0] == 0
    fill_round(path, 1)
    code, out, _ = cli(capsys, "score", path, "--format", "catan-de")
    assert code == 0, out
    assert event_lines(path)["Format"] == "catan-de"
    assert "catan-de" in out  # said: format_recorded
    again, out, err = cli(capsys, "score", path)
    assert again == 0, (out, err)


# ---------------------------------------------------------------------------
# 2 and 3. /api/seat: no flag to type, and the workbook's language


def test_the_page_refusing_a_disagreeing_format_names_no_flag(
    client: TestClient, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = rostered(capsys, tmp_path, 8, 3, "--format", "catan-de")
    assert cli(capsys, "seat", path, "--round", 1)[0] == 0
    fill_round(path, 1)
    for lang in LANGUAGES:
        answer = client.post(
            "/api/seat",
            files={"file": ("ev.xlsx", path.read_bytes(), XLSX)},
            data={"round": "2", "format": "catan-es", "lang": lang},
        )
        assert answer.status_code == 422, answer.text
        body = answer.json()
        assert body["error"] == "unusable.format_disagrees"
        assert "--" not in body["message"], body["message"]
        checked = client.post(
            "/api/check",
            files={"file": ("ev.xlsx", path.read_bytes(), XLSX)},
            data={"format": "catan-es", "lang": lang},
        )
        said = [finding["message"] for finding in checked.json()["findings"]]
        assert said
        assert all("--" not in words for words in said), said


def test_a_seat_refusal_is_in_the_workbooks_language(
    client: TestClient, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = rostered(capsys, tmp_path, 8, 3, lang="es")
    assert cli(capsys, "seat", path, "--round", 1)[0] == 0
    answer = client.post(
        "/api/seat",
        files={"file": ("ev.xlsx", path.read_bytes(), XLSX)},
        data={"round": "2"},
        headers={"Accept-Language": "en"},
    )
    assert answer.status_code == 422, answer.text
    code = answer.json()["error"]
    assert code.startswith("unusable.seat_round")
    message = answer.json()["message"]
    cli_code, _, err = cli(capsys, "seat", path, "--round", 2, "-o", tmp_path / "x.xlsx")
    assert cli_code == 2
    assert message.split(":")[0] == err.splitlines()[0].split(":")[0] or "ronda" in message, (
        message,
        err,
    )
    assert "round" not in message.lower().replace("ronda", ""), message


def test_verify_refusing_another_format_speaks_the_archives_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = rostered(capsys, tmp_path, 8, 3, lang="es")
    assert cli(capsys, "seat", path, "--round", 1)[0] == 0
    book = openpyxl.load_workbook(path)
    sheet = book["Resultados"]
    header = [cell.value for cell in sheet[1]]
    seats: dict[Any, int] = {}
    for row in range(2, sheet.max_row + 1):
        table = sheet.cell(row, header.index("Mesa") + 1).value
        if sheet.cell(row, 1).value != 1 or not isinstance(table, int):
            continue
        seat = seats[table] = seats.get(table, -1) + 1
        for column, value in zip(range(4, 10), (2, seat, 0, 0, 3, 2), strict=True):
            sheet.cell(row, column, value)
    book.save(path)
    folder = tmp_path / "ARCH"
    assert cli(capsys, "archive", path, "-o", folder)[0] == 0
    code, out, err = cli(capsys, "verify", folder, "--format", "catan-de")
    assert code == 2
    said = out + err
    assert "archived in the format" not in said, said
    assert "catan-de" in said


# ---------------------------------------------------------------------------
# 4. Messages say the real range


def test_a_negative_seed_is_refused_saying_from_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = rostered(capsys, tmp_path, 8, 3)
    with pytest.raises(SystemExit):
        main(["seat", str(path), "--round", "1", "--seed", "-1"])
    err = capsys.readouterr().err
    assert "from 0 to 1000000000" in err, err
    with pytest.raises(SystemExit):
        main(["seat", str(path), "--round", "0"])
    assert "from 1 to" in capsys.readouterr().err


def test_rounds_too_many_says_the_range_and_the_number_as_typed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = rostered(capsys, tmp_path, 8, 3)
    book = openpyxl.load_workbook(path)
    sheet = book["Event"]
    row = next(r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == "Rounds")
    sheet.cell(row, 2, 10**9)
    book.save(path)
    code, _, err = cli(capsys, "seat", path, "--round", 1)
    assert code == 2
    assert "1000000000" in err, err
    assert "1000000000.0" not in err, err
    assert "from 1 to 1000" in err, err


# ---------------------------------------------------------------------------
# 5. The bye word in Results is the workbook's


def test_the_bye_word_written_is_the_workbooks_not_the_messages(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = rostered(capsys, tmp_path, 7, 3, "--format", "carcassonne-swiss", lang="tr")
    assert cli(capsys, "seat", path, "--round", 1, "--lang", "en")[0] == 0
    book = openpyxl.load_workbook(path)
    tables = {row[1] for row in book[LANGUAGES["tr"].SHEETS["results"]].iter_rows(values_only=True)}
    assert text("tr", "seat.bye") in tables, tables
    assert text("en", "seat.bye") not in tables, tables
