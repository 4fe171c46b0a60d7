"""Our output sheets' kinds, their names in each language, and how older output is known.

Light (no pandas): reading a workbook needs them before the heavy steps are imported.

>>> sheet_name("es", ROUND_POINTS), sheet_name("tr", ERRORS), sheet_name("en", CHART_DATA)
('Puntos de ronda', 'Hatalar', 'Chart Data')
>>> LEGACY_OUTPUTS.names["Clasificación"]
'standings'
"""

from __future__ import annotations

from xlsx_scorer.app import fingerprint
from xlsx_scorer.i18n import LANGUAGES
from xlsx_scorer.xlsx.ours import LegacyOutputs

#: The kinds of our output sheets (``SheetSpec.kind``, what their marker says); each is
#: named in the run's language (``sheet_name``): ``Standings``, ``Clasificación``, ``Sıralama``.
STANDINGS, ROUND_POINTS, ERRORS = "standings", "round_points", "errors"
#: A hidden sheet holding the numbers behind the Standings chart.
CHART_DATA = "chart_data"
OUTPUT_KINDS = (STANDINGS, ROUND_POINTS, ERRORS, CHART_DATA)
#: The kind of a round's printable slips is this and the round: ``seating_r2``.
SEATING_PREFIX = "seating_r"
#: The slips' columns before their boxes (table, seat, player): boxes from the fourth on.
SLIP_BOXES_FROM = 3
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
