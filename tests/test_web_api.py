"""The HTTP API of ``xlsx-scorer serve``, through Starlette's test client and a real server.

Every answer is compared with what the command line says about the same file:
its exit code, its Errors sheet (cells and messages) and its Standings sheet.
"""

from __future__ import annotations

import contextlib
import io
import json
import socket
import tempfile
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import httpx2 as httpx
import openpyxl
import pytest
from starlette.testclient import TestClient

from tests.builders import table_below
from tests.webserver import running_server
from xlsx_scorer.cli import main
from xlsx_scorer.i18n import LANGUAGES, text
from xlsx_scorer.web import downloads, engine
from xlsx_scorer.web.form import FORM_OVERHEAD_BYTES, MAX_UPLOAD_BYTES
from xlsx_scorer.web.server import (
    STATIC,
    XLSM,
    XLSX,
    create_app,
)

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
EVENT = FIXTURES / "sample_event.xlsx"
MISTAKES = FIXTURES / "sample_mistakes.xlsx"
BAD = FIXTURES / "bad"
EXPECTED: dict[str, dict[str, Any]] = json.loads((BAD / "expected.json").read_text("utf-8"))
LOCAL = "http://127.0.0.1"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(warm_up=False), base_url=LOCAL) as test_client:
        yield test_client


def upload(path: Path, name: str | None = None) -> dict[str, tuple[str, bytes, str]]:
    return {"file": (name or path.name, path.read_bytes(), XLSX)}


def cli_score(tmp_path: Path, source: Path, *extra: str) -> tuple[int, Path]:
    """The command line's exit code and scored copy of ``source``."""
    target = tmp_path / f"cli_{source.stem}{source.suffix}"
    return main(["score", str(source), "-o", str(target), *extra]), target


def cli_errors(scored: Path, lang: str) -> list[list[Any]]:
    """The CLI's Errors sheet rows: [cell, round, table, player, problem]."""
    rows = table_below(scored, str(LANGUAGES[lang].SHEETS["errors"]), text(lang, "out.sheet"))
    return [list(row.values())[1:] for row in rows]


def api_errors(body: dict[str, Any]) -> list[list[Any]]:
    """The same five values from the API's findings (table labels as the sheet shows them)."""
    found = []
    for finding in body["findings"]:
        if finding["severity"] != "error":
            continue
        where = finding["where"]
        table = where["table"]
        table = int(table) if table is not None and table.isdigit() else table
        cell = f"{where['sheet']}!{where['cell']}"
        found.append([cell, where["round"], table, where["player"], finding["message"]])
    return found


def cli_check(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    """What ``xlsx-scorer check --json`` says about ``path``, run beside it (files named alike)."""
    capsys.readouterr()
    with contextlib.chdir(path.parent):
        exit_code = main(["check", "--json", path.name, *extra])
    said: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert said["exit_code"] == exit_code
    return said


def same_as_cli(body: dict[str, Any], said: dict[str, Any]) -> None:
    """The API's run and the CLI's ``check --json``: same summary, same findings and words."""
    summary = body["summary"]
    assert [summary[key] for key in ("exit_code", "language", "games", "players")] == [
        said[key] for key in ("exit_code", "language", "games", "players")
    ]
    shown = [{key: value for key, value in f.items() if key != "context"} for f in body["findings"]]
    assert shown == said["findings"]


def standings_values(path: Path) -> list[dict[str, Any]]:
    return table_below(path, "Standings", text("en", "out.rank"))


# ---------------------------------------------------------------------------
# The page and the health check


def test_healthz(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["token_required"] is False
    assert body["max_upload_bytes"] == MAX_UPLOAD_BYTES
    assert body["languages"] == ["en", "ca", "es", "tr"]


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/", "text/html"),
        ("/static/app.js", "javascript"),
        ("/static/strings.js", "javascript"),
        ("/static/page.js", "javascript"),
        ("/static/render.js", "javascript"),
        ("/static/style.css", "text/css"),
    ],
)
def test_page_and_its_files(client: TestClient, path: str, kind: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert kind in response.headers["content-type"]
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"


def test_page_loads_nothing_from_elsewhere(client: TestClient) -> None:
    for name in ["", *(path.name for path in STATIC.iterdir())]:
        page = client.get(f"/static/{name}" if name else "/").text
        assert "http://" not in page
        assert "https://" not in page
        assert "//cdn" not in page


# ---------------------------------------------------------------------------
# /api/check


def test_check_good_event_as_the_cli(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    response = client.post("/api/check", files=upload(EVENT))
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-store"
    body = response.json()
    same_as_cli(body, cli_check(EVENT, capsys))
    exit_code, scored = cli_score(tmp_path, EVENT)
    assert body["summary"] == {
        "games": 28,
        "players": 26,
        "exit_code": exit_code,
        "language": "en",
        "errors": 0,
        "notices": 0,
    }
    assert body["findings"] == []
    expected = standings_values(scored)
    shown = body["standings"]["rows"]
    assert [row["player"] for row in shown] == [row["Player"] for row in expected]
    assert [row["rank"] for row in shown] == [row["Rank"] for row in expected]
    assert [row["round_points"] for row in shown] == [row["Round Points"] for row in expected]
    assert [row["vp"] for row in shown] == [row["VP"] for row in expected]
    assert [row["vp_share"] for row in shown] == pytest.approx([row["VP %"] for row in expected])
    for row, sheet_row in zip(shown, expected, strict=True):
        assert row["by_round"] == [sheet_row[f"R{n}"] for n in body["standings"]["rounds"]]
    seats = [seat for game in body["games"] for table in game["tables"] for seat in table["seats"]]
    assert len(seats) == 26 * 4
    assert {len(table["seats"]) for game in body["games"] for table in game["tables"]} <= {3, 4}


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_check_mistakes_as_the_cli(
    client: TestClient, tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    response = client.post("/api/check", files=upload(MISTAKES), data={"lang": lang})
    assert response.status_code == 200
    body = response.json()
    same_as_cli(body, cli_check(MISTAKES, capsys, "--lang", lang))
    exit_code, scored = cli_score(tmp_path, MISTAKES, "--lang", lang)
    assert body["summary"]["exit_code"] == exit_code == 1
    assert body["summary"]["language"] == lang
    assert api_errors(body) == cli_errors(scored, lang)
    assert body["standings"] is None
    assert body["games"] is None


def test_every_finding_shows_its_cell_among_its_neighbours(client: TestClient) -> None:
    body = client.post("/api/check", files=upload(MISTAKES)).json()
    book = openpyxl.load_workbook(MISTAKES)
    sheet = book["Results"]
    for finding in body["findings"]:
        context, where = finding["context"], finding["where"]
        row = int(where["cell"].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        column = where["cell"][: -len(str(row))]
        assert context["highlight"] == {"row": row, "column": column}
        assert context["first_row"] <= row < context["first_row"] + len(context["rows"])
        assert 3 <= len(context["rows"]) <= 5
        assert column in context["columns"]
        assert len(context["headers"]) == len(context["columns"])
        shown = context["rows"][row - context["first_row"]][context["columns"].index(column)]
        typed = sheet[where["cell"]].value
        assert shown == ("" if typed is None else str(typed).replace(".0", ""))


def test_check_unusable_file_is_422_with_its_finding(client: TestClient) -> None:
    response = client.post("/api/check", files=upload(BAD / "not_a_zip.xlsx"))
    assert response.status_code == 422
    body = response.json()
    assert body["summary"]["exit_code"] == 2
    [finding] = body["findings"]
    assert finding["severity"] == "fatal"
    assert finding["code"] == "unusable.not_a_workbook"
    assert finding["where"]["file"] == "not_a_zip.xlsx"
    assert finding["message"] == "not_a_zip.xlsx is not an Excel workbook (.xlsx)."
    assert finding["context"] is None


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_corpus_answers_as_the_cli(
    client: TestClient, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hostile, broken and odd workbooks get the CLI's findings and exit code (fixtures/bad)."""
    expected = EXPECTED[name]
    check = client.post("/api/check", files=upload(BAD / name))
    assert check.status_code == (422 if expected["exit"] == 2 else 200)
    body = check.json()
    assert body["summary"]["exit_code"] == expected["exit"]
    same_as_cli(body, cli_check(BAD / name, capsys))
    cells = {f["where"]["cell"] for f in body["findings"] if f["severity"] == "error"}
    assert set(expected.get("cells", [])) <= cells
    score = client.post("/api/score", files=upload(BAD / name))
    assert score.status_code == (200 if expected["exit"] == 0 else 422)


def test_check_writes_nothing_and_score_agrees(client: TestClient) -> None:
    """``check`` reads and validates only; ``score`` finds the same problems."""
    checked = client.post("/api/check", files=upload(MISTAKES)).json()
    scored = client.post("/api/score", files=upload(MISTAKES))
    assert scored.status_code == 422
    assert api_errors(scored.json()) == api_errors(checked)
    assert scored.json()["summary"] == checked["summary"]


# ---------------------------------------------------------------------------
# /api/score


def test_score_returns_the_cli_workbook(client: TestClient, tmp_path: Path) -> None:
    response = client.post("/api/score", files=upload(EVENT))
    assert response.status_code == 200
    assert response.headers["content-type"] == XLSX
    assert response.headers["content-disposition"] == (
        'attachment; filename="sample_event_scored.xlsx"'
    )
    downloaded = tmp_path / "downloaded.xlsx"
    downloaded.write_bytes(response.content)
    _, scored = cli_score(tmp_path, EVENT)
    assert standings_values(downloaded) == standings_values(scored)


def test_score_names_non_ascii_files_per_rfc_5987(client: TestClient) -> None:
    response = client.post("/api/score", files=upload(EVENT, "Liga İzmir 2025.xlsx"))
    disposition = response.headers["content-disposition"]
    assert 'filename="Liga Izmir 2025_scored.xlsx"' in disposition
    encoded = disposition.split("filename*=UTF-8''")[1]
    assert unquote(encoded) == "Liga İzmir 2025_scored.xlsx"


def test_the_download_is_named_in_the_language_the_form_asks(client: TestClient) -> None:
    """A form's ``lang`` is the session's language for the download too, as for the seated
    workbook (no ``Accept-Language`` needed)."""
    response = client.post("/api/check", files=upload(EVENT), data={"lang": "tr"})
    assert response.json()["download_name"] == "sample_event_puanlanmış.xlsx"


def test_score_keeps_a_macro_workbook_macro_enabled(client: TestClient) -> None:
    response = client.post("/api/score", files=upload(BAD / "macro.xlsm"))
    assert response.status_code == 200
    assert response.headers["content-type"] == XLSM
    assert 'filename="macro_scored.xlsm"' in response.headers["content-disposition"]
    with zipfile.ZipFile(io.BytesIO(response.content)) as package:
        assert "xl/vbaProject.bin" in package.namelist()


def test_score_with_problems_is_422_with_the_findings(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    response = client.post("/api/score", files=upload(MISTAKES), data={"lang": "es"})
    assert response.status_code == 422
    body = response.json()
    assert body["summary"]["errors"] == 15
    assert body["summary"]["language"] == "es"
    assert all(finding["context"] for finding in body["findings"])
    same_as_cli(body, cli_check(MISTAKES, capsys, "--lang", "es"))


def test_score_unusable_file_is_422(client: TestClient) -> None:
    response = client.post("/api/score", files=upload(BAD / "zip_bomb.xlsx"))
    assert response.status_code == 422
    assert response.json()["findings"][0]["code"] == "unusable.package_too_large"


# ---------------------------------------------------------------------------
# /api/template


def test_template_in_the_language_and_size_asked(client: TestClient) -> None:
    response = client.get("/api/template", params={"lang": "es", "players": 24, "rounds": 4})
    assert response.status_code == 200
    assert response.headers["content-type"] == XLSX
    assert 'filename="plantilla_24x4.xlsx"' in response.headers["content-disposition"]
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Evento", "Jugadores", "Resultados", "Instrucciones"]
    assert book.active.title == "Instrucciones"
    results = book["Resultados"]
    assert results["A1"].value == "Ronda"
    assert book.defined_names["Roster"].attr_text.endswith("$A$25")
    assert results.max_row >= 24 * 5


def test_template_defaults_and_event_name(client: TestClient) -> None:
    response = client.get("/api/template", params={"lang": "tr", "event": "İzmir Kupası"})
    assert response.status_code == 200
    disposition = response.headers["content-disposition"]
    assert unquote(disposition.split("''")[1]) == "şablon_İzmir Kupası.xlsx"
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    assert "İzmir Kupası" in [cell.value for row in book["Etkinlik"].iter_rows() for cell in row]


@pytest.mark.parametrize(
    "params",
    [
        {"lang": "fr"},
        {"players": "0"},
        {"players": "abc"},
        {"players": "1001"},
        {"rounds": "1001"},
        {"rounds": "-1"},
        {"players": "1000", "rounds": "20"},
        {"event": "tab\there"},
        {"event": "x" * 201},
    ],
)
def test_template_refuses_bad_values(client: TestClient, params: dict[str, str]) -> None:
    response = client.get("/api/template", params=params)
    assert response.status_code == 400
    assert response.json()["error"].startswith(("bad_", "template_too_large"))


# ---------------------------------------------------------------------------
# Requests the API refuses


def test_no_file_field_is_400(client: TestClient) -> None:
    response = client.post("/api/check", files={"other": ("a.xlsx", b"PK", XLSX)})
    assert response.status_code == 400
    assert response.json()["error"] == "no_file"


def test_not_multipart_is_400(client: TestClient) -> None:
    response = client.post("/api/check", json={"file": "x"})
    assert response.status_code == 400
    assert response.json()["error"] == "not_multipart"


def test_broken_multipart_is_400(client: TestClient) -> None:
    headers = {"content-type": "multipart/form-data; boundary=xyz"}
    response = client.post("/api/check", content=b"this is not multipart", headers=headers)
    assert response.status_code == 400


def test_unknown_language_is_400(client: TestClient) -> None:
    response = client.post("/api/check", files=upload(EVENT), data={"lang": "de"})
    assert response.status_code == 400
    assert response.json()["error"] == "bad_language"


def test_wrong_method_and_unknown_path(client: TestClient) -> None:
    assert client.get("/api/check").status_code == 405
    assert client.get("/api/nothing").status_code == 404


# ---------------------------------------------------------------------------
# Size limit: 413 before the upload is read whole


def test_upload_over_50_mb_is_413(client: TestClient) -> None:
    response = client.post(
        "/api/check", files={"file": ("big.xlsx", b"\0" * (MAX_UPLOAD_BYTES + 1), XLSX)}
    )
    assert response.status_code == 413
    assert response.json()["error"] == "too_large"
    assert client.get("/healthz").status_code == 200


def test_declared_size_over_the_limit_is_413_before_any_byte() -> None:
    """A Content-Length over the limit is answered at once: the body is never sent."""
    with running_server(create_app(warm_up=False)) as address, _connect(address) as connection:
        declared = MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES + 1
        connection.sendall(
            b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: multipart/form-data; boundary=b\r\n"
            + f"Content-Length: {declared}\r\n\r\n".encode()
        )
        assert _response_status(connection) == 413


def test_streamed_upload_is_refused_once_past_the_limit() -> None:
    """Without a declared size, the server counts and answers 413 while the body still comes."""
    limit = 1_000_000
    with (
        running_server(create_app(max_upload_bytes=limit, warm_up=False)) as address,
        _connect(address) as c,
    ):
        c.sendall(
            b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: multipart/form-data; boundary=b\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        head = b'--b\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n'
        c.sendall(_chunk(head))
        sent, piece = len(head), b"\0" * 65536
        c.settimeout(0.05)
        status = None
        while status is None and sent < 20 * limit:
            c.sendall(_chunk(piece))
            sent += len(piece)
            try:
                status = _response_status(c)
            except TimeoutError:
                continue
        assert status == 413
        assert sent < limit + FORM_OVERHEAD_BYTES + 4 * 1024 * 1024


def _connect(address: str) -> socket.socket:
    host, port = address.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=10)


def _chunk(data: bytes) -> bytes:
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


def _response_status(connection: socket.socket) -> int:
    first = connection.recv(64)
    return int(first.split(b" ")[1])


# ---------------------------------------------------------------------------
# Token when the server listens beyond this computer


@pytest.fixture
def guarded() -> Iterator[TestClient]:
    with TestClient(create_app(token="s3cret-token", warm_up=False), base_url=LOCAL) as test_client:
        yield test_client


def test_token_is_required_on_the_api(guarded: TestClient) -> None:
    assert guarded.get("/healthz").json()["token_required"] is True
    assert guarded.get("/").status_code == 200
    assert guarded.post("/api/check", files=upload(EVENT)).status_code == 401
    assert guarded.post("/api/score", files=upload(EVENT)).status_code == 401
    assert guarded.get("/api/template").status_code == 401
    wrong = {"X-Token": "guess"}
    assert guarded.post("/api/check", files=upload(EVENT), headers=wrong).status_code == 401
    assert guarded.post("/api/check", files=upload(EVENT), data={"token": "no"}).status_code == 401
    # the code in the form would be read only after the whole body: it opens nothing
    right = {"token": "s3cret-token"}
    assert guarded.post("/api/check", files=upload(EVENT), data=right).status_code == 401


@pytest.mark.parametrize(
    "how",
    [
        {"headers": {"X-Token": "s3cret-token"}},
        {"headers": {"Authorization": "Bearer s3cret-token"}},
        {"params": {"token": "s3cret-token"}},
    ],
    ids=["header", "bearer", "query"],
)
def test_token_opens_the_api(guarded: TestClient, how: dict[str, Any]) -> None:
    response = guarded.post("/api/check", files=upload(EVENT), **how)
    assert response.status_code == 200
    assert guarded.get("/api/template", params={"token": "s3cret-token"}).status_code == 200


# ---------------------------------------------------------------------------
# Robustness: crashes, temporary files, many uploads at once


def test_a_crash_is_a_500_answer_and_the_server_goes_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def crash(data: bytes, **_: Any) -> engine.Result:
        raise RuntimeError("boom")

    monkeypatch.setattr(engine, "check", crash)
    response = client.post("/api/check", files=upload(EVENT))
    assert response.status_code == 500
    assert response.json()["error"] == "internal_error"
    assert "boom" not in response.text  # the exception's words go to the log only
    assert any("Internal error on POST" in record.message for record in caplog.records)
    monkeypatch.undo()
    assert client.post("/api/check", files=upload(EVENT)).status_code == 200


def test_nothing_is_written_to_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Uploads are checked and scored in memory: no temporary file or folder is ever made."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    asked: list[str] = []
    where_temporary = tempfile.gettempdir

    def watched() -> str:  # every tempfile function without ``dir=`` asks for it
        asked.append("gettempdir")
        return where_temporary()

    monkeypatch.setattr(tempfile, "gettempdir", watched)
    client = TestClient(create_app(max_upload_bytes=3_000_000), base_url=LOCAL)
    for route, path in [
        ("/api/check", EVENT),
        ("/api/check", MISTAKES),
        ("/api/check", BAD / "zip_bomb.xlsx"),
        ("/api/score", EVENT),
        ("/api/score", MISTAKES),
        ("/api/score", BAD / "truncated.xlsx"),
    ]:
        assert client.post(route, files=upload(path)).status_code in {200, 422}
    assert client.post("/api/check", files=upload(BAD / "blank_rows_200.xlsx")).status_code == 200
    too_big = {"file": ("big.xlsx", b"\0" * 3_100_000, XLSX)}
    assert client.post("/api/check", files=too_big).status_code == 413
    assert asked == []
    assert list(temporary.iterdir()) == []


def test_twenty_uploads_at_once_are_all_answered() -> None:
    """20 clients post at the same moment to a real server; each gets its own right answer."""
    cases = [
        (EVENT, "/api/check", 200, 0),
        (MISTAKES, "/api/check", 200, 1),
        (BAD / "not_a_zip.xlsx", "/api/check", 422, 2),
        (EVENT, "/api/score", 200, None),
        (MISTAKES, "/api/score", 422, 1),
    ] * 4
    answers: list[tuple[int, Any] | BaseException] = [RuntimeError("no answer")] * len(cases)
    with running_server(create_app(warm_up=False)) as address:
        start = threading.Barrier(len(cases))

        def post(position: int) -> None:
            path, route, _, _ = cases[position]
            try:
                start.wait()
                response = httpx.post(address + route, files=upload(path), timeout=120)
                answers[position] = (response.status_code, response)
            except BaseException as error:  # reported below, per request
                answers[position] = error

        started = time.perf_counter()
        threads = [threading.Thread(target=post, args=(i,)) for i in range(len(cases))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(180)
        elapsed = time.perf_counter() - started
    print(f"20 uploads answered in {elapsed:.1f} s")
    for (path, route, status, exit_code), answer in zip(cases, answers, strict=True):
        assert isinstance(answer, tuple), answer
        got, response = answer
        assert got == status, (path.name, route, response.text[:200])
        if exit_code is not None:
            assert response.json()["summary"]["exit_code"] == exit_code
            assert response.json()["file"] == path.name
        else:
            assert response.content.startswith(b"PK")


def test_the_server_warms_the_engine_up_as_it_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    warmed = threading.Event()
    monkeypatch.setattr(engine, "warm_up", warmed.set)
    with TestClient(create_app(), base_url=LOCAL):
        assert warmed.wait(10)


def test_server_helpers_name_files_safely() -> None:
    assert downloads.clean_name("../../etc/passwd") == "passwd"
    assert downloads.clean_name("   ") == "workbook.xlsx"
    assert downloads.scored_name("a.b.xlsx") == "a.b_scored.xlsx"
    assert downloads.attachment('say "hi".xlsx') == (
        "attachment; filename=\"say _hi_.xlsx\"; filename*=UTF-8''say%20%22hi%22.xlsx"
    )
