"""The bundled sample event against its golden files (compared by values, never bytes)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from tests.builders import sheet_values, table_below

FIXTURES = Path(__file__).parents[1] / "fixtures"


def score(source: Path, tmp_path: Path) -> tuple[Path, subprocess.CompletedProcess[str]]:
    copy = tmp_path / source.name
    shutil.copyfile(source, copy)
    result = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "score", str(copy)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return copy, result


def test_sample_event_standings_match_the_golden_file(tmp_path: Path) -> None:
    golden = json.loads((FIXTURES / "sample_event.expected.json").read_text(encoding="utf-8"))
    path, result = score(FIXTURES / "sample_event.xlsx", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    got = table_below(path, "Standings", "Rank")
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
        for entry in golden["standings"]
    ]
    assert got == expected


def test_sample_event_results_sheet_is_unchanged(tmp_path: Path) -> None:
    before = sheet_values(FIXTURES / "sample_event.xlsx", "Results")
    path, result = score(FIXTURES / "sample_event.xlsx", tmp_path)
    assert result.returncode == 0
    assert sheet_values(path, "Results") == before
    assert sheet_values(path, "Players") == sheet_values(FIXTURES / "sample_event.xlsx", "Players")


def test_sample_mistakes_name_every_mistake_and_publish_nothing(tmp_path: Path) -> None:
    golden = json.loads((FIXTURES / "sample_mistakes.expected.json").read_text(encoding="utf-8"))
    path, result = score(FIXTURES / "sample_mistakes.xlsx", tmp_path)
    assert result.returncode == 1
    reported = {row["Cell"] for row in table_below(path, "Errors", "Sheet")}
    for mistake in golden["errors"]:
        accepted = {mistake["cell"], *mistake["also_acceptable"]}
        assert reported & accepted, mistake
        assert any(cell in result.stdout for cell in accepted), mistake
    standings = sheet_values(path, "Standings")
    assert not any(value == "Rank" for line in standings for value in line)
