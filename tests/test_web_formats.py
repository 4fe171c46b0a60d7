"""The web page's formats: the API takes ``format``, its JSON names it and ranks by its keys.

Every answer is compared with what the command line says about the same workbook in
the same format (docs/rules.md, "Formats").
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from starlette.testclient import TestClient

from tests.builders import run_cli, table_below, write
from tests.test_formats_workbooks import CARCASSONNE, HIG
from xlsx_scorer.core import formats
from xlsx_scorer.web.server import XLSX, create_app

ROOT = Path(__file__).resolve().parent.parent
EVENT = ROOT / "fixtures" / "sample_event.xlsx"
SWISS = [
    (1, 1, "Ana", 80),
    (1, 1, "Bo", 60),
    (1, 2, "Cem", 70),
    (1, 2, "Dan", 70),
    (2, 1, "Ana", 75),
    (2, 1, "Cem", 50),
    (2, 2, "Bo", 66),
    (2, 2, "Dan", 60),
]


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(warm_up=False), base_url="http://127.0.0.1") as test_client:
        yield test_client


def upload(path: Path) -> dict[str, tuple[str, bytes, str]]:
    return {"file": (path.name, path.read_bytes(), XLSX)}


def declared_hig(tmp_path: Path) -> Path:
    event = {"Event": [["Event", "Club cup"], ["Format", "carcassonne-hig"]]}
    return write(tmp_path / "hig.xlsx", HIG, headers=CARCASSONNE, extra_sheets=event)


def by_player(body: dict[str, Any], key: str) -> dict[str, Any]:
    return {row["player"]: row[key] for row in body["standings"]["rows"]}


def test_a_workbook_declaring_carcassonne_is_checked_by_its_format(
    client: TestClient, tmp_path: Path
) -> None:
    answer = client.post("/api/check", files=upload(declared_hig(tmp_path)))
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["format"] == "carcassonne-hig"
    assert body["standings"]["keys"] == ["points", "relative", "score"]
    assert body["standings"]["headers"] == ["Tournament Points", "Sum of Relative Shares", "Score"]
    assert by_player(body, "points") == {
        "Ana": 4,
        "Bo": 4,
        "Cem": 2,
        "Dan": 1,
        "Eda": 5,
        "Fay": 3,
        "Gus": 1,
    }
    assert by_player(body, "exact")["Ana"]["relative"] == "9/28"
    assert [row["player"] for row in body["standings"]["rows"]][:3] == ["Eda", "Ana", "Bo"]
    assert by_player(body, "by_round")["Eda"] == [5]
    seats = body["games"][0]["tables"][0]["seats"]
    assert [(seat["player"], seat["place"], seat["score"]) for seat in seats][:2] == [
        ("Ana", 1, 90),
        ("Bo", 1, 90),
    ]


def test_the_format_field_scores_as_the_command_line_does(
    client: TestClient, tmp_path: Path
) -> None:
    source = write(tmp_path / "swiss.xlsx", SWISS, headers=CARCASSONNE[:4])
    form = {"format": "carcassonne-swiss"}
    body = client.post("/api/check", files=upload(source), data=form).json()
    assert body["format"] == "carcassonne-swiss", body
    assert body["summary"]["exit_code"] == 0
    done = run_cli("score", source, "--format", "carcassonne-swiss")
    assert done.returncode == 0, done.stderr
    cli = table_below(source, "Standings", "Rank")
    assert [row["player"] for row in body["standings"]["rows"]] == [row["Player"] for row in cli]
    assert by_player(body, "wins") == {row["Player"]: row["Wins"] for row in cli}
    assert by_player(body, "buchholz_cut1") == {row["Player"]: row["Buchholz"] for row in cli}
    scored = client.post("/api/score", files=upload(source), data=form)
    assert scored.status_code == 200, scored.text
    book = openpyxl.load_workbook(io.BytesIO(scored.content))
    cells = {cell.value for row in book["Standings"].iter_rows(max_row=8) for cell in row}
    assert {"Wins", "Buchholz"} <= cells


def test_without_a_format_the_catan_answer_keeps_its_fields(client: TestClient) -> None:
    body = client.post("/api/check", files=upload(EVENT)).json()
    assert body["format"] == "catan-es"
    assert body["standings"]["keys"] == ["points", "vp", "vp_ratio"]
    first = body["standings"]["rows"][0]
    assert first["points"] == first["round_points"] == first["round_points_twelfths"] / 12
    assert first["vp_share"] == pytest.approx(first["vp_ratio"])
    assert body["games"][0]["tables"][0]["seats"][0]["vp"] > 0


def test_a_catan_workbook_in_a_carcassonne_format_says_which_format(
    client: TestClient,
) -> None:
    body = client.post("/api/check", files=upload(EVENT), data={"format": "carcassonne-hig"})
    assert body.status_code == 422
    assert body.json()["findings"][0]["code"] == "unusable.wrong_game"


@pytest.mark.parametrize("asked", ["chess", "/etc/passwd", "formats/catan-es.toml", "x" * 300])
def test_only_a_shipped_format_is_taken(client: TestClient, asked: str) -> None:
    """The server reads no file named by a request: an unknown name is a 400 naming the ones
    there are, in the page's language."""
    answer = client.post("/api/check", files=upload(EVENT), data={"format": asked, "lang": "es"})
    assert answer.status_code == 400
    assert answer.json()["error"] == "bad_format"
    assert "carcassonne-hig" in answer.json()["message"]
    template = client.get("/api/template", params={"format": asked})
    assert template.status_code == 400
    assert template.json()["error"] == "bad_format"


def test_the_template_takes_the_format(client: TestClient) -> None:
    answer = client.get("/api/template", params={"format": "carcassonne-hig", "lang": "es"})
    assert answer.status_code == 200, answer.text
    book = openpyxl.load_workbook(io.BytesIO(answer.content))
    event = {row[0].value: row[1].value for row in book["Evento"].iter_rows()}
    assert "carcassonne-hig" in event.values()
    headers = [cell.value for cell in book["Resultados"][1] if cell.value]
    assert "Puntuación" in headers


def test_healthz_lists_the_formats_in_every_language(client: TestClient) -> None:
    info = client.get("/healthz").json()
    names = [entry["name"] for entry in info["formats"]]
    assert names == list(formats.SHIPPED)
    for entry in info["formats"]:
        assert set(entry["description"]) == set(info["languages"])
        assert all(entry["description"].values())
