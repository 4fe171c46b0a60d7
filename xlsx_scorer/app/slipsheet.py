"""The printable ``Seating R<N>`` sheet of a seated round: one block per table to cut out and
hand to the table, the round's notes above (docs/seating.md); and, when a workbook is
scored, a notice for results typed into its boxes, which are never read.

>>> from xlsx_scorer.core.seating import Seating, Table
>>> seated = Seating(1, (Table(1, ("Ana", "Bo", "Cy")),), ("Di",), ())
>>> spec = slips(seated, "en", "Results", ["score"])
>>> spec.name, [row[:3] for row in spec.rows]
('Seating R1', [(1, 1, 'Ana'), (1, 2, 'Bo'), (1, 3, 'Cy'), (None, None, None), ('Bye', None, 'Di')])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from xlsx_scorer.app import outputkinds
from xlsx_scorer.core.cells import is_blank
from xlsx_scorer.core.seating import Seating
from xlsx_scorer.findings import Finding, Where, render
from xlsx_scorer.i18n import LANGUAGES, fold, header, text
from xlsx_scorer.xlsx.read.cellvalues import column_letters
from xlsx_scorer.xlsx.write.spec import BOX, Column, SheetSpec

if TYPE_CHECKING:
    from xlsx_scorer.app.live.codes import TableCode
    from xlsx_scorer.xlsx.read import reader


def slips(
    seating: Seating,
    lang: str,
    results: str,
    blanks: Sequence[str],
    codes: Sequence[TableCode] = (),
) -> SheetSpec:
    """The printable sheet: one block per table (table, seat numbers, names, a box for each
    result field), a blank row between blocks to cut along, the pages breaking between
    blocks (``SheetSpec.blocks``), the header on every page.

    With ``codes`` (one per table, docs/rules.md §9) the last two columns hold, on each
    table's first row, its 8-digit code and link (``/t/<token>``), read back by ``live.codes``.

    The result fields are headed as the ``Results`` sheet is in ``lang`` (``i18n.header``:
    ``Puntuació``, never the key ``score``).  A bye has no box: there is nothing to write.
    """
    columns = (
        Column(text(lang, "seat.table"), 8, centered=True, boxed=True),
        Column(text(lang, "seat.seat"), 7, centered=True, boxed=True),
        Column(text(lang, "seat.player"), 26, boxed=True),
        *(Column(header(lang, key), 11, centered=True, boxed=True) for key in blanks),
        *(
            (
                Column(text(lang, "seat.code"), 11, centered=True),
                Column(text(lang, "seat.link"), 36),
            )
            if codes
            else ()
        ),
    )
    rows: list[tuple[Any, ...]] = []
    blocks: list[int] = []
    for position, table in enumerate(seating.tables):
        blocks.append(len(rows))
        for seat_no, name in enumerate(table.players, start=1):
            given: tuple[Any, ...] = ()
            if codes:
                code = codes[position]
                given = (code.code, code.link) if seat_no == 1 else (None, None)
            rows.append((table.number, seat_no, name, *([BOX] * len(blanks)), *given))
        rows.append((None,) * len(columns))
    bye = text(lang, "seat.bye")
    blocks.extend(range(len(rows), len(rows) + len(seating.byes)))
    extra = len(columns) - 3 - len(blanks)
    rows.extend((bye, None, name, *([None] * (len(blanks) + extra))) for name in seating.byes)
    notes = (
        text(lang, "seat.note", sheet=results),
        *(render(finding, lang) for finding in seating.findings if worth_printing(finding)),
    )
    stage = next((f.params["stage"] for f in seating.findings if f.code == "seat_stage"), None)
    return SheetSpec(
        kind=f"{outputkinds.SEATING_PREFIX}{seating.round}",
        name=text(lang, "seat.sheet", round=seating.round),
        title=text(
            lang,
            "seat.title" if stage is None else "seat.stage_title",
            round=seating.round,
            stage=stage,
        ),
        notes=notes,
        columns=columns,
        rows=rows,
        blocks=tuple(blocks),
    )


def worth_printing(finding: Finding) -> bool:
    return finding.code in {
        "seat_summary",
        "seat_fixed_missing",
        "seat_fixed_shared",
        "seat_club",
        "seat_dropped",
        "seat_round_by_round",
        "seat_roster_twice",
        "seat_past_rounds",
        "seat_stage",
        "seat_stage_cut_tie",
    }


def typed_into_slips(book: reader.Workbook) -> list[Finding]:
    """A notice for each seating sheet of ours (``Seating R2``, found by its marker) holding
    a value in a box of its slips: results typed there are never read, only ``Results`` is.

    The boxes are the cells right of the player (the fourth column on) in the rows under
    the slips' header (the row whose first cell is the word ``Table`` of a shipped
    language), but for the table's code and link (docs/rules.md §9: headed ``Code`` and
    ``Link`` in a shipped language); the notice points at the first such value.
    """
    headers = {fold(text(lang, "seat.table")) for lang in LANGUAGES}
    coded = {fold(text(lang, key)) for lang in LANGUAGES for key in ("seat.code", "seat.link")}
    found = []
    for kind, old in book.existing_outputs.items():
        if not kind.startswith(outputkinds.SEATING_PREFIX):
            continue
        rows = old.rows
        start = next(
            (
                i
                for i, row in enumerate(rows)
                if row and isinstance(row[0], str) and fold(row[0]) in headers
            ),
            len(rows),
        )
        heads = rows[start] if start < len(rows) else []
        skipped = {
            i for i, value in enumerate(heads) if isinstance(value, str) and fold(value) in coded
        }
        typed = (
            f"{column_letters(column + 1)}{number + 1}"
            for number in range(start + 1, len(rows))
            for column, value in enumerate(rows[number])
            if column >= outputkinds.SLIP_BOXES_FROM
            and column not in skipped
            and not is_blank(value)
        )
        cell = next(typed, None)
        if cell is not None:
            params = {"sheet": old.name, "results": book.results.name}
            found.append(Finding("slips_typed", params, "notice", Where(sheet=old.name, cell=cell)))
    return found
