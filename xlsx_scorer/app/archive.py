"""``archive``: a finished event written as a folder that can be verified years later.

The folder holds the scored workbook (every output sheet, every sheet
protected, the fingerprint recorded as a custom document property) and a
Frictionless Data Package: ``datapackage.json`` with ``results.csv``,
``games.csv`` and ``standings.csv`` (``canonical``; reference: docs/archive.md), and
``final_ranking.csv`` for an event whose stages have begun (``finalsheet``).
An event in a format other than ``catan-es`` carries the format and is recorded
by its keys (``archivekeys``); the format is also a document property of the
workbook, so that ``verify`` recomputes with it.  An event with errors is
refused: nothing is written.  The folder is written whole or not at all (built
beside it, then renamed).

The event is scored once, by ``api.run`` (the scored workbook and what it scored);
``verify`` re-reads an archived workbook (``read_event``) and ranks it by the same
steps (``score_book``: ``pipeline.validate``, ``pipeline.ranking``).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from xlsx_scorer import __version__
from xlsx_scorer.app import api, archivekeys, canonical, finalsheet, outputkinds, pipeline
from xlsx_scorer.app.diff import order_columns
from xlsx_scorer.core import formats
from xlsx_scorer.core.formats import Format
from xlsx_scorer.findings import Finding, UnusableWorkbookError
from xlsx_scorer.i18n import LANGUAGES, choose_language
from xlsx_scorer.opc import safety
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.read import reader as workbook
from xlsx_scorer.xlsx.write import archival

#: Custom document properties of an archived workbook.
FINGERPRINT_PROPERTY = "XlsxScorerFingerprint"
LANGUAGE_PROPERTY = "XlsxScorerLanguage"
FORMAT_PROPERTY = "XlsxScorerArchive"
SHEETS_PROPERTY = "XlsxScorerSheets"
#: The tournament format an archive was scored in (``archivekeys.declared``, as JSON).
TOURNAMENT_FORMAT_PROPERTY = "XlsxScorerTournamentFormat"


@dataclass(frozen=True)
class Scored:
    """An event read, checked and (when it has no problems) ranked in its format."""

    book: workbook.Workbook
    language: str
    problems: tuple[Finding, ...]
    results: pd.DataFrame
    ranking: pipeline.Ranking | None = None

    @property
    def format(self) -> Format:
        """The format the event was read and ranked in."""
        return self.book.format

    @property
    def keyed(self) -> bool:
        """Recorded by the format's keys (``archivekeys``): any format but ``catan-es``."""
        return self.format != formats.shipped()[formats.DEFAULT]

    @property
    def games(self) -> pd.DataFrame | None:
        """Every player's game, scored (``standings.contributions`` of the per-game frame)."""
        return None if self.ranking is None else self.ranking.played

    @property
    def table(self) -> pd.DataFrame | None:
        """catan-es's standings table as ``canonical`` records it: rank, player, points12,
        vp and table_vp (the VP of every table the player sat at)."""
        if self.ranking is None or "points12" not in self.ranking.table:
            return None
        played = self.ranking.played
        table_vp = played.groupby("player", sort=False)["table_value"].sum()
        ranked = self.ranking.table
        return pd.DataFrame(
            {
                "rank": ranked["rank"].to_numpy(),
                "player": ranked["player"].to_numpy(),
                "points12": ranked["points12"].to_numpy(),
                "vp": [int(value) for value in ranked["vp"]],
                "table_vp": table_vp.reindex(ranked["player"]).to_numpy(),
            }
        )

    @property
    def per_round(self) -> pd.DataFrame | None:
        """The first key per round, times ``round_scale`` (catan-es: round points in twelfths)."""
        return None if self.ranking is None else self.ranking.ranked.per_round


def event_format(format: str | Path | Format | None, recorded: str | None = None) -> Format | None:
    """The format to read an event in: the one asked for, else the one ``recorded`` in an
    archived workbook (``TOURNAMENT_FORMAT_PROPERTY``), else None (the workbook's own)."""
    if format is not None:
        return api.load_format(format)
    if recorded is None:
        return None
    try:
        document = json.loads(recorded)
    except json.JSONDecodeError:
        document = {}  # refused below, naming the first key it lacks
    return formats.parse(document if isinstance(document, dict) else {}, TOURNAMENT_FORMAT_PROPERTY)


def read_event(path: Path, fmt: Format | None = None) -> workbook.Workbook:
    """The workbook at ``path`` with its output sheets, read in ``fmt`` (else the format
    recorded in it when it was archived, else its own); an unusable one names its file.

    An archive is verified in the format it was archived in: ``fmt`` another one is
    refused, naming both (``unusable.archive_other_format``), rather than reported as an
    archive whose every standing was edited.
    """
    try:
        package = safety.read_package(path)
        properties = archival.custom_properties(package)
        recorded = properties.get(TOURNAMENT_FORMAT_PROPERTY)
        if fmt is None:
            fmt = event_format(None, recorded)
        elif FINGERPRINT_PROPERTY in properties:
            archived_in = properties.get(LANGUAGE_PROPERTY)
            _same_format(fmt, recorded, archived_in if archived_in in LANGUAGES else None)
        return workbook.read_workbook_bytes(
            package, outputkinds.LEGACY_OUTPUTS, path=path, format=fmt
        )
    except UnusableWorkbookError as error:
        if error.finding.where.file is None:
            error.finding = error.finding.located(file=str(path))
        raise


def _same_format(fmt: Format, recorded: str | None, language: str | None = None) -> None:
    """Refuse ``fmt`` unless it is the format an archive records (none recorded: ``catan-es``,
    the only format archived without the property), in the ``language`` it was archived in;
    a recorded format that cannot be read is left to the checks that follow."""
    try:
        archived = event_format(None, recorded) or formats.shipped()[formats.DEFAULT]
    except UnusableWorkbookError:
        return
    if archived != fmt:
        raise UnusableWorkbookError(
            "unusable.archive_other_format",
            {"archived": archived.name, "given": fmt.name},
            language=language,
        )


def score_book(book: workbook.Workbook, language: str | None) -> Scored:
    """Check a read workbook and, without problems, rank it in its format: the steps of
    ``api.run`` (``pipeline.validate``, ``pipeline.ranking``), nothing written."""
    lang = choose_language(language, book.language)
    validated = pipeline.validate(book)
    if validated.findings:
        return Scored(book, lang, validated.findings, validated.frame)
    return Scored(book, lang, (), validated.frame, pipeline.ranking(book, validated))


def score_event(
    source: Path, language: str | None, fmt: Format | None
) -> tuple[Scored, bytes | None, tuple[Finding, ...]]:
    """The event at ``source`` scored once (``api.run``): what it scored, the workbook with
    every output sheet written (None with problems; ``source`` is left as it is), and the
    notices of that run (where our sheets went)."""
    package = api.read_file(source)  # run as it is: one opening
    ran = api.run(package, language=language, scoring=True, format=fmt)
    result = ran.result
    if ran.book is None or ran.validated is None:  # a file that cannot be used
        error = UnusableWorkbookError(result.findings[0].code, language=result.language)
        error.finding = result.findings[0].located(file=str(source))
        raise error
    problems = ran.validated.findings
    scored = Scored(ran.book, result.language, problems, ran.validated.frame, ran.ranking)
    if problems:
        return scored, None, ()
    if result.workbook is None or result.errors or ran.ranking is None:
        raise RuntimeError("the workbook had problems when scored for the archive")
    return scored, result.workbook, result.notices


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
    #: Refused without problems: no round is complete, there are no standings to keep.
    unscored: bool = False


def fingerprint_of(scored: Scored) -> str:
    """The fingerprint of a scored event (see ``canonical``, ``archivekeys``)."""
    if scored.ranking is None:
        raise ValueError("an event with problems has no fingerprint")
    if scored.keyed:
        return archivekeys.fingerprint(scored.results, scored.format, scored.ranking.ranked)
    if scored.table is None or scored.per_round is None:
        raise ValueError("an event with problems has no fingerprint")
    return canonical.fingerprint(scored.results, scored.table, scored.per_round)


def csv_files(scored: Scored) -> dict[str, bytes]:
    """The three CSV files of a scored event, and its ``final_ranking.csv`` once a stage has
    rows (``finalsheet``)."""
    if scored.ranking is None:
        raise ValueError("an event with problems has no CSV files")
    final = scored.ranking.final
    staged = {} if final is None else {finalsheet.FINAL_RANKING_CSV: finalsheet.final_csv(final)}
    return _csv_files(scored) | staged


def _csv_files(scored: Scored) -> dict[str, bytes]:
    """The three CSV files of a scored event: its results, games and standings."""
    if scored.ranking is None:
        raise ValueError("an event with problems has no CSV files")
    if scored.keyed:
        ranked = scored.ranking.ranked
        return {
            canonical.RESULTS_CSV: canonical.results_csv(scored.results),
            canonical.GAMES_CSV: archivekeys.games_csv(
                scored.format, scored.ranking.played, ranked.scale
            ),
            canonical.STANDINGS_CSV: archivekeys.standings_csv(scored.format, ranked),
        }
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


def archive_event(
    source: Path,
    folder: Path,
    *,
    language: str | None = None,
    format: str | Path | Format | None = None,
) -> Archived:
    """Archive ``source`` into ``folder`` (which must not exist, or be empty), in ``format``
    (a shipped name, a format file; else the workbook's own).

    Raises ``UnusableWorkbookError`` when the workbook cannot be used or the
    folder is taken; returns the problems, writing nothing, when it has any; writes
    nothing either (``unscored``) while it has no standings: no round complete, as in a
    blank template or round 1 seated with nothing typed (docs/archive.md).
    """
    scored, workbook_bytes, notices = score_event(source, language, api.load_format(format))
    if scored.problems or workbook_bytes is None:
        return Archived(scored.language, scored.problems)
    if scored.ranking is None or scored.ranking.table.empty:
        return Archived(scored.language, (), unscored=True)
    _check_folder(folder, scored.language)
    fingerprint = fingerprint_of(scored)
    declared = archivekeys.declared(scored.format)
    try:
        written = Package.open(workbook_bytes)
        digests = archival.sheet_digests(written)
        properties = {
            FINGERPRINT_PROPERTY: fingerprint,
            LANGUAGE_PROPERTY: scored.language,
            FORMAT_PROPERTY: canonical.FORMAT,
            SHEETS_PROPERTY: json.dumps(digests, ensure_ascii=False, separators=(",", ":")),
        }
        if scored.keyed:
            properties[TOURNAMENT_FORMAT_PROPERTY] = json.dumps(
                declared, ensure_ascii=False, separators=(",", ":")
            )
        sealed = archival.seal(written, properties)
    except ValueError as error:
        detail = {"file": str(source), "detail": str(error)}
        raise UnusableWorkbookError(
            "unusable.cannot_write", detail, language=scored.language
        ) from error
    files = csv_files(scored)
    rounds = [int(number) for number in getattr(scored.per_round, "columns", [])]
    about: dict[str, Any] = {
        "event": scored.book.event_name,
        "date": archival.event_date(scored.book.package),
        "language": scored.language,
        "scorer_version": __version__,
        "fingerprint": fingerprint,
        "fingerprint_form": canonical.FORMAT,
        "workbook": source.name,
    }
    columns = order_columns(scored.results.columns)
    if scored.keyed:  # the format and its keys (docs/archive.md)
        about["tournament_format"] = declared
        about["keys"] = archivekeys.keys_of(scored.format)
        schemas = archivekeys.schemas(scored.format, columns, rounds)
    else:
        schemas = canonical.schemas(columns, rounds)
    schemas[finalsheet.FINAL_RANKING_CSV] = finalsheet.csv_schema()
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
