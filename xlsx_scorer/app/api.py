"""The library entry point: read → validate → score → write, one function per step.

>>> import tempfile
>>> scored = Path(tempfile.mkdtemp()) / "scored.xlsx"
>>> score_workbook(Path("fixtures/sample_event.xlsx"), scored).exit_code
0
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pandera.pandas as pa

from xlsx_scorer.app import fingerprint, report
from xlsx_scorer.core import rules as schemas
from xlsx_scorer.core import scoring
from xlsx_scorer.core.collation import collation_key
from xlsx_scorer.core.problems import (
    Notice,
    Problem,
    SheetContext,
    problems_from_cell_errors,
    problems_from_failures,
)
from xlsx_scorer.i18n import DEFAULT_LANGUAGE, text
from xlsx_scorer.xlsx import reader as workbook
from xlsx_scorer.xlsx import writer
from xlsx_scorer.xlsx.spec import kind_of

EXIT_OK, EXIT_PROBLEMS, EXIT_UNUSABLE = 0, 1, 2


@dataclass(frozen=True)
class Validated:
    """The typed ``Results`` rows and every problem found in them."""

    frame: pd.DataFrame
    problems: tuple[Problem, ...]


@dataclass(frozen=True)
class Outcome:
    """What a scoring run found and wrote."""

    language: str
    games: int
    players: int
    problems: tuple[Problem, ...]
    standings: pd.DataFrame | None
    written: Path
    notices: tuple[Notice, ...] = ()

    @property
    def exit_code(self) -> int:
        """0 scored without errors; 1 the workbook has errors (SPEC §5)."""
        return EXIT_PROBLEMS if self.problems else EXIT_OK


def validate(book: workbook.Workbook, lang: str) -> Validated:
    """Every problem of the ``Results`` sheet (SPEC §1–2), all in one pass, in row order."""
    results = book.results
    typed, cell_errors = schemas.typed_results(results.raw)
    context = SheetContext(results.name, results.columns, typed, lang)
    keys = pd.Series(list(zip(cell_errors["row"], cell_errors["column"], strict=True)))
    cell_errors = cell_errors.loc[~keys.isin(results.uncached).to_numpy()]
    problems = [
        *(
            context.problem("uncached_formula", row, column)
            for row, column in sorted(results.uncached)
        ),
        *problems_from_cell_errors(context, cell_errors),
        *(
            context.problem("merged_cells", row, column, found=cells)
            for row, column, cells in results.merged
        ),
    ]
    roster = frozenset(book.roster.names) if book.roster else None
    column_failures = _failure_cases(schemas.columns_schema(), typed)
    problems.extend(problems_from_failures(context, column_failures, (), schemas.RANGES))
    masked = schemas.without_failures(typed, column_failures)
    rule_failures = _failure_cases(schemas.rules_schema(roster), masked)
    rules_context = SheetContext(results.name, results.columns, masked, lang)
    problems.extend(
        problems_from_failures(rules_context, rule_failures, schemas.rules(roster), schemas.RANGES)
    )
    problems.sort(key=lambda problem: (problem.position, problem.code))
    return Validated(typed, tuple(dict.fromkeys(problems)))


def _failure_cases(schema: pa.DataFrameSchema, frame: pd.DataFrame) -> pd.DataFrame:
    """Pandera's failure cases of ``schema`` on ``frame`` (lazy: all of them), maybe none."""
    try:
        schema.validate(frame, lazy=True)
    except pa.errors.SchemaErrors as errors:
        cases: pd.DataFrame = errors.failure_cases
        return cases
    return pd.DataFrame(columns=["column", "check", "failure_case", "index"])


def notices(book: workbook.Workbook, lang: str) -> tuple[Notice, ...]:
    """What the organiser should know beyond errors.

    A hidden (or very hidden) ``Results`` sheet is scored as any other, and the
    run says so.  An old ``Standings`` or ``Round Points`` sheet whose check code
    no longer matches its table (or that has none) was edited by hand: it is
    regenerated, and the run says so.
    """
    found = []
    if book.results.hidden:
        found.append(
            Notice("results_hidden", text(lang, "notice.results_hidden", sheet=book.results.name))
        )
    for name in (report.STANDINGS, report.ROUND_POINTS):
        rows = book.existing_outputs.get(name)
        if rows is not None and not fingerprint.is_untouched(rows):
            found.append(Notice("regenerated", text(lang, "notice.regenerated", sheet=name)))
    return tuple(found)


def score_workbook(
    source: Path,
    target: Path | None = None,
    *,
    language: str | None = None,
    now: dt.datetime | None = None,
) -> Outcome:
    """Score ``source`` and write Standings, Round Points and Errors into ``target``.

    ``target`` defaults to ``source`` (in place).  Raises
    ``UnusableWorkbookError`` when the file cannot be used at all; then
    nothing is written.
    """
    book = workbook.read_workbook(source, report.OUTPUT_SHEETS)
    lang = language or book.language or DEFAULT_LANGUAGE
    computed = (now or dt.datetime.now(dt.UTC)).strftime("%Y-%m-%d %H:%M UTC")
    validated = validate(book, lang)
    found = notices(book, lang)
    frame = validated.frame
    games_count = int(frame.groupby(["round", "table"], dropna=True).ngroups)
    if validated.problems:
        count = len(validated.problems)
        specs = [
            report.not_published_sheet(lang, report.STANDINGS, "title.standings", count),
            report.not_published_sheet(lang, report.ROUND_POINTS, "title.round_points", count),
            report.errors_sheet(lang, validated.problems, computed=computed, notices=found),
        ]
        table = None
        players = int(frame["player"].nunique())
    else:
        games = scoring.score_games(frame)
        table, per_round = scoring.standings(games, collation_key)
        specs = [
            report.standings_sheet(
                lang, table, per_round, event=book.event_name, computed=computed, games=games_count
            ),
            report.round_points_sheet(lang, games, event=book.event_name),
            report.errors_sheet(lang, (), computed=computed, notices=found),
        ]
        players = len(table)
    written = target or source
    shown = report.ERRORS if validated.problems else report.STANDINGS
    writer.write_outputs(book, specs, written, legacy=report.LEGACY_OUTPUTS, active=kind_of(shown))
    return Outcome(lang, games_count, players, validated.problems, table, written, found)
