"""Both samples as LibreOffice saves them (``fixtures/libreoffice``), scored by the CLI.

A file LibreOffice saved is an organiser's normal case, and it differs from what openpyxl
or Excel write: no theme part, the sheet shown last marked ``tabSelected="true"``, its own
styles part.  Scored, each gives the standings and findings of the openpyxl-written
sample (``fixtures/*.expected.json``), opens on our sheet with exactly one sheet selected,
is read by openpyxl, and keeps every byte of the organiser's parts except the attribute that
selected their sheet.  (Opening the output in LibreOffice itself: ``test_libreoffice.py``.)
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest

from tests.builders import table_below
from tests.packages import load, parts_of
from xlsx_scorer.opc.package import Package

FIXTURES = Path(__file__).parents[1] / "fixtures"
SAVED = FIXTURES / "libreoffice"
SAMPLES = ("sample_event", "sample_mistakes")
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
#: The organiser's parts a run edits by splicing (every other one of theirs is copied).
EDITED = {"[Content_Types].xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml"}
SELECTED = re.compile(rb'tabSelected="(1|true)"')


def score(source: Path, folder: Path) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """``source`` copied into ``folder`` and scored in place by the CLI."""
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / source.name
    shutil.copyfile(source, copy)
    done = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "score", str(copy)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return copy, done


@pytest.fixture(scope="module")
def scored(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, str, int]]:
    """Each LibreOffice-saved sample scored: the output, what the CLI said, its exit code."""
    work = tmp_path_factory.mktemp("lo-saved")
    found = {}
    for name in SAMPLES:
        path, done = score(SAVED / f"{name}.xlsx", work)
        found[name] = (path, done.stdout + done.stderr, done.returncode)
    return found


def golden(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(
        (FIXTURES / f"{name}.expected.json").read_text(encoding="utf-8")
    )
    return loaded


@pytest.mark.parametrize("name", SAMPLES)
def test_the_fixture_is_what_libreoffice_wrote(name: str) -> None:
    parts = parts_of((SAVED / f"{name}.xlsx").read_bytes())
    assert b"<Application>LibreOffice/" in parts["docProps/app.xml"]
    assert not any("theme" in member for member in parts)
    assert [m for m, data in parts.items() if SELECTED.search(data)] == ["xl/worksheets/sheet1.xml"]


def test_the_event_gives_the_golden_standings(scored: dict[str, tuple[Path, str, int]]) -> None:
    path, said, code = scored["sample_event"]
    assert code == 0, said
    expected = [
        {
            "Rank": entry["rank"],
            "Player": entry["player"],
            "Games": len(entry["per_round"]),  # a round played is a game (no byes at Catan)
            "Round Points": entry["round_points_float"],
            "VP": entry["vp"],
            "VP %": entry["vp_pct_float"],
            **{column: float(Fraction(value)) for column, value in entry["per_round"].items()},
        }
        for entry in golden("sample_event")["standings"]
    ]
    assert table_below(path, "Standings", "Rank") == expected


def test_the_mistakes_give_the_findings_of_the_openpyxl_sample(
    scored: dict[str, tuple[Path, str, int]], tmp_path: Path
) -> None:
    path, said, code = scored["sample_mistakes"]
    assert code == 1, said
    reported = {row["Cell"] for row in table_below(path, "Errors", "Sheet")}
    for mistake in golden("sample_mistakes")["errors"]:
        accepted = {mistake["cell"], *mistake["also_acceptable"]}
        assert reported & accepted, mistake
        assert any(cell in said for cell in accepted), mistake
    original = score(FIXTURES / "sample_mistakes.xlsx", tmp_path)[0]
    assert table_below(path, "Errors", "Sheet") == table_below(original, "Errors", "Sheet")


@pytest.mark.parametrize(
    ("name", "shown"), [("sample_event", "Standings"), ("sample_mistakes", "Errors")]
)
def test_it_opens_on_our_sheet_alone_selected(
    scored: dict[str, tuple[Path, str, int]], name: str, shown: str
) -> None:
    path, _, _ = scored[name]
    package = Package.open(path.read_bytes())
    workbook = ET.fromstring(package.read(package.workbook))
    views = list(workbook.iter(f"{{{MAIN}}}workbookView"))
    assert views
    for view in views:
        assert package.sheets[int(view.get("activeTab", "0"))].name == shown
    selected = [
        sheet.name
        for sheet in package.sheets
        if sheet.part is not None and SELECTED.search(package.read(sheet.part))
    ]
    assert selected == [shown]
    book = load(path.read_bytes())
    assert book.active is not None
    assert book.active.title == shown


@pytest.mark.parametrize("name", SAMPLES)
def test_their_parts_keep_every_byte_but_the_selection(
    scored: dict[str, tuple[Path, str, int]], name: str
) -> None:
    before = parts_of((SAVED / f"{name}.xlsx").read_bytes())
    path, _, _ = scored[name]
    after = parts_of(path.read_bytes())
    results = "xl/worksheets/sheet1.xml"
    assert after[results] == before[results].replace(
        b'tabSelected="true"', b'tabSelected="false"', 1
    )
    for member in set(before) - EDITED - {results}:
        assert after[member] == before[member], member
    assert set(before) <= set(after)
