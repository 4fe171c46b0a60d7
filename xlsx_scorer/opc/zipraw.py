"""A zip writer that copies members of another archive as their compressed bytes.

``zipfile`` can only re-compress a member to copy it: a 285 MB worksheet costs seconds to
inflate and deflate again. :class:`RawZipWriter` copies a stored or deflated member's data as
it is (no inflate, no deflate) and deflates only the members written anew.

- A copied member gets a fresh local header built from the source's central directory:
  method, CRC, sizes, time and the deflate option flags are the original's; a data descriptor
  (flag bit 3) is dropped in favour of the sizes in the header; extra fields (zip64 sizes,
  timestamps, alignment padding) are dropped, the sizes in them being the ones the central
  directory gave ``zipfile``. The data itself is not checked (no CRC is computed): the
  package's safety check has already inflated every member once.
- Only stored and deflated members are copied (the only methods OPC allows; ``opc.package``
  refuses the others before anything is copied).
- No zip64: more than 65,535 members, or any size or offset of 4 GiB or more, is refused with
  ``ValueError``; so are encrypted members and members whose local header does not match
  the central directory.
- The output is deterministic: no extra fields, no archive comment, fixed header versions.
- A member may be deflated ahead of writing, block by block (:func:`deflate_block`), each
  block on its own, in any order and in any process, and the blocks joined
  (:func:`joined`): the whole data is never held at once.  Each block is an independent
  raw deflate stream ending on a byte boundary with a sync flush (an empty stored block),
  the last one with the final block instead (as pigz does); streams so cut, put end to end,
  are one valid stream.  The member's CRC-32 is combined from the blocks'
  (:func:`crc32.crc32_combine`), its size is their sum.  The bytes depend only on the blocks
  (where they are cut) and the level, not on which process deflated which.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from xlsx_scorer.opc.crc32 import crc32_combine

__all__ = [
    "Deflated",
    "RawZipWriter",
    "deflate_block",
    "end_record",
    "inflate_member",
    "joined",
    "member_data",
    "readable",
]

_LOCAL = struct.Struct("<4s5H3L2H")
_CENTRAL = struct.Struct("<4s6H3L5H2L")
_END = struct.Struct("<4s4H2LH")
_LOCAL_SIG = b"PK\x03\x04"
_CENTRAL_SIG = b"PK\x01\x02"
_END_SIG = b"PK\x05\x06"
_ZIP64_LOCATOR_SIG = b"PK\x06\x07"
_ZIP64_LOCATOR_SIZE = 20
#: The zip64 end record that a locator follows (without extensible data, as ``zipfile`` reads it).
_ZIP64_END_SIG = b"PK\x06\x06"
_ZIP64_END_SIZE = 56
#: The longest archive comment (its length is 16 bits).
_MAX_COMMENT = 0xFFFF
#: Sizes and offsets must stay below this (0xFFFFFFFF means "see the zip64 extra field").
_LIMIT = 0xFFFFFFFF
_MAX_MEMBERS = 0xFFFF
_FLAG_ENCRYPTED = 0x0001
_FLAG_DEFLATE_OPTIONS = 0x0006
_FLAG_UTF8 = 0x0800
_VERSION = {zipfile.ZIP_STORED: 10, zipfile.ZIP_DEFLATED: 20}
_MADE_BY_VERSION = 20


@dataclass(frozen=True)
class _Entry:
    name: bytes
    flags: int
    method: int
    time: int
    date: int
    crc: int
    compress_size: int
    file_size: int
    offset: int
    create_system: int
    internal_attr: int
    external_attr: int


@dataclass(frozen=True)
class Deflated:
    """A member's data deflated ahead of writing: its raw deflate stream in pieces, and the
    CRC-32 and size of the data."""

    chunks: tuple[bytes, ...]
    crc: int
    size: int


def deflate_block(data: bytes, level: int, *, last: bool) -> Deflated:
    """``data`` deflated at ``level`` (1 fastest, 9 smallest) as one block of a member: a
    raw deflate stream of its own, ended by a sync flush unless it is the ``last`` block
    (then by the final block), with the CRC-32 and size of ``data``.

    >>> import zlib
    >>> block = deflate_block(b"<row/>" * 1000, 1, last=False)
    >>> block.chunks[-1][-4:]  # the empty stored block of a sync flush: no end of stream
    b'\\x00\\x00\\xff\\xff'
    >>> zlib.decompressobj(-15).decompress(b"".join(block.chunks)) == b"<row/>" * 1000
    True
    >>> whole = deflate_block(b"<row/>" * 1500, 1, last=True)
    >>> zlib.decompress(b"".join(whole.chunks), -15) == b"<row/>" * 1500, whole.size
    (True, 9000)
    """
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    chunks = (
        compressor.compress(data),
        compressor.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH),
    )
    return Deflated(chunks, zlib.crc32(data), len(data))


def joined(blocks: Iterable[Deflated]) -> Deflated:
    """The member whose blocks are ``blocks``, in order (each from :func:`deflate_block`, only
    the last one ``last``): their streams end to end, their CRC-32s combined, sizes added.

    >>> import zlib
    >>> rows = [b"<row/>" * 1000, b"<row/>" * 500]
    >>> blocks = [deflate_block(rows[0], 1, last=False), deflate_block(rows[1], 1, last=True)]
    >>> member = joined(blocks)
    >>> data = zlib.decompress(b"".join(member.chunks), -15)
    >>> data == b"".join(rows), member.crc == zlib.crc32(data), member.size
    (True, True, 9000)
    """
    chunks: list[bytes] = []
    crc = size = 0
    for block in blocks:
        chunks += block.chunks
        crc = crc32_combine(crc, block.crc, block.size)
        size += block.size
    return Deflated(tuple(chunks), crc, size)


def end_record(data: bytes) -> int | None:
    """Where the archive's end of central directory record starts, or None when none checks out.

    Searched as a reader must search it: back from the end of the data, over at most the
    longest comment, the first ``PK\x05\x06`` whose comment length reaches exactly the end of
    the data and whose central directory, as it declares it, lies just before it (a
    ``PK\x01\x02`` record where it starts; when it counts no member, none, at the record
    itself; or the zip64 end record and its locator right before).  The same bytes inside the
    archive comment are no end record.

    >>> real = _END.pack(_END_SIG, 0, 0, 0, 0, 0, 4, 27)  # no member: its directory at 4
    >>> data = b"PK.." + real + b"fake " + _END.pack(_END_SIG, *[0] * 7)
    >>> end_record(data), end_record(data[:-1])
    (4, None)
    """
    stop, at = max(0, len(data) - _END.size - _MAX_COMMENT), len(data)
    while (at := data.rfind(_END_SIG, stop, at)) >= 0:
        if at + _END.size > len(data):
            continue
        fields = _END.unpack_from(data, at)
        members, directory_size, directory_at, comment_length = fields[4:8]
        if at + _END.size + comment_length != len(data):
            continue
        starts = at - directory_size
        locator = at - _ZIP64_LOCATOR_SIZE
        if (
            (
                locator >= _ZIP64_END_SIZE
                and data.startswith(_ZIP64_LOCATOR_SIG, locator)
                and data.startswith(_ZIP64_END_SIG, locator - _ZIP64_END_SIZE)
            )
            or (members == directory_size == 0 and directory_at == at)
            or (members and starts >= 0 and _directory_ends(data, starts, members, at))
        ):
            return at
    return None


def _directory_ends(data: bytes, start: int, members: int, end: int) -> bool:
    """Whether ``members`` central directory records, one after another from ``start``, end
    exactly at ``end`` (a ``PK\x01\x02`` where it starts is not enough: records are
    contiguous, so a copy of the end record a few records on would pass that).

    >>> record = _CENTRAL.pack(_CENTRAL_SIG, *[0] * 9, 1, *[0] * 6) + b"a"  # named "a"
    >>> _directory_ends(record * 2, 0, 2, 94), _directory_ends(record * 2, 47, 2, 94)
    (True, False)
    """
    at = start
    for _ in range(members):
        if at + _CENTRAL.size > end or not data.startswith(_CENTRAL_SIG, at):
            return False
        fields = _CENTRAL.unpack_from(data, at)
        at += _CENTRAL.size + fields[10] + fields[11] + fields[12]
    return at == end


def readable(data: bytes) -> bytes:
    """``data`` as ``zipfile`` must be given it to read the archive by its real end record.

    ``zipfile`` takes the last ``PK\x05\x06`` it finds, even one in the archive comment;
    when that is not the end record (:func:`end_record`), the comment is left out (the
    members are where they were: only the end is cut).

    >>> real = _END.pack(_END_SIG, 0, 0, 0, 0, 0, 4, 27)
    >>> readable(b"PK.." + real + b"fake " + _END.pack(_END_SIG, *[0] * 7)) == b"PK.." + real
    True
    """
    at = end_record(data)
    if at is None or at + _END.size == len(data):
        return data
    if data.rfind(_END_SIG, max(0, len(data) - _END.size - _MAX_COMMENT)) == at:
        return data
    return data[: at + _END.size]


def member_data(source: bytes, info: zipfile.ZipInfo) -> memoryview:
    """The compressed bytes of member ``info`` of the archive in ``source``, found through its
    local header; ``ValueError`` for an encrypted member, a method other than stored or
    deflate, or a local header that does not match the central directory."""
    if info.flag_bits & _FLAG_ENCRYPTED:
        raise ValueError(f"{info.filename}: encrypted zip member")
    if info.compress_type not in _VERSION:
        raise ValueError(f"{info.filename}: compression method {info.compress_type}")
    start = info.header_offset
    header = source[start : start + _LOCAL.size]
    if len(header) < _LOCAL.size or header[:4] != _LOCAL_SIG:
        raise ValueError(f"{info.filename}: no local file header where the directory says")
    fields = _LOCAL.unpack(header)
    flags, name_length, extra_length = fields[2], fields[9], fields[10]
    name_start = start + _LOCAL.size
    local_name = source[name_start : name_start + name_length]
    try:
        decoded = local_name.decode("utf-8" if flags & _FLAG_UTF8 else "cp437")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{info.filename}: unreadable local file name") from exc
    if decoded != info.orig_filename:
        raise ValueError(f"{info.filename}: local file header names {decoded!r}")
    data_start = name_start + name_length + extra_length
    data_end = data_start + info.compress_size
    if data_end > len(source):
        raise ValueError(f"{info.filename}: member data runs past the end of the archive")
    return memoryview(source)[data_start:data_end]


def inflate_member(source: bytes, info: zipfile.ZipInfo) -> tuple[bytes, bool]:
    """The content of member ``info`` of the archive in ``source``, inflated in one call, and
    whether it is exactly the declared one: its deflate stream ends (a stored member: its data
    is as long as declared) after just the declared size.  No more than one byte past the
    declared size is ever made.  ``ValueError`` for bad deflate data or a local header that
    does not match; the CRC is not checked here.

    >>> import io
    >>> buffer = io.BytesIO()
    >>> with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
    ...     archive.writestr("a.xml", b"<a/>" * 100)
    >>> data = buffer.getvalue()
    >>> info = zipfile.ZipFile(io.BytesIO(data)).getinfo("a.xml")
    >>> inflate_member(data, info) == (b"<a/>" * 100, True)
    True
    >>> info.file_size = 6  # a lie: one byte more is made, and it is not the declared content
    >>> inflate_member(data, info)
    (b'<a/><a/', False)
    """
    data = member_data(source, info)
    if info.compress_type == zipfile.ZIP_STORED:
        return bytes(data[: info.file_size + 1]), len(data) == info.file_size
    inflater = zlib.decompressobj(-zlib.MAX_WBITS)
    try:
        content = inflater.decompress(data, info.file_size + 1)
    except zlib.error as exc:
        raise ValueError(f"{info.filename}: bad deflate data ({exc})") from exc
    return content, inflater.eof and len(content) == info.file_size


def _encode_name(name: str) -> tuple[bytes, int]:
    """The stored name and its flag: ASCII as is, anything else UTF-8 with bit 11."""
    try:
        return name.encode("ascii"), 0
    except UnicodeEncodeError:
        return name.encode("utf-8"), _FLAG_UTF8


def _dos_time(date_time: tuple[int, int, int, int, int, int]) -> tuple[int, int]:
    year, month, day, hour, minute, second = date_time
    if not 1980 <= year <= 2107:
        raise ValueError(f"zip timestamps cover 1980-2107, not {year}")
    return hour << 11 | minute << 5 | second // 2, (year - 1980) << 9 | month << 5 | day


class RawZipWriter:
    """Builds an archive in memory; members are written in the order they are added."""

    def __init__(self) -> None:
        self._chunks: list[bytes | memoryview] = []
        self._size = 0
        self._entries: list[_Entry] = []
        self._names: set[bytes] = set()

    def write(
        self,
        name: str,
        data: bytes | Deflated,
        date_time: tuple[int, int, int, int, int, int],
        *,
        create_system: int = 0,
        internal_attr: int = 0,
        external_attr: int = 0,
        level: int = zlib.Z_DEFAULT_COMPRESSION,
    ) -> None:
        """Add a member deflated anew: ``data`` deflated at ``level`` (1 fastest, 9 smallest;
        default 6), or already deflated (:func:`joined` blocks)."""
        deflated = data if isinstance(data, Deflated) else deflate_block(data, level, last=True)
        encoded, utf8 = _encode_name(name)
        time, date = _dos_time(date_time)
        self._add(
            _Entry(
                encoded,
                utf8,
                zipfile.ZIP_DEFLATED,
                time,
                date,
                deflated.crc,
                sum(map(len, deflated.chunks)),
                deflated.size,
                self._size,
                create_system,
                internal_attr,
                external_attr,
            ),
            deflated.chunks,
        )

    def copy(self, archive: zipfile.ZipFile, source: bytes, info: zipfile.ZipInfo) -> None:
        """Add member ``info`` of ``archive`` (opened on ``source``) with its compressed bytes.

        Stored and deflated data is copied unchanged; other methods are refused.
        """
        del archive  # the member is found through its own headers in ``source``
        data = member_data(source, info)
        encoded, utf8 = _encode_name(info.filename)
        time, date = _dos_time(info.date_time)
        deflated = info.compress_type == zipfile.ZIP_DEFLATED
        keep = info.flag_bits & _FLAG_DEFLATE_OPTIONS if deflated else 0
        self._add(
            _Entry(
                encoded,
                keep | utf8,
                info.compress_type,
                time,
                date,
                info.CRC,
                info.compress_size,
                info.file_size,
                self._size,
                info.create_system,
                info.internal_attr,
                info.external_attr,
            ),
            [data],
        )

    def _add(self, entry: _Entry, data: Sequence[bytes | memoryview]) -> None:
        if entry.name in self._names:
            raise ValueError(f"duplicate zip member {entry.name.decode('utf-8', 'replace')!r}")
        if len(self._entries) >= _MAX_MEMBERS:
            raise ValueError(f"more than {_MAX_MEMBERS} zip members (zip64 is not written)")
        if max(entry.compress_size, entry.file_size, entry.offset) >= _LIMIT:
            raise ValueError(f"{entry.name!r}: 4 GiB or more (zip64 is not written)")
        if len(entry.name) > 0xFFFF:
            raise ValueError("zip member name too long")
        self._names.add(entry.name)
        self._entries.append(entry)
        header = _LOCAL.pack(
            _LOCAL_SIG,
            _VERSION[entry.method],
            entry.flags,
            entry.method,
            entry.time,
            entry.date,
            entry.crc,
            entry.compress_size,
            entry.file_size,
            len(entry.name),
            0,
        )
        self._append(header)
        self._append(entry.name)
        for chunk in data:
            self._append(chunk)

    def _append(self, chunk: bytes | memoryview) -> None:
        self._chunks.append(chunk)
        self._size += len(chunk)

    def getvalue(self) -> bytes:
        """The archive: members, central directory, end record (the writer stays usable)."""
        directory = b"".join(
            _CENTRAL.pack(
                _CENTRAL_SIG,
                e.create_system << 8 | _MADE_BY_VERSION,
                _VERSION[e.method],
                e.flags,
                e.method,
                e.time,
                e.date,
                e.crc,
                e.compress_size,
                e.file_size,
                len(e.name),
                0,
                0,
                0,
                e.internal_attr,
                e.external_attr,
                e.offset,
            )
            + e.name
            for e in self._entries
        )
        if self._size >= _LIMIT or len(directory) >= _LIMIT:
            raise ValueError("archive of 4 GiB or more (zip64 is not written)")
        end = _END.pack(
            _END_SIG,
            0,
            0,
            len(self._entries),
            len(self._entries),
            len(directory),
            self._size,
            0,
        )
        return b"".join([*self._chunks, directory, end])
