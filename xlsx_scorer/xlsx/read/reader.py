"""Reading a workbook: the ``Results`` table, the roster, the event, our old output sheets.

Our old output sheets are found as the writer finds them (``ours.our_sheets``: by their
marker, whatever they are called now, or as output written before the marker) and are
keyed by kind (``standings``), never by name.

Cells come from each sheet's ``worksheet.Worksheet`` (the one front door to a worksheet's
XML: :mod:`sheetcells`, streamed and sparse: rows in the form spreadsheets write are read
by the :mod:`plaincells` grammar, a large sheet's in a helper process; anything else by
expat, event by event; both give the same cells), the parts, shared
strings and date styles from :mod:`bookparts`, :mod:`sharedstrings` and :mod:`numfmt`
(over the package layer).  Only what is needed is read: the header row is looked for in
the first 30 rows (reading stops there), then only the contract columns of ``Results``
(the twelve, and ``Total VP`` when the sheet has it) are read; columns to the side are
not even typed, whatever they hold.  The rows become a frame (:mod:`resultsframe`)
indexed by the Excel row number, so every problem points at the row the organiser
sees; its values are typed by ``core.typed`` later.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from xlsx_scorer.core import formats
from xlsx_scorer.core.columns import GAME_COLUMNS, MIN_HEADER_MATCHES
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.i18n import (
    LANGUAGES,
    fold,
    header,
    header_aliases,
    language_of_headers,
    language_of_words,
)
from xlsx_scorer.opc import ns, safety
from xlsx_scorer.opc.package import Package, SheetEntry
from xlsx_scorer.xlsx import eventformat
from xlsx_scorer.xlsx.eventformat import FormatRecord
from xlsx_scorer.xlsx.ours import LegacyOutputs, our_sheets
from xlsx_scorer.xlsx.read import sidesheets
from xlsx_scorer.xlsx.read.bookparts import part_chunks, related_part
from xlsx_scorer.xlsx.read.numfmt import DateStyles, date_styles
from xlsx_scorer.xlsx.read.sharedstrings import shared_strings
from xlsx_scorer.xlsx.read.sheetcells import CellContext, SheetCells, column_letters
from xlsx_scorer.xlsx.read.sidesheets import HEADER_SEARCH_ROWS, Roster, Rows
from xlsx_scorer.xlsx.worksheet import Worksheet

if TYPE_CHECKING:
    import pandas as pd

    from xlsx_scorer.core.distinct import Coded


def _sheet_aliases(kind: str) -> frozenset[str]:
    return frozenset(fold(module.SHEETS[kind]) for module in LANGUAGES.values())


@dataclass(frozen=True)
class ResultsSheet:
    """The ``Results`` sheet as typed: raw cell values under their column keys.

    ``raw`` is indexed by Excel row number and holds the rows below the header
    that are not blank, one column per required key and per optional key the
    sheet has (``total_vp``); ``columns`` maps a column key to its letter
    (``{"settlements": "D"}``); ``uncached`` holds the cells, as (Excel row,
    column key), whose formula has no saved value; ``merged`` the merged ranges
    touching result rows, as (first row, first column key, range); ``coded`` each
    column of ``raw`` as codes into its distinct values, where the reader has them
    (for work done once per distinct value).
    """

    name: str
    header_row: int
    columns: dict[str, str]
    raw: pd.DataFrame
    uncached: frozenset[tuple[int, str]] = frozenset()
    merged: tuple[tuple[int, str, str], ...] = ()
    hidden: bool = False
    language: str | None = None
    coded: dict[str, Coded] = field(default_factory=dict)


@dataclass(frozen=True)
class OldOutput:
    """One of our output sheets found in the workbook: its name now and its rows from A1."""

    name: str
    rows: list[list[Any]]


@dataclass(frozen=True)
class Workbook:
    """Everything the scorer needs from one workbook: its package (the run's one
    ``opc.Package``, handed on to the writers) and what it says.

        ``existing_outputs`` maps the kind of each of our output sheets found in it
        (``standings``) to that sheet, for the check-code test; a damaged one reads as
        no rows (so: edited).
    """

    path: Path
    package: Package
    sheet_names: tuple[str, ...]
    results: ResultsSheet
    roster: Roster | None
    language: str | None
    event_name: str | None
    existing_outputs: dict[str, OldOutput] = field(default_factory=dict)
    #: The format the workbook is scored in: asked for, else declared, else the default.
    format: formats.Format = field(default_factory=lambda: formats.load(formats.DEFAULT))
    #: What its ``Event`` sheet records of the format (None: it has no Event sheet).
    recorded: FormatRecord | None = None


def cell_ref(column: str, row: int) -> str:
    """``cell_ref("E", 7) == "E7"``."""
    return f"{column}{row}"


# ---------------------------------------------------------------------------
# Reading


def read_workbook(path: Path, outputs: LegacyOutputs | None = None) -> Workbook:
    """Read the workbook file ``path``; raise ``UnusableWorkbookError`` when it cannot be used."""
    return read_workbook_bytes(safety.read_package(path), outputs, path=path)


def read_workbook_bytes(
    source: bytes | Package,
    outputs: LegacyOutputs | None = None,
    *,
    path: Path = Path(),
    format: formats.Format | None = None,
) -> Workbook:
    """Read a package (or its bytes) that passed ``safety.check_package``; ``path`` only
    names it.

    With ``outputs`` (how output older than the marker is recognised), our old output
    sheets are read too (``Workbook.existing_outputs``).  The ``Results`` columns are
    those of the game of ``format``, else of the format the ``Event`` sheet declares,
    else of the default format (docs/rules.md, "Formats").
    """
    book = _Book(source if isinstance(source, Package) else Package.open(source))
    names = tuple(entry.name for entry in book.sheets)
    results_name = _find_sheet(names, "results")
    if results_name is None:
        raise UnusableWorkbookError(
            "unusable.no_results_sheet",
            {"sheets": ", ".join(names)},
            language=_language_of_sheets(book, names),
        )
    language = None
    try:
        event_sheet = _find_sheet(names, "event")
        event_name, language = _event(book, event_sheet)
        recorded = _recorded_format(book, event_sheet)
        declared = recorded.format if recorded is not None else None
        chosen = format or declared or formats.load(formats.DEFAULT)
        results = _results_sheet(book, book.sheets[names.index(results_name)], chosen.game)
        players_name = _find_sheet(names, "players")
        roster = sidesheets.roster(players_name, book.rows(players_name)) if players_name else None
    except UnusableWorkbookError as error:  # said in the workbook's language all the same
        error.language = language or error.language or _language_of_sheets(book, names)
        raise
    existing = (
        {
            sheet.kind: OldOutput(sheet.name, book.dense_rows(sheet.name))
            for sheet in our_sheets(book.package, outputs)
        }
        if outputs is not None
        else {}
    )
    return Workbook(
        path=path,
        package=book.package,
        sheet_names=names,
        results=results,
        roster=roster,
        language=language or results.language,
        event_name=event_name,
        existing_outputs=existing,
        format=chosen,
        recorded=recorded,
    )


class _Book:
    """The package (the one object of the run, handed on in ``Workbook.package``), its sheets
    (each read through its ``Worksheet``), and what typing a cell needs (strings, date
    styles)."""

    def __init__(self, package: Package) -> None:
        self.package = package
        self.sheets = package.sheets
        strings_part = related_part(package, ns.RT_SHARED_STRINGS)
        styles_part = related_part(package, ns.RT_STYLES)
        strings = (
            shared_strings(part_chunks(package, strings_part), str(strings_part))
            if strings_part
            else []
        )
        styles = (
            date_styles(part_chunks(package, styles_part), str(styles_part))
            if styles_part
            else DateStyles()
        )
        self.context = CellContext(strings, styles, package.date1904)

    def part(self, entry: SheetEntry) -> Worksheet:
        """The worksheet of ``entry``; a sheet with no worksheet part is a damaged workbook."""
        member = self.package.worksheet(entry)
        if member is None:
            raise UnusableWorkbookError(
                "unusable.broken_part", {"part": entry.name, "detail": "the sheet has no part"}
            )
        return Worksheet(self.package, member, entry.name)

    def cells(self, name: str, **options: Any) -> SheetCells:
        entry = next(entry for entry in self.sheets if entry.name == name)
        return self.part(entry).cells(self.context, **options)

    def rows(self, name: str, last_row: int | None = None) -> Rows:
        return self.cells(name, last_row=last_row).rows()

    def dense_rows(self, name: str) -> list[list[Any]]:
        """Rows from A1 as lists (blank cells None); a damaged sheet gives no rows.

        Blank rows share one empty list, so a lone value far down costs a
        pointer per row above it, never a rectangle.
        """
        try:
            rows = self.rows(name)
        except UnusableWorkbookError:
            return []
        empty: list[Any] = []
        dense = [empty] * (max(rows, default=0))
        for number, cells in rows.items():
            line: list[Any] = [None] * max(cells)
            for column, value in cells.items():
                line[column - 1] = value
            dense[number - 1] = line
        return dense


def sheet_values(package: Package) -> dict[str, list[list[Any]]]:
    """Every sheet's values as rows from A1 (blank cells None), in workbook order.

    For fingerprints over what a workbook shows (``xlsx.write.archival``); a sheet
    that cannot be read has no rows.
    """
    book = _Book(package)
    return {entry.name: book.dense_rows(entry.name) for entry in book.sheets}


def event_sheet_rows(package: Package) -> list[list[Any]]:
    """The first rows of the ``Event`` sheet (any shipped name), or none."""
    book = _Book(package)
    name = _find_sheet([entry.name for entry in book.sheets], "event")
    return [] if name is None else book.dense_rows(name)[:HEADER_SEARCH_ROWS]


def _find_sheet(names: Iterable[str], kind: str) -> str | None:
    """The sheet named like ``kind`` in any shipped language (``Results``, ``Resultados``…)."""
    aliases = _sheet_aliases(kind)
    exact = LANGUAGES["en"].SHEETS[kind]
    candidates = [name for name in names if fold(name) in aliases]
    if exact in candidates:
        return str(exact)
    return candidates[0] if candidates else None


def _find_header(zone: Rows, game: str = "catan") -> tuple[int, dict[str, list[int]]]:
    """The header row and, per column key, the columns holding its header (ascending).

    The header is the row among the first 30 that names the most known
    columns of ``game``; the first such row wins a tie.
    """
    aliases = header_aliases(game)
    best_row, best = 0, dict[str, list[int]]()
    for number in sorted(row for row in zone if row <= HEADER_SEARCH_ROWS):
        found: dict[str, list[int]] = {}
        for column, value in sorted(zone[number].items()):
            if isinstance(value, str) and (key := aliases.get(fold(value))):
                found.setdefault(key, []).append(column)
        if len(found) > len(best):
            best_row, best = number, found
    return best_row, best


def _header(name: str, zone: Rows, game: str) -> tuple[int, dict[str, int], str | None]:
    """The header row, the column of each key and the headers' language; else unusable.

    Headers of another game's results (Carcassonne's ``Score`` in a Catan format, or the
    other way round) are one finding saying which format to choose, not a list of
    missing columns.
    """
    required = GAME_COLUMNS[game][0]
    header_row, found = _find_header(zone, game)
    if len(found) < MIN_HEADER_MATCHES:
        expected = " / ".join(
            ", ".join(header(lang, key) for key in required[:3]) for lang in LANGUAGES
        )
        raise UnusableWorkbookError(
            "unusable.no_header",
            {"sheet": name, "rows": HEADER_SEARCH_ROWS, "expected": expected},
        )
    header_cells = zone[header_row]
    language = language_of_headers([str(value) for value in header_cells.values()])
    duplicated = {key: columns for key, columns in found.items() if len(columns) > 1}
    if duplicated:
        columns = next(iter(duplicated.values()))
        cells = ", ".join(cell_ref(column_letters(c), header_row) for c in columns)
        raise UnusableWorkbookError(
            "unusable.duplicate_header",
            {"sheet": name, "column": header_cells[columns[0]], "cells": cells},
            language=language,
        )
    missing = [key for key in required if key not in found]
    if missing:
        _refuse_other_game(name, zone, game, language)
        raise UnusableWorkbookError(
            "unusable.missing_columns",
            {
                "sheet": name,
                "row": header_row,
                "columns": ", ".join(header(language or "en", key) for key in missing),
            },
            language=language,
        )
    return header_row, {key: columns[0] for key, columns in found.items()}, language


def _refuse_other_game(name: str, zone: Rows, game: str, language: str | None) -> None:
    """Refuse, naming the formats to choose, a sheet holding every column of another game."""
    for other, (required, _) in GAME_COLUMNS.items():
        if other == game:
            continue
        _, found = _find_header(zone, other)
        if all(key in found for key in required):
            choices = [fmt.name for fmt in formats.shipped().values() if fmt.game == other]
            raise UnusableWorkbookError(
                "unusable.wrong_game",
                {
                    "sheet": name,
                    "game": other,
                    "format_game": game,
                    "formats": ", ".join(f"--format {choice}" for choice in choices),
                },
                language=language,
            )


def _recorded_format(book: _Book, sheet: str | None) -> FormatRecord | None:
    """What the ``Event`` sheet records of the format (``eventformat``), if there is one."""
    if sheet is None:
        return None
    return eventformat.read(sheet, book.rows(sheet, last_row=HEADER_SEARCH_ROWS))


def _results_sheet(book: _Book, entry: SheetEntry, game: str = "catan") -> ResultsSheet:
    """The ``Results`` sheet: header found in the first rows, then the columns of ``game``
    read (Catan's twelve and ``Total VP`` when it has one; Carcassonne's ``Score`` and its
    breakdown).

    When the rows turn out not to be in ascending order (so the first pass may
    have missed a header row), the sheet is read again whole.
    """
    name = entry.name
    zone = book.cells(name, last_row=HEADER_SEARCH_ROWS, stop=True).rows()
    header_row, positions, language = _header(name, zone, game)
    cells = book.cells(name, columns=positions.values())
    if not cells.ascending:
        cells = book.cells(name)
        zone = {row: line for row, line in cells.rows().items() if row <= HEADER_SEARCH_ROWS}
        header_row, positions, language = _header(name, zone, game)
    keys_of = {position: key for key, position in positions.items()}
    for row, column, found in sorted(cells.bad):
        if row > header_row and column in keys_of:
            raise sidesheets.bad_value(name, row, column, found, language=language)
    # pandas only now, once the cells are read: a run imports it while a league's rows are
    # still being read by a helper process (``xlsx.parallel.meanwhile``).
    from xlsx_scorer.xlsx.read.resultsframe import results_frame  # noqa: PLC0415

    required, optional = GAME_COLUMNS[game]
    keys = [*required, *(key for key in optional if key in positions)]
    uncached = frozenset(
        (row, keys_of[column])
        for row, column in cells.uncached
        if row > header_row and column in keys_of
    )
    frame, coded = results_frame(
        cells, header_row, keys, [positions[key] for key in keys], {row for row, _ in uncached}
    )
    letters = {key: column_letters(column) for key, column in positions.items()}
    merged = tuple(
        (
            r0,
            keys_of[min(c for c in keys_of if c0 <= c <= c1)],
            f"{column_letters(c0)}{r0}:{column_letters(c1)}{r1}",
        )
        for r0, c0, r1, c1 in cells.merged
        if r1 > header_row and any(c0 <= c <= c1 for c in keys_of)
    )
    return ResultsSheet(
        name, header_row, letters, frame, uncached, merged, entry.hidden, language, coded
    )


def _language_of_sheets(book: _Book, names: Sequence[str]) -> str | None:
    """The language of a workbook that cannot be read as a whole (no Results sheet, say).

    Its Event sheet's language, else the language owning the most of its sheet
    names and the texts in their first rows (headers, labels, titles:
    ``i18n.language_of_words``).  A sheet that cannot be read says nothing.
    """
    texts = list(names)
    for name in names:
        try:
            rows = book.rows(name, last_row=HEADER_SEARCH_ROWS)
            if name == _find_sheet(names, "event") and (declared := _event(book, name)[1]):
                return declared
        except UnusableWorkbookError:
            continue
        texts.extend(
            value for line in rows.values() for value in line.values() if isinstance(value, str)
        )
    return language_of_words(texts)


def _event(book: _Book, sheet: str | None) -> tuple[str | None, str | None]:
    """The event name and language, from the first rows of the ``Event`` sheet if there is one."""
    if sheet is None:
        return None, None
    return sidesheets.event(book.rows(sheet, last_row=HEADER_SEARCH_ROWS), sheet)


def side_rows(package: Package, kind: str) -> tuple[str, Rows] | None:
    """The sheet of ``kind`` (``players``, ``event``; any shipped name) and its cells, if any."""
    book = _Book(package)
    name = _find_sheet(tuple(entry.name for entry in book.sheets), kind)
    return None if name is None else (name, book.rows(name))
