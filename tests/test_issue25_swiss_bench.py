"""Issue 25: ``benchmarks/bench_seating.py`` runs at a tiny size and prints each part: per
round the repeats beside the proven bound and proof (from the ``seat_summary`` finding),
the fairness spreads, the swiss curve for 3–4 and 2-player tables, and the seating time of
``random`` and ``swiss`` beside ``check``'s (figures are not checked: speed is never
asserted in tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[1] / "benchmarks" / "bench_seating.py"


def test_the_seating_benchmark_runs_at_a_tiny_size() -> None:
    arguments = ["--sizes", "9x2", "--curve", "8x2", "--speed", "8x1", "--repeat", "1"]
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *arguments, "--seeds", "1"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "  9×2: R1 0/" in out
    assert ", 3-player " in out
    assert ", byes " in out
    assert ", starts " in out
    assert "swiss 8×2, 3–4 tables" in out
    assert "swiss 8×2, 2-player (carcassonne-swiss)" in out
    assert "(default)" in out
    assert "speed, 8 players, round 2: check" in out
    assert "seat --method random" in out
    assert "seat --method swiss" in out
    assert "× check" in out
