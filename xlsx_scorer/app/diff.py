"""What changed between two copies of an event, result cell by result cell.

Rows are matched by what they hold, never by where they are: the key of a
``Results`` row is its (round, table, player), read as the scorer reads them
(``3``, ``3.0`` and ``"3"`` are round 3; names are trimmed and NFC).  A judge
may sort, insert or delete rows, or send back a copy in another language with
the columns in another order: only real changes are reported.

- Values are compared by what they mean (``cells``): a mark ``x`` and ``TRUE``
  are the same yes, a blank mark and ``FALSE`` the same no, ``2`` and ``"2"``
  the same number; what cannot be read is compared as the text it shows.
- Two rows with the same key in one copy (say, a round's tables listed with
  the players still blank) are told apart by their order: the key's fourth
  part counts earlier rows with the same (round, table, player).
- The roster (``Players``) is a set of names: names are added or removed.

>>> import pandas as pd
>>> a = Copy("a.xlsx", "Results", {"round": "A", "table": "B", "player": "C", "cities": "E"},
...          pd.DataFrame({"round": [1], "table": [2], "player": ["Ana"], "cities": [2]},
...                       index=[7], dtype=object))
>>> b = Copy("b.xlsx", "Resultados", {"round": "A", "table": "B", "player": "C", "cities": "E"},
...          pd.DataFrame({"round": ["1"], "table": [2.0], "player": [" Ana"], "cities": [3]},
...                       index=[9], dtype=object))
>>> [(c.kind, c.column, c.before.ref, c.after.ref) for c in diff(a, b).changes]
[('changed', 'cities', 'E7', 'E9')]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import pandas as pd

from xlsx_scorer.core import cells
from xlsx_scorer.core.collation import collation_key, table_order
from xlsx_scorer.core.columns import GAME_COLUMNS, MARK_COLUMNS

KEY_COLUMNS = ("round", "table", "player")
#: (round, table, player, how many earlier rows of the copy have the same three).
Key = tuple[int | str, str, str, int]


@dataclass(frozen=True)
class Copy:
    """One copy of an event: its ``Results`` rows and its roster, as the judges' commands see it.

    ``file`` is how reports name the file (``b.xlsx``); ``columns`` maps a
    column key to its letter; ``rows`` holds the raw cell values under those
    keys, indexed by Excel row; ``roster`` maps each roster name to its cell.
    """

    file: str
    sheet: str
    columns: Mapping[str, str]
    rows: pd.DataFrame
    header_row: int = 1
    roster_sheet: str | None = None
    roster: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Unreadable:
    """A value the scorer cannot read, compared as the text it shows."""

    text: str


@dataclass(frozen=True)
class Row:
    """One keyed row of a copy: its Excel row, raw values and their meanings."""

    key: Key
    number: int
    raw: Mapping[str, Any]
    meaning: Mapping[str, Hashable]


@dataclass(frozen=True)
class Cell:
    """One cell of one copy and the value typed in it (``""`` when blank)."""

    file: str
    sheet: str
    ref: str
    value: Any


@dataclass(frozen=True)
class RowCells:
    """A whole row of one copy: its range (``A9:L9``) and its filled result values by column key."""

    file: str
    sheet: str
    ref: str
    values: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Change:
    """A row added or removed, or one value changed, with the cells on both sides."""

    kind: Literal["added", "removed", "changed"]
    key: Key
    column: str | None
    before: Cell | RowCells | None
    after: Cell | RowCells | None


@dataclass(frozen=True)
class NameChange:
    """A roster name added or removed, and its cell."""

    kind: Literal["added", "removed"]
    name: str
    cell: Cell


@dataclass(frozen=True)
class Differences:
    """Every change from one copy to another, in key order."""

    changes: tuple[Change, ...]
    roster: tuple[NameChange, ...]

    @property
    def equal(self) -> bool:
        return not self.changes and not self.roster


def blank_meaning(column: str) -> Hashable:
    """What an empty cell means: no for a mark, nothing otherwise."""
    return False if column in MARK_COLUMNS else None


def meaning(column: str, value: Any) -> Hashable:
    """What a cell of ``column`` means, for comparing copies.

    >>> meaning("cities", "2"), meaning("army_first", "x"), meaning("army_first", "")
    (2, True, False)
    >>> meaning("cities", 2.5), meaning("player", " Ana  Kaya"), meaning("table", 3.0)
    (Unreadable(text='2.5'), 'Ana Kaya', '3')
    """
    if column in MARK_COLUMNS:
        parsed: Any = cells.mark(value)
    elif cells.is_blank(value):
        return None
    elif column == "player":
        parsed = cells.player_name(value)
    elif column == "table":
        parsed = cells.table_label(value)
    else:
        parsed = cells.whole_number(value)
    if isinstance(parsed, cells.CellError):
        return Unreadable(cells.shown(value).strip())
    hashable: Hashable = parsed
    return hashable


def _key_part(value: Hashable) -> int | str:
    if isinstance(value, Unreadable):
        return value.text
    if value is None:
        return ""
    return value if isinstance(value, int) else str(value)


def value_columns(copy: Copy) -> list[str]:
    """The copy's result columns besides the key, in the contract's order."""
    return order_columns(c for c in copy.columns if c not in KEY_COLUMNS and c in copy.rows)


#: Every game's required and optional ``Results`` columns, in the contract's order.
_KNOWN = {
    column: position
    for position, column in enumerate(
        dict.fromkeys(
            column for required, optional in GAME_COLUMNS.values() for column in required + optional
        )
    )
}


def order_columns(columns: Iterable[str]) -> list[str]:
    """Column keys in their game's order (Catan's twelve, Carcassonne's Score then its
    breakdown, each game's optional columns after its required ones); others after, by name.

    >>> order_columns(["other_points", "score", "player", "round", "table", "road_points"])
    ['round', 'table', 'player', 'score', 'road_points', 'other_points']
    """
    return sorted(set(columns), key=lambda c: (_KNOWN.get(c, len(_KNOWN)), c))


def keyed_rows(copy: Copy) -> dict[Key, Row]:
    """The copy's rows by key, in sheet order."""
    rows: dict[Key, Row] = {}
    seen: dict[tuple[int | str, str, str], int] = {}
    columns = [c for c in (*KEY_COLUMNS, *value_columns(copy)) if c in copy.rows]
    known: dict[tuple[str, type, Any], Hashable] = {}

    def meant(column: str, value: Any) -> Hashable:
        """``meaning``, once per distinct (column, type, value): a sheet repeats a few values."""
        try:
            return known[column, type(value), value]
        except KeyError:
            found = known[column, type(value), value] = meaning(column, value)
            return found
        except TypeError:  # an unhashable value: no reader makes one
            return meaning(column, value)

    for number, values in zip(
        copy.rows.index, copy.rows[columns].itertuples(index=False, name=None), strict=True
    ):
        raw = dict(zip(columns, values, strict=True))
        meanings = {column: meant(column, value) for column, value in raw.items()}
        round_, table, player = (_key_part(meanings.get(c)) for c in KEY_COLUMNS)
        base = (round_, str(table), str(player))
        occurrence = seen.get(base, 0)
        seen[base] = occurrence + 1
        key: Key = (*base, occurrence)
        rows[key] = Row(key, int(number), raw, meanings)
    return rows


def key_order(key: Key) -> tuple[Any, ...]:
    """Sort order of keys: round numbers numerically, then labels; tables by ``table_order``;
    names collated."""
    round_, table, player, occurrence = key
    return (
        (0, round_, "") if isinstance(round_, int) else (1, 0, round_),
        table_order(table),
        collation_key(player),
        occurrence,
    )


def cell(copy: Copy, row: Row, column: str) -> Cell:
    """The cell of ``column`` in ``row`` of ``copy``."""
    return Cell(copy.file, copy.sheet, f"{copy.columns[column]}{row.number}", row.raw[column])


def row_cells(copy: Copy, row: Row) -> RowCells:
    """``row`` of ``copy`` as a range over its known columns, with its filled result values."""
    letters = sorted((len(copy.columns[c]), copy.columns[c]) for c in row.raw)
    ref = f"{letters[0][1]}{row.number}:{letters[-1][1]}{row.number}"
    values = tuple(
        (column, row.raw[column])
        for column in order_columns(row.raw)
        if column not in KEY_COLUMNS and row.meaning[column] != blank_meaning(column)
    )
    return RowCells(copy.file, copy.sheet, ref, values)


def changed_columns(before: Row, after: Row) -> list[str]:
    """Columns both rows have whose meaning differs."""
    return [
        column
        for column in order_columns(set(before.meaning) & set(after.meaning))
        if before.meaning[column] != after.meaning[column]
    ]


def diff(a: Copy, b: Copy) -> Differences:
    """Every change from copy ``a`` to copy ``b``: rows added, removed, and values changed.

    A column that only one of the copies has is compared as blank in the
    other (a filled ``Total VP`` cell in ``b`` alone is a change).
    """
    rows_a, rows_b = keyed_rows(a), keyed_rows(b)
    changes: list[Change] = []
    for key in sorted(set(rows_a) | set(rows_b), key=key_order):
        before, after = rows_a.get(key), rows_b.get(key)
        if before is None and after is not None:
            changes.append(Change("added", key, None, None, row_cells(b, after)))
        elif after is None and before is not None:
            changes.append(Change("removed", key, None, row_cells(a, before), None))
        elif before is not None and after is not None:
            for column in order_columns(set(before.meaning) | set(after.meaning)):
                old = before.meaning.get(column, blank_meaning(column))
                new = after.meaning.get(column, blank_meaning(column))
                if old != new:
                    changes.append(
                        Change(
                            "changed",
                            key,
                            column,
                            cell_or_blank(a, before, column),
                            cell_or_blank(b, after, column),
                        )
                    )
    return Differences(tuple(changes), roster_diff(a, b))


def cell_or_blank(copy: Copy, row: Row, column: str) -> Cell:
    """The row's cell of ``column``; a blank without a reference when the copy lacks it."""
    if column in row.raw:
        return cell(copy, row, column)
    return Cell(copy.file, copy.sheet, "", "")


def roster_diff(a: Copy, b: Copy) -> tuple[NameChange, ...]:
    """Names added to and removed from the roster; none when either copy has no roster."""
    if a.roster_sheet is None or b.roster_sheet is None:
        return ()
    removed = [
        NameChange("removed", name, Cell(a.file, a.roster_sheet, ref, name))
        for name, ref in a.roster.items()
        if name not in b.roster
    ]
    added = [
        NameChange("added", name, Cell(b.file, b.roster_sheet, ref, name))
        for name, ref in b.roster.items()
        if name not in a.roster
    ]
    return tuple(sorted([*removed, *added], key=lambda c: collation_key(c.name)))
