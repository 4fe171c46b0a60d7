"""The parts of a workbook as the reader streams them, off the one package object
(``opc.package.Package``: opened once, every member's CRC checked, part names resolved as OPC
says, the sheets and the date system read from the workbook part once).

- ``part_chunks``: a part's bytes inflated in chunks (in one piece when the package keeps it
  inflated);
- ``related_part``: the part the workbook's relationship of a type names (shared strings,
  styles), when it is there.
"""

from __future__ import annotations

from collections.abc import Iterator

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc.guards import ZIP_ERRORS
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.partname import PartName

__all__ = ["CHUNK_BYTES", "MAIN_NAMESPACES", "part_chunks", "related_part"]

CHUNK_BYTES = 1 << 20
TRANSITIONAL_NAMESPACE = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
MAIN_NAMESPACES = frozenset(
    {TRANSITIONAL_NAMESPACE, "http://purl.oclc.org/ooxml/spreadsheetml/main"}
)


def part_chunks(opc: Package, part: PartName) -> Iterator[bytes]:
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


def related_part(opc: Package, rel_type: str) -> PartName | None:
    """The part the workbook's first relationship of ``rel_type`` names, when it is there."""
    relation = opc.related(opc.workbook, rel_type)
    if relation is None or relation.target is None or not opc.has(relation.target):
        return None
    return relation.target
