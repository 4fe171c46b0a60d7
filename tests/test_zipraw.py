"""The zip container: ``RawZipWriter`` copies members as their compressed bytes and deflates
new ones (no zip64), and ``write_sheets`` copies the organiser's members through it."""

from __future__ import annotations

import copy
import io
import struct
import subprocess
import sys
import zipfile
import zlib
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from tests.packages import (
    DEFLATED,
    EDITABLE,
    KEPT,
    WHEN,
    assert_consistent,
    assert_copied_raw,
    assert_readable,
    assert_valid_zip,
    excel_like,
    infos,
    parts_of,
    rezip,
    specs,
)
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import guards
from xlsx_scorer.opc import zipraw as _zipraw
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.zipraw import RawZipWriter, deflate_block, inflate_member, joined
from xlsx_scorer.xlsx.write import sheetxml
from xlsx_scorer.xlsx.write.spec import Rows
from xlsx_scorer.xlsx.write.splice import write_sheets


def test_writer_copies_and_writes_non_ascii_names() -> None:
    source = rezip({"données/é.bin": b"\x00\x01" * 50, "plain.txt": b"text " * 40})
    writer = RawZipWriter()
    with zipfile.ZipFile(io.BytesIO(source)) as z:
        for info in z.infolist():
            writer.copy(z, source, info)
    writer.write("über.xml", b"<a/>", WHEN)
    out = writer.getvalue()
    assert_valid_zip(out)
    assert_copied_raw(source, out, frozenset({"données/é.bin", "plain.txt"}))
    assert parts_of(out) == {
        "données/é.bin": b"\x00\x01" * 50,
        "plain.txt": b"text " * 40,
        "über.xml": b"<a/>",
    }
    assert infos(out)["über.xml"].flag_bits & 0x800
    assert not infos(out)["plain.txt"].flag_bits & 0x800
    assert writer.getvalue() == out


def test_writer_refuses_what_needs_zip64_or_a_password(monkeypatch: pytest.MonkeyPatch) -> None:
    source = rezip({"a.xml": b"<a/>" * 100})
    with zipfile.ZipFile(io.BytesIO(source)) as z:
        info = z.getinfo("a.xml")
        huge = copy.copy(info)
        huge.file_size = 1 << 32
        with pytest.raises(ValueError, match="4 GiB"):
            RawZipWriter().copy(z, source, huge)
        locked = copy.copy(info)
        locked.flag_bits |= 0x01
        with pytest.raises(ValueError, match="encrypted"):
            RawZipWriter().copy(z, source, locked)
        squeezed = copy.copy(info)
        squeezed.compress_type = zipfile.ZIP_BZIP2
        with pytest.raises(ValueError, match="compression method 12"):
            RawZipWriter().copy(z, source, squeezed)
        cut = copy.copy(info)
        cut.compress_size = len(source)
        with pytest.raises(ValueError, match="past the end"):
            RawZipWriter().copy(z, source, cut)
        writer = RawZipWriter()
        writer.copy(z, source, info)
        with pytest.raises(ValueError, match="duplicate"):
            writer.copy(z, source, info)
    monkeypatch.setattr(_zipraw, "_MAX_MEMBERS", 3)
    writer = RawZipWriter()
    for i in range(3):
        writer.write(f"{i}.xml", b"", WHEN)
    with pytest.raises(ValueError, match="more than 3 zip members"):
        writer.write("3.xml", b"", WHEN)


@pytest.mark.slow
def test_writer_writes_65535_members_without_zip64() -> None:
    writer = RawZipWriter()
    for i in range(65_535):
        writer.write(f"{i}", b"", WHEN)
    out = writer.getvalue()
    assert len(infos(out)) == 65_535
    assert b"PK\x06\x06" not in out[-200:]
    with pytest.raises(ValueError, match="more than 65535"):
        writer.write("one more", b"", WHEN)


def test_a_faster_level_writes_the_same_content() -> None:
    data = b"<row r='1'><c r='A1'><v>1</v></c></row>" * 10_000
    fast, small = RawZipWriter(), RawZipWriter()
    fast.write("a.xml", data, WHEN, level=1)
    small.write("a.xml", data, WHEN, level=9)
    assert parts_of(fast.getvalue()) == parts_of(small.getvalue()) == {"a.xml": data}
    with zipfile.ZipFile(io.BytesIO(fast.getvalue())) as archive:
        assert archive.testzip() is None


def test_a_member_deflated_in_blocks_is_one_stream_of_the_whole() -> None:
    data = b"<row r='1'><c r='A1'><v>1</v></c></row>" * 20_000
    cuts = range(0, len(data), 50_000)
    blocks = [
        deflate_block(data[start : start + 50_000], 1, last=start == cuts[-1]) for start in cuts
    ]
    writer = RawZipWriter()
    writer.write("a.xml", joined(blocks), WHEN)
    out = writer.getvalue()
    assert_valid_zip(out)
    assert parts_of(out) == {"a.xml": data}
    assert zlib.crc32(data) == infos(out)["a.xml"].CRC
    one = RawZipWriter()
    one.write("a.xml", joined([deflate_block(data, 1, last=True)]), WHEN)
    whole = RawZipWriter()
    whole.write("a.xml", data, WHEN, level=1)
    assert one.getvalue() == whole.getvalue()  # a member of one block: deflated as before


def test_a_sheet_written_in_many_blocks_holds_the_sheet_written_in_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Blocks are deflated apart, so the bytes differ; what they inflate to does not."""
    one = write_sheets(Package.open(excel_like()), specs())
    monkeypatch.setattr(sheetxml, "BLOCK_CELLS", 2)  # a block for each row
    many = write_sheets(Package.open(excel_like()), specs())
    assert many != one
    assert parts_of(many) == parts_of(one)
    assert_valid_zip(many)
    assert_readable(many)


def test_rows_kept_column_by_column_write_the_same_sheets() -> None:
    by_column = [replace(spec, rows=Rows.of(spec.rows)) for spec in specs()]
    assert all(isinstance(spec.rows, Rows) for spec in by_column)
    assert write_sheets(Package.open(excel_like()), by_column) == write_sheets(
        Package.open(excel_like()), specs()
    )


def test_untouched_members_keep_their_compressed_bytes() -> None:
    merged = write_sheets(Package.open(excel_like()), specs())
    assert_copied_raw(excel_like(), merged)
    assert_valid_zip(merged)
    assert_readable(merged)


def test_untouched_members_are_not_inflated_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening verified every member once; writing then reads only what it edits or follows."""
    original = excel_like()
    package = Package.open(original)  # as the reader does: verified, held for the writer
    opened: list[str] = []
    real_open = zipfile.ZipFile.open

    def spy(self: zipfile.ZipFile, name: str | zipfile.ZipInfo, *args: object, **kw: object):  # type: ignore[no-untyped-def]
        opened.append(name.filename if isinstance(name, zipfile.ZipInfo) else name)
        return real_open(self, name, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(zipfile.ZipFile, "open", spy)
    write_sheets(package, specs())
    untouched = {n for n in KEPT if not n.endswith(".rels")}
    assert "xl/worksheets/sheet1.xml" in untouched
    assert opened
    assert not set(opened) & untouched


@pytest.mark.parametrize(
    ("method", "pipe"),
    [(zipfile.ZIP_STORED, False), (zipfile.ZIP_STORED, True), (DEFLATED, True)],
    ids=["stored", "stored-descriptor", "deflated-descriptor"],
)
def test_stored_and_data_descriptor_members_round_trip(method: int, pipe: bool) -> None:
    original = rezip(parts_of(excel_like()), method=method, pipe=pipe)
    members = infos(original).values()
    assert {i.compress_type for i in members} == {method}
    assert all(bool(i.flag_bits & 0x08) == pipe for i in members)
    out = write_sheets(Package.open(original), specs())
    assert_copied_raw(original, out)
    assert_valid_zip(out)
    assert_consistent(out, methods=frozenset({method, DEFLATED}))
    rewritten = [i for n, i in infos(out).items() if n in EDITABLE]
    added = [i for n, i in infos(out).items() if n not in infos(original)]
    assert len(rewritten) == 4
    assert {i.compress_type for i in rewritten + added} == {DEFLATED}
    assert_readable(out)
    before, after = parts_of(excel_like()), parts_of(out)
    assert all(after[n] == before[n] for n in KEPT)


def test_mixed_methods_and_levels_round_trip() -> None:
    parts = parts_of(excel_like())
    methods = dict.fromkeys(list(parts)[::2], zipfile.ZIP_STORED)
    original = rezip(parts, methods=methods, level=9)
    out = write_sheets(Package.open(original), specs())
    assert_copied_raw(original, out)
    assert_valid_zip(out)
    assert_readable(out)


def test_original_with_zip64_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """Written with zip64 extra fields and end record (as for huge parts): read, copied raw."""
    with monkeypatch.context() as m:
        m.setattr(zipfile, "ZIP64_LIMIT", 200)
        original = rezip(parts_of(excel_like()))
    assert b"PK\x06\x06" in original
    assert infos(original)["xl/worksheets/sheet1.xml"].extra[:2] == b"\x01\x00"
    assert parts_of(original) == parts_of(excel_like())
    out = write_sheets(Package.open(original), specs())
    assert_copied_raw(original, out)
    assert_valid_zip(out)
    assert_readable(out)


def test_damaged_local_header_is_refused() -> None:
    original = bytearray(excel_like())
    info = infos(bytes(original))["xl/vbaProject.bin"]
    at = info.header_offset + 30 + len("xl/vbaProject.bi")
    original[at : at + 1] = b"x"
    with pytest.raises(UnusableWorkbookError) as raised:
        write_sheets(Package.open(bytes(original)), specs())
    assert raised.value.code == "unusable.damaged_part"
    assert raised.value.params["part"] == "xl/vbaProject.bin"


def _one_member(
    content: bytes, method: int = zipfile.ZIP_DEFLATED
) -> tuple[bytes, zipfile.ZipInfo]:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", content)
    data = buffer.getvalue()
    return data, zipfile.ZipFile(io.BytesIO(data)).infolist()[0]


def _lies(info: zipfile.ZipInfo, data: bytes) -> list[tuple[str, zipfile.ZipInfo, bytes]]:
    """The member's central directory entry and data, told lies or damaged in each way."""
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    end = start + info.compress_size

    def flipped(at: int) -> bytes:
        return data[:at] + bytes([data[at] ^ 1]) + data[at + 1 :]

    cases = [("whole", info, data)]
    for name, value in [
        ("file_size", 0),
        ("file_size", 1),
        ("file_size", info.file_size - 1),
        ("file_size", info.file_size + 1),
        ("file_size", info.file_size + 1000),
        ("CRC", info.CRC ^ 1),
        ("CRC", 0),
        ("compress_size", info.compress_size - 1),
        ("compress_size", info.compress_size - 10),
        ("compress_size", info.compress_size + 1),  # runs into the central directory
        ("flag_bits", info.flag_bits | 0x20),  # compressed patched data: zipfile refuses it
        ("flag_bits", info.flag_bits | 0x40),  # strong encryption: zipfile refuses it
    ]:
        lying = copy.copy(info)
        setattr(lying, name, value)
        cases.append((f"{name}={value}", lying, data))
    for at in (start, (start + end) // 2, end - 1):
        cases.append((f"byte {at - start} flipped", info, flipped(at)))
    return cases


def _deflated_member(compressed: bytes, content: bytes) -> tuple[bytes, zipfile.ZipInfo]:
    """A one-member archive whose data is ``compressed`` (deflate, any bytes), declaring the
    size and CRC of ``content``: written stored, then its headers told otherwise."""
    data, _ = _one_member(compressed, zipfile.ZIP_STORED)
    patched = bytearray(data)
    central = patched.rfind(b"PK\x01\x02")
    for at in (0, central + 2):  # the local header, then the central entry (2 bytes later)
        struct.pack_into("<H", patched, at + 8, zipfile.ZIP_DEFLATED)
        struct.pack_into("<L", patched, at + 14, zlib.crc32(content))
        struct.pack_into("<L", patched, at + 22, len(content))
    info = zipfile.ZipFile(io.BytesIO(bytes(patched))).infolist()[0]
    return bytes(patched), info


@pytest.mark.parametrize("method", [zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED])
def test_a_member_inflated_at_once_is_judged_as_when_streamed(method: int) -> None:
    """A sheet kept in memory is inflated in one go when it is whole, and kept with what
    ``zipfile`` reads; told a lie or damaged, its verdict (damage or none, and its words) is
    the streamed one (``verify_member``) exactly."""
    content = b"<row/>" * 50_000
    data, info = _one_member(content, method)
    for case, member, bytes_ in _lies(info, data):
        archive = zipfile.ZipFile(io.BytesIO(bytes_))
        kept, damage = guards.verified_content(archive, bytes_, member)
        assert damage == guards.verify_member(archive, member, parse=False), case
        if kept is not None:  # whole (a byte of the next header after its end is no matter)
            with archive.open(member) as stream:
                assert kept == stream.read(), case
        elif case == "whole":
            raise AssertionError("a whole member is kept")
    assert inflate_member(data, info) == (content, True)


@pytest.mark.parametrize(
    ("after", "damaged", "kept"),
    [
        (b"\x07\xff\xff\xff", True, False),  # an invalid block type
        (b"\x00\x05\x00\xfa\xff<!-->\x07\xff\xff\xff", True, False),  # stored block, then that
        (b"\x00\x05\x00\xfa\xff<!-->\x03\x00", False, False),  # more than declared: cut off
        (b"\x03\x00", False, True),  # the final block, empty: a whole stream of the content
    ],
)
def test_data_after_the_declared_size_gets_the_streamed_verdict(
    after: bytes, damaged: bool, kept: bool
) -> None:
    """The declared content whole, CRC and all, then more deflate data: the streamed verdict
    (damaged bytes past the declared size are found, as ``zipfile`` reads on), never the
    content cut at the declared size and kept (a damaged member would be copied into the
    output as it is); only a stream that ends there is kept."""
    content = b"<row/>" * 10_000
    deflate = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    data, info = _deflated_member(
        deflate.compress(content) + deflate.flush(zlib.Z_SYNC_FLUSH) + after, content
    )
    archive = zipfile.ZipFile(io.BytesIO(data))
    content_kept, damage = guards.verified_content(archive, data, info)
    assert damage == guards.verify_member(archive, info, parse=False)
    assert (damage is not None) == damaged
    assert content_kept == (content if kept else None)


def test_a_bomb_is_inflated_no_further_than_declared() -> None:
    """A member that inflates to 50 MB, declaring 1 KB or nothing: never more than one byte
    past that is made (a length of 0 would be no limit for zlib)."""
    data, info = _one_member(b"\0" * (50 << 20))
    made = []
    real = zlib.decompressobj

    class Watched:
        def __init__(self, wbits: int) -> None:
            self.inflater = real(wbits)

        @property
        def eof(self) -> bool:
            return self.inflater.eof

        def decompress(self, data: bytes, max_length: int) -> bytes:
            out = self.inflater.decompress(data, max_length)
            made.append(len(out))
            return out

    for declared in (1024, 0):
        lying = copy.copy(info)
        lying.file_size = declared
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(zlib, "decompressobj", Watched)
            assert inflate_member(data, lying) == (b"\0" * (declared + 1), False)
        archive = zipfile.ZipFile(io.BytesIO(data))
        assert guards.verified_content(archive, data, lying)[0] is None
    assert made == [1025, 1]


# Issue 18, item 14: an end record's bytes in the archive comment


def _commented(comment: bytes) -> bytes:
    """The sample event with ``comment`` as its archive comment (written by ``zipfile``)."""
    buffer = io.BytesIO(Path("fixtures/sample_event.xlsx").read_bytes())
    with zipfile.ZipFile(buffer, "a") as archive:
        archive.comment = comment
    return buffer.getvalue()


EOCD_IN_COMMENTS = {
    "zeros": b"made by PK\x05\x06" + bytes(18) + b" tail",
    "at-the-end": b"note PK\x05\x06" + bytes(18),
    "cut-short": b"note PK\x05\x06\x00\x00",
    "copy-of-the-end": Path("fixtures/sample_event.xlsx").read_bytes()[-22:],
    # 62 bytes on (40 here, the end record's 22): the first directory record's length
    "copy-one-record-on": b"x" * 40 + Path("fixtures/sample_event.xlsx").read_bytes()[-22:],
    "zip64-locator-and-copy": b"PK\x06\x07"
    + bytes(16)
    + Path("fixtures/sample_event.xlsx").read_bytes()[-22:],
}


@pytest.mark.parametrize("comment", EOCD_IN_COMMENTS.values(), ids=EOCD_IN_COMMENTS)
def test_an_end_record_in_the_archive_comment_is_not_the_end(
    comment: bytes, tmp_path: Path
) -> None:
    """The real end record is the one whose comment runs to the end of the file."""
    path = tmp_path / "event.xlsx"
    path.write_bytes(_commented(comment))
    completed = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "score", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    written = path.read_bytes()
    assert_valid_zip(written)
    assert {"Standings", "Errors"} <= set(openpyxl.load_workbook(path).sheetnames)


def test_the_end_record_is_found_past_lookalikes() -> None:
    data = _commented(EOCD_IN_COMMENTS["zeros"])
    end = _zipraw.end_record(data)
    assert end is not None
    assert data[end : end + 4] == b"PK\x05\x06"
    assert data[end + 22 :] == EOCD_IN_COMMENTS["zeros"]
    assert _zipraw.end_record(data[:-1]) is None  # the comment no longer reaches the end
