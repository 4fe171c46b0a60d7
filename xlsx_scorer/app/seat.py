"""``seat`` on a workbook: read the roster and the earlier rounds, seat round N, write it in
(``nextround.seat_file`` does it on a file, scoring first a workbook we scored).

The round's rows (round, table, player, in seat order: the first row of a table
starts) are written below the last row of the organiser's ``Results`` by the
cell patcher (every other byte of the sheet stays; the new rows take the look of
the row above: its styles, and its input rules, conditional formats, filter, names and
Excel tables grown over them, ``xlsx.write.carrydown``), then a printable ``Seating R<N>``
sheet is added by the sheet splicer (our other output sheets stay), the one selected: the
workbook opens on it.  The package is read
back and must hold exactly the seated rows before it is saved; a round that already has
rows is refused (exit 2, nothing written), and so is a round whose previous round has no
rows or games to play, unless forced (docs/rules.md §7): ``next_round`` is that decision
for the page, the round it offers.

Tables are of the sizes of the event's format (docs/rules.md §6): ``format`` (a shipped
name, a format file), else the one the workbook declares, else ``catan-es`` (3–4); a
2-player format pairs, and is seated swiss unless asked otherwise.  Swiss seats by the
standings of that format.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from xlsx_scorer.app import outputkinds, stageseat
from xlsx_scorer.app.api import load_format
from xlsx_scorer.app.slipsheet import slips
from xlsx_scorer.core import inplay
from xlsx_scorer.core import seating as seating_core
from xlsx_scorer.core.cells import count, is_blank, player_name, shown, table_label
from xlsx_scorer.core.inplay import RoundInPlay, RoundsPlayed
from xlsx_scorer.core.seating import CannotSeatError, Entrant, Method, PastTable, Seating
from xlsx_scorer.core.typed import typed_results
from xlsx_scorer.findings import Finding, UnusableWorkbookError, Where
from xlsx_scorer.i18n import LANGUAGES, choose_language, fold, text
from xlsx_scorer.opc import safety
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx import eventformat
from xlsx_scorer.xlsx.read import reader, rosterheaders, sidesheets
from xlsx_scorer.xlsx.write import patch, splice
from xlsx_scorer.xlsx.write.carrydown import CarryDown

if TYPE_CHECKING:
    from xlsx_scorer.app.api import Result
    from xlsx_scorer.core.formats import Format, FormatFile

#: The columns every seated row fills, in this order.
SEATED = ("round", "table", "player")


@dataclass(frozen=True)
class Seated:
    """The seating, the language it is told in, and the file written."""

    seating: Seating
    language: str
    written: Path
    sheet: str
    results: str
    #: Said of the workbook: a sheet of the organiser's kept under the slips' name.
    notices: tuple[Finding, ...] = ()
    #: What scoring found when the workbook held our output sheets and was scored first
    #: (``nextround.seat_file``); None when it was not scored.
    scored: Result | None = None

    @property
    def findings(self) -> tuple[Finding, ...]:
        """The seating report, then the notices."""
        return (*self.seating.findings, *self.notices)


@dataclass(frozen=True)
class NextRound:
    """Which round comes next in a workbook (docs/rules.md §8), as the page offers it.

    ``round`` is one after the last round with rows in ``Results`` (1 with none); ``last``
    the event's declared ``Rounds`` (None when its Event sheet declares none); ``in_play``
    every round with games to play; ``refusal`` why ``round`` cannot be seated now (the
    round before it has games to play: ``unusable.seat_round_in_play``), else None.
    """

    round: int
    last: int | None
    in_play: tuple[RoundInPlay, ...]
    refusal: Finding | None
    #: The final stages the format plays after ``last`` (docs/rules.md §10).
    stages: int = 0

    @property
    def past_last(self) -> bool:
        """The event's declared rounds and final stages are all seated: nothing further."""
        return self.last is not None and self.round > self.last + self.stages

    @property
    def offered(self) -> int | None:
        """The round to offer: ``round`` when it can be seated and is not past the last."""
        return None if self.refusal is not None or self.past_last else self.round


def bye_words() -> frozenset[str]:
    """The table of a bye, in every shipped language (folded)."""
    return frozenset(fold(text(lang, "seat.bye")) for lang in LANGUAGES)


@dataclass(frozen=True)
class SeatedBytes:
    """A seated package: its bytes, the seating (its report is ``seating.findings``), the
    language it is told in, the slips sheet's name (as written: ``Seating R1 (2)`` when the
    organiser has a ``Seating R1``), the ``Results`` sheet's, the method it was seated by,
    the format's name and the notices about the workbook (``sheet_name_taken``)."""

    workbook: bytes
    seating: Seating
    language: str
    sheet: str
    results: str
    method: Method
    format: str
    notices: tuple[Finding, ...] = ()

    @property
    def findings(self) -> tuple[Finding, ...]:
        """The seating report (repeats, second 3-player tables, starts, spread), then the
        notices."""
        return (*self.seating.findings, *self.notices)


def default_method(table_sizes: Sequence[int]) -> Method:
    """The method a format seats by unless asked: swiss for 2-player formats, else random.

    >>> default_method((2,)), default_method((3, 4))
    ('swiss', 'random')
    """
    return "swiss" if tuple(table_sizes) == (2,) else "random"


def seat_bytes(
    data: bytes,
    round_no: int,
    *,
    method: Method | None = None,
    seed: int = 0,
    rounds: int | None = None,
    language: str | None = None,
    format: str | Path | Format | FormatFile | None = None,
    path: Path = Path(),
    checked: bool = False,
    force: bool = False,
    command_line: bool = False,
) -> SeatedBytes:
    """Seat round ``round_no`` of the workbook in ``data``; the seated package (not saved).

    ``data`` is checked as a package first (``safety.check_package``) unless ``checked``
    (``api.read_file`` did); ``path`` only names it.  Refusals (the round has rows, the
    round before it has none or has games to play, no roster, no seating possible, not a
    workbook, a ``format`` that disagrees with the one the workbook records; the second and
    the last unless ``force``) raise ``UnusableWorkbookError``: nothing is made.
    ``command_line``: the report and refusals may name the command's options (``--force``,
    ``--rounds``); the page's never do.
    """
    if not checked:
        safety.check_package(data)
    chosen = load_format(format)
    book = reader.read_workbook_bytes(data, path=path, format=chosen)
    eventformat.agree(book.recorded, chosen, force=force, forcible=command_line, lang=book.language)
    lang = choose_language(language, book.language)
    sizes = book.format.table_sizes
    used = method or default_method(sizes)
    try:
        seated = _seat(book, round_no, used, seed, rounds, sizes, force, command_line=command_line)
    except UnusableWorkbookError as error:
        error.language = error.language or book.language
        raise
    package, sheet, notices = _write(book, seated, lang, book.language or lang)
    _check_reads_back(package, book, seated)
    return SeatedBytes(
        package, seated, lang, sheet, book.results.name, used, book.format.name, notices
    )


def next_round(
    data: bytes, *, format: str | Path | Format | None = None, filename: str | None = None
) -> NextRound:
    """The round that comes next in the workbook in ``data`` and whether it can be seated now
    (``NextRound``): the decision ``seat`` makes, for the page to offer only that round, and
    none past the event's last.  A file that cannot be used raises ``UnusableWorkbookError``.

    >>> from pathlib import Path
    >>> found = next_round(Path("fixtures/sample_event.xlsx").read_bytes())
    >>> found.round, found.last, found.in_play, found.refusal, found.offered
    (5, None, (), None, 5)
    """
    package = safety.check_package(data)
    book = reader.read_workbook_bytes(
        package, path=Path(filename or ""), format=load_format(format)
    )
    played = rounds_played(book)
    refused = refusal(book, played, played.next)
    event = reader.side_rows(book.package, "event")
    last = sidesheets.event_rounds(event[1]) if event else None
    stages = 0 if last is None else stageseat.stage_rounds(book, last)
    return NextRound(played.next, last, played.in_play, refused, stages)


def rounds_played(book: reader.Workbook) -> RoundsPlayed:
    """The rounds with rows in ``book``'s ``Results`` and those with games to play
    (``core.inplay``); a row whose table is the word ``Bye`` is a bye, as ``past_tables``
    reads it."""
    results = book.results
    typed, _ = typed_results(results.raw[["round", "table"]], results.coded)
    byes = bye_words()
    bye = np.array([isinstance(t, str) and fold(t) in byes for t in typed["table"]], dtype=bool)
    cells = inplay.RESULT_CELLS[book.format.game]
    formulas = sorted({row for row, column in results.uncached if column in cells})
    held = inplay.holds_result(results.raw, book.format.game, results.coded, formulas)
    return inplay.play(typed, held, bye).rounds


def refusal(book: reader.Workbook, played: RoundsPlayed, round_no: int) -> Finding | None:
    """Why round ``round_no`` cannot be seated now, as a finding in ``book``'s language: the
    round before it has no rows (``unusable.seat_round_missing``, naming ``Results``) or has
    games to play (``unusable.seat_round_in_play``, naming the tables); else None."""
    found = played.refusal(round_no)
    if found is None:
        return None
    code, params = found
    if code == "unusable.seat_round_missing":
        params = {**params, "results": book.results.name}
    error = UnusableWorkbookError(code, params, language=book.language)
    return error.finding


def _seat(  # noqa: PLR0917 - what one seating is made of
    book: reader.Workbook,
    round_no: int,
    method: Method | None,
    seed: int,
    rounds: int | None,
    table_sizes: Sequence[int],
    force: bool = False,
    *,
    command_line: bool = False,
) -> Seating:
    results = book.results
    _rounds_readable(results)
    history = past_tables(results.raw)
    if any(game.round == round_no for game in history):
        raise UnusableWorkbookError(
            "unusable.seat_round_taken", {"round": round_no, "results": results.name}
        )
    refused = None if force else refusal(book, rounds_played(book), round_no)
    if refused is not None:  # the next round follows the last (docs/rules.md §8)
        raise UnusableWorkbookError(refused.code, dict(refused.params))
    if book.roster is None:
        raise UnusableWorkbookError("unusable.seat_no_roster")
    players = reader.side_rows(book.package, "players")
    names_column = next(iter(book.roster.names.values())).rstrip("0123456789")
    headers = (
        rosterheaders.find(*players, names_column) if players else rosterheaders.RosterHeaders()
    )
    lines = sidesheets.roster_lines(*players, book.roster, headers.columns) if players else {}
    entrants = [
        Entrant(name, line.fixed_table, line.club, line.dropped_after)
        for name in book.roster.names
        for line in [lines.get(name, sidesheets.RosterLine())]
    ]
    event = reader.side_rows(book.package, "event")
    # the event's rounds: asked for, else the Event sheet's; unknown, the round is planned alone
    total = rounds or (sidesheets.event_rounds(event[1], event[0]) if event else None)
    staged = stageseat.seat_stage(book, round_no, total, entrants, rounds_played(book))
    if staged is not None:  # a final stage, by its pattern (docs/rules.md §10)
        stage_said = (*headers.findings, *staged.findings, *book.roster.said_twice())
        return replace(staged, findings=stage_said)
    chosen: Method = method or default_method(table_sizes)
    standings = _standings(book) if chosen == "swiss" else ()
    try:
        seated = seating_core.seat(
            entrants,
            [game for game in history if game.round < round_no],
            standings=standings,
            table_sizes=table_sizes,
            round=round_no,
            rounds=total,
            method=chosen,
            seed=seed,
        )
    except CannotSeatError as error:
        raise UnusableWorkbookError(error.finding.code, dict(error.finding.params)) from error
    said = "yes" if command_line else "no"  # the page names no command-line option
    told = tuple(
        replace(finding, params={**finding.params, "command_line": said})
        if finding.code == "seat_round_by_round"
        else finding
        for finding in seated.findings
    )
    past = _past_last(round_no, total, book.format.name, asked=rounds is not None)
    said_too = (*book.roster.said_twice(), *past)
    return replace(seated, findings=(*headers.findings, *told, *said_too))


def _past_last(round_no: int, total: int | None, fmt: str, *, asked: bool) -> list[Finding]:
    """A round past the event's rounds (the Event sheet's, or ``--rounds``) where the format
    plays no stage (``stageseat.seat_stage``) is seated as one more round and said: round 3 of
    an event of 2 rounds gives ``Finding("seat_past_rounds", {"round": 3, "rounds": 2,
    "asked": "no", "format": "catan-de"}, ...)``."""
    if total is None or round_no <= total:
        return []
    params = {"round": round_no, "rounds": total, "asked": "yes" if asked else "no", "format": fmt}
    return [Finding("seat_past_rounds", params, "notice", Where(round=round_no))]


def _rounds_readable(results: reader.ResultsSheet) -> None:
    """Refuse (naming the cell) a ``Results`` row whose round is typed but is no whole number
    from 1 (``¹``, ``two``): seating cannot tell which round it belongs to."""
    for row, value in results.raw["round"].items():
        if not is_blank(value) and count(value, least=1) is None:
            cell = f"{results.columns['round']}{row}"
            raise sidesheets.not_a_count(results.name, cell, value, "round")


def past_tables(raw: Any) -> list[PastTable]:
    """The games of ``Results`` as seated: rows in sheet order, grouped by (round, table)
    (a table as ``cells.table_label`` reads it: ``3.0`` and ``"3"`` are table 3)."""
    byes = bye_words()
    games: dict[tuple[int, str], list[str]] = {}
    for values in raw[list(SEATED)].itertuples(index=False):
        round_no = count(values[0], least=1)
        name = player_name(values[2]) if not is_blank(values[2]) else None
        if round_no is None or not isinstance(name, str):
            continue
        label = "" if is_blank(values[1]) else table_label(values[1])
        table = label if isinstance(label, str) else shown(values[1]).strip()
        games.setdefault((round_no, table), []).append(name)
    return [
        game
        for (round_no, table), names in games.items()
        for game in (
            [PastTable(round_no, (name,), bye=True) for name in names]
            if fold(table) in byes
            else [PastTable(round_no, tuple(names))]
        )
    ]


def _standings(book: reader.Workbook) -> list[str]:
    """The players in the standings order of the event's format (the engine ``score`` ranks
    with, over the complete rounds); refused while the results have errors."""
    from xlsx_scorer.app import api, pipeline  # noqa: PLC0415  (heavy: only for swiss)
    from xlsx_scorer.core import standings  # noqa: PLC0415
    from xlsx_scorer.core.collation import collation_key  # noqa: PLC0415

    run = api.run(book.package.data, scoring=False, checked=True, format=book.format, force=True)
    if run.validated is None or run.result.errors:
        raise UnusableWorkbookError("unusable.seat_needs_scores", {"count": len(run.result.errors)})
    fmt = book.format
    played = standings.contributions(pipeline.per_game(run.validated.counted, fmt), fmt)
    ranked = standings.rank(played, fmt, collation_key)
    return [str(name) for name in ranked.table["player"]]


def seated_rows(seating: Seating, lang: str) -> list[tuple[int, int | str, str]]:
    """The rows written into ``Results``: tables in order, seat order, then the byes."""
    bye = text(lang, "seat.bye")
    rows: list[tuple[int, int | str, str]] = [
        (seating.round, table.number, name) for table in seating.tables for name in table.players
    ]
    rows.extend((seating.round, bye, name) for name in seating.byes)
    return rows


def _write(
    book: reader.Workbook, seating: Seating, lang: str, words: str
) -> tuple[bytes, str, tuple[Finding, ...]]:
    """The package with the round's rows in ``Results`` (their bye word in the workbook's
    language, ``words``, as its headers are: ``seat --lang en`` on a Turkish workbook still
    writes ``Bay``) and its slips sheet (in ``lang``); the sheet's name
    as written (``Seating R1 (2)`` beside an organiser's ``Seating R1``) and the notices
    saying so (``outputkinds.names_taken``) and naming the sheets of ours marked again
    (``outputkinds.put_right``).

    The rows go below the last row holding a result and carry down the styles and input
    rules of that row (of the first row below the header when there is none yet).
    """
    results = book.results
    letters = results.columns
    last = max([results.header_row, *results.raw.index])  # the last row holding a result
    rows = seated_rows(seating, words)
    edits: dict[str, patch.CellValue] = {
        f"{letters[key]}{last + offset}": value
        for offset, row in enumerate(rows, start=1)
        for key, value in zip(SEATED, row, strict=True)
    }
    below = CarryDown.below(results.header_row, last, last + len(rows), letters.values())
    carry = {results.name: below}
    package = patch.patch_workbook(book.package, {results.name: edits}, carry)
    from xlsx_scorer.app.live.codes import new_codes  # noqa: PLC0415 - live imports seat

    codes = new_codes(len(seating.tables))
    spec = slips(seating, lang, results.name, [k for k in letters if k not in SEATED], codes)
    written = splice.write_sheets(
        Package.open(package),
        [spec],
        legacy=outputkinds.LEGACY_OUTPUTS,
        active=spec.kind,  # the workbook opens on its slips
        only=frozenset({spec.kind}),
        drop_partless=True,  # an entry of ours with no part goes: the workbook opens again
    )
    taken = outputkinds.names_taken(book, [spec], written)
    name = next((finding.params["written"] for finding in taken), spec.name)
    return written, str(name), (*taken, *outputkinds.put_right(book, frozenset(), written))


def _check_reads_back(package: bytes, read: reader.Workbook, seating: Seating) -> None:
    """Fail (an internal error, nothing saved) unless the round reads back as seated, in the
    format it was seated in."""
    sheet = read.results.name
    book = reader.read_workbook_bytes(package, format=read.format)
    if book.results.name != sheet:
        raise RuntimeError("the seated workbook lost its Results sheet")
    found = [
        (game.players, game.bye)
        for game in past_tables(book.results.raw)
        if game.round == seating.round
    ]
    wanted = [(table.players, False) for table in seating.tables]
    wanted += [((name,), True) for name in seating.byes]
    if sorted(found) != sorted(wanted):
        raise RuntimeError("the seated rows do not read back as seated")
