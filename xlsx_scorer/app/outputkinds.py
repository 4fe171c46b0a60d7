"""Our output sheets' kinds, their names in each language, and how older output is known.

Light (no pandas): reading a workbook needs them before the heavy steps are imported.

>>> sheet_name("es", ROUND_POINTS), sheet_name("tr", ERRORS), sheet_name("en", CHART_DATA)
('Puntos de ronda', 'Hatalar', 'Chart Data')
>>> LEGACY_OUTPUTS.names["Clasificación"]
'standings'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from xlsx_scorer.app import fingerprint
from xlsx_scorer.findings import Finding, Where
from xlsx_scorer.i18n import LANGUAGES, text
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.ours import LegacyOutputs, our_sheets
from xlsx_scorer.xlsx.write.spec import SheetSpec

if TYPE_CHECKING:
    from xlsx_scorer.xlsx.read.reader import Workbook

#: The kinds of our output sheets (``SheetSpec.kind``, what their marker says); each is
#: named in the run's language (``sheet_name``): ``Standings``, ``Clasificación``, ``Sıralama``.
STANDINGS, ROUND_POINTS, ERRORS = "standings", "round_points", "errors"
#: A hidden sheet holding the numbers behind the Standings chart.
CHART_DATA = "chart_data"
#: The ranking of everyone after the final stages (SPEC §10): ``Final Ranking``.
FINAL_RANKING = "final_ranking"
OUTPUT_KINDS = (STANDINGS, ROUND_POINTS, ERRORS, CHART_DATA, FINAL_RANKING)
#: The kinds holding a ranking, with its check code (an edit by hand is found).
CHECKED = (STANDINGS, ROUND_POINTS, FINAL_RANKING)
#: A round's printable slips written by ``seat``: kind ``seating_r<N>`` (``Seating R<N>``).
SEATING = "seating"
#: The kind of a round's printable slips is this and the round: ``seating_r2``.
SEATING_PREFIX = SEATING + "_r"
#: The slips' columns before their boxes (table, seat, player): boxes from the fourth on.
SLIP_BOXES_FROM = 3
#: Each shipped name of one of our output sheets (any language): its kind.
NAMES = {str(module.SHEETS[kind]): kind for module in LANGUAGES.values() for kind in OUTPUT_KINDS}


def sheet_name(lang: str, kind: str) -> str:
    """The name of the sheet of ``kind`` in ``lang`` (see the module's examples)."""
    return str(LANGUAGES[lang].SHEETS[kind])


def kind_of(name: str) -> str | None:
    """The kind of ours a sheet name is, in any shipped language, or None.

    >>> kind_of("Clasificación"), kind_of("Mesas R12"), kind_of("Seating R0"), kind_of("Final")
    ('standings', 'seating_r12', None, None)
    """
    exact = NAMES.get(name)
    if exact is not None:
        return exact
    for lang in LANGUAGES:
        before, after = _around(lang, "seat.sheet", "round")
        number = name.removeprefix(before).removesuffix(after)
        whole = number.isascii() and number.isdecimal() and not number.startswith("0")
        if before + number + after == name and whole:
            return f"{SEATING}_r{number}"
    return None


def shows(kind: str, texts: Sequence[str], sheets: Sequence[str]) -> bool:
    """Whether ``texts`` (column A of a sheet's first rows, as it shows them) are what we
    write there on a sheet of ``kind``, in a shipped language, in a workbook whose sheets
    are called ``sheets`` (docs/package.md, "Our sheets and the marker"):

    - Standings, Round Points, Final Ranking: our check-code label, then a check code; or
      (no standings published, no results yet) our title, then our notice;
    - Errors: our title, then our first note (no problems, problems found, no results);
    - a round's seating: our title for that round, then our note naming a sheet;
    - the chart data: the header of the players' column.

    >>> shows("errors", ["Errors", "No problems found: every game follows the rules."], [])
    True
    >>> shows("errors", ["Errors", "Sheet"], []), shows("standings", ["Standings"], [])
    (False, False)
    """
    first, second = (texts[0] if texts else ""), (texts[1] if len(texts) > 1 else "")
    for lang in LANGUAGES:
        if kind in CHECKED:
            label = text(lang, "notice.check")
            if any(
                line == label and fingerprint.is_code(below)
                for line, below in itertools.pairwise(texts)
            ):
                return True
            notices = ("notice.not_published", "notice.no_results")
            if first == text(lang, f"title.{kind}") and _said(lang, notices, second, sheets):
                return True
        elif kind == ERRORS:
            notes = ("notice.no_problems", "notice.problems_found", "notice.no_results_errors")
            if first == text(lang, "title.errors") and _said(lang, notes, second, sheets):
                return True
        elif kind == CHART_DATA:
            if first == text(lang, "out.player"):
                return True
        elif kind.startswith(SEATING + "_r"):
            number = int(kind.removeprefix(SEATING + "_r"))
            if first == text(lang, "seat.title", round=number) and _said(
                lang, ("seat.note",), second, sheets
            ):
                return True
    return False


#: The text standing for an argument whose value is not known (a date, a sheet's name).
_ANY = "\x00"


def _said(lang: str, keys: Sequence[str], line: str, sheets: Sequence[str]) -> bool:
    """Whether ``line`` is message ``keys[i]`` in ``lang`` for some arguments: a count among
    the numbers the line holds, a sheet among ``sheets``, a time any text."""
    counts = [int(found) for found in re.findall(r"\d+", line)] or [0]
    for key in keys:
        for count in counts:
            for sheet in [*sheets] or [""]:
                said = text(lang, key, count=count, sheet=sheet, when=_ANY)
                before, _, after = said.partition(_ANY)
                if said == line or (
                    _ANY in said
                    and len(line) > len(before) + len(after)
                    and line.startswith(before)
                    and line.endswith(after)
                ):
                    return True
    return False


@cache
def _around(lang: str, key: str, argument: str) -> tuple[str, str]:
    """The text of message ``key`` before and after its one number ``argument``.

    >>> _around("es", "seat.sheet", "round")
    ('Mesas R', '')
    """
    one, two = text(lang, key, **{argument: 1}), text(lang, key, **{argument: 2})
    start = next((i for i, (a, b) in enumerate(zip(one, two, strict=False)) if a != b), 0)
    return one[:start], one[start + 1 :]


#: How sheets of ours without a marker are known (see ``xlsx.ours``): output written before
#: our sheets were marked (a shipped name of their kind in any language; Standings and Round
#: Points carry the check line; Chart Data was hidden; the Final Ranking came later, always
#: marked), and output that lost its marker (``kind_of``, ``shows``).
LEGACY_OUTPUTS = LegacyOutputs(
    names={name: kind for name, kind in NAMES.items() if kind != FINAL_RANKING},
    checked=frozenset({STANDINGS, ROUND_POINTS}),
    hidden=frozenset({CHART_DATA}),
    is_check_line=fingerprint.is_legacy_check_line,
    theirs=frozenset(
        str(module.SHEETS[kind]).casefold()
        for module in LANGUAGES.values()
        for kind in ("results", "players", "event", "instructions")
    ),
    kind_of=kind_of,
    shows=shows,
)


def names_taken(book: Workbook, specs: Sequence[SheetSpec], scored: bytes) -> tuple[Finding, ...]:
    """A notice for each sheet of ours written under another name because the organiser has a
    sheet of that name (theirs, kept: ``xlsx.write.splice``), naming both; the hidden chart data
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


def put_right(book: Workbook, kinds: frozenset[str], written: bytes) -> tuple[Finding, ...]:
    """A notice for each sheet of ours without its marker (``xlsx.ours``: it lost it) that a
    run writing ``kinds`` replaced, or kept and marked again: what ``written`` shows.

    ``Finding("unmarked_ours", {"sheet": "Seating R1", "done": "marked"}, "notice",
    Where(sheet="Seating R1"))``; ``done`` is ``replaced`` for a sheet of a kind written.
    """
    lost = [
        sheet for sheet in our_sheets(book.package, LEGACY_OUTPUTS, leftovers=True) if sheet.legacy
    ]
    if not lost:
        return ()
    marked = {sheet.name for sheet in our_sheets(Package.open(written))}
    found = []
    for sheet in lost:
        done = "replaced" if sheet.kind in kinds else "marked" if sheet.name in marked else None
        if done is not None:
            params = {"sheet": sheet.name, "done": done}
            found.append(Finding("unmarked_ours", params, "notice", Where(sheet=sheet.name)))
    return tuple(found)
