"""The workbook part's sheet list, defined names and views, edited by splicing text.

- ``<sheets>``: our old sheets' ``<sheet>`` elements are removed; each new sheet takes the
  place of our old sheet of its kind, or is appended.  The organiser's ``<sheet>`` elements
  stay as written.
- ``<definedNames>``: names local to a removed sheet go, and so do the markers of every kind
  written (ours are added again, so copies of ours lose theirs); every other local name
  follows its sheet to its new position (``localSheetId``), the markers of the kinds not
  written too (``seat`` keeps Standings', ``score`` the seating sheets'); ours are added
  (the marker, and the print titles), and the marker of a kept sheet of ours that lost
  it (``remarked``).
- ``<workbookView>``: ``activeTab`` and ``firstSheet`` stay on the same sheet (a replaced
  sheet's successor takes its place).

A workbook part whose ``<sheets>`` holds anything but ``<sheet>`` elements, or with two
``<sheets>``, ``<definedNames>`` or ``<bookViews>``, is refused as damaged: no spreadsheet
application wrote it, and it cannot be edited safely.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import ns
from xlsx_scorer.opc.xmledit import Node, XmlDoc, escape_attr, escape_text, whole_number
from xlsx_scorer.xlsx.ours import marker_kind, marker_name

__all__ = ["PlacedSheet", "check_structure", "edit_workbook", "final_order", "quote_sheet"]

#: Children of ``<workbook>`` that come after ``<definedNames>`` (CT_Workbook).
_AFTER_DEFINED_NAMES = frozenset(
    {
        "calcPr",
        "oleSize",
        "customWorkbookViews",
        "pivotCaches",
        "smartTagPr",
        "smartTagTypes",
        "webPublishing",
        "fileRecoveryPr",
        "webPublishObjects",
        "extLst",
    }
)
#: The marker's value covers the whole sheet (rows 1 to Excel's last).
MAX_ROW = 1048576


def quote_sheet(name: str) -> str:
    """A sheet name as formulas write it: ``quote_sheet("Bob's") == "'Bob''s'"``."""
    return "'" + name.replace("'", "''") + "'"


@dataclass(frozen=True)
class PlacedSheet:
    """One of our new sheets as the workbook lists it."""

    kind: str
    name: str
    sheet_id: int
    rid: str
    hidden: bool
    #: The position of our old sheet it replaces, if any.
    slot: int | None
    #: The header row repeated on printed pages, if any.
    print_titles_row: int | None = None


def check_structure(doc: XmlDoc) -> Node:
    """The ``<sheets>`` element of a workbook part that can be edited; refuse one that cannot."""
    root = doc.root

    def refuse(detail: str) -> UnusableWorkbookError:
        return UnusableWorkbookError("unusable.broken_part", {"part": doc.name, "detail": detail})

    for section in ("sheets", "definedNames", "bookViews"):
        if len(root.named(ns.MAIN, section)) > 1:
            raise refuse(f"<{section}> appears twice")
    sheets = root.named(ns.MAIN, "sheets")
    if not sheets:
        raise refuse("no <sheets>")
    for child in sheets[0].children:
        if not child.is_(ns.MAIN, "sheet"):
            raise refuse(f"<{child.qname}> inside <{sheets[0].qname}>")
    return sheets[0]


def final_order(
    old_count: int, removed: set[int], placed: Sequence[PlacedSheet]
) -> list[int | PlacedSheet]:
    """The new sheet list: kept old positions (ints) and our sheets, in tab order.

    >>> new = PlacedSheet("errors", "Errors", 3, "rId9", False, slot=1)
    >>> final_order(3, {1}, [new]) == [0, new, 2]
    True
    """
    by_slot = {sheet.slot: sheet for sheet in placed if sheet.slot is not None}
    order: list[int | PlacedSheet] = []
    for index in range(old_count):
        if index not in removed:
            order.append(index)
        elif index in by_slot:
            order.append(by_slot[index])
    order += [sheet for sheet in placed if sheet.slot is None]
    return order


def edit_workbook(
    doc: XmlDoc,
    removed: set[int],
    placed: Sequence[PlacedSheet],
    *,
    active: PlacedSheet | None,
    remarked: Sequence[tuple[int, str, str]] = (),
) -> bytes:
    """The workbook part with our sheets placed; ``active``: the sheet to show first;
    ``remarked``: kept sheets of ours that lost their marker, each (position, name, kind),
    given it again."""
    sheets = check_structure(doc)
    old = sheets.named(ns.MAIN, "sheet")
    order = final_order(len(old), removed, placed)
    moved = {item: i for i, item in enumerate(order) if isinstance(item, int)}
    ours = {item.kind: i for i, item in enumerate(order) if isinstance(item, PlacedSheet)}
    successor = {sheet.slot: ours[sheet.kind] for sheet in placed if sheet.slot is not None}
    _edit_sheets(doc, sheets, old, removed, placed)
    remarks = [(moved[index], name, kind) for index, name, kind in remarked]
    _edit_defined_names(doc, len(old), moved, ours, placed, remarks=remarks)
    visible = [ours[sheet.kind] for sheet in placed if not sheet.hidden]
    _edit_views(
        doc,
        sheets,
        {**moved, **successor},
        fallback=visible[0] if visible else 0,
        active=None if active is None else ours[active.kind],
    )
    return doc.render()


def _edit_sheets(
    doc: XmlDoc, sheets: Node, old: list[Node], removed: set[int], placed: Sequence[PlacedSheet]
) -> None:
    prefix = sheets.prefix_of(ns.R)
    declare = "" if prefix else f' xmlns:r="{ns.R}"'
    r_id = f"{prefix or 'r'}:id"

    def element(sheet: PlacedSheet) -> str:
        state = ' state="hidden"' if sheet.hidden else ""
        return (
            f'<{sheets.tag("sheet")}{declare} name="{escape_attr(sheet.name)}"'
            f' sheetId="{sheet.sheet_id}"{state} {r_id}="{escape_attr(sheet.rid)}"/>'
        )

    by_slot = {sheet.slot: sheet for sheet in placed if sheet.slot is not None}
    for index in sorted(removed):
        replacement = by_slot.get(index)
        doc.replace(old[index].start, old[index].end, element(replacement) if replacement else "")
    appended = "".join(element(sheet) for sheet in placed if sheet.slot is None)
    if appended:
        doc.append(sheets, appended)


def _edit_defined_names(
    doc: XmlDoc,
    old_count: int,
    moved: dict[int, int],
    ours: dict[str, int],
    placed: Sequence[PlacedSheet],
    *,
    remarks: Sequence[tuple[int, str, str]],
) -> None:
    root = doc.root
    found = root.named(ns.MAIN, "definedNames")
    node = found[0] if found else None
    written = {sheet.kind for sheet in placed}
    for child in [] if node is None else node.named(ns.MAIN, "definedName"):
        old = whole_number(child.attrs.get("localSheetId"))
        if marker_kind(child.attrs.get("name", "")) in written:
            doc.delete(child)
        elif old is not None and old < old_count:
            if old not in moved:
                doc.delete(child)
            elif moved[old] != old:
                doc.set_attrs(child, {"localSheetId": str(moved[old])})
    tag = (node or root).tag("definedName")
    added = []
    for sheet in placed:
        index, quoted = ours[sheet.kind], escape_text(quote_sheet(sheet.name))
        if sheet.print_titles_row is not None:
            row = sheet.print_titles_row
            added.append(
                f'<{tag} name="_xlnm.Print_Titles" localSheetId="{index}">'
                f"{quoted}!${row}:${row}</{tag}>"
            )
        added.append(
            f'<{tag} name="{marker_name(sheet.kind)}" localSheetId="{index}" hidden="1">'
            f"{quoted}!$1:${MAX_ROW}</{tag}>"
        )
    added += [
        f'<{tag} name="{marker_name(kind)}" localSheetId="{index}" hidden="1">'
        f"{escape_text(quote_sheet(name))}!$1:${MAX_ROW}</{tag}>"
        for index, name, kind in remarks
    ]
    if node is not None:
        doc.append(node, "".join(added))
        return
    names = root.tag("definedNames")
    after = next(
        (c for c in root.children if c.namespace == ns.MAIN and c.local in _AFTER_DEFINED_NAMES),
        None,
    )
    text = f"<{names}>{''.join(added)}</{names}>"
    if after is None:
        doc.append(root, text)
    else:
        doc.insert(after.start, text)


def _edit_views(
    doc: XmlDoc, sheets: Node, moved: dict[int, int], *, fallback: int, active: int | None
) -> None:
    """``activeTab``/``firstSheet`` of every view follow their sheets; ``active`` wins."""
    found = doc.root.named(ns.MAIN, "bookViews")
    views = found[0].named(ns.MAIN, "workbookView") if found else []
    if not views and active is not None:
        view = f'<{doc.root.tag("workbookView")} activeTab="{active}"/>'
        if found:
            doc.append(found[0], view)
        else:
            book_views = doc.root.tag("bookViews")
            doc.insert(sheets.start, f"<{book_views}>{view}</{book_views}>")
    for node in views:
        changes: dict[str, str] = {}
        current = node.attrs.get("activeTab", "0")
        number = whole_number(current)
        tab = fallback if number is None else moved.get(number, fallback)
        tab = tab if active is None else active
        first_value = node.attrs.get("firstSheet", "0")
        number = whole_number(first_value)
        first = 0 if number is None else moved.get(number, 0)
        first = min(first, tab)
        if str(tab) != current:
            changes["activeTab"] = str(tab)
        if str(first) != first_value:
            changes["firstSheet"] = str(first)
        if changes:
            doc.set_attrs(node, changes)
