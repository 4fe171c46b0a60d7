"""Load on ``xlsx-scorer serve EVENT.xlsx`` (issue 26): tables sending, phones polling, the
judge approving while the event is rescored, over a whole simulated event.

    .venv/bin/python benchmarks/bench_live.py          # 50 tables, 200 pollers, 5 rounds
    .venv/bin/python benchmarks/bench_live.py --tables 10 --pollers 20 --rounds 2 --json live.json

Builds an event of ``4 × --tables`` players (``tests.live_event.make_event``: a template, its
roster, round 1 seated by ``seat``), starts ``python -m xlsx_scorer serve EVENT.xlsx`` as its
own process, then for each round:

1. ``--pollers`` phones poll their own table's state about once a second (``GET
   /t/<token>/state``, as the table's page does; the phones spread over the tables), from
   a process of their own, and one judge polls ``GET /api/live`` twice a second;
2. every table sends its result through ``POST /api/table`` (a tenth of them twice),
   spread over a few seconds, each submission timed, and beside each one a ``GET
   /healthz`` from the same thread (the reference: what any request costs at that moment,
   on that machine);
3. the judge approves the tables sent, a few at once, each approval writing the results
   into the workbook and scoring the event;
4. once every table is approved the next round is seated by ``seat`` on disk, and the
   server follows it.

Prints, for each round, the median and 99th percentile submission latency beside the
``/healthz`` reference's measured in the same run (and their ratio, ``sent_over_healthz``:
on a machine shared with other work the ratio moves less than the milliseconds), the
approvals' median, the polls answered, the load average, the processor time the server
and its children used during the round (``cpu_server_s``, ``cpu_children_s``), and the
resident memory after it (``/proc``, Linux: the server, each child: the resource tracker,
the checking and the writing processes, and their total); then the whole run's figures
and a verdict on memory (``flat`` when the total grew less than ``FLAT_MIB`` from the
second round to the last; the first warms up).  Timings are for reading, never for
asserting: nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
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

#: The clients send without Nagle's delay (``TCP_NODELAY``), as browsers do: else a POST's
#: body, written after its headers, waits for the server's delayed acknowledgement (about
#: 40 ms on Linux), which is the client's, not the server's.
NO_DELAY = {"socket_options": [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)]}


def rss_mib(pid: int) -> dict[str, Any]:
    """The resident memory in MiB of process ``pid`` (``server``) and of each of its
    children (``children``: the checking and the writing processes, in pid order), from
    ``/proc`` (Linux; empty where it is missing)."""

    def resident(number: int) -> float:
        for line in Path(f"/proc/{number}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    try:
        children = sorted(
            int(child)
            for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()
        )
        found = {"server": resident(pid), "children": [resident(c) for c in children]}
    except OSError:
        return {}
    return {
        k: round(v, 1) if isinstance(v, float) else [round(c, 1) for c in v]
        for k, v in found.items()
    }


def cpu_seconds(pid: int) -> dict[str, float]:
    """The processor time (user and system, seconds) process ``pid`` (``server``) and its
    children (``children``, summed) have used so far, from ``/proc`` (Linux; empty where it
    is missing): a figure another program on the machine slows down less than a latency."""
    tick = os.sysconf("SC_CLK_TCK")

    def used(number: int) -> float:
        fields = Path(f"/proc/{number}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / tick  # utime, stime

    try:
        children = [
            int(child)
            for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()
        ]
        return {"server": used(pid), "children": sum(used(c) for c in children)}
    except OSError:
        return {}


def phones(address: str, links: list[str], pollers: int, stop: Any, counted: Any) -> None:
    """``pollers`` phones, phone ``i`` polling ``links[i % len(links)]``'s state about once a
    second until ``stop`` (run in a process of its own: the phones never hold the
    interpreter of the thread that times the submissions)."""
    asyncio.run(_phones(address, links, pollers, stop, counted))


async def _phones(address: str, links: list[str], pollers: int, stop: Any, counted: Any) -> None:
    limits = httpx.Limits(max_connections=pollers, max_keepalive_connections=pollers)
    transport = httpx.AsyncHTTPTransport(limits=limits, **NO_DELAY)
    async with httpx.AsyncClient(timeout=30, transport=transport) as client:

        async def phone(link: str) -> None:
            await asyncio.sleep(random.random())
            while not stop.is_set():
                try:
                    answer = await client.get(f"{address}{link}/state")
                    with counted.get_lock():
                        counted[0 if answer.status_code == 200 else 1] += 1
                except httpx.TransportError:
                    with counted.get_lock():
                        counted[1] += 1
                await asyncio.sleep(1.0)

        await asyncio.gather(*(phone(links[i % len(links)]) for i in range(pollers)))


def play_round(address: str, spread: float) -> dict[str, list[float]]:
    """Every table sends (a tenth twice), each beside a ``/healthz``; the judge polls
    ``/api/live`` and approves the tables sent: the latencies."""
    tables = httpx.get(f"{address}/api/live", timeout=60).json()["tables"]
    timed: dict[str, list[float]] = {"sent": [], "healthz": [], "approved": [], "live": []}
    limits = httpx.Limits(max_connections=len(tables) + 8)
    client = httpx.Client(timeout=300, transport=httpx.HTTPTransport(limits=limits, **NO_DELAY))

    def timing(kind: str, method: str, url: str, **given: Any) -> httpx.Response:
        started = time.perf_counter()
        answer = client.request(method, f"{address}{url}", **given)
        timed[kind].append(time.perf_counter() - started)
        return answer

    def send(t: dict[str, Any]) -> None:
        time.sleep(random.uniform(0, spread))
        seat = int(t["table"]) % len(t["players"])
        body = {
            "code": t["code"],
            "player": t["players"][seat],
            "results": result(t["players"], winner=int(t["table"]) % 4),
        }
        for _ in range(2 if int(t["table"]) % 10 == 0 else 1):
            assert timing("healthz", "GET", "/healthz").status_code == 200
            answer = timing("sent", "POST", "/api/table", json=body)
            assert answer.status_code == 200, answer.text

    def approve(label: str) -> None:
        answer = timing("approved", "POST", "/api/live/approve", json={"table": label})
        assert answer.status_code in {200, 202}, answer.text

    with ThreadPoolExecutor(len(tables)) as sending_, ThreadPoolExecutor(4) as judge:
        sending = [sending_.submit(send, t) for t in tables]
        done: set[str] = set()
        while len(done) < len(tables):
            time.sleep(0.5)
            view = timing("live", "GET", "/api/live").json()["tables"]
            ready = [t["table"] for t in view if t["state"] == "sent" and t["table"] not in done]
            done.update(ready)
            judge.map(approve, ready)
        for future in sending:
            future.result()
    client.close()
    return timed


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main_(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--pollers", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--spread", type=float, default=5.0, help="seconds the sending spreads over"
    )
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args(argv)
    random.seed(26)
    folder = Path(tempfile.mkdtemp(prefix="bench_live."))
    path = make_event(folder, players=4 * args.tables, rounds=args.rounds)
    figures: dict[str, Any] = {"rounds": []}
    every: dict[str, list[float]] = {"sent": [], "healthz": []}
    spawn = multiprocessing.get_context("spawn")
    with served(path) as (address, process, _):
        for round_no in range(1, args.rounds + 1):
            links = [t["link"] for t in httpx.get(f"{address}/api/live").json()["tables"]]
            stop, counted = spawn.Event(), spawn.Array("l", 2)
            polling = spawn.Process(
                target=phones, args=(address, links, args.pollers, stop, counted)
            )
            polling.start()
            time.sleep(2.0)
            before = cpu_seconds(process.pid)
            timed = play_round(address, args.spread)
            after = cpu_seconds(process.pid)
            stop.set()
            polling.join(60)
            for kind in every:
                every[kind] += timed[kind]
            row = {
                "round": round_no,
                "submissions": len(timed["sent"]),
                **_spread("sent", timed["sent"]),
                **_spread("healthz", timed["healthz"]),
                "sent_over_healthz": round(
                    statistics.median(timed["sent"]) / statistics.median(timed["healthz"]), 1
                ),
                "approve_median_s": round(statistics.median(timed["approved"]), 2),
                "api_live_median_ms": round(1000 * statistics.median(timed["live"]), 1),
                "polls": counted[0],
                "poll_failures": counted[1],
                "load": round(os.getloadavg()[0], 1),
                **{
                    f"cpu_{part}_s": round(after[part] - before[part], 1)
                    for part in ("server", "children")
                    if part in after and part in before
                },
                **_resident(rss_mib(process.pid)),
            }
            figures["rounds"].append(row)
            print(json.dumps(row), flush=True)
            if round_no < args.rounds:
                assert main(["seat", str(path), "--round", str(round_no + 1)]) == 0
                time.sleep(1.0)
    figures.update(_spread("sent", every["sent"]), **_spread("healthz", every["healthz"]))
    figures["memory"] = _memory_verdict([row["rss_total_mib"] for row in figures["rounds"]])
    print(json.dumps({k: v for k, v in figures.items() if k != "rounds"}))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


def _resident(found: dict[str, Any]) -> dict[str, Any]:
    total = found.get("server", 0.0) + sum(found.get("children", []))
    return {
        "rss_server_mib": found.get("server"),
        "rss_children_mib": found.get("children"),
        "rss_total_mib": round(total, 1),
    }


#: The growth of resident memory (server and children) from the second round to the last,
#: in MiB, under which memory is called flat (the first round warms caches and imports).
FLAT_MIB = 10.0


def _memory_verdict(totals: list[float]) -> str:
    """``flat`` or ``grows`` with the figures: the first round is the warm-up, the growth
    is measured from the second round's total to the last's."""
    if len(totals) < 3:
        return f"too few rounds to tell ({totals})"
    growth = totals[-1] - totals[1]
    word = "flat" if growth < FLAT_MIB else "grows"
    return f"{word}: {growth:+.1f} MiB from round 2 to round {len(totals)} (flat below {FLAT_MIB})"


def _spread(kind: str, values: list[float]) -> dict[str, float]:
    return {
        f"{kind}_median_ms": round(1000 * statistics.median(values), 1),
        f"{kind}_p99_ms": round(1000 * percentile(values, 0.99), 1),
    }


if __name__ == "__main__":
    sys.exit(main_())
