"""Issue 26 through the live API (``xlsx_scorer.app.live``): automatic approval of a result
passing every rule, a rejection sending the table back with the judge's word, and a
restart folding the journal again."""

from __future__ import annotations

import time
from pathlib import Path

from tests.live_event import make_event, result
from xlsx_scorer.app import live


def test_auto_approval_reject_and_restart(tmp_path: Path) -> None:
    path = make_event(tmp_path)
    event = live.open_event(path, auto_approve=True)
    try:
        view = live.live_view(event, "es")
        one, two = view["tables"][0], view["tables"][1]
        sent = live.submit(event, one["table"], result(one["players"]), "es")
        assert sent.status == 200
        deadline = time.monotonic() + 120
        while live.live_view(event, "es")["tables"][0]["state"] != "approved" or event.pending():
            assert time.monotonic() < deadline
            time.sleep(0.2)
        blank = [{"Player": name} for name in two["players"]]
        assert live.check_partial(event, two["table"], blank, "es")["findings"] == []
        event.auto_approve = False
        assert live.submit(event, two["table"], result(two["players"]), "es").status == 200
        assert live.reject(event, two["table"], "Faltan los caminos").status == 200
    finally:
        event.close()
    again = live.open_event(path)
    try:
        tables = {t["table"]: t for t in live.live_view(again, "tr")["tables"]}
        assert tables[one["table"]]["state"] == "approved"
        assert tables[two["table"]]["state"] == "to_play"
        assert tables[two["table"]]["message"] == "Faltan los caminos"
        token = two["link"].removeprefix("/t/")
        page = live.table_view(again, token, "tr")
        assert page is not None
        assert page["players"] == two["players"]
        assert page["fields"][0]["label"] != page["fields"][0]["header"]  # Turkish labels
        assert live.table_view(again, "x" * 32, "tr") is None
    finally:
        again.close()
