"""Our output sheets' kinds, their names in each language, and how older output is known.

Light (no pandas): reading a workbook needs them before the heavy steps are imported.

>>> sheet_name("es", ROUND_POINTS), sheet_name("tr", ERRORS), sheet_name("en", CHART_DATA)
('Puntos de ronda', 'Hatalar', 'Chart Data')
>>> LEGACY_OUTPUTS.names["Clasificación"]
'standings'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xlsx_scorer.app import fingerprint
from xlsx_scorer.findings import Finding, Where
from xlsx_scorer.i18n import LANGUAGES
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.ours import LegacyOutputs, our_sheets
from xlsx_scorer.xlsx.spec import SheetSpec

if TYPE_CHECKING:
    from xlsx_scorer.xlsx.reader import Workbook

#: The kinds of our output sheets (``SheetSpec.kind``, what their marker says); each is
#: named in the run's language (``sheet_name``): ``Standings``, ``Clasificación``, ``Sıralama``.
STANDINGS, ROUND_POINTS, ERRORS = "standings", "round_points", "errors"
#: A hidden sheet holding the numbers behind the Standings chart.
CHART_DATA = "chart_data"
OUTPUT_KINDS = (STANDINGS, ROUND_POINTS, ERRORS, CHART_DATA)
#: A round's printable slips written by ``seat``: kind ``seating_r<N>`` (``Seating R<N>``).
SEATING = "seating"
#: Output sheets written before our sheets were marked (see ``xlsx.ours``): a shipped name
#: of their kind in any language; Standings and Round Points carry the check line; Chart Data
#: was hidden.
LEGACY_OUTPUTS = LegacyOutputs(
    names={
        str(module.SHEETS[kind]): kind for module in LANGUAGES.values() for kind in OUTPUT_KINDS
    },
    checked=frozenset({STANDINGS, ROUND_POINTS}),
    hidden=frozenset({CHART_DATA}),
    is_check_line=fingerprint.is_legacy_check_line,
    theirs=frozenset(
        str(module.SHEETS[kind]).casefold()
        for module in LANGUAGES.values()
        for kind in ("results", "players", "event", "instructions")
    ),
)


def sheet_name(lang: str, kind: str) -> str:
    """The name of the sheet of ``kind`` in ``lang`` (see the module's examples)."""
    return str(LANGUAGES[lang].SHEETS[kind])


def names_taken(book: Workbook, specs: Sequence[SheetSpec], scored: bytes) -> tuple[Finding, ...]:
    """A notice for each sheet of ours written under another name because the organiser has a
    sheet of that name (theirs, kept: ``xlsx.splice``), naming both; the hidden chart data
    too (kind ``chart_data``).

    Their ``Standings`` (no marker of ours) stays; ours is written as ``Standings (2)``:
    ``Finding("sheet_name_taken", {"kind": "standings", "kept": "Standings",
    "written": "Standings (2)"}, "notice", Where(sheet="Standings (2)"))``.  The names are
    read from the ``scored`` package, as the writer gave them; only when one of the names
    wanted was in the workbook (``book.sheet_names``) at all.  A round's slips are of kind
    ``seating`` (``Seating R1 (2)`` beside the organiser's ``Seating R1``).
    """
    wanted = {spec.kind: spec.name for spec in specs}
    for spec in specs:
        if spec.chart is not None:
            wanted[CHART_DATA] = spec.chart.data_sheet
    before = {name.casefold() for name in book.sheet_names}
    if not any(name.casefold() in before for name in wanted.values()):
        return ()
    package = Package.open(scored)
    ours = our_sheets(package)
    mine = {sheet.index for sheet in ours}
    kept = {
        sheet.name.casefold(): sheet.name
        for index, sheet in enumerate(package.sheets)
        if index not in mine
    }
    found = []
    for sheet in ours:
        name = wanted.get(sheet.kind)
        if name is not None and sheet.name != name and name.casefold() in kept:
            kind = SEATING if sheet.kind.startswith(SEATING + "_r") else sheet.kind
            params = {"kind": kind, "kept": kept[name.casefold()], "written": sheet.name}
            found.append(Finding("sheet_name_taken", params, "notice", Where(sheet=sheet.name)))
    return tuple(found)
