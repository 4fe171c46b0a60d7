"""Load on ``xlsx-scorer serve EVENT.xlsx`` (issue 26): tables sending, phones polling, the
judge approving while the event is rescored, over a whole simulated event.

    .venv/bin/python benchmarks/bench_live.py          # 50 tables, 200 pollers, 3 rounds
    .venv/bin/python benchmarks/bench_live.py --tables 10 --pollers 20 --rounds 2 --json live.json

Builds an event of ``4 × --tables`` players (``tests.live_event.make_event``: a template, its
roster, round 1 seated by ``seat``), starts ``python -m xlsx_scorer serve EVENT.xlsx`` as its
own process, then for each round:

1. ``--pollers`` phones poll about once a second (``GET /api/live``, the judge's whole view
   of the round: heavier than a phone's own table);
2. every table sends its result through ``POST /api/table`` (a tenth of them twice),
   spread over a few seconds, each submission timed;
3. the judge approves the tables sent, a few at once, each approval writing the results
   into the workbook and scoring the event;
4. once every table is approved the next round is seated by ``seat`` on disk, and the
   server follows it.

Prints the median and 99th percentile submission latency, the approvals' median, and the
server's resident memory after each round (``/proc/PID/status``, Linux).  Timings are for
reading, never for asserting: nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx2 as httpx  # noqa: E402

from tests.live_event import make_event, result, served  # noqa: E402
from xlsx_scorer.cli import main  # noqa: E402


def rss_mib(pid: int) -> float:
    """The resident memory of process ``pid`` in MiB (0 where ``/proc`` is missing)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def poll(address: str, pollers: int, stop: asyncio.Event, counted: list[int]) -> None:
    """``pollers`` phones, each asking once a second until ``stop``."""
    limits = httpx.Limits(max_connections=pollers, max_keepalive_connections=32)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:

        async def phone() -> None:
            await asyncio.sleep(random.random())
            while not stop.is_set():
                try:
                    await client.get(f"{address}/api/live")
                    counted[0] += 1
                except httpx.TransportError:
                    counted[1] += 1
                await asyncio.sleep(1.0)

        await asyncio.gather(*(phone() for _ in range(pollers)))


def play_round(address: str, spread: float) -> tuple[list[float], list[float]]:
    """Every table sends (a tenth twice), the judge approves them: the latencies."""
    tables = httpx.get(f"{address}/api/live", timeout=60).json()["tables"]
    sent: list[float] = []
    approved: list[float] = []

    def send(t: dict[str, Any]) -> None:
        time.sleep(random.uniform(0, spread))
        body = {"code": t["code"], "results": result(t["players"], winner=int(t["table"]) % 4)}
        for _ in range(2 if int(t["table"]) % 10 == 0 else 1):
            started = time.perf_counter()
            answer = httpx.post(f"{address}/api/table", json=body, timeout=60)
            sent.append(time.perf_counter() - started)
            assert answer.status_code == 200, answer.text

    def approve(label: str) -> None:
        started = time.perf_counter()
        answer = httpx.post(f"{address}/api/live/approve", json={"table": label}, timeout=300)
        approved.append(time.perf_counter() - started)
        assert answer.status_code in {200, 202}, answer.text

    with ThreadPoolExecutor(len(tables)) as phones, ThreadPoolExecutor(4) as judge:
        sending = [phones.submit(send, t) for t in tables]
        done: set[str] = set()
        while len(done) < len(tables):
            time.sleep(0.5)
            view = httpx.get(f"{address}/api/live", timeout=60).json()["tables"]
            ready = [t["table"] for t in view if t["state"] == "sent" and t["table"] not in done]
            done.update(ready)
            list(judge.map(approve, ready))
        for future in sending:
            future.result()
    return sent, approved


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main_(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--pollers", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--spread", type=float, default=5.0, help="seconds the sending spreads over"
    )
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args(argv)
    random.seed(26)
    folder = Path(tempfile.mkdtemp(prefix="bench_live."))
    path = make_event(folder, players=4 * args.tables, rounds=args.rounds)
    figures: dict[str, Any] = {"rounds": []}
    all_sent: list[float] = []
    with served(path) as (address, process, _):
        for round_no in range(1, args.rounds + 1):
            stop, counted = asyncio.Event(), [0, 0]
            loop = asyncio.new_event_loop()
            pollers = ThreadPoolExecutor(1).submit(
                loop.run_until_complete, poll(address, args.pollers, stop, counted)
            )
            time.sleep(1.5)
            sent, approved = play_round(address, args.spread)
            loop.call_soon_threadsafe(stop.set)
            pollers.result()
            loop.close()
            all_sent += sent
            row = {
                "round": round_no,
                "submissions": len(sent),
                "median_ms": round(1000 * statistics.median(sent), 1),
                "p99_ms": round(1000 * percentile(sent, 0.99), 1),
                "approve_median_s": round(statistics.median(approved), 2),
                "polls": counted[0],
                "poll_failures": counted[1],
                "rss_mib": round(rss_mib(process.pid), 1),
            }
            figures["rounds"].append(row)
            print(json.dumps(row), flush=True)
            if round_no < args.rounds:
                assert main(["seat", str(path), "--round", str(round_no + 1)]) == 0
                time.sleep(1.0)
    figures["median_ms"] = round(1000 * statistics.median(all_sent), 1)
    figures["p99_ms"] = round(1000 * percentile(all_sent, 0.99), 1)
    print(json.dumps({k: v for k, v in figures.items() if k != "rounds"}))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main_())
