"""The web layer's one door into the scorer: the library API on bytes, and what the page shows.

Bytes in, findings and bytes out; nothing touches the disk.  A run's
``Result`` is the library's ``xlsx_scorer.app.api.Result`` (the same findings,
exit code, games and players the CLI reports) with what the page shows beside
it: the typed-in ``Results`` cells around which findings are drawn
(``ResultsCells.excerpt``) and, after a clean check, every game scored.

- ``check`` is ``api.run`` without scoring (the steps of ``api.check``, once),
  keeping the workbook it read for the page; with no error it also ranks it
  (``api.run``'s ``rank``: the one scoring path of the sheets and the archive, in
  the workbook's format) so the page can show standings and games.
- ``score`` is ``api.run`` with scoring (``api.score``): the scored bytes are the
  CLI's; when the workbook has errors its ``Results`` cells, already read, go to
  the page.
- ``format`` is a shipped format's name (``core.formats.SHIPPED``) or None (the
  workbook's own, else ``catan-es``); the page never names a file.
- ``seat`` is ``app.seat.seat_bytes``: round N seated into the workbook (its bytes, the
  seating and its report), or the refusal (the round has rows, no roster, no seating
  possible, a file that cannot be used) as one finding.
- A file that cannot be used is not an exception: its ``Result`` holds one
  ``fatal`` finding and exit code 2.  Any other exception is an internal
  error (exit 3 in the CLI) and propagates.

The web check and the CLI's check agree, finding for finding:

>>> from pathlib import Path
>>> data = Path("fixtures/sample_mistakes.xlsx").read_bytes()
>>> web, library = check(data, filename="m.xlsx"), api.check(data, filename="m.xlsx")
>>> web.findings == library.findings, web.exit_code, web.games, web.players
(True, 1, 28, 26)
>>> clean = check(Path("fixtures/sample_event.xlsx").read_bytes(), filename="event.xlsx")
>>> clean.exit_code, clean.games, clean.players, clean.findings, len(clean.standings)
(0, 28, 26, (), 26)
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from xlsx_scorer.app import api, template
from xlsx_scorer.app import seat as seating
from xlsx_scorer.core import formats
from xlsx_scorer.core.cells import ErrorValue, is_blank, shown
from xlsx_scorer.core.seating import Method
from xlsx_scorer.findings import Finding, UnusableWorkbookError, Where
from xlsx_scorer.i18n import DEFAULT_LANGUAGE, LANGUAGES, header, text
from xlsx_scorer.xlsx import reader

if TYPE_CHECKING:
    from xlsx_scorer.app.pipeline import Ranking

EXIT_OK, EXIT_PROBLEMS, EXIT_UNUSABLE = api.EXIT_OK, api.EXIT_PROBLEMS, api.EXIT_UNUSABLE
LANGUAGE_CODES: tuple[str, ...] = tuple(LANGUAGES)
DEFAULT_PLAYERS, DEFAULT_ROUNDS = template.DEFAULT_PLAYERS, template.DEFAULT_ROUNDS
#: Rows shown above and below a finding's cell; the longest cell text shown.
CONTEXT_ROWS, SHOWN_MAX = 2, 60
UNNAMED = "workbook.xlsx"


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

    def excerpt(self, where: Where, around: int = CONTEXT_ROWS) -> Excerpt | None:
        """The rows around the cell of ``where``: ``around`` above and below, fewer at the edges.

        None when ``where`` is not a result cell of this sheet below the header.

        >>> raw = pd.DataFrame({"player": ["Ana", "Bo", 3.0]}, index=[2, 3, 5], dtype=object)
        >>> cells = ResultsCells("Results", 1, ("player",), ("C",), ("Player",), raw)
        >>> found = cells.excerpt(Where(sheet="Results", cell="C3"), around=1)
        >>> found.first_row, found.rows, found.highlight
        (2, (('Ana',), ('Bo',), ('',)), (3, 'C'))
        >>> cells.excerpt(Where(sheet="Standings", cell="C3")) is None
        True
        """
        row, _ = where.position
        letters = (where.cell or "").rstrip("0123456789")
        if where.sheet != self.sheet or not letters or row <= self.header_row:
            return None
        last = max(row, int(self.raw.index.max()) if len(self.raw) else row)
        first = max(self.header_row + 1, min(row - around, last - 2 * around))
        final = min(last, first + 2 * around)
        window = self.raw.reindex(range(first, final + 1))[list(self.keys)]
        rows = tuple(tuple(_shown(value) for value in values) for values in window.to_numpy())
        return Excerpt(first, self.letters, self.headers, rows, (row, letters))


@dataclass(frozen=True)
class Result(api.Result):
    """The library's result of a run, and what the page shows beside it.

    ``ranking`` is what a check that found no error scored, in the workbook's format
    (``api.Run.ranking``: every game with what it gave, the ranked players with their
    exact keys and first key per round); ``cells`` the ``Results`` cells around which
    findings are shown (None when the file could not be used, or had no error to show
    after ``score``).
    """

    ranking: Ranking | None = None
    cells: ResultsCells | None = None


def check(
    data: bytes,
    *,
    filename: str | None = None,
    language: str | None = None,
    format: str | formats.FormatFile | None = None,
) -> Result:
    """Every finding about the workbook in ``data``, as ``api.check``; ranked when clean.

    The steps are ``api.check``'s, run once: the workbook read is kept for the
    page, and a clean one is ranked (nothing is written).
    """
    checked = api.run(
        data, filename=filename, language=language, scoring=False, rank=True, format=format
    )
    if checked.book is None or checked.validated is None:
        return _shown_with(checked.result)
    cells = _cells(checked.book.results, checked.result.language)
    return _shown_with(checked.result, ranking=checked.ranking, cells=cells)


def score(
    data: bytes,
    *,
    filename: str | None = None,
    language: str | None = None,
    now: dt.datetime | None = None,
    format: str | formats.FormatFile | None = None,
) -> Result:
    """``api.score``: ``Result.workbook`` holds the scored bytes; with errors, their cells too."""
    scored = api.run(
        data, filename=filename, language=language, now=now, scoring=True, format=format
    )
    if scored.book is None or scored.result.exit_code != EXIT_PROBLEMS:
        return _shown_with(scored.result)
    return _shown_with(scored.result, cells=_cells(scored.book.results, scored.result.language))


def seat(
    data: bytes,
    round_no: int,
    *,
    method: Method | None = None,
    seed: int = 0,
    language: str | None = None,
    format: str | formats.FormatFile | None = None,
    filename: str | None = None,
) -> seating.SeatedBytes | Finding:
    """Seat round ``round_no`` of the workbook in ``data`` (``app.seat.seat_bytes``); the
    refusal as its finding (the round has rows, no roster, no seating possible, a file
    that cannot be used).

    >>> from pathlib import Path
    >>> data = Path("fixtures/sample_event.xlsx").read_bytes()
    >>> done = seat(data, 5, seed=1, filename="event.xlsx")
    >>> done.seating.round, done.method, len(done.seating.tables)
    (5, 'random', 7)
    >>> seat(data, 4).code
    'unusable.seat_round_taken'
    """
    try:
        return seating.seat_bytes(
            data,
            round_no,
            method=method,
            seed=seed,
            language=language,
            format=format,
            path=Path(filename or UNNAMED),
        )
    except UnusableWorkbookError as error:
        return error.finding


def warm_up() -> None:
    """Check and score a small blank template, so that the first organiser does not wait.

    The first run in a process pays for building the rule schemas and loading
    the writer (about a second); a server calls this once as it starts.
    """
    blank = template_workbook(DEFAULT_LANGUAGE, players=4, rounds=1, event=None)
    check(blank, filename="warm-up.xlsx")
    score(blank, filename="warm-up.xlsx")


def template_workbook(
    lang: str, *, players: int, rounds: int, event: str | None, format: str | None = None
) -> bytes:
    """The blank tournament workbook for ``players`` over ``rounds`` rounds, in ``lang``, for
    the shipped format ``format`` (None: the default template)."""
    fmt = None if format is None else formats.shipped()[format]
    return template.template_bytes(lang, players=players, rounds=rounds, event=event, fmt=fmt)


def format_choices() -> list[dict[str, Any]]:
    """The shipped formats the page offers: name, game, and one line in every language.

    >>> choices = format_choices()
    >>> [choice["name"] for choice in choices][:2], sorted(choices[0]["description"])
    (['catan-es', 'catan-de'], ['ca', 'en', 'es', 'tr'])
    """
    return [
        {
            "name": name,
            "game": fmt.game,
            "description": {lang: text(lang, f"format.{name}") for lang in LANGUAGE_CODES},
        }
        for name, fmt in formats.shipped().items()
    ]


def _shown_with(
    result: api.Result, *, ranking: Ranking | None = None, cells: ResultsCells | None = None
) -> Result:
    """``result`` with what the page shows beside it."""
    fields = {field.name: getattr(result, field.name) for field in dataclasses.fields(api.Result)}
    return Result(**fields, ranking=ranking, cells=cells)


def _cells(results: reader.ResultsSheet, lang: str) -> ResultsCells:
    ordered = sorted(results.columns.items(), key=lambda item: Where(cell=f"{item[1]}1").position)
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
