"""The package layer on real workbooks: every fuzz finding of issue 7 about the package or the
writer, and each decision of docs/package.md, through the command line where it can be seen.

The base is ``fixtures/bad/inline_strings.xlsx`` (a valid event); each test edits its parts.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from tests.packages import MAIN, R, assert_valid_zip, parts_of, specs, zip_parts
from xlsx_scorer.app import api
from xlsx_scorer.cli import main
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import ns
from xlsx_scorer.opc import package as opc_package
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.partname import PartName
from xlsx_scorer.opc.xmledit import XmlDoc, whole_number
from xlsx_scorer.xlsx.ours import LegacyOutputs, our_sheets
from xlsx_scorer.xlsx.read import bookparts, plaincells
from xlsx_scorer.xlsx.write.splice import write_sheets

NOW = dt.datetime(2025, 3, 1, 12, tzinfo=dt.UTC)
BASE = Path(__file__).resolve().parent.parent / "fixtures" / "bad" / "inline_strings.xlsx"
WORKBOOK, WB_RELS, TYPES = "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml"
SHEET = "xl/worksheets/sheet1.xml"
WORKSHEET_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"


def base_parts() -> dict[str, bytes]:
    return parts_of(BASE.read_bytes())


def edited(parts: dict[str, bytes], name: str, old: bytes, new: bytes) -> None:
    assert old in parts[name], (name, old)
    parts[name] = parts[name].replace(old, new)


def with_sheet(parts: dict[str, bytes], name: str, xml: bytes, number: int = 2) -> None:
    """``parts`` with one more worksheet, ``name``, at ``xl/worksheets/sheet{number}.xml``."""
    part = f"worksheets/sheet{number}.xml"
    parts["xl/" + part] = xml
    edited(
        parts,
        WORKBOOK,
        b"</sheets>",
        f'<sheet name="{name}" sheetId="{number}" r:id="rId{number + 10}"/></sheets>'.encode(),
    )
    edited(
        parts,
        WB_RELS,
        b"</Relationships>",
        f'<Relationship Id="rId{number + 10}" Type="{R}/worksheet" Target="{part}"/>'
        "</Relationships>".encode(),
    )
    edited(
        parts,
        TYPES,
        b"</Types>",
        f'<Override PartName="/xl/{part}" ContentType="{WORKSHEET_CT}"/></Types>'.encode(),
    )


def notes_sheet(rows: int) -> bytes:
    cells = "".join(
        f'<row r="{r}"><c r="A{r}" t="inlineStr"><is><t>seat plan line {r}</t></is></c></row>'
        for r in range(1, rows + 1)
    )
    return f'<worksheet xmlns="{MAIN}"><sheetData>{cells}</sheetData></worksheet>'.encode()


def run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, *extra: str
) -> tuple[int, str, Path]:
    """``xlsx-scorer score`` on ``data`` saved as a file: exit code, terminal text, the file."""
    path = tmp_path / "event.xlsx"
    path.write_bytes(data)
    code = main(["score", str(path), *extra])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "Unexpected error" not in err
    return code, out + err, path


def assert_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, *words: str
) -> None:
    """Exit 2 with ``words`` in the message, in place and with ``-o``; nothing written."""
    code, text, path = run(tmp_path, capsys, data)
    assert code == 2, text
    for word in words:
        assert word in text, (word, text)
    assert path.read_bytes() == data
    target = tmp_path / "copy.xlsx"
    code, _, path = run(tmp_path, capsys, data, "-o", str(target))
    assert code == 2
    assert not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]


# --- fuzz 4: damaged output, exit 0 -----------------------------------------------------


def test_an_empty_stylesheet_gets_a_valid_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parts = base_parts()
    parts["xl/styles.xml"] = f'<styleSheet xmlns="{MAIN}"/>'.encode()
    code, text, path = run(tmp_path, capsys, zip_parts(dict(parts)))
    assert code == 0, text
    styles = ET.fromstring(parts_of(path.read_bytes())["xl/styles.xml"])
    assert styles.tag == f"{{{MAIN}}}styleSheet"
    for section in ("fonts", "fills", "borders", "cellXfs"):
        node = styles.find(f"{{{MAIN}}}{section}")
        assert node is not None
        assert node.get("count") == str(len(node))
    assert_valid_zip(path.read_bytes())


def test_a_stale_override_is_not_repeated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An Override for a part that does not exist, twice: the part we write there gets one."""
    parts = base_parts()
    stale = f'<Override PartName="/xl/worksheets/sheet2.xml" ContentType="{WORKSHEET_CT}"/>'
    edited(parts, TYPES, b"</Types>", (stale * 2 + "</Types>").encode())
    code, text, path = run(tmp_path, capsys, zip_parts(dict(parts)))
    assert code == 0, text
    after = parts_of(path.read_bytes())
    types = ET.fromstring(after[TYPES])
    overrides = [el.get("PartName", "") for el in types if el.tag.endswith("Override")]
    assert len(overrides) == len(set(map(str.casefold, overrides)))
    assert {name[1:] for name in overrides} <= set(after)
    assert "xl/worksheets/sheet2.xml" in after


def test_our_sheet_ids_stay_small(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = base_parts()
    edited(parts, WORKBOOK, b'sheetId="1"', b'sheetId="4294967295"')
    code, text, path = run(tmp_path, capsys, zip_parts(dict(parts)))
    assert code == 0, text
    workbook = ET.fromstring(parts_of(path.read_bytes())[WORKBOOK])
    ids = [int(el.get("sheetId", "")) for el in workbook.iter(f"{{{MAIN}}}sheet")]
    assert ids[0] == 4294967295
    assert sorted(ids[1:]) == list(range(1, len(ids)))


# --- fuzz 5: "Unexpected error" ---------------------------------------------------------


def test_a_member_locked_by_a_zip_password_has_its_own_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parts = base_parts()
    parts["docProps/app.xml"] = b"<Properties/>"
    data = bytearray(zip_parts(dict(parts)))
    info = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo("docProps/app.xml")
    for at in (info.header_offset + 6, _central_entry(bytes(data), "docProps/app.xml") + 8):
        data[at] |= 0x01  # general purpose flag bit 0: encrypted
    assert_refused(tmp_path, capsys, bytes(data), "docProps/app.xml", "zip password")


def _central_entry(data: bytes, name: str) -> int:
    """Where the central directory entry of member ``name`` starts."""
    start = data.index(b"PK\x05\x06")
    start = int.from_bytes(data[start + 16 : start + 20], "little")
    while True:
        length, extra, comment = (
            int.from_bytes(data[start + at : start + at + 2], "little") for at in (28, 30, 32)
        )
        if data[start + 46 : start + 46 + length] == name.encode():
            return start
        start += 46 + length + extra + comment


def test_a_workbook_view_inside_sheets_has_its_own_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parts = base_parts()
    edited(parts, WORKBOOK, b"</sheets>", b'<workbookView activeTab="0"/></sheets>')
    assert_refused(tmp_path, capsys, zip_parts(dict(parts)), "workbookView", "xl/workbook.xml")


# --- fuzz 6: valid packages refused -----------------------------------------------------


def relocated(kind: str) -> bytes:
    """The base workbook with its sheet or workbook part named as ``kind`` says."""
    parts = base_parts()
    if kind == "book.xml":
        parts["xl/book.xml"] = parts.pop(WORKBOOK)
        parts["xl/_rels/book.xml.rels"] = parts.pop(WB_RELS)
        edited(parts, "_rels/.rels", b"xl/workbook.xml", b"xl/book.xml")
        edited(parts, TYPES, b"/xl/workbook.xml", b"/xl/book.xml")
    elif kind == "member-case":
        parts["xl/Worksheets/Sheet1.xml"] = parts.pop(SHEET)
    else:
        edited(parts, WB_RELS, b'Target="worksheets/sheet1.xml"', f'Target="{kind}"'.encode())
    return zip_parts(dict(parts))


KINDS = [
    "./worksheets/sheet1.xml",
    "../xl/worksheets/sheet1.xml",
    "worksheets/../worksheets/sheet1.xml",
    "worksheets/sheet%31.xml",
    "Worksheets/Sheet1.xml",
    "/xl/worksheets/sheet1.xml",
    "member-case",
    "book.xml",
]


@pytest.mark.parametrize("kind", KINDS)
def test_part_names_resolve_as_opc_says(kind: str) -> None:
    data = relocated(kind)
    package = Package.open(data)
    (results,) = package.sheets
    assert results.part is not None
    assert package.has(results.part)
    assert b"Round" in package.read(results.part)
    out = write_sheets(Package.open(data), specs())
    written = Package.open(out)
    assert [sheet.name for sheet in written.sheets][:2] == ["Results", "Standings"]
    assert all(sheet.part is not None and written.has(sheet.part) for sheet in written.sheets)
    assert written.read(written.sheets[0].part or PartName("/")) == package.read(results.part)
    assert [s.kind for s in our_sheets(written)] == [
        "standings",
        "round_points",
        "errors",
        "chart_data",
    ]


@pytest.mark.parametrize(
    "kind",
    KINDS,
)
def test_part_names_resolve_when_scoring(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text, _ = run(tmp_path, capsys, relocated(kind))
    assert code == 0, text


# --- fuzz 8: sheet-name collisions ------------------------------------------------------


@pytest.mark.parametrize("theirs", ["standings", "ERRORS", "Chart Data", "round points"])
def test_a_sheet_of_theirs_named_like_ours_is_kept(
    theirs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parts = base_parts()
    with_sheet(parts, theirs, notes_sheet(3))
    data = zip_parts(dict(parts))
    code, text, path = run(tmp_path, capsys, data)
    assert code == 0, text
    after = parts_of(path.read_bytes())
    assert after["xl/worksheets/sheet2.xml"] == parts["xl/worksheets/sheet2.xml"]
    package = Package.open(path.read_bytes())
    names = [sheet.name for sheet in package.sheets]
    assert names[:2] == ["Results", theirs]
    assert len(set(map(str.casefold, names))) == len(names)
    assert all(sheet.index != 1 for sheet in our_sheets(package))
    code, text, path = run(tmp_path, capsys, path.read_bytes())  # and again: still theirs
    assert code == 0, text
    assert [sheet.name for sheet in Package.open(path.read_bytes()).sheets] == names


# --- damage: refused naming the sheet, unless it is ours and replaced ----------------------


def _damage(data: bytes, member: str) -> bytes:
    """``data`` with the compressed bytes of ``member`` flipped three quarters in."""
    out = bytearray(data)
    info = zipfile.ZipFile(io.BytesIO(data)).getinfo(member)
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    middle = start + info.compress_size * 3 // 4
    out[middle : middle + 8] = bytes(b ^ 0xFF for b in out[middle : middle + 8])
    return bytes(out)


def test_a_damaged_extra_sheet_is_refused_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Damage beyond the first 64 KB of a sheet nobody reads: exit 2, nothing written."""
    parts = base_parts()
    with_sheet(parts, "Seating plan", notes_sheet(5000))
    assert len(parts["xl/worksheets/sheet2.xml"]) > 200_000
    data = _damage(zip_parts(dict(parts)), "xl/worksheets/sheet2.xml")
    assert_refused(tmp_path, capsys, data, "Seating plan", "damaged")


def test_a_damaged_old_sheet_of_ours_does_not_matter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Our old Round Points, damaged: it is replaced, so the output is whole."""
    code, text, path = run(tmp_path, capsys, BASE.read_bytes())
    assert code == 0, text
    scored = path.read_bytes()
    package = Package.open(scored)
    ours = {sheet.kind: package.sheets[sheet.index] for sheet in our_sheets(package)}
    part = ours["round_points"].part
    assert part is not None
    damaged = _damage(scored, part.member)
    assert Package.open(damaged).damaged.keys() == {part}
    out = write_sheets(Package.open(damaged), specs())
    assert Package.open(out).damaged == {}
    assert_valid_zip(out)
    standings = ours["standings"].part
    assert standings is not None
    broken_rels = _damage(scored, standings.rels.member)  # its drawing's link, damaged
    assert Package.open(broken_rels).damaged.keys() == {standings.rels}
    assert_valid_zip(write_sheets(Package.open(broken_rels), specs()))
    with pytest.raises(UnusableWorkbookError) as raised:  # a sheet of theirs is not spared
        write_sheets(Package.open(_damage(scored, SHEET)), specs())
    assert raised.value.code == "unusable.damaged_sheet"
    assert raised.value.finding.where.sheet == "Results"


# --- decisions (docs/package.md) --------------------------------------------------------


def test_bzip2_and_lzma_members_are_refused_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = zipfile.ZipFile(BASE)
    for method, name in ((zipfile.ZIP_BZIP2, "bzip2"), (zipfile.ZIP_LZMA, "LZMA")):
        stream = io.BytesIO()
        with zipfile.ZipFile(stream, "w") as target:
            for info in source.infolist():
                kind = method if info.filename == "xl/styles.xml" else zipfile.ZIP_DEFLATED
                target.writestr(info.filename, source.read(info), kind)
        assert_refused(tmp_path, capsys, stream.getvalue(), "xl/styles.xml", name)


@pytest.mark.parametrize(
    ("codec", "encoding"),
    [
        ("utf-16", "UTF-16"),
        ("utf-16-be", "UTF-16BE"),
        ("latin-1", "ISO-8859-1"),
        ("cp1252", "windows-1252"),
    ],
)
def test_parts_in_other_encodings_are_edited_as_utf8(codec: str, encoding: str) -> None:
    """UTF-16 and Latin-1 workbook, relationships, content types and styles are understood;
    the parts we edit come out in UTF-8 with the same content."""
    parts = base_parts()
    for name in (WORKBOOK, WB_RELS, TYPES, "xl/styles.xml"):
        text = parts[name].decode().replace('encoding="UTF-8"', f'encoding="{encoding}"')
        if name == "xl/styles.xml":
            text = text.replace("<fonts", "<!-- façade --><fonts")
        parts[name] = text.encode(codec)
    data = zip_parts(dict(parts))
    package = Package.open(data)
    assert [sheet.name for sheet in package.sheets] == ["Results"]
    out = parts_of(write_sheets(Package.open(data), specs()))
    for name in (WORKBOOK, WB_RELS, TYPES, "xl/styles.xml"):
        text = out[name].decode("utf-8")
        assert 'encoding="UTF-8"' in text
        ET.fromstring(out[name])
    assert "<!-- façade -->" in out["xl/styles.xml"].decode()


LEGACY = LegacyOutputs(
    names={"Standings": "standings", "Errors": "errors", "Chart Data": "chart_data"},
    checked=frozenset({"standings"}),
    hidden=frozenset({"chart_data"}),
    is_check_line=lambda text: re.fullmatch(r"Check: [0-9a-f]{10}", text) is not None,
)


def _legacy_parts(*, check: str = "Check: 0123456789", strings_at: str = "sharedStrings.xml"):  # type: ignore[no-untyped-def]
    """The base workbook with old-style output: Standings (its check line a shared string at
    ``xl/strings_at``), Errors and a hidden Chart Data, none of them marked."""
    parts = base_parts()
    standings = (
        f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>'
        '<row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData></worksheet>'
    ).encode()
    with_sheet(parts, "Standings", standings, 2)
    with_sheet(parts, "Errors", notes_sheet(2), 3)
    with_sheet(parts, "Chart Data", notes_sheet(2), 4)
    edited(parts, WORKBOOK, b'name="Chart Data"', b'name="Chart Data" state="hidden"')
    parts[f"xl/{strings_at}"] = (
        f'<sst xmlns="{MAIN}"><si><t>Standings</t></si><si><r><t>{check[:3]}</t></r>'
        f"<r><t>{check[3:]}</t></r><rPh><t>x</t></rPh></si></sst>"
    ).encode()
    edited(
        parts,
        WB_RELS,
        b"</Relationships>",
        f'<Relationship Id="rId99" Type="{R}/sharedStrings" Target="{strings_at}"/>'
        "</Relationships>".encode(),
    )
    return parts


def test_old_output_is_recognised_by_its_check_line_in_shared_strings_anywhere() -> None:
    parts = _legacy_parts(strings_at="strings/table.xml")
    package = Package.open(zip_parts(dict(parts)))
    assert [(s.name, s.kind) for s in our_sheets(package, LEGACY)] == [
        ("Standings", "standings"),
        ("Errors", "errors"),
        ("Chart Data", "chart_data"),
    ]
    assert our_sheets(package) == ()  # without the legacy rule nothing is ours
    out = write_sheets(Package.open(zip_parts(dict(parts))), specs(), legacy=LEGACY)
    assert [s.name for s in Package.open(out).sheets] == [
        "Results",
        "Standings",
        "Errors",
        "Chart Data",
        "Round Points",
    ]


def test_old_looking_sheets_without_a_check_line_are_theirs() -> None:
    parts = _legacy_parts(check="Check: by the judge")
    package = Package.open(zip_parts(dict(parts)))
    assert our_sheets(package, LEGACY) == ()
    out = write_sheets(Package.open(zip_parts(dict(parts))), specs(), legacy=LEGACY)
    names = [s.name for s in Package.open(out).sheets]
    assert names[:4] == ["Results", "Standings", "Errors", "Chart Data"]
    assert "Standings (2)" in names


def test_a_visible_chart_data_sheet_is_never_taken_for_old_output() -> None:
    parts = _legacy_parts()
    edited(parts, WORKBOOK, b'name="Chart Data" state="hidden"', b'name="Chart Data"')
    package = Package.open(zip_parts(dict(parts)))
    assert [s.kind for s in our_sheets(package, LEGACY)] == ["standings", "errors"]


def test_a_macro_sheet_is_kept_and_counted() -> None:
    parts = base_parts()
    with_sheet(parts, "Macro1", f'<xm:macrosheet xmlns:xm="{MAIN}"/>'.encode())
    edited(
        parts,
        WB_RELS,
        f'Id="rId12" Type="{R}/worksheet"'.encode(),
        f'Id="rId12" Type="{ns.RT_MACROSHEET}"'.encode(),
    )
    edited(
        parts,
        WORKBOOK,
        b"</sheets>",
        b'</sheets><definedNames><definedName name="Auto_Open" localSheetId="1">'
        b"Macro1!$A$1</definedName></definedNames>",
    )
    data = zip_parts(dict(parts))
    package = Package.open(data)
    assert [(s.name, s.rel_type) for s in package.sheets][1] == ("Macro1", ns.RT_MACROSHEET)
    out = write_sheets(Package.open(data), specs())
    workbook = ET.fromstring(parts_of(out)[WORKBOOK])
    names = {
        el.get("name"): el.get("localSheetId") for el in workbook.iter(f"{{{MAIN}}}definedName")
    }
    assert names["Auto_Open"] == "1"
    assert parts_of(out)["xl/worksheets/sheet2.xml"] == parts["xl/worksheets/sheet2.xml"]


@pytest.mark.parametrize(
    ("edit", "code"),
    [
        (lambda p: p.update({"xl/Workbook.xml": p[WORKBOOK]}), "unusable.broken_part"),
        (lambda p: p.pop("_rels/.rels"), "unusable.not_a_workbook"),
        (
            lambda p: p.update(
                {WORKBOOK: p[WORKBOOK].replace(MAIN.encode(), ns.STRICT_MAIN.encode())}
            ),
            "unusable.strict_ooxml",
        ),
        (
            lambda p: p.update({WORKBOOK: p[WORKBOOK].replace(b"<workbook ", b"<document ")}),
            "unusable.not_a_workbook",
        ),
    ],
    ids=["two-parts-one-name", "no-package-rels", "strict", "not-a-workbook"],
)
def test_packages_that_cannot_be_understood_are_refused(edit, code: str) -> None:  # type: ignore[no-untyped-def]
    parts = base_parts()
    edit(parts)
    if code == "unusable.not_a_workbook" and WORKBOOK in parts:
        parts[WORKBOOK] = parts[WORKBOOK].replace(b"</workbook>", b"</document>")
    with pytest.raises(UnusableWorkbookError) as raised:
        Package.open(zip_parts(dict(parts)))
    assert raised.value.code == code


def test_the_same_bytes_are_verified_once() -> None:
    data = BASE.read_bytes()
    assert Package.open(data) is Package.open(data)
    assert Package.open(bytes(bytearray(data))) is not Package.open(data)


def test_sheet_parts_are_kept_inflated_within_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """A verified sheet part is kept (the reader takes it from memory, not inflating it
    again); other parts, a damaged sheet and sheets past the limits are not, and read the same
    from the archive."""
    parts = base_parts()
    with_sheet(parts, "Seating plan", notes_sheet(5000))
    data = zip_parts(dict(parts))
    package = Package.open(data)
    sheet, extra = PartName("/" + SHEET), PartName("/xl/worksheets/sheet2.xml")
    assert package.inflated(sheet) == parts[SHEET] == package.read(sheet)
    assert package.inflated(extra) == parts["xl/worksheets/sheet2.xml"]
    assert package.stream(extra).read() == parts["xl/worksheets/sheet2.xml"]
    assert package.inflated(PartName("/xl/styles.xml")) is None
    damaged = Package.open(_damage(data, "xl/worksheets/sheet2.xml"))
    assert damaged.inflated(extra) is None
    assert damaged.inflated(sheet) == parts[SHEET]
    with pytest.raises(UnusableWorkbookError):
        damaged.read(extra)
    sizes = len(parts[SHEET]), len(parts["xl/worksheets/sheet2.xml"])
    monkeypatch.setattr(opc_package, "KEPT_TOTAL_BYTES", max(sizes))  # room for one of them
    one = Package.open(bytes(bytearray(data)))
    assert [one.inflated(part) is None for part in (sheet, extra)].count(True) == 1
    assert one.read(sheet) == parts[SHEET]
    assert one.read(extra) == parts["xl/worksheets/sheet2.xml"]
    monkeypatch.setattr(opc_package, "KEPT_PART_BYTES", 0)
    none = Package.open(bytes(bytearray(data)))
    assert none.inflated(sheet) is None
    assert none.stream(sheet).read() == parts[SHEET]


@pytest.mark.parametrize("kept", [True, False])
def test_a_sheet_kept_or_inflated_again_scores_the_same(
    kept: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept, the Results part is cut in place; else inflated again in chunks (here of 1,000
    bytes), and read in pieces of 2,000 bytes either way: the same findings and package."""
    data = Path("fixtures/sample_event.xlsx").read_bytes()
    reference = api.score(bytes(bytearray(data)), now=NOW)
    if not kept:
        monkeypatch.setattr(opc_package, "KEPT_PART_BYTES", 0)
        monkeypatch.setattr(bookparts, "CHUNK_BYTES", 1000)
    monkeypatch.setattr(plaincells, "_PIECE", 2000)
    again = api.score(bytes(bytearray(data)), now=NOW)
    assert again.exit_code == reference.exit_code == 0
    assert again.findings == reference.findings
    assert again.workbook == reference.workbook


# Issue 18, item 13: an element's text as an XML parser reads it


@pytest.mark.parametrize(
    ("xml", "text"),
    [
        (b"<a>'Results'!$1:$1048576</a>", "'Results'!$1:$1048576"),
        (b"<a>x<!-- 'Other'!$A$1 -->y</a>", "xy"),
        (b"<a>line\r\nnext\rlast&#13;</a>", "line\nnext\nlast\r"),
        (b"<a><![CDATA[<b>&amp;]]>&lt;&#x41;&#128;</a>", "<b>&amp;<A\x80"),
        (b"<a>x<?pi data?>y</a>", "xy"),
        (b"<a>&quot;&apos;<![CDATA[]]]]><![CDATA[>]]></a>", "\"']]>"),
        (b"<a/>", ""),
    ],
    ids=["plain", "comment", "line-ends", "cdata-and-references", "pi", "split-cdata", "empty"],
)
def test_inner_text_reads_as_xml_reads(xml: bytes, text: str) -> None:
    doc = XmlDoc("demo", b'<?xml version="1.0"?>\r\n<root xmlns:x="urn:x">' + xml + b"</root>")
    assert doc.inner_text(doc.root.children[0]) == text


def test_a_workbook_attribute_number_is_read_as_the_sheet_reader_reads_it() -> None:
    """``localSheetId``, ``sheetId``, ``activeTab``… are ``xsd:unsignedInt`` too (issue 18,
    item 11): 5,001 digits were an internal error (exit 3), ``" 1"`` no number."""
    assert [whole_number(text) for text in ("0" * 5000 + "1", " 1", "+1", "01")] == [1] * 4
    assert [whole_number(text) for text in ("9" * 5000, "١", "1.0", None)] == [None] * 4
