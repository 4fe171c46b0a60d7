"""The printable ``Seating R<N>`` sheet of a seated round: one block per table to cut out and
hand to the table, the round's notes above (docs/seating.md).

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
from xlsx_scorer.core.seating import Seating
from xlsx_scorer.findings import Finding, render
from xlsx_scorer.i18n import header, text
from xlsx_scorer.xlsx.write.spec import BOX, Column, SheetSpec

if TYPE_CHECKING:
    from xlsx_scorer.app.live.codes import TableCode


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
