"""Rows added below a table carry it down: styles, input rules, the filter and Excel tables.

Seating writes a round's rows below the organiser's ``Results`` (``patch``'s ``CarryDown``):
each new cell takes the style of its column's cell in the row above (blank input cells too),
and every range that covers that row and ends there grows down over the new rows — input
rules (``<dataValidation sqref>``, and Excel 2010's in ``extLst``, whose ranges are
``<xm:sqref>`` text), the sheet's filter (``<autoFilter ref>``) with the workbook's hidden
name for it (``_xlnm._FilterDatabase``), and each Excel table (``tablePart``) without a totals
row.  Ranges elsewhere are left as they are; only the attributes and texts named change
(``opc.xmledit``: every other byte stays).

>>> grown_ranges("A1:I17 K1", 17, 25)
'A1:I25 K1'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xlsx_scorer.opc import ns
from xlsx_scorer.opc.edit import Edit
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.xmledit import XmlDoc, escape_text, unsigned_int
from xlsx_scorer.xlsx.worksheet import Worksheet

__all__ = [
    "CarryDown",
    "carry_filter",
    "carry_rules",
    "filter_name_grown",
    "grow_filter_name",
    "grow_tables",
    "grown_ranges",
]

_X14 = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"
_XM = "http://schemas.microsoft.com/office/excel/2006/main"
RT_TABLE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/table"


@dataclass(frozen=True)
class CarryDown:
    """Rows added below a table: each cell of rows ``above + 1`` to ``last`` takes the
    style (``s``) of its column's cell in row ``above`` (styled blank cells too: the input
    cells the judges fill), and every input rule and the sheet's filter that cover row
    ``above`` are grown down to ``last`` (:func:`grown_ranges`).  Row ``above`` is found
    as the reader numbers rows (``r="04"``, single quotes, a prefix: XML, not a pattern)."""

    above: int
    last: int


_RANGE = re.compile(r"([A-Z]{1,3})([0-9]+)(?::([A-Z]{1,3})([0-9]+))?")


def grown_ranges(ranges: str, above: int, last: int) -> str:
    """A list of ranges (``sqref``) with each range that covers row ``above`` and ends
    before ``last`` grown down to ``last``; the others as they are.

    >>> grown_ranges("A2:A9 C1 D9", 9, 12)
    'A2:A12 C1 D9:D12'
    """
    parts = []
    for part in ranges.split():
        match = _RANGE.fullmatch(part)
        if match is not None:
            first, top, second, bottom = match.groups()
            low, high = int(top), int(bottom or top)
            if low <= above <= high < last:
                parts.append(f"{first}{low}:{second or first}{last}")
                continue
        parts.append(part)
    return " ".join(parts)


def carry_rules(doc: XmlDoc, carry: CarryDown) -> None:
    """Every input rule covering row ``carry.above`` grown down to ``carry.last``: the
    ``sqref`` of a ``<dataValidation>``, the ``<xm:sqref>`` text of an Excel 2010 one
    (``extLst``, rules that name another sheet); a rule left as it is is not touched."""
    for rules in doc.root.named(ns.MAIN, "dataValidations"):
        for rule in rules.named(ns.MAIN, "dataValidation"):
            ranges = rule.attrs.get("sqref") or ""
            if (new := grown_ranges(ranges, carry.above, carry.last)) != ranges:
                doc.set_attrs(rule, {"sqref": new})
    for ext in doc.root.named(ns.MAIN, "extLst"):
        for rule in (node for node in ext.walk() if node.is_(_X14, "dataValidation")):
            for where in (node for node in rule.named(_XM, "sqref") if not node.empty):
                ranges = doc.inner_text(where)
                if (new := grown_ranges(ranges, carry.above, carry.last)) != ranges:
                    doc.replace(where.tag_end, where.close, escape_text(new))


def carry_filter(doc: XmlDoc, carry: CarryDown) -> tuple[str, str] | None:
    """The sheet's filter (``<autoFilter ref>``) grown down to ``carry.last`` when it covers
    row ``carry.above``: (the range before, after); None when it was left as it was."""
    for node in doc.root.named(ns.MAIN, "autoFilter"):
        ref = node.attrs.get("ref") or ""
        if (new := grown_ranges(ref, carry.above, carry.last)) != ref:
            doc.set_attrs(node, {"ref": new})
            return ref, new
    return None


#: The hidden name Excel and LibreOffice give a sheet's filter range (``localSheetId``).
_FILTER_NAME = "_xlnm._FilterDatabase"
_FORMULA_RANGE = re.compile(r"(.*!)?\$?([A-Z]{1,3})\$?([0-9]+):\$?([A-Z]{1,3})\$?([0-9]+)")


def filter_name_grown(formula: str, before: str, after: str) -> str:
    """The formula of a sheet's filter name once its filter range ``before`` became ``after``;
    the formula as it was when it names another range.

    >>> filter_name_grown("'Results'!$A$1:$I$17", "A1:I17", "A1:I25")
    "'Results'!$A$1:$I$25"
    >>> filter_name_grown("Results!$A$1:$I$9", "A1:I17", "A1:I25")
    'Results!$A$1:$I$9'
    """
    match = _FORMULA_RANGE.fullmatch(formula.strip())
    if match is None or "".join(match.group(2, 3)) + ":" + "".join(match.group(4, 5)) != before:
        return formula
    sheet, (left, top, right, _) = match.group(1) or "", match.group(2, 3, 4, 5)
    bottom = after.rpartition(":")[2].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return f"{sheet}${left}${top}:${right}${bottom}"


def grow_filter_name(pkg: Package, change: Edit, sheet: Worksheet, grown: tuple[str, str]) -> None:
    """The workbook's filter name of ``sheet`` (``_xlnm._FilterDatabase``, which Excel and
    LibreOffice keep beside the ``<autoFilter>``) grown with it; left alone when it names
    another range."""
    index = next(i for i, entry in enumerate(pkg.sheets) if entry.part == sheet.part)
    doc = pkg.workbook_xml.fresh()  # parsed once, when the package was opened
    for names in doc.root.named(ns.MAIN, "definedNames"):
        for name in names.named(ns.MAIN, "definedName"):
            local = unsigned_int(name.attrs.get("localSheetId") or "")
            if name.attrs.get("name") != _FILTER_NAME or local != index or name.empty:
                continue
            formula = doc.inner_text(name)
            if (new := filter_name_grown(formula, *grown)) != formula:
                doc.replace(name.tag_end, name.close, escape_text(new))
                change.replace(pkg.workbook, doc.render())


def grow_tables(pkg: Package, change: Edit, sheet: Worksheet, carry: CarryDown) -> None:
    """Each Excel table of ``sheet`` (a ``tablePart``) that covers row ``carry.above`` and has
    no totals row, grown down to ``carry.last`` with its filter: the rows added are rows of
    the table, as if typed under it in Excel.  A table with a totals row is left alone."""
    for rel in pkg.rels(sheet.part):
        part = rel.target
        if rel.type != RT_TABLE or part is None or not pkg.has(part):
            continue
        doc = XmlDoc(part.member, pkg.read(part), keep=(("autoFilter",),))
        totals = unsigned_int(doc.root.attrs.get("totalsRowCount") or "0")
        ref = doc.root.attrs.get("ref") or ""
        if not doc.root.is_(ns.MAIN, "table") or totals != 0:
            continue
        if (new := grown_ranges(ref, carry.above, carry.last)) == ref:
            continue
        doc.set_attrs(doc.root, {"ref": new})
        for node in doc.root.named(ns.MAIN, "autoFilter"):
            if node.attrs.get("ref") == ref:
                doc.set_attrs(node, {"ref": new})
        change.replace(part, doc.render())
