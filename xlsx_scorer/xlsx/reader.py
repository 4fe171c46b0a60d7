"""The only module that opens workbooks: reading what the organiser typed, writing our sheets.

Reading goes through python-calamine (values exactly as the spreadsheet shows
them, cached formula results included) plus a look at the raw sheet XML for
formulas that carry no cached value.  The frame it returns is indexed by the
Excel row number, so every problem points at the row the organiser sees.

Writing renders our sheets with openpyxl into a fresh workbook and splices
them into the organiser's package (``package.merge_sheets``): nothing of the
organiser's is ever re-serialised.  The save is atomic (temporary file, then
rename), so a crash never leaves a half-written workbook.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
from defusedxml import ElementTree
from openpyxl.utils import column_index_from_string, get_column_letter
from python_calamine import CalamineWorkbook, SheetVisibleEnum

from xlsx_scorer.core.cells import ErrorValue, is_blank, map_distinct, player_name
from xlsx_scorer.core.columns import MARK_COLUMNS, OPTIONAL_COLUMNS, RESULT_COLUMNS
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.i18n import LANGUAGES, fold, header, header_aliases, language_of_headers
from xlsx_scorer.opc import safety
from xlsx_scorer.opc.zipraw import RawZipWriter

HEADER_SEARCH_ROWS = 30
MIN_HEADER_MATCHES = 3


def _sheet_aliases(kind: str) -> frozenset[str]:
    return frozenset(fold(module.SHEETS[kind]) for module in LANGUAGES.values())


@dataclass(frozen=True)
class ResultsSheet:
    """The ``Results`` sheet as typed: raw cell values under their column keys.

    ``raw`` is indexed by Excel row number, one column per required key and per
    optional key the sheet has (``total_vp``); ``columns`` maps a column key to its
    letter (``{"settlements": "D"}``); ``uncached`` holds the cells, as
    (Excel row, column key), whose formula has no saved value; ``merged`` the
    merged ranges touching result rows, as (first row, first column key, range).
    """

    name: str
    header_row: int
    columns: dict[str, str]
    raw: pd.DataFrame
    uncached: frozenset[tuple[int, str]] = frozenset()
    merged: tuple[tuple[int, str, str], ...] = ()
    hidden: bool = False
    language: str | None = None


@dataclass(frozen=True)
class Roster:
    """The ``Players`` sheet: every normalised name and the cell it stands in."""

    sheet: str
    names: dict[str, str]


@dataclass(frozen=True)
class Workbook:
    """Everything the scorer needs from one workbook file."""

    path: Path
    package: bytes
    sheet_names: tuple[str, ...]
    results: ResultsSheet
    roster: Roster | None
    language: str | None
    event_name: str | None
    existing_outputs: dict[str, list[list[Any]]] = field(default_factory=dict)


def cell_ref(column: str, row: int) -> str:
    """``cell_ref("E", 7) == "E7"``."""
    return f"{column}{row}"


# ---------------------------------------------------------------------------
# Reading


def read_workbook(path: Path, output_sheet_names: Iterable[str] = ()) -> Workbook:
    """Read ``path``; raise ``UnusableWorkbookError`` when it cannot be used at all."""
    return read_workbook_bytes(safety.read_package(path), output_sheet_names, path=path)


def read_workbook_bytes(
    data: bytes, output_sheet_names: Iterable[str] = (), *, path: Path = Path()
) -> Workbook:
    """Read a package that passed ``safety.check_package``; ``path`` only names it."""
    book = _calamine(data)
    metadata = {sheet.name: sheet for sheet in book.sheets_metadata}
    names = tuple(metadata)
    results_name = _find_sheet(names, "results")
    if results_name is None:
        raise UnusableWorkbookError("unusable.no_results_sheet", {"sheets": ", ".join(names)})
    scan = _scan_results_part(data, results_name)
    if scan.trimmed is not None:
        book = _calamine(scan.trimmed)
    rows, merged = _rows_and_merged(book, results_name)
    formulas = scan.uncached
    hidden = metadata[results_name].visible != SheetVisibleEnum.Visible
    event_name, language = _event(book, names)
    try:
        results = _results_sheet(
            results_name, rows, formulas, merged, hidden=hidden, errors=scan.errors
        )
    except UnusableWorkbookError as error:
        error.language = language or error.language
        raise
    players_name = _find_sheet(names, "players")
    roster = _roster(players_name, _sheet_rows(book, players_name)) if players_name else None
    existing = {name: _sheet_rows(book, name) for name in output_sheet_names if name in metadata}
    return Workbook(
        path=path,
        package=data,
        sheet_names=names,
        results=results,
        roster=roster,
        language=language or results.language,
        event_name=event_name,
        existing_outputs=existing,
    )


def _calamine(data: bytes) -> CalamineWorkbook:
    """The package opened by python-calamine; damage it reports makes the file unusable."""
    try:
        return CalamineWorkbook.from_filelike(io.BytesIO(data))
    except Exception as error:  # calamine raises plain exceptions for damaged parts
        raise UnusableWorkbookError("unusable.unreadable", {"detail": str(error)}) from error


def _find_sheet(names: Iterable[str], kind: str) -> str | None:
    """The sheet named like ``kind`` in any shipped language (``Results``, ``Resultados``…)."""
    aliases = _sheet_aliases(kind)
    exact = LANGUAGES["en"].SHEETS[kind]
    candidates = [name for name in names if fold(name) in aliases]
    if exact in candidates:
        return str(exact)
    return candidates[0] if candidates else None


def _sheet_rows(book: CalamineWorkbook, name: str) -> list[list[Any]]:
    return _rows_and_merged(book, name)[0]


def _rows_and_merged(
    book: CalamineWorkbook, name: str
) -> tuple[list[list[Any]], list[tuple[int, int, int, int]]]:
    """Rows from A1, and merged ranges as 1-based (first row, first column, last row, last column).

    The sheet is parsed once: a sheet of a million formatted rows takes seconds.
    """
    try:
        sheet = book.get_sheet_by_name(name)
        rows: list[list[Any]] = sheet.to_python(skip_empty_area=False)
        ranges = sheet.merged_cell_ranges or []
    except Exception as error:  # damaged sheet XML
        raise UnusableWorkbookError(
            "unusable.broken_part", {"part": name, "detail": str(error)}
        ) from error
    return rows, [(r0 + 1, c0 + 1, r1 + 1, c1 + 1) for (r0, c0), (r1, c1) in ranges]


def _find_header(rows: list[list[Any]]) -> tuple[int, dict[str, list[int]]]:
    """The header row (1-based) and, per column key, the 1-based columns holding its header.

    The header is the row among the first 30 that names the most known columns.
    """
    aliases = header_aliases()
    best_row, best = 0, dict[str, list[int]]()
    for index, row in enumerate(rows[:HEADER_SEARCH_ROWS], start=1):
        found: dict[str, list[int]] = {}
        for column, value in enumerate(row, start=1):
            if isinstance(value, str) and (key := aliases.get(fold(value))):
                found.setdefault(key, []).append(column)
        if len(found) > len(best):
            best_row, best = index, found
    return best_row, best


def _results_sheet(
    name: str,
    rows: list[list[Any]],
    formulas: frozenset[str],
    merged: list[tuple[int, int, int, int]],
    *,
    hidden: bool,
    errors: Mapping[str, str],
) -> ResultsSheet:
    header_row, found = _find_header(rows)
    if len(found) < MIN_HEADER_MATCHES:
        expected = " / ".join(
            ", ".join(header(lang, key) for key in RESULT_COLUMNS[:3]) for lang in LANGUAGES
        )
        raise UnusableWorkbookError(
            "unusable.no_header",
            {"sheet": name, "rows": HEADER_SEARCH_ROWS, "expected": expected},
        )
    language = language_of_headers([str(value) for value in rows[header_row - 1]])
    duplicated = {key: columns for key, columns in found.items() if len(columns) > 1}
    if duplicated:
        columns = next(iter(duplicated.values()))
        cells = ", ".join(cell_ref(get_column_letter(c), header_row) for c in columns)
        raise UnusableWorkbookError(
            "unusable.duplicate_header",
            {"sheet": name, "column": rows[header_row - 1][columns[0] - 1], "cells": cells},
            language=language,
        )
    missing = [key for key in RESULT_COLUMNS if key not in found]
    if missing:
        raise UnusableWorkbookError(
            "unusable.missing_columns",
            {
                "sheet": name,
                "row": header_row,
                "columns": ", ".join(header(language or "en", key) for key in missing),
            },
            language=language,
        )
    positions = {key: columns[0] for key, columns in found.items()}
    letters = {key: get_column_letter(column) for key, column in positions.items()}
    width = max(positions.values())
    body = _fill_merged(_rectangle(rows[header_row:], width), merged, header_row)
    for ref, shown_error in errors.items():
        row, column = _row_of(ref) - header_row - 1, column_index_from_string(_column_of(ref)) - 1
        if 0 <= row < len(body) and column < width:
            body[row, column] = ErrorValue(shown_error)
    keys = [*RESULT_COLUMNS, *(key for key in OPTIONAL_COLUMNS if key in positions)]
    frame = pd.DataFrame(
        body[:, [positions[key] - 1 for key in keys]],
        columns=keys,
        index=pd.RangeIndex(header_row + 1, header_row + 1 + len(body)),
        dtype=object,
    )
    key_of_letter = {letter: key for key, letter in letters.items()}
    uncached = frozenset(
        (_row_of(ref), key_of_letter[_column_of(ref)])
        for ref in formulas
        if _row_of(ref) > header_row and _column_of(ref) in key_of_letter
    )
    flagged_rows = {row for row, _ in uncached}
    blank_cells = map_distinct(frame.to_numpy().ravel(), is_blank).reshape(frame.shape)
    blank_cells = blank_cells.astype(bool)
    marks = [RESULT_COLUMNS.index(key) for key in MARK_COLUMNS]
    unticked = map_distinct(frame.iloc[:, marks].to_numpy().ravel(), _is_unticked)
    blank_cells[:, marks] |= unticked.reshape(len(frame), len(marks)).astype(bool)
    blank = pd.Series(blank_cells.all(axis=1), index=frame.index)
    blank |= _repeats_header(frame)
    blank &= ~frame.index.isin(list(flagged_rows))
    frame = frame[~blank]
    key_of_position = {position: key for key, position in positions.items()}
    merged_cells = tuple(
        (
            r0,
            key_of_position[min(c for c in key_of_position if c0 <= c <= c1)],
            f"{get_column_letter(c0)}{r0}:{get_column_letter(c1)}{r1}",
        )
        for r0, c0, r1, c1 in merged
        if r1 > header_row and any(c0 <= c <= c1 for c in key_of_position)
    )
    return ResultsSheet(name, header_row, letters, frame, uncached, merged_cells, hidden, language)


def _is_unticked(value: Any) -> bool:
    """An unticked checkbox (FALSE) in a mark column is as good as blank for a row's blankness."""
    return value is False


def _repeats_header(frame: pd.DataFrame) -> pd.Series:
    """Rows that repeat the header (Round, Table, Player…), as some organisers do per round.

    They are skipped like blank rows: at least three cells name their own column.
    """
    aliases = header_aliases()

    def names_column(key: str) -> npt.NDArray[np.bool_]:
        column = map_distinct(
            frame[key].to_numpy(), lambda v: isinstance(v, str) and aliases.get(fold(v)) == key
        )
        return column.astype(bool)

    named = sum(names_column(key) for key in RESULT_COLUMNS)
    return pd.Series(np.asarray(named) >= MIN_HEADER_MATCHES, index=frame.index)


def _fill_merged(
    body: npt.NDArray[np.object_], merged: list[tuple[int, int, int, int]], header_row: int
) -> npt.NDArray[np.object_]:
    """``body`` with each merged range below the header filled with its top-left value.

    A merge across result rows is still reported as a problem; filling it
    keeps the rows it covers from being reported again as empty.
    """
    filled = body.copy()
    width = filled.shape[1]
    for first_row, first_column, last_row, last_column in merged:
        top = first_row - header_row - 1
        if top < 0 or first_column > width:
            continue
        value = filled[top, first_column - 1]
        filled[top : last_row - header_row, first_column - 1 : min(last_column, width)] = value
    return filled


def _rectangle(rows: list[list[Any]], width: int) -> npt.NDArray[np.object_]:
    """``rows`` as a 2-D object array at least ``width`` wide; short rows padded with ``""``."""
    longest = max([width, *map(len, rows)])
    grid = np.full((len(rows), longest), "", dtype=object)
    if rows and all(len(row) == longest for row in rows):
        grid[:] = rows
    else:
        for position, row in enumerate(rows):
            grid[position, : len(row)] = row
    return grid


_REF = re.compile(r"([A-Z]+)(\d+)")
_ROOT = re.compile(rb"<(\w+:)?worksheet[\s>]")
_ROOT_WINDOW = 4096
_ERROR_TYPE = b' t="e"'
_TRIM_FROM_BYTES = 1 << 20
_CACHED = re.compile(rb"<(?:\w+:)?v(?:\s[^>]*)?>([^<]+)<")
_CELL_OPEN = re.compile(rb"<(?:\w+:)?c\s[^>]*>")
_CELL_CLOSE = re.compile(rb"</(?:\w+:)?c>")
_OPENING_WINDOW = 512
_CELL_REF = re.compile(rb'\sr="([A-Z]+\d+)"')
_STRING_TYPE = re.compile(rb'\st="(?:str|inlineStr)"')
_NS_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_NS_PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
_NS_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def _sheet_part(archive: zipfile.ZipFile, sheet_name: str) -> str | None:
    """The zip member holding the worksheet called ``sheet_name``."""
    workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    relations = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {
        rel.get("Id"): rel.get("Target", "") for rel in relations.iter(f"{{{_NS_PKG}}}Relationship")
    }
    for sheet in workbook.iter(f"{{{_NS_MAIN}}}sheet"):
        if sheet.get("name") == sheet_name:
            target = targets.get(sheet.get(f"{{{_NS_R}}}id"), "")
            return target.lstrip("/") if target.startswith("/") else f"xl/{target}"
    return None


@dataclass(frozen=True)
class _ResultsScan:
    """What one pass over the raw ``Results`` XML finds.

    ``uncached``: cells (``"E7"``) holding a formula with no saved value.
    ``trimmed``: the package with the sheet cut after its last row that holds
    anything, when what follows is worth cutting (formatting only); else None.
    ``errors``: cells (``"E7"``) showing a spreadsheet error, and the error
    (``"#N/A"``); python-calamine reads them as blank.
    """

    uncached: frozenset[str]
    trimmed: bytes | None
    errors: dict[str, str]


def _scan_results_part(data: bytes, sheet_name: str) -> _ResultsScan:
    """Read the ``Results`` sheet XML once: formulas without values, and the trailing formatting.

    Formula cells with no saved value look blank to every reader; Excel and
    LibreOffice fill the value in when the workbook is opened and saved.  A
    cached empty text (``t="str"`` with an empty value) counts as a value.
    A sheet formatted down to row 1,000,000 costs a reader seconds for nothing,
    so calamine is given a copy of the package whose sheet stops after its last
    value; every other part is copied as it is.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            part = _sheet_part(archive, sheet_name)
            xml = archive.read(part) if part else b""
            prefix = _element_prefix(xml)
            cells = _uncached_formula_cells(xml, prefix)
            errors = _error_cells(xml)
            cut = _after_last_value(xml, prefix)
            trimmed = None
            if cut is not None and part is not None:
                writer = RawZipWriter()
                for info in archive.infolist():
                    if info.filename == part:
                        writer.write(part, cut, info.date_time)
                    else:
                        writer.copy(archive, data, info)
                trimmed = writer.getvalue()
    except (
        KeyError,
        zipfile.BadZipFile,
        ElementTree.ParseError,
        OSError,
        EOFError,
        ValueError,
        zlib.error,
    ) as error:
        raise UnusableWorkbookError(
            "unusable.broken_part", {"part": sheet_name, "detail": str(error)}
        ) from error
    return _ResultsScan(frozenset(cells), trimmed, errors)


def _element_prefix(xml: bytes) -> bytes:
    """The namespace prefix of the sheet's elements, with its colon (``b"x:"``), or ``b""``."""
    match = _ROOT.search(xml, 0, _ROOT_WINDOW)
    return match.group(1) if match and match.group(1) else b""


def _uncached_formula_cells(xml: bytes, prefix: bytes) -> set[str]:
    """Cells whose formula has no cached value; found with a fast search for ``<f``."""
    cells = set()
    tag = b"<" + prefix + b"f"
    position = xml.find(tag)
    while position >= 0:
        after = position + len(tag)
        if xml[after : after + 1] in (b">", b" ", b"/", b"\t", b"\r", b"\n"):
            window_start = max(0, position - _OPENING_WINDOW)
            openings = list(_CELL_OPEN.finditer(xml, window_start, position))
            closing = _CELL_CLOSE.search(xml, after)
            if openings:
                opening = openings[-1].group(0)
                body = xml[position : closing.start() if closing else len(xml)]
                ref = _CELL_REF.search(opening)
                if ref and not _CACHED.search(body) and not _STRING_TYPE.search(opening):
                    cells.add(ref.group(1).decode())
        position = xml.find(tag, after)
    return cells


def _error_cells(xml: bytes) -> dict[str, str]:
    """Cells of type error (``t="e"``) and the error they show: ``{"E7": "#N/A"}``."""
    errors = {}
    position = xml.find(_ERROR_TYPE)
    while position >= 0:
        start = xml.rfind(b"<", 0, position)
        opening = _CELL_OPEN.match(xml, start)
        if opening is not None and (ref := _CELL_REF.search(opening.group(0))):
            closing = _CELL_CLOSE.search(xml, opening.end())
            body = xml[opening.end() : closing.start() if closing else opening.end()]
            value = _CACHED.search(body)
            errors[ref.group(1).decode()] = value.group(1).decode() if value else "#ERROR"
        position = xml.find(_ERROR_TYPE, position + 1)
    return errors


def _after_last_value(xml: bytes, prefix: bytes) -> bytes | None:
    """The sheet XML without the rows after its last value, when they weigh over 1 MiB.

    Rows after the last ``<v>``, ``<is>`` or ``<f>`` hold formatting only.
    """
    end = xml.rfind(b"</" + prefix + b"sheetData>")
    if end < 0:
        return None
    last = max(
        xml.rfind(b"<" + prefix + tag, 0, end) for tag in (b"v>", b"v ", b"is>", b"f>", b"f ")
    )
    row_end = xml.find(b"</" + prefix + b"row>", max(last, 0), end)
    if last < 0 or row_end < 0:
        return None
    row_end += len(b"</" + prefix + b"row>")
    if end - row_end < _TRIM_FROM_BYTES:
        return None
    return xml[:row_end] + xml[end:]


def _row_of(ref: str) -> int:
    match = _REF.fullmatch(ref)
    return int(match.group(2)) if match else 0


def _column_of(ref: str) -> str:
    match = _REF.fullmatch(ref)
    return match.group(1) if match else ""


def _roster(sheet: str, rows: list[list[Any]]) -> Roster | None:
    """Names under a ``Player`` or ``Name`` header (any language), else in the column with the
    most text.

    Among several header cells (a title "Players" above the real header, say),
    the one with the most filled cells below it wins.  An empty roster counts as
    no roster: the organiser has not filled it in.
    """
    player_headers = {
        fold(name)
        for module in LANGUAGES.values()
        for name in (module.HEADERS["player"], *module.NAME_HEADERS)
    }

    def filled_below(row: int, column: int) -> int:
        return sum(column < len(line) and not is_blank(line[column]) for line in rows[row + 1 :])

    headers = [
        (filled_below(index, position), -index, -position)
        for index, row in enumerate(rows[:HEADER_SEARCH_ROWS])
        for position, value in enumerate(row)
        if isinstance(value, str) and fold(value) in player_headers
    ]
    best = max(headers, default=None)
    if best is not None and best[0] > 0:
        start, column = 1 - best[1], -best[2]
    else:
        text_cells = Counter(
            position
            for row in rows
            for position, value in enumerate(row)
            if isinstance(value, str) and not is_blank(value) and fold(value) not in player_headers
        )
        if not text_cells:
            return None
        most = max(text_cells.values())
        start, column = 0, min(p for p, count in text_cells.items() if count == most)
    names: dict[str, str] = {}
    letter = get_column_letter(column + 1)
    for index, row in enumerate(rows[start:], start=start + 1):
        if column < len(row) and not is_blank(row[column]):
            name = player_name(row[column])
            if isinstance(name, str):
                names.setdefault(name, cell_ref(letter, index))
    return Roster(sheet, names) if names else None


def _event(book: CalamineWorkbook, names: tuple[str, ...]) -> tuple[str | None, str | None]:
    """The event name and language from the ``Event`` sheet: labels in one column, values right."""
    sheet = _find_sheet(names, "event")
    if sheet is None:
        return None, None
    labels = {
        fold(module.STRINGS[key]): key
        for module in LANGUAGES.values()
        for key in ("event.name", "event.language")
    }
    codes = {fold(code): lang for lang, module in LANGUAGES.items() for code in module.CODES}
    codes.update({fold(module.NAME): lang for lang, module in LANGUAGES.items()})
    event_name, language = None, None
    for row in _sheet_rows(book, sheet)[:HEADER_SEARCH_ROWS]:
        cells = [value for value in row if not is_blank(value)]
        if len(cells) < 2 or not isinstance(cells[0], str):
            continue
        key = labels.get(fold(cells[0]))
        if key == "event.name" and event_name is None:
            event_name = " ".join(str(cells[1]).split())
        elif key == "event.language" and language is None:
            language = codes.get(fold(str(cells[1])))
    return event_name, language
