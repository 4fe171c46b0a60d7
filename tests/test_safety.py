"""Pre-parse refusals of ``safety.check_package`` (``opc.guards``, ``opc.package``), one rule
each, on small hand-made inputs."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from xlsx_scorer.cli import main
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import guards, safety
from xlsx_scorer.opc.partname import PartName

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
    data = guards.OLE_MAGIC + b"\0" * 500 + (stream + "\0").encode("utf-16-le")
    assert _code(data) == code


#: A billion-laughs DOCTYPE placed after a comment longer than the prolog check reads.
LATE_BOMB = (
    b"<!--"
    + b"x" * (guards.PROLOG_BYTES + 10)
    + b'-->\n<!DOCTYPE worksheet [<!ENTITY l0 "lol">'
    + b"".join(b'<!ENTITY l%d "%s">' % (n, b"&l%d;" % (n - 1) * 10) for n in range(1, 10))
    + b"]>"
)


def test_doctype_after_a_long_comment_is_refused() -> None:
    """A DOCTYPE hidden past the first 64 KB of a small part is still refused, before any
    entity is read."""
    assert _code(_with_part("xl/styles.xml", LATE_BOMB)) == "unusable.xml_entities"


def test_a_worksheet_with_a_late_doctype_is_refused_by_its_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Worksheets get only the prolog check (they can weigh hundreds of MB); their reader
    refuses a DOCTYPE wherever it appears, before any entity is read."""
    path = tmp_path / "late.xlsx"
    path.write_bytes(_with_part(SHEET, LATE_BOMB))
    assert main(["score", str(path)]) == 2
    assert "XML entity" in capsys.readouterr().err


def _refused_when_used(data: bytes, part: str) -> UnusableWorkbookError:
    """The damage ``check_package`` found in ``part``, refused when the part is read."""
    package = safety.check_package(data)
    assert [str(name) for name in package.damaged] == ["/" + part]
    with pytest.raises(UnusableWorkbookError) as raised:
        package.read(PartName("/" + part))
    with pytest.raises(UnusableWorkbookError) as refused:
        package.refuse_damage()
    assert refused.value.params == raised.value.params
    return raised.value


def test_xml_that_is_not_well_formed_is_refused() -> None:
    """A part Excel could not open either is refused when used, naming the part."""
    data = _with_part("xl/styles.xml", replace=b"<styleSheet><fonts>")
    error = _refused_when_used(data, "xl/styles.xml")
    assert error.code == "unusable.damaged_part"
    assert error.params["part"] == "xl/styles.xml"
    assert "not well-formed" in error.params["detail"]


def test_unknown_encoding_is_refused() -> None:
    """An XML declaration naming an encoding nobody knows is a damaged part, not a crash."""
    part = b'<?xml version="1.0" encoding="NaN"?><styleSheet/>'
    error = _refused_when_used(_with_part("xl/styles.xml", replace=part), "xl/styles.xml")
    assert error.code == "unusable.damaged_part"


def _damaged_deep_inside(name: str, big: bytes) -> bytes:
    """The valid workbook with part ``name`` replaced by ``big`` and its deflate data broken."""
    data = bytearray(_with_part(name, replace=big))
    info = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo(name)
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    middle = start + info.compress_size * 3 // 4
    data[middle : middle + 16] = b"\xff" * 16
    return bytes(data)


def test_damage_deep_inside_a_member_is_found_up_front() -> None:
    """Bad deflate data past the first bytes of a member: found when the package is opened."""
    big = b"<?xml version='1.0'?><styleSheet>" + b"<x/>" * 200_000 + b"</styleSheet>"
    error = _refused_when_used(_damaged_deep_inside("xl/styles.xml", big), "xl/styles.xml")
    assert error.code == "unusable.damaged_part"


def test_damage_deep_inside_a_worksheet_is_found_up_front() -> None:
    """Worksheets are inflated in full too (their CRC checked), and refused naming the sheet."""
    big = b"<?xml version='1.0'?><worksheet>" + b"<x/>" * 200_000 + b"</worksheet>"
    error = _refused_when_used(_damaged_deep_inside(SHEET, big), SHEET)
    assert error.code == "unusable.damaged_sheet"
    assert error.finding.where.sheet == "Results"


@pytest.mark.parametrize(
    "part",
    [
        b'<?xml version="1.0" encoding="NaN"?><worksheet/>',
        b"<?xml version='1.0'?><worksheet>" + b"<x/>" * 200_000 + b"</worksheet>",
    ],
    ids=["unknown-encoding", "damaged-deflate"],
)
def test_a_damaged_worksheet_is_reported_by_its_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], part: bytes
) -> None:
    """Damage in the Results sheet: exit 2 with a message, the file untouched."""
    path = tmp_path / "damaged.xlsx"
    damaged = b"encoding" in part
    path.write_bytes(
        _with_part(SHEET, replace=part) if damaged else _damaged_deep_inside(SHEET, part)
    )
    before = path.read_bytes()
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err
    assert "Traceback" not in err
    assert path.read_bytes() == before


def _declared(file_size: int, compress_size: int) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo("xl/worksheets/sheet1.xml")
    info.file_size, info.compress_size = file_size, compress_size
    return info


@pytest.mark.parametrize(
    ("file_size", "compress_size", "refused"),
    [
        (300 << 20, 23 << 20, False),  # a million formatted rows: about 13:1
        (900 << 20, 4 << 20, True),  # repeated XML rows: 225:1 on a large part
        (40 << 20, 1 << 20, False),  # 40:1 on a mid-size part
        (20 << 20, 10 << 10, True),  # 2000:1
        (2 << 30, 200 << 20, True),  # over 1 GiB in all
    ],
)
def test_zip_bomb_limits(file_size: int, compress_size: int, refused: bool) -> None:
    """Declared sizes alone decide, before anything is inflated."""
    if refused:
        with pytest.raises(UnusableWorkbookError) as raised:
            guards.refuse_zip_bomb([_declared(file_size, compress_size)])
        assert raised.value.code == "unusable.package_too_large"
    else:
        guards.refuse_zip_bomb([_declared(file_size, compress_size)])
