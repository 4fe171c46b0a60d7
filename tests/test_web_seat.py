"""``POST /api/seat``: a round seated through the HTTP API, as the command line seats it."""

from __future__ import annotations

import base64
import io
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from starlette.testclient import TestClient

from tests.builders import write
from tests.test_formats_workbooks import CARCASSONNE
from tests.test_web_formats import SWISS
from xlsx_scorer.app.seat import seat_bytes
from xlsx_scorer.cli import main
from xlsx_scorer.i18n import text
from xlsx_scorer.web.server import XLSX, create_app

ROOT = Path(__file__).resolve().parent.parent
EVENT = ROOT / "fixtures" / "sample_event.xlsx"
LOCAL = "http://127.0.0.1"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(warm_up=False), base_url=LOCAL) as test_client:
        yield test_client


def seat(client: TestClient, data: bytes, name: str = "Liga.xlsx", **fields: Any) -> Any:
    form = {key: str(value) for key, value in fields.items()}
    return client.post("/api/seat", files={"file": (name, data, XLSX)}, data=form)


def rows(data: bytes, round_no: int) -> list[tuple[Any, ...]]:
    """The (round, table, player) rows of ``round_no`` in the Results sheet, in sheet order
    (the columns found by their English headers)."""
    book = openpyxl.load_workbook(io.BytesIO(data))
    found = list(book["Results"].iter_rows(values_only=True))
    start = next(i for i, values in enumerate(found) if "Round" in values and "Player" in values)
    header = list(found[start])
    columns = [header.index(name) for name in ("Round", "Table", "Player")]
    picked = [tuple(values[i] for i in columns) for values in found[start + 1 :]]
    return [values for values in picked if values[0] == round_no]


def test_a_seated_workbook_comes_back_with_its_rows_as_the_cli_writes_them(
    client: TestClient, tmp_path: Path
) -> None:
    response = seat(client, EVENT.read_bytes(), round=5, seed=7)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["download_name"] == "Liga_round5.xlsx"
    assert (body["round"], body["method"], body["format"]) == (5, "random", "catan-es")
    seated = base64.b64decode(body["workbook"])
    written = rows(seated, 5)
    assert written == [
        (5, table["table"], player) for table in body["tables"] for player in table["players"]
    ]
    assert sorted(len(table["players"]) for table in body["tables"]) == [3, 3, 4, 4, 4, 4, 4]
    assert any(finding["code"] == "seat_summary" for finding in body["findings"])
    assert all(finding["message"] for finding in body["findings"])
    cli_copy = tmp_path / "cli.xlsx"
    shutil.copy(EVENT, cli_copy)
    assert main(["seat", str(cli_copy), "--round", "5", "--seed", "7"]) == 0
    assert rows(cli_copy.read_bytes(), 5) == written
    assert body["seating_sheet"] in openpyxl.load_workbook(io.BytesIO(seated)).sheetnames


def test_the_download_and_the_report_are_in_the_requests_language(client: TestClient) -> None:
    data = EVENT.read_bytes()
    spanish = seat(client, data, round=5, lang="es").json()
    assert spanish["download_name"] == "Liga_ronda5.xlsx"
    summary = next(f for f in spanish["findings"] if f["code"] == "seat_summary")
    assert summary["message"].startswith("Ronda 5")
    turkish = client.post(
        "/api/seat",
        files={"file": ("Kupa.xlsx", data, XLSX)},
        data={"round": "5"},
        headers={"Accept-Language": "tr"},
    ).json()
    assert turkish["download_name"] == "Kupa_tur5.xlsx"


def test_the_same_seed_seats_the_same_and_swiss_is_asked_for(client: TestClient) -> None:
    data = EVENT.read_bytes()
    first, again = (seat(client, data, round=5, seed=3).json() for _ in range(2))
    assert first["tables"] == again["tables"]
    swiss = seat(client, data, round=5, method="swiss").json()
    assert swiss["method"] == "swiss"
    assert any(finding["code"] == "seat_spread" for finding in swiss["findings"])


def test_a_round_already_seated_is_refused_in_the_requests_language(client: TestClient) -> None:
    seated = base64.b64decode(seat(client, EVENT.read_bytes(), round=5).json()["workbook"])
    response = seat(client, seated, round=5, lang="es")
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "unusable.seat_round_taken"
    assert body["findings"][0]["code"] == "unusable.seat_round_taken"
    params = body["findings"][0]["params"]
    assert body["message"] == text("es", "unusable.seat_round_taken", **params)
    assert "5" in body["message"]
    played = seat(client, EVENT.read_bytes(), round=2)
    assert played.status_code == 422
    assert played.json()["error"] == "unusable.seat_round_taken"


def test_a_workbook_without_a_roster_is_refused(client: TestClient) -> None:
    book = openpyxl.load_workbook(EVENT)
    del book["Players"]
    buffer = io.BytesIO()
    book.save(buffer)
    response = seat(client, buffer.getvalue(), round=5, lang="tr")
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "unusable.seat_no_roster"
    assert body["message"] == text("tr", "unusable.seat_no_roster")


def test_a_file_that_is_no_workbook_is_refused_with_its_finding(client: TestClient) -> None:
    response = seat(client, b"not a workbook at all", round=1)
    assert response.status_code == 422
    assert response.json()["error"].startswith("unusable.")


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({}, "bad_round"),
        ({"round": "0"}, "bad_round"),
        ({"round": "three"}, "bad_round"),
        ({"round": "2", "method": "window"}, "bad_method"),
        ({"round": "2", "seed": "-1"}, "bad_seed"),
        ({"round": "2", "seed": str(10**10)}, "bad_seed"),
    ],
)
def test_bad_fields_are_refused_before_seating(
    client: TestClient, fields: dict[str, str], error: str
) -> None:
    response = seat(client, EVENT.read_bytes(), **fields)
    assert response.status_code == 400
    assert response.json()["error"] == error


def test_another_sites_page_cannot_seat(client: TestClient) -> None:
    response = client.post(
        "/api/seat",
        files={"file": ("x.xlsx", EVENT.read_bytes(), XLSX)},
        data={"round": "5"},
        headers={"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"},
    )
    assert response.status_code == 403
    assert response.json()["error"] == "cross_site"


def test_behind_an_access_code_seating_needs_it() -> None:
    with TestClient(create_app(warm_up=False, token="s3cret"), base_url=LOCAL) as guarded:
        files = {"file": ("x.xlsx", EVENT.read_bytes(), XLSX)}
        refused = guarded.post("/api/seat", files=files, data={"round": "5"})
        assert refused.status_code == 401
        allowed = guarded.post(
            "/api/seat", files=files, data={"round": "5"}, headers={"X-Token": "s3cret"}
        )
        assert allowed.status_code == 200


def test_a_check_offers_the_next_round_and_the_formats_method(client: TestClient) -> None:
    body = client.post("/api/check", files={"file": ("e.xlsx", EVENT.read_bytes(), XLSX)}).json()
    assert body["seat"] == {"round": 5, "rounds": None, "method": "random", "waiting": None}


def test_a_two_player_format_is_offered_swiss_and_paired_by_standings(
    client: TestClient, tmp_path: Path
) -> None:
    roster = ["Ana", "Bo", "Cem", "Dan"]
    source = write(tmp_path / "swiss.xlsx", SWISS, headers=CARCASSONNE[:4], roster=roster)
    form = {"format": "carcassonne-swiss"}
    files = {"file": ("swiss.xlsx", source.read_bytes(), XLSX)}
    checked = client.post("/api/check", files=files, data=form).json()
    assert checked["seat"] == {"round": 3, "rounds": None, "method": "swiss", "waiting": None}
    ranked = [row["player"] for row in checked["standings"]["rows"]]
    answer = seat(client, source.read_bytes(), round=3, format="carcassonne-swiss")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["method"] == "swiss"
    assert all(len(table["players"]) == 2 for table in body["tables"])
    met = {
        frozenset(pair) for pair in (("Ana", "Bo"), ("Cem", "Dan"), ("Ana", "Cem"), ("Bo", "Dan"))
    }
    assert not {frozenset(table["players"]) for table in body["tables"]} & met
    assert ranked[0] in body["tables"][0]["players"]


def test_a_format_given_for_a_workbook_that_declares_none_seats_on_the_command_line(
    tmp_path: Path,
) -> None:
    """The seated package is read back in the format it was seated in (it was read back in
    the default format, Catan, and refused as the wrong game: exit 2, nothing written)."""
    roster = ["Ana", "Bo", "Cem", "Dan"]
    source = write(tmp_path / "swiss.xlsx", SWISS, headers=CARCASSONNE[:4], roster=roster)
    command = ["seat", str(source), "--round", "3", "--format", "carcassonne-swiss"]
    done = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", *command],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seated = openpyxl.load_workbook(source)["Results"]
    assert [row[0] for row in seated.iter_rows(min_row=2, values_only=True)].count(3) == 4


def test_a_check_offers_no_round_while_the_round_before_has_tables_to_play(client):
    """SPEC §8: the page offers only the round that comes next, and none while the round
    before it has games to play; ``waiting`` says why, in the page's language."""
    data = Path("fixtures/sample_event.xlsx").read_bytes()
    seated = seat_bytes(data, 5, seed=1).workbook
    response = client.post(
        "/api/check", files={"file": ("cup.xlsx", seated, XLSX)}, data={"lang": "es"}
    )
    offer = response.json()["seat"]
    assert offer["round"] is None
    assert "5" in offer["waiting"]
    assert "--" not in offer["waiting"]


def test_a_check_offers_no_round_without_a_roster(client, tmp_path: Path):
    """A template whose Players sheet holds no name yet: the page offers no round (``seat``
    would refuse it: ``unusable.seat_no_roster``) and says why, in the page's language."""
    path = tmp_path / "cup.xlsx"
    assert main(["template", str(path), "--players", "6", "--rounds", "2", "--lang", "es"]) == 0
    response = client.post(
        "/api/check", files={"file": ("cup.xlsx", path.read_bytes(), XLSX)}, data={"lang": "es"}
    )
    offer = response.json()["seat"]
    assert offer["round"] is None
    assert offer["waiting"] == text("es", "unusable.seat_no_roster")
