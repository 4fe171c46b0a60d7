"""Issue 27: the Final Ranking is one of our sheets (SPEC §8, §10): LibreOffice opens a
workbook with it and shows our ranking; after a LibreOffice save the next ``score``
replaces it (still one); edited by hand, it is regenerated and the run says so."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from tests.issue27_rank_events import (
    append_rows,
    catan_event,
    catan_game,
    preliminary,
    score,
    sheets,
    table,
)
from tests.test_libreoffice import XLSX_FILTER, convert

pytestmark = [
    pytest.mark.libreoffice,
    pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed"),
]


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A fresh LibreOffice user profile for this module (never the user's own)."""
    return tmp_path_factory.mktemp("lo-profile").as_uri()


def test_libreoffice_shows_the_final_ranking_and_a_save_keeps_one(
    tmp_path: Path, profile: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = catan_event(tmp_path / "cup.xlsx", 20)
    assert score(path, "catan-world") == 0
    pre = preliminary(path)
    append_rows(path, catan_game(2, 1, pre[:4], [5, 9, 7, 3]))
    assert score(path, "catan-world") == 0
    ours = [(line["Rank"], line["Player"]) for line in table(path, "Final Ranking")]
    assert ours[:4] == [(1, pre[1]), (2, pre[2]), (3, pre[0]), (4, pre[3])]

    shown = convert([path], tmp_path / "csv", profile)
    rows = shown.sheet(path, "Final Ranking")
    start = next(i for i, row in enumerate(rows) if row and row[0] == "Rank")
    assert rows[start][:5] == ["Rank", "Player", "Stage", "Place", "Why"]
    assert [(int(row[0]), row[1]) for row in rows[start + 1 : start + 21]] == ours

    saved = convert([path], tmp_path / "saved", profile, XLSX_FILTER)
    again = tmp_path / "saved" / "cup.xlsx"
    assert again.is_file(), saved.log
    assert score(again, "catan-world") == 0
    names = sheets(again)
    assert names.count("Final Ranking") == 1, names
    assert not [name for name in names if name.startswith("Final Ranking (")], names

    book = openpyxl.load_workbook(again)
    final = book["Final Ranking"]
    for line in final.iter_rows():
        if line[1].value == pre[1]:
            line[1].value = "Someone else"  # a ranking edited by hand
    book.save(again)
    capsys.readouterr()
    assert score(again, "catan-world") == 0
    said = capsys.readouterr().out
    assert "The Final Ranking sheet had been edited by hand" in said, said
    regenerated = [(line["Rank"], line["Player"]) for line in table(again, "Final Ranking")]
    assert regenerated == ours
