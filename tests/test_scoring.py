"""docs/rules.md §3–4: VP, titles, declared victory, places, tie-split round points, standings."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.builders import KEYS, row, with_vp
from xlsx_scorer.core import scoring
from xlsx_scorer.core.collation import collation_key
from xlsx_scorer.core.typed import typed_results


def frame(rows: list[tuple[Any, ...]]) -> pd.DataFrame:
    raw = pd.DataFrame(rows, columns=list(KEYS), index=range(2, 2 + len(rows)), dtype=object)
    typed, errors = typed_results(raw.fillna(""))
    assert errors.empty, errors
    return typed


def game_points(rows: list[tuple[Any, ...]]) -> list[Fraction]:
    games = scoring.score_games(frame(rows))
    return [Fraction(int(p), 12) for p in games["points12"]]


@pytest.mark.parametrize(
    ("vps", "declared", "places", "expected"),
    [
        ((10, 8, 8, 5), None, [1, 2, 2, 4], ["5", "5/2", "5/2", "1"]),
        ((9, 9, 9, 4), None, [1, 1, 1, 4], ["10/3", "10/3", "10/3", "1"]),
        ((7, 7, 7, 7), None, [1, 1, 1, 1], ["11/4"] * 4),
        ((11, 12, 6, 6), 0, [1, 2, 3, 3], ["5", "3", "3/2", "3/2"]),
        ((9, 6, 4), None, [1, 2, 3], ["5", "3", "2"]),
        ((8, 8, 3), None, [1, 1, 3], ["4", "4", "2"]),
        ((5, 5, 5), None, [1, 1, 1], ["10/3"] * 3),
        ((10, 12, 12), 0, [1, 2, 2], ["5", "5/2", "5/2"]),
        ((12, 10, 11, 2), 1, [2, 1, 3, 4], ["3", "5", "2", "1"]),
    ],
    ids=[
        "spec-10-8-8-5",
        "spec-9-9-9-4",
        "spec-7x4",
        "spec-declared",
        "three-plain",
        "three-tie-first",
        "three-all-tied",
        "declared-beats-tie",
        "declared-second-vp",
    ],
)
def test_spec_examples(
    vps: tuple[int, ...], declared: int | None, places: list[int], expected: list[str]
) -> None:
    rows = [
        with_vp(1, 1, f"P{i}", vp, declared="x" if i == declared else None)
        for i, vp in enumerate(vps)
    ]
    games = scoring.score_games(frame(rows))
    assert games["vp"].tolist() == list(vps)
    assert games["place"].tolist() == places
    assert game_points(rows) == [Fraction(value) for value in expected]


def test_declared_mark_on_only_player_with_10_changes_nothing() -> None:
    rows = [
        with_vp(1, 1, "A", 10, declared="x"),
        with_vp(1, 1, "B", 9),
        with_vp(1, 1, "C", 9),
    ]
    assert game_points(rows) == [5, Fraction(5, 2), Fraction(5, 2)]
    assert not scoring.score_games(frame(rows))["declared"].any()


@pytest.mark.parametrize(
    ("knights", "marks", "holders"),
    [
        ((3, 2, 0, 0), (None,) * 4, [True, False, False, False]),
        ((2, 2, 0, 0), (None,) * 4, [False] * 4),
        ((4, 4, 3, 0), (None, "x", None, None), [False, True, False, False]),
        ((5, 4, 3, 0), ("x", None, None, None), [True, False, False, False]),
    ],
    ids=["single-leader", "no-qualifier", "tie-settled-by-mark", "leader-marked"],
)
def test_largest_army_holder(
    knights: tuple[int, ...], marks: tuple[Any, ...], holders: list[bool]
) -> None:
    rows = [
        row(1, 1, f"P{i}", knights=k, army_first=m)
        for i, (k, m) in enumerate(zip(knights, marks, strict=True))
    ]
    games = scoring.score_games(frame(rows))
    assert games["largest_army"].tolist() == holders
    assert games["vp"].tolist() == [2 + 2 * h for h in holders]


def test_longest_road_needs_length_five_and_a_mark_on_ties() -> None:
    rows = [
        row(1, 1, "A", roads=6, longest_road=6, road_first=None),
        row(1, 1, "B", roads=7, longest_road=6, road_first="x"),
        row(1, 1, "C", roads=4, longest_road=4),
    ]
    assert scoring.score_games(frame(rows))["longest_road"].tolist() == [False, True, False]


def test_standings_order_points_vp_share_then_collated_name() -> None:
    rows = [
        # round 1: Zeynep and Çetin tie exactly everywhere; Ana wins.
        with_vp(1, 1, "Zeynep", 6),
        with_vp(1, 1, "Çetin", 6),
        with_vp(1, 1, "Ana", 9),
        with_vp(1, 2, "carlos", 6),
        with_vp(1, 2, "Bea", 6),
        with_vp(1, 2, "Dan", 5),
    ]
    games = scoring.score_games(frame(rows))
    table, per_round = scoring.standings(games, collation_key)
    assert table["player"].tolist() == ["Ana", "Bea", "carlos", "Çetin", "Zeynep", "Dan"]
    assert table["rank"].tolist() == [1, 2, 3, 4, 5, 6]
    assert per_round.columns.tolist() == [1]


def test_vp_share_is_one_ratio_over_all_tables() -> None:
    rows = [
        with_vp(1, 1, "A", 10),
        with_vp(1, 1, "B", 5),
        with_vp(1, 1, "C", 5),
        with_vp(2, 1, "A", 2),
        with_vp(2, 1, "B", 8),
        with_vp(2, 1, "C", 10),
    ]
    table, _ = scoring.standings(scoring.score_games(frame(rows)), collation_key)
    share = dict(zip(table["player"], table["vp_share"], strict=True))
    assert share["A"] == pytest.approx(12 / 40)  # not the mean of 10/20 and 2/20


def test_inputs_are_not_mutated() -> None:
    typed = frame([with_vp(1, 1, "A", 5), with_vp(1, 1, "B", 4), with_vp(1, 1, "C", 3)])
    before = typed.copy()
    scoring.standings(scoring.score_games(typed), collation_key)
    pd.testing.assert_frame_equal(typed, before)


# ---------------------------------------------------------------------------
# Properties

vp_values = st.integers(min_value=2, max_value=12)


@st.composite
def games_rows(draw: st.DrawFn) -> list[tuple[Any, ...]]:
    """Several valid games of 3 or 4 players, sometimes with a declared victory."""
    rows: list[tuple[Any, ...]] = []
    for table in range(1, draw(st.integers(1, 4)) + 1):
        size = draw(st.sampled_from([3, 4]))
        vps = draw(st.lists(vp_values, min_size=size, max_size=size))
        eligible = [i for i, vp in enumerate(vps) if vp >= 10]
        declarer = draw(st.sampled_from(eligible)) if len(eligible) >= 2 else None
        rows.extend(
            with_vp(1, table, f"T{table}P{i}", vp, declared="x" if i == declarer else None)
            for i, vp in enumerate(vps)
        )
    return rows


@settings(max_examples=60, deadline=None)
@given(games_rows())
def test_points_per_game_are_conserved(rows: list[tuple[Any, ...]]) -> None:
    games = scoring.score_games(frame(rows))
    totals = games.groupby("table")["points12"].sum()
    sizes = games.groupby("table").size()
    for table, total in totals.items():
        assert total == 12 * (11 if sizes[table] == 4 else 10)


@settings(max_examples=40, deadline=None)
@given(games_rows(), st.randoms(use_true_random=False))
def test_row_order_does_not_change_the_result(rows: list[tuple[Any, ...]], rng: Any) -> None:
    shuffled = list(rows)
    rng.shuffle(shuffled)
    first, _ = scoring.standings(scoring.score_games(frame(rows)), collation_key)
    second, _ = scoring.standings(scoring.score_games(frame(shuffled)), collation_key)
    pd.testing.assert_frame_equal(first, second)


@settings(max_examples=40, deadline=None)
@given(games_rows())
def test_renaming_players_does_not_change_points(rows: list[tuple[Any, ...]]) -> None:
    renamed = [(*r[:2], f"Renamed {r[2]}", *r[3:]) for r in rows]
    before = scoring.score_games(frame(rows))
    after = scoring.score_games(frame(renamed))
    assert before["points12"].tolist() == after["points12"].tolist()
    assert before["place"].tolist() == after["place"].tolist()
