"""``xlsx-scorer serve`` as the organiser starts it: address, free port, token, Ctrl-C."""

from __future__ import annotations

import asyncio
import queue
import re
import signal
import socket
import subprocess
import threading
import time
import webbrowser
from pathlib import Path
from types import SimpleNamespace

import httpx2 as httpx
import pytest

from tests.webserver import serving
from xlsx_scorer.cli import build_parser, main, serve

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 90


def test_serve_defaults_to_this_computer_on_port_8765() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.no_browser) == ("127.0.0.1", 8765, False)


def test_serve_help_names_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--help"])
    assert stopped.value.code == 0
    shown = capsys.readouterr().out
    for option in ("--port", "--host", "--no-browser", "--lang"):
        assert option in shown


def test_a_taken_port_moves_to_the_next_free_one() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with serve.bind("127.0.0.1", port) as listener:
            assert listener.getsockname()[1] > port
        with pytest.raises(OSError, match=r"in use|taken"):
            serve.bind("127.0.0.1", port, attempts=1)


def test_the_servers_connections_send_without_nagles_delay() -> None:
    """Each answer leaves at once (``TCP_NODELAY``), not ~40 ms later on a kept connection
    (docs/rules.md §9, "Load"): asyncio sets it on connections of a socket made for TCP."""

    async def accepted_option() -> int:
        found: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        class Answering(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                sock = transport.get_extra_info("socket")
                found.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()

        with serve.bind("127.0.0.1", 0) as listener:
            server = await asyncio.get_running_loop().create_server(Answering, sock=listener)
            async with server:
                port = listener.getsockname()[1]
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                option = await asyncio.wait_for(found, 30)
                writer.close()
        return option

    assert asyncio.run(accepted_option()) != 0


def test_no_free_port_is_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = build_parser().parse_args(["serve", "--port", str(port), "--no-browser"])
        monkeypatch.setattr(serve, "PORT_ATTEMPTS", 1)
        assert serve.run(args) == 2
    assert "Cannot listen on 127.0.0.1" in capsys.readouterr().err


def test_the_browser_opens_once_the_server_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", opened.append)
    server = SimpleNamespace(started=True, should_exit=False)
    serve._open_browser(server, "http://127.0.0.1:8765/")
    assert opened == ["http://127.0.0.1:8765/"]
    stopped = SimpleNamespace(started=False, should_exit=True)
    serve._open_browser(stopped, "http://127.0.0.1:8765/")
    assert opened == ["http://127.0.0.1:8765/"]


def _address(lines: queue.Queue[str]) -> tuple[str, int, str]:
    first = lines.get(timeout=START_TIMEOUT)
    found = re.search(r"http://127\.0\.0\.1:(\d+)/\S*", first)
    assert found, first
    return first, int(found.group(1)), found.group(0)


def _wait_healthy(port: int) -> httpx.Response:
    for _ in range(START_TIMEOUT * 10):
        try:
            return httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5)
        except httpx.ConnectError:
            threading.Event().wait(0.1)
    raise AssertionError("the server never answered")


def _stop(process: subprocess.Popen[str], lines: queue.Queue[str]) -> str:
    process.send_signal(signal.SIGINT)
    assert process.wait(60) == 0
    said = []
    while True:
        try:
            said.append(lines.get(timeout=5))
        except queue.Empty:
            return "".join(said)


def test_serve_prints_its_address_and_stops_cleanly_on_ctrl_c() -> None:
    with serving("--lang", "en") as (process, lines):
        first, port, url = _address(lines)
        assert first.startswith("xlsx-scorer is running: open http://127.0.0.1:")
        assert url.endswith("/?lang=en")
        assert "Ctrl-C" in lines.get(timeout=START_TIMEOUT)
        response = _wait_healthy(port)
        assert response.json()["token_required"] is False
        assert httpx.get(f"http://127.0.0.1:{port}/api/template", timeout=60).status_code == 200
        rest = _stop(process, lines)
    assert "Stopped." in rest
    assert "Traceback" not in rest


def test_ctrl_c_with_an_upload_half_sent_stops_at_once_and_quietly() -> None:
    """A judge's upload stalls half-way (its body may take a minute): Ctrl-C drops it at

    once, instead of waiting the graceful 5 s and printing the cancelled request's traceback.
    """
    with serving("--lang", "en") as (process, lines):
        port = _address(lines)[1]
        _wait_healthy(port)
        with socket.create_connection(("127.0.0.1", port), timeout=30) as upload:
            upload.sendall(
                b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n"
                b"Content-Type: multipart/form-data; boundary=b\r\n\r\n--b\r\n"
            )
            threading.Event().wait(0.5)
            started = time.monotonic()
            process.send_signal(signal.SIGINT)
            assert process.wait(60) == 0
            assert time.monotonic() - started < 4  # uvicorn waited 5 s, the graceful timeout
            rest = _stop(process, lines)
    assert "Stopped." in rest
    assert "Traceback" not in rest


def test_serve_on_the_network_needs_the_token_it_prints() -> None:
    """``--host 0.0.0.0``: a token is printed (and given to this computer's browser)."""
    with serving("--host", "0.0.0.0", "--lang", "es") as (process, lines):
        first, port, url = _address(lines)
        token = url.split("#token=")[1]
        assert len(token) >= 16
        network = lines.get(timeout=START_TIMEOUT)
        assert token in network
        assert f":{port}/" in network
        assert _wait_healthy(port).json()["token_required"] is True
        template = f"http://127.0.0.1:{port}/api/template"
        assert httpx.get(template, timeout=60).status_code == 401
        assert httpx.get(template, headers={"X-Token": token}, timeout=60).status_code == 200
        printed = re.search(r"http://([^:/\s]+):", network)
        assert printed, network
        health = f"http://127.0.0.1:{port}/healthz"
        named = {"Host": f"{printed.group(1)}:{port}"}
        assert httpx.get(health, headers=named, timeout=60).status_code == 200
        assert httpx.get(health, headers={"Host": "evil.example"}, timeout=60).status_code == 421
        event = {"file": ("sample_event.xlsx", (ROOT / "fixtures/sample_event.xlsx").read_bytes())}
        check = f"http://127.0.0.1:{port}/api/check"
        assert httpx.post(check, files=event, headers={"X-Token": token}).status_code == 200
        rest = _stop(process, lines)
    assert first.startswith("xlsx-scorer está en marcha")
    assert "Detenido." in rest
    assert "check sample_event.xlsx: salida 0, 0 hallazgos, 28 partidas, 26 jugadores" in rest
    assert "Rechazado GET /healthz desde 127.0.0.1" in rest
