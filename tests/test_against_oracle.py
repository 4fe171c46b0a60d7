"""Random events, written as organisers write them, scored by the real command and
compared cell by cell with the independent oracle (``tests/oracle.py``)."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import eventgen, oracle
from tests.builders import table_below
from xlsx_scorer.cli import main

SEEDS = range(20)


def layout_options(rng: random.Random) -> dict[str, Any]:
    return {
        "title_row": rng.random() < 0.6,
        "shuffle_columns": rng.random() < 0.5,
        "extra_columns": rng.random() < 0.5,
        "mark_style": rng.choice(sorted(eventgen.MARK_STYLES)),
        "numbers_as": rng.choice(sorted(eventgen.NUMBER_STYLES)),
        "blank_rows": rng.random() < 0.5,
        "odd_spacing": rng.random() < 0.5,
    }


@pytest.mark.parametrize("seed", SEEDS)
def test_random_event_matches_the_oracle(
    tmp_path: Path, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(seed)
    rows = eventgen.random_event(rng, rng.randint(9, 40), rng.randint(1, 5))
    players = sorted({r["player"] for r in rows})
    options = layout_options(rng)
    roster = players if rng.random() < 0.4 else None
    path = tmp_path / "event.xlsx"
    eventgen.write_workbook(path, rows, roster=roster, rng=rng, **options)
    assert oracle.validate(rows, roster) == []

    exit_code = main(["score", str(path)])
    assert exit_code == 0, (options, capsys.readouterr())

    _, expected = oracle.score(rows)
    got = table_below(path, "Standings", "Rank")
    assert len(got) == len(expected)
    for want, have in zip(expected, got, strict=True):
        assert have["Rank"] == want["rank"]
        assert have["Player"] == want["player"]
        assert have["VP"] == want["vp"]
        assert have["Round Points"] == float(want["round_points"])
        assert have["VP %"] == float(want["vp_pct"])
        for number, points in want["per_round"].items():
            assert have[f"R{number}"] == float(points)

    games, _ = oracle.score(rows)
    per_game = {(g["round"], str(g["table"]), g["player"]): g for g in games}
    for line in table_below(path, "Round Points", "Round"):
        want = per_game[(line["Round"], str(line["Table"]), line["Player"])]
        assert line["VP"] == want["vp"]
        assert line["Place"] == want["place"]
        assert Fraction(line["Round Points"]).limit_denominator(12) == want["points"]


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10_000))
def test_shuffling_rows_and_columns_never_changes_the_standings(
    tmp_path: Path, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(seed)
    rows = eventgen.random_event(rng, rng.randint(9, 20), 2)
    shuffled = list(rows)
    rng.shuffle(shuffled)
    tables = []
    for name, event_rows, shuffle in (("plain", rows, False), ("shuffled", shuffled, True)):
        path = tmp_path / f"{seed}-{name}.xlsx"
        eventgen.write_workbook(path, event_rows, shuffle_columns=shuffle, rng=rng)
        assert main(["score", str(path)]) == 0, capsys.readouterr()
        tables.append(table_below(path, "Standings", "Rank"))
    assert tables[0] == tables[1]
