"""Writing our sheets into the organiser's workbook file: splice, then save atomically."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from xlsx_scorer.xlsx import reader, save
from xlsx_scorer.xlsx.ours import LegacyOutputs
from xlsx_scorer.xlsx.sheetxml import hyperlink_formula
from xlsx_scorer.xlsx.spec import SheetSpec
from xlsx_scorer.xlsx.splice import write_sheets

__all__ = ["hyperlink_formula", "write_outputs"]


def write_outputs(
    book: reader.Workbook,
    specs: Sequence[SheetSpec],
    target: Path,
    *,
    legacy: LegacyOutputs | None = None,
    active: str | None = None,
) -> None:
    """Write ``specs`` into the workbook read as ``book`` and save it atomically to ``target``.

    ``legacy`` recognises output sheets written before they were marked; ``active`` is the
    kind of the sheet to show when the workbook opens (see ``splice.write_sheets``).
    """
    save.save_atomically(target, write_sheets(book.package, specs, legacy=legacy, active=active))
