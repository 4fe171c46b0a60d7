"""Rows added below a table carry it down: styles, input rules, highlights, the filter,
names and Excel tables.

Seating writes a round's rows below the organiser's ``Results``, a merge the rows and
roster names a judge added (``patch``'s ``CarryDown``): each new cell takes the style of its
column's cell in the row above (blank input cells too), and every range that covers that
row, ends before the last new one and shares a column with the rows written grows down over
them — input rules (``<dataValidation sqref>``), conditional formats
(``<conditionalFormatting sqref>``), Excel 2010's of both in ``extLst`` (``<xm:sqref>``
text), the sheet's filter (``<autoFilter ref>``), each workbook name that is one range of
the sheet (the roster's ``Roster``, the filter's hidden ``_xlnm._FilterDatabase``), and each
Excel table (``tablePart``).  A range beside the rows written (a table of prizes in other
columns) is left as it is; a table whose totals row the new rows would land in is refused
(``unusable.table_totals_row``).  Only the attributes and texts named change
(``opc.xmledit``: every other byte stays).  A computed column's formula is not copied into
the new rows (docs/rules.md §7).

>>> carry = CarryDown(17, 25, 1, 13)
>>> grown_ranges("A1:I17 K1 O1:P17", carry)
'A1:I25 K1 O1:P17'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import ns
from xlsx_scorer.opc.edit import Edit
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.xmledit import Node, XmlDoc, escape_text, unsigned_int
from xlsx_scorer.xlsx.read.cellvalues import column_number
from xlsx_scorer.xlsx.worksheet import Worksheet

__all__ = ["CarryDown", "carry_rules", "grow_names", "grow_tables", "grown_ranges"]

#: Excel's last column (XFD).
_LAST_COLUMN = 16_384


@dataclass(frozen=True)
class CarryDown:
    """Rows ``above + 1`` to ``last`` added below a table, written in columns
    ``first_column`` to ``last_column``: each cell takes the style (``s``) of its column's
    cell in row ``above``, and the ranges over row ``above`` grow down to ``last`` (see the
    module).  Row ``above`` is found as the reader numbers rows (``r="04"``, single quotes,
    a prefix: XML, not a pattern)."""

    above: int
    last: int
    first_column: int = 1
    last_column: int = _LAST_COLUMN

    @classmethod
    def below(cls, header: int, filled: int, last: int, letters: Iterable[str]) -> CarryDown:
        """Rows up to ``last`` written in the columns ``letters`` below a table whose header
        is row ``header`` and whose last filled row is ``filled``: carried down from that
        row, or from the first row under the header while none is filled.

        >>> CarryDown.below(1, 9, 17, ["C", "A"]), CarryDown.below(1, 1, 8, ["B"]).above
        (CarryDown(above=9, last=17, first_column=1, last_column=3), 2)
        """
        numbers = [number for letter in letters if (number := column_number(letter))]
        above = filled if filled > header else header + 1  # never the header
        return cls(above, last, min(numbers, default=1), max(numbers, default=_LAST_COLUMN))


_RANGE = re.compile(r"([A-Z]{1,3})([0-9]+)(?::([A-Z]{1,3})([0-9]+))?")
#: A range as a box of cells: (first column, first row, last column, last row).
Box = tuple[int, int, int, int]
_LAST_ROW = 1_048_576
_WHOLE = re.compile(r"([A-Z]{1,3}):([A-Z]{1,3})|([0-9]+):([0-9]+)")


def _box(first: str, top: str, second: str | None, bottom: str | None) -> Box:
    """The box of an ``A1`` or ``A1:B2`` range from its parts."""
    left, right = column_number(first) or 0, column_number(second or first) or 0
    return left, int(top), right, int(bottom or top)


def _grows(box: Box, carry: CarryDown) -> bool:
    """Whether a range grows: it covers row ``above``, ends before ``last``, and shares a
    column with the rows written."""
    left, top, right, bottom = box
    columns = left <= carry.last_column and right >= carry.first_column
    return columns and top <= carry.above <= bottom < carry.last


def boxes(ranges: str) -> list[Box]:
    """The cells a list of ranges covers, as boxes (whole columns and rows too).

    >>> boxes("A2:B9 D4 C:C 3:3")
    [(1, 2, 2, 9), (4, 4, 4, 4), (3, 1, 3, 1048576), (1, 3, 16384, 3)]
    """
    found = []
    for part in ranges.split():
        if (match := _RANGE.fullmatch(part)) is not None:
            found.append(_box(*match.groups()))
        elif (whole := _WHOLE.fullmatch(part)) is not None:
            first, second, top, bottom = whole.groups()
            if first is not None:
                found.append((column_number(first) or 0, 1, column_number(second) or 0, _LAST_ROW))
            else:
                found.append((1, int(top), _LAST_COLUMN, int(bottom)))
    return found


def _meets_box(box: Box, others: Sequence[Box]) -> bool:
    """Whether ``box`` shares a cell with one of ``others``."""
    left, top, right, bottom = box
    return any(
        left <= o_right and o_left <= right and top <= o_bottom and o_top <= bottom
        for o_left, o_top, o_right, o_bottom in others
    )


def grown_ranges(ranges: str, carry: CarryDown, taken: Sequence[Box] = ()) -> str:
    """A list of ranges (``sqref``) with each range that grows (see the module) grown down to
    ``carry.last``; the others as they are.  With ``taken`` (the cells other input rules
    cover: a cell has one rule), a range whose new cells another covers stays as it is.

    >>> grown_ranges("A2:A9 C1 D9", CarryDown(9, 12))
    'A2:A12 C1 D9:D12'
    >>> grown_ranges("A2:A9", CarryDown(9, 12), boxes("A11:A20"))
    'A2:A9'
    """
    parts = []
    for part in ranges.split():
        match = _RANGE.fullmatch(part)
        if match is not None:
            first, top, second, _ = match.groups()
            box = _box(*match.groups())
            new_cells = (box[0], box[3] + 1, box[2], carry.last)
            if _grows(box, carry) and not _meets_box(new_cells, taken):
                parts.append(f"{first}{top}:{second or first}{carry.last}")
                continue
        parts.append(part)
    return " ".join(parts)


def carry_rules(doc: XmlDoc, carry: CarryDown) -> None:
    """The worksheet's ranges over row ``carry.above`` grown (see the module): input rules,
    conditional formats (``sqref``; Excel 2010's ``<xm:sqref>`` text in ``extLst``) and the
    filter (``<autoFilter ref>``); a range left as it is is not touched."""
    rules = [
        rule
        for node in doc.root.named(ns.MAIN, "dataValidations")
        for rule in node.children
        if rule.is_(ns.MAIN, "dataValidation")
    ]
    later = [  # Excel 2010's, their ranges as text
        (rule, where)
        for ext in doc.root.named(ns.MAIN, "extLst")
        for rule in ext.walk()
        if rule.is_(ns.X14, "dataValidation") or rule.is_(ns.X14, "conditionalFormatting")
        for where in rule.named(ns.XM, "sqref")
        if not where.empty
    ]
    inputs = [(rule, rule.attrs.get("sqref") or "") for rule in rules] + [
        (rule, doc.inner_text(where)) for rule, where in later if rule.local == "dataValidation"
    ]

    def taken(rule: Node) -> list[Box]:
        """The cells the other input rules cover: a cell keeps one rule."""
        return [box for other, ranges in inputs if other is not rule for box in boxes(ranges)]

    for node, attribute in [
        *((rule, "sqref") for rule in rules),
        *((node, "sqref") for node in doc.root.named(ns.MAIN, "conditionalFormatting")),
        *((node, "ref") for node in doc.root.named(ns.MAIN, "autoFilter")),
    ]:
        ranges = node.attrs.get(attribute) or ""
        blocked = taken(node) if node.local == "dataValidation" else []
        if (new := grown_ranges(ranges, carry, blocked)) != ranges:
            doc.set_attrs(node, {attribute: new})
    for rule, where in later:
        ranges = doc.inner_text(where)
        blocked = taken(rule) if rule.local == "dataValidation" else []
        if (new := grown_ranges(ranges, carry, blocked)) != ranges:
            doc.replace(where.tag_end, where.close, escape_text(new))


_NAMED_RANGE = re.compile(
    r"(?:'((?:[^']|'')+)'|([^'!]+))!\$?([A-Z]{1,3})\$?([0-9]+):\$?([A-Z]{1,3})\$?([0-9]+)"
)


def name_grown(formula: str, sheet: str, carry: CarryDown) -> str:
    """A workbook name's formula grown when it is one range of ``sheet`` that grows (see the
    module); else as it was.

    >>> name_grown("'Players'!$A$2:$A$9", "Players", CarryDown(9, 10, 1, 1))
    "'Players'!$A$2:$A$10"
    >>> name_grown("Players!$A2:A9", "Players", CarryDown(9, 10, 1, 1))  # as relative as it was
    'Players!$A2:A10'
    >>> name_grown("Results!$A$1:$I$17", "Players", CarryDown(17, 25))
    'Results!$A$1:$I$17'
    """
    match = _NAMED_RANGE.fullmatch(formula.strip())
    if match is None:
        return formula
    quoted, plain, left, top, right, bottom = match.groups()
    named = quoted.replace("''", "'") if quoted is not None else plain
    if named.casefold() != sheet.casefold() or not _grows(_box(left, top, right, bottom), carry):
        return formula
    text = formula.strip()
    return f"{text[: match.start(6)]}{carry.last}{text[match.end(6) :]}"  # only the last row


def grow_names(pkg: Package, change: Edit, carries: Mapping[str, CarryDown]) -> None:
    """Each workbook name that is one range of a sheet of ``carries`` growing with its rows
    (the roster's ``Roster``, a filter's hidden ``_xlnm._FilterDatabase``) grown with them."""
    doc = pkg.workbook_xml.fresh()  # parsed once, when the package was opened
    for names in doc.root.named(ns.MAIN, "definedNames"):
        for name in names.named(ns.MAIN, "definedName"):
            if name.empty:
                continue
            formula = new = doc.inner_text(name)
            for sheet, carry in carries.items():
                new = name_grown(new, sheet, carry)
            if new != formula:
                doc.replace(name.tag_end, name.close, escape_text(new))
    if (edited := doc.render()) != pkg.workbook_xml.data:
        change.replace(pkg.workbook, edited)


def grow_tables(pkg: Package, change: Edit, sheet: Worksheet, carry: CarryDown) -> None:
    """Each Excel table of ``sheet`` (a ``tablePart``) that grows (see the module) grown down
    to ``carry.last`` with its filter: the rows added are rows of the table, as if typed
    under it in Excel.  A table whose totals row the new rows would land in is refused
    (``unusable.table_totals_row``): its totals would be overwritten or left mid-table."""
    for rel in pkg.rels(sheet.part):
        part = rel.target
        if rel.type != ns.RT_TABLE or part is None or not pkg.has(part):
            continue
        doc = XmlDoc(part.member, pkg.read(part), keep=(("autoFilter",),))
        ref = doc.root.attrs.get("ref") or ""
        match = _RANGE.fullmatch(ref)
        if not doc.root.is_(ns.MAIN, "table") or match is None:
            continue
        box = _box(*match.groups())
        totals = unsigned_int(doc.root.attrs.get("totalsRowCount") or "0") or 0
        if totals and _in_totals(box, carry, totals):
            name = doc.root.attrs.get("displayName") or doc.root.attrs.get("name") or ref
            raise UnusableWorkbookError(
                "unusable.table_totals_row",
                {"sheet": sheet.name, "table": name, "row": box[3]},
            )
        if totals or (new := grown_ranges(ref, carry)) == ref:
            continue
        doc.set_attrs(doc.root, {"ref": new})
        for node in doc.root.named(ns.MAIN, "autoFilter"):
            if node.attrs.get("ref") == ref:
                doc.set_attrs(node, {"ref": new})
        change.replace(part, doc.render())


def _in_totals(box: Box, carry: CarryDown, totals: int) -> bool:
    """Whether the rows added land in a table's totals rows (the last ``totals`` rows of its
    ``box``), in a column they share."""
    left, _, right, bottom = box
    added = (carry.first_column, carry.above + 1, carry.last_column, carry.last)
    return _meets_box((left, bottom - totals + 1, right, bottom), [added])
