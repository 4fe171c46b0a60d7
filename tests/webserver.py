"""A real uvicorn server for tests, in a thread, on a free loopback port.

>>> from xlsx_scorer.web.server import create_app
>>> import httpx2 as httpx
>>> with running_server(create_app(warm_up=False)) as address:
...     httpx.get(f"{address}/healthz").status_code
200
"""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn
from starlette.applications import Starlette

from xlsx_scorer.cli.serve import bind
from xlsx_scorer.web import connections

START_TIMEOUT = 30.0
REPOSITORY = Path(__file__).resolve().parent.parent


@contextmanager
def running_server(
    app: Starlette, head_deadline: float = connections.HEAD_DEADLINE
) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 at a free port until the block ends; yields its address.

    The server holds its connections as ``serve``'s does (``connections.settings``).
    """
    listener = bind("127.0.0.1", 0)
    port = listener.getsockname()[1]
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, **connections.settings(head_deadline)
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_TIMEOUT
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(START_TIMEOUT)
        listener.close()


@contextmanager
def serving(*options: str) -> Iterator[tuple[subprocess.Popen[str], queue.Queue[str]]]:
    """``xlsx-scorer serve --no-browser --port 0 OPTIONS`` running; its output, line by line."""
    process = subprocess.Popen(
        [sys.executable, "-m", "xlsx_scorer", "serve", "--no-browser", "--port", "0", *options],
        cwd=REPOSITORY,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
    )
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        yield process, lines
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(30)
        reader.join(10)
        if process.stdout is not None:
            process.stdout.close()
