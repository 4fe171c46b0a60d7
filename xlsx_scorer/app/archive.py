"""``archive``: a finished event written as a folder that can be verified years later.

The folder holds the scored workbook (every output sheet, every sheet
protected, the fingerprint recorded as a custom document property) and a
Frictionless Data Package: ``datapackage.json`` with ``results.csv``,
``games.csv`` and ``standings.csv`` (``canonical``; reference: docs/archive.md).
An event with errors is refused: nothing is written.  The folder is written
whole or not at all (built beside it, then renamed).

``read_event``, ``score_book`` and ``scored_workbook`` are the one place tied to
the scoring API of the day (read, validate, score; write the output sheets).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from xlsx_scorer import __version__
from xlsx_scorer.app import api, canonical, outputkinds, pipeline
from xlsx_scorer.app.diff import order_columns
from xlsx_scorer.core import formats, scoring
from xlsx_scorer.core.collation import collation_key
from xlsx_scorer.findings import Finding, UnusableWorkbookError
from xlsx_scorer.i18n import choose_language
from xlsx_scorer.xlsx import archival
from xlsx_scorer.xlsx import reader as workbook

#: Custom document properties of an archived workbook.
FINGERPRINT_PROPERTY = "XlsxScorerFingerprint"
LANGUAGE_PROPERTY = "XlsxScorerLanguage"
FORMAT_PROPERTY = "XlsxScorerArchive"
SHEETS_PROPERTY = "XlsxScorerSheets"


@dataclass(frozen=True)
class Scored:
    """An event read, checked and (when it has no problems) scored."""

    book: workbook.Workbook
    language: str
    problems: tuple[Finding, ...]
    results: pd.DataFrame
    games: pd.DataFrame | None = None
    table: pd.DataFrame | None = None
    per_round: pd.DataFrame | None = None


def read_event(path: Path) -> workbook.Workbook:
    """The workbook at ``path`` with its output sheets; an unusable one names its file."""
    try:
        return workbook.read_workbook(path, outputkinds.LEGACY_OUTPUTS)
    except UnusableWorkbookError as error:
        if error.finding.where.file is None:
            error.finding = error.finding.located(file=str(path))
        raise


def score_book(book: workbook.Workbook, language: str | None) -> Scored:
    """Check a read workbook and, without problems, score its games and standings."""
    lang = choose_language(language, book.language)
    if book.format.name != formats.DEFAULT:  # the archive's files are catan-es's (docs/archive.md)
        raise UnusableWorkbookError(
            "unusable.archive_format", {"format": book.format.name}, language=lang
        )
    validated = pipeline.validate(book)
    if validated.findings:
        return Scored(book, lang, validated.findings, validated.frame)
    games = scoring.score_games(validated.frame)
    table, per_round = scoring.standings(games, collation_key)
    return Scored(book, lang, (), validated.frame, games, table, per_round)


def scored_workbook(source: Path, language: str) -> tuple[bytes, tuple[Finding, ...]]:
    """The workbook with every output sheet written, as bytes, and the notices of that run
    (where our sheets went); ``source`` is left as it is."""
    scored = api.score(api.read_file(source), filename=source.name, language=language)
    if scored.exit_code == api.EXIT_UNUSABLE:  # a damaged part only the writer needs, say
        error = UnusableWorkbookError(scored.findings[0].code, language=scored.language)
        error.finding = scored.findings[0]
        raise error
    if scored.workbook is None or scored.errors:
        raise RuntimeError("the workbook had problems when scored for the archive")
    return scored.workbook, scored.notices


@dataclass(frozen=True)
class Archived:
    """What ``archive`` did: the problems that stopped it, or the folder and fingerprint, and
    the notices of the workbook scored (where our sheets went: ``score``'s notices)."""

    language: str
    problems: tuple[Finding, ...]
    folder: Path | None = None
    fingerprint: str | None = None
    files: tuple[str, ...] = ()
    notices: tuple[Finding, ...] = ()


def fingerprint_of(scored: Scored) -> str:
    """The fingerprint of a scored event (see ``canonical``)."""
    if scored.table is None or scored.per_round is None:
        raise ValueError("an event with problems has no fingerprint")
    return canonical.fingerprint(scored.results, scored.table, scored.per_round)


def csv_files(scored: Scored) -> dict[str, bytes]:
    """The three CSV files of a scored event."""
    if scored.games is None or scored.table is None or scored.per_round is None:
        raise ValueError("an event with problems has no CSV files")
    return {
        canonical.RESULTS_CSV: canonical.results_csv(scored.results),
        canonical.GAMES_CSV: canonical.games_csv(scored.games),
        canonical.STANDINGS_CSV: canonical.standings_csv(scored.table, scored.per_round),
    }


def _check_folder(folder: Path, language: str) -> None:
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise UnusableWorkbookError(
            "unusable.archive_folder_used", {"folder": str(folder)}, language=language
        )
    if not folder.parent.is_dir():
        folder_text = str(folder.parent)
        raise UnusableWorkbookError(
            "unusable.output_folder_missing", {"folder": folder_text}, language=language
        )


def _new_folder_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o777 & ~umask


def archive_event(source: Path, folder: Path, *, language: str | None = None) -> Archived:
    """Archive ``source`` into ``folder`` (which must not exist, or be empty).

    Raises ``UnusableWorkbookError`` when the workbook cannot be used or the
    folder is taken; returns the problems, writing nothing, when it has any.
    """
    scored = score_book(read_event(source), language)
    if scored.problems:
        return Archived(scored.language, scored.problems)
    _check_folder(folder, scored.language)
    fingerprint = fingerprint_of(scored)
    try:
        workbook_bytes, notices = scored_workbook(source, scored.language)
        digests = archival.sheet_digests(workbook_bytes)
        properties = {
            FINGERPRINT_PROPERTY: fingerprint,
            LANGUAGE_PROPERTY: scored.language,
            FORMAT_PROPERTY: canonical.FORMAT,
            SHEETS_PROPERTY: json.dumps(digests, ensure_ascii=False, separators=(",", ":")),
        }
        sealed = archival.seal(workbook_bytes, properties)
    except ValueError as error:
        detail = {"file": str(source), "detail": str(error)}
        raise UnusableWorkbookError(
            "unusable.cannot_write", detail, language=scored.language
        ) from error
    files = csv_files(scored)
    rounds = [int(number) for number in getattr(scored.per_round, "columns", [])]
    about = {
        "event": scored.book.event_name,
        "date": archival.event_date(scored.book.package),
        "language": scored.language,
        "scorer_version": __version__,
        "fingerprint": fingerprint,
        "fingerprint_form": canonical.FORMAT,
        "workbook": source.name,
    }
    schemas = canonical.schemas(order_columns(scored.results.columns), rounds)
    package = canonical.datapackage(files, schemas, about)
    try:
        building = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    except OSError as error:  # a folder we may not write into (permissions, read-only medium)
        where = {"file": str(folder), "folder": str(folder.parent)}
        raise UnusableWorkbookError(
            "unusable.folder_not_writable", where, language=scored.language
        ) from error
    try:
        for name, data in {source.name: sealed, **files, canonical.PACKAGE_JSON: package}.items():
            (building / name).write_bytes(data)
        building.chmod(_new_folder_mode())
        if folder.exists():
            folder.rmdir()
        building.rename(folder)
    except OSError as error:
        shutil.rmtree(building, ignore_errors=True)
        raise UnusableWorkbookError(
            "unusable.write_failed", {"detail": str(error)}, language=scored.language
        ) from error
    names = (source.name, *files, canonical.PACKAGE_JSON)
    return Archived(scored.language, (), folder, fingerprint, names, notices)
