"""Issue 27: an archived event's data package carries its Final Ranking (SPEC §10), and
``verify`` checks it.  Through the command line (``archive``, ``verify``)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.issue27_rank_events import append_rows, catan_event, catan_game, preliminary, score
from xlsx_scorer.cli import main


@pytest.fixture
def archived(tmp_path: Path) -> tuple[Path, list[str]]:
    """A catan-world event of 20 whose final was played, archived: the folder, the
    preliminary order."""
    path = catan_event(tmp_path / "cup.xlsx", 20)
    assert score(path, "catan-world") == 0
    pre = preliminary(path)
    append_rows(path, catan_game(2, 1, pre[:4], [5, 9, 7, 3]))
    folder = tmp_path / "archive"
    assert main(["archive", str(path), "-o", str(folder)]) == 0
    return folder, pre


def test_the_data_package_holds_the_final_ranking_and_verify_agrees(
    archived: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, pre = archived
    lines = list(csv.DictReader(io.StringIO((folder / "final_ranking.csv").read_text())))
    assert [(line["rank"], line["player"], line["stage"]) for line in lines[:5]] == [
        ("1", pre[1], "final"),
        ("2", pre[2], "final"),
        ("3", pre[0], "final"),
        ("4", pre[3], "final"),
        ("5", pre[4], "preliminary"),
    ]
    standings = list(csv.DictReader(io.StringIO((folder / "standings.csv").read_text())))
    assert [line["player"] for line in standings] == pre  # preliminary rounds only
    package = json.loads((folder / "datapackage.json").read_text())
    resource = next(r for r in package["resources"] if r["path"] == "final_ranking.csv")
    assert [field["name"] for field in resource["schema"]["fields"]] == [
        "rank",
        "player",
        "stage",
        "place",
        "why",
    ]
    capsys.readouterr()
    assert main(["verify", str(folder)]) == 0, capsys.readouterr().out


def test_verify_finds_an_edited_or_missing_final_ranking(
    archived: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, pre = archived
    ranking = folder / "final_ranking.csv"
    text = ranking.read_text()
    ranking.write_text(text.replace(f"1,{pre[1]},", f"1,{pre[0]},", 1))
    capsys.readouterr()
    assert main(["verify", str(folder)]) == 1
    assert "final_ranking.csv" in capsys.readouterr().out
    ranking.unlink()
    package = json.loads((folder / "datapackage.json").read_text())
    package["resources"] = [r for r in package["resources"] if r["path"] != "final_ranking.csv"]
    (folder / "datapackage.json").write_text(json.dumps(package))
    assert main(["verify", str(folder)]) == 1
    assert "final_ranking.csv" in capsys.readouterr().out
