"""Issue 26: a table's submission is checked by a process of its own on the table's part of
the workbook (``app/live/checker.py``); its findings are still those of ``check --json``
on the same rows typed by hand (codes, cells, params, messages), in Catan and Carcassonne,
for chosen rule-breaking bodies and a few random ones.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.live_event import make_event, result
from xlsx_scorer.app import live
from xlsx_scorer.cli import main


def _carcassonne(folder: Path) -> Path:
    path = folder / "carc.xlsx"
    assert main(["template", str(path), "--players", "8", "--rounds", "2", "--format",
                 "carcassonne-hig"]) == 0  # fmt: skip
    book = openpyxl.load_workbook(path)
    for row in range(2, 10):
        book["Players"].cell(row, 1, f"Player {row - 1:02d}")
    book.save(path)
    assert main(["seat", str(path), "--round", "1"]) == 0
    return path


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    folder = tmp_path_factory.mktemp("same")
    opened = {
        "catan": live.open_event(make_event(folder, players=8)),
        "carcassonne": live.open_event(_carcassonne(folder)),
    }
    for event in opened.values():
        event.warm_up()  # the checking process started and ready: the checks go there
    yield opened
    for event in opened.values():
        event.close()


def _by_hand(path: Path, label: str, results: list[dict[str, Any]], folder: Path) -> list[Any]:
    """``check --json``'s errors at table ``label`` of round 1, ``results`` typed by hand."""
    copy = folder / f"typed-{path.name}"
    shutil.copy(path, copy)
    book = openpyxl.load_workbook(copy)
    sheet = book["Results"]
    heads = {cell.value: cell.column for cell in sheet[1]}
    rows = {
        sheet.cell(row, heads["Player"]).value: row
        for row in range(2, sheet.max_row + 1)
        if sheet.cell(row, heads["Round"]).value == 1
        and str(sheet.cell(row, heads["Table"]).value) == label
    }
    for item in results:
        for key, value in item.items():
            if key != "Player":
                cell = sheet.cell(rows[item["Player"]], heads[key])
                cell.value = ("x" if value else None) if isinstance(value, bool) else value
    book.save(copy)
    return _errors_of(_check_json(copy), label)


def _check_json(path: Path) -> dict[str, Any]:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        main(["check", str(path), "--json", "--lang", "en"])
    found: dict[str, Any] = json.loads(printed.getvalue())
    return found


def _errors_of(found: dict[str, Any], label: str) -> list[Any]:
    return sorted(
        (f["code"], f["where"]["cell"], json.dumps(f["params"], sort_keys=True), f["message"])
        for f in found["findings"]
        if f["severity"] == "error" and f["where"].get("table") == label
    )


def _sent(event: live.LiveEvent, label: str, results: list[dict[str, Any]]) -> list[Any]:
    outcome = live.submit(event, label, results, "en")
    if outcome.status != 422:
        return []
    return _errors_of({"findings": outcome.body["findings"]}, label)


def _table(event: live.LiveEvent, label: str = "1") -> list[str]:
    view = event.table(label)
    assert view is not None
    return list(view["players"])


CATAN_BODIES = [
    {"Roads Built": 16},
    {"Settlements": 9, "Cities": 5},
    {"Declared Victory": True},
    {"Largest Army First": True, "Knights Played": 1},
    {"Longest Road First": True, "Longest Road Length": 2},
    {"VP Cards": -1},
]


@pytest.mark.parametrize("bad", CATAN_BODIES)
def test_catan_findings_are_check_jsons(events: dict[str, Any], bad: Any, tmp_path: Path) -> None:
    event = events["catan"]
    body = result(_table(event), **bad)
    sent = _sent(event, "1", body)
    assert sent, bad  # each of these breaks a rule
    assert sent == _by_hand(event.path, "1", body, tmp_path)


CARCASSONNE_BODIES = [
    [{"Score": -3}, {"Score": 10}],
    [{"Score": 10, "Roads": 4, "Cities": 2, "Cloisters": 0, "Fields": 0, "Other": 0}, {"Score": 5}],
    [{"Score": "ten"}, {"Score": 5}],
    [{"Score": 7.5}, {"Score": 5}],
]


@pytest.mark.parametrize("bad", CARCASSONNE_BODIES)
def test_carcassonne_findings_are_check_jsons(
    events: dict[str, Any], bad: Any, tmp_path: Path
) -> None:
    event = events["carcassonne"]
    first, rest = bad  # the first seat's values, then every other seat's
    players = _table(event)
    body = [{"Player": players[0], **first}, *({"Player": name, **rest} for name in players[1:])]
    sent = _sent(event, "1", body)
    assert sent, bad
    assert sent == _by_hand(event.path, "1", body, tmp_path)


CATAN_VALUES = st.fixed_dictionaries(
    {
        "Settlements": st.integers(-1, 6),
        "Cities": st.integers(-1, 5),
        "VP Cards": st.integers(-1, 6),
        "Knights Played": st.integers(0, 15),
        "Roads Built": st.integers(0, 16),
        "Longest Road Length": st.integers(0, 16),
        "Largest Army First": st.booleans(),
        "Longest Road First": st.booleans(),
        "Declared Victory": st.booleans(),
    }
)


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(values=st.lists(CATAN_VALUES, min_size=4, max_size=4))
def test_random_catan_bodies_find_what_check_json_finds(
    events: dict[str, Any], values: list[dict[str, Any]], tmp_path: Path
) -> None:
    event = events["catan"]
    body = [{"Player": name, **v} for name, v in zip(_table(event, "2"), values, strict=True)]
    assert _sent(event, "2", body) == _by_hand(event.path, "2", body, tmp_path)
