"""What a run holds while it writes: Excel's largest sheet scores in under 1.5 GB.

Through the API on bytes, as the CLI and the page run it; each test pins one thing the
writing used to hold that it does not need (benchmarks/README.md, "Excel's largest sheet").
"""

from __future__ import annotations

from pathlib import Path

from xlsx_scorer.app import api
from xlsx_scorer.core import games, memo

SAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "sample_event.xlsx"


def test_a_scored_run_forgets_what_the_rules_worked_out_before_writing() -> None:
    """The rules' and the scoring's remembered answers (a few hundred MB over a million rows)
    are dropped once the sheets are made; the result still counts the games and players."""
    ran = api.run(SAMPLE.read_bytes(), scoring=True)
    assert ran.validated is not None
    assert ran.result.workbook is not None
    frame = ran.validated.frame
    again = memo.remembered(frame, ("factorized", "player"), lambda: "worked out again")
    assert again == "worked out again"
    checked = api.run(SAMPLE.read_bytes(), scoring=False)
    assert (ran.result.games, ran.result.players) == (checked.result.games, checked.result.players)
    assert ran.result.games == games.of(frame).count > 0
