"""Per-game aggregates on numpy (``core.games``) and places (``core.scoring``) against
plain Python: missing values, rows in no game, ties, 3- and 4-player tables."""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import oracle
from tests.builders import KEYS, with_vp
from xlsx_scorer.core import games, scoring
from xlsx_scorer.core.typed import typed_results

maybe = st.one_of(st.none(), st.integers(0, 6))


@st.composite
def frames(draw: st.DrawFn) -> pd.DataFrame:
    """Rows with a round, table, player and two numbers, any of them missing."""
    rounds = st.one_of(st.none(), st.integers(1, 3))
    names = st.one_of(st.none(), st.integers(0, 4).map(lambda n: f"P{n}"))
    rows = draw(
        st.lists(
            st.tuples(rounds, st.sampled_from([None, "1", "2", "Final"]), names, maybe, maybe),
            max_size=80,
        )
    )
    return pd.DataFrame(
        {
            "round": pd.array([r[0] for r in rows], dtype="Int64"),
            "table": pd.Series([r[1] for r in rows], dtype=object),
            "player": pd.Series([r[2] for r in rows], dtype=object),
            "knights": pd.array([r[3] for r in rows], dtype="Int64"),
            "cities": pd.array([r[4] for r in rows], dtype="Int64"),
        },
        index=range(2, 2 + len(rows)),
    )


def by_key(frame: pd.DataFrame, keys: tuple[str, ...]) -> dict[int, tuple[Any, ...] | None]:
    """Each row's key, or None when one of its values is missing."""
    out: dict[int, tuple[Any, ...] | None] = {}
    for position, values in enumerate(zip(*(frame[key].tolist() for key in keys), strict=True)):
        out[position] = None if any(pd.isna(v) for v in values) else values
    return out


def same(got: np.ndarray[Any, Any], want: list[float]) -> bool:
    return all((math.isnan(a) and math.isnan(b)) or a == b for a, b in zip(got, want, strict=True))


@settings(max_examples=150, deadline=None)
@given(frames())
def test_aggregates_match_plain_python(frame: pd.DataFrame) -> None:
    keys = by_key(frame, ("round", "table"))
    rows: dict[tuple[Any, ...], list[int]] = defaultdict(list)
    for position, key in keys.items():
        if key is not None:
            rows[key].append(position)
    knights = [math.nan if v is pd.NA else float(v) for v in frame["knights"].tolist()]
    cities = [math.nan if v is pd.NA else float(v) for v in frame["cities"].tolist()]

    def per_row(aggregate: Any) -> list[float]:
        return [math.nan if key is None else aggregate(rows[key]) for key in keys.values()]

    def largest(members: list[int]) -> float:
        present = [knights[m] for m in members if not math.isnan(knights[m])]
        return max(present) if present else math.nan

    played = games.of(frame)
    assert played.count == len(rows)
    assert same(played.size(), per_row(len))
    total = per_row(lambda members: sum(knights[m] for m in members if not math.isnan(knights[m])))
    assert same(played.sum(np.array(knights)), total)
    assert same(played.max(np.array(knights)), per_row(largest))
    readable = [not (math.isnan(knights[i]) or math.isnan(cities[i])) for i in keys]
    want = [key is not None and all(readable[i] for i in rows[key]) for key in keys.values()]
    assert games.complete(frame, ("knights", "cities")).tolist() == want


@settings(max_examples=150, deadline=None)
@given(frames(), st.booleans())
def test_player_rows_per_round_match_plain_python(frame: pd.DataFrame, hashed: bool) -> None:
    """Whether the groups are numbered through an array or by hashing."""
    keys = by_key(frame, ("round", "player"))
    counts: dict[tuple[Any, ...], int] = defaultdict(int)
    for key in keys.values():
        if key is not None:
            counts[key] += 1
    want = [math.nan if key is None else float(counts[key]) for key in keys.values()]
    with pytest.MonkeyPatch.context() as patch:
        if hashed:
            patch.setattr(games, "DENSE_SPAN_PER_ROW", 0)
            patch.setattr(games, "DENSE_SPAN_EXTRA", 0)
        grouped = games.grouped(frame, ("round", "player"))
    assert grouped.count == len(counts)
    assert same(grouped.size(), want)


def test_answers_are_remembered_and_read_only() -> None:
    frame = pd.DataFrame({"round": [1, 1], "table": ["1", "1"], "knights": [3, 4]})
    assert games.numbers(frame, "knights") is games.numbers(frame, "knights")
    assert not games.numbers(frame, "knights").flags.writeable
    assert not games.of(frame).codes.flags.writeable
    other = frame.copy()
    assert games.numbers(other, "knights") is not games.numbers(frame, "knights")


@st.composite
def games_with_ties(draw: st.DrawFn) -> list[tuple[Any, ...]]:
    """One 3- or 4-player game with frequent VP ties, sometimes a declared victory."""
    size = draw(st.sampled_from([3, 4]))
    vps = draw(st.lists(st.sampled_from([4, 6, 8, 10, 11]), min_size=size, max_size=size))
    eligible = [i for i, vp in enumerate(vps) if vp >= 10]
    declarer = draw(st.sampled_from(eligible)) if len(eligible) >= 2 else None
    return [
        with_vp(1, 1, f"P{i}", vp, declared="x" if i == declarer else None)
        for i, vp in enumerate(vps)
    ]


@settings(max_examples=100, deadline=None)
@given(games_with_ties())
def test_places_and_points_match_the_oracle(rows: list[tuple[Any, ...]]) -> None:
    raw = pd.DataFrame(rows, columns=list(KEYS), index=range(2, 2 + len(rows)), dtype=object)
    typed, errors = typed_results(raw.fillna(""))
    assert errors.empty
    scored = scoring.score_games(typed)
    vps = [r[KEYS.index("settlements")] + 2 * r[KEYS.index("cities")] for r in rows]
    declarer = next((i for i, r in enumerate(rows) if r[KEYS.index("declared")] == "x"), None)
    expected = oracle.places_and_points(vps, declarer)
    assert scored["vp"].tolist() == vps
    assert scored["place"].tolist() == [place for place, _ in expected]
    assert [Fraction(int(p), 12) for p in scored["points12"]] == [pts for _, pts in expected]
