"""Where a workbook's parts are, for the reader: each sheet's part and state, shared strings,
styles and the date system — read off the package layer (``opc``), which resolves every
part name as OPC says and has checked every member's CRC.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import ns
from xlsx_scorer.opc.guards import ZIP_ERRORS
from xlsx_scorer.opc.package import Package as OpcPackage
from xlsx_scorer.opc.partname import PartName
from xlsx_scorer.xlsx.xmlstream import attributes, parse, split_name

CHUNK_BYTES = 1 << 20
TRANSITIONAL_NAMESPACE = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
MAIN_NAMESPACES = frozenset(
    {TRANSITIONAL_NAMESPACE, "http://purl.oclc.org/ooxml/spreadsheetml/main"}
)
_TRUE = frozenset({"1", "true"})


@dataclass(frozen=True)
class SheetEntry:
    """One sheet of the workbook: its name, worksheet part (None when it has none) and state."""

    name: str
    member: PartName | None
    state: str = "visible"

    @property
    def hidden(self) -> bool:
        """Hidden or very hidden."""
        return self.state in {"hidden", "veryHidden"}


@dataclass(frozen=True)
class BookParts:
    """The parts the reader needs and the workbook's date system."""

    sheets: tuple[SheetEntry, ...]
    shared_strings: PartName | None
    styles: PartName | None
    date1904: bool


class Package:
    """The package as the reader streams it: parts inflated in chunks."""

    def __init__(self, data: bytes) -> None:
        self.opc = OpcPackage.open(data)

    def chunks(self, part: PartName) -> Iterator[bytes]:
        """The bytes of ``part``, inflated in chunks (:func:`part_chunks`)."""
        return part_chunks(self.opc, part)


def part_chunks(opc: OpcPackage, part: PartName) -> Iterator[bytes]:
    """The bytes of ``part``, inflated in chunks (in one when the package keeps it inflated);
    damage is ``unusable.broken_part``."""
    kept = opc.inflated(part)
    if kept is not None:
        yield kept
        return
    try:
        with opc.stream(part) as stream:
            while chunk := stream.read(CHUNK_BYTES):
                yield chunk
    except ZIP_ERRORS as error:
        raise UnusableWorkbookError(
            "unusable.broken_part", {"part": str(part), "detail": str(error)}
        ) from error


def locate(package: Package) -> BookParts:
    """The workbook's sheets, shared strings, styles and date system, from its relationships."""
    opc = package.opc
    sheets = tuple(
        SheetEntry(
            entry.name,
            entry.part
            if entry.rel_type == ns.RT_WORKSHEET and entry.part is not None and opc.has(entry.part)
            else None,
            entry.state or "visible",
        )
        for entry in opc.sheets
    )
    date1904 = False

    def start(element: str, attrs: list[str]) -> None:
        nonlocal date1904
        uri, local = split_name(element)
        if uri in MAIN_NAMESPACES and local == "workbookPr":
            date1904 = attributes(attrs).get("date1904", "").strip() in _TRUE

    parse(package.chunks(opc.workbook), str(opc.workbook), start=start)
    return BookParts(
        sheets=sheets,
        shared_strings=_related(opc, ns.RT_SHARED_STRINGS),
        styles=_related(opc, ns.RT_STYLES),
        date1904=date1904,
    )


def _related(opc: OpcPackage, rel_type: str) -> PartName | None:
    relation = opc.related(opc.workbook, rel_type)
    if relation is None or relation.target is None or not opc.has(relation.target):
        return None
    return relation.target
