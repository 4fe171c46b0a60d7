"""``verify`` of archives made by an earlier version, and of an event with nothing scored.

Archives outlive versions: ``fixtures/archives/v0.1`` holds archives written by version 0.1
(before issue 24: Standings without ``Games``, summed shares headed ``Shares``, a bye shown
as the win it counts for), made by that version's own code (their README).  Untouched, they
verify; one Standings cell edited is caught, named by the cell.  An event with no standings
(a blank template, round 1 seated and nothing typed) is not archived: there is nothing to
keep yet (docs/archive.md).
"""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest

from tests.builders import run_cli
from tests.test_archive import edited_sheet_xml
from xlsx_scorer.app.verify import verify
from xlsx_scorer.cli import main

OLD = Path(__file__).resolve().parent.parent / "fixtures" / "archives" / "v0.1"
ARCHIVES = sorted(path.name for path in OLD.iterdir() if path.is_dir())
#: The archived fingerprint of each (datapackage.json, the workbook's property).
FINGERPRINTS = {
    "blank-en": "fe0addd159189c9332c4f96268f234bef1af7dc53f71d2e05ee1c9a9eef0ec95",
    "catan-en": "b46aa17f0a3e002a0e74d3ef7af4319585cf8f3448ce9b63dbcf10c12555aba7",
    "catan-es": "b46aa17f0a3e002a0e74d3ef7af4319585cf8f3448ce9b63dbcf10c12555aba7",
    "hig-ca": "28c6a87c23652eba6d491e664c280e3df77dfb672c187906271416fb3b02c399",
    "swiss-en": "e108ee92b2735080eeaa5c30daa1cea687b3d28aed457bafaca60fc53f48dfd2",
    "swiss-es": "e108ee92b2735080eeaa5c30daa1cea687b3d28aed457bafaca60fc53f48dfd2",
}


def test_the_old_archives_are_there() -> None:
    assert sorted(FINGERPRINTS) == ARCHIVES


@pytest.mark.parametrize("name", ARCHIVES)
def test_an_untouched_archive_of_version_0_1_verifies(tmp_path: Path, name: str) -> None:
    folder = Path(shutil.copytree(OLD / name, tmp_path / name))
    done = verify(folder)
    assert done.findings == (), done.findings
    assert done.fingerprint == FINGERPRINTS[name]  # the canonical form did not move
    (book,) = folder.glob("*.xlsx")
    assert verify(book).ok  # the workbook alone too
    assert main(["verify", str(folder)]) == 0


def _standings_cell(book: Path, cell: str) -> tuple[str, bytes]:
    """The Standings part (the third sheet: after Results and Players or Event) and the XML
    of ``cell`` in it."""
    with zipfile.ZipFile(book) as package:
        rels = package.read("xl/_rels/workbook.xml.rels").decode()
        rid = re.findall(r'<sheet [^>]*r:id="([^"]+)"', package.read("xl/workbook.xml").decode())[2]
        target = re.search(rf'Id="{rid}"[^>]*Target="([^"]+)"', rels)
        assert target is not None
        part = "xl/" + target.group(1).removeprefix("/xl/")
        found = re.search(rf'<c r="{cell}"[^>]*><v>[^<]*</v></c>'.encode(), package.read(part))
    assert found is not None
    return part, found.group(0)


@pytest.mark.parametrize(
    ("name", "cell", "value"),
    [("catan-en", "C7", b"21.0"), ("catan-es", "D7", b"40.0"), ("swiss-es", "C7", b"3.0")],
)
def test_an_edited_standings_cell_of_an_old_archive_is_caught(
    tmp_path: Path, name: str, cell: str, value: bytes
) -> None:
    """Round points (``C7``: 20 → 21), VP (``D7``), wins: a column both versions write is
    compared cell by cell, named by its cell in the archive; the sheet's digest says it too."""
    folder = Path(shutil.copytree(OLD / name, tmp_path / name))
    (book,) = folder.glob("*.xlsx")
    part, xml = _standings_cell(book, cell)
    edited_sheet_xml(book, part, xml, re.sub(rb"<v>[^<]*</v>", b"<v>" + value + b"</v>", xml))
    findings = verify(folder).findings
    cells = [(f.code, f.where.cell) for f in findings if f.code == "verify.sheet_cell"]
    assert cells == [("verify.sheet_cell", cell)], findings
    assert any(f.code == "verify.sheet_changed" for f in findings), findings
    assert main(["verify", str(folder)]) == 1


def test_an_edited_header_of_an_old_archive_is_caught_by_its_digest(tmp_path: Path) -> None:
    """A header renamed (``Round Points`` → ``Points``) leaves that column unmatched: the
    sheet's digest still says the Standings sheet was changed."""
    folder = Path(shutil.copytree(OLD / "catan-en", tmp_path / "old"))
    book = folder / "sample.xlsx"
    with zipfile.ZipFile(book) as package:
        strings = package.read("xl/worksheets/sheet3.xml")
    found = re.search(rb'<c r="C6"[^>]*><is><t>Round Points</t></is></c>', strings)
    assert found is not None
    old = found.group(0)
    edited_sheet_xml(book, "xl/worksheets/sheet3.xml", old, old.replace(b"Round ", b""))
    findings = verify(folder).findings
    assert [f.code for f in findings] == ["verify.sheet_changed"], findings
    assert findings[0].where.sheet == "Standings"


def test_a_current_archive_still_names_an_edited_cell(tmp_path: Path) -> None:
    """Today's layout is compared position by position, header included."""
    source = OLD.parent.parent / "sample_event.xlsx"
    folder = tmp_path / "now"
    assert main(["archive", str(source), "-o", str(folder)]) == 0
    assert verify(folder).ok
    book = folder / "sample_event.xlsx"
    part, xml = _standings_cell(book, "D8")  # the first player's round points
    edited_sheet_xml(book, part, xml, re.sub(rb"<v>[^<]*</v>", b"<v>1.0</v>", xml))
    cells = [f.where.cell for f in verify(folder).findings if f.code == "verify.sheet_cell"]
    assert cells == ["D8"]


def test_an_old_archive_with_no_standings_verifies_and_its_notice_is_kept(
    tmp_path: Path,
) -> None:
    """A blank template archived by version 0.1: no table to compare (untouched, it passes:
    above); its Standings notice edited is caught by the sheet's digest."""
    folder = Path(shutil.copytree(OLD / "blank-en", tmp_path / "blank"))
    book = folder / "blank.xlsx"
    with zipfile.ZipFile(book) as package:
        names = re.findall(r'<sheet name="([^"]+)"', package.read("xl/workbook.xml").decode())
    assert "Standings" in names
    part, xml = _sheet_text(book, names.index("Standings"), "No results yet")
    edited_sheet_xml(book, part, xml, xml.replace(b"No results yet", b"All results in"))
    findings = verify(folder).findings
    assert [(f.code, f.where.sheet) for f in findings] == [("verify.sheet_changed", "Standings")]


def _sheet_text(book: Path, index: int, text: str) -> tuple[str, bytes]:
    """The part of the ``index``-th sheet and the XML of its cell that shows ``text``."""
    with zipfile.ZipFile(book) as package:
        rels = package.read("xl/_rels/workbook.xml.rels").decode()
        rid = re.findall(r'<sheet [^>]*r:id="([^"]+)"', package.read("xl/workbook.xml").decode())
        target = re.search(rf'Id="{rid[index]}"[^>]*Target="([^"]+)"', rels)
        assert target is not None
        part = "xl/" + target.group(1).removeprefix("/xl/")
        found = re.search(rf"<c [^>]*><is><t>{text}[^<]*</t></is></c>".encode(), package.read(part))
    assert found is not None, package
    return part, found.group(0)


def _template(path: Path, players: int = 0) -> Path:
    assert main(["template", str(path), "--rounds", "2"]) == 0
    if players:
        book = openpyxl.load_workbook(path)
        for row in range(players):
            book["Players"].cell(row + 2, 1, f"Player {row + 1}")
        book.save(path)
    return path


def test_a_blank_template_is_not_archived(tmp_path: Path) -> None:
    source = _template(tmp_path / "blank.xlsx")
    done = run_cli("archive", source, "-o", tmp_path / "kept", "--lang", "en")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "no standings" in done.stdout, done.stdout
    assert "Nothing was written" in done.stdout or "nothing" in done.stdout.lower()
    assert not (tmp_path / "kept").exists()


def test_round_1_seated_and_nothing_typed_is_not_archived(tmp_path: Path) -> None:
    source = _template(tmp_path / "seated.xlsx", players=8)
    assert main(["seat", str(source), "--round", "1"]) == 0
    done = run_cli("archive", source, "-o", tmp_path / "kept", "--lang", "es")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "clasificación" in done.stdout.lower(), done.stdout
    assert not (tmp_path / "kept").exists()
