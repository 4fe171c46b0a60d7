"""The benchmark scripts still run: each answers ``--help``, and the quick ones run at a
small size (their figures are not checked here: speed is never asserted in tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"


def _run(script: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *arguments],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("script", sorted(path.name for path in BENCHMARKS.glob("bench_*.py")))
def test_every_benchmark_answers_help(script: str) -> None:
    done = _run(script, "--help")
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout


def test_the_largest_sheet_curve_runs_at_a_small_size(tmp_path: Path) -> None:
    figures = tmp_path / "large.json"
    done = _run(
        "bench_large.py", "--sizes", "2000", "--workdir", str(tmp_path), "--json", str(figures)
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(figures.read_text())["2000"]
    assert found["seconds"] > 0
    assert found["floor_s"] > 0
    assert found["peak_mib"] > 0
