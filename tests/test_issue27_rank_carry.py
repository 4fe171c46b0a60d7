"""Issue 27: the page, ``merge`` and ``diff`` carry the stages and the Final Ranking.

The page (``/api/check``, the server in this process) answers with the Final Ranking; judges'
copies merged keep the stage rows and the merged workbook holds its Final Ranking; ``diff``
names the stage of a changed stage game.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.issue27_rank_events import (
    append_rows,
    catan_event,
    catan_game,
    fill,
    preliminary,
    score,
    sheets,
    table,
)
from xlsx_scorer.cli import main
from xlsx_scorer.web.server import XLSX, create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(warm_up=False), base_url="http://127.0.0.1") as test_client:
        yield test_client


def final_seated(path: Path) -> list[str]:
    """A catan-world event of 20 scored, its final seated (to play): the preliminary order."""
    assert score(path, "catan-world") == 0
    pre = preliminary(path)
    append_rows(path, catan_game(2, 1, pre[:4], [None] * 4))
    assert score(path, "catan-world") == 0
    return pre


def test_the_page_shows_the_final_ranking(client: TestClient, tmp_path: Path) -> None:
    path = catan_event(tmp_path / "page.xlsx", 20)
    pre = final_seated(path)
    fill(path, 2, dict(zip(pre[:4], [6, 9, 5, 3], strict=True)))
    answer = client.post(
        "/api/check", files={"file": ("page.xlsx", path.read_bytes(), XLSX)}, data={"lang": "es"}
    )
    assert answer.status_code == 200, answer.text
    final = answer.json()["final_ranking"]
    assert final["title"] == "Clasificación final"
    assert final["headers"] == ["Puesto", "Jugador", "Fase", "Puesto en la fase", "Motivo"]
    assert [row["player"] for row in final["rows"][:2]] == [pre[1], pre[0]]
    assert final["rows"][0] == {
        "rank": 1,
        "player": pre[1],
        "stage": "Final",
        "place": 1,
        "why": "Final: puesto 1 en la mesa 1.",
    }
    assert answer.json()["standings"]["rows"][0]["player"] == pre[0]  # preliminary


def test_merged_copies_keep_the_stage_rows_and_rank_them(tmp_path: Path) -> None:
    base = catan_event(tmp_path / "base.xlsx", 20)
    pre = final_seated(base)
    copy = tmp_path / "judge.xlsx"
    shutil.copy(base, copy)
    fill(copy, 2, dict(zip(pre[:4], [5, 9, 7, 3], strict=True)))  # typed by one judge
    merged = tmp_path / "merged.xlsx"
    assert main(["merge", str(base), str(copy), "-o", str(merged)]) == 0
    assert "Final Ranking" in sheets(merged)
    ranked = [(line["Rank"], line["Player"]) for line in table(merged, "Final Ranking")[:4]]
    assert ranked == [(1, pre[1]), (2, pre[2]), (3, pre[0]), (4, pre[3])]


def test_diff_names_the_stage_of_a_changed_stage_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = catan_event(tmp_path / "before.xlsx", 20)
    pre = final_seated(before)
    after = tmp_path / "after.xlsx"
    shutil.copy(before, after)
    fill(after, 2, {pre[0]: 7})  # the final's first seat typed in
    capsys.readouterr()
    assert main(["diff", str(before), str(after), "--lang", "es"]) == 1
    out = capsys.readouterr().out
    assert f"ronda 2, mesa 1, {pre[0]} (Final), " in out, out
    assert "ronda 1," not in out
