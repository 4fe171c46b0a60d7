"""Issue 26, the server side (SPEC §9): ``xlsx-scorer serve EVENT.xlsx`` in a process, the
codes on the slips, ``/api/table`` (rules first, replay, four phones at once, wrong codes),
the judge's approvals into the workbook (the lock file, a workbook edited meanwhile), the
round following the workbook, and ``score`` agreeing with the same results typed by hand.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2 as httpx
import openpyxl
import pytest

import xlsx_scorer
from tests.live_event import make_event, result, served
from xlsx_scorer.cli import main
from xlsx_scorer.i18n import header

SOFFICE = shutil.which("soffice")
KEYS = {
    header("en", key): key
    for key in ("settlements", "cities", "vp_cards", "knights", "roads", "longest_road")
}


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_event(tmp_path_factory.mktemp("live"))


@pytest.fixture(scope="module")
def server(event: Path) -> Any:
    with served(event) as running:
        yield running


def live(address: str) -> dict[str, Any]:
    answer = httpx.get(f"{address}/api/live", timeout=30)
    assert answer.status_code == 200
    body: dict[str, Any] = answer.json()
    return body


def table(address: str, label: str) -> dict[str, Any]:
    return next(t for t in live(address)["tables"] if t["table"] == label)


def send(address: str, code: str, results: Any, **headers: str) -> httpx.Response:
    return httpx.post(
        f"{address}/api/table", json={"code": code, "results": results}, headers=headers, timeout=60
    )


def typed_by_hand(path: Path, round_no: int, results: dict[str, list[dict[str, Any]]]) -> None:
    """Type tables' results into ``Results`` as a judge would (openpyxl: another program)."""
    book = openpyxl.load_workbook(path)
    sheet = book["Results"]
    heads = {cell.value: cell.column for cell in sheet[1]}
    for row in range(2, sheet.max_row + 1):
        if sheet.cell(row, heads["Round"]).value != round_no:
            continue
        label = str(sheet.cell(row, heads["Table"]).value)
        name = sheet.cell(row, heads["Player"]).value
        for item in results.get(label, []):
            if item["Player"] != name:
                continue
            for key, value in item.items():
                if key != "Player":
                    sheet.cell(row, heads[key]).value = (
                        ("x" if value else None) if isinstance(value, bool) else value
                    )
    book.save(path)


def test_seat_writes_each_tables_code_on_the_slips_only(event: Path) -> None:
    book = openpyxl.load_workbook(event)
    slips = list(book["Seating R1"].iter_rows(values_only=True))
    codes = [row for row in slips if any(isinstance(v, str) and v.startswith("/t/") for v in row)]
    assert len(codes) == 3
    for row in codes:
        code, link = [v for v in row if v is not None][-2:]
        assert re.fullmatch(r"\d{8}", code)
        assert re.fullmatch(r"/t/[\w-]{32,}", link)
    secrets_ = {v for row in codes for v in row[-2:]}
    for name in book.sheetnames:
        if name != "Seating R1":
            values = {str(v) for row in book[name].iter_rows(values_only=True) for v in row}
            assert not values & secrets_, name
    found = xlsx_scorer.check(event.read_bytes()).findings
    assert "slips_typed" not in {f.code for f in found}  # the code column is no typo


def test_a_table_sends_its_result_once_and_rules_come_first(server: Any, event: Path) -> None:
    address, _, lines = server
    one = table(address, "1")
    assert one["state"] == "to_play"
    assert re.fullmatch(r"\d{8}", one["code"])
    broken = result(one["players"], **{"Roads Built": 16})
    refused = send(address, one["code"], broken)
    assert refused.status_code == 422
    # the same codes, cells and messages as check --json on the same rows typed by hand
    copy = event.with_name("typed.xlsx")
    shutil.copy(event, copy)
    typed_by_hand(copy, 1, {"1": broken})
    by_hand = [
        (f["code"], f["where"]["cell"], f["message"])
        for f in json.loads(_check_json(copy))["findings"]
        if f["where"]["table"] == "1"
    ]
    assert [(f["code"], f["where"]["cell"], f["message"]) for f in refused.json()["findings"]] == (
        by_hand
    )
    good = result(one["players"])
    with ThreadPoolExecutor(20) as pool:
        answers = list(pool.map(lambda _: send(address, one["code"], good), range(100)))
    assert sorted(a.status_code for a in answers) == [200] * 100
    assert [a.json()["duplicate"] for a in answers].count(False) == 1
    assert send(address, one["code"], broken).status_code == 422  # rules before the state
    assert table(address, "1")["state"] == "sent"
    assert table(address, "1")["results"] == good
    logged = "".join(lines)
    assert one["code"] not in logged
    assert one["link"][3:] not in logged


def _check_json(path: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "check", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parent.parent,
    )
    return done.stdout


def test_four_phones_at_once_make_one_disputed_table(server: Any) -> None:
    address = server[0]
    two = table(address, "2")
    bodies = [result(two["players"], winner=seat) for seat in range(4)]
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda body: send(address, two["code"], body), bodies))
    assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]
    assert table(address, "2")["state"] == "disputed"
    assert httpx.post(f"{address}/api/live/approve", json={"table": "2"}).status_code == 409
    again = send(address, two["code"], bodies[0])
    assert again.status_code == 200
    assert again.json()["duplicate"] is True


def test_wrong_codes_look_the_same_then_wait(server: Any) -> None:
    address = server[0]
    ours = {t["code"] for t in live(address)["tables"]}
    wrong = [f"{n:08d}" for n in range(30) if f"{n:08d}" not in ours]
    headers = {"accept-language": "es"}
    answers = [send(address, code, [], **headers) for code in wrong[:10]]
    assert {a.status_code for a in answers} == {404}
    assert len({a.content for a in answers}) == 1
    assert wrong[0] not in answers[0].text
    limited = send(address, table(address, "3")["code"], [], **headers)  # even a right one
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) > 0
    page = httpx.post(f"{address}/t/not-a-token/check", json={"results": []})
    assert page.status_code == 429


def test_the_judge_approves_into_the_workbook_after_the_lock(
    tmp_path: Path,
) -> None:
    path = make_event(tmp_path)
    by_hand = tmp_path / "by_hand.xlsx"
    shutil.copy(path, by_hand)  # the same round, to be typed by hand
    lock = path.with_name(".~lock." + path.name + "#")
    with served(path) as (address, _, _):
        tables = live(address)["tables"]
        sent = {t["table"]: result(t["players"], winner=int(t["table"]) % 4) for t in tables}
        for t in tables[:2]:
            assert send(address, t["code"], sent[t["table"]]).status_code == 200
        lock.write_text("judge,pc,", encoding="utf-8")
        waiting = httpx.post(f"{address}/api/live/approve", json={"table": "1"}, timeout=60)
        assert waiting.status_code == 202
        view = live(address)
        assert view["locked"] is True
        assert view["waiting"] == ["1"]
        before = path.read_bytes()
        lock.unlink()
        done = httpx.post(f"{address}/api/live/approve", json={"table": "2"}, timeout=60)
        assert done.status_code == 200
        assert live(address)["waiting"] == []
        assert path.read_bytes() != before
        # table 3 typed by hand meanwhile, differently from what its phone sends: a dispute
        three = tables[2]
        typed_by_hand(path, 1, {"3": sent["3"]})
        assert table(address, "3")["state"] == "approved"  # typed in the workbook
        other = result(three["players"], winner=(int(three["table"]) + 1) % 4)
        assert send(address, three["code"], other).status_code == 409
        assert table(address, "3")["state"] == "disputed"
        corrected = httpx.post(
            f"{address}/api/live/correct", json={"table": "3", "results": sent["3"]}, timeout=60
        )
        assert corrected.status_code == 200
        assert [t["state"] for t in live(address)["tables"]] == ["approved"] * 3
        # the same workbook scored equals the same results typed by hand
        typed_by_hand(by_hand, 1, sent)
        ours = xlsx_scorer.score(path.read_bytes())
        theirs = xlsx_scorer.score(by_hand.read_bytes())
        assert ours.exit_code == theirs.exit_code == 0
        assert ours.standings.equals(theirs.standings)
        # the next round seated by the command line: it opens, the old codes stop
        old = tables[0]["code"]
        assert main(["seat", str(path), "--round", "2"]) == 0
        assert live(address)["round"] == 2
        assert send(address, old, sent["1"]).status_code == 404
    if SOFFICE is not None:
        _libreoffice_opens(path, tmp_path)


def _libreoffice_opens(path: Path, folder: Path) -> None:
    out = folder / "lo"
    subprocess.run(
        [
            "soffice",
            "--headless",
            f"-env:UserInstallation={(folder / 'lo-profile').as_uri()}",
            "--convert-to",
            "csv",
            "--outdir",
            str(out),
            str(path),
        ],
        capture_output=True,
        timeout=180,
        check=False,
    )
    assert (out / (path.stem + ".csv")).is_file()
