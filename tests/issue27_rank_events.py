"""Events with stages for the issue-27 ranking tests, typed as an organiser types them.

The preliminary round is typed into ``Results`` (one round, tables of 4 or of 2); the
``Event`` sheet says ``Rounds = 1``; ``score`` ranks it; the stage games are typed after it
from the preliminary order ``score`` wrote (seeds by the format's pattern, the better
preliminary rank first at each table).  Read back with openpyxl alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import openpyxl

from tests.builders import with_vp, write
from xlsx_scorer.cli import main

CARCASSONNE_HEADERS = ("Round", "Table", "Player", "Score")


def names(count: int) -> list[str]:
    """``count`` player names: ``P01``, ``P02``, …"""
    return [f"P{number:02d}" for number in range(1, count + 1)]


def catan_event(path: Path, players: int) -> Path:
    """One preliminary round of ``players`` (a multiple of 4) at tables of 4, VP 8/6/4/2 by
    seat with a table's number added to the first seat (few ties), ``Rounds = 1``."""
    rows = []
    for index, name in enumerate(names(players)):
        table, seat = index // 4 + 1, index % 4
        vp = (8, 6, 4, 2)[seat] + (table % 2 if seat == 0 else 0)
        rows.append(with_vp(1, table, name, vp))
    return write(path, rows, extra_sheets={"Event": [["Rounds", 1]]})


def carcassonne_event(path: Path, players: int, *, roster: bool = False) -> Path:
    """One preliminary round of ``players`` (even) at tables of 2, distinct scores (with a
    ``Players`` sheet: ``roster``, as ``seat`` needs)."""
    rows = [(1, index // 2 + 1, name, 100 - 3 * index) for index, name in enumerate(names(players))]
    event = {"Event": [["Rounds", 1]]}
    listed = names(players) if roster else None
    return write(path, rows, headers=CARCASSONNE_HEADERS, roster=listed, extra_sheets=event)


def score(path: Path, fmt: str, *more: str) -> int:
    """``xlsx-scorer score PATH --format FMT`` in this process: its exit code."""
    return main(["score", str(path), "--format", fmt, *more])


def table(path: Path, sheet: str) -> list[dict[str, Any]]:
    """The rows under ``sheet``'s header row (the row starting ``Rank``) up to the first row
    without a player, as header → value."""
    book = openpyxl.load_workbook(path, data_only=True)
    rows = [list(values) for values in book[sheet].iter_rows(values_only=True)]
    start = next(i for i, values in enumerate(rows) if values and values[0] == "Rank")
    header = [str(h) for h in rows[start] if h is not None]
    found = []
    for values in rows[start + 1 :]:
        if len(values) < 2 or values[1] is None:
            break
        found.append(dict(zip(header, values, strict=False)))
    return found


def preliminary(path: Path) -> list[str]:
    """The players in the order of the ``Standings`` sheet."""
    return [str(line["Player"]) for line in table(path, "Standings")]


def sheets(path: Path) -> list[str]:
    """The workbook's sheet names."""
    return openpyxl.load_workbook(path, read_only=True).sheetnames


def append_rows(path: Path, rows: Sequence[Sequence[Any]]) -> None:
    """``rows`` added at the end of ``Results``."""
    book = openpyxl.load_workbook(path)
    sheet = book["Results"]
    for values in rows:
        sheet.append(list(values))
    book.save(path)


def catan_game(
    round_: int, table: int, seated: Sequence[str], vps: Sequence[int | None]
) -> list[tuple[Any, ...]]:
    """One stage game: ``seated`` (seat order) with ``vps`` each (None: to play, the row
    naming round, table and player only)."""
    return [
        (round_, table, player) if vp is None else with_vp(round_, table, player, vp)
        for player, vp in zip(seated, vps, strict=True)
    ]


def by_rank(players: Sequence[str], order: Sequence[str]) -> list[str]:
    """``players`` in preliminary order (the seats of a stage table)."""
    return sorted(players, key=order.index)


def fill(path: Path, round_: int, vps: dict[str, int]) -> None:
    """The rows of ``round_`` seated for the players of ``vps`` given their results, in
    place (a game typed into the rows ``seat`` wrote)."""
    book = openpyxl.load_workbook(path)
    results = book["Results"]
    for number in range(2, results.max_row + 1):
        player = results.cell(number, 3).value
        if results.cell(number, 1).value == round_ and player in vps:
            table_no = results.cell(number, 2).value
            values = with_vp(round_, table_no, player, vps[player])
            for column, value in enumerate(values, start=1):
                results.cell(number, column, value)
    book.save(path)


def fill_scores(path: Path, round_: int, scores: dict[str, int]) -> None:
    """The Carcassonne rows of ``round_`` seated for the players of ``scores`` given them."""
    book = openpyxl.load_workbook(path)
    results = book["Results"]
    header = [cell.value for cell in results[1]]
    column = header.index("Score") + 1
    for number in range(2, results.max_row + 1):
        player = results.cell(number, 3).value
        if results.cell(number, 1).value == round_ and player in scores:
            results.cell(number, column, scores[player])
    book.save(path)


def seated(path: Path, round_: int) -> list[tuple[int, str]]:
    """The (table, player) rows of ``round_`` in ``Results``, in sheet order."""
    book = openpyxl.load_workbook(path, read_only=True)
    rows = [
        (int(values[1]), str(values[2]))
        for values in book["Results"].iter_rows(min_row=2, values_only=True)
        if values[0] == round_
    ]
    book.close()
    return rows
