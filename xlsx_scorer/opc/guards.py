"""Guards on raw bytes and zip members, run before any part is parsed.

- ``sniff``: not a zip (empty, text/CSV renamed ``.xlsx``, an OLE file: a password-protected
  xlsx, an old .xls or another Office file);
- ``refuse_zip_bomb``: more than ``MAX_UNPACKED_BYTES`` declared in all, or a part over 10 MB
  whose declared compression ratio exceeds ``MAX_RATIO`` (over 50 MB: ``MAX_RATIO_LARGE_PART``);
- ``refuse_unreadable_member``: a member encrypted with a zip password (flag bit 0) or
  compressed with anything but stored or deflate (bzip2, LZMA...): OPC allows only those two,
  and no spreadsheet application reads the others;
- ``verify_member``: inflates a member once, in chunks bounded by its declared size, so a bad
  CRC or bad deflate data anywhere is found; refuses an XML part that declares a DOCTYPE or an
  entity (an XML bomb: Office never writes one), and reports one that is not well-formed;
- ``verified_content``: a part kept in memory inflated in one go when it is whole (bounded by
  its declared size too); any other part gets ``verify_member``'s verdict.
"""

from __future__ import annotations

import re
import zipfile
import zlib
from xml.parsers import expat

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import zipraw

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
#: Extensions of the XML parts checked for DOCTYPEs (VML too: Excel writes it, not always
#: well-formed, so it gets the DOCTYPE check only).
XML_EXTENSIONS = frozenset({"xml", "rels", "vml"})
FLAG_ENCRYPTED = 0x0001
COMPRESSION_NAMES = {
    zipfile.ZIP_BZIP2: "bzip2",
    zipfile.ZIP_LZMA: "LZMA",
    9: "Deflate64",
    98: "PPMd",
}
_DOCTYPE = re.compile(rb"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)
#: What reading a damaged member can raise.
ZIP_ERRORS = (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError, NotImplementedError)


def sniff(data: bytes) -> None:
    """Raise ``UnusableWorkbookError`` unless ``data`` starts like a zip archive."""
    if not data:
        raise UnusableWorkbookError("unusable.empty_file")
    if data.startswith(OLE_MAGIC):
        raise UnusableWorkbookError(_ole_kind(data))
    if not data.startswith(b"PK"):
        raise UnusableWorkbookError(
            "unusable.text_file" if _looks_like_text(data) else "unusable.not_a_workbook"
        )


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

    >>> _looks_like_text(b"Round,Table\\n1,2\\n"), _looks_like_text(bytes(range(256)))
    (True, False)
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


def refuse_zip_bomb(members: list[zipfile.ZipInfo]) -> None:
    """Refuse a package whose declared sizes are too large in all or too compressed per part."""
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


def refuse_unreadable_member(member: zipfile.ZipInfo) -> None:
    """Refuse a member locked by a zip password or compressed other than stored/deflate."""
    if member.flag_bits & FLAG_ENCRYPTED:
        raise UnusableWorkbookError("unusable.encrypted_member", {"part": member.filename})
    if member.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        method = COMPRESSION_NAMES.get(member.compress_type, f"method {member.compress_type}")
        raise UnusableWorkbookError(
            "unusable.unsupported_compression", {"part": member.filename, "method": method}
        )


def verify_member(archive: zipfile.ZipFile, member: zipfile.ZipInfo, *, parse: bool) -> str | None:
    """Inflate ``member`` once; the damage found (bad data, bad CRC, broken XML), or None.

    An XML part (``.xml``, ``.rels``, ``.vml``) whose prolog declares a DOCTYPE or an entity
    raises ``UnusableWorkbookError`` (``unusable.xml_entities``).  With ``parse``, the part is
    also read by a parser that refuses a DOCTYPE found further in, before reading any entity,
    and that reports a part that is not well-formed.
    """
    name = member.filename
    xml = _is_xml(name)
    parser = xml_parser(name) if parse and xml else None
    try:
        with archive.open(member) as stream:
            chunk = stream.read(PROLOG_BYTES)
            if xml:
                refuse_doctype(name, chunk)
            while chunk:
                if parser is not None:
                    parser.Parse(chunk, False)
                chunk = stream.read(CHUNK_BYTES)
        if parser is not None:
            parser.Parse(b"", True)
    except (expat.ExpatError, LookupError) as error:  # LookupError: unknown encoding
        return f"not well-formed XML: {error}"
    except ZIP_ERRORS as error:
        return str(error) or type(error).__name__
    return None


def verified_content(
    archive: zipfile.ZipFile, source: bytes, member: zipfile.ZipInfo
) -> tuple[bytes | None, str | None]:
    """A part ``verify_member`` would not parse (a sheet), inflated in one go when it is whole:
    its content and no damage; else no content and ``verify_member``'s verdict.

    Whole: ``zipfile`` opens it (its own checks of the local header and flags pass), its
    deflate stream (``archive`` opened on ``source``: ``zipraw.inflate_member``) ends just at
    the declared size, and its CRC is the declared one.  Anything else (damage, a lie about
    a size, a stream that goes on past the declared size) is judged the streamed way, so that
    its verdict and its words are those of any other part.  In one go is faster than in
    chunks joined, for a part kept in memory.
    """
    content: bytes | None = None
    try:
        archive.open(member).close()  # zipfile's checks of the headers (flags, name, overlap)
        content, exact = zipraw.inflate_member(source, member)
    except (*ZIP_ERRORS, RuntimeError):
        exact = False
    if content is None or not exact or zlib.crc32(content) != member.CRC:
        return None, verify_member(archive, member, parse=False)
    if _is_xml(member.filename):
        refuse_doctype(member.filename, content[:PROLOG_BYTES])
    return content, None


def _is_xml(name: str) -> bool:
    return name.rpartition(".")[2].lower() in XML_EXTENSIONS


def xml_parser(part: str, *, namespace_separator: str | None = None) -> expat.XMLParserType:
    """The one expat setup every reader and editor of an XML part starts from.

    Its DTD policy: a document type declaration or an entity declaration (where the "billion
    laughs" bomb would be declared) is refused wherever it appears, before any entity is
    read: ``UnusableWorkbookError("unusable.xml_entities")`` naming ``part``.  With
    ``namespace_separator``, names come resolved (``"<uri><sep><local>"``).

    >>> xml_parser("x.xml").Parse(b'<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', True)
    Traceback (most recent call last):
    ...
    xlsx_scorer.findings.UnusableWorkbookError: unusable.xml_entities
    """

    def refuse(*_: object) -> None:
        raise UnusableWorkbookError("unusable.xml_entities", {"part": part})

    parser = (
        expat.ParserCreate()
        if namespace_separator is None
        else expat.ParserCreate(namespace_separator=namespace_separator)
    )
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    return parser


def refuse_doctype(name: str, prolog: bytes) -> None:
    """Refuse a part whose first bytes declare a DOCTYPE or an entity (an XML bomb)."""
    if prolog.startswith((b"\xff\xfe", b"\xfe\xff")):
        prolog = prolog.decode("utf-16", errors="ignore").encode()
    if _DOCTYPE.search(prolog):
        raise UnusableWorkbookError("unusable.xml_entities", {"part": name})
