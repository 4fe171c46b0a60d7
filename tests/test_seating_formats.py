"""``seat`` in the event's format: tables of its sizes, swiss by its standings (docs/rules.md §6–7).

A Carcassonne-swiss event (2-player tables, a bye for an odd count) and a Hans im Glück one
(3–4 players), from the shipped templates, seated round after round with results typed in
between, each round scored by its declared format.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path
from typing import Any

import openpyxl

from tests.test_seating_cli import cli


def carcassonne_event(folder: Path, fmt: str, players: int) -> Path:
    """The shipped template of ``fmt`` (it declares the format) with ``players`` names."""
    path = folder / f"{fmt}.xlsx"
    made = cli("template", path, "--format", fmt, "--players", players, "--rounds", 4)
    assert made.returncode == 0, made.stderr
    book = openpyxl.load_workbook(path)
    for row in range(2, players + 2):
        book["Players"].cell(row, 1, f"Player {row - 1:02d}")
    book.save(path)
    return path


def round_rows(path: Path, round_no: int) -> list[tuple[Any, ...]]:
    """(round, table, player) of every ``Results`` row of ``round_no``, in sheet order."""
    book = openpyxl.load_workbook(path, read_only=True)
    try:
        rows = [row[:3] for row in book["Results"].iter_rows(min_row=2, values_only=True)]
    finally:
        book.close()
    return [row for row in rows if row[0] == round_no]


def fill_scores(path: Path, round_no: int, seed: int) -> None:
    """Type a random Score (draws included) into every seated row of ``round_no`` but byes."""
    rng = random.Random(seed)
    book = openpyxl.load_workbook(path)
    sheet = book["Results"]
    headers = {cell.value: cell.column for cell in sheet[1]}
    for row in range(2, sheet.max_row + 1):
        if sheet.cell(row, 1).value == round_no and sheet.cell(row, 2).value != "Bye":
            sheet.cell(row, headers["Score"], rng.choice([40, 55, 55, 70, 90]))
    book.save(path)


def tables_of(rows: list[tuple[Any, ...]]) -> dict[Any, list[str]]:
    tables: dict[Any, list[str]] = {}
    for _, table, player in rows:
        tables.setdefault(table, []).append(player)
    return tables


def test_a_swiss_carcassonne_event_pairs_without_rematches_and_scores(tmp_path: Path) -> None:
    """7 players, 3 rounds: three pairs and a bye a round, no pair twice, no second bye, and
    every filled round scores by the workbook's format (exit 0)."""
    path = carcassonne_event(tmp_path, "carcassonne-swiss", 7)
    met: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for round_no in (1, 2, 3):
        done = cli("seat", path, "--round", round_no, "--seed", 5)
        assert done.returncode == 0, done.stdout + done.stderr
        tables = tables_of(round_rows(path, round_no))
        assert sorted(len(names) for names in tables.values()) == [1, 2, 2, 2]
        assert len(tables.pop("Bye")) == 1
        byes.update(name for name in tables_of(round_rows(path, round_no))["Bye"])
        met.update(frozenset(pair) for pair in tables.values())
        fill_scores(path, round_no, seed=round_no)
        scored = cli("score", path, "--lang", "en")
        assert scored.returncode == 0, scored.stdout + scored.stderr
    assert max(met.values()) == 1
    assert max(byes.values()) == 1


def test_a_hig_event_is_seated_at_tables_of_three_and_four(tmp_path: Path) -> None:
    """15 players of a carcassonne-hig event: 4 + 4 + 4 + 3, and no pair meets twice in 2
    rounds (with 11 players, 4 + 4 + 3, a second round without a repeat cannot exist: a
    table of 4 would need players from 4 tables of the first)."""
    path = carcassonne_event(tmp_path, "carcassonne-hig", 15)
    pairs: Counter[frozenset[str]] = Counter()
    for round_no in (1, 2):
        done = cli("seat", path, "--round", round_no)
        assert done.returncode == 0, done.stdout + done.stderr
        tables = tables_of(round_rows(path, round_no))
        assert sorted(len(names) for names in tables.values()) == [3, 4, 4, 4]
        for names in tables.values():
            pairs.update(frozenset(pair) for pair in itertools.combinations(names, 2))
        fill_scores(path, round_no, seed=10 + round_no)
        assert cli("score", path).returncode == 0
    assert max(pairs.values()) == 1


def test_format_on_the_command_line_overrides_the_declared_one(tmp_path: Path) -> None:
    """A workbook declaring carcassonne-hig, seated ``--format carcassonne-swiss --force``
    (the same game's results), is paired: 4 players at two tables of 2.  Without
    ``--force`` the format that disagrees is refused (issue 24)."""
    path = carcassonne_event(tmp_path, "carcassonne-hig", 4)
    refused = cli("seat", path, "--round", "1", "--format", "carcassonne-swiss")
    assert refused.returncode == 2, refused.stdout + refused.stderr
    done = cli("seat", path, "--round", "1", "--format", "carcassonne-swiss", "--force")
    assert done.returncode == 0, done.stdout + done.stderr
    assert sorted(len(names) for names in tables_of(round_rows(path, 1)).values()) == [2, 2]
