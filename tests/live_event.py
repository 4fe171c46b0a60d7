"""An event for the issue 26 tests and benchmark: a template with its roster filled in, round
1 seated by ``seat`` (codes on its slips), and a served ``xlsx-scorer serve EVENT.xlsx``."""

from __future__ import annotations

import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import openpyxl

from xlsx_scorer.cli import main

REPOSITORY = Path(__file__).resolve().parent.parent
ADDRESS = re.compile(r"http://127\.0\.0\.1:\d+")
START_TIMEOUT = 60.0


def make_event(folder: Path, players: int = 12, rounds: int = 3, name: str = "cup.xlsx") -> Path:
    """A template for ``players`` over ``rounds`` rounds, its roster filled in, round 1 seated."""
    path = folder / name
    assert main(["template", str(path), "--players", str(players), "--rounds", str(rounds)]) == 0
    book = openpyxl.load_workbook(path)
    for row in range(2, players + 2):
        book["Players"].cell(row, 1, f"Player {row - 1:02d}")
    book.save(path)
    assert main(["seat", str(path), "--round", "1"]) == 0
    return path


def result(players: list[str], winner: int = 0, **bad: Any) -> list[dict[str, Any]]:
    """A valid Catan result for a table: ``winner`` (a seat, from 0) declares 10 VP;
    ``bad`` overrides one value of every player (``bad={"Roads Built": 16}``)."""
    return [
        {
            "Player": name,
            "Settlements": 2 if seat == winner else 2 + seat % 3,
            "Cities": 4 if seat == winner else 1,
            "VP Cards": 0,
            "Knights Played": seat,
            "Roads Built": 5 + seat,
            "Longest Road Length": 3,
            "Largest Army First": False,
            "Longest Road First": False,
            "Declared Victory": seat == winner,
            **bad,
        }
        for seat, name in enumerate(players)
    ]


@contextmanager
def served(path: Path, *options: str) -> Iterator[tuple[str, subprocess.Popen[str], list[str]]]:
    """``xlsx-scorer serve PATH --no-browser --port 0`` running in a process: its address,
    the process and the lines it printed so far (kept as they come)."""
    process = subprocess.Popen(
        [
            sys.executable,
            *("-m", "xlsx_scorer", "serve", str(path), "--no-browser", "--port", "0"),
            *options,
        ],
        cwd=REPOSITORY,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
    )
    lines: list[str] = []
    found: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line)
            match = ADDRESS.search(line)
            if match:
                found.put(match.group(0))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        address = found.get(timeout=START_TIMEOUT)
        _wait_until_up(address)
        yield address, process, lines
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
        process.wait(30)
        reader.join(10)
        if process.stdout is not None and not reader.is_alive():
            process.stdout.close()


def _wait_until_up(address: str) -> None:
    import httpx2 as httpx

    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{address}/healthz", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.05)
    raise RuntimeError("the server did not answer")
