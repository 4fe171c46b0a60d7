"""Refuse files that are not workbooks, or that attack whoever opens them, before parsing.

Checks run on the raw bytes and the zip directory only (declared sizes), so a
hostile file is refused in milliseconds and never inflated or parsed:

- not a file, empty, an OLE container (a password-protected xlsx or an old .xls),
  a text/CSV file renamed ``.xlsx``, an OpenDocument file, a cut-off archive;
- a zip bomb: more than ``MAX_UNPACKED_BYTES`` declared in all, or a large part
  whose declared compression ratio exceeds ``MAX_RATIO``;
- an XML bomb: an XML part that declares a DOCTYPE or entities (Office never writes one).
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

from xlsx_scorer.problems import UnusableWorkbookError

MAX_UNPACKED_BYTES = 1 << 30
MAX_RATIO = 1000
RATIO_CHECK_FROM_BYTES = 10 << 20
MAX_FILE_BYTES = 512 << 20
PROLOG_BYTES = 64 << 10
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ENCRYPTION_STREAM = "EncryptionInfo".encode("utf-16-le")
ODS_MIMETYPE = b"application/vnd.oasis.opendocument"
_DOCTYPE = re.compile(rb"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)


def read_package(path: Path) -> bytes:
    """The bytes of ``path`` once they are known to be a safe xlsx/xlsm package.

    Raises ``UnusableWorkbookError`` with the reason otherwise.
    """
    if not path.is_file():
        raise UnusableWorkbookError("unusable.file_missing")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise UnusableWorkbookError(
            "unusable.package_too_large",
            {"size": path.stat().st_size >> 20, "detail": "file size"},
        )
    try:
        data = path.read_bytes()
    except OSError as error:
        raise UnusableWorkbookError("unusable.unreadable", {"detail": error.strerror}) from error
    check_package(data)
    return data


def check_package(data: bytes) -> None:
    """Raise ``UnusableWorkbookError`` unless ``data`` is a zip package safe to parse."""
    if not data:
        raise UnusableWorkbookError("unusable.empty_file")
    if data.startswith(OLE_MAGIC):
        code = "unusable.encrypted" if ENCRYPTION_STREAM in data else "unusable.old_xls"
        raise UnusableWorkbookError(code)
    if not data.startswith(b"PK"):
        raise UnusableWorkbookError(
            "unusable.text_file" if _looks_like_text(data) else "unusable.not_a_workbook"
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise UnusableWorkbookError("unusable.truncated") from error
    with archive:
        names = {member.filename for member in members}
        if "mimetype" in names and archive.read("mimetype").startswith(ODS_MIMETYPE):
            raise UnusableWorkbookError("unusable.ods")
        if "[Content_Types].xml" not in names or not any(
            name.startswith("xl/workbook") for name in names
        ):
            raise UnusableWorkbookError("unusable.not_a_workbook")
        _refuse_zip_bomb(members)
        _refuse_xml_entities(archive, members)


def _looks_like_text(data: bytes) -> bool:
    """Whether the start of ``data`` is readable text (a CSV or TSV renamed to .xlsx)."""
    sample = data[:4096]
    try:
        decoded = sample.decode("utf-8")
    except UnicodeDecodeError:
        decoded = sample.decode("latin-1")
    printable = sum(ch.isprintable() or ch in "\r\n\t" for ch in decoded)
    return printable >= 0.95 * len(decoded)


def _refuse_zip_bomb(members: list[zipfile.ZipInfo]) -> None:
    total = sum(member.file_size for member in members)
    if total > MAX_UNPACKED_BYTES:
        raise UnusableWorkbookError(
            "unusable.package_too_large", {"size": total >> 20, "detail": "declared sizes"}
        )
    for member in members:
        ratio = member.file_size / max(member.compress_size, 1)
        if member.file_size > RATIO_CHECK_FROM_BYTES and ratio > MAX_RATIO:
            raise UnusableWorkbookError(
                "unusable.package_too_large",
                {
                    "size": member.file_size >> 20,
                    "detail": f"{member.filename}, ratio {ratio:.0f}:1",
                },
            )


def _refuse_xml_entities(archive: zipfile.ZipFile, members: list[zipfile.ZipInfo]) -> None:
    for member in members:
        if not member.filename.endswith((".xml", ".rels", ".vml")):
            continue
        try:
            with archive.open(member) as stream:
                prolog = stream.read(PROLOG_BYTES)
        except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError) as error:
            raise UnusableWorkbookError("unusable.truncated") from error
        if prolog.startswith((b"\xff\xfe", b"\xfe\xff")):
            prolog = prolog.decode("utf-16", errors="ignore").encode()
        if _DOCTYPE.search(prolog):
            raise UnusableWorkbookError("unusable.xml_entities", {"part": member.filename})
