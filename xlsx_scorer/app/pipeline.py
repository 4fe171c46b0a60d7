"""The heavy steps of a run on a workbook read by ``reading``, one function per step.

validate (findings) → notices → score → output sheets → the scored package's bytes.
``api`` strings them together; this module holds everything heavy (pandas,
pandera), imported only once a file is known to be a workbook.

>>> from pathlib import Path
>>> from xlsx_scorer.app.reading import read
>>> book = read(Path("fixtures/sample_event.xlsx").read_bytes())
>>> validate(book).findings, notices(book)
((), ())
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
import pandera.pandas as pa

from xlsx_scorer.app import fingerprint, outputkinds, report
from xlsx_scorer.core import games, pending, rules, scoring
from xlsx_scorer.core.collation import collation_key
from xlsx_scorer.core.columns import RANGES
from xlsx_scorer.core.problems import (
    SheetContext,
    problems_from_cell_errors,
    problems_from_failures,
)
from xlsx_scorer.core.typed import typed_results
from xlsx_scorer.findings import Finding, Where, render
from xlsx_scorer.i18n import date_time, text
from xlsx_scorer.xlsx import reader, splice
from xlsx_scorer.xlsx.spec import SheetSpec


@dataclass(frozen=True)
class Validated:
    """The typed ``Results`` rows and every error found in them, in reading order."""

    frame: pd.DataFrame
    findings: tuple[Finding, ...]
    #: Games (round, table) whose table-wide rules wait for an unreadable cell to be fixed.
    recheck: tuple[tuple[int, str], ...] = ()

    @property
    def games(self) -> int:
        """Games in the sheet: distinct (round, table) pairs."""
        return games.of(self.frame).count

    @property
    def players(self) -> int:
        """Distinct player names in the sheet."""
        _, names = games.factorized(self.frame, "player")
        return len(names)


@dataclass(frozen=True)
class Scored:
    """Our output sheets for a workbook, and the standings when they are published."""

    specs: tuple[SheetSpec, ...]
    standings: pd.DataFrame | None


def validate(book: reader.Workbook) -> Validated:
    """Every error of the ``Results`` sheet (SPEC §1–2), all in one pass, in row order."""
    results = book.results
    typed, cell_errors = typed_results(results.raw, results.coded)
    context = SheetContext(results.name, results.columns, typed)
    if results.uncached:  # an uncached formula is reported as that, not as unreadable
        keys = pd.Series(list(zip(cell_errors["row"], cell_errors["column"], strict=True)))
        cell_errors = cell_errors.loc[~keys.isin(results.uncached).to_numpy()]
    found = [
        *(context.finding("uncached_formula", row, column) for row, column in results.uncached),
        *problems_from_cell_errors(context, cell_errors),
        *(
            context.finding("merged_cells", row, column, found=cells)
            for row, column, cells in results.merged
        ),
    ]
    roster = frozenset(book.roster.names) if book.roster else None
    column_failures = _failure_cases(rules.columns_schema(), typed)
    found.extend(problems_from_failures(context, column_failures, (), RANGES))
    masked = rules.without_failures(typed, column_failures)
    rule_failures = _failure_cases(rules.rules_schema(roster), masked)
    rules_context = SheetContext(results.name, results.columns, masked)
    found.extend(problems_from_failures(rules_context, rule_failures, rules.rules(roster), RANGES))
    found.sort(key=lambda finding: (finding.where.position, finding.code))
    recheck = tuple(pending.games_to_recheck(masked))
    return Validated(typed, tuple(dict.fromkeys(found)), recheck)


def _failure_cases(schema: pa.DataFrameSchema, frame: pd.DataFrame) -> pd.DataFrame:
    """Pandera's failure cases of ``schema`` on ``frame`` (lazy: all of them), maybe none.

    The schemas neither coerce nor parse, so pandera may hand its checks ``frame``
    itself rather than a copy (``inplace``): what the rules work out about it is
    remembered for the details of their findings and for the scoring (``core.memo``).
    """
    try:
        schema.validate(frame, lazy=True, inplace=True)
    except pa.errors.SchemaErrors as errors:
        cases: pd.DataFrame = errors.failure_cases
        return cases
    return pd.DataFrame(columns=["column", "check", "failure_case", "index"])


def notices(book: reader.Workbook, validated: Validated | None = None) -> tuple[Finding, ...]:
    """What the organiser should know beyond errors.

    A hidden (or very hidden) ``Results`` sheet is scored as any other, and the
    run says so.  An old Standings or Round Points sheet (found by its marker, whatever
    it is called now) whose check code no longer matches its table (or that has none)
    was edited by hand: it is regenerated, and the run says so, naming the sheet.  Our
    notice that no standings are published has no table and no code: it is replaced
    without a word (``fingerprint.was_edited``).  Each game whose table-wide rules were
    skipped for an unreadable cell (``validated.recheck``) is named, so that a second
    run holds no surprise.
    """
    found = [
        Finding("recheck", {}, "notice", Where(sheet=book.results.name, round=round_, table=table))
        for round_, table in (validated.recheck if validated else ())
    ]
    if book.results.hidden:
        found.append(Finding("results_hidden", {}, "notice", Where(sheet=book.results.name)))
    for kind in (outputkinds.STANDINGS, outputkinds.ROUND_POINTS):
        old = book.existing_outputs.get(kind)
        if old is not None and fingerprint.was_edited(old.rows):
            found.append(Finding("regenerated", {}, "notice", Where(sheet=old.name)))
    return tuple(found)


def output_sheets(
    book: reader.Workbook,
    validated: Validated,
    found_notices: Sequence[Finding],
    *,
    lang: str,
    now: dt.datetime,
) -> Scored:
    """Standings, Round Points and Errors in ``lang`` (SPEC §5).

    With errors, no standings are published: Standings and Round Points become
    a notice pointing to Errors.  With no results yet (no games, no errors: a blank
    template), all three say so instead, with no table and no check code.
    """
    computed = date_time(lang, now)
    if validated.findings:
        withheld = text(lang, "notice.not_published", count=len(validated.findings))
        specs = (
            report.notice_sheet(lang, outputkinds.STANDINGS, withheld),
            report.notice_sheet(lang, outputkinds.ROUND_POINTS, withheld),
            report.errors_sheet(lang, validated.findings, computed=computed, notices=found_notices),
        )
        return Scored(specs, None)
    games = scoring.score_games(validated.frame)
    table, per_round = scoring.standings(games, collation_key)
    if table.empty:  # no results yet (a blank template): as the terminal says (cli.no_results)
        empty = text(lang, "notice.no_results", sheet=book.results.name)
        nothing_to_check = text(lang, "notice.no_results_errors", sheet=book.results.name)
        specs = (
            report.notice_sheet(lang, outputkinds.STANDINGS, empty),
            report.notice_sheet(lang, outputkinds.ROUND_POINTS, empty),
            report.notice_sheet(
                lang,
                outputkinds.ERRORS,
                nothing_to_check,
                *(render(notice, lang) for notice in found_notices),
            ),
        )
        return Scored(specs, table)
    specs = (
        report.standings_sheet(
            lang,
            table,
            per_round,
            event=book.event_name,
            computed=computed,
            games=validated.games,
        ),
        report.round_points_sheet(lang, games, event=book.event_name),
        report.errors_sheet(lang, (), computed=computed, notices=found_notices),
    )
    return Scored(specs, table)


def scored_package(book: reader.Workbook, specs: Sequence[SheetSpec], *, problems: bool) -> bytes:
    """The organiser's package with our sheets in place of the old ones, as bytes.

    The workbook opens on Errors when there are problems, else on Standings.
    """
    shown = outputkinds.ERRORS if problems else outputkinds.STANDINGS
    return splice.write_sheets(
        book.package,
        specs,
        legacy=outputkinds.LEGACY_OUTPUTS,
        active=shown,
        only=frozenset(outputkinds.OUTPUT_KINDS),  # a round's seating sheet stays
    )
