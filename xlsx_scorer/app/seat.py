"""``seat`` on a file: read the roster and the earlier rounds, seat round N, write it in.

The round's rows (round, table, player, in seat order: the first row of a table
starts) are written below the last row of the organiser's ``Results`` by the
cell patcher (every other byte of the sheet stays; the new rows take the look of
the row above: its styles, and its input rules, conditional formats, filter, names and
Excel tables grown over them, ``xlsx.carrydown``), then a printable ``Seating R<N>``
sheet is added by the sheet splicer (our other output sheets stay).  The package is read
back and must hold exactly the seated rows before it is saved; a round that already has
rows is refused (exit 2, nothing written).

Tables are of the sizes of the event's format (docs/rules.md §6): ``format`` (a shipped
name, a format file), else the one the workbook declares, else ``catan-es`` (3–4); a
2-player format pairs, and is seated swiss unless asked otherwise.  Swiss seats by the
standings of that format.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from xlsx_scorer.app import outputkinds
from xlsx_scorer.app.api import load_format, read_file
from xlsx_scorer.core import seating as seating_core
from xlsx_scorer.core.cells import is_blank, player_name
from xlsx_scorer.core.seating import CannotSeatError, Entrant, Method, PastTable, Seating
from xlsx_scorer.findings import Finding, UnusableWorkbookError, render
from xlsx_scorer.i18n import LANGUAGES, choose_language, fold, header, text
from xlsx_scorer.opc import safety
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx import patch, reader, save, sidesheets, splice
from xlsx_scorer.xlsx.carrydown import CarryDown
from xlsx_scorer.xlsx.spec import BOX, Column, SheetSpec

if TYPE_CHECKING:
    from xlsx_scorer.core.formats import Format

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


def bye_words() -> frozenset[str]:
    """The table of a bye, in every shipped language (folded)."""
    return frozenset(fold(text(lang, "seat.bye")) for lang in LANGUAGES)


@dataclass(frozen=True)
class SeatedBytes:
    """A seated package: its bytes, the seating (its report is ``seating.findings``), the
    language it is told in, the slips sheet's name, the ``Results`` sheet's, the method
    it was seated by and the format's name."""

    workbook: bytes
    seating: Seating
    language: str
    sheet: str
    results: str
    method: Method
    format: str

    @property
    def findings(self) -> tuple[Finding, ...]:
        """The seating report: repeats, second 3-player tables, starts, spread."""
        return tuple(self.seating.findings)


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
    format: str | Path | Format | None = None,
    path: Path = Path(),
    checked: bool = False,
) -> SeatedBytes:
    """Seat round ``round_no`` of the workbook in ``data``; the seated package (not saved).

    ``data`` is checked as a package first (``safety.check_package``) unless ``checked``
    (``api.read_file`` did); ``path`` only names it.  Refusals (the round has rows, no
    roster, no seating possible, not a workbook) raise ``UnusableWorkbookError``: nothing
    is made.
    """
    if not checked:
        safety.check_package(data)
    chosen = load_format(format)
    book = reader.read_workbook_bytes(data, path=path, format=chosen)
    lang = choose_language(language, book.language)
    sizes = book.format.table_sizes
    used = method or default_method(sizes)
    try:
        seated = _seat(book, round_no, used, seed, rounds, sizes)
    except UnusableWorkbookError as error:
        error.language = error.language or book.language
        raise
    package, sheet = _write(book, seated, lang)
    _check_reads_back(package, book, seated)
    return SeatedBytes(package, seated, lang, sheet, book.results.name, used, book.format.name)


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
) -> Seated:
    """Seat round ``round_no`` of ``source`` and save to ``output`` (default: in place).

    ``seat_bytes`` on the file's bytes, then saved atomically.
    """
    target = output or source
    if output is not None and output.exists() and not force and not output.samefile(source):
        raise UnusableWorkbookError("unusable.output_exists", {"file": str(output)})
    chosen = load_format(format)  # a bad format is refused before the file is read
    package = read_file(source)  # held: seat_bytes reads it, not another opening
    seated = seat_bytes(
        package.data,
        round_no,
        method=method,
        seed=seed,
        rounds=rounds,
        language=language,
        format=chosen,
        path=source,
        checked=True,
    )
    save.save_atomically(target, seated.workbook)
    return Seated(seated.seating, seated.language, target, seated.sheet, seated.results)


def _seat(  # noqa: PLR0917 - what one seating is made of
    book: reader.Workbook,
    round_no: int,
    method: Method | None,
    seed: int,
    rounds: int | None,
    table_sizes: Sequence[int],
) -> Seating:
    results = book.results
    history = past_tables(results.raw)
    if any(game.round == round_no for game in history):
        raise UnusableWorkbookError(
            "unusable.seat_round_taken", {"round": round_no, "results": results.name}
        )
    if book.roster is None:
        raise UnusableWorkbookError("unusable.seat_no_roster")
    players = reader.side_rows(book.package, "players")
    lines = sidesheets.roster_lines(*players, book.roster) if players else {}
    entrants = [
        Entrant(name, line.fixed_table, line.club, line.dropped_after)
        for name in book.roster.names
        for line in [lines.get(name, sidesheets.RosterLine())]
    ]
    event = reader.side_rows(book.package, "event")
    total = rounds or (sidesheets.event_rounds(event[1]) if event else None) or round_no
    chosen: Method = method or default_method(table_sizes)
    standings = _standings(book) if chosen == "swiss" else ()
    try:
        return seating_core.seat(
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


def past_tables(raw: Any) -> list[PastTable]:
    """The games of ``Results`` as seated: rows in sheet order, grouped by (round, table)."""
    byes = bye_words()
    games: dict[tuple[int, str], list[str]] = {}
    for values in raw[list(SEATED)].itertuples(index=False):
        round_no = sidesheets.whole(values[0])
        name = player_name(values[2]) if not is_blank(values[2]) else None
        if round_no is None or not isinstance(name, str):
            continue
        table = "" if is_blank(values[1]) else str(values[1]).strip()
        table = str(int(float(table))) if _number(table) else table
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


def _number(value: str) -> bool:
    try:
        return float(value).is_integer()
    except ValueError:
        return False


def _standings(book: reader.Workbook) -> list[str]:
    """The players in the standings order of the event's format (the engine ``score`` ranks
    with); refused while the results have errors."""
    from xlsx_scorer.app import api, pipeline  # noqa: PLC0415  (heavy: only for swiss)
    from xlsx_scorer.core import standings  # noqa: PLC0415
    from xlsx_scorer.core.collation import collation_key  # noqa: PLC0415

    run = api.run(book.package.data, scoring=False, checked=True, format=book.format)
    if run.validated is None or run.result.errors:
        raise UnusableWorkbookError("unusable.seat_needs_scores", {"count": len(run.result.errors)})
    fmt = book.format
    played = standings.contributions(pipeline.per_game(run.validated.frame, fmt), fmt)
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


def _write(book: reader.Workbook, seating: Seating, lang: str) -> tuple[bytes, str]:
    """The package with the round's rows in ``Results`` and its slips sheet; the sheet's name.

    The rows go below the last row holding a result and carry down the styles and input
    rules of that row (of the first row below the header when there is none yet).
    """
    results = book.results
    letters = results.columns
    last = max([results.header_row, *results.raw.index])  # the last row holding a result
    rows = seated_rows(seating, lang)
    edits: dict[str, patch.CellValue] = {
        f"{letters[key]}{last + offset}": value
        for offset, row in enumerate(rows, start=1)
        for key, value in zip(SEATED, row, strict=True)
    }
    below = CarryDown.below(results.header_row, last, last + len(rows), letters.values())
    carry = {results.name: below}
    package = patch.patch_workbook(book.package, {results.name: edits}, carry)
    spec = slips(seating, lang, results.name, [k for k in letters if k not in SEATED])
    written = splice.write_sheets(
        Package.open(package),
        [spec],
        legacy=outputkinds.LEGACY_OUTPUTS,
        only=frozenset({spec.kind}),
    )
    return written, spec.name


def slips(seating: Seating, lang: str, results: str, blanks: Sequence[str]) -> SheetSpec:
    """The printable sheet: one block per table (table, seat numbers, names, a box for each
    result field), a blank row between blocks to cut along, the pages breaking between
    blocks (``SheetSpec.blocks``), the header on every page.

    The result fields are headed as the ``Results`` sheet is in ``lang`` (``i18n.header``:
    ``Puntuació``, never the key ``score``).  A bye has no box: there is nothing to write.
    """
    columns = (
        Column(text(lang, "seat.table"), 8, centered=True, boxed=True),
        Column(text(lang, "seat.seat"), 7, centered=True, boxed=True),
        Column(text(lang, "seat.player"), 26, boxed=True),
        *(Column(header(lang, key), 11, centered=True, boxed=True) for key in blanks),
    )
    rows: list[tuple[Any, ...]] = []
    blocks: list[int] = []
    for table in seating.tables:
        blocks.append(len(rows))
        for seat_no, name in enumerate(table.players, start=1):
            rows.append((table.number, seat_no, name, *([BOX] * len(blanks))))
        rows.append((None,) * len(columns))
    bye = text(lang, "seat.bye")
    blocks.extend(range(len(rows), len(rows) + len(seating.byes)))
    rows.extend((bye, None, name, *([None] * len(blanks))) for name in seating.byes)
    notes = (
        text(lang, "seat.note", sheet=results),
        *(render(finding, lang) for finding in seating.findings if _worth_printing(finding)),
    )
    return SheetSpec(
        kind=f"{outputkinds.SEATING_PREFIX}{seating.round}",
        name=text(lang, "seat.sheet", round=seating.round),
        title=text(lang, "seat.title", round=seating.round),
        notes=notes,
        columns=columns,
        rows=rows,
        blocks=tuple(blocks),
    )


def _worth_printing(finding: Finding) -> bool:
    return finding.code in {"seat_summary", "seat_fixed_missing", "seat_fixed_shared", "seat_club"}


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
