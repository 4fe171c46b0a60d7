"""Refuse files that are not workbooks, or that attack whoever opens them, before parsing.

Checks run on the raw bytes and the zip directory (declared sizes) first, so a
hostile file is refused in milliseconds and never parsed:

- not a file, empty, an OLE container (a password-protected xlsx, an old .xls, or
  another Office file such as a .doc), a text/CSV file renamed ``.xlsx`` (UTF-8,
  or UTF-16 as Excel's "Unicode Text" writes it), an OpenDocument file, a cut-off archive;
- a zip bomb: more than ``MAX_UNPACKED_BYTES`` declared in all, or a part over
  10 MB whose declared compression ratio exceeds ``MAX_RATIO`` (over 50 MB:
  ``MAX_RATIO_LARGE_PART``);
- a damaged member (bad deflate data or CRC) or an XML part that is not
  well-formed, found by inflating each member once in chunks, bounded by the
  declared sizes;
- an XML bomb: an XML part that declares a DOCTYPE or entities (Office never writes one).
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from pathlib import Path
from xml.parsers import expat

from xlsx_scorer.findings import UnusableWorkbookError

MAX_UNPACKED_BYTES = 1 << 30
MAX_RATIO = 1000
RATIO_CHECK_FROM_BYTES = 10 << 20
#: Parts over 50 MB get a stricter ratio: real sheets, even formatted down to row
#: 1,000,000, compress about 10-30:1; a bomb of repeated XML rows compresses 200:1 and more.
LARGE_PART_BYTES = 50 << 20
MAX_RATIO_LARGE_PART = 100
MAX_FILE_BYTES = 512 << 20
PROLOG_BYTES = 64 << 10
CHUNK_BYTES = 1 << 20
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ENCRYPTION_STREAM = "EncryptionInfo".encode("utf-16-le")
#: Stream names of an Excel 5/95 ("Book") or 97-2003 ("Workbook") file, as OLE stores them.
XLS_STREAMS = tuple((name + "\0").encode("utf-16-le") for name in ("Workbook", "Book"))
TEXT_BOMS = {b"\xef\xbb\xbf": "utf-8-sig", b"\xff\xfe": "utf-16", b"\xfe\xff": "utf-16"}
ODS_MIMETYPE = b"application/vnd.oasis.opendocument"
WORKSHEETS = "xl/worksheets/"
_DOCTYPE = re.compile(rb"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)


def read_package(path: Path) -> bytes:
    """The bytes of ``path`` once they are known to be a safe xlsx/xlsm package.

    Raises ``UnusableWorkbookError`` with the reason otherwise.
    """
    if path.is_dir():
        raise UnusableWorkbookError("unusable.is_folder", {"folder": str(path)})
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
        raise UnusableWorkbookError(_ole_kind(data))
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
        _refuse_damage_and_xml_entities(archive, members)


def _ole_kind(data: bytes) -> str:
    """An OLE file is a password-protected xlsx, an old .xls, or some other Office file."""
    if ENCRYPTION_STREAM in data:
        return "unusable.encrypted"
    if any(stream in data for stream in XLS_STREAMS):
        return "unusable.old_xls"
    return "unusable.not_a_workbook"


def _looks_like_text(data: bytes) -> bool:
    """Whether the start of ``data`` is readable text (a CSV or TSV renamed to .xlsx).

    A byte-order mark says the encoding (UTF-16 from Excel's "Unicode Text");
    otherwise UTF-8, else Latin-1; 95% printable characters make it text.
    """
    sample = data[:4096]
    encoding = next((name for bom, name in TEXT_BOMS.items() if sample.startswith(bom)), None)
    if encoding is not None:
        decoded = sample.decode(encoding, errors="replace")
    else:
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
        limit = MAX_RATIO if member.file_size <= LARGE_PART_BYTES else MAX_RATIO_LARGE_PART
        if member.file_size > RATIO_CHECK_FROM_BYTES and ratio > limit:
            raise UnusableWorkbookError(
                "unusable.package_too_large",
                {
                    "size": member.file_size >> 20,
                    "detail": f"{member.filename}, ratio {ratio:.0f}:1",
                },
            )


def _refuse_damage_and_xml_entities(
    archive: zipfile.ZipFile, members: list[zipfile.ZipInfo]
) -> None:
    """Inflate every member once, in chunks; refuse bad data, DOCTYPEs and broken XML.

    - A member whose deflate data or CRC is bad, anywhere, is refused here with a
      clear message, so no later reader meets a zlib error.  Inflating stops at
      the declared size, which ``_refuse_zip_bomb`` has already bounded.
    - An XML part (``.xml``, ``.rels``, ``.vml``) whose prolog declares a
      DOCTYPE or an entity is refused before any parser sees it; the parser
      below refuses a DOCTYPE found further in, before reading any entity.
    - An ``.xml`` or ``.rels`` part that is not well-formed is refused (Excel
      would not open it either).  VML is left alone: Excel itself writes VML
      that is not well-formed XML.
    """
    for member in members:
        name = member.filename
        parser = _strict_parser(name) if name.endswith((".xml", ".rels")) else None
        try:
            with archive.open(member) as stream:
                chunk = prolog = stream.read(PROLOG_BYTES)
                if name.endswith((".xml", ".rels", ".vml")):
                    _refuse_doctype(name, prolog)
                if name.startswith(WORKSHEETS):
                    continue
                while chunk:
                    if parser is not None:
                        parser.Parse(chunk, False)
                    chunk = stream.read(CHUNK_BYTES)
            if parser is not None:
                parser.Parse(b"", True)
        except (expat.ExpatError, LookupError) as error:  # LookupError: unknown encoding
            raise UnusableWorkbookError(
                "unusable.broken_part", {"part": name, "detail": str(error)}
            ) from error
        except (
            zipfile.BadZipFile,
            zlib.error,
            OSError,
            EOFError,
            ValueError,
            NotImplementedError,
        ) as error:
            raise UnusableWorkbookError("unusable.truncated") from error


def _strict_parser(name: str) -> expat.XMLParserType:
    """An expat parser that refuses a DOCTYPE wherever it appears, before any entity is read."""

    def refuse(*_: object) -> None:
        raise UnusableWorkbookError("unusable.xml_entities", {"part": name})

    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    return parser


def _refuse_doctype(name: str, prolog: bytes) -> None:
    """Refuse a part whose first bytes declare a DOCTYPE or an entity (an XML bomb)."""
    if prolog.startswith((b"\xff\xfe", b"\xfe\xff")):
        prolog = prolog.decode("utf-16", errors="ignore").encode()
    if _DOCTYPE.search(prolog):
        raise UnusableWorkbookError("unusable.xml_entities", {"part": name})
