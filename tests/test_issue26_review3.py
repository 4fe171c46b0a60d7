"""Issue 26, the third review's findings through the server in a process (SPEC §9;
docs/rules.md §9): a request that names no language of ours is answered in the workbook's
language, as ``check`` answers (a Turkish workbook's 422 is ``check --json``'s Turkish);
the judge's actions while the workbook cannot be read wait (503), never "no table"; a
player's name is read as the reader reads it (trimmed, NFC).
"""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import httpx2 as httpx
import openpyxl

from tests.live_event import REPOSITORY, make_event, result, served
from xlsx_scorer.cli import main
from xlsx_scorer.i18n import header
from xlsx_scorer.web.livewords import column_key

TURKISH_NAMES = ["Ayşe", "Barış", "Çağla", "Doğan", "Emre", "Fatma", "Gökhan", "Hülya"]


def _turkish_event(folder: Path) -> Path:
    """A Turkish template (sheets and headers in Turkish), its roster filled, round 1 seated."""
    path = folder / "kupa.xlsx"
    assert main(["template", str(path), "--players", "8", "--rounds", "2", "--lang", "tr"]) == 0
    book = openpyxl.load_workbook(path)
    roster = book.worksheets[1]
    for row, name in enumerate(TURKISH_NAMES, start=2):
        roster.cell(row, 1, name)
    book.save(path)
    assert main(["seat", str(path), "--round", "1"]) == 0
    return path


def _tables(address: str) -> dict[str, dict[str, Any]]:
    answer = httpx.get(f"{address}/api/live", timeout=60)
    assert answer.status_code == 200
    return {t["table"]: t for t in answer.json()["tables"]}


def _typed_by_hand(path: Path, copy: Path, label: str, results: list[dict[str, Any]]) -> None:
    """``results`` (English keys, as sent) typed into the Turkish ``Results`` sheet of a copy."""
    book = openpyxl.load_workbook(path)
    sheet = book.worksheets[2]
    heads = {cell.value: cell.column for cell in sheet[1]}

    def column(english: str) -> int:
        return heads[header("tr", column_key(english) or "")]

    for row in range(2, sheet.max_row + 1):
        if sheet.cell(row, column("Round")).value != 1:
            continue
        if str(sheet.cell(row, column("Table")).value) != label:
            continue
        item = next(r for r in results if r["Player"] == sheet.cell(row, column("Player")).value)
        for key, value in item.items():
            if key != "Player":
                typed = ("x" if value else None) if isinstance(value, bool) else value
                sheet.cell(row, column(key)).value = typed
    book.save(copy)


def _errors(findings: list[dict[str, Any]]) -> list[Any]:
    return sorted(
        (f["code"], json.dumps(f["params"], sort_keys=True), f["message"])
        for f in findings
        if f["severity"] == "error"
    )


def test_a_rule_broken_without_a_language_is_said_as_check_says_it(tmp_path: Path) -> None:
    event = _turkish_event(tmp_path)
    with served(event) as (address, _, _):
        one = _tables(address)["1"]
        body = result(one["players"], Settlements=9, Cities=5)
        plain = httpx.post(
            f"{address}/api/table", json={"code": one["code"], "results": body}, timeout=60
        )
        other = httpx.post(  # a phone in a language of none of ours: the same
            f"{address}/api/table",
            json={"code": one["code"], "results": body},
            headers={"accept-language": "de-DE,de;q=0.9"},
            timeout=60,
        )
        asked = httpx.post(  # a Spanish phone is answered in Spanish
            f"{address}/api/table",
            json={"code": one["code"], "results": body},
            headers={"accept-language": "es"},
            timeout=60,
        )
        page = httpx.get(f"{address}{one['link']}", timeout=60)
    copy = tmp_path / "elle.xlsx"
    _typed_by_hand(event, copy, "1", body)
    checked = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "check", str(copy), "--json"],
        capture_output=True, text=True, check=False, cwd=REPOSITORY,
    )  # fmt: skip
    by_hand = _errors(json.loads(checked.stdout)["findings"])
    assert plain.status_code == other.status_code == asked.status_code == 422
    assert by_hand  # the body breaks a rule
    assert _errors(plain.json()["findings"]) == by_hand
    assert _errors(other.json()["findings"]) == by_hand
    assert _errors(asked.json()["findings"]) != by_hand  # Spanish words, same codes
    assert [e[:2] for e in _errors(asked.json()["findings"])] == [e[:2] for e in by_hand]
    assert 'lang="tr"' in page.text  # the table's page too, without Accept-Language


def test_the_judges_actions_while_the_workbook_cannot_be_read_wait(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    whole = event.read_bytes()
    with served(event) as (address, _, _):
        one = _tables(address)["1"]
        body = {"code": one["code"], "results": result(one["players"])}
        assert httpx.post(f"{address}/api/table", json=body, timeout=60).status_code == 200
        event.write_bytes(whole[: len(whole) // 2])  # a save caught half-way
        asked = [
            ("approve", {"table": "1"}),
            ("reject", {"table": "1", "message": "again"}),
            ("correct", {"table": "1", "results": result(one["players"])}),
        ]
        waits = [httpx.post(f"{address}/api/live/{a}", json=b, timeout=60) for a, b in asked]
        event.write_bytes(whole)
        approved = httpx.post(f"{address}/api/live/approve", json={"table": "1"}, timeout=60)
    said = [(w.status_code, w.json()["error"], w.headers.get("retry-after")) for w in waits]
    assert said == [(503, "live_unreadable", "1")] * 3
    assert approved.status_code == 200


def test_a_players_name_is_read_trimmed_and_nfc(tmp_path: Path) -> None:
    event = _turkish_event(tmp_path)
    with served(event) as (address, _, _):
        tables = _tables(address)
        answers = []
        for label, shape in (("1", lambda n: f"  {n} "), ("2", lambda n: f"{n}\t")):
            body = result(tables[label]["players"])
            for row in body:  # every name decomposed (NFD) and padded
                row["Player"] = shape(unicodedata.normalize("NFD", row["Player"]))
            assert any(row["Player"].strip() not in TURKISH_NAMES for row in body)
            sent = {"code": tables[label]["code"], "results": body}
            answers.append(httpx.post(f"{address}/api/table", json=sent, timeout=60))
            answers.append(httpx.post(f"{address}/api/table", json=sent, timeout=60))
        one = _tables(address)["1"]
    assert [(a.status_code, a.json().get("duplicate")) for a in answers] == [
        (200, False),
        (200, True),
    ] * 2
    assert sorted(r["Player"] for r in one["results"]) == sorted(one["players"])
