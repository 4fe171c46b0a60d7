"""The next round of an event, and that round seated into the event's one workbook.

- ``MAX_ROUND``: the largest round number ``seat`` takes, on the command line and the page.
- ``next_round``: the round that comes next, one more than the last round with rows in
  ``Results`` (1 with none), as ``seat`` decides it (``seat.next_round``): none while the
  round before it has games to play (SPEC §8; ``waiting`` says why) and none past the last
  round the ``Event`` sheet declares (``Rounds``) and the final stages the format plays after
  them (``stageseat.stage_rounds``): what the page offers to seat, by the format's method.
- ``seat_scored``: the workbook scored (``api.score``), then round N seated into the scored
  workbook (``seat.seat_bytes``): one workbook holding the standings of the rounds
  played, the round's rows and its slips, opening on the slips.  A workbook with problems
  is seated all the same, its Errors sheet saying what withholds the standings; a file
  that cannot be used, or a round that cannot be seated, is refused
  (``UnusableWorkbookError``), nothing made.
- ``seat_file``: ``seat`` on a file (the command line).  A workbook holding our output
  sheets (Standings, Round Points, Errors) is first scored, as the page does: its sheets
  never show a ranking or an Errors sheet the results no longer agree with (docs/rules.md
  §7); a workbook without them is seated as it is.

>>> from pathlib import Path
>>> data = Path("fixtures/sample_event.xlsx").read_bytes()
>>> offered = next_round(api.run(data, scoring=False).book)
>>> offered.round, offered.rounds, offered.method
(5, None, 'random')
>>> done = seat_scored(data, 5, seed=1, filename="event.xlsx")
>>> done.seated.sheet, done.standings, done.scored.exit_code
('Seating R5', 'Standings', 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from xlsx_scorer.app import api, seat, stageseat
from xlsx_scorer.app.outputkinds import LEGACY_OUTPUTS, OUTPUT_KINDS, STANDINGS
from xlsx_scorer.core.seating import Method
from xlsx_scorer.findings import Finding, UnusableWorkbookError
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx import ours
from xlsx_scorer.xlsx.read import reader, sidesheets
from xlsx_scorer.xlsx.write import save

if TYPE_CHECKING:
    from xlsx_scorer.core.formats import Format, FormatFile

#: The largest round number ``seat`` takes (``--round``, the page's ``round``).
MAX_ROUND = 1000
#: The seating methods by name (``--method``, the page's ``method``).
METHODS: dict[str, Method] = {"random": "random", "swiss": "swiss"}


@dataclass(frozen=True)
class NextRound:
    """The round to offer (None: the round before it has games to play, said by
    ``waiting``, or every round the Event sheet declares has rows), the event's declared
    ``Rounds`` (None when not said), and the format's seating method."""

    round: int | None
    rounds: int | None
    method: Method
    waiting: Finding | None = None


def next_round(book: reader.Workbook) -> NextRound:
    """What the page offers to seat: ``seat.next_round``'s decision (the round after the
    last one with rows, unless the round before it has games to play or it is past the
    declared last), with the format's method.  A ``Rounds`` that is no whole number offers
    nothing, ``waiting`` naming its cell; nor does a workbook without a roster, whose seating
    ``seat`` would refuse (``unusable.seat_no_roster``)."""
    played = seat.rounds_played(book)
    waiting = seat.refusal(book, played, played.next)
    if waiting is None and book.roster is None:
        waiting = UnusableWorkbookError("unusable.seat_no_roster", language=book.language).finding
    method = seat.default_method(book.format.table_sizes)
    event = reader.side_rows(book.package, "event")
    try:
        rounds = sidesheets.event_rounds(event[1]) if event else None
    except UnusableWorkbookError as unreadable:  # ``Rounds`` is no whole number: say so
        return NextRound(None, None, method, unreadable.finding)
    # past the last round and the format's final stages for the event's attendance
    past_last = rounds is not None and played.next > rounds + stageseat.stage_rounds(book, rounds)
    offered = waiting is None and not past_last and played.next <= MAX_ROUND
    return NextRound(played.next if offered else None, rounds, method, waiting)


@dataclass(frozen=True)
class SeatedScored:
    """Round N seated into the scored workbook: ``seated`` (its bytes are the one workbook to
    keep), what scoring found (``scored``: exit code, findings, standings) and the name of
    the standings sheet it carries."""

    seated: seat.SeatedBytes
    scored: api.Result
    standings: str | None


def seat_scored(
    data: bytes,
    round_no: int,
    *,
    method: str | None = None,
    seed: int = 0,
    language: str | None = None,
    format: str | Path | Format | FormatFile | None = None,
    filename: str | None = None,
) -> SeatedScored:
    """Score ``data``, then seat round ``round_no`` into the scored workbook (see above);
    ``method`` is one of ``METHODS`` (None: the format's)."""
    scored, workbook = _scored(api.score(data, filename=filename, language=language, format=format))
    standings = next(
        (
            sheet.name
            for sheet in ours.our_sheets(Package.open(workbook), LEGACY_OUTPUTS)
            if sheet.kind == STANDINGS
        ),
        None,
    )
    seated = seat.seat_bytes(
        workbook,
        round_no,
        method=None if method is None else METHODS[method],
        seed=seed,
        language=language,
        format=scored.format,
        path=Path(filename or "workbook.xlsx"),
        checked=True,
    )
    return SeatedScored(seated, scored, standings)


def seat_file(
    source: Path,
    round_no: int,
    *,
    output: Path | None = None,
    method: Method | None = None,
    seed: int = 0,
    rounds: int | None = None,
    force: bool = False,
    language: str | None = None,
    format: str | Path | None = None,
) -> seat.Seated:
    """Seat round ``round_no`` of ``source`` and save to ``output`` (default: in place).

    ``seat.seat_bytes`` on the file's bytes (scored first when they hold our output
    sheets: ``Seated.scored`` says what scoring found), then saved atomically; ``force``
    replaces an existing ``output``, scores in a format that disagrees with the recorded one
    and seats the round even while the one before it has no rows or games to play.
    """
    target = output or source
    if output is not None and output.exists() and not force and not output.samefile(source):
        raise UnusableWorkbookError("unusable.output_exists", {"file": str(output)})
    chosen = api.load_format(format)  # a bad format is refused before the file is read
    package = api.read_file(source)  # held: seating reads it, not another opening
    data, scored = package.data, None
    if any(sheet.kind in OUTPUT_KINDS for sheet in ours.our_sheets(package, LEGACY_OUTPUTS)):
        scored, data = _scored(
            api.score(data, filename=source.name, language=language, format=chosen, force=force)
        )
        chosen = scored.format or chosen
    seated = seat.seat_bytes(
        data,
        round_no,
        method=method,
        seed=seed,
        rounds=rounds,
        language=language,
        format=chosen,
        path=source,
        checked=True,
        force=force,
        command_line=True,
    )
    save.save_atomically(target, seated.workbook)
    return seat.Seated(
        seated.seating,
        seated.language,
        target,
        seated.sheet,
        seated.results,
        seated.notices,
        scored,
    )


def _scored(scored: api.Result) -> tuple[api.Result, bytes]:
    """``scored`` and its workbook when it holds one; else its one fatal finding, refused."""
    if scored.workbook is None:
        (fatal,) = scored.findings
        refused = UnusableWorkbookError(fatal.code, language=scored.language)
        refused.finding = fatal  # as found, where it was found
        raise refused
    return scored, scored.workbook
