"""Which sheets of a workbook we wrote: only those may be replaced or removed.

**The marker.** Every sheet we write carries a sheet-local, hidden defined name
``_xlsx_scorer.<kind>`` (``_xlsx_scorer.standings``, ``_xlsx_scorer.chart_data``…) whose
value covers the sheet itself (``'Standings'!$1:$1048576``).  It lives in ``workbook.xml``
(so it is found without reading the sheet, even a damaged one), Excel and LibreOffice keep
it when they save, and it follows the sheet when the organiser renames or moves it.  A
marker whose value names another existing sheet is ignored (it was moved by hand); one
naming a sheet that no longer exists (a tab renamed by a tool that leaves defined names
alone, as openpyxl does) counts for the sheet its ``localSheetId`` says.  A sheet without
a marker is the organiser's, whatever its name (unless it shows our evidence, below):
theirs is never replaced, and ours takes another name (``Standings (2)``).  When several
sheets carry the marker of one kind (the organiser copied ours), the first in tab order is
ours; the copies lose their marker on the next run and become the organiser's.

**Older output (no marker).** Versions before the marker wrote sheets named ``Standings``,
``Round Points``, ``Errors`` and, hidden, ``Chart Data``, and replaced any sheet so named.
In a workbook where no sheet carries a marker, a sheet is taken for such output when
(``LegacyOutputs``, whose ``names`` hold every shipped name of each kind: ``Standings``,
``Clasificación``, ``Sıralama``…):

- it bears a name of the standings or round-points kind exactly and one of the first 10
  cells of column A holds the check line those versions wrote (``Check: <code>``,
  ``Comprobación: <code>``, ``Kontrol: <code>``; a code alone is not enough, it could be
  anyone's text); or
- it bears a name of the errors kind exactly (or of the chart-data kind, and is hidden) and
  the workbook has such a checked sheet: those versions wrote all of them together,
  replacing the organiser's.

A name alone is never evidence: an organiser's own sheet called ``Errores`` in a workbook
without such a checked sheet is theirs and kept.  And the organiser's input sheets
(``LegacyOutputs.theirs``: Results, Players, Event, Instructions in any shipped language)
are never ours, whatever a marker says: a marker left behind by a tool that renumbers
tabs without renumbering sheet-local names (openpyxl before 3.1) cannot hand us Results.

**Output that lost its marker.** Versions before issue 24 dropped the markers of the
kinds a run did not write (``seat`` those of Standings, ``score`` those of the seating
sheets).  In any workbook, a sheet without a marker is taken for ours (``unmarked``, kept as
``OurSheet.legacy``) when ``LegacyOutputs.kind_of`` gives its name a kind (the exact name
of that kind in a shipped language: ``Standings``, ``Mesas R2``…) and
``LegacyOutputs.shows`` finds in column A of its first 10 rows the lines we write there for
that kind (the check-code label followed by a code, our title followed by our notice…: see
docs/package.md), hidden for the chart data, whose workbook must hold a Standings of ours
too.  The ``(2)``, ``(3)``… copies the bug made (``Standings (2)``, shown the same way) are
ours too, but only beside an unmarked sheet of ours of the very name: a copy of a marked
sheet of ours is the organiser's (``Standings (2)`` is what Excel calls a copy).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from xml.parsers import expat

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import ns
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.xmledit import whole_number
from xlsx_scorer.xlsx.worksheet import Worksheet

__all__ = [
    "MARKER_PREFIX",
    "LegacyOutputs",
    "OurSheet",
    "marker_name",
    "our_sheets",
    "relationships",
    "to_mark_again",
]

MARKER_PREFIX = "_xlsx_scorer."
CHECK_LINE_ROWS = 10


def marker_name(kind: str) -> str:
    """The defined name marking a sheet of ``kind``: ``marker_name("errors")``."""
    return MARKER_PREFIX + kind


def marker_kind(name: str) -> str | None:
    """The kind a defined name marks, or None: ``marker_kind("_XLSX_Scorer.errors")``."""
    if name.casefold().startswith(MARKER_PREFIX):
        return name[len(MARKER_PREFIX) :].casefold() or None
    return None


@dataclass(frozen=True)
class OurSheet:
    """A sheet we wrote: its position in the workbook's sheet list, name and kind."""

    index: int
    name: str
    kind: str
    legacy: bool = False


@dataclass(frozen=True)
class LegacyOutputs:
    """How output written before the marker is recognised (see the module docstring).

    ``names`` maps each exact sheet name (of every shipped language) to its kind; sheets
    of ``checked`` kinds carry a check line (``is_check_line`` says whether a text is one);
    sheets of ``hidden`` kinds were always hidden.
    """

    names: Mapping[str, str]
    checked: frozenset[str]
    hidden: frozenset[str]
    is_check_line: Callable[[str], bool]
    #: Sheet names (case-folded) that are never ours, whatever a marker says: the
    #: organiser's own input sheets (Results, Players, Event…) in every shipped language.
    theirs: frozenset[str] = frozenset()
    #: The kind a sheet name is ours for (``Mesas R2``: ``seating_r2``), or None.
    kind_of: Callable[[str], str | None] = lambda name: None
    #: Whether column A's first texts are what we write on a sheet of that kind, in a
    #: workbook with these sheet names: ``shows(kind, texts, sheet_names)``.
    shows: Callable[[str, Sequence[str], Sequence[str]], bool] = lambda *args: False


def our_sheets(
    package: Package, legacy: LegacyOutputs | None = None, *, leftovers: bool = False
) -> tuple[OurSheet, ...]:
    """Our sheets in ``package``, one per kind (the first in tab order), in tab order.

    ``leftovers``: the other sheets of ours of a kind too (unmarked ones beside a marked
    one, the copies the marker bug made: see the module docstring), which a run writing
    that kind removes; a marked copy of one of ours (the second marked sheet of a kind) is
    never among them.
    """
    theirs = frozenset() if legacy is None else legacy.theirs
    marked = [sheet for sheet in _marked(package) if sheet.name.casefold() not in theirs]
    found = marked if marked or legacy is None else _legacy(package, legacy)
    taken = {sheet.index for sheet in found}
    unmarked = [] if legacy is None else _unmarked(package, legacy, taken)
    groups: dict[str, list[OurSheet]] = {}
    for sheet in sorted(found, key=lambda sheet: sheet.index):
        groups.setdefault(sheet.kind, [sheet])  # the first: later marked ones are copies
    for sheet in unmarked:
        groups.setdefault(sheet.kind, []).append(sheet)
    chosen = []
    for group in groups.values():
        group.sort(key=lambda sheet: sheet.index)
        chosen += group if leftovers else group[:1]
    return tuple(sorted(chosen, key=lambda sheet: sheet.index))


def _marked(package: Package) -> list[OurSheet]:
    """Sheets carrying a marker (every one, copies included) that covers the sheet itself.

    A marker naming a sheet that no longer exists was left behind by a rename that did
    not update defined names (openpyxl renames a tab so): its ``localSheetId`` decides.
    One naming another existing sheet was moved by hand and makes nothing ours.
    """
    sheets = package.sheets
    doc = package.workbook_xml
    found = []
    for names in doc.root.named(ns.MAIN, "definedNames"):
        for node in names.named(ns.MAIN, "definedName"):
            kind = marker_kind(node.attrs.get("name", ""))
            local = whole_number(node.attrs.get("localSheetId"))
            if kind is None or local is None or local >= len(sheets):
                continue
            reference = doc.inner_text(node)
            if refers_to(reference, sheets[local].name) or not any(
                refers_to(reference, sheet.name) for sheet in sheets
            ):
                found.append(OurSheet(local, sheets[local].name, kind))
    return found


def refers_to(reference: str, sheet: str) -> bool:
    """Whether ``reference`` (``'Round Points'!$1:$1048576``) is on ``sheet``.

    >>> refers_to("'Bob''s'!$1:$1048576", "BOB'S"), refers_to("Results!$A$1", "Standings")
    (True, False)
    """
    name = reference.strip().lstrip("=").rpartition("!")[0]
    if len(name) >= 2 and name[0] == name[-1] == "'":
        name = name[1:-1].replace("''", "'")
    return name.casefold() == sheet.casefold()


def _legacy(package: Package, legacy: LegacyOutputs) -> list[OurSheet]:
    candidates = [
        OurSheet(index, sheet.name, legacy.names[sheet.name], legacy=True)
        for index, sheet in enumerate(package.sheets)
        if sheet.name in legacy.names
    ]
    checked = [
        sheet
        for sheet in candidates
        if sheet.kind in legacy.checked and _has_check_line(package, sheet.index, legacy)
    ]
    if not checked:
        return []
    others = [
        sheet
        for sheet in candidates
        if sheet.kind not in legacy.checked
        and (sheet.kind not in legacy.hidden or package.sheets[sheet.index].state != "visible")
    ]
    return checked + others


def _unmarked(package: Package, legacy: LegacyOutputs, taken: set[int]) -> list[OurSheet]:
    """Sheets of ours that lost their marker (module docstring), not among ``taken``."""
    names = [sheet.name for sheet in package.sheets]
    marked = {sheet.index for sheet in _marked(package)}
    exact: dict[str, OurSheet] = {}
    copies: list[tuple[str, OurSheet]] = []
    for index, sheet in enumerate(package.sheets):
        if index in taken or index in marked or sheet.name.casefold() in legacy.theirs:
            continue
        base, copy = _copy_of(sheet.name)
        kind = legacy.kind_of(base)
        hidden = sheet.state != "visible"
        if kind is None or (kind in legacy.hidden and not hidden):
            continue
        head = _head(package, index)
        if head is None or not legacy.shows(kind, head, names):
            continue
        found = OurSheet(index, sheet.name, kind, legacy=True)
        if copy:
            copies.append((base, found))
        else:
            exact[base] = found
    found_sheets = [*exact.values(), *(sheet for base, sheet in copies if base in exact)]
    has_standings = any(sheet.kind in legacy.checked for sheet in found_sheets) or any(
        sheet.kind in legacy.checked for sheet in _marked(package)
    )
    return [sheet for sheet in found_sheets if sheet.kind not in legacy.hidden or has_standings]


def _copy_of(name: str) -> tuple[str, bool]:
    """The name a copy was made from, and whether ``name`` is such a copy.

    >>> _copy_of("Standings (2)"), _copy_of("Standings"), _copy_of("Final (1)")
    (('Standings', True), ('Standings', False), ('Final (1)', False))
    """
    base, space, number = name.rpartition(" (")
    digits = number.removesuffix(")")
    if space and number.endswith(")") and digits.isascii() and digits.isdecimal():
        return (base, True) if int(digits) >= 2 else (name, False)
    return name, False


def _head(package: Package, index: int) -> list[str] | None:
    """The texts of column A in the first ``CHECK_LINE_ROWS`` rows; None when unreadable."""
    sheet = Worksheet.of(package, package.sheets[index])
    if sheet is None:
        return None
    try:
        return sheet.head_texts(CHECK_LINE_ROWS)
    except (UnusableWorkbookError, expat.ExpatError, LookupError, ValueError):
        return None  # unreadable: not shown to be ours, so it is kept as it is


def _has_check_line(package: Package, index: int, legacy: LegacyOutputs) -> bool:
    texts = _head(package, index)
    return texts is not None and any(legacy.is_check_line(text) for text in texts)


def relationships(package: Package, ours: Sequence[OurSheet]) -> set[str]:
    """The workbook relationships of the parts of ``ours`` (what replacing them cuts).

    A sheet of ours whose ``<sheet>`` names no relationship of the workbook (no ``r:id``,
    or an id it does not hold) has no part: its ``<sheet>`` alone goes.  One naming a
    relationship that is not a worksheet's, or that another ``<sheet>`` names too, is
    refused as damaged (``unusable.broken_part``): cutting it would take a part of theirs.
    """
    by_id = {rel.id: rel for rel in package.rels(package.workbook)}
    named = Counter(sheet.rid for sheet in package.sheets)
    cut = set()
    for sheet in ours:
        rid = package.sheets[sheet.index].rid
        if rid not in by_id:
            continue
        if by_id[rid].type != ns.RT_WORKSHEET or named[rid] > 1:
            detail = f"the sheet {sheet.name} names the relationship {rid} of another part"
            raise UnusableWorkbookError(
                "unusable.broken_part", {"part": str(package.workbook), "detail": detail}
            )
        cut.add(rid)
    return cut


def partless(package: Package, ours: Sequence[OurSheet]) -> tuple[OurSheet, ...]:
    """The sheets of ``ours`` whose ``<sheet>`` names no relationship of the workbook (no
    ``r:id``, or an id it does not hold): an entry with no part, which no application can
    open.  ``seat`` drops them whatever their kind (``splice.write_sheets``,
    ``drop_partless``): only their ``<sheet>`` goes, nothing is lost."""
    ids = {rel.id for rel in package.rels(package.workbook)}
    return tuple(sheet for sheet in ours if package.sheets[sheet.index].rid not in ids)


def to_mark_again(
    every: Sequence[OurSheet], replaced: Sequence[OurSheet]
) -> list[tuple[int, str, str]]:
    """The sheets of ours a run keeps that lost their marker (``OurSheet.legacy``), the first of
    each kind with no marked sheet: each (position, name, kind), to be marked again.

    >>> lost, marked = OurSheet(4, "Seating R1", "seating_r1", True), OurSheet(5, "S", "x")
    >>> to_mark_again([lost, marked], [marked])
    [(4, 'Seating R1', 'seating_r1')]
    """
    gone = {sheet.index for sheet in replaced}
    marked = {sheet.kind for sheet in every if not sheet.legacy}
    first: dict[str, OurSheet] = {}
    for sheet in every:
        if sheet.index not in gone and sheet.kind not in marked:
            first.setdefault(sheet.kind, sheet)
    return [(sheet.index, sheet.name, sheet.kind) for sheet in first.values() if sheet.legacy]
