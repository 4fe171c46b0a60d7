"""Our sheets written into the organiser's package: ``write_sheets(package, specs) -> bytes``.

Rules:

- Every part of the organiser's is copied byte for byte, as its compressed bytes (a worksheet
  of hundreds of megabytes costs milliseconds); the parts we write are deflated at zlib's
  fastest level, a sheet of ours block by block, the blocks of a big one shared with a
  helper process (``deflate_sheets``).
  Only ``[Content_Types].xml``, the workbook part, its relationships, the styles part and a
  selected sheet's view (see ``active``) are edited, by splicing text (``opc.xmledit``).
- Our old sheets (``ours.our_sheets``: marked, or older output) are removed with every part
  only they reach; each new sheet takes the place of the old one of its kind, the others are
  appended, the hidden chart data last.  The calculation chain is dropped (Excel rebuilds it).
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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from xml.parsers import expat

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import edit, ns
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.partname import ROOT, PartName
from xlsx_scorer.opc.rewrite import rewrite
from xlsx_scorer.opc.xmledit import XmlDoc, whole_number
from xlsx_scorer.opc.zipraw import Deflated, deflate_block, joined
from xlsx_scorer.xlsx import chart as charts
from xlsx_scorer.xlsx import parallel, peek, sheetview, sheetxml, styles, workbookxml
from xlsx_scorer.xlsx.ours import LegacyOutputs, OurSheet, our_sheets
from xlsx_scorer.xlsx.spec import SheetSpec
from xlsx_scorer.xlsx.workbookxml import PlacedSheet

__all__ = ["CHART_DATA_KIND", "deflate_sheets", "write_sheets"]

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
#: A part of the organiser's edited in its head (a selected sheet) of ``SHARED_BLOCKS``
#: blocks of this size or more is deflated block by block, as our big sheets are.
EDITED_BLOCK_BYTES = 1 << 20
#: Where the head of a big selected sheet is looked for: its first bytes (the views come
#: before the cells).
HEAD_BYTES = 1 << 20


@dataclass
class _NewSheet:
    """One sheet we write: what it holds and where it goes."""

    kind: str
    name: str
    spec: SheetSpec | None
    data_rows: list[tuple[str | float, ...]] = field(default_factory=list)
    slot: int | None = None
    placed: PlacedSheet | None = None
    part: PartName = ROOT


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
    """The workbook relationships a run drops: our old sheets, calcChain, unusable styles."""
    wb_rels = pkg.rels(pkg.workbook)
    cut = {pkg.sheets[sheet.index].rid for sheet in ours}
    cut |= {rel.id for rel in wb_rels if rel.type == ns.RT_CALC_CHAIN}
    if _styles_link(pkg) is None:
        cut |= {rel.id for rel in wb_rels if rel.type == ns.RT_STYLES}  # another is linked
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


def refuse_kept_damage(package: bytes, *, legacy: LegacyOutputs | None = None) -> None:
    """Raise ``UnusableWorkbookError`` for a damaged part a run would keep.

    A damaged old sheet of ours (and what only it uses) does not matter: it is replaced.
    ``check`` calls this so that it refuses exactly what ``score`` refuses.
    """
    pkg = Package.open(package)
    ours = our_sheets(pkg, legacy)
    dropped = _dropped(pkg, _cut(pkg, ours))
    pkg.refuse_damage(spare=dropped)
    _styles_part(pkg, dropped, {sheet.index for sheet in ours})


def write_sheets(
    package: bytes,
    specs: Sequence[SheetSpec],
    *,
    legacy: LegacyOutputs | None = None,
    active: str | None = None,
    only: frozenset[str] | None = None,
) -> bytes:
    """The organiser's package with our sheets ``specs`` written into it (see module docstring).

    ``legacy`` recognises output written before the marker; ``active`` is the kind of the
    sheet to show first; with ``only``, our sheets of other kinds stay as they are.  Raises
    ``UnusableWorkbookError`` when the package cannot be written into (damaged, or a
    workbook part no application wrote).
    """
    pkg = Package.open(package)
    workbook = XmlDoc(pkg.info(pkg.workbook).filename, pkg.read(pkg.workbook))
    workbookxml.check_structure(workbook)
    ours = tuple(sheet for sheet in our_sheets(pkg, legacy) if only is None or sheet.kind in only)
    removed = {sheet.index for sheet in ours}
    new = _new_sheets(specs, ours)
    wb_rels = pkg.rels(pkg.workbook)
    cut = _cut(pkg, ours)
    dropped = _dropped(pkg, cut)
    pkg.refuse_damage(spare=dropped)
    styles_part, linked = _styles_part(pkg, dropped, removed)

    taken_parts = set(pkg.parts) - dropped
    folder = pkg.workbook.folder
    new_parts: dict[PartName, bytes | Deflated] = {}
    new_types: dict[PartName, str] = {}
    edited: dict[PartName, bytes | Deflated] = {}
    rel_ids = {rel.id for rel in wb_rels} - cut
    new_rels: list[edit.NewRelationship] = []

    if styles_part is None:
        styles_part = _free_part(taken_parts, folder, "styles", "xml", plain=True)
    if not linked:
        new_rels.append(edit.NewRelationship(edit.free_id(rel_ids), ns.RT_STYLES, styles_part))
    existing_styles = pkg.read(styles_part) if pkg.has(styles_part) else None
    needs = {
        (column.number_format, linked, column.alignment)
        for sheet in new
        if sheet.spec is not None
        for column in sheet.spec.columns
        for linked in (False, bool(sheet.spec.links))
    }
    styles_xml, cell_styles = styles.add_styles(existing_styles, needs, styles_part.member)
    if existing_styles is None:
        new_parts[styles_part] = styles_xml
        new_types[styles_part] = ns.CT_STYLES
        taken_parts.add(styles_part)
    else:
        edited[styles_part] = styles_xml

    kept_names = {sheet.name.casefold() for i, sheet in enumerate(pkg.sheets) if i not in removed}
    sheet_ids = {
        number
        for i, sheet in enumerate(pkg.sheets)
        if i not in removed and (number := whole_number(sheet.sheet_id)) is not None
    }
    for sheet in new:
        sheet.name = _sheet_name(sheet.name, kept_names)
        sheet.part = _free_part(taken_parts, folder + "worksheets/", "sheet", "xml")
        rid = edit.free_id(rel_ids)
        new_rels.append(edit.NewRelationship(rid, ns.RT_WORKSHEET, sheet.part))
        sheet_id = next(n for n in range(1, len(sheet_ids) + 2) if n not in sheet_ids)
        sheet_ids.add(sheet_id)
        spec = sheet.spec
        sheet.placed = PlacedSheet(
            sheet.kind,
            sheet.name,
            sheet_id,
            rid,
            hidden=spec is None,
            slot=sheet.slot,
            print_titles_row=sheetxml.header_row(spec) if spec and spec.columns else None,
        )
    placed = [sheet.placed for sheet in new if sheet.placed is not None]
    shown = next((s.placed for s in new if s.kind == active and s.spec is not None), None)
    if shown is not None:
        unselected = _unselect_theirs(pkg, removed)
        if unselected is None:
            shown = None
        else:
            edited.update(unselected)
    data_name = next((s.name for s in new if s.kind == CHART_DATA_KIND), "")
    written = [
        (sheet, *_sheet_parts(sheet, cell_styles, taken_parts, folder, data_name, shown))
        for sheet in new
    ]
    deflated = deflate_sheets([xml for _, xml, _ in written])
    for (sheet, _, parts), member in zip(written, deflated, strict=True):
        new_parts[sheet.part] = member
        new_types[sheet.part] = ns.CT_WORKSHEET
        for part, (data, content_type) in parts.items():
            new_parts[part] = data
            if content_type:
                new_types[part] = content_type

    wb_rels_part = pkg.workbook.rels
    existing_rels = pkg.read(wb_rels_part) if pkg.has(wb_rels_part) else None
    rels_xml = edit.edit_relationships(
        pkg.workbook, existing_rels, cut, new_rels, str(wb_rels_part)
    )
    if existing_rels is None:
        new_parts[wb_rels_part] = rels_xml
    else:
        edited[wb_rels_part] = rels_xml
    edited[pkg.workbook] = workbookxml.edit_workbook(workbook, removed, placed, active=shown)
    if "rels" not in pkg.content_types.defaults:
        new_types.update({p: ns.CT_RELATIONSHIPS for p in new_parts if p.extension == "rels"})
    types_part = PartName("/" + ns.CONTENT_TYPES_MEMBER)
    edited[types_part] = edit.edit_content_types(
        pkg.read(types_part), dropped, new_types, ns.CONTENT_TYPES_MEMBER
    )
    return _zip(pkg, edited, dropped, new_parts)


def _new_sheets(specs: Sequence[SheetSpec], ours: Sequence[OurSheet]) -> list[_NewSheet]:
    """Our sheets to write, in order (the chart data last), each in its old sheet's slot."""
    slots = {sheet.kind: sheet.index for sheet in ours}
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
    pkg: Package, dropped: set[PartName], removed: set[int]
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
        if index in removed or sheet.part is None or not pkg.has(sheet.part):
            continue
        try:
            used = peek.uses_style(pkg, sheet.part, max(held[0], 1), held[1])
        except expat.ExpatError as error:
            raise UnusableWorkbookError(
                "unusable.damaged_sheet", {"sheet": sheet.name, "detail": str(error)}
            ) from error
        if used:
            raise UnusableWorkbookError("unusable.styles_missing", {"sheet": sheet.name})
    return part, False


def _dropped(pkg: Package, cut: set[str]) -> set[PartName]:
    """Parts that leave the package: those only the cut relationships reach, and their rels."""
    roots = [rel.target for rel in pkg.rels(pkg.workbook) if rel.id in cut and rel.target]
    keep = pkg.reachable(lambda source, rel: not (source == pkg.workbook and rel.id in cut))
    dropped = pkg.closure(roots, unreadable_rels=True) - keep
    return dropped | {part.rels for part in dropped if pkg.has(part.rels)}


def _unselect_theirs(pkg: Package, removed: set[int]) -> dict[PartName, bytes | Deflated] | None:
    """The sheets we keep that are selected, unselected (``_unselected``); None when one
    cannot be."""
    edited: dict[PartName, bytes | Deflated] = {}
    for index, sheet in enumerate(pkg.sheets):
        part = sheet.part
        if index in removed or part is None or not pkg.has(part):
            continue
        try:
            if not peek.is_selected(pkg, part):
                continue
            member = _unselected(pkg, part)
        except (UnusableWorkbookError, expat.ExpatError, LookupError, ValueError):
            return None
        if member is None:  # selected where the head does not say so: left as it is
            return None
        edited[part] = member
    return edited


def _unselected(pkg: Package, part: PartName) -> bytes | Deflated | None:
    """The sheet in ``part`` unselected (``sheetview``), as ``deflated_edit`` makes it.

    A big part is not inflated whole: its head is found in its first ``HEAD_BYTES``, and
    the rest is inflated again as it is deflated (by each process that shares the blocks).
    When the head does not end there (or cannot be read from there), the part is read whole.
    """
    info = pkg.info(part)
    if info.file_size >= SHARED_BLOCKS * EDITED_BLOCK_BYTES:
        with pkg.stream(part) as stream:
            prefix = stream.read(HEAD_BYTES)
        try:
            found = sheetview.unselected_parts(info.filename, prefix)
        except ValueError:  # XmlError: the head did not end in the prefix
            found = None
        if found is not None and len(found[1]):  # the head alone, ended in the prefix
            head, rest = found
            start = len(prefix) - len(rest)
            return deflated_edit(head, lambda: _blocks_from(pkg, part, start))
    found = sheetview.unselected_parts(info.filename, pkg.read(part))
    if found is None:
        return None
    head, rest = found
    size = EDITED_BLOCK_BYTES
    return deflated_edit(head, lambda: (rest[at : at + size] for at in range(0, len(rest), size)))


def _blocks_from(pkg: Package, part: PartName, start: int) -> Iterator[bytes]:
    """The bytes of ``part`` from ``start`` on, inflated in blocks of ``EDITED_BLOCK_BYTES``."""
    with pkg.stream(part) as stream:
        stream.read(start)
        while block := stream.read(EDITED_BLOCK_BYTES):
            yield block


def deflated_edit(
    head: bytes, rest: Callable[[], Iterator[bytes | memoryview]]
) -> bytes | Deflated:
    """A part of the organiser's edited in its head: ``head``, then the blocks ``rest()``
    gives (each of ``EDITED_BLOCK_BYTES``, the last one shorter; the same every call).

    Fewer than ``SHARED_BLOCKS`` blocks in all: its bytes, deflated in one stream by
    ``rewrite`` as any edited part.  More (a selected ``Results`` of hundreds of thousands
    of rows): deflated now, block by block as our sheets are (``zipraw.deflate_block``, the
    blocks joined), shared with a helper process where that is safe (``parallel.shared_map``:
    each process walks ``rest()`` itself and deflates the blocks it claims); nothing of the
    part is held whole.  The member inflates to the same bytes either way.

    >>> rows = b"<b/>" * (EDITED_BLOCK_BYTES // 4)
    >>> deflated_edit(b"<a>", lambda: iter([rows[:8]]))
    b'<a><b/><b/>'
    >>> member = deflated_edit(b"<a>", lambda: iter([rows] * SHARED_BLOCKS))
    >>> import zlib
    >>> zlib.decompress(b"".join(member.chunks), -15) == b"<a>" + rows * 8, member.size
    (True, 8388611)
    """
    size = EDITED_BLOCK_BYTES
    heads = [memoryview(head)[at : at + size] for at in range(0, len(head), size)]
    ahead = list(itertools.islice(rest(), SHARED_BLOCKS))
    if len(heads) + len(ahead) < SHARED_BLOCKS:
        return b"".join([*heads, *ahead])

    def blocks() -> Iterator[tuple[bytes | memoryview, bool]]:
        """Each block and whether it is the last."""
        stream = itertools.chain(heads, rest())
        block = next(stream)
        for following in stream:
            yield block, False
            block = following
        yield block, True

    def work(item: tuple[bytes | memoryview, bool]) -> Deflated:
        block, last = item
        return deflate_block(bytes(block), DEFLATE_LEVEL, last=last)

    return joined(parallel.shared_map(work, blocks))


def deflate_sheets(sheets: Sequence[sheetxml.SheetXml]) -> list[Deflated]:
    """Each worksheet part of ``sheets`` deflated at ``DEFLATE_LEVEL``, block by block.

    Every block is written and deflated as a work item of its own (``zipraw.deflate_block``)
    and a part's blocks are joined in order (``zipraw.joined``): the bytes are the same
    whichever process worked which block.  When the sheets of more than one block hold
    ``SHARED_BLOCKS`` blocks of rows or more, those are shared with a helper process where
    that is safe (``parallel.shared_map``: one map, so one fork, for them all; a helper that
    fails or dies has its blocks worked here), and meanwhile this process works out the
    sheets' heads (a check code over a league's table takes a few tenths of a second).
    Every other block, heads included, is worked here, and a package of small sheets forks
    nothing.  Only deflated blocks are kept, never a part's XML.
    """

    def work(item: tuple[int, int]) -> Deflated:
        number, index = item
        xml = sheets[number]
        return deflate_block(xml.block(index), DEFLATE_LEVEL, last=index == xml.blocks - 1)

    shared = [
        (number, index)
        for number, xml in enumerate(sheets)
        if xml.blocks > 1
        for index in range(1, xml.blocks)  # block 0: the head alone
    ]
    if len(shared) < SHARED_BLOCKS:
        shared = []
    with parallel.meanwhile(lambda: [xml.head for xml in sheets]):
        done = dict(zip(shared, parallel.shared_map(work, lambda: iter(shared)), strict=True))
    return [
        joined(done.get((number, index)) or work((number, index)) for index in range(xml.blocks))
        for number, xml in enumerate(sheets)
    ]


def _sheet_parts(  # noqa: PLR0917 - the sheet and where its parts go
    sheet: _NewSheet,
    cell_styles: sheetxml.CellStyles,
    taken: set[PartName],
    folder: str,
    data_name: str,
    shown: PlacedSheet | None,
) -> tuple[sheetxml.SheetXml, dict[PartName, tuple[bytes, str | None]]]:
    """The sheet's XML, in blocks written as they are taken, and its other parts (drawing,
    chart, relationships) with content types."""
    spec = sheet.spec
    if spec is None:
        return sheetxml.data_sheet_xml(sheet.data_rows, cell_styles.note), {}
    spec = replace(spec, name=sheet.name)
    selected = shown is not None and shown.kind == sheet.kind
    chart = spec.chart
    if chart is None or not chart.series or len(chart.rounds) < 2:
        return sheetxml.worksheet_xml(spec, cell_styles, selected=selected), {}
    drawing = _free_part(taken, folder + "drawings/", "drawing", "xml")
    chart_part = _free_part(taken, folder + "charts/", "chart", "xml")
    drawing_rel = edit.NewRelationship("rId1", ns.RT_DRAWING, drawing)
    chart_rel = edit.NewRelationship("rId1", ns.RT_CHART, chart_part)
    anchor = (len(spec.columns) + 1, sheetxml.header_row(spec) - 1)
    parts: dict[PartName, tuple[bytes, str | None]] = {
        drawing: (charts.drawing_xml(*anchor, chart_rel.id), ns.CT_DRAWING),
        drawing.rels: (edit.relationships_xml(drawing, [chart_rel]), None),
        chart_part: (charts.chart_xml(chart, data_name), ns.CT_CHART),
        sheet.part.rels: (edit.relationships_xml(sheet.part, [drawing_rel]), None),
    }
    xml = sheetxml.worksheet_xml(spec, cell_styles, drawing_rid=drawing_rel.id, selected=selected)
    return xml, parts


def _zip(
    pkg: Package,
    edited: dict[PartName, bytes | Deflated],
    dropped: set[PartName],
    new: dict[PartName, bytes | Deflated],
) -> bytes:
    """The package: content types first, the organiser's members in order, then our parts.

    Untouched members are copied as their compressed bytes; edited and new parts deflated
    (our sheets are already).
    """
    types = PartName("/" + ns.CONTENT_TYPES_MEMBER)
    try:
        return rewrite(pkg, edited, dropped=dropped, added=new, level=DEFLATE_LEVEL, first=types)
    except ValueError as error:  # a member whose headers disagree, or a zip64-sized archive
        raise UnusableWorkbookError("unusable.cannot_write", {"detail": str(error)}) from error
