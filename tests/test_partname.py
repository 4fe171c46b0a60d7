"""Part names resolved and compared as OPC says (ECMA-376 Part 2): one table, one rule a row."""

from __future__ import annotations

import pytest

from xlsx_scorer.opc.partname import ROOT, PartName

WORKBOOK = PartName("/xl/workbook.xml")
SHEET = "/xl/worksheets/sheet1.xml"


@pytest.mark.parametrize(
    ("source", "target", "expected"),
    [
        (WORKBOOK, "worksheets/sheet1.xml", SHEET),
        (WORKBOOK, "./worksheets/sheet1.xml", SHEET),
        (WORKBOOK, "../xl/worksheets/sheet1.xml", SHEET),
        (WORKBOOK, "worksheets/../worksheets/sheet1.xml", SHEET),
        (WORKBOOK, "worksheets/./sheet1.xml", SHEET),
        (WORKBOOK, "/xl/worksheets/sheet1.xml", SHEET),
        (WORKBOOK, "worksheets\\sheet1.xml", SHEET),
        (WORKBOOK, "worksheets//sheet1.xml", SHEET),
        (WORKBOOK, "worksheets/sheet%31.xml", SHEET),
        (WORKBOOK, "../../../xl/worksheets/sheet1.xml", SHEET),  # never above the root
        (WORKBOOK, "worksheets/my%20sheet.xml", "/xl/worksheets/my sheet.xml"),
        (WORKBOOK, "worksheets/h%C3%B6j.xml", "/xl/worksheets/höj.xml"),
        (ROOT, "xl/workbook.xml", "/xl/workbook.xml"),
        (ROOT, "/xl/book.xml", "/xl/book.xml"),
        (PartName("/xl/worksheets/sheet1.xml"), "../drawings/d1.xml", "/xl/drawings/d1.xml"),
        (PartName("/workbook.xml"), "sheet.xml", "/sheet.xml"),
    ],
)
def test_targets_resolve_against_the_source_folder(
    source: PartName, target: str, expected: str
) -> None:
    assert PartName.resolve(source, target).uri == expected


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("/xl/worksheets/sheet1.xml", "/XL/Worksheets/Sheet1.xml"),
        ("/xl/worksheets/sheet1.xml", "xl/worksheets/sheet1.xml"),
        ("/xl/worksheets/İ.xml", "/xl/worksheets/i̇.xml"),
    ],
)
def test_names_compare_ignoring_case(one: str, other: str) -> None:
    assert PartName(one) == PartName(other)
    assert hash(PartName(one)) == hash(PartName(other))
    assert len({PartName(one), PartName(other)}) == 1


def test_members_are_percent_decoded_like_targets() -> None:
    assert PartName.from_member("xl/worksheets/my%20sheet.xml") == PartName.resolve(
        WORKBOOK, "worksheets/my sheet.xml"
    )
    assert PartName.from_member("xl/Worksheets/Sheet1.xml") == PartName(SHEET)


@pytest.mark.parametrize(
    ("part", "source", "reference"),
    [
        (SHEET, WORKBOOK, "worksheets/sheet1.xml"),
        ("/xl/drawings/drawing1.xml", PartName(SHEET), "../drawings/drawing1.xml"),
        ("/xl/workbook.xml", ROOT, "xl/workbook.xml"),
        ("/xl/worksheets/my sheet.xml", WORKBOOK, "worksheets/my%20sheet.xml"),
    ],
)
def test_relative_references_round_trip(part: str, source: PartName, reference: str) -> None:
    assert PartName(part).relative_ref(source) == reference
    assert PartName.resolve(source, reference) == PartName(part)


def test_names_derived_from_a_part() -> None:
    sheet = PartName(SHEET)
    assert sheet.rels.uri == "/xl/worksheets/_rels/sheet1.xml.rels"
    assert ROOT.rels.uri == "/_rels/.rels"
    assert WORKBOOK.rels.uri == "/xl/_rels/workbook.xml.rels"
    assert (sheet.folder, sheet.filename, sheet.extension, sheet.member) == (
        "/xl/worksheets/",
        "sheet1.xml",
        "xml",
        "xl/worksheets/sheet1.xml",
    )
    assert PartName("/a/B.XML").extension == "xml"
