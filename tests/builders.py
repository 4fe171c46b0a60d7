"""Workbooks for tests, built as an organiser would type them (English headers)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest

HEADERS = (
    "Round",
    "Table",
    "Player",
    "Settlements",
    "Cities",
    "VP Cards",
    "Knights Played",
    "Roads Built",
    "Longest Road Length",
    "Largest Army First",
    "Longest Road First",
    "Declared Victory",
)
KEYS = (
    "round",
    "table",
    "player",
    "settlements",
    "cities",
    "vp_cards",
    "knights",
    "roads",
    "longest_road",
    "army_first",
    "road_first",
    "declared",
)


def row(  # noqa: PLR0917 - one argument per Results column, in sheet order
    round_: Any,
    table: Any,
    player: Any,
    settlements: Any = 2,
    cities: Any = 0,
    vp_cards: Any = 0,
    knights: Any = 0,
    roads: Any = 5,
    longest_road: Any = 2,
    army_first: Any = None,
    road_first: Any = None,
    declared: Any = None,
) -> tuple[Any, ...]:
    """One Results row; defaults give a harmless 2-VP position."""
    return (
        round_,
        table,
        player,
        settlements,
        cities,
        vp_cards,
        knights,
        roads,
        longest_road,
        army_first,
        road_first,
        declared,
    )


def with_vp(round_: Any, table: Any, player: str, vp: int, **more: Any) -> tuple[Any, ...]:
    """A row worth ``vp`` in-game VP without titles (settlements and cities only)."""
    cities = min(4, max(0, (vp - 2) // 2))
    settlements = vp - 2 * cities
    return row(round_, table, player, settlements, cities, **more)


def write(
    path: Path,
    rows: Iterable[Sequence[Any]],
    *,
    headers: Sequence[str] = HEADERS,
    title: str | None = None,
    roster: Sequence[str] | None = None,
    extra_sheets: dict[str, list[list[Any]]] | None = None,
) -> Path:
    """Write a workbook with a Results sheet (and optionally a title row and a roster)."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Results"
    if title:
        sheet.append([title])
    sheet.append(list(headers))
    for values in rows:
        sheet.append(list(values))
    for line in sheet.iter_rows():
        for cell in line:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                cell.data_type = "s"  # typed as text ('=…), not a formula
    if roster is not None:
        players = book.create_sheet("Players")
        players.append(["Player"])
        for name in roster:
            players.append([name])
    for name, cells in (extra_sheets or {}).items():
        extra = book.create_sheet(name)
        for values in cells:
            extra.append(values)
    book.save(path)
    return path


def sheet_values(path: Path, sheet: str) -> list[list[Any]]:
    """Every row of ``sheet`` as cached values (what a spreadsheet shows)."""
    book = openpyxl.load_workbook(path, data_only=True)
    return [list(values) for values in book[sheet].iter_rows(values_only=True)]


def table_below(path: Path, sheet: str, first_header: str) -> list[dict[str, Any]]:
    """The rows under the header row that starts with ``first_header``, as dicts."""
    rows = sheet_values(path, sheet)
    start = next(i for i, values in enumerate(rows) if values and values[0] == first_header)
    header = [h for h in rows[start] if h is not None]
    table = []
    for values in rows[start + 1 :]:
        if values[0] is None:
            break
        table.append(dict(zip(header, values, strict=False)))
    return table


def unwritable_folder(tmp_path: Path) -> Path:
    """A folder this process cannot create files in (root may write anywhere but /sys)."""
    if os.geteuid() != 0:
        folder = tmp_path / "locked"
        folder.mkdir()
        folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
        return folder
    folder = Path("/sys")
    try:
        tempfile.mkstemp(dir=folder)
    except OSError:
        return folder
    pytest.skip("no folder here refuses root")


#: The repository: the CLI is run from here, as the README runs it.
REPOSITORY = Path(__file__).resolve().parent.parent


def run_cli(
    *args: str | Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m xlsx_scorer ARGS`` in a fresh process from the repository (``env``: its
    whole environment; default: this process's), its output read as UTF-8."""
    return subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", *map(str, args)],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
        env=env,
    )
