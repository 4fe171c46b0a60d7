"""The web layer's one door into the scorer: the library API on bytes, and what the page shows.

Bytes in, findings and bytes out; nothing touches the disk.  A run's
``Result`` is the library's ``xlsx_scorer.app.api.Result`` (the same findings,
exit code, games and players the CLI reports) with what the page shows beside
it: the typed-in ``Results`` cells around which findings are drawn
(``app.excerpt``), the round to seat next (``app.nextround.next_round``) and, after a
clean check, every game scored.

- ``check`` is ``api.run`` without scoring (the steps of ``api.check``, once),
  keeping the workbook it read for the page; with no error it also ranks it
  (``api.run``'s ``rank``: the one scoring path of the sheets and the archive, in
  the workbook's format) so the page can show standings and games.
- ``score`` is ``api.run`` with scoring (``api.score``): the scored bytes are the
  CLI's; when the workbook has errors its ``Results`` cells, already read, go to
  the page.
- ``format`` is a shipped format's name (``api.shipped_formats``) or None (the
  workbook's own, else ``catan-es``); the page never names a file.
- ``seat`` is ``app.nextround.seat_scored``: the workbook scored, round N seated into it
  (its bytes, the seating and its report, what scoring found), or the refusal (the round
  has rows, no roster, no seating possible, a file that cannot be used) as one finding.
- The web takes nothing from the core or the reader itself: only this API (``app``).
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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from xlsx_scorer.app import api, nextround, template
from xlsx_scorer.app.excerpt import ResultsCells, results_cells
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.i18n import DEFAULT_LANGUAGE, LANGUAGES, text

if TYPE_CHECKING:
    from xlsx_scorer.app.api import FormatFile
    from xlsx_scorer.app.pipeline import Ranking

EXIT_OK, EXIT_PROBLEMS, EXIT_UNUSABLE = api.EXIT_OK, api.EXIT_PROBLEMS, api.EXIT_UNUSABLE
LANGUAGE_CODES: tuple[str, ...] = tuple(LANGUAGES)
DEFAULT_PLAYERS, DEFAULT_ROUNDS = template.DEFAULT_PLAYERS, template.DEFAULT_ROUNDS
UNNAMED = "workbook.xlsx"
#: The largest round the page seats, and a template's most rounds: the command line's.
MAX_ROUND = nextround.MAX_ROUND
METHODS = tuple(nextround.METHODS)


@dataclass(frozen=True)
class Result(api.Result):
    """The library's result of a run, and what the page shows beside it.

    ``ranking`` is what a check that found no error scored, in the workbook's format
    (``api.Run.ranking``: every game with what it gave, the ranked players with their
    exact keys and first key per round); ``cells`` the ``Results`` cells around which
    findings are shown (None when the file could not be used, or had no error to show
    after ``score``); ``next`` the round a check offers to seat (``nextround.next_round``;
    None when the file could not be used).
    """

    ranking: Ranking | None = None
    cells: ResultsCells | None = None
    next: nextround.NextRound | None = None


def check(
    data: bytes,
    *,
    filename: str | None = None,
    language: str | None = None,
    format: str | FormatFile | None = None,
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
    cells = results_cells(checked.book.results, checked.result.language)
    coming = nextround.next_round(checked.book)
    return _shown_with(checked.result, ranking=checked.ranking, cells=cells, coming=coming)


def score(
    data: bytes,
    *,
    filename: str | None = None,
    language: str | None = None,
    now: dt.datetime | None = None,
    format: str | FormatFile | None = None,
) -> Result:
    """``api.score``: ``Result.workbook`` holds the scored bytes; with errors, their cells too."""
    scored = api.run(
        data, filename=filename, language=language, now=now, scoring=True, format=format
    )
    if scored.book is None or scored.result.exit_code != EXIT_PROBLEMS:
        return _shown_with(scored.result)
    cells = results_cells(scored.book.results, scored.result.language)
    return _shown_with(scored.result, cells=cells)


def seat(
    data: bytes,
    round_no: int,
    *,
    method: str | None = None,
    seed: int = 0,
    language: str | None = None,
    format: str | FormatFile | None = None,
    filename: str | None = None,
) -> nextround.SeatedScored | UnusableWorkbookError:
    """Round ``round_no`` seated into the scored workbook in ``data``
    (``app.nextround.seat_scored``: one workbook with the standings and the round); the
    refusal (the round has rows, no roster, no seating possible, a file that cannot be
    used), its finding and the workbook's language when it was read (to be told in).

    >>> from pathlib import Path
    >>> data = Path("fixtures/sample_event.xlsx").read_bytes()
    >>> done = seat(data, 5, seed=1, filename="event.xlsx")
    >>> done.seated.seating.round, done.seated.method, len(done.seated.seating.tables)
    (5, 'random', 7)
    >>> seat(data, 4).code
    'unusable.seat_round_taken'
    """
    try:
        return nextround.seat_scored(
            data,
            round_no,
            method=method,
            seed=seed,
            language=language,
            format=format,
            filename=filename or UNNAMED,
        )
    except UnusableWorkbookError as error:
        return error


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
    fmt = None if format is None else api.shipped_formats()[format]
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
        for name, fmt in api.shipped_formats().items()
    ]


def _shown_with(
    result: api.Result,
    *,
    ranking: Ranking | None = None,
    cells: ResultsCells | None = None,
    coming: nextround.NextRound | None = None,
) -> Result:
    """``result`` with what the page shows beside it."""
    fields = {field.name: getattr(result, field.name) for field in dataclasses.fields(api.Result)}
    return Result(**fields, ranking=ranking, cells=cells, next=coming)
