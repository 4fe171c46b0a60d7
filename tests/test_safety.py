"""Pre-parse refusals of ``safety.check_package``, one rule each, on small hand-made inputs."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from xlsx_scorer import safety
from xlsx_scorer.problems import UnusableWorkbookError

VALID = Path(__file__).resolve().parent.parent / "fixtures" / "bad" / "inline_strings.xlsx"
SHEET = "xl/worksheets/sheet1.xml"


def _code(data: bytes) -> str:
    with pytest.raises(UnusableWorkbookError) as raised:
        safety.check_package(data)
    return raised.value.code


def _with_part(name: str, edit: bytes | None = None, *, replace: bytes = b"") -> bytes:
    """The valid workbook with ``name`` rewritten: ``edit`` inserted after the XML declaration."""
    source = zipfile.ZipFile(VALID)
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == name:
                data = replace or data.replace(b"?>", b"?>" + (edit or b""), 1)
            archive.writestr(info.filename, data)
    return stream.getvalue()


def test_valid_workbook_passes() -> None:
    """The reference workbook is accepted."""
    safety.check_package(VALID.read_bytes())


def test_utf16_text_is_a_text_file() -> None:
    """Excel's "Unicode Text" (UTF-16 with a byte-order mark) renamed .xlsx is text."""
    assert _code(b"\xff\xfe" + "Round\tTable\n1\t2\n".encode("utf-16-le")) == "unusable.text_file"


@pytest.mark.parametrize(
    ("stream", "code"),
    [
        ("EncryptionInfo", "unusable.encrypted"),
        ("Workbook", "unusable.old_xls"),
        ("Book", "unusable.old_xls"),
        ("WordDocument", "unusable.not_a_workbook"),
    ],
)
def test_ole_files_say_what_they_are(stream: str, code: str) -> None:
    """An OLE file is a protected xlsx, an old .xls, or another Office file (a .doc)."""
    data = safety.OLE_MAGIC + b"\0" * 500 + (stream + "\0").encode("utf-16-le")
    assert _code(data) == code


def test_doctype_after_a_long_comment_is_refused() -> None:
    """A DOCTYPE hidden past the first 64 KB is still refused, before any entity is read."""
    padding = b"<!--" + b"x" * (safety.PROLOG_BYTES + 10) + b"-->"
    bomb = padding + b'<!DOCTYPE worksheet [<!ENTITY a "aaaa">]>'
    assert _code(_with_part(SHEET, bomb)) == "unusable.xml_entities"


def test_xml_that_is_not_well_formed_is_refused() -> None:
    """A part Excel could not open either is refused before reading, naming the part."""
    with pytest.raises(UnusableWorkbookError) as raised:
        safety.check_package(_with_part("xl/styles.xml", replace=b"<styleSheet><fonts>"))
    assert raised.value.code == "unusable.broken_part"
    assert raised.value.params["part"] == "xl/styles.xml"


def test_unknown_encoding_is_refused() -> None:
    """An XML declaration naming an encoding nobody knows is a damaged part, not a crash."""
    part = b'<?xml version="1.0" encoding="NaN"?><worksheet/>'
    assert _code(_with_part(SHEET, replace=part)) == "unusable.broken_part"


def test_damage_deep_inside_a_member_is_refused() -> None:
    """Bad deflate data past the first bytes of a member: refused up front as damaged."""
    big = b"<?xml version='1.0'?><worksheet>" + b"<x/>" * 200_000 + b"</worksheet>"
    data = bytearray(_with_part(SHEET, replace=big))
    info = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo(SHEET)
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    middle = start + info.compress_size * 3 // 4
    data[middle : middle + 16] = b"\xff" * 16
    assert _code(bytes(data)) == "unusable.truncated"
