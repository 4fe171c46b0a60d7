"""``diff`` and ``merge`` on Carcassonne workbooks: they compare the format's result columns.

A workbook that declares no format is read in the one ``--format`` names, as ``score``
reads it (docs/rules.md, "Formats").
"""

from __future__ import annotations

from pathlib import Path

from tests.builders import run_cli, table_below, write
from tests.test_formats_workbooks import CARCASSONNE, HIG
from xlsx_scorer.app.diff import order_columns

SWISS = [
    (1, 1, "Ana", 80),
    (1, 1, "Bo", 60),
    (1, 2, "Cem", 70),
    (1, 2, "Dan", 70),
]


def test_carcassonne_columns_are_in_the_formats_order() -> None:
    columns = ["player", "other_points", "score", "road_points", "round", "table"]
    assert order_columns(columns) == [
        "round",
        "table",
        "player",
        "score",
        "road_points",
        "other_points",
    ]


def test_diff_names_a_changed_score_in_the_format_given(tmp_path: Path) -> None:
    first = write(tmp_path / "a.xlsx", SWISS, headers=CARCASSONNE[:4])
    changed = [*SWISS[:1], (1, 1, "Bo", 65), *SWISS[2:]]
    second = write(tmp_path / "b.xlsx", changed, headers=CARCASSONNE[:4])
    done = run_cli("diff", first, second, "--format", "carcassonne-swiss")
    assert done.returncode == 1, done.stdout + done.stderr
    line = next(line for line in done.stdout.splitlines() if "Results!D3" in line)
    assert "Score" in line, done.stdout
    assert "60" in line, line
    assert "65" in line, line
    same = run_cli("diff", first, first, "--format", "carcassonne-swiss")
    assert same.returncode == 0, same.stdout + same.stderr


def test_diff_of_declared_carcassonne_workbooks_compares_the_breakdown(tmp_path: Path) -> None:
    event = {"Event": [["Event", "Club cup"], ["Format", "carcassonne-hig"]]}
    first = write(tmp_path / "a.xlsx", HIG, headers=CARCASSONNE, extra_sheets=event)
    edited = [(*HIG[0][:4], 25, 35, 10, 20, 0), *HIG[1:]]
    second = write(tmp_path / "b.xlsx", edited, headers=CARCASSONNE, extra_sheets=event)
    done = run_cli("diff", first, second)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Results!E2" in done.stdout, done.stdout
    assert "Results!F2" in done.stdout, done.stdout


def test_merge_takes_a_copys_scores_in_the_format_given(tmp_path: Path) -> None:
    base = write(tmp_path / "base.xlsx", [*SWISS[:2]], headers=CARCASSONNE[:4])
    copy = write(tmp_path / "copy.xlsx", SWISS, headers=CARCASSONNE[:4])
    merged = tmp_path / "merged.xlsx"
    done = run_cli("merge", base, copy, "-o", merged, "--format", "carcassonne-swiss")
    assert done.returncode == 0, done.stdout + done.stderr
    scored = run_cli("score", merged, "--format", "carcassonne-swiss")
    assert scored.returncode == 0, scored.stdout + scored.stderr
    wins = {row["Player"]: row["Wins"] for row in table_below(merged, "Standings", "Rank")}
    assert wins == {"Ana": 1, "Bo": 0, "Cem": 0.5, "Dan": 0.5}
