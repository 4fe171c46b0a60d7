"""The server probed from the network and from other sites' pages (``xlsx_scorer.web.gate``).

Through real sockets against a real uvicorn server where what matters is when
bytes are read: a body that is never sent, a body that stalls.  Through
Starlette's test client for the words of the headers.
"""

from __future__ import annotations

import io
import logging
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import httpx2 as httpx
import openpyxl
import pytest
from starlette.testclient import TestClient

from tests.webserver import running_server
from xlsx_scorer.web import connections, engine
from xlsx_scorer.web.server import XLSX, create_app

ROOT = Path(__file__).resolve().parent.parent
EVENT = ROOT / "fixtures" / "sample_event.xlsx"
LOCAL = "http://127.0.0.1"
TOKEN = "judges-only-code"
#: A body announced and never sent whole: 30 MB.
BIG = 30_000_000
#: How long a test waits for an answer that must come at once (seconds).
PROMPT = 10


def upload(path: Path = EVENT) -> dict[str, tuple[str, bytes, str]]:
    return {"file": (path.name, path.read_bytes(), XLSX)}


def connect(address: str) -> socket.socket:
    host, port = address.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=PROMPT)


def post_head(length: int, *extra: str) -> bytes:
    lines = [
        "POST /api/check HTTP/1.1",
        "Host: 127.0.0.1",
        "Content-Type: multipart/form-data; boundary=b",
        f"Content-Length: {length}",
        *extra,
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def answer(connection: socket.socket) -> tuple[int, str]:
    """The status and head of the answer on ``connection``, read up to its blank line."""
    head = b""
    while b"\r\n\r\n" not in head:
        piece = connection.recv(4096)
        if not piece:
            break
        head += piece
    return int(head.split(b" ")[1]), head.decode("latin-1").lower()


def closed(connection: socket.socket) -> bool:
    """Whether the server closes ``connection`` (within ``PROMPT`` seconds)."""
    deadline = time.monotonic() + PROMPT
    try:
        while time.monotonic() < deadline:
            if not connection.recv(65536):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    return False


# ---------------------------------------------------------------------------
# 17. The network without the access code; uploads in flight; slow bodies


def test_without_the_code_an_upload_is_refused_before_its_body_is_sent() -> None:
    """Ten clients announce 30 MB each and send none of it: each is refused at once, closed."""
    with running_server(create_app(token=TOKEN, warm_up=False)) as address:
        connections = [connect(address) for _ in range(10)]
        try:
            started = time.monotonic()
            for connection in connections:
                connection.sendall(post_head(BIG))
            for connection in connections:
                status, head = answer(connection)
                assert status == 401
                assert "connection: close" in head
                assert closed(connection)
            assert time.monotonic() - started < PROMPT
        finally:
            for connection in connections:
                connection.close()


def test_with_the_code_in_a_header_the_upload_is_read() -> None:
    with running_server(create_app(token=TOKEN, warm_up=False)) as address:
        response = httpx.post(
            f"{address}/api/check", files=upload(), headers={"X-Token": TOKEN}, timeout=60
        )
        assert response.status_code == 200
        assert response.json()["summary"]["exit_code"] == 0


def test_a_body_that_stalls_is_dropped_at_the_deadline() -> None:
    """Headers and 1 kB of a 1 MB body, then nothing: 408 after the deadline, connection closed."""
    deadline = 1.0
    app = create_app(body_deadline=deadline, warm_up=False)
    with running_server(app) as address, connect(address) as connection:
        connection.sendall(post_head(1_000_000) + b"--b\r\n" + b"x" * 1000)
        started = time.monotonic()
        status, head = answer(connection)
        waited = time.monotonic() - started
        assert status == 408
        assert deadline * 0.9 <= waited < deadline + PROMPT / 2
        assert "connection: close" in head
        assert closed(connection)


def test_uploads_beyond_the_places_are_told_to_come_back() -> None:
    """One place: while a stalled upload holds it, another waits a little, then gets 503."""
    app = create_app(upload_slots=1, slot_wait=0.5, body_deadline=30, warm_up=False)
    with running_server(app) as address:
        with connect(address) as holder:
            holder.sendall(post_head(1_000_000) + b"--b\r\n")
            time.sleep(0.3)
            refused = httpx.post(f"{address}/api/check", files=upload(), timeout=PROMPT)
            assert refused.status_code == 503
            assert refused.headers["retry-after"] == "5"
            assert refused.json()["error"] == "busy"
        for _ in range(50):  # the place comes free once the holder has gone
            again = httpx.post(f"{address}/api/check", files=upload(), timeout=60)
            if again.status_code != 503:
                break
            time.sleep(0.1)
        assert again.status_code == 200


# ---------------------------------------------------------------------------
# 18. Hosts other than this server's (DNS rebinding), other sites' pages


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(warm_up=False), base_url=LOCAL) as test_client:
        yield test_client


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "127.0.0.1.evil.example"])
@pytest.mark.parametrize("path", ["/", "/healthz", "/api/template", "/static/app.js"])
def test_another_host_is_refused(client: TestClient, host: str, path: str) -> None:
    response = client.get(path, headers={"Host": host})
    assert response.status_code == 421
    assert response.json()["error"] == "wrong_host"


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8765", "localhost:8765", "[::1]:8765"])
def test_this_computers_names_are_answered(client: TestClient, host: str) -> None:
    assert client.get("/healthz", headers={"Host": host}).status_code == 200


def test_the_names_given_to_the_server_are_answered() -> None:
    app = create_app(hosts=["judges-pc", "192.168.1.5"], warm_up=False)
    with TestClient(app, base_url=LOCAL) as client:
        for host in ("Judges-PC:8765", "192.168.1.5:8765", "127.0.0.1"):
            assert client.get("/healthz", headers={"Host": host}).status_code == 200
        assert client.get("/healthz", headers={"Host": "192.168.1.6"}).status_code == 421


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "http://127.0.0.1:9999"},
        {"Origin": "https://127.0.0.1"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ],
    ids=["other-site", "other-port", "other-scheme", "null", "cross-site", "same-site"],
)
def test_another_sites_page_is_refused(client: TestClient, headers: dict[str, str]) -> None:
    response = client.post("/api/check", files=upload(), headers=headers)
    assert response.status_code == 403
    assert response.json()["error"] == "cross_site"
    assert client.get("/api/template", headers=headers).status_code == 403


def test_this_servers_own_page_is_answered(client: TestClient) -> None:
    own = {"Origin": LOCAL, "Sec-Fetch-Site": "same-origin"}
    assert client.post("/api/check", files=upload(), headers=own).status_code == 200
    assert client.get("/api/template", headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200
    # the page itself may be opened from anywhere: only the API is guarded
    assert client.get("/", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200


# ---------------------------------------------------------------------------
# 19. A check never waits behind templates


def test_a_check_does_not_wait_behind_templates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four templates in the making hold the engine; a check answers before any of them."""
    release, making = threading.Event(), threading.Semaphore(0)
    real = engine.template_workbook

    def slow_template(lang: str, **sizes: Any) -> bytes:
        making.release()
        release.wait(60)  # a template that takes as long as the test needs
        return real(lang, **sizes)

    monkeypatch.setattr(engine, "template_workbook", slow_template)
    finished: list[str] = []
    with running_server(create_app(warm_up=False)) as address:

        def template() -> None:
            response = httpx.get(f"{address}/api/template?players=4&rounds=1", timeout=90)
            finished.append(f"template {response.status_code}")

        threads = [threading.Thread(target=template) for _ in range(4)]
        for thread in threads:
            thread.start()
        assert making.acquire(timeout=30)  # one template is being made, the others queue
        try:
            response = httpx.post(f"{address}/api/check", files=upload(), timeout=30)
            finished.append(f"check {response.status_code}")
        finally:
            release.set()
            for thread in threads:
                thread.join(90)
    assert finished[0] == "check 200"
    assert finished[1:] == ["template 200"] * 4


# ---------------------------------------------------------------------------
# Words: errors in the request's language, the log in the server's, downloads named in both


def test_errors_are_said_in_the_language_of_the_request() -> None:
    app = create_app(token=TOKEN, max_upload_bytes=1000, warm_up=False)
    with TestClient(app, base_url=LOCAL) as client:
        spanish = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.8", "X-Token": TOKEN}
        too_large = client.post("/api/check", files=upload(), headers=spanish)
        assert too_large.status_code == 413
        assert too_large.json()["message"] == "El archivo ocupa más de 0,001 MB."
        turkish = client.post("/api/check", files=upload(), headers={"Accept-Language": "tr"})
        assert turkish.status_code == 401
        assert "erişim kodunu" in turkish.json()["message"]
        assert client.get("/api/nothing", headers=spanish).json()["message"] == (
            "No hay nada en /api/nothing."
        )
        wrong = client.get("/api/template?players=0&lang=tr", headers={"X-Token": TOKEN})
        assert wrong.json() == {
            "error": "bad_players",
            "message": "Oyuncu sayısı (players) 1 ile 1.000 arasında bir tam sayı olmalı.",
        }


def test_the_log_speaks_the_servers_language(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="xlsx_scorer.web")
    with TestClient(create_app(lang="es", warm_up=False), base_url=LOCAL) as client:
        assert client.post("/api/check", files=upload()).status_code == 200
        assert client.get("/", headers={"Host": "evil.example"}).status_code == 421
    said = [record.getMessage() for record in caplog.records]
    assert any(
        line.startswith("check sample_event.xlsx: salida 0, 0 hallazgos, 28 partidas, 26 jugadores")
        for line in said
    ), said
    assert any(line.startswith("Rechazado GET / desde ") for line in said), said


def test_a_refused_address_cannot_write_into_the_organisers_terminal(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Another site's page (or anyone on the network, without the code) asks for an address

    holding a line break and terminal escapes (clear the screen, colour): the log line of the
    refusal shows them escaped, one line, nothing a terminal acts on.
    """
    caplog.set_level(logging.INFO, logger="xlsx_scorer.web")
    with TestClient(create_app(token=TOKEN, warm_up=False), base_url=LOCAL) as client:
        forged = "/api/x%1b[2J%0a09:00:00 check cup.xlsx: exit 0%e2%80%ae"
        assert client.get(forged, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
        assert client.post(forged).status_code == 401
    said = [record.getMessage() for record in caplog.records]
    refused = [line for line in said if line.startswith("Refused GET /api/x")]
    refused += [line for line in said if line.startswith("Refused POST /api/x")]
    assert len(refused) == 2, said
    for line in refused:
        assert line.isprintable(), line
        assert "/api/x\\x1b[2J\\n09:00:00 check cup.xlsx: exit 0\\u202e from" in line


def test_downloads_are_named_in_the_language_of_the_page(client: TestClient) -> None:
    spanish = {"Accept-Language": "es"}
    checked = client.post("/api/check", files=upload(), headers=spanish)
    assert checked.json()["download_name"] == "sample_event_puntuado.xlsx"
    scored = client.post("/api/score", files=upload(), headers=spanish)
    assert 'filename="sample_event_puntuado.xlsx"' in scored.headers["content-disposition"]
    turkish = client.get("/api/template", params={"lang": "tr", "players": 12, "rounds": 3})
    disposition = turkish.headers["content-disposition"]
    assert unquote(disposition.split("''")[1]) == "şablon_12x3.xlsx"
    assert openpyxl.load_workbook(io.BytesIO(turkish.content)).sheetnames[0] == "Etkinlik"


def test_a_request_head_sent_a_line_at_a_time_is_dropped_at_its_deadline() -> None:
    """A header line every 0.2 s never completes the head: the connection is closed at 1 s."""
    with running_server(create_app(warm_up=False), head_deadline=1.0) as address:
        with connect(address) as connection:
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            started = time.monotonic()
            connection.settimeout(0.2)
            gone = False
            for line in range(50):
                try:
                    connection.sendall(f"X-Slow-{line}: 1\r\n".encode())
                    gone = connection.recv(1) == b""
                except TimeoutError:
                    continue
                except (ConnectionResetError, BrokenPipeError):
                    gone = True
                if gone:
                    break
            assert gone
            assert 0.9 <= time.monotonic() - started < 3
        # a head sent whole is answered, and the connection stays for the next
        with connect(address) as connection:
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert answer(connection)[0] == 200


def test_a_request_sent_behind_another_is_not_cut_at_the_head_deadline() -> None:
    """Two requests sent at once (pipelined): the second's head has come whole, so its body

    may take longer than the head deadline (it has its own, ``body_deadline``): both are
    answered.
    """
    form = b'--b\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n'
    form += b"not a book\r\n--b--\r\n"
    app = create_app(warm_up=False)
    with running_server(app, head_deadline=0.5) as address, connect(address) as connection:
        healthz = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        connection.sendall(healthz + post_head(len(form), "Connection: close"))
        assert answer(connection)[0] == 200
        for start in range(0, len(form), 10):  # the body in pieces, over 1.5 s
            time.sleep(0.15)
            connection.sendall(form[start : start + 10])
        rest = b""
        while piece := connection.recv(65536):
            rest += piece
        assert b"HTTP/1.1 422" in rest


def test_connections_holding_half_heads_make_room_for_a_new_request() -> None:
    """A client fills every place with connections that send half a request head: a new

    request is still answered (the connection waiting longest for its head is closed to
    make room), where it was answered 503 for the head deadline before.
    """
    with running_server(create_app(warm_up=False)) as address:
        held = [connect(address) for _ in range(connections.MAX_CONNECTIONS)]
        try:
            for connection in held:
                connection.sendall(b"GET /healthz HTTP/1.1\r\n")
            time.sleep(0.3)
            with connect(address) as newcomer:
                newcomer.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                assert answer(newcomer)[0] == 200
            assert closed(held[0])
        finally:
            for connection in held:
                connection.close()
