"""The result cells of an archived workbook edited since it was archived, named by cell.

``results.csv`` holds every result as archived (its ``row`` column: the Excel row it was
in); the workbook's ``Results`` rows are compared with it as ``diff`` compares two
copies (by round, table and player; values by what they mean).  A row whose round,
table or player cell was edited is not a row removed and another added: the row
removed and the row added at the same place are paired, and each cell that differs is
said (``Results!E4``: ``Elif Doğan`` → ``Elif Dogan``).  A mark is said as the workbook
held it: ``results.csv``'s ``false`` is the blank it was, ``true`` a mark (``TRUE``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

import pandas as pd

from xlsx_scorer.app import canonical
from xlsx_scorer.app.diff import (
    KEY_COLUMNS,
    Cell,
    Change,
    Copy,
    Key,
    RowCells,
    blank_meaning,
    cell_or_blank,
    diff,
    keyed_rows,
    meaning,
    order_columns,
    row_cells,
)
from xlsx_scorer.core.cells import count, is_blank, shown
from xlsx_scorer.core.columns import MARK_COLUMNS
from xlsx_scorer.findings import Finding, Where
from xlsx_scorer.xlsx.read.reader import Workbook


def result_findings(archived: bytes, book: Workbook) -> list[Finding]:
    """Result cells of the workbook that differ from ``results.csv`` as archived."""
    results = book.results
    reader = csv.DictReader(io.StringIO(archived.decode("utf-8")))
    records = list(reader)
    letters = {
        key: letter
        for key, letter in results.columns.items()
        if key in (reader.fieldnames or ()) and key in results.raw
    }
    numbers = [count(r.get("row", "")) or 0 for r in records]
    then = pd.DataFrame(
        [{key: _archived(key, record.get(key, "")) for key in letters} for record in records],
        index=numbers,
        columns=list(letters),
        dtype=object,
    )
    workbook_name = book.path.name
    old = Copy(canonical.RESULTS_CSV, results.name, letters, then)
    now = Copy(workbook_name, results.name, letters, results.raw)
    changes = _edited_keys(diff(old, now).changes, letters)
    if len(set(numbers)) == len(numbers) and 0 not in numbers:
        in_place = _row_by_row(old, now)
        changes = in_place if len(in_place) < len(changes) else changes
    findings = []
    for change in changes:
        side = change.after or change.before
        ref = side.ref if side is not None else None
        where = _result_where(change.key, workbook_name, results.name, ref)
        repeat = {"repeat": change.key[3] + 1}
        if change.kind == "added":
            findings.append(Finding("verify.result_added", repeat, "error", where))
        elif change.kind == "removed":
            findings.append(Finding("verify.result_removed", repeat, "error", where))
        else:
            params = {**repeat, "column": change.column, **_values(change.before, change.after)}
            findings.append(Finding("verify.result_changed", params, "error", where))
    return findings


def _archived(column: str, value: str) -> object:
    """A value of ``results.csv`` as the workbook held it: a mark's ``false`` is the blank
    its column was, ``true`` a mark (``TRUE``), so neither is said as the CSV's English word.

    >>> _archived("army_first", "false"), _archived("declared", "true"), _archived("cities", "3")
    (None, True, '3')
    """
    if column in MARK_COLUMNS and value in {"true", "false"}:
        return True if value == "true" else None
    return value


def _edited_keys(changes: Sequence[Change], letters: dict[str, str]) -> list[Change]:
    """``changes`` with each row removed and row added at the same place paired: the same row
    with its round, table or player cell edited (``Elif Doğan`` → ``Elif Dogan`` in ``E4``),
    said as the cells changed, keyed as archived; in the order of ``changes``."""
    removed = {
        change.before.ref: change
        for change in changes
        if change.kind == "removed" and isinstance(change.before, RowCells)
    }
    paired: dict[str, list[Change]] = {}
    for change in changes:
        if change.kind == "added" and isinstance(change.after, RowCells):
            was = removed.get(change.after.ref)
            if was is not None and isinstance(was.before, RowCells):
                paired[change.after.ref] = _cells_changed(
                    (was.key, was.before), (change.key, change.after), letters
                )
    said: list[Change] = []
    for change in changes:
        side = change.before if change.kind == "removed" else change.after
        ref = side.ref if isinstance(side, RowCells) else None
        if ref is None or ref not in paired:
            said.append(change)
        elif change.kind == "removed":
            said += paired[ref]
    return said


def _row_by_row(old: Copy, now: Copy) -> list[Change]:
    """The changes from ``old`` to ``now`` row by row, each Excel row with the row archived
    from it: the cells that differ, rows only one side has; in row order.

    When a player's name is retyped as another's at the same table, matching by round,
    table and player pairs the wrong rows; where the rows have not moved, this names the one
    cell edited, so ``result_findings`` says whichever explanation is shorter.
    """
    before = {row.number: row for row in keyed_rows(old).values()}
    after = {row.number: row for row in keyed_rows(now).values()}
    changes: list[Change] = []
    for number in sorted(set(before) | set(after)):
        was, here = before.get(number), after.get(number)
        if was is None and here is not None:
            changes.append(Change("added", here.key, None, None, row_cells(now, here)))
        elif here is None and was is not None:
            changes.append(Change("removed", was.key, None, row_cells(old, was), None))
        elif was is not None and here is not None:
            for column in order_columns(set(was.meaning) | set(here.meaning)):
                if was.meaning.get(column, blank_meaning(column)) != here.meaning.get(
                    column, blank_meaning(column)
                ):
                    then, at = cell_or_blank(old, was, column), cell_or_blank(now, here, column)
                    changes.append(Change("changed", was.key, column, then, at))
    return changes


def _cells_changed(
    was: tuple[Key, RowCells], now: tuple[Key, RowCells], letters: dict[str, str]
) -> list[Change]:
    """The cells that differ between a row as archived (``was``) and as it is (``now``).

    >>> was = ((1, "1", "Elif Doğan", 0), RowCells("results.csv", "R", "B4:P4", (("cities", "4"),)))
    >>> now = ((1, "1", "Elif Dogan", 0), RowCells("cup.xlsx", "R", "B4:P4", (("cities", 4.0),)))
    >>> [(c.column, c.before.value, c.after.value, c.after.ref)
    ...  for c in _cells_changed(was, now, {"player": "E", "cities": "G"})]
    [('player', 'Elif Doğan', 'Elif Dogan', 'E4')]
    """
    (old_key, before), (new_key, after) = was, now
    row = after.ref.partition(":")[0].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    old = dict(zip(KEY_COLUMNS, old_key, strict=False)) | dict(before.values)
    new = dict(zip(KEY_COLUMNS, new_key, strict=False)) | dict(after.values)
    changed = []
    for column in order_columns(set(old) | set(new)):
        if meaning(column, old.get(column)) != meaning(column, new.get(column)):
            ref = f"{letters[column]}{row}"
            then = Cell(before.file, before.sheet, ref, old.get(column))
            here = Cell(after.file, after.sheet, ref, new.get(column))
            changed.append(Change("changed", old_key, column, then, here))
    return changed


def _result_where(key: Key, file: str, sheet: str, ref: str | None) -> Where:
    """Where a result is: its cell (or row) and its round, table and player."""
    round_, table, player, _ = key
    return Where(
        file=file,
        sheet=sheet,
        cell=ref or None,
        round=round_ if isinstance(round_, int) else None,
        table=table or None,
        player=player or None,
    )


def _values(before: object, after: object) -> dict[str, str]:
    """A changed value as the organiser sees it then and now, and which side is blank.

    ``state``: ``cleared`` (blank now), ``filled`` (blank when archived) or ``changed``.

    >>> from xlsx_scorer.app.diff import Cell
    >>> _values(Cell("results.csv", "Results", "F7", "3"), Cell("cup.xlsx", "Results", "F7", 4.0))
    {'archived': '3', 'now': '4', 'state': 'changed'}
    >>> _values(Cell("results.csv", "Results", "F7", "3"), Cell("cup.xlsx", "Results", "F7", None))
    {'archived': '3', 'now': '', 'state': 'cleared'}
    """
    archived, now = (_shown(getattr(side, "value", None)) for side in (before, after))
    state = "cleared" if not now and archived else "filled" if not archived and now else "changed"
    return {"archived": archived, "now": now, "state": state}


def _shown(value: object) -> str:
    """A cell value as the organiser would recognise it (``""`` when blank)."""
    return "" if value is None or is_blank(value) else shown(value).strip()
