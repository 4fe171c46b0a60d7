"""Issue 24, the page: one workbook, not two (item 9), the round it offers (item 8), and the
page going through the API only (item 21).  Through the Starlette app, as a browser posts.

The real-browser flow (check, seat, one file kept) is tests/test_issue24_page_browser.py.
"""

from __future__ import annotations

import ast
import base64
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from starlette.testclient import TestClient

from tests.builders import write
from tests.formatgen import CARCASSONNE
from tests.test_formats_workbooks import HIG
from tests.test_web_seat import rows
from xlsx_scorer.i18n import LANGUAGES
from xlsx_scorer.web import engine
from xlsx_scorer.web.server import XLSX, create_app

ROOT = Path(__file__).resolve().parent.parent
EVENT = ROOT / "fixtures" / "sample_event.xlsx"
WEB = ROOT / "xlsx_scorer" / "web"
LOCAL = "http://127.0.0.1"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(warm_up=False), base_url=LOCAL) as test_client:
        yield test_client


def post(client: TestClient, path: str, data: bytes, name: str, **fields: Any) -> Any:
    form = {key: str(value) for key, value in fields.items()}
    return client.post(path, files={"file": (name, data, XLSX)}, data=form)


def with_event(rounds: int, fmt: str | None = None) -> bytes:
    """The sample event (rounds 1–4 played) with an Event sheet declaring ``rounds`` (and
    ``fmt``, else the default catan-es, whose semi-finals follow the rounds)."""
    book = openpyxl.load_workbook(EVENT)
    event = book.create_sheet("Event")
    event.append(["Event", "Cup"])
    event.append(["Rounds", rounds])
    if fmt is not None:
        event.append(["Format", fmt])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_the_seated_workbook_carries_the_standings_and_opens_on_its_slips(
    client: TestClient,
) -> None:
    response = post(client, "/api/seat", EVENT.read_bytes(), "cup.xlsx", round=5, seed=7)
    assert response.status_code == 200, response.text
    body = response.json()
    data = base64.b64decode(body["workbook"])
    book = openpyxl.load_workbook(io.BytesIO(data))
    assert {"Standings", "Round Points", "Seating R5"} <= set(book.sheetnames)
    ranked = [row[1] for row in book["Standings"].iter_rows(values_only=True) if row[1]]
    assert "Elif Doğan" in ranked  # the standings of rounds 1–4 are published
    assert len(rows(data, 5)) == 26  # round 5 seated in it
    assert book.active.title == "Seating R5"
    selected = [sheet.title for sheet in book.worksheets if sheet.sheet_view.tabSelected]
    assert selected == ["Seating R5"]
    assert body["seating_sheet"] == "Seating R5"
    assert body["standings_sheet"] == "Standings"


@pytest.mark.parametrize(
    ("name", "lang", "wanted"),
    [
        ("cup_round4.xlsx", "en", "cup_round5.xlsx"),
        ("cup_round1_round2.xlsx", "en", "cup_round5.xlsx"),
        ("Liga_ronda3_puntuado.xlsm", "es", "Liga_ronda5.xlsm"),
        ("Kupa_puanlanmış.xlsx", "tr", "Kupa_tur5.xlsx"),
        ("cup_scored.xlsx", "ca", "cup_ronda5.xlsx"),
        ("cup_round4 (1).xlsx", "en", "cup_round5.xlsx"),
        ("round4.xlsx", "en", "round4_round5.xlsx"),
        (".xlsx", "en", "workbook_round5.xlsx"),
    ],
)
def test_a_seated_download_is_the_events_name_and_the_round(
    client: TestClient, name: str, lang: str, wanted: str
) -> None:
    response = post(client, "/api/seat", EVENT.read_bytes(), name, round=5, lang=lang)
    assert response.status_code == 200, response.text
    assert response.json()["download_name"] == wanted


@pytest.mark.parametrize(
    ("name", "lang", "wanted"),
    [
        ("cup_scored.xlsx", "en", "cup_scored.xlsx"),
        ("cup_round2.xlsx", "en", "cup_scored.xlsx"),
        ("Liga_ronda2_puntuado.xlsx", "es", "Liga_puntuado.xlsx"),
        (".xlsx", "en", "workbook_scored.xlsx"),
        ("..xlsx", "es", "workbook_puntuado.xlsx"),
    ],
)
def test_a_scored_download_never_piles_up_nor_hides(
    client: TestClient, name: str, lang: str, wanted: str
) -> None:
    checked = post(client, "/api/check", EVENT.read_bytes(), name, lang=lang).json()
    assert checked["download_name"] == wanted
    scored = post(client, "/api/score", EVENT.read_bytes(), name, lang=lang)
    assert scored.status_code == 200
    assert wanted.encode("ascii", "replace").decode() in scored.headers["content-disposition"]


def test_the_page_offers_the_next_round_and_none_past_the_last(client: TestClient) -> None:
    offered = post(client, "/api/check", EVENT.read_bytes(), "cup.xlsx").json()["seat"]
    assert (offered["round"], offered["rounds"]) == (5, None)
    declared = post(client, "/api/check", with_event(6), "cup.xlsx").json()["seat"]
    assert (declared["round"], declared["rounds"]) == (5, 6)
    # 26 players after 4 rounds of catan-es: round 5 is its semi-final (docs/rules.md §7)
    semi = post(client, "/api/check", with_event(4), "cup.xlsx").json()["seat"]
    assert (semi["round"], semi["rounds"]) == (5, 4)
    done = post(client, "/api/check", with_event(4), "cup.xlsx", format="catan-de").json()["seat"]
    assert (done["round"], done["rounds"]) == (None, 4)  # a format that plays no stage


def test_the_pages_round_limit_is_the_command_lines(client: TestClient) -> None:
    late = post(client, "/api/seat", EVENT.read_bytes(), "cup.xlsx", round=51)
    assert late.json().get("error") != "bad_round", late.text
    beyond = post(client, "/api/seat", EVENT.read_bytes(), "cup.xlsx", round=1001)
    assert beyond.status_code == 400
    assert beyond.json()["error"] == "bad_round"
    assert beyond.json()["message"].endswith("1,000.")
    assert client.get("/healthz").json()["seat"]["max_round"] == 1000


def test_a_500_answer_carries_no_exception_text(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("secret /home/organiser/private path")

    monkeypatch.setattr(engine, "check", broken)
    for lang in LANGUAGES:
        response = post(client, "/api/check", EVENT.read_bytes(), "cup.xlsx", lang=lang)
        assert response.status_code == 500
        assert "secret" not in response.text
        assert "RuntimeError" not in response.text
        assert response.json()["message"]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_page_message_tells_to_type_a_flag(
    client: TestClient, tmp_path: Path, lang: str
) -> None:
    carcassonne = write(tmp_path / "hig.xlsx", HIG, headers=CARCASSONNE).read_bytes()
    body = post(client, "/api/check", carcassonne, "hig.xlsx", lang=lang, format="catan-es")
    assert body.status_code == 422
    (finding,) = body.json()["findings"]
    assert finding["code"] == "unusable.wrong_game"
    assert "--" not in finding["message"]
    assert "carcassonne-hig" in finding["message"]
    seat = post(client, "/api/seat", carcassonne, "hig.xlsx", round=2, lang=lang, format="catan-es")
    assert seat.status_code == 422
    assert "--" not in seat.json()["message"]
    bad = client.post(
        "/api/check", files={"file": ("x.xlsx", b"x", XLSX)}, data={"format": "go", "lang": lang}
    )
    assert bad.status_code == 400
    assert "--" not in bad.json()["message"]


def test_the_web_goes_through_the_api_only() -> None:
    """web/ imports from the package only the API (app/), findings and words (i18n)."""
    allowed = ("xlsx_scorer.app", "xlsx_scorer.web", "xlsx_scorer.findings", "xlsx_scorer.i18n")
    taken: list[str] = []
    for path in sorted(WEB.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] if node.module != "xlsx_scorer" else []
                names += [
                    f"xlsx_scorer.{a.name}" for a in node.names if node.module == "xlsx_scorer"
                ]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            taken += [
                f"{path.name}: {name}"
                for name in names
                if name.startswith("xlsx_scorer")
                and name != "xlsx_scorer.__version__"
                and not name.startswith(allowed)
            ]
    assert taken == []
