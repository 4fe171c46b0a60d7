"""Issue 26, the second review's findings (SPEC §9) through the server in a process: right
codes sent together as the first requests after a start are never answered as wrong codes
(requests wait for the reading of the workbook), and a table's token never reaches the log
or a message whatever the shape of the path.
"""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path
from typing import Any

import httpx2 as httpx
import openpyxl

from tests.live_event import make_event, result, served


def slips(path: Path) -> dict[str, dict[str, Any]]:
    """The newest round's tables as its slips say (code, link, players), read by openpyxl."""
    book = openpyxl.load_workbook(path, read_only=True)
    name = max((n for n in book.sheetnames if n.startswith("Seating R")), key=lambda n: int(n[9:]))
    found: dict[str, dict[str, Any]] = {}
    for row in book[name].iter_rows(values_only=True):
        if isinstance(row[0], int) and isinstance(row[1], int):
            table = found.setdefault(str(row[0]), {"players": []})
            table["players"].append(row[2])
            for value in row[3:]:
                if isinstance(value, str) and value.startswith("/t/"):
                    table["link"] = value
                elif isinstance(value, str) and value.isdigit() and len(value) == 8:
                    table["code"] = value
    return found


def test_right_codes_sent_together_just_after_the_start_all_open_their_tables(
    tmp_path: Path,
) -> None:
    event = make_event(tmp_path, players=32)
    tables = slips(event)
    assert len(tables) == 8
    with served(event) as (address, _, _):
        answers: Counter[int] = Counter()
        together = threading.Barrier(len(tables))

        def send(table: dict[str, Any]) -> None:
            together.wait()
            body = {"code": table["code"], "results": result(table["players"])}
            answers[httpx.post(f"{address}/api/table", json=body, timeout=120).status_code] += 1

        threads = [threading.Thread(target=send, args=(t,)) for t in tables.values()]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert answers == Counter({200: 8})


def test_a_tables_token_never_reaches_the_log_or_a_message(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    link = next(iter(slips(event).values()))["link"]
    token = link.removeprefix("/t/")
    with served(event) as (address, _, lines):
        said = []
        for path in (f"/{link}", f"/static/..{link}", f"/x{link}/state", f"/t//{token}"):
            url = httpx.URL(address).copy_with(raw_path=path.encode())
            for headers in ({}, {"Host": "evil.example"}):
                answer = httpx.get(url, headers=headers, timeout=30)
                if answer.status_code != 200:  # the table's own page holds its link
                    said.append(answer.text)
    assert said
    assert token not in "".join(said)
    assert token not in "".join(lines)


def test_a_new_event_under_the_same_name_never_shows_the_journal_of_the_old_one(
    tmp_path: Path,
) -> None:
    event = make_event(tmp_path)
    old = slips(event)
    with served(event) as (address, _, _):
        for label in ("1", "2"):
            body = {"code": old[label]["code"], "results": result(old[label]["players"])}
            assert httpx.post(f"{address}/api/table", json=body, timeout=60).status_code == 200
        approved = httpx.post(f"{address}/api/live/approve", json={"table": "1"}, timeout=60)
        assert approved.status_code == 200
    event.unlink()  # the journal stays beside it; a new event is written under its name
    make_event(tmp_path)
    new = slips(event)
    with served(event) as (address, _, _):
        tables = httpx.get(f"{address}/api/live", timeout=60).json()["tables"]
        assert {t["state"] for t in tables} == {"to_play"}
        assert all(t["results"] == [] for t in tables)
        body = {"code": new["2"]["code"], "results": result(new["2"]["players"], winner=1)}
        sent = httpx.post(f"{address}/api/table", json=body, timeout=60)
    assert (sent.status_code, sent.json()) == (200, {"state": "sent", "duplicate": False})


def test_the_form_and_the_api_agree_and_a_hand_typed_table_answers_approved(
    tmp_path: Path,
) -> None:
    from tests.test_issue26_server import typed_by_hand

    event = make_event(tmp_path)
    tables = slips(event)
    one, two, three = tables["1"], tables["2"], tables["3"]
    typed_by_hand(event, 1, {"3": result(three["players"])})
    blank = [{"Player": name} for name in one["players"]]
    with served(event) as (address, _, _):
        api = httpx.post(f"{address}/api/table", json={"code": one["code"], "results": blank})
        form = httpx.post(f"{address}{one['link']}", data={"seat": "1"}, timeout=60)
        assert (api.status_code, api.json()["error"]) == (400, "live_empty")
        assert form.status_code == 400
        # the seat is told about before the rules: one out of the table, or none at all
        filled = {f"{seat}:Settlements": "2" for seat in range(1, 5)}
        for seat in ({"seat": "9"}, {}):
            wrong = httpx.post(f"{address}{two['link']}", data={**filled, **seat}, timeout=60)
            assert wrong.status_code == 400
        # the same game with and without the optional Total VP (equal to its VP): one result
        plain = result(two["players"])
        most = max(row["Knights Played"] for row in plain)  # Largest Army: 2 VP, from 3
        totals = [
            {
                **row,
                "Total VP": row["Settlements"]
                + 2 * row["Cities"]
                + row["VP Cards"]
                + (2 if row["Knights Played"] == most >= 3 else 0),
            }
            for row in plain
        ]
        answers = [
            httpx.post(f"{address}/api/table", json={"code": two["code"], "results": rows})
            for rows in (totals, plain)
        ]
        assert [(a.status_code, a.json().get("duplicate", a.text)) for a in answers] == [
            (200, False),
            (200, True),
        ]
        # a table approved because it was typed by hand: the same result again is a duplicate
        again = httpx.post(
            f"{address}/api/table",
            json={"code": three["code"], "results": result(three["players"])},
            timeout=60,
        )
        assert (again.status_code, again.json()) == (200, {"state": "approved", "duplicate": True})
        state = httpx.get(f"{address}/t/{'A' * 32}/state", timeout=30)
        assert state.status_code == 404
        assert state.json()["error"] == "live_no_table"


def test_a_right_code_while_the_workbook_cannot_be_read_is_no_wrong_code(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    table = slips(event)["1"]
    whole = event.read_bytes()
    with served(event) as (address, _, _):
        event.write_bytes(whole[: len(whole) // 2])  # a save caught half-way
        body = {"code": table["code"], "results": result(table["players"])}
        waits = [httpx.post(f"{address}/api/table", json=body, timeout=60) for _ in range(12)]
        assert {(w.status_code, w.json()["error"]) for w in waits} == {(503, "live_unreadable")}
        event.write_bytes(whole)
        sent = httpx.post(f"{address}/api/table", json=body, timeout=60)
    assert sent.status_code == 200  # never counted as wrong codes (ten make it 429)


def test_a_tables_page_while_the_workbook_cannot_be_read_waits_and_is_no_wrong_code(
    tmp_path: Path,
) -> None:
    event = make_event(tmp_path)
    link = slips(event)["1"]["link"]
    whole = event.read_bytes()
    with served(event) as (address, _, _):
        event.write_bytes(b"PK\x03\x04 not a workbook any more")  # corrupt, or a save half-way
        asked = [f"{address}{link}", f"{address}{link}/state", f"{address}/t/{'B' * 32}"]
        waits = [httpx.get(url, timeout=60) for _ in range(6) for url in asked]
        assert {w.status_code for w in waits} == {503}  # eighteen: no 404, and no 429
        assert all(w.headers["retry-after"].isdigit() for w in waits)
        assert {w.json()["error"] for w in waits[1::3]} == {"live_unreadable"}
        assert "<h1>One moment</h1>" in waits[0].text
        event.write_bytes(whole)
        page, state = (httpx.get(url, timeout=60) for url in asked[:2])
        wrong = httpx.get(asked[2], timeout=60)
    assert (page.status_code, state.status_code) == (200, 200)  # never counted as wrong codes
    assert state.json()["state"] == "to_play"
    assert wrong.status_code == 404  # a token that opens nothing, once the workbook is read
