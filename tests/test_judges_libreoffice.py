"""LibreOffice opens what ``merge`` and ``archive`` write, and keeps the archive's fingerprint.

Each workbook is converted by ``soffice`` (every sheet to CSV, or to xlsx
again) and the exported files are checked, never ``soffice``'s exit code (see
``test_libreoffice``).
"""

from __future__ import annotations

import csv
import io
import random
import shutil
from pathlib import Path

import pytest

from tests import eventgen
from tests.test_libreoffice import XLSX_FILTER, convert
from xlsx_scorer.cli import main

pytestmark = [
    pytest.mark.libreoffice,
    pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed"),
]

EVENT = eventgen.random_event(random.Random(5), 11, 2)
ROSTER = sorted({row["player"] for row in EVENT})


@pytest.fixture(scope="module")
def lo_profile(tmp_path_factory: pytest.TempPathFactory) -> str:
    return tmp_path_factory.mktemp("lo-judges-profile").as_uri()


def test_libreoffice_opens_merged_and_archived_workbooks(tmp_path: Path, lo_profile: str) -> None:
    base, a, b, merged = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b", "merged"))
    round_1 = [row for row in EVENT if row["round"] == 1]
    tables = sorted({row["table"] for row in EVENT if row["round"] == 2})
    eventgen.write_workbook(base, round_1, roster=ROSTER, title_row=True)
    eventgen.write_workbook(
        a, [r for r in EVENT if r["round"] == 1 or r["table"] == tables[0]], roster=ROSTER
    )
    eventgen.write_workbook(
        b, [r for r in EVENT if r["round"] == 1 or r["table"] != tables[0]], roster=ROSTER
    )
    assert main(["merge", str(base), str(a), str(b), "-o", str(merged)]) == 0
    assert main(["archive", str(merged), "-o", str(tmp_path / "archive")]) == 0
    archived = tmp_path / "archive" / "merged.xlsx"
    export = convert([merged, archived], tmp_path / "csv", lo_profile)

    results = export.sheet(merged, "Results")
    header = next(i for i, row in enumerate(results) if "Player" in row)
    column = results[header].index("Player")
    players = [row[column] for row in results[header + 1 :] if len(row) > column and row[column]]
    assert sorted(players) == sorted(row["player"] for row in EVENT)

    shown = export.sheet(archived, "Standings")
    start = next(i for i, row in enumerate(shown) if row[:2] == ["Rank", "Player"])
    table = (tmp_path / "archive" / "standings.csv").read_bytes().decode("utf-8")
    expected = [(r["rank"], r["player"]) for r in csv.DictReader(io.StringIO(table))]
    assert [(row[0], row[1]) for row in shown[start + 1 :] if row[:1] != [""]] == expected


def test_an_archived_workbook_saved_again_by_libreoffice_still_verifies(
    tmp_path: Path, lo_profile: str
) -> None:
    event = tmp_path / "event.xlsx"
    eventgen.write_workbook(event, EVENT, roster=ROSTER)
    assert main(["archive", str(event), "-o", str(tmp_path / "archive")]) == 0
    export = convert(
        [tmp_path / "archive" / "event.xlsx"], tmp_path / "saved", lo_profile, XLSX_FILTER
    )
    saved = tmp_path / "saved" / "event.xlsx"
    assert saved.is_file(), export.log
    assert main(["verify", str(saved)]) == 0
