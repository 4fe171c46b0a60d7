"""``verify``: recompute an archived event from its results and name whatever no longer agrees.

Given an archive folder (or only its workbook), everything is recomputed from
the workbook's ``Results`` sheet and compared:

1. the fingerprint recorded in the workbook with the fingerprint of the
   recomputed results and standings (a missing fingerprint is a finding), and
   each sheet's values with the digest recorded when it was archived (a sheet
   changed, removed or added is a finding);
2. every cell of the ``Standings`` and ``Round Points`` tables shown with the
   recomputed ones (cell by cell, the first ``MAX_CELLS`` per sheet named);
3. in a folder: ``datapackage.json``'s fingerprint; each CSV file's SHA-256
   and size with the ones recorded; and, when the workbook still matches its
   fingerprint, each CSV byte for byte with the one the results give.  When
   the workbook's results changed, ``results.csv`` (if intact) names each
   result cell that differs from the archived value.

The changed result cells come first, also when the change breaks a rule: one
more settlement in ``Results!F4`` (2 → 3) is said as ``Results!F4: Settlements
… is 3, archived as 2`` before the rule it breaks (``Total VP`` in ``P4``).

No finding: the archive is as it was made.

Every finding is a ``findings.Finding`` of severity ``error`` (exit code 1): a
``verify.…`` code (``docs/findings.md``) saying what no longer agrees, where
(file, sheet, cell; for a result, its round, table and player), or a rule the
recomputed results break (the rule's own finding).  In a folder, a workbook
that cannot be read any more is its own fatal finding, located in its file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from xlsx_scorer.app import (
    api,
    canonical,
    edited,
    finalsheet,
    fingerprint,
    formatsheets,
    reading,
)
from xlsx_scorer.app.archive import (
    FINGERPRINT_PROPERTY,
    LANGUAGE_PROPERTY,
    SHEETS_PROPERTY,
    Scored,
    csv_files,
    fingerprint_of,
    read_event,
    score_book,
)
from xlsx_scorer.core.formats import Format
from xlsx_scorer.core.standings import Ranked
from xlsx_scorer.findings import Finding, Scalar, UnusableWorkbookError, Where
from xlsx_scorer.i18n import LANGUAGES
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.read.cellvalues import column_letters
from xlsx_scorer.xlsx.read.reader import Workbook
from xlsx_scorer.xlsx.write import archival
from xlsx_scorer.xlsx.write.spec import SheetSpec

MAX_CELLS = 10
#: Where an output table's header row is looked for, and how much of it must still be there.
HEADER_SEARCH_ROWS = 30
MIN_HEADER_MATCHES = 2


@dataclass(frozen=True)
class Verified:
    """The findings of a verification (none: everything agrees)."""

    language: str | None
    findings: tuple[Finding, ...]
    workbook: Path | None
    fingerprint: str | None

    @property
    def ok(self) -> bool:
        return not self.findings


def _missing(file: str) -> Finding:
    return Finding("verify.file_missing", {}, "error", Where(file=file))


def _read_package(folder: Path) -> tuple[dict[str, Any] | None, list[Finding]]:
    path = folder / canonical.PACKAGE_JSON
    where = Where(file=path.name)
    try:
        descriptor = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, [_missing(path.name)]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        return None, [Finding("verify.file_unreadable", {"detail": str(error)}, "error", where)]
    if not isinstance(descriptor, dict):
        detail = {"detail": "not a JSON object"}
        return None, [Finding("verify.file_unreadable", detail, "error", where)]
    return descriptor, []


def _workbook_in(folder: Path, descriptor: dict[str, Any] | None) -> Path:
    """The archived workbook: the one ``datapackage.json`` names, else the folder's only one."""
    name = descriptor.get("workbook") if descriptor else None
    if isinstance(name, str) and name and Path(name).name == name:
        return folder / name
    found = sorted([*folder.glob("*.xlsx"), *folder.glob("*.xlsm")])
    return found[0] if len(found) == 1 else folder / "*.xlsx"


def verify(
    path: Path, *, language: str | None = None, format: str | Path | Format | None = None
) -> Verified:
    """Verify an archive folder, or an archived workbook on its own (module rules).

    The event is recomputed in ``format`` when given, else in the format recorded in the
    workbook when it was archived, else in the workbook's own (docs/archive.md).
    Raises ``UnusableWorkbookError`` when a workbook given on its own cannot be
    read at all; in a folder, that is a finding (the archive was damaged).
    """
    fmt = api.load_format(format)
    if not path.is_dir():
        book = read_event(path, fmt)
        beside = _archive_beside(path, archival.custom_properties(book.package))
        return _verify_workbook(path, book, language, [], None, beside=beside)
    descriptor, findings = _read_package(path)
    files: dict[str, bytes] = {}
    if descriptor is not None:
        findings += _file_findings(path, descriptor, files)
    book_path = _workbook_in(path, descriptor)
    if not book_path.is_file():
        findings.append(_missing(book_path.name))
        return Verified(language, tuple(findings), None, None)
    try:
        book = read_event(book_path, fmt)
    except UnusableWorkbookError as error:
        if error.code == "unusable.archive_other_format":  # a mistaken --format, not damage
            raise
        findings.append(error.finding.located(file=book_path.name))
        return Verified(language or error.language, tuple(findings), book_path, None)
    archive = (descriptor, files) if descriptor is not None else None
    return _verify_workbook(book_path, book, language, findings, archive)


def _verify_workbook(
    book_path: Path,
    book: Workbook,
    language: str | None,
    findings: list[Finding],
    archive: tuple[dict[str, Any], dict[str, bytes]] | None,
    *,
    beside: tuple[dict[str, Any], dict[str, bytes]] | None = None,
) -> Verified:
    """Findings about the workbook and, with ``archive`` (its descriptor, CSVs), the rest.

    The result cells changed since archiving come first (``_edited_results``, from
    ``archive``, else from the data package ``beside`` a workbook given alone), whatever
    else they broke: the rules the results now break, the sheets and tables that changed.
    The tables are recomputed in the language they were archived in; ``language`` is the
    language of the words only.
    """
    properties = archival.custom_properties(book.package)
    archived_language = properties.get(LANGUAGE_PROPERTY)
    scored = score_book(book, archived_language if archived_language in LANGUAGES else None)
    said = language or scored.language
    recorded = properties.get(FINGERPRINT_PROPERTY)
    in_book = Where(file=book_path.name)
    if recorded is None:
        findings.append(Finding("verify.no_fingerprint", {}, "error", in_book))
    findings += _digest_findings(book.package, properties.get(SHEETS_PROPERTY), book_path.name)
    if scored.problems:
        findings += [problem.located(file=book_path.name) for problem in scored.problems]
        edited = _edited_results(archive or beside, book)
        return Verified(said, (*edited, *findings), book_path, None)
    computed = fingerprint_of(scored)
    intact = recorded == computed
    if recorded is not None and not intact:
        params = {"recorded": recorded, "computed": computed}
        findings.append(Finding("verify.fingerprint_changed", params, "error", in_book))
    findings += _sheet_findings(scored, book_path.name)
    if archive is not None:
        descriptor, files = archive
        findings += _package_findings(descriptor, files, scored, computed, intact=intact)
    edited = [] if intact else _edited_results(archive or beside, book)
    return Verified(said, (*edited, *findings), book_path, computed)


def _archive_beside(
    book_path: Path, properties: dict[str, str]
) -> tuple[dict[str, Any], dict[str, bytes]] | None:
    """The data package of the folder a workbook given alone is in, when it is that
    workbook's, with its ``results.csv``: only to name the result cells edited since (the
    folder itself is verified by giving the folder).

    It is when it names the workbook, or records the fingerprint the workbook records
    (``properties``: the workbook renamed in its folder, ``cup.xlsx`` → ``event.xlsx``).
    """
    descriptor, _ = _read_package(book_path.parent)
    if descriptor is None:
        return None
    recorded = properties.get(FINGERPRINT_PROPERTY)
    named = descriptor.get("workbook") == book_path.name
    if not named and (recorded is None or descriptor.get("fingerprint") != recorded):
        return None
    try:
        archived = (book_path.parent / canonical.RESULTS_CSV).read_bytes()
    except OSError:
        return None
    return descriptor, {canonical.RESULTS_CSV: archived}


def _digest_findings(package: Package, recorded: str | None, file: str) -> list[Finding]:
    """Sheets whose shown values changed, or that were removed or added, since archiving."""
    try:
        archived = json.loads(recorded) if recorded is not None else None
    except json.JSONDecodeError:
        archived = None
    if not isinstance(archived, dict):
        return [Finding("verify.no_sheet_digests", {}, "error", Where(file=file))]
    now = archival.sheet_digests(package)
    findings = []
    for sheet, digest in archived.items():
        where = Where(file=file, sheet=sheet)
        if sheet not in now:
            findings.append(Finding("verify.sheet_removed", {}, "error", where))
        elif now[sheet] != digest:
            findings.append(Finding("verify.sheet_changed", {}, "error", where))
    findings += [
        Finding("verify.sheet_added", {}, "error", Where(file=file, sheet=sheet))
        for sheet in now
        if sheet not in archived
    ]
    return findings


def _sheet_findings(scored: Scored, file: str) -> list[Finding]:
    """Cells of the Standings and Round Points tables that differ from the recomputed ones.

    None while there are no standings (no round complete: the archive of an earlier version
    of an event with nothing scored shows the notices only, which its digests cover).
    """
    if scored.ranking is None or scored.ranking.table.empty:
        return []
    lang, book, fmt, ranked = scored.language, scored.book, scored.format, scored.ranking.ranked

    def standings(shown: Ranked) -> SheetSpec:
        return formatsheets.standings_sheet(
            lang,
            fmt,
            shown,
            event=book.event_name,
            computed="",
            games=0,
            withdrawn=reading.withdrawn(book),
        )

    today = standings(ranked)
    # Before issue 24 a bye's round cell showed the win it counts for: an earlier layout's
    # bye cell may show either.
    earlier = standings(replace(ranked, byes=None)) if ranked.byes is not None else today
    specs = [
        (today, earlier),
        (
            points := formatsheets.round_points_sheet(
                lang, fmt, scored.ranking.played, ranked.scale, event=book.event_name
            ),
            points,
        ),
    ]
    findings: list[Finding] = []
    for spec, before in specs:
        old = book.existing_outputs.get(spec.kind)
        if old is None:
            where = Where(file=file, sheet=spec.name)
            findings.append(Finding("verify.sheet_missing", {}, "error", where))
        else:
            findings += _table_findings(replace(spec, name=old.name), old.rows, file, before)
    return findings


def _header_row(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> int | None:
    """The row among the first ones that shows most of ``header``'s texts, in any column
    (None: fewer than ``MIN_HEADER_MATCHES``)."""
    canon = fingerprint.canonical
    wanted = {canon(text) for text in header} - {""}
    matches = [sum(canon(v) in wanted for v in row) for row in rows[:HEADER_SEARCH_ROWS]]
    if not matches or max(matches) < MIN_HEADER_MATCHES:
        return None
    return matches.index(max(matches))


def _columns(header: Sequence[str], shown: Sequence[Any]) -> list[tuple[int, int]]:
    """Each column of ``header`` with the column of the table shown it is compared with.

    Today's layout (the header row shown is ``header`` exactly): every column, in place.
    An earlier version's layout (a column added or renamed since): the columns both have,
    matched by their header's text; a column today writes that the archive lacks or names
    otherwise is left to the sheet's digest (``_digest_findings``).

    >>> _columns(["Rank", "Player", "Games", "VP"], ["Rank", "Player", "VP", None])
    [(0, 0), (1, 1), (3, 2)]
    """
    canon = fingerprint.canonical
    have = [canon(value) for value in shown]
    while have and not have[-1]:
        have.pop()
    want = [canon(text) for text in header]
    if have == want:
        return [(index, index) for index in range(len(want))]
    places = {text: place for place, text in reversed(list(enumerate(have))) if text}
    return [(index, places[text]) for index, text in enumerate(want) if text in places]


def _table_findings(
    spec: SheetSpec, rows: Sequence[Sequence[Any]], file: str, earlier: SheetSpec | None = None
) -> list[Finding]:
    """The cells of a table shown that differ from ``spec``'s, header included.

    The header is the row among the first ones that shows most header texts; its columns
    are compared as ``_columns`` pairs them.  In an earlier version's layout, a cell may
    also show what ``earlier`` (the same table as that version wrote it) has there.
    """
    canon = fingerprint.canonical
    header = [column.header for column in spec.columns]
    start = _header_row(header, rows)
    in_sheet = Where(file=file, sheet=spec.name)
    if start is None:
        return [Finding("verify.sheet_missing", {}, "error", in_sheet)]
    pairs = _columns(header, rows[start])
    width = max((shown for _, shown in pairs), default=-1) + 1
    shown_rows = [list(row[:width]) for row in rows[start:]]
    while shown_rows and all(canon(v) == "" for v in shown_rows[-1]):
        shown_rows.pop()
    expected_rows = [header, *(list(row) for row in spec.rows)]
    today = pairs == [(index, index) for index in range(len(header))]
    before = [header, *(list(row) for row in (earlier or spec).rows)]
    found: list[Finding] = []
    for index in range(max(len(expected_rows), len(shown_rows))):
        expected = expected_rows[index] if index < len(expected_rows) else []
        shown = shown_rows[index] if index < len(shown_rows) else []
        for column, place in pairs:
            want = expected[column] if column < len(expected) else None
            have = shown[place] if place < len(shown) else None
            if canon(want) == canon(have):
                continue
            if not today and index < len(before) and canon(before[index][column]) == canon(have):
                continue
            cell = f"{column_letters(place + 1)}{start + index + 1}"
            params = {"shown": canon(have), "expected": canon(want)}
            where = Where(file=file, sheet=spec.name, cell=cell)
            found.append(Finding("verify.sheet_cell", params, "error", where))
    if len(found) > MAX_CELLS:
        more = Finding("verify.more", {"count": len(found) - MAX_CELLS}, "error", in_sheet)
        return [*found[:MAX_CELLS], more]
    return found


def _sha256(data: bytes) -> str:
    return f"sha256:{hashlib.sha256(data).hexdigest()}"


def _file_findings(
    folder: Path, descriptor: dict[str, Any], present: dict[str, bytes]
) -> list[Finding]:
    """Each CSV file missing, or whose SHA-256 or size is not the one recorded.

    The content of every file there is put in ``present``.
    """
    listed = descriptor.get("resources")
    resources = {
        r.get("path"): r
        for r in (listed if isinstance(listed, list) else [])
        if isinstance(r, dict)
    }
    findings: list[Finding] = []
    staged = (finalsheet.FINAL_RANKING_CSV,) if finalsheet.FINAL_RANKING_CSV in resources else ()
    for name in (*canonical.CSV_FILES, *staged):
        resource, path = resources.get(name), folder / name
        if resource is None or not path.is_file():
            findings.append(_missing(name))
            continue
        data = present[name] = path.read_bytes()
        if resource.get("hash") != _sha256(data) or resource.get("bytes") != len(data):
            findings.append(Finding("verify.file_changed", {}, "error", Where(file=name)))
    return findings


def _package_findings(
    descriptor: dict[str, Any],
    files: dict[str, bytes],
    scored: Scored,
    computed: str,
    *,
    intact: bool,
) -> list[Finding]:
    """``datapackage.json``'s fingerprint, and the CSV files against the workbook's results.

    While the workbook matches its fingerprint, each CSV file must be the one
    its results give (the first line that is not is named).
    """
    findings: list[Finding] = []
    recorded = descriptor.get("fingerprint")
    in_package = Where(file=canonical.PACKAGE_JSON)
    if recorded is None:
        findings.append(Finding("verify.no_fingerprint", {}, "error", in_package))
    elif recorded != computed:
        params = {"recorded": str(recorded), "computed": computed}
        findings.append(Finding("verify.fingerprint_changed", params, "error", in_package))
    if intact:
        for name, regenerated in csv_files(scored).items():
            data = files.get(name)
            if data is None and name not in _listed(descriptor):  # left out of the package
                findings.append(_missing(name))
            elif data is not None and data != regenerated:
                findings.append(_first_difference(name, data, regenerated))
    return findings


def _listed(descriptor: dict[str, Any]) -> set[str]:
    """The files ``datapackage.json`` lists (a listed one missing is ``_file_findings``')."""
    listed = descriptor.get("resources")
    return {
        str(r.get("path"))
        for r in (listed if isinstance(listed, list) else [])
        if isinstance(r, dict)
    }


def _edited_results(
    archive: tuple[dict[str, Any], dict[str, bytes]] | None, book: Workbook
) -> list[Finding]:
    """The result cells of ``book`` that differ from ``results.csv`` as archived.

    None without the folder, or when ``results.csv`` no longer has its recorded hash
    (it cannot be trusted to say what was archived).
    """
    if archive is None:
        return []
    descriptor, files = archive
    archived = files.get(canonical.RESULTS_CSV)
    resources = descriptor.get("resources")
    recorded_hashes = {
        r.get("path"): r.get("hash")
        for r in (resources if isinstance(resources, list) else [])
        if isinstance(r, dict)
    }
    if archived is None or recorded_hashes.get(canonical.RESULTS_CSV) != _sha256(archived):
        return []
    return edited.result_findings(archived, book)


def _first_difference(name: str, data: bytes, regenerated: bytes) -> Finding:
    """The first line of ``data`` that differs from what the results give."""
    have = data.decode("utf-8", "replace").splitlines()
    want = regenerated.decode("utf-8").splitlines()
    line = next(
        i for i in range(max(len(have), len(want)) + 1) if have[i : i + 1] != want[i : i + 1]
    )
    params: dict[str, Scalar] = {
        "line": line + 1,
        "shown": have[line] if line < len(have) else "",
        "expected": want[line] if line < len(want) else "",
    }
    return Finding("verify.csv_line", params, "error", Where(file=name))
