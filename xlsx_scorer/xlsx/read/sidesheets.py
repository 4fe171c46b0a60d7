"""The ``Players`` and ``Event`` sheets: the roster of names, the event's name and language.

Both are read from their cells as a spreadsheet shows them (:mod:`sheetcells`),
as {row: {column: value}}; a value no spreadsheet writes in a cell we use
makes the workbook unusable, naming the cell.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from xlsx_scorer.core.cells import count, is_blank, player_name, shown
from xlsx_scorer.findings import Finding, UnusableWorkbookError, Where
from xlsx_scorer.i18n import LANGUAGES, fold
from xlsx_scorer.xlsx.read.cellvalues import position
from xlsx_scorer.xlsx.read.rosterheaders import ROSTER_COLUMNS
from xlsx_scorer.xlsx.read.sheetcells import BadValue, column_letters

HEADER_SEARCH_ROWS = 30

Rows = dict[int, dict[int, Any]]


@dataclass(frozen=True)
class Roster:
    """The ``Players`` sheet: every normalised name and the cell it stands in; each name met
    again further down, with its first cell and the cell of the repeat (``twice``: seating
    says so, docs/seating.md)."""

    sheet: str
    names: dict[str, str]
    twice: tuple[tuple[str, str, str], ...] = ()

    def said_twice(self) -> list[Finding]:
        """Each name met twice, as a notice naming both cells: ``Finding("seat_roster_twice",
        {"player": "Ana", "sheet": "Players", "first": "A4", "second": "A9"}, ...)``."""
        return [
            Finding(
                "seat_roster_twice",
                {"player": name, "sheet": self.sheet, "first": first, "second": second},
                "notice",
                Where(sheet=self.sheet, cell=second),
            )
            for name, first, second in self.twice
        ]


def bad_value(sheet: str, row: int, column: int, found: str, **options: Any) -> Exception:
    """The error for a cell we use holding a value no spreadsheet writes.

    >>> bad_value("Results", 5, 10, "TRUE/FALSE cell holding 2").params["cell"]
    'J5'
    """
    cell = f"{column_letters(column)}{row}"
    return UnusableWorkbookError(
        "unusable.bad_value", {"sheet": sheet, "cell": cell, "found": found}, **options
    )


def roster(sheet: str, rows: Rows) -> Roster | None:
    """Names under a ``Player`` or ``Name`` header (any language), else in the column with the
    most text.

    Among several header cells (a title "Players" above the real header, say),
    the one with the most filled cells below it wins.  An empty roster counts as
    no roster: the organiser has not filled it in (the template's headers of the optional
    columns beside it are no names).
    """
    player_headers = {
        fold(name)
        for module in LANGUAGES.values()
        for name in (module.HEADERS["player"], *module.NAME_HEADERS)
    }
    column_headers = player_headers | {
        fold(module.STRINGS[f"roster.{key}"])
        for module in LANGUAGES.values()
        for key in ROSTER_COLUMNS
    }

    def filled_below(row: int, column: int) -> int:
        return sum(
            number > row and not is_blank(cells.get(column, "")) for number, cells in rows.items()
        )

    headers = [
        (filled_below(row, column), -row, -column)
        for row, cells in rows.items()
        if row <= HEADER_SEARCH_ROWS
        for column, value in cells.items()
        if isinstance(value, str) and fold(value) in player_headers
    ]
    best = max(headers, default=None)
    if best is not None and best[0] > 0:
        start, column = 1 - best[1], -best[2]
    else:
        text_cells = Counter(
            column
            for cells in rows.values()
            for column, value in cells.items()
            if isinstance(value, str) and not is_blank(value) and fold(value) not in column_headers
        )
        if not text_cells:
            return None
        most = max(text_cells.values())
        start, column = 1, min(c for c, count in text_cells.items() if count == most)
    names: dict[str, str] = {}
    twice: list[tuple[str, str, str]] = []
    letter = column_letters(column)
    for row, cells in rows.items():
        value = cells.get(column, "")
        if row < start or is_blank(value):
            continue
        if isinstance(value, BadValue):
            raise bad_value(sheet, row, column, value.found)
        name = player_name(value)
        if isinstance(name, str) and name in names:
            twice.append((name, names[name], f"{letter}{row}"))
        elif isinstance(name, str):
            names[name] = f"{letter}{row}"
    return Roster(sheet, names, tuple(twice)) if names else None


def event(rows: Rows, sheet: str) -> tuple[str | None, str | None]:
    """The event name and language from the ``Event`` sheet's first rows: labels in one column,
    values right of them."""
    labels = {
        fold(module.STRINGS[key]): key
        for module in LANGUAGES.values()
        for key in ("event.name", "event.language")
    }
    codes = {fold(code): lang for lang, module in LANGUAGES.items() for code in module.CODES}
    codes.update({fold(module.NAME): lang for lang, module in LANGUAGES.items()})
    event_name, language = None, None
    for row, line in rows.items():
        cells = [(column, value) for column, value in line.items() if not is_blank(value)]
        if len(cells) < 2 or not isinstance(cells[0][1], str):
            continue
        key = labels.get(fold(cells[0][1]))
        column, value = cells[1]
        if key and isinstance(value, BadValue):
            raise bad_value(sheet, row, column, value.found)
        if key == "event.name" and event_name is None:
            event_name = " ".join(str(value).split())
        elif key == "event.language" and language is None:
            language = codes.get(fold(str(value)))
    return event_name, language


@dataclass(frozen=True)
class RosterLine:
    """A player's optional roster columns (docs/rules.md §7): each blank when not given."""

    dropped_after: int | None = None
    fixed_table: int | None = None
    club: str | None = None


def roster_lines(
    sheet: str, rows: Rows, roster: Roster, found: dict[str, int]
) -> dict[str, RosterLine]:
    """Each roster name's optional columns, from the columns ``found`` (key → column number:
    ``rosterheaders.find``).

    A number column holding anything but a whole number (from 1 for a table, from 0 for
    a round) makes the workbook unusable, naming the cell and what the column takes
    (``unusable.roster_number``: seating cannot guess a table).
    """
    lines: dict[str, RosterLine] = {}
    for name, ref in roster.names.items():
        row, _ = position(ref) or (0, 0)
        cells = rows.get(row, {})
        values: dict[str, Any] = {}
        for key, column in found.items():
            value = cells.get(column, "")
            if is_blank(value):
                continue
            if key == "club":
                values[key] = " ".join(str(value).split()) or None
                continue
            number = count(value, least=1 if key == "fixed_table" else 0)
            if number is None:
                raise UnusableWorkbookError(
                    "unusable.roster_number",
                    {
                        "sheet": sheet,
                        "cell": f"{column_letters(column)}{row}",
                        "found": shown(value).strip(),
                        "column": key,
                    },
                )
            values[key] = number
        lines[name] = RosterLine(**values)
    return lines


#: The most rounds an event has: the template's input rule on Rounds, ``--rounds``.
MOST_ROUNDS = 1000


def event_rounds(rows: Rows, sheet: str = "Event") -> int | None:
    """The number of rounds the ``Event`` sheet gives beside its ``Rounds`` label, if any.

    Anything there but a whole number from 1 to ``MOST_ROUNDS`` (``³``, ``four``, 10⁹, shown
    as typed: ``1000000000``) makes the workbook unusable for seating, naming the cell
    (``unusable.seat_number``): a plan for a guessed number of rounds would be wrong.

    >>> event_rounds({1: {1: "Rounds", 2: "4"}}), event_rounds({1: {1: "Event", 2: "Cup"}})
    (4, None)
    >>> event_rounds({5: {1: "Rondas", 2: "³"}}, "Evento")
    Traceback (most recent call last):
    ...
    xlsx_scorer.findings.UnusableWorkbookError: unusable.seat_number
    """
    labels = {fold(module.STRINGS["event.rounds"]) for module in LANGUAGES.values()}
    for row, line in rows.items():
        cells = [(column, value) for column, value in sorted(line.items()) if not is_blank(value)]
        if len(cells) >= 2 and isinstance(cells[0][1], str) and fold(cells[0][1]) in labels:
            column, value = cells[1]
            number = count(value, least=1)
            if number is None or number > MOST_ROUNDS:
                raise not_a_count(sheet, f"{column_letters(column)}{row}", value, "rounds")
            return number
    return None


def not_a_count(sheet: str, cell: str, value: Any, column: str) -> UnusableWorkbookError:
    """The refusal of a cell seating reads as a number (``rounds``: the Event sheet's
    Rounds; ``round``: a Results row's round) that holds none, naming the cell.

    >>> not_a_count("Results", "A7", "¹", "round").params["found"]
    '¹'
    >>> not_a_count("Event", "B5", 1e9, "rounds").params["found"]  # as typed, not 1000000000.0
    '1000000000'
    """
    if isinstance(value, BadValue):
        found = value.found
    elif isinstance(value, float):
        found = format(value, ".15g")  # 1E+20 shown as a spreadsheet shows it: 1e+20
    else:
        found = shown(value).strip()
    params = {
        "sheet": sheet,
        "cell": cell,
        "found": found,
        "column": column,
        "most": str(MOST_ROUNDS),
    }
    return UnusableWorkbookError("unusable.seat_number", params)
