"""An event's workbook as its organiser sees and types it (tests/test_issue24_events.py).

Read with openpyxl and the standard library only, never with the scorer's reader: which
sheets are ours (by the marker in ``workbook.xml`` and by name in every shipped language),
the organiser's own cells (Event, Players, Results), the seated rows of ``Results``, what the
Standings sheet shows; and valid results for a game, typed as an organiser would.

>>> kind_by_name("Mesas R3 (2)"), kind_by_name("Clasificación"), kind_by_name("Results")
('seating_r3', 'standings', None)
"""

from __future__ import annotations

import io
import random
import re
import zipfile
from dataclasses import dataclass
from typing import Any
from xml.etree import ElementTree

from tests import eventgen
from xlsx_scorer.i18n import LANGUAGES, header, text

CATAN_RESULTS = eventgen.KEYS[3:]
CARCASSONNE_PARTS = (
    "road_points",
    "city_points",
    "cloister_points",
    "field_points",
    "other_points",
)
CARCASSONNE_RESULTS = ("score", *CARCASSONNE_PARTS)
#: Our output sheets' kinds; the seating sheets' are ``seating_r<N>``.
OUTPUT_KINDS = ("standings", "round_points", "errors", "chart_data")
MARKER = "_xlsx_scorer."


# ---------------------------------------------------------------------------
# Reading a workbook as an organiser (and a hidden script) sees it


def names_of(kind: str) -> set[str]:
    """Every shipped name of the sheet ``kind`` (``players``, ``results``…)."""
    return {str(module.SHEETS[kind]) for module in LANGUAGES.values()}


def sheet_of(book: Any, kind: str) -> Any:
    """The organiser's sheet of ``kind`` (by any shipped name), or None."""
    found = names_of(kind)
    return next((sheet for sheet in book.worksheets if sheet.title in found), None)


def normal(value: Any) -> Any:
    """A cell's value as typed: ``3.0`` is 3 (a save by LibreOffice may write either)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and not value.strip():
        return None
    return value


def cells(sheet: Any) -> dict[str, Any]:
    """Every non-blank cell of ``sheet``: coordinate → value."""
    if sheet is None:
        return {}
    return {
        cell.coordinate: normal(cell.value)
        for row in sheet.iter_rows()
        for cell in row
        if normal(cell.value) is not None
    }


def organiser_cells(book: Any) -> dict[str, dict[str, Any]]:
    """The organiser's own sheets' cells: Event, Players, Results."""
    return {kind: cells(sheet_of(book, kind)) for kind in ("event", "players", "results")}


@dataclass
class Columns:
    """Where the Results columns are: the header row and column number of each key."""

    header_row: int
    number: dict[str, int]


def results_columns(sheet: Any, lang: str, keys: tuple[str, ...]) -> Columns:
    """The Results header row (found by the round header, in the template's language)."""
    wanted = {header(lang, key): key for key in ("round", "table", "player", *keys)}
    for row in sheet.iter_rows(min_row=1, max_row=10):
        found = {wanted[cell.value]: cell.column for cell in row if cell.value in wanted}
        if "round" in found and "player" in found:
            return Columns(row[0].row, found)
    raise AssertionError(f"no Results header in {lang} on {sheet.title}")


def roster_header(sheet: Any) -> tuple[int, int]:
    """The row and column of the roster's player header (in any shipped language)."""
    players = {header(lang, "player") for lang in LANGUAGES}
    for row in sheet.iter_rows(min_row=1, max_row=10):
        for cell in row:
            if cell.value in players:
                return cell.row, cell.column
    raise AssertionError(f"no player header on {sheet.title}")


@dataclass(frozen=True)
class Seated:
    """One row of Results: its row number, round, table and player."""

    row: int
    round: Any
    table: Any
    player: Any


def seated_rows(sheet: Any, columns: Columns) -> list[Seated]:
    """Every row of Results naming a round, in sheet order."""
    found = []
    for row in sheet.iter_rows(min_row=columns.header_row + 1):
        values = {key: normal(row[number - 1].value) for key, number in columns.number.items()}
        if values.get("round") is not None or values.get("player") is not None:
            found.append(Seated(row[0].row, values["round"], values.get("table"), values["player"]))
    return found


@dataclass(frozen=True)
class Sheet:
    """A sheet as ``workbook.xml`` lists it, with the kinds its markers say."""

    index: int
    name: str
    state: str
    markers: tuple[str, ...]


def workbook_sheets(data: bytes) -> list[Sheet]:
    """The sheets of the package and the markers each carries (read from ``workbook.xml``
    with the standard library alone, as any other program would)."""
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        root = ElementTree.fromstring(package.read("xl/workbook.xml"))
    listed = [node for node in root.iter() if node.tag.endswith("}sheet")]
    markers: dict[int, list[str]] = {}
    for node in root.iter():
        name = node.attrib.get("name", "")
        if node.tag.endswith("}definedName") and name.casefold().startswith(MARKER):
            local = node.attrib.get("localSheetId")
            if local is not None and local.isdigit():
                markers.setdefault(int(local), []).append(name[len(MARKER) :].casefold())
    return [
        Sheet(
            i, node.attrib["name"], node.attrib.get("state", "visible"), tuple(markers.get(i, ()))
        )
        for i, node in enumerate(listed)
    ]


def name_patterns() -> dict[str, re.Pattern[str]]:
    """Our sheet names of each kind in every language, with any ``(2)`` a clash adds; the
    seating sheets' kind is ``seating_r`` (the round is read from the name)."""
    patterns = {}
    for kind in OUTPUT_KINDS:
        names = "|".join(sorted(map(re.escape, names_of(kind))))
        patterns[kind] = re.compile(rf"(?:{names})(?: \(\d+\))?", re.IGNORECASE)
    seating = []
    for lang in LANGUAGES:
        before, _, after = text(lang, "seat.sheet", round="NNN").partition("NNN")
        seating.append(rf"{re.escape(before)}(?P<r_{lang}>\d+){re.escape(after)}")
    patterns["seating_r"] = re.compile(rf"(?:{'|'.join(seating)})(?: \(\d+\))?", re.IGNORECASE)
    return patterns


PATTERNS = name_patterns()


def kind_by_name(name: str) -> str | None:
    """The kind of ours a sheet's name says (``seating_r3`` for ``Mesas R3 (2)``), or None."""
    for kind, pattern in PATTERNS.items():
        match = pattern.fullmatch(name)
        if match is None:
            continue
        if kind == "seating_r":
            return kind + next(value for value in match.groupdict().values() if value)
        return kind
    return None


def our_sheets_problems(data: bytes) -> list[str]:
    """What breaks "our sheets stay ours" (SPEC §8) in the package ``data``."""
    by_kind: dict[str, set[str]] = {}
    problems = []
    for sheet in workbook_sheets(data):
        named = kind_by_name(sheet.name)
        for kind in {*sheet.markers, *([named] if named else [])}:
            by_kind.setdefault(kind, set()).add(sheet.name)
        if named is not None and named not in sheet.markers:
            problems.append(f"{sheet.name!r} is named as our {named} but lacks its marker")
    problems.extend(
        f"{len(sheets)} sheets of kind {kind}: {sorted(sheets)}"
        for kind, sheets in sorted(by_kind.items())
        if len(sheets) > 1
    )
    return problems


def our_sheet(book: Any, data: bytes, kind: str) -> Any:
    """Our sheet of ``kind``: the first carrying its marker, else the first by name, or None."""
    sheets = workbook_sheets(data)
    marked = [sheet for sheet in sheets if kind in sheet.markers]
    named = [sheet for sheet in sheets if kind_by_name(sheet.name) == kind]
    found = [*marked, *named]
    return book[found[0].name] if found else None


@dataclass(frozen=True)
class Shown:
    """What a Standings sheet shows: a ranking or not, and its round columns."""

    ranking: bool
    rounds: tuple[int, ...]


def standings_shown(book: Any, data: bytes, lang: str) -> Shown | None:
    """The Standings sheet's ranking header (``Rank`` … ``R1``, ``R2``) if it shows one."""
    sheet = our_sheet(book, data, "standings")
    if sheet is None:
        return None
    rank = text(lang, "out.rank")
    round_headers = {text(lang, "out.round_column", round=n): n for n in range(1, 30)}
    for row in sheet.iter_rows(min_row=1, max_row=20, values_only=True):
        if row and row[0] == rank:
            return Shown(True, tuple(sorted(round_headers[v] for v in row if v in round_headers)))
    return Shown(False, ())


# ---------------------------------------------------------------------------
# What the organiser types


def catan_results(
    rng: random.Random, round_no: int, table: Any, players: list[str]
) -> list[dict[str, Any]]:
    """Rule-valid end positions of one Catan game (``tests.eventgen``), marks as ``x``."""
    rows = eventgen.random_game(rng, round_no, table, players)
    return [
        {
            key: ("x" if value else None) if isinstance(value, bool) else value
            for key, value in row.items()
            if key in CATAN_RESULTS
        }
        for row in rows
    ]


def carcassonne_results(rng: random.Random, players: list[str]) -> list[dict[str, Any]]:
    """Valid Carcassonne scores, with the five parts (adding up) on some games."""
    rows = []
    with_parts = rng.random() < 0.5
    for _ in players:
        parts = [rng.randint(0, 40) for _ in CARCASSONNE_PARTS]
        row: dict[str, Any] = {"score": sum(parts) if with_parts else rng.randint(0, 150)}
        row.update(
            {
                key: value if with_parts else None
                for key, value in zip(CARCASSONNE_PARTS, parts, strict=True)
            }
        )
        rows.append(row)
    return rows
