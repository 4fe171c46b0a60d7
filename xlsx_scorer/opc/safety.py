"""The way in: the bytes of a workbook file, once they are known to be a usable package.

``read_package`` refuses what is not a file, too large a file, or unreadable, then
``check_package`` opens the bytes as a ``Package`` (see ``opc.package``: not a zip, zip and
XML bombs, locked or oddly compressed members, a missing workbook part are refused; every
member's CRC is verified and damage is recorded for whoever uses the part).  It is the run's
one package: while someone holds it, ``Package.open`` of the same bytes hands it back.
"""

from __future__ import annotations

from pathlib import Path

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc.guards import MAX_FILE_BYTES
from xlsx_scorer.opc.package import Package


def read_package(path: Path) -> Package:
    """The package in the file ``path`` once it is known to be a safe xlsx/xlsm package.

    Raises ``UnusableWorkbookError`` with the reason otherwise.
    """
    if path.is_dir():
        raise UnusableWorkbookError("unusable.is_folder", {"folder": str(path)})
    if not path.is_file():
        raise UnusableWorkbookError("unusable.file_missing")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise UnusableWorkbookError(
            "unusable.package_too_large", {"size": size >> 20, "detail": "file size"}
        )
    try:
        data = path.read_bytes()
    except OSError as error:
        raise UnusableWorkbookError("unusable.unreadable", {"detail": error.strerror}) from error
    return check_package(data)


def check_package(data: bytes) -> Package:
    """``data`` opened as a package; raises ``UnusableWorkbookError`` when it is unusable."""
    return Package.open(data)
