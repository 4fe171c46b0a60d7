"""Three-way merge of judges' copies into the event workbook they all started from (BASE).

For every (round, table, player) and every result column, each copy is
compared with BASE (``diff``):

- a value changed in one copy only is taken; the same change in several
  copies is taken once; different changes to the same value are a
  *conflict*;
- a row added in a copy is added (rows several copies add are merged value by
  value the same way, against blank);
- a row removed in a copy and changed in another is a conflict; removed and
  unchanged elsewhere, it is removed: its result cells are cleared in the
  merged workbook (the row stays, with its formatting and any other columns);
- a column a copy does not have is no change from that copy; a value a copy
  adds in a column BASE does not have cannot be written, and blocks the merge;
- roster names (``Players``) added in a copy are added, removed ones removed
  (a copy without a roster has no say);
- rows of one round added by several copies that seat it differently (a player at
  two tables, or one table with different players: two judges each ran ``seat``) are a
  *conflict* of that round (``Seatings``): merged, players would sit twice.  Copies
  adding different tables of a round (typed by hand) are no conflict.

Written cells go where BASE has them.  An added row goes to the row number it
has in its copy when that row of BASE is free (nothing in the result columns,
or cleared by this merge, and below the header); otherwise below BASE's last
used row.  Roster names likewise, in BASE's roster column.

With any conflict or blocked value, ``Merge.ok`` is false and nothing must be
written.  ``Merge.expected`` says what the merged rows must read back as.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from xlsx_scorer.app.diff import (
    KEY_COLUMNS,
    Cell,
    Change,
    Copy,
    Key,
    NameChange,
    Row,
    RowCells,
    blank_meaning,
    cell,
    changed_columns,
    key_order,
    keyed_rows,
    order_columns,
    row_cells,
)


@dataclass(frozen=True)
class Removal:
    """A copy that removed a row."""

    file: str


@dataclass(frozen=True)
class Conflict:
    """Copies that disagree: a value changed two ways, or a row removed in one, changed in one.

    ``column`` is None for a removal against a change; ``base`` is BASE's cell
    (or row, or None for a row BASE does not have).
    """

    key: Key
    column: str | None
    base: Cell | RowCells | None
    sides: tuple[Cell | Removal, ...]


@dataclass(frozen=True)
class Seatings:
    """Copies that added rows of round ``round`` seating it differently (``files``)."""

    round: Hashable
    files: tuple[str, ...]


@dataclass(frozen=True)
class Blocked:
    """A value that cannot be written into BASE: ``no_column`` or ``no_roster``."""

    code: Literal["no_column", "no_roster"]
    cell: Cell
    column: str | None = None


@dataclass(frozen=True)
class Layout:
    """What the merge must know of BASE's sheets beyond the values.

    ``results_filled``: rows holding anything in BASE's result columns (title,
    header, repeated headers included); ``roster_filled``: rows holding
    anything in BASE's roster column.
    """

    results_filled: frozenset[int]
    roster_filled: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Merge:
    """The merge plan: cells to write into BASE (``None`` clears one), or why not."""

    results: dict[str, Any]
    roster: dict[str, Any]
    taken: tuple[Change, ...]
    roster_taken: tuple[NameChange, ...]
    conflicts: tuple[Conflict | Seatings, ...]
    blocked: tuple[Blocked, ...]
    expected: Counter[tuple[Hashable, ...]]

    @property
    def ok(self) -> bool:
        return not self.conflicts and not self.blocked


def fingerprint_rows(rows: Iterable[Row], columns: Sequence[str]) -> Counter[tuple[Hashable, ...]]:
    """Rows as comparable tuples (key without its occurrence, then each column's meaning)."""
    return Counter(
        (*row.key[:3], *(row.meaning.get(c, blank_meaning(c)) for c in columns)) for row in rows
    )


class _Plan:
    """The state of one merge while it is worked out."""

    def __init__(self, base: Copy, copies: Sequence[Copy], layout: Layout) -> None:
        self.base = base
        self.copies = copies
        self.layout = layout
        self.base_rows = keyed_rows(base)
        self.copy_rows = [keyed_rows(copy) for copy in copies]
        self.columns = [c for c in base.columns if c in base.rows]
        self.removed: dict[str, None] = {}
        self.written: dict[str, Any] = {}
        self.taken: list[Change] = []
        self.conflicts: list[Conflict | Seatings] = []
        self.blocked: list[Blocked] = []
        self.final: dict[Key, dict[str, Hashable]] = {
            key: dict(row.meaning) for key, row in self.base_rows.items()
        }
        self.additions: list[tuple[Key, int, int, dict[str, Any], dict[str, Hashable]]] = []

    def run(self) -> None:
        keys = set(self.base_rows).union(*self.copy_rows)
        for key in sorted(keys, key=key_order):
            base_row = self.base_rows.get(key)
            present = [(i, rows[key]) for i, rows in enumerate(self.copy_rows) if key in rows]
            if base_row is None:
                self._added(key, present)
            elif len(present) < len(self.copies):
                self._removed(key, base_row, present)
            else:
                self._changed(key, base_row, present)

    def seatings(self) -> None:
        """A ``Seatings`` conflict for each round that copies added rows of differently.

        Copy A adds round 2 as table 1 Ann, Ben and B as table 1 Ann, Cat: table 1 differs.
        A adds table 1 Ann, Ben and B table 2 Cat, Dan: no conflict (different tables).
        """
        added: dict[Hashable, dict[int, dict[str, frozenset[str]]]] = {}
        for i, rows in enumerate(self.copy_rows):
            tables: dict[tuple[Hashable, str], set[str]] = {}
            for key in rows:
                if key not in self.base_rows:
                    tables.setdefault((key[0], key[1]), set()).add(key[2])
            for (round_no, table), names in tables.items():
                added.setdefault(round_no, {}).setdefault(i, {})[table] = frozenset(names)
        for round_no, by_copy in sorted(added.items(), key=lambda item: str(item[0])):
            seen: dict[str, set[str]] = {}  # a player: the tables copies seat them at
            same: dict[str, set[frozenset[str]]] = {}  # a table: the players copies seat there
            for tables_of in by_copy.values():
                for table, players in tables_of.items():
                    same.setdefault(table, set()).add(players)
                    for player in players:
                        seen.setdefault(player, set()).add(table)
            if any(len(t) > 1 for t in seen.values()) or any(len(p) > 1 for p in same.values()):
                files = tuple(self.copies[i].file for i in sorted(by_copy))
                self.conflicts.append(Seatings(round_no, files))

    def _values(
        self,
        key: Key,
        base: Row | None,
        present: Sequence[tuple[int, Row]],
        column: str,
    ) -> tuple[int, Row] | None:
        """The copy and row bringing the one new value of ``column``; None when there is none.

        Different new values are a conflict, a new value in a column BASE lacks is blocked.
        """
        old = base.meaning.get(column, blank_meaning(column)) if base else blank_meaning(column)
        changes = [
            (i, row) for i, row in present if column in row.meaning and row.meaning[column] != old
        ]
        if not changes:
            return None
        if len({row.meaning[column] for _, row in changes}) > 1:
            sides = tuple(cell(self.copies[i], row, column) for i, row in changes)
            here = cell(self.base, base, column) if base and column in base.raw else None
            self.conflicts.append(Conflict(key, column, here, sides))
            return None
        first, row = changes[0]
        if column not in self.columns:
            self.blocked.append(Blocked("no_column", cell(self.copies[first], row, column), column))
            return None
        return first, row

    def _changed(self, key: Key, base: Row, present: Sequence[tuple[int, Row]]) -> None:
        columns = order_columns({c for _, row in present for c in row.meaning} | set(base.meaning))
        for column in columns:
            new = None if column in KEY_COLUMNS else self._values(key, base, present, column)
            if new is None:
                continue
            first, row = new
            self.written[f"{self.base.columns[column]}{base.number}"] = row.raw[column]
            self.final[key][column] = row.meaning[column]
            after = cell(self.copies[first], row, column)
            self.taken.append(Change("changed", key, column, cell(self.base, base, column), after))

    def _removed(self, key: Key, base: Row, present: Sequence[tuple[int, Row]]) -> None:
        keeping = {i for i, _ in present}
        removers = [Removal(c.file) for i, c in enumerate(self.copies) if i not in keeping]
        changes = [
            cell(self.copies[i], row, column)
            for i, row in present
            for column in changed_columns(base, row)
        ]
        if changes:
            self.conflicts.append(
                Conflict(key, None, row_cells(self.base, base), (*removers, *changes))
            )
            return
        for column in self.columns:
            self.removed[f"{self.base.columns[column]}{base.number}"] = None
        del self.final[key]
        self.taken.append(Change("removed", key, None, row_cells(self.base, base), None))

    def _added(self, key: Key, present: Sequence[tuple[int, Row]]) -> None:
        first, first_row = present[0]
        values: dict[str, Any] = {c: first_row.raw[c] for c in KEY_COLUMNS}
        meanings: dict[str, Hashable] = {c: first_row.meaning[c] for c in KEY_COLUMNS}
        troubles = len(self.conflicts) + len(self.blocked)
        for column in order_columns(c for _, row in present for c in row.meaning):
            new = None if column in KEY_COLUMNS else self._values(key, None, present, column)
            if new is not None:
                values[column], meanings[column] = new[1].raw[column], new[1].meaning[column]
        if troubles == len(self.conflicts) + len(self.blocked):
            self.additions.append((key, first, first_row.number, values, meanings))

    def place(self) -> None:
        """Rows for the added rows (see the module rules), then their cells."""
        removed_rows = {self.base_rows[k].number for k in self.base_rows if k not in self.final}
        busy = set(self.layout.results_filled) - removed_rows
        last = max([self.base.header_row, *self.layout.results_filled])
        for key, first, number, values, meanings in sorted(
            self.additions, key=lambda item: (item[1], item[2])
        ):
            row_number = number
            if row_number <= self.base.header_row or row_number in busy:
                last = max([last, *busy]) + 1
                row_number = last
            busy.add(row_number)
            for column, raw in values.items():
                if meanings[column] != blank_meaning(column) and column in self.columns:
                    self.written[f"{self.base.columns[column]}{row_number}"] = raw
            self.final[key] = {c: meanings.get(c, blank_meaning(c)) for c in self.columns}
            row = self.copy_rows[first][key]
            self.taken.append(Change("added", key, None, None, row_cells(self.copies[first], row)))

    def expected(self) -> Counter[tuple[Hashable, ...]]:
        rows = [
            Row(key, 0, {}, {c: values.get(c, blank_meaning(c)) for c in self.columns})
            for key, values in self.final.items()
        ]
        return fingerprint_rows(rows, order_columns(self.columns))


def _roster(
    base: Copy, copies: Sequence[Copy], layout: Layout
) -> tuple[dict[str, Any], list[NameChange], list[Blocked]]:
    """Roster edits: names added in a copy written, names removed in a copy cleared."""
    voters = [c for c in copies if c.roster_sheet is not None]
    edits: dict[str, Any] = {}
    taken: list[NameChange] = []
    blocked: list[Blocked] = []
    for name, ref in base.roster.items():
        gone = [c for c in voters if name not in c.roster]
        if gone and base.roster_sheet is not None:
            edits[ref] = None
            taken.append(NameChange("removed", name, Cell(base.file, base.roster_sheet, ref, name)))
    added: dict[str, tuple[Copy, str]] = {}
    for copy in voters:
        for name, ref in copy.roster.items():
            if name not in base.roster:
                added.setdefault(name, (copy, ref))
    if not added:
        return edits, taken, blocked
    letters = {ref.rstrip("0123456789") for ref in base.roster.values()}
    if base.roster_sheet is None or len(letters) != 1:
        for name, (copy, ref) in added.items():
            sheet = copy.roster_sheet or ""
            blocked.append(Blocked("no_roster", Cell(copy.file, sheet, ref, name)))
        return edits, taken, blocked
    letter = letters.pop()
    freed = {int(ref[len(letter) :]) for ref in edits}
    busy = set(layout.roster_filled) - freed
    top = min(busy, default=0)
    last = max(busy, default=0)
    for name, (copy, ref) in added.items():
        number = int(ref.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        if number <= top or number in busy:
            last = max([last, *busy]) + 1
            number = last
        busy.add(number)
        edits[f"{letter}{number}"] = name
        taken.append(NameChange("added", name, Cell(copy.file, copy.roster_sheet or "", ref, name)))
    return edits, taken, blocked


def merge(base: Copy, copies: Sequence[Copy], layout: Layout) -> Merge:
    """The three-way merge of ``copies`` into ``base`` (see the module rules)."""
    plan = _Plan(base, copies, layout)
    plan.run()
    plan.seatings()
    roster, roster_taken, roster_blocked = _roster(base, copies, layout)
    if plan.conflicts or plan.blocked or roster_blocked:
        return Merge(
            {},
            {},
            (),
            (),
            tuple(plan.conflicts),
            (*plan.blocked, *roster_blocked),
            Counter(),
        )
    plan.place()
    results = {**plan.removed, **plan.written}
    taken = sorted(plan.taken, key=lambda change: key_order(change.key))
    return Merge(results, roster, tuple(taken), tuple(roster_taken), (), (), plan.expected())


def expected_roster(base: Copy, merged: Merge) -> frozenset[str]:
    """The roster names the merged workbook must hold."""
    names = set(base.roster)
    for change in merged.roster_taken:
        if change.kind == "added":
            names.add(change.name)
        else:
            names.discard(change.name)
    return frozenset(names)
