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
import math
import os
import re
import tempfile
import zipfile
import zlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
from defusedxml import ElementTree
from openpyxl import Workbook as OpenpyxlWorkbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.chart import LineChart, Reference
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import column_index_from_string, get_column_letter
from openpyxl.worksheet.worksheet import Worksheet
from python_calamine import CalamineWorkbook, SheetVisibleEnum

from xlsx_scorer import package, safety
from xlsx_scorer._zipraw import RawZipWriter
from xlsx_scorer.cells import ErrorValue, is_blank, map_distinct, player_name
from xlsx_scorer.columns import MARK_COLUMNS, RESULT_COLUMNS
from xlsx_scorer.i18n import LANGUAGES, fold, header, header_aliases, language_of_headers
from xlsx_scorer.problems import UnusableWorkbookError
from xlsx_scorer.report import CHART_DATA, OUTPUT_SHEETS, SheetSpec

HEADER_SEARCH_ROWS = 30
MIN_HEADER_MATCHES = 3


def _sheet_aliases(kind: str) -> frozenset[str]:
    return frozenset(fold(module.SHEETS[kind]) for module in LANGUAGES.values())


@dataclass(frozen=True)
class ResultsSheet:
    """The ``Results`` sheet as typed: raw cell values under their column keys.

    ``raw`` is indexed by Excel row number; ``columns`` maps a column key to its
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
    data = safety.read_package(path)
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
    frame = pd.DataFrame(
        body[:, [positions[key] - 1 for key in RESULT_COLUMNS]],
        columns=list(RESULT_COLUMNS),
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


# ---------------------------------------------------------------------------
# Writing


def _new_file_mode() -> int:
    """The mode a newly created file gets here (0o666 less the umask), not mkstemp's 0o600."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def save_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` through a temporary file in the same folder, then rename.

    A crash or a full disk leaves the old ``target`` as it was.
    """
    folder = target.parent
    if target.is_dir():
        raise UnusableWorkbookError("unusable.is_folder", {"folder": str(target)})
    if not folder.is_dir():
        raise UnusableWorkbookError("unusable.output_folder_missing", {"folder": str(folder)})
    if target.exists() and (not os.access(target, os.W_OK) or not target.stat().st_mode & 0o222):
        raise UnusableWorkbookError("unusable.read_only", {})
    lock = folder / f"~${target.name}"
    if lock.exists():
        raise UnusableWorkbookError("unusable.locked", {"lock": lock.name})
    handle, temporary = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        Path(temporary).chmod(
            target.stat().st_mode & 0o777 if target.exists() else _new_file_mode()
        )
        Path(temporary).replace(target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise UnusableWorkbookError("unusable.write_failed", {"detail": str(error)}) from error


# ---------------------------------------------------------------------------
# Rendering our sheets

TITLE_ROW, FIRST_NOTE_ROW, HEADER_ROW = 1, 2, 4
_TITLE_FONT = Font(bold=True, size=14)
_HEADER_FONT = Font(bold=True, color="FFFFFF")
_HEADER_FILL = PatternFill("solid", start_color="305496")
_FORMULA_START = "="


def _safe_text(value: Any) -> Any:
    """Text written as text: no illegal XML characters; never turned into a formula."""
    if isinstance(value, str):
        return ILLEGAL_CHARACTERS_RE.sub("", value)
    return value


def _put(sheet: Worksheet, row: int, column: int, value: Any) -> Cell:
    cell: Cell = sheet.cell(row=row, column=column)
    cell.value = _safe_text(value)
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        cell.data_type = "s"
    return cell


@dataclass(frozen=True)
class Rendered:
    """Our sheets as a fresh xlsx package, and the text each link formula shows."""

    data: bytes
    cached_values: dict[tuple[str, str], str]


def hyperlink_formula(target: str, shown_text: str) -> str:
    """A link that survives renaming and emailing the file, and LibreOffice.

    >>> print(hyperlink_formula("'Results'!E7", "Results!E7"))
    =HYPERLINK("#'Results'!E7","Results!E7")
    """
    quoted_target = target.replace('"', '""')
    quoted_text = shown_text.replace('"', '""')
    return f'=HYPERLINK("#{quoted_target}","{quoted_text}")'


def render(specs: Iterable[SheetSpec]) -> Rendered:
    """Our sheets as a fresh xlsx package (to be spliced into the organiser's).

    openpyxl writes each sheet's frame (title, notes, header, widths, panes,
    page setup, the chart) and the styles; the table rows below the header, the
    bulk of the data, are written as sheet XML directly (``_table_xml``) and
    spliced in, cell for cell what openpyxl would write, floats with all digits.
    """
    specs = list(specs)
    cached_values: dict[tuple[str, str], str] = {}
    book = OpenpyxlWorkbook()
    book.remove(book.active)
    styles = _CellStyles(book, {spec.name for spec in specs})
    tables: dict[str, _Table] = {}
    for spec in specs:
        sheet = book.create_sheet(spec.name)
        title = _put(sheet, TITLE_ROW, 1, spec.title)
        title.font = _TITLE_FONT
        styles.register(title)
        for offset, note in enumerate(spec.notes):
            _put(sheet, FIRST_NOTE_ROW + offset, 1, note)
        header_row = max(HEADER_ROW, FIRST_NOTE_ROW + len(spec.notes) + 1)
        for position, column in enumerate(spec.columns, start=1):
            cell = _put(sheet, header_row, position, column.header)
            cell.font, cell.fill = _HEADER_FONT, _HEADER_FILL
            cell.alignment = Alignment(horizontal="center", wrap_text=True)
            styles.register(cell)
            sheet.column_dimensions[get_column_letter(position)].width = column.width
        formats = [column.number_format for column in spec.columns]
        tables[spec.name] = _table_xml(
            spec.name,
            header_row + 1,
            spec.rows,
            formats,
            links=spec.links,
            styles=styles,
            cached_values=cached_values,
        )
        if spec.columns:
            # A reference, not a cell: the table's rows are spliced in (an empty table keeps
            # the empty row openpyxl writes for the pane's cell, as it always has).
            first = f"A{header_row + 1}"
            sheet.freeze_panes = first if spec.rows else sheet[first]
            sheet.print_title_rows = f"{header_row}:{header_row}"
            sheet.auto_filter.ref = None
        sheet.page_setup.orientation = "landscape"
        sheet.page_setup.fitToWidth = 1
        sheet.page_setup.fitToHeight = 0
        sheet.sheet_properties.pageSetUpPr.fitToPage = True
        if spec.chart and spec.chart.series and len(spec.chart.rounds) > 1:
            tables[CHART_DATA] = _add_chart(book, sheet, spec, header_row, styles)
    styles.done()
    if CHART_DATA in book.sheetnames:  # the hidden data sheet goes last, out of the way
        book.move_sheet(CHART_DATA, len(book.sheetnames) - 1 - book.sheetnames.index(CHART_DATA))
    stream = io.BytesIO()
    book.save(stream)
    return Rendered(_with_tables(stream.getvalue(), book, tables), cached_values)


_LINK_FONT = Font(color="0563C1", underline="single")
_MAX_TEXT = 32767  # openpyxl cuts longer text (Excel's limit)
_ERROR_CODES = frozenset(("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A"))


class _CellStyles:
    """Style ids (``s="…"``) for table cells: a number format and/or the link font.

    Each style is registered with openpyxl on a scratch sheet, removed before
    saving, so the styles part holds exactly the styles the cells use.
    """

    def __init__(self, book: OpenpyxlWorkbook, taken: set[str]) -> None:
        title = next(f"styles{n}" for n in range(len(taken) + 1) if f"styles{n}" not in taken)
        self._book = book
        self._scratch = book.create_sheet(title)
        self._ids: dict[tuple[str | None, bool], str] = {(None, False): ""}

    @staticmethod
    def register(cell: Cell) -> None:
        """Give ``cell``'s style its id now, so ids follow the cells as openpyxl writes them."""
        _ = cell.style_id

    def attribute(self, number_format: str | None, link: bool) -> str:
        """`` s="N"`` for the style, or ``""`` for the default style."""
        key = (number_format, link)
        if key not in self._ids:
            cell = self._scratch.cell(row=len(self._ids), column=1)
            if number_format:
                cell.number_format = number_format
            if link:
                cell.font = _LINK_FONT
            self._ids[key] = f' s="{cell.style_id}"'
        return self._ids[key]

    def done(self) -> None:
        self._book.remove(self._scratch)


@dataclass(frozen=True)
class _Table:
    """Rows of sheet XML (``<row>`` elements), their first and last row, the last column filled."""

    xml: str
    first_row: int
    last_row: int
    last_column: int


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _text_cell(ref: str, value: str) -> str:
    """A text cell as openpyxl writes it: inline, never a formula; ``#N/A`` and co are errors."""
    text = ILLEGAL_CHARACTERS_RE.sub("", value)[:_MAX_TEXT]
    if not text:
        return f'<c r="{ref}" t="inlineStr"/>'
    if text in _ERROR_CODES and not value.startswith(_FORMULA_START):
        return f'<c r="{ref}" t="e"><v>{text}</v></c>'
    stripped = text.strip()
    space = ' xml:space="preserve"' if stripped and stripped != text else ""
    return f'<c r="{ref}" t="inlineStr"><is><t{space}>{_escape(text)}</t></is></c>'


def _number_cell(ref: str, value: int | float, style: str) -> str:
    """A number (or TRUE/FALSE) with every digit: ``repr`` for floats, as ``float()`` reads back."""
    if isinstance(value, bool):
        return f'<c r="{ref}"{style} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, float):
        digits = repr(value) if math.isfinite(value) else ""
    else:
        digits = "%.16g" % value  # noqa: UP031 - openpyxl's form for integers
    content = f"<v>{digits}</v>" if digits else "<v />"
    return f'<c r="{ref}"{style} t="n">{content}</c>'


def _table_xml(
    sheet: str,
    first_row: int,
    rows: Sequence[Sequence[Any]],
    formats: Sequence[str | None],
    *,
    links: Mapping[tuple[int, int], str],
    styles: _CellStyles,
    cached_values: dict[tuple[str, str], str],
) -> _Table:
    """``rows`` from ``first_row`` as sheet XML; linked cells become HYPERLINK formulas.

    Numbers take their column's number format; blank (None) cells are left out.
    """
    letters = [get_column_letter(position) for position in range(1, len(formats) + 1)]
    linked_rows = {offset for offset, _ in links}
    out: list[str] = []
    last_column = 0
    for offset, values in enumerate(rows):
        row = first_row + offset
        cells: list[str] = []
        for position, value in enumerate(values):
            ref = f"{letters[position]}{row}"
            if offset in linked_rows and (target := links.get((offset, position))) is not None:
                number_format = formats[position] if isinstance(value, int | float) else None
                style = styles.attribute(number_format, True)
                shown_text = _safe_text(str(value))
                formula = hyperlink_formula(target, shown_text)[1:_MAX_TEXT]
                cells.append(f'<c r="{ref}"{style}><f>{_escape(formula)}</f><v /></c>')
                cached_values[(sheet, ref)] = shown_text
            elif value is None:
                continue
            elif isinstance(value, str):
                cells.append(_text_cell(ref, value))
            elif isinstance(value, int | float):
                cells.append(_number_cell(ref, value, styles.attribute(formats[position], False)))
            else:
                raise TypeError(f"{sheet}!{ref}: cannot write {type(value).__name__} {value!r}")
            last_column = max(last_column, position + 1)
        out.append(f'<row r="{row}">{"".join(cells)}</row>' if cells else f'<row r="{row}"/>')
    return _Table("".join(out), first_row, first_row + len(rows) - 1, last_column)


_SHEET_PART = re.compile(r"xl/worksheets/sheet(\d+)\.xml")
_DIMENSION = re.compile(rb'<dimension ref="[A-Z0-9:]*"')
_SHEET_DATA_END = re.compile(rb"<sheetData\s*/>|</sheetData>")


def _with_tables(data: bytes, book: OpenpyxlWorkbook, tables: Mapping[str, _Table]) -> bytes:
    """openpyxl's package with each sheet's table rows spliced in at the end of its sheetData."""
    source = zipfile.ZipFile(io.BytesIO(data))
    output = io.BytesIO()
    with source, zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as target:
        for member in source.infolist():
            content = source.read(member)
            if match := _SHEET_PART.fullmatch(member.filename):
                sheet = book.worksheets[int(match.group(1)) - 1]
                if (table := tables.get(sheet.title)) is not None and table.xml:
                    content = _splice_table(content, sheet, table)
            target.writestr(member, content)
    return output.getvalue()


def _splice_table(content: bytes, sheet: Worksheet, table: _Table) -> bytes:
    """Sheet XML with ``table``'s rows after openpyxl's, and the dimension covering both."""
    if f'<row r="{table.first_row}"'.encode() in content:
        raise ValueError(f"{sheet.title}: openpyxl wrote a cell in row {table.first_row}")
    last_row = max(sheet.max_row, table.last_row)
    last_column = get_column_letter(max(sheet.max_column, table.last_column))
    dimension = f'<dimension ref="A1:{last_column}{last_row}"'.encode()
    content = _DIMENSION.sub(lambda _: dimension, content, count=1)
    end = _SHEET_DATA_END.search(content)
    if end is None:
        raise ValueError(f"{sheet.title}: openpyxl wrote no sheetData")
    rows = table.xml.encode()
    if end.group(0) == b"</sheetData>":
        return content[: end.start()] + rows + content[end.start() :]
    return content[: end.start()] + b"<sheetData>" + rows + b"</sheetData>" + content[end.end() :]


def _add_chart(
    book: OpenpyxlWorkbook, sheet: Worksheet, spec: SheetSpec, header_row: int, styles: _CellStyles
) -> _Table:
    """A native line chart of cumulative round points, fed from the hidden Chart Data sheet.

    The data lives on its own sheet so that the Standings table is the only
    table on its sheet, for people and for programs reading it.  Returns that
    sheet's rows.
    """
    assert spec.chart is not None
    chart_spec = spec.chart
    data_sheet = book.create_sheet(CHART_DATA)
    data_sheet.sheet_state = "hidden"
    rows = [
        (spec.columns[1].header, *chart_spec.rounds),
        *((name, *values) for name, values in chart_spec.series),
    ]
    width = max(len(row) for row in rows)
    table = _table_xml(
        CHART_DATA, 1, rows, [None] * width, links={}, styles=styles, cached_values={}
    )
    chart = LineChart()
    chart.title = chart_spec.title
    chart.height, chart.width = 9, 16
    last_column = 1 + len(chart_spec.rounds)
    last_row = 1 + len(chart_spec.series)
    data = Reference(data_sheet, min_col=1, max_col=last_column, min_row=2, max_row=last_row)
    chart.add_data(data, from_rows=True, titles_from_data=True)
    chart.set_categories(Reference(data_sheet, min_col=2, max_col=last_column, min_row=1))
    anchor = sheet.cell(row=header_row, column=len(spec.columns) + 2).coordinate
    sheet.add_chart(chart, anchor)
    return table


def write_outputs(book: Workbook, specs: Sequence[SheetSpec], target: Path) -> None:
    """Replace our sheets in the organiser's workbook and save it atomically to ``target``."""
    rendered = render(specs)
    try:
        merged = package.merge_sheets(
            book.package,
            rendered.data,
            replace=OUTPUT_SHEETS,
            cached_values=rendered.cached_values,
        )
    except ValueError as error:  # a damaged part the reader could skip but the writer needs
        raise UnusableWorkbookError("unusable.cannot_write", {"detail": str(error)}) from error
    save_atomically(target, merged)
