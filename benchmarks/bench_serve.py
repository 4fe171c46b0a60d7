"""Per-request time of ``xlsx-scorer serve`` on a typical event, beside the engine in-process.

    .venv/bin/python benchmarks/bench_serve.py                      # 300 players x 5 rounds
    .venv/bin/python benchmarks/bench_serve.py --repeat 30 --json serve.json

Builds the event once (``bench_score.write_event``: ``tests.eventgen.random_event``,
a title row, a ``Players`` roster; cached in ``--workdir``), then:

1. starts ``python -m xlsx_scorer serve --no-browser --port 0`` as its own process,
   as an organiser would, and waits until it answers;
2. times, ``--repeat`` times each and interleaved (so that every kind of call sees
   the same load on a shared machine; two untimed runs of each first), the workbook
   posted to ``/api/check`` and ``/api/score`` over one kept-alive connection, as
   the page does; the same two calls in this process without HTTP
   (``xlsx_scorer.web.engine`` ``check`` and ``score``: the reference); and
   ``score_file`` on paths, as the CLI calls it;
3. posts 20 checks at once and times the whole.

Prints median and best seconds per request.  Timings are for reading, never for
asserting: nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import httpx2 as httpx  # noqa: E402
from bench_score import write_event  # noqa: E402

from xlsx_scorer.app.api import score_file  # noqa: E402
from xlsx_scorer.web import engine  # noqa: E402

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CONCURRENT = 20


def timed(call: Callable[[], Any], repeat: int) -> list[float]:
    """Seconds of each of ``repeat`` runs of ``call``."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return times


def start_server() -> tuple[subprocess.Popen[str], str]:
    """``xlsx-scorer serve`` on a free port; its process and address once it answers."""
    process = subprocess.Popen(
        [sys.executable, "-m", "xlsx_scorer", "serve", "--no-browser", "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "LANG": "en_US.UTF-8", "LC_ALL": ""},
    )
    assert process.stdout is not None
    found = re.search(r"http://127\.0\.0\.1:\d+", process.stdout.readline())
    if found is None:
        process.kill()
        raise SystemExit("the server did not print its address")
    address = found.group(0)
    for _ in range(600):
        try:
            httpx.get(f"{address}/healthz", timeout=5)
            break
        except httpx.ConnectError:
            time.sleep(0.1)
    return process, address


def stop_server(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGINT)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(30)


def measure(address: str, workbook: Path, repeat: int) -> dict[str, list[float]]:
    """Each kind of call ``repeat`` times, interleaved so that all see the same machine load.

    Over HTTP: ``/api/check`` and ``/api/score`` on one kept-alive connection, as the
    page does.  In this process: ``engine.check``, ``engine.score`` (the same calls
    without HTTP) and ``score_file`` on paths (as the CLI calls it).
    """
    data = workbook.read_bytes()
    files = {"file": (workbook.name, data, XLSX)}
    target = Path(tempfile.mkdtemp()) / "scored.xlsx"
    with httpx.Client(base_url=address, timeout=120) as client:

        def http_check() -> None:
            response = client.post("/api/check", files=files)
            assert response.status_code == 200, response.text[:300]
            assert b'"exit_code":0' in response.content

        def http_score() -> None:
            response = client.post("/api/score", files=files)
            assert response.status_code == 200, response.text[:300]

        def local_check() -> None:
            assert engine.check(data, filename=workbook.name).exit_code == 0

        def local_score() -> None:
            assert engine.score(data, filename=workbook.name).workbook is not None

        def cli_path() -> None:
            assert score_file(workbook, target, force=True).exit_code == 0

        calls = {
            "http_check": http_check,
            "local_check": local_check,
            "http_score": http_score,
            "local_score": local_score,
            "path": cli_path,
        }
        for call in calls.values():  # the first runs pay for imports and set-up
            timed(call, 2)
        times: dict[str, list[float]] = {name: [] for name in calls}
        for _ in range(repeat):
            for name, call in calls.items():
                times[name].extend(timed(call, 1))
    return times


def concurrent_checks(address: str, workbook: Path) -> float:
    """Wall-clock seconds for ``CONCURRENT`` checks posted at the same moment."""
    files = {"file": (workbook.name, workbook.read_bytes(), XLSX)}
    barrier = threading.Barrier(CONCURRENT + 1)
    statuses: list[int] = []

    def post() -> None:
        barrier.wait()
        statuses.append(httpx.post(f"{address}/api/check", files=files, timeout=300).status_code)

    threads = [threading.Thread(target=post) for _ in range(CONCURRENT)]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    assert statuses == [200] * CONCURRENT, statuses
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20, help="timed requests of each kind")
    parser.add_argument(
        "--workdir", type=Path, default=Path(tempfile.gettempdir()) / "xlsx_scorer_bench"
    )
    parser.add_argument("--json", type=Path, help="also save the figures here")
    args = parser.parse_args()

    args.workdir.mkdir(parents=True, exist_ok=True)
    workbook = args.workdir / f"event_{args.players}x{args.rounds}.xlsx"
    if not workbook.exists():
        write_event(workbook, args.players, args.rounds)

    process, address = start_server()
    try:
        times = measure(address, workbook, args.repeat)
        together = concurrent_checks(address, workbook)
    finally:
        stop_server(process)

    def row(label: str, times: list[float]) -> tuple[str, float, float]:
        return label, statistics.median(times), min(times)

    pairs = [a + b for a, b in zip(times["http_check"], times["http_score"], strict=True)]
    local_pairs = [a + b for a, b in zip(times["local_check"], times["local_score"], strict=True)]
    rows = [
        row("check over HTTP (POST /api/check)", times["http_check"]),
        row("check in-process (engine.check)", times["local_check"]),
        row("score over HTTP (POST /api/score)", times["http_score"]),
        row("score in-process (engine.score)", times["local_score"]),
        row("score_file on paths (as the CLI)", times["path"]),
        row("check + score over HTTP", pairs),
        row("check + score in-process", local_pairs),
    ]
    rows_count = args.players * args.rounds
    print(f"\n{args.players} players x {args.rounds} rounds ({rows_count:,} result rows), ", end="")
    print(f"{workbook.stat().st_size // 1024} KB, {args.repeat} requests of each kind")
    print(f"{'':42} {'median':>8} {'best':>8}")
    for label, median, best in rows:
        print(f"{label:42} {median:8.3f} {best:8.3f}")
    overhead = statistics.median(pairs) - statistics.median(local_pairs)
    print(f"{'HTTP overhead, check + score':42} {overhead:8.3f}")
    print(f"{CONCURRENT} checks posted at once: all answered in {together:.2f} s")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"machine: {os.cpu_count()} cores, Python {platform.python_version()}, load {load}")
    if args.json:
        figures = {label: {"median": median, "best": best} for label, median, best in rows}
        figures["concurrent"] = {"count": CONCURRENT, "seconds": together}
        args.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
