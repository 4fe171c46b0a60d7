"""The web layer's one door into the scorer: check and score a workbook's bytes.

The shape is the library API on bytes agreed for ``xlsx_scorer.app.api``:
``check(data, *, filename, language)`` and ``score(data, *, filename, language,
now)`` return a ``Result`` of frozen ``Finding`` values (code, params,
severity, where), ``render(finding, lang)`` words one.  Until that API lands
this module builds the shape on today's path-based engine, and it is the only
web module that imports the engine: when the bytes API lands, only this file
changes.

- The upload is written into a private temporary folder (``mkdtemp``: mode
  0700) that is removed before the call returns, whatever happens.
- ``check`` reads and validates; no workbook is written.  With no problem it
  also scores, so the page can show the standings and every game.
- ``score`` runs ``score_workbook`` into the temporary folder and returns the
  written bytes.
- A file that cannot be used is not an exception: its ``Result`` holds one
  ``fatal`` finding and exit code 2.  Any other exception is an internal
  error (exit 3 in the CLI) and propagates.
- ``Result.cells`` keeps the typed-in ``Results`` cells so that a finding can
  be shown among its neighbours (``ResultsCells.excerpt``).

>>> from pathlib import Path
>>> result = check(Path("fixtures/sample_event.xlsx").read_bytes(), filename="event.xlsx")
>>> result.exit_code, result.games, result.players, result.findings
(0, 28, 26, ())
"""

from __future__ import annotations

import datetime as dt
import math
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pandas as pd
from openpyxl.utils import column_index_from_string

from xlsx_scorer.app import api, report, template
from xlsx_scorer.core import scoring
from xlsx_scorer.core.cells import ErrorValue, is_blank, shown
from xlsx_scorer.core.collation import collation_key
from xlsx_scorer.core.problems import Notice, Problem, UnusableWorkbookError
from xlsx_scorer.i18n import DEFAULT_LANGUAGE, LANGUAGES, header, text
from xlsx_scorer.xlsx import reader

EXIT_OK, EXIT_PROBLEMS, EXIT_UNUSABLE = api.EXIT_OK, api.EXIT_PROBLEMS, api.EXIT_UNUSABLE
LANGUAGE_CODES: tuple[str, ...] = tuple(LANGUAGES)
DEFAULT_PLAYERS, DEFAULT_ROUNDS = template.DEFAULT_PLAYERS, template.DEFAULT_ROUNDS
#: Rows shown above and below a finding's cell; the longest cell text shown.
CONTEXT_ROWS, SHOWN_MAX = 2, 60
UNNAMED = "workbook.xlsx"


@dataclass(frozen=True)
class Where:
    """Where a finding points: the file, and in it the sheet, cell, round, table and player."""

    file: str | None = None
    sheet: str | None = None
    cell: str | None = None
    round: int | None = None
    table: str | None = None
    player: str | None = None


@dataclass(frozen=True)
class Finding:
    """One thing a run reports: ``error`` (a problem), ``notice``, or ``fatal`` (unusable file).

    ``params`` fill the message of ``code``.  Today's engine words problems
    while it validates, so their ``params`` are empty and ``message`` holds
    the words, in the language of the run.

    >>> Finding("empty_file", {}, "fatal", Where(file="a.xlsx"), "a.xlsx is empty.").to_json()
    ... # doctest: +NORMALIZE_WHITESPACE
    {'code': 'empty_file', 'severity': 'fatal', 'params': {},
     'where': {'file': 'a.xlsx', 'sheet': None, 'cell': None, 'round': None, 'table': None,
               'player': None}}
    """

    code: str
    params: Mapping[str, Any]
    severity: str
    where: Where
    message: str

    def to_json(self) -> dict[str, Any]:
        """The finding as JSON-ready data (without its words: ``render`` gives those)."""
        return {
            "code": self.code,
            "severity": self.severity,
            "params": dict(self.params),
            "where": asdict(self.where),
        }


@dataclass(frozen=True)
class Excerpt:
    """A few rows of ``Results`` as the organiser sees them, one cell to highlight.

    ``rows[i]`` is Excel row ``first_row + i``; its values, as shown text, are
    in the order of ``columns`` (letters) and ``headers``.
    """

    first_row: int
    columns: tuple[str, ...]
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    highlight: tuple[int, str]


@dataclass(frozen=True)
class ResultsCells:
    """The ``Results`` sheet's cells as typed: for showing a finding among its neighbours.

    ``raw`` is indexed by Excel row (blank rows left out) with one column per
    key of ``keys``; ``letters`` and ``headers`` name those columns, in sheet order.
    """

    sheet: str
    header_row: int
    keys: tuple[str, ...]
    letters: tuple[str, ...]
    headers: tuple[str, ...]
    raw: pd.DataFrame

    def excerpt(self, cell: str, around: int = CONTEXT_ROWS) -> Excerpt | None:
        """The rows around ``cell`` (``"E7"``): ``around`` above and below, fewer at the edges.

        None when ``cell`` is not a result cell below the header.

        >>> raw = pd.DataFrame({"player": ["Ana", "Bo", 3.0]}, index=[2, 3, 5], dtype=object)
        >>> cells = ResultsCells("Results", 1, ("player",), ("C",), ("Player",), raw)
        >>> found = cells.excerpt("C3", around=1)
        >>> found.first_row, found.rows, found.highlight
        (2, (('Ana',), ('Bo',), ('',)), (3, 'C'))
        """
        letters = cell.rstrip("0123456789")
        digits = cell[len(letters) :]
        if not letters or not digits or int(digits) <= self.header_row:
            return None
        row = int(digits)
        last = max(row, int(self.raw.index.max()) if len(self.raw) else row)
        first = max(self.header_row + 1, min(row - around, last - 2 * around))
        final = min(last, first + 2 * around)
        window = self.raw.reindex(range(first, final + 1))[list(self.keys)]
        rows = tuple(tuple(_shown(value) for value in values) for values in window.to_numpy())
        return Excerpt(first, self.letters, self.headers, rows, (row, letters))


@dataclass(frozen=True)
class Result:
    """What a check or a score run found (the agreed shape) and what the page shows beside it.

    ``exit_code`` is the CLI's: 0 no problem, 1 problems, 2 unusable file.
    ``standings`` is the ranked table (rank, player, points12, vp, table_vp,
    vp_share) when nothing is wrong; ``workbook`` the scored file's bytes
    (``score`` only); ``played`` one row per player per game (round, table,
    player, vp, titles, declared, place, points12; ``check`` only, when scored);
    ``cells`` the ``Results`` cells around which findings are shown.
    """

    findings: tuple[Finding, ...]
    language: str
    games: int
    players: int
    exit_code: int
    standings: pd.DataFrame | None
    workbook: bytes | None = None
    played: pd.DataFrame | None = None
    cells: ResultsCells | None = None


def check(data: bytes, *, filename: str | None = None, language: str | None = None) -> Result:
    """Validate ``data`` (a workbook's bytes) as ``score`` would, writing nothing."""
    with _private_folder() as folder:
        try:
            book = reader.read_workbook(_upload(folder, data, filename), report.OUTPUT_SHEETS)
        except UnusableWorkbookError as error:
            return _unusable(error, filename, language)
    lang = language or book.language or DEFAULT_LANGUAGE
    validated = api.validate(book, lang)
    findings = _findings(validated.problems, api.notices(book, lang), filename)
    frame = validated.frame
    games = int(frame.groupby(["round", "table"], dropna=True).ngroups)
    cells = _cells(book.results, lang)
    if validated.problems:
        players = int(frame["player"].nunique())
        return Result(findings, lang, games, players, EXIT_PROBLEMS, None, cells=cells)
    played = scoring.score_games(frame)
    table, _ = scoring.standings(played, collation_key)
    return Result(findings, lang, games, len(table), EXIT_OK, table, played=played, cells=cells)


def score(
    data: bytes,
    *,
    filename: str | None = None,
    language: str | None = None,
    now: dt.datetime | None = None,
) -> Result:
    """Check and score ``data``; ``Result.workbook`` holds the scored workbook's bytes."""
    with _private_folder() as folder:
        source = _upload(folder, data, filename)
        target = folder / f"scored{source.suffix}"
        try:
            outcome = api.score_workbook(source, target, language=language, now=now)
            results = reader.read_workbook(source).results if outcome.problems else None
        except UnusableWorkbookError as error:
            return _unusable(error, filename, language)
        written = target.read_bytes()
    return Result(
        _findings(outcome.problems, outcome.notices, filename),
        outcome.language,
        outcome.games,
        outcome.players,
        outcome.exit_code,
        outcome.standings,
        workbook=written,
        cells=_cells(results, outcome.language) if results is not None else None,
    )


def warm_up() -> None:
    """Check and score a small blank template, so that the first organiser does not wait.

    The first run in a process pays for building the rule schemas and loading
    the writer (about a second); a server calls this once as it starts.
    """
    blank = template_workbook(DEFAULT_LANGUAGE, players=4, rounds=1, event=None)
    check(blank, filename="warm-up.xlsx")
    score(blank, filename="warm-up.xlsx")


def render(finding: Finding, lang: str) -> str:
    """The finding in words, in ``lang``: the language of the run that found it."""
    del lang  # today's engine words each finding in the run's language as it finds it
    return finding.message


def template_workbook(lang: str, *, players: int, rounds: int, event: str | None) -> bytes:
    """The blank tournament workbook for ``players`` over ``rounds`` rounds, in ``lang``."""
    return template.template_bytes(lang, players=players, rounds=rounds, event=event)


@contextmanager
def _private_folder() -> Iterator[Path]:
    """A temporary folder only this process can read, removed on the way out."""
    with tempfile.TemporaryDirectory(prefix="xlsx-scorer-") as folder:
        yield Path(folder)


def _upload(folder: Path, data: bytes, filename: str | None) -> Path:
    """``data`` saved in ``folder`` under a fixed name with the upload's suffix (.xlsx/.xlsm)."""
    suffix = ".xlsm" if (filename or "").lower().endswith(".xlsm") else ".xlsx"
    path = folder / f"upload{suffix}"
    path.write_bytes(data)
    return path


def _unusable(error: UnusableWorkbookError, filename: str | None, language: str | None) -> Result:
    lang = language or error.language or DEFAULT_LANGUAGE
    message = text(lang, error.code, **{"file": filename or UNNAMED, **error.params})
    params = {key: _json_value(value) for key, value in error.params.items()}
    finding = Finding(error.code, params, "fatal", Where(file=filename), message)
    return Result((finding,), lang, 0, 0, EXIT_UNUSABLE, None)


def _findings(
    problems: tuple[Problem, ...], notices: tuple[Notice, ...], filename: str | None
) -> tuple[Finding, ...]:
    errors = (
        Finding(
            problem.code,
            {},
            "error",
            Where(
                filename,
                problem.sheet,
                problem.cell or None,
                None if problem.round is None else int(problem.round),
                problem.table,
                None if problem.player is None else str(problem.player),
            ),
            problem.message,
        )
        for problem in problems
    )
    said = (
        Finding(notice.code, {}, "notice", Where(file=filename), notice.message)
        for notice in notices
    )
    return (*errors, *said)


def _cells(results: reader.ResultsSheet, lang: str) -> ResultsCells:
    ordered = sorted(results.columns.items(), key=lambda item: column_index_from_string(item[1]))
    return ResultsCells(
        sheet=results.name,
        header_row=results.header_row,
        keys=tuple(key for key, _ in ordered),
        letters=tuple(letter for _, letter in ordered),
        headers=tuple(header(lang, key) for key, _ in ordered),
        raw=results.raw,
    )


def _shown(value: Any) -> str:
    """A cell as the organiser recognises it, cut to ``SHOWN_MAX`` characters; blank is ``""``.

    >>> _shown(3.0), _shown(None), _shown(float("nan")), _shown(True), _shown("x" * 70)[-3:]
    ('3', '', '', 'TRUE', 'xx…')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)) or is_blank(value):
        return ""
    words = value.text if isinstance(value, ErrorValue) else shown(value)
    return words if len(words) <= SHOWN_MAX else words[: SHOWN_MAX - 1] + "…"


def _json_value(value: Any) -> Any:
    """A message parameter as JSON can hold it: text, numbers, booleans and null as they are."""
    return value if value is None or isinstance(value, str | int | float | bool) else str(value)
