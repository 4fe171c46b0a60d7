"""Our sheets written into the organiser's package: ``write_sheets(package, specs) -> bytes``.

The package is the run's one ``opc.Package`` (opened by the reader), never its bytes again.

Rules:

- Every part of the organiser's is copied byte for byte, as its compressed bytes (a worksheet
  of hundreds of megabytes costs milliseconds); the parts we write are deflated at zlib's
  fastest level, a sheet of ours block by block, the blocks of a big one shared with a
  helper process (``deflate_sheets``).
  Only ``[Content_Types].xml``, the workbook part, its relationships, the styles part and a
  selected sheet's view (see ``active``) are edited, by splicing text (``opc.xmledit``).
- Our old sheets (``ours.our_sheets``: marked, or older output, or unmarked output with its
  leftover copies) of the kinds written are removed with every part only they reach (a
  kept one that lost its marker gets it again); each new sheet takes the place of the
  first old one of its kind, the others are appended, the hidden chart data last.  The
  calculation chain is dropped (Excel rebuilds it).
- A sheet name the organiser uses (compared ignoring case) is never taken: ours becomes
  ``Standings (2)``.  Our ``sheetId``s are the smallest free ones; part names are free names
  next to the workbook part (``worksheets/sheet7.xml``).
- Styles (``_styles_part``): ours go into the styles part the workbook links to.  Without a
  usable link (none, an external one, one to a missing part) they go into the package's
  unlinked stylesheet (a part of the styles content type), which is then linked: the
  organiser's cells keep the formats they name.  A package without one gets a new part.  A
  cell, row or column of a sheet we keep that names a format the part does not hold (or a
  conditional format a ``dxfId`` it does not hold) would then name ours, or none: refused
  (``unusable.styles_missing``), nothing written.
- Nothing is written from a damaged package: a damaged part we would copy is refused, naming
  its sheet; damage in a part we drop (an old output sheet) does not matter.
- ``active``: the kind of the sheet to show when the workbook opens, and the one sheet
  selected.  A sheet of theirs that is selected (``tabSelected``, as LibreOffice marks the
  sheet it showed last) is unselected by splicing that attribute alone (``sheetview``):
  two selected sheets open grouped, and typing into one would change the other.  Only when
  such a sheet cannot be read does it keep the focus, and ours is not selected.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from xml.parsers import expat

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import ns
from xlsx_scorer.opc.edit import Edit
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.partname import ROOT, PartName
from xlsx_scorer.opc.xmledit import whole_number
from xlsx_scorer.opc.zipraw import Deflated, deflate_block, joined
from xlsx_scorer.xlsx import parallel
from xlsx_scorer.xlsx.ours import (
    LegacyOutputs,
    OurSheet,
    our_sheets,
    partless,
    relationships,
    to_mark_again,
)
from xlsx_scorer.xlsx.worksheet import Worksheet
from xlsx_scorer.xlsx.write import chart as charts
from xlsx_scorer.xlsx.write import sheetxml, styles, workbookxml
from xlsx_scorer.xlsx.write.spec import SheetSpec
from xlsx_scorer.xlsx.write.workbookxml import PlacedSheet

__all__ = ["CHART_DATA_KIND", "Streamed", "deflate_sheets", "write_sheets"]

#: The kind of the hidden sheet holding the chart's numbers (named ``Chart.data_sheet``).
CHART_DATA_KIND = "chart_data"
MAX_SHEET_NAME = 31
#: zlib level for the parts we write: the fastest.  A 100,000-row Round Points sheet (27 MB
#: of XML) deflates in about 0.15 s to 4.2 MB, against 0.5 s and 3.0 MB at the default level.
DEFLATE_LEVEL = 1
#: The fewest blocks worth a helper process: forking it, and the pages of this process's
#: memory that each process then copies as it touches them, cost about what three blocks
#: take to write (~15 ms each).  Measured on 2 vCPUs, sharing the blocks of a 10,000-row
#: event's sheets (3) was slower, of a 20,000-row one's (6) even, of a 30,000-row one's
#: (11) about a quarter faster.
SHARED_BLOCKS = 8
#: The bytes of a part of theirs written again (a selected sheet, unselected) deflated as one
#: work item: Excel's largest sheet, 368 MiB of XML, in 368 blocks.
STREAMED_BLOCK = 1 << 20
#: The relationship ids a new sheet of ours names its drawing by, and the drawing its chart.
_DRAWING_RID = "rId1"
_CHART_RID = "rId1"


@dataclass
class _NewSheet:
    """One sheet we write: what it holds and where it goes."""

    kind: str
    name: str
    spec: SheetSpec | None
    data_rows: list[tuple[str | float, ...]] = field(default_factory=list)
    slot: int | None = None
    part: PartName = ROOT


@dataclass(frozen=True)
class _Chart:
    """The chart of a sheet of ours: its drawing and chart parts, their XML."""

    drawing: PartName
    drawing_xml: bytes
    chart: PartName
    chart_xml: bytes


def _sheet_name(wanted: str, taken: set[str]) -> str:
    """``wanted``, or ``wanted (2)``, ``(3)``… when a sheet already has that name (any case).

    >>> _sheet_name("Standings", {"standings", "standings (2)"})
    'Standings (3)'
    """
    number = 1
    name = wanted
    while name.casefold() in taken:
        number += 1
        suffix = f" ({number})"
        name = wanted[: MAX_SHEET_NAME - len(suffix)] + suffix
    taken.add(name.casefold())
    return name


def _free_part(
    taken: set[PartName], folder: str, stem: str, extension: str, *, plain: bool = False
) -> PartName:
    """``folder/stemN.extension`` with the smallest N not taken (now taken).

    ``plain``: ``folder/stem.extension`` first, the name readers look for.
    """
    names = itertools.chain(
        [f"{stem}.{extension}"] if plain else [],
        (f"{stem}{number}.{extension}" for number in itertools.count(1)),
    )
    part = next(part for name in names if (part := PartName(folder + name)) not in taken)
    taken.add(part)
    return part


def _cut(pkg: Package, ours: Sequence[OurSheet]) -> set[str]:
    """The workbook relationships a run cuts: our old sheets' (``ours.relationships``),
    unusable styles."""
    cut = relationships(pkg, ours)
    if _styles_link(pkg) is None:  # another is linked
        cut |= {rel.id for rel in pkg.rels(pkg.workbook) if rel.type == ns.RT_STYLES}
    return cut


def _styles_link(pkg: Package) -> PartName | None:
    """The styles part the workbook links to, when the relationship is usable: internal,
    to a part that is there."""
    return next(
        (
            r.target
            for r in pkg.rels(pkg.workbook)
            if r.type == ns.RT_STYLES and not r.external and r.target and pkg.has(r.target)
        ),
        None,
    )


def _plan(pkg: Package, ours: Sequence[OurSheet]) -> Edit:
    """The edit that starts a run: our old sheets and every part only they reach dropped
    (``Edit.cut``), the calculation chain too (Excel rebuilds it)."""
    change = Edit(pkg)
    change.cut(pkg.workbook, _cut(pkg, ours))
    change.drop_calc_chain()
    return change


def refuse_kept_damage(pkg: Package, *, legacy: LegacyOutputs | None = None) -> None:
    """Raise ``UnusableWorkbookError`` for a damaged part a run would keep.

    A damaged old sheet of ours (and what only it uses) does not matter: it is replaced.
    ``check`` calls this so that it refuses exactly what ``score`` refuses.
    """
    ours = our_sheets(pkg, legacy, leftovers=True)
    dropped = _plan(pkg, ours).dropped
    pkg.refuse_damage(spare=dropped)
    _styles_part(pkg, dropped, {sheet.index for sheet in ours})


def write_sheets(
    pkg: Package,
    specs: Sequence[SheetSpec],
    *,
    legacy: LegacyOutputs | None = None,
    active: str | None = None,
    only: frozenset[str] | None = None,
    drop_partless: bool = False,
) -> bytes:
    """The organiser's package with our sheets ``specs`` written into it (see module docstring).

    ``legacy`` recognises output written before the marker; ``active`` is the kind of the
    sheet to show first; with ``only``, our sheets of other kinds stay as they are, but for
    an entry of ours with no part (``ours.partless``) when ``drop_partless``: it goes
    (``seat``, whose slips become the active tab: a partless entry before it leaves
    applications counting only readable sheets on no sheet, and openpyxl cannot open it).
    Raises
    ``UnusableWorkbookError`` when the package cannot be written into (damaged, or a
    workbook part no application wrote).
    """
    workbook = pkg.workbook_xml.fresh()  # parsed once, when the package was opened
    workbookxml.check_structure(workbook)
    every = our_sheets(pkg, legacy, leftovers=True)
    broken = set(partless(pkg, every)) if drop_partless else set()  # nothing is lost
    ours = tuple(sheet for sheet in every if only is None or sheet.kind in only or sheet in broken)
    remarked = to_mark_again(every, ours)
    removed = {sheet.index for sheet in ours}
    new = _new_sheets(specs, ours)
    change = _plan(pkg, ours)
    dropped = change.dropped
    pkg.refuse_damage(spare=dropped)
    styles_part, linked = _styles_part(pkg, dropped, removed)

    taken_parts = set(pkg.parts) - dropped
    folder = pkg.workbook.folder
    if styles_part is None:
        styles_part = _free_part(taken_parts, folder, "styles", "xml", plain=True)
    if not linked:
        change.relate(pkg.workbook, ns.RT_STYLES, styles_part)
    existing_styles = pkg.read(styles_part) if pkg.has(styles_part) else None
    needs = {
        (column.number_format, linked, column.alignment, column.boxed)
        for sheet in new
        if sheet.spec is not None
        for column in sheet.spec.columns
        for linked in (False, bool(sheet.spec.links))
    }
    styles_xml, cell_styles = styles.add_styles(existing_styles, needs, styles_part.member)
    if existing_styles is None:
        change.add(styles_part, styles_xml, ns.CT_STYLES)
        taken_parts.add(styles_part)
    else:
        change.replace(styles_part, styles_xml)

    kept_names = {sheet.name.casefold() for i, sheet in enumerate(pkg.sheets) if i not in removed}
    sheet_ids = {
        number
        for i, sheet in enumerate(pkg.sheets)
        if i not in removed and (number := whole_number(sheet.sheet_id)) is not None
    }
    numbered: list[tuple[_NewSheet, int]] = []
    for sheet in new:
        sheet.name = _sheet_name(sheet.name, kept_names)
        sheet.part = _free_part(taken_parts, folder + "worksheets/", "sheet", "xml")
        sheet_id = next(n for n in range(1, len(sheet_ids) + 2) if n not in sheet_ids)
        sheet_ids.add(sheet_id)
        numbered.append((sheet, sheet_id))
    shown = next((s.kind for s in new if s.kind == active and s.spec is not None), None)
    unselected = _unselect_theirs(pkg, removed) if shown is not None else {}
    if unselected is None:
        shown, unselected = None, {}
    data_name = next((s.name for s in new if s.kind == CHART_DATA_KIND), "")
    written = [
        (sheet, *_sheet_parts(sheet, cell_styles, taken_parts, folder, data_name, shown))
        for sheet in new
    ]
    deflated = deflate_sheets([xml for _, xml, _ in written], list(unselected.values()))
    for part, member in zip(unselected, deflated[len(written) :], strict=True):
        change.replace(part, member)
    for (sheet, _, chart), member in zip(written, deflated, strict=False):  # ours come first
        change.add(sheet.part, member, ns.CT_WORKSHEET)
        if chart is not None:  # in the order of the parts before: drawing, chart, their rels
            change.add(chart.drawing, chart.drawing_xml, ns.CT_DRAWING)
            change.relate(chart.drawing, ns.RT_CHART, chart.chart, rid=_CHART_RID)
            change.add(chart.chart, chart.chart_xml, ns.CT_CHART)
            change.relate(sheet.part, ns.RT_DRAWING, chart.drawing, rid=_DRAWING_RID)
    placed = [
        PlacedSheet(
            sheet.kind,
            sheet.name,
            sheet_id,
            change.relate(pkg.workbook, ns.RT_WORKSHEET, sheet.part),
            hidden=sheet.spec is None,
            slot=sheet.slot,
            print_titles_row=(
                sheetxml.header_row(sheet.spec) if sheet.spec and sheet.spec.columns else None
            ),
        )
        for sheet, sheet_id in numbered
    ]
    active_sheet = next((p for p in placed if p.kind == shown), None)
    change.replace(
        pkg.workbook,
        workbookxml.edit_workbook(
            workbook, removed, placed, active=active_sheet, remarked=remarked
        ),
    )
    try:
        return change.commit(level=DEFLATE_LEVEL, types_first=True)
    except ValueError as error:  # a member whose headers disagree, or a zip64-sized archive
        raise UnusableWorkbookError("unusable.cannot_write", {"detail": str(error)}) from error


def _new_sheets(specs: Sequence[SheetSpec], ours: Sequence[OurSheet]) -> list[_NewSheet]:
    """Our sheets to write, in order (the chart data last), each in the slot of the first old
    sheet of its kind."""
    slots: dict[str, int] = {}
    for sheet in ours:
        slots.setdefault(sheet.kind, sheet.index)
    new = [_NewSheet(spec.kind, spec.name, spec, slot=slots.get(spec.kind)) for spec in specs]
    charted = next(
        (s for s in specs if s.chart and s.chart.series and len(s.chart.rounds) > 1), None
    )
    if charted is not None and charted.chart is not None:
        header = charted.columns[1].header if len(charted.columns) > 1 else ""
        rows = charts.data_rows(charted.chart, header)
        name = charted.chart.data_sheet
        new.append(_NewSheet(CHART_DATA_KIND, name, None, rows, slots.get(CHART_DATA_KIND)))
    kinds = [sheet.kind for sheet in new]
    if len(set(kinds)) != len(kinds):
        raise ValueError(f"two output sheets of one kind: {kinds}")
    return new


def _styles_part(
    pkg: Package, dropped: AbstractSet[PartName], removed: set[int]
) -> tuple[PartName | None, bool]:
    """The styles part our styles go into (None: a new one) and whether the workbook links it.

    The linked part (``_styles_link``); else the package's only unlinked part of the styles
    content type (the unusable relationships are cut: ``_cut``).  When the workbook links no
    part that is there, the sheets we keep must name no format beyond those of the part
    taken (none for a new one: cell format 0 is the default we write first), their
    conditional formats no differential format beyond its ``dxfs``; else
    ``UnusableWorkbookError``.
    """
    linked = _styles_link(pkg)
    if linked is not None:
        return linked, True
    unlinked = [
        part for part in pkg.parts if part not in dropped and pkg.content_type(part) == ns.CT_STYLES
    ]
    part = unlinked[0] if len(unlinked) == 1 else None
    held = styles.format_counts(pkg.read(part), part.member) if part is not None else (0, 0)
    for index, sheet in enumerate(pkg.sheets):
        kept = None if index in removed else Worksheet.of(pkg, sheet)
        if kept is None:
            continue
        try:
            used = kept.uses_style(max(held[0], 1), held[1])
        except expat.ExpatError as error:
            raise UnusableWorkbookError(
                "unusable.damaged_sheet", {"sheet": sheet.name, "detail": str(error)}
            ) from error
        if used:
            raise UnusableWorkbookError("unusable.styles_missing", {"sheet": sheet.name})
    return part, False


def _unselect_theirs(pkg: Package, removed: set[int]) -> dict[PartName, Streamed] | None:
    """The sheets we keep that are selected, each unselected as it is streamed (``Streamed``);
    None when one cannot be."""
    edited: dict[PartName, Streamed] = {}
    for index, sheet in enumerate(pkg.sheets):
        kept = None if index in removed else Worksheet.of(pkg, sheet)
        if kept is None:
            continue
        try:
            if kept.unselected_stream() is None:
                continue  # no view selected (only the head was read)
        except (UnusableWorkbookError, LookupError, ValueError):  # XmlError: a ValueError
            return None
        edited[kept.part] = Streamed(pkg.info(kept.part).file_size, kept.unselected_pieces)
    return edited


#: A block to deflate: (part number, block number, its bytes or None for one of ours, last).
_Item = tuple[int, int, bytes | None, bool]


@dataclass(frozen=True)
class Streamed:
    """A part of theirs written again as it is streamed, never held whole: its size as the
    package declares it (for the count of its blocks) and its new bytes, in pieces, from the
    start each time ``pieces`` is called (by each process that deflates some of it)."""

    size: int
    pieces: Callable[[], Iterable[bytes | memoryview]]


def _blocks(pieces: Iterable[bytes | memoryview], size: int) -> Iterator[tuple[bytes, bool]]:
    """The bytes of ``pieces`` in blocks of ``size`` (the last one shorter, maybe empty), each
    with whether it is the last.

    >>> list(_blocks([b"abc", b"de"], 2)), list(_blocks([b"ab"], 2)), list(_blocks([], 2))
    ([(b'ab', False), (b'cd', False), (b'e', True)], [(b'ab', True)], [(b'', True)])
    """
    pending = bytearray()
    for piece in pieces:
        pending += piece
        while len(pending) > size:  # a byte at least follows the block
            with memoryview(pending) as view:
                block = bytes(view[:size])
            del pending[:size]
            yield block, False
    yield bytes(pending), True


def deflate_sheets(
    sheets: Sequence[sheetxml.SheetXml], theirs: Sequence[Streamed] = ()
) -> list[Deflated]:
    """Each worksheet part of ``sheets``, then of ``theirs``, deflated at ``DEFLATE_LEVEL``,
    block by block.

    Every block is written and deflated as a work item of its own (``zipraw.deflate_block``)
    and a part's blocks are joined in order (``zipraw.joined``): the bytes are the same
    whichever process worked which block.  When the sheets of more than one block hold
    ``SHARED_BLOCKS`` blocks of rows or more, those are shared with a helper process where
    that is safe (``parallel.shared_map``: one map, so one fork, for them all; a helper that
    fails or dies has its blocks worked here), and meanwhile this process works out the
    sheets' heads (a check code over a league's table takes a few tenths of a second) and
    streams the parts of ``theirs`` (each in blocks of ``STREAMED_BLOCK``: inflated once, by
    this process alone), then claims rows too.  Every other block, heads included, is
    worked here, and a package of small sheets forks nothing.  Only deflated blocks are
    kept, never a part's XML.
    """

    def work(item: _Item) -> tuple[tuple[int, int], Deflated]:
        number, index, data, last = item
        if data is None:
            xml = sheets[number]
            data, last = xml.block(index), index == xml.blocks - 1
        return (number, index), deflate_block(data, DEFLATE_LEVEL, last=last)

    def streamed() -> Iterator[_Item]:
        for number, part in enumerate(theirs, start=len(sheets)):
            for index, (data, last) in enumerate(_blocks(part.pieces(), STREAMED_BLOCK)):
                yield number, index, data, last

    ours: list[_Item] = [
        (number, index, None, False)
        for number, xml in enumerate(sheets)
        if xml.blocks > 1
        for index in range(1, xml.blocks)  # block 0: the head alone
    ]
    done: dict[tuple[int, int], Deflated] = {}
    streamed_here: list[bool] = []

    def meanwhile() -> None:  # here, while the helper writes our rows
        for xml in sheets:
            _ = xml.head
        done.update(map(work, streamed()))
        streamed_here.append(True)

    if len(ours) >= SHARED_BLOCKS:
        with parallel.meanwhile(meanwhile):
            done.update(parallel.shared_map(work, lambda: iter(ours)))
    if not streamed_here:  # no helper
        done.update(map(work, streamed()))
    counts = [xml.blocks for xml in sheets] + [0] * len(theirs)
    for number, index in done:
        counts[number] = max(counts[number], index + 1)
    return [
        joined(
            done.get((number, index)) or work((number, index, None, False))[1]
            for index in range(count)
        )
        for number, count in enumerate(counts)
    ]


def _sheet_parts(  # noqa: PLR0917 - the sheet and where its parts go
    sheet: _NewSheet,
    cell_styles: sheetxml.CellStyles,
    taken: set[PartName],
    folder: str,
    data_name: str,
    shown: str | None,
) -> tuple[sheetxml.SheetXml, _Chart | None]:
    """The sheet's XML, in blocks written as they are taken, and its chart, if any (the
    sheet names its drawing ``_DRAWING_RID``, the drawing its chart ``_CHART_RID``)."""
    spec = sheet.spec
    if spec is None:
        return sheetxml.data_sheet_xml(sheet.data_rows, cell_styles.note), None
    spec = replace(spec, name=sheet.name)
    selected = shown == sheet.kind
    chart = spec.chart
    if chart is None or not chart.series or len(chart.rounds) < 2:
        return sheetxml.worksheet_xml(spec, cell_styles, selected=selected), None
    drawing = _free_part(taken, folder + "drawings/", "drawing", "xml")
    chart_part = _free_part(taken, folder + "charts/", "chart", "xml")
    anchor = (len(spec.columns) + 1, sheetxml.header_row(spec) - 1)
    parts = _Chart(
        drawing,
        charts.drawing_xml(*anchor, _CHART_RID),
        chart_part,
        charts.chart_xml(chart, data_name),
    )
    xml = sheetxml.worksheet_xml(spec, cell_styles, drawing_rid=_DRAWING_RID, selected=selected)
    return xml, parts
