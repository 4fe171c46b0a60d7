"""The one package edit (``opc.edit.Edit``), part by part, against what Excel requires of a
package: every part has a content type, every relationship target exists, no part is
orphaned, relationship ids are unique, the calculation chain is gone when cells change, and
every member not edited is copied as its compressed bytes."""

from __future__ import annotations

import collections
from xml.etree import ElementTree as ET

import pytest

from tests.packages import (
    DROPPED,
    PKG_R,
    assert_consistent,
    assert_copied_raw,
    assert_valid_zip,
    excel_like,
    parts_of,
    rezip,
)
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import ns
from xlsx_scorer.opc.edit import Edit
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.partname import ROOT, PartName
from xlsx_scorer.xlsx.write.patch import patch_workbook

CT_CUSTOM = "application/vnd.openxmlformats-officedocument.custom-properties+xml"
RT_CUSTOM = ns.R + "/custom-properties"


def assert_sound(data: bytes) -> None:
    """What Excel requires (``assert_consistent``), and ids unique in each relationships part."""
    assert_valid_zip(data)
    assert_consistent(data)
    for name, xml in parts_of(data).items():
        if name.endswith(".rels"):
            ids = collections.Counter(rel.get("Id") for rel in ET.fromstring(xml))
            assert all(count == 1 for count in ids.values()), (name, ids)


def rels_of(data: bytes, member: str) -> dict[str, tuple[str, str]]:
    """A relationships part's relationships: id → (type, target)."""
    root = ET.fromstring(parts_of(data)[member])
    return {rel.get("Id", ""): (rel.get("Type", ""), rel.get("Target", "")) for rel in root}


def overrides_of(data: bytes) -> dict[str, str]:
    root = ET.fromstring(parts_of(data)["[Content_Types].xml"])
    return {
        el.get("PartName", ""): el.get("ContentType", "") for el in root if "Override" in el.tag
    }


@pytest.fixture(scope="module")
def original() -> bytes:
    data = excel_like()
    assert_sound(data)
    return data


def test_a_replaced_part_alone_changes(original: bytes) -> None:
    pkg = Package.open(original)
    edit = Edit(pkg)
    sheet = pkg.sheets[0].part
    assert sheet is not None
    new = pkg.read(sheet) + b" "
    edit.replace(sheet, new)
    out = edit.commit()
    assert_sound(out)
    assert parts_of(out)[sheet.member] == new
    others = frozenset(parts_of(original)) - {sheet.member}
    assert_copied_raw(original, out, others)  # content types and relationships included
    assert list(parts_of(out)) == list(parts_of(original))


def test_content_types_and_relationships_are_never_replaced_by_hand(original: bytes) -> None:
    pkg = Package.open(original)
    with pytest.raises(ValueError, match="follows from the edit"):
        Edit(pkg).replace(PartName("/[Content_Types].xml"), b"<Types/>")
    with pytest.raises(ValueError, match="follows from the edit"):
        Edit(pkg).replace(pkg.workbook.rels, b"<Relationships/>")
    with pytest.raises(ValueError, match="no such part"):
        Edit(pkg).replace(PartName("/xl/nothing.xml"), b"")


def test_an_added_part_has_its_content_type_and_a_relationship_with_a_free_id(
    original: bytes,
) -> None:
    pkg = Package.open(original)
    edit = Edit(pkg)
    part = PartName("/docProps/custom.xml")
    edit.add(part, b"<Properties/>", CT_CUSTOM)
    taken = set(rels_of(original, "_rels/.rels"))
    rid = edit.relate(ROOT, RT_CUSTOM, part)
    assert rid not in taken
    assert rid == next(f"rId{n}" for n in range(1, 99) if f"rId{n}" not in taken)
    out = edit.commit()
    assert_sound(out)
    assert overrides_of(out)["/docProps/custom.xml"] == CT_CUSTOM
    assert rels_of(out, "_rels/.rels")[rid] == (RT_CUSTOM, "docProps/custom.xml")
    assert list(parts_of(out))[-1] == "docProps/custom.xml"


def test_a_part_without_a_content_type_is_refused(original: bytes) -> None:
    edit = Edit(Package.open(original))
    with pytest.raises(ValueError, match="no content type"):
        edit.add(PartName("/xl/thing.unknown"), b"x")
    edit.add(PartName("/xl/thing.xml"), b"<x/>")  # the Default for .xml gives it one
    with pytest.raises(ValueError, match="exists already"):
        edit.add(PartName("/xl/thing.xml"), b"<x/>")
    with pytest.raises(ValueError, match="exists already"):
        edit.add(PartName("/xl/workbook.xml"), b"<x/>")


def test_a_stale_override_of_an_added_part_is_replaced(original: bytes) -> None:
    parts = parts_of(original)
    stale = '<Override PartName="/docProps/custom.xml" ContentType="text/plain"/></Types>'
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(b"</Types>", stale.encode())
    pkg = Package.open(rezip(parts))
    edit = Edit(pkg)
    part = PartName("/docProps/custom.xml")
    edit.add(part, b"<Properties/>", CT_CUSTOM)
    edit.relate(ROOT, RT_CUSTOM, part)
    out = edit.commit()
    assert_sound(out)
    types = parts_of(out)["[Content_Types].xml"].decode()
    assert types.count("/docProps/custom.xml") == 1
    assert overrides_of(out)["/docProps/custom.xml"] == CT_CUSTOM


def test_a_new_part_gets_its_own_relationships_part(original: bytes) -> None:
    parts = parts_of(original)
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b'<Default Extension="rels"', b'<Default Extension="relsx"'
    )
    pkg = Package.open(rezip(parts))
    edit = Edit(pkg)
    drawing, chart = PartName("/xl/drawings/new.xml"), PartName("/xl/charts/new.xml")
    edit.add(drawing, b"<d/>", ns.CT_DRAWING)
    assert edit.relate(drawing, ns.RT_CHART, chart, rid="rId1") == "rId1"
    with pytest.raises(ValueError, match="taken"):
        edit.relate(drawing, ns.RT_CHART, chart, rid="rId1")
    edit.add(chart, b"<c/>", ns.CT_CHART)
    out = edit.commit()
    assert list(parts_of(out))[-3:] == [
        "xl/drawings/new.xml",
        "xl/drawings/_rels/new.xml.rels",
        "xl/charts/new.xml",
    ]
    assert rels_of(out, "xl/drawings/_rels/new.xml.rels") == {
        "rId1": (ns.RT_CHART, "../charts/new.xml")
    }
    # no Default for .rels: the new relationships part has an Override
    assert overrides_of(out)["/xl/drawings/_rels/new.xml.rels"] == ns.CT_RELATIONSHIPS


def test_a_relationship_to_a_part_that_is_not_there_is_refused(original: bytes) -> None:
    pkg = Package.open(original)
    edit = Edit(pkg)
    edit.relate(pkg.workbook, ns.RT_WORKSHEET, PartName("/xl/worksheets/missing.xml"))
    with pytest.raises(ValueError, match="missing part"):
        edit.commit()


def test_a_dropped_part_leaves_with_its_type_relationships_and_every_link_to_it(
    original: bytes,
) -> None:
    pkg = Package.open(original)
    image = PartName("/xl/media/image1.png")  # drawn by a kept sheet and a removed one
    drawing = PartName("/xl/drawings/drawing2.xml")
    edit = Edit(pkg)
    edit.drop(image)
    edit.drop(drawing)
    out = edit.commit()
    after = parts_of(out)
    gone = {
        "xl/media/image1.png",
        "xl/drawings/drawing2.xml",
        "xl/drawings/_rels/drawing2.xml.rels",
    }
    assert gone <= set(parts_of(original))
    assert gone.isdisjoint(after)
    assert "/xl/drawings/drawing2.xml" in overrides_of(original)
    assert "/xl/drawings/drawing2.xml" not in overrides_of(out)
    assert rels_of(out, "xl/drawings/_rels/drawing1.xml.rels") == {}
    sheet_rels = rels_of(out, "xl/worksheets/_rels/sheet3.xml.rels")
    assert list(sheet_rels) == ["rId2"]  # the printer settings stay, the drawing goes
    assert_valid_zip(out)


def test_a_cut_drops_what_only_it_reaches_and_leaves_no_orphan(original: bytes) -> None:
    pkg = Package.open(original)
    ours = [sheet.rid for sheet in pkg.sheets if sheet.name in {"Standings", "Errors"}]
    assert len(ours) == 2
    edit = Edit(pkg)
    gone = edit.cut(pkg.workbook, ours)
    edit.drop_calc_chain()
    assert {part.member for part in edit.dropped} == DROPPED
    assert gone <= edit.dropped
    out = edit.commit()
    after = parts_of(out)
    assert DROPPED.isdisjoint(after)
    assert "xl/media/image1.png" in after  # also the kept sheet's
    # (the workbook part still names the sheets: editing it is the writer's business)
    assert_copied_raw(
        original,
        out,
        frozenset(after) - {"[Content_Types].xml", "xl/_rels/workbook.xml.rels"},
    )
    rels = rels_of(out, "xl/_rels/workbook.xml.rels")
    assert set(ours).isdisjoint(rels)
    # an id freed by the cut is taken again first
    edit = Edit(pkg)
    edit.cut(pkg.workbook, ours)
    assert edit.relate(pkg.workbook, ns.RT_WORKSHEET, PartName("/xl/worksheets/sheet1.xml")) == min(
        ours, key=lambda rid: int(rid[3:])
    )


def test_the_calculation_chain_goes_with_its_relationship_and_type(original: bytes) -> None:
    pkg = Package.open(original)
    edit = Edit(pkg)
    edit.drop_calc_chain()
    out = edit.commit()
    assert_sound(out)
    assert "xl/calcChain.xml" not in parts_of(out)
    assert "calcChain" not in parts_of(out)["[Content_Types].xml"].decode()
    assert "calcChain" not in parts_of(out)["xl/_rels/workbook.xml.rels"].decode()
    # nothing to drop: the package comes back as it was, member by member
    again = Edit(Package.open(out))
    again.drop_calc_chain()
    assert_copied_raw(out, again.commit(), frozenset(parts_of(out)))


def test_cells_changed_through_the_patcher_drop_the_chain_a_formula_needed(
    original: bytes,
) -> None:
    value_only = patch_workbook(Package.open(original), {"Results": {"D2": 3}})
    assert "xl/calcChain.xml" in parts_of(value_only)
    formula = patch_workbook(Package.open(original), {"Results": {"C2": 3}})
    assert "xl/calcChain.xml" not in parts_of(formula)
    assert_sound(formula)


def test_nothing_is_written_from_a_damaged_package_unless_the_damage_leaves(
    original: bytes,
) -> None:
    parts = parts_of(original)
    assert "xl/comments1.xml" in parts
    parts["xl/comments1.xml"] = b"<comments><broken></comments>"
    pkg = Package.open(rezip(parts))
    assert PartName("/xl/comments1.xml") in pkg.damaged
    with pytest.raises(UnusableWorkbookError):
        Edit(pkg).commit()
    edit = Edit(pkg)
    edit.cut(pkg.workbook, [sheet.rid for sheet in pkg.sheets if sheet.name == "Standings"])
    edit.cut(pkg.workbook, [sheet.rid for sheet in pkg.sheets if sheet.name == "Errors"])
    assert "xl/comments1.xml" not in parts_of(edit.commit())


def test_a_prefixed_relationships_part_gets_relationships_in_its_prefix(original: bytes) -> None:
    """A relationships part written with a prefix gets new relationships in that prefix."""
    parts = parts_of(original)
    rels = parts["_rels/.rels"].decode()
    parts["_rels/.rels"] = (
        rels.replace(f'<Relationships xmlns="{PKG_R}">', f'<p:Relationships xmlns:p="{PKG_R}">')
        .replace("<Relationship ", "<p:Relationship ")
        .replace("</Relationships>", "</p:Relationships>")
        .encode()
    )
    pkg = Package.open(rezip(parts))
    edit = Edit(pkg)
    part = PartName("/docProps/custom.xml")
    edit.add(part, b"<Properties/>", CT_CUSTOM)
    rid = edit.relate(ROOT, RT_CUSTOM, part)
    out = edit.commit()
    assert f'<p:Relationship Id="{rid}"' in parts_of(out)["_rels/.rels"].decode()
    assert_sound(out)
