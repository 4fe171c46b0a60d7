"""Stage tables typed or edited by hand are checked against the cut and the pattern (issue 27).

A ``catan-es`` event of 20 players and 3 rounds (seated by hand, typed, scored) has its
semi-final (round 4) seated by ``seat``.  The organiser then edits round 4's rows: a player
outside the cut in place of a seed, two players swapped between tables, one row deleted.
``check`` and ``score`` report the table (``stage_table_differs``: an error, so no Final
Ranking is written) naming the players expected and found, and ``seat --round 5`` refuses
(exit 2, the file unchanged) saying the stage needs the games before it complete and valid.
Seat order within a table is no difference.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.eventbook import results_columns, seated_rows, sheet_of
from tests.stageplay import Event, cli, names


@pytest.fixture(scope="module")
def seated(tmp_path_factory: pytest.TempPathFactory) -> Event:
    """The event with its preliminary rounds scored and its semi-final seated (no results)."""
    event = Event(tmp_path_factory.mktemp("stagecheck") / "event.xlsx", "catan-es", names(20), 3)
    event.by_seat = False
    event.start()
    rng = random.Random(5)
    for round_no in (1, 2, 3):
        tables = event.seat_by_hand(round_no, rng)
        values = [[(10, True)] + [(9 - i, False) for i in range(len(t) - 1)] for t in tables]
        event.type_round(round_no, values)
    event.score()
    event.seat(4)
    return event


def copy(event: Event, tmp_path: Path) -> Event:
    path = tmp_path / "copy.xlsx"
    shutil.copy(event.path, path)
    return Event(path, event.fmt, event.players, event.rounds, by_seat=False)


def semi_rows(event: Event) -> tuple[Any, Any, list[Any]]:
    book = openpyxl.load_workbook(event.path)
    sheet = sheet_of(book, "results")
    columns = results_columns(sheet, "en", event.keys)
    return book, sheet, [s for s in seated_rows(sheet, columns) if s.round == 4]


def type_semi(event: Event) -> None:
    """Every semi-final table typed: seat 1 wins by declaring 10."""
    tables = event.tables(4)
    event.type_round(
        4, [[(10, True)] + [(8 - i, False) for i in range(len(t) - 1)] for t in tables]
    )


def said_differs(event: Event, table: int, expected: list[str], found: list[str]) -> str:
    """``check`` and ``score`` fail (exit 1) naming the table, the players expected and found;
    no Final Ranking is written."""
    for command in ("check", "score"):
        code, said = cli(command, event.path)
        assert code == 1, f"{command}: exit {code}\n{said[-2000:]}"
        named = f"round 4 (semi-final), table {table}:"
        line = next((x for x in said.splitlines() if named in x.lower()), "")
        assert line, f"{command} does not name semi-final table {table}:\n{said[-2000:]}"
        for name in expected + found:
            assert name in line, (name, line)
    assert "Final Ranking" not in openpyxl.load_workbook(event.path).sheetnames
    return said


def refused_next(event: Event) -> None:
    said = event.refused(5)
    assert "Swiss" not in said, said
    assert "complete and valid" in said, said


def test_outsider_at_a_semi_final_table(seated: Event, tmp_path: Path) -> None:
    event = copy(seated, tmp_path)
    semi = event.tables(4)
    outside = next(p for p in event.players if all(p not in t for t in semi))
    book, sheet, rows = semi_rows(event)
    replaced = str(rows[2].player)
    sheet.cell(rows[2].row, 3).value = outside
    book.save(event.path)
    type_semi(event)
    expected = semi[0]
    found = [outside if p == replaced else p for p in expected]
    said_differs(event, 1, [replaced], [outside])
    assert found != expected
    refused_next(event)


def test_players_swapped_between_tables(seated: Event, tmp_path: Path) -> None:
    event = copy(seated, tmp_path)
    semi = event.tables(4)
    book, sheet, rows = semi_rows(event)
    a, b = rows[1], rows[5]
    sheet.cell(a.row, 3).value, sheet.cell(b.row, 3).value = str(b.player), str(a.player)
    book.save(event.path)
    said_differs(event, 1, [str(a.player)], [str(b.player)])
    said_differs(event, 2, [str(b.player)], [str(a.player)])
    assert semi[0] != event.tables(4)[0]


def test_a_row_deleted(seated: Event, tmp_path: Path) -> None:
    event = copy(seated, tmp_path)
    book, sheet, rows = semi_rows(event)
    gone = rows[-1]
    for column in range(1, 4):
        sheet.cell(gone.row, column).value = None
    book.save(event.path)
    type_semi(event)
    said_differs(event, 4, [str(gone.player)], [])
    refused_next(event)


def test_seat_order_within_a_table_is_no_difference(seated: Event, tmp_path: Path) -> None:
    event = copy(seated, tmp_path)
    book, sheet, rows = semi_rows(event)
    a, b = rows[0], rows[3]
    sheet.cell(a.row, 3).value, sheet.cell(b.row, 3).value = str(b.player), str(a.player)
    book.save(event.path)
    type_semi(event)
    code, said = cli("score", event.path)
    assert code == 0, said
    assert "Final Ranking" in openpyxl.load_workbook(event.path).sheetnames
