"""``archive`` and ``verify`` in any format: the data package carries the format and its keys.

An event in a format other than ``catan-es`` is archived by the format's keys
(``app.archivekeys``; docs/archive.md) and verified by recomputing in that format,
whether the workbook declares it or ``--format`` chose it.
"""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.builders import run_cli, table_below, write
from tests.test_archive import edited_sheet_xml
from tests.test_formats_workbooks import CARCASSONNE, HIG
from xlsx_scorer.app.verify import verify
from xlsx_scorer.core import formats

SWISS = [
    (1, 1, "Ana", 80),
    (1, 1, "Bo", 60),
    (1, 2, "Cem", 70),
    (1, 2, "Dan", 70),
    (1, "Bye", "Eda", None),
    (2, 1, "Ana", 75),
    (2, 1, "Cem", 50),
    (2, 2, "Bo", 66),
    (2, 2, "Eda", 60),
    (2, "Bye", "Dan", None),
]


def descriptor(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / "datapackage.json").read_text("utf-8"))
    return data


def rows(folder: Path, name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO((folder / name).read_text("utf-8"))))


@pytest.fixture
def swiss_archive(tmp_path: Path) -> Path:
    source = write(tmp_path / "swiss.xlsx", SWISS, headers=CARCASSONNE[:4])
    folder = tmp_path / "kept"
    done = run_cli("archive", source, "-o", folder, "--format", "carcassonne-swiss")
    assert done.returncode == 0, done.stdout + done.stderr
    return folder


def test_a_swiss_event_is_archived_by_its_keys_and_verifies(swiss_archive: Path) -> None:
    about = descriptor(swiss_archive)
    assert about["tournament_format"]["name"] == "carcassonne-swiss"
    assert formats.parse(about["tournament_format"], "x") == formats.load("carcassonne-swiss")
    assert about["keys"] == ["wins", "buchholz_cut1", "score_diff"]
    standings = {row["player"]: row for row in rows(swiss_archive, "standings.csv")}
    assert [standings[p]["wins"] for p in ("Ana", "Bo", "Cem", "Dan", "Eda")] == [
        "2",
        "1",
        "1/2",
        "3/2",
        "1",
    ]
    assert standings["Ana"]["buchholz_cut1"] == "1"
    assert standings["Ana"]["score_diff"] == "45"
    assert standings["Cem"]["wins_display"] == "0.50"
    assert standings["Dan"]["r2"] == "1"  # a bye is a win
    fields = [
        field["name"]
        for resource in about["resources"]
        if resource["name"] == "standings"
        for field in resource["schema"]["fields"]
    ]
    assert list(rows(swiss_archive, "standings.csv")[0]) == fields
    games = {(row["round"], row["player"]): row for row in rows(swiss_archive, "games.csv")}
    assert games[("1", "Eda")]["bye"] == "true"
    assert games[("1", "Eda")]["score"] == ""
    assert games[("1", "Cem")]["wins"] == "1/2"
    results = rows(swiss_archive, "results.csv")
    assert "score" in results[0]
    # verify recomputes in the recorded format: the workbook declares none
    done = run_cli("verify", swiss_archive)
    assert done.returncode == 0, done.stdout + done.stderr
    assert verify(swiss_archive).ok
    assert verify(swiss_archive / "swiss.xlsx").ok  # the workbook alone carries its format


def test_an_edited_score_is_named_first_by_verify(swiss_archive: Path) -> None:
    """Ana's round-1 score 80 → 50 (she now loses to Bo): the edited cell comes first, with its
    archived and new values; the standings that no longer agree follow."""
    book = swiss_archive / "swiss.xlsx"
    with zipfile.ZipFile(book) as package:
        sheet = package.read("xl/worksheets/sheet1.xml")
    cell = re.search(rb'<c r="D2"[^>]*><v>80</v></c>', sheet)
    assert cell is not None, sheet[:600]
    edited_sheet_xml(
        book, "xl/worksheets/sheet1.xml", cell.group(0), cell.group(0).replace(b">80<", b">50<")
    )
    done = run_cli("verify", swiss_archive)
    assert done.returncode == 1
    first = done.stdout.splitlines()[0]
    assert first.startswith("swiss.xlsx Results!D2: Score of round 1, table 1, Ana is 50"), first
    assert "archived as 80" in first
    findings = verify(swiss_archive).findings
    assert (findings[0].code, findings[0].where.cell) == ("verify.result_changed", "D2")
    assert any(finding.code == "verify.fingerprint_changed" for finding in findings)


def test_a_declared_hig_event_is_archived_and_verified(tmp_path: Path) -> None:
    event = {"Event": [["Event", "Club cup"], ["Format", "carcassonne-hig"]]}
    source = write(tmp_path / "declared.xlsx", HIG, headers=CARCASSONNE, extra_sheets=event)
    folder = tmp_path / "kept"
    done = run_cli("archive", source, "-o", folder)
    assert done.returncode == 0, done.stdout + done.stderr
    about = descriptor(folder)
    assert about["keys"] == ["points", "relative", "score"]
    standings = {row["player"]: row for row in rows(folder, "standings.csv")}
    assert standings["Ana"]["relative"] == "9/28"
    assert standings["Eda"]["relative"] == "3/8"  # 50 of 100 raised by a virtual 4th: 150/400
    assert standings["Eda"]["relative_display"] == "37.50"
    assert table_below(folder / "declared.xlsx", "Standings", "Rank")[0]["Player"] == "Eda"
    assert run_cli("verify", folder).returncode == 0


def test_verify_in_another_format_than_archived_is_refused(swiss_archive: Path) -> None:
    """``--format`` on verify other than the archive's own is refused naming both (exit 2),
    not reported as edits: a Swiss event read as HiG would differ everywhere."""
    done = run_cli("verify", swiss_archive, "--format", "carcassonne-hig")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "carcassonne-swiss" in done.stderr
    assert "carcassonne-hig" in done.stderr


def test_a_catan_es_archive_is_as_it_always_was(tmp_path: Path) -> None:
    """No format recorded, the same files: catan-es archives verify as before."""
    folder = tmp_path / "kept"
    done = run_cli("archive", Path("fixtures/sample_event.xlsx"), "-o", folder)
    assert done.returncode == 0, done.stdout + done.stderr
    about = descriptor(folder)
    assert "tournament_format" not in about
    assert list(rows(folder, "standings.csv")[0])[:4] == ["rank", "player", "points12", "points"]
    assert run_cli("verify", folder).returncode == 0


def test_a_keyed_data_package_validates_with_frictionless(swiss_archive: Path) -> None:
    import frictionless  # a test dependency only: imported where it is used

    report = frictionless.validate(swiss_archive / "datapackage.json")
    assert report.valid, report.flatten(["resourceName", "rowNumber", "fieldName", "note"])
