"""``RawZipWriter``: members copied as their compressed bytes, new ones deflated, no zip64."""

from __future__ import annotations

import copy
import io
import zipfile

import pytest

from tests.packages import WHEN, assert_copied_raw, assert_valid_zip, infos, parts_of, rezip
from xlsx_scorer.opc import zipraw as _zipraw
from xlsx_scorer.opc.zipraw import RawZipWriter


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
