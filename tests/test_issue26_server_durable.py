"""Issue 26, "nothing lost": ``kill -9`` of ``serve EVENT.xlsx`` while phones send results
loses no acknowledged submission; the restarted server picks up from its journal."""

from __future__ import annotations

import random
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx

from tests.live_event import make_event, result, served


def test_kill_9_at_random_moments_loses_no_acknowledged_submission(tmp_path: Path) -> None:
    path = make_event(tmp_path, players=32)
    acknowledged: list[tuple[str, list[dict[str, Any]]]] = []
    chance = random.Random(26)
    for _ in range(2):
        with served(path) as (address, process, _):
            tables = httpx.get(f"{address}/api/live", timeout=30).json()["tables"]
            stop = threading.Event()

            def phone(t: dict[str, Any], stop: threading.Event = stop, url: str = address) -> None:
                seat = 0
                while not stop.is_set():
                    body = result(
                        t["players"], winner=seat % 4, **{"Longest Road Length": 3 + seat % 2}
                    )
                    seat += 1
                    try:
                        answer = httpx.post(
                            f"{url}/api/table",
                            json={"code": t["code"], "results": body},
                            timeout=10,
                        )
                    except httpx.TransportError:
                        return  # killed: no answer, nothing promised
                    if answer.status_code in {200, 409}:
                        acknowledged.append((t["table"], body))

            phones = [threading.Thread(target=phone, args=(t,)) for t in tables]
            before = len(acknowledged)
            for thread in phones:
                thread.start()
            deadline = time.monotonic() + 120
            while len(acknowledged) == before and time.monotonic() < deadline:
                time.sleep(0.05)  # the first answers (the server warms up), then at random
            time.sleep(chance.uniform(0.0, 1.5))
            process.send_signal(signal.SIGKILL)
            process.wait(30)
            stop.set()
            for thread in phones:
                thread.join(30)
    assert acknowledged
    with served(path) as (address, _, _):
        view = {
            t["table"]: t for t in httpx.get(f"{address}/api/live", timeout=30).json()["tables"]
        }
    for label, body in acknowledged:
        held = view[label]
        assert held["state"] in {"sent", "disputed"}
        assert body == held["results"] or body in held["candidates"], (label, body)
