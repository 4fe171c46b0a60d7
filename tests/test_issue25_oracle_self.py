"""The brute force of tests/seating_oracle.py checked against a plainer one.

The plainer one tries every order of the table sizes and every order of the players, cut
into the round's tables in table number order (so every numbering and every starter is
met), and takes the best score by ``Problem.score``; the oracle's canonical partitions,
best numbering and best starters must find the same lexicographic optimum. Tiny rosters
only (2 × 7! orders).
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.seating_oracle import Problem, Score, optimum


def plain_optimum(problem: Problem) -> Score:
    best = None
    for sizes, order in itertools.product(
        set(itertools.permutations(problem.sizes)), itertools.permutations(problem.players)
    ):
        tables, at = [], 0
        for size in sizes:
            tables.append(order[at : at + size])
            at += size
        byes = order[at:]
        score = problem.score(tables, byes, list(range(1, len(tables) + 1)))
        best = score if best is None else min(best, score)
    assert best is not None
    return best


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    pairs = draw(st.booleans())
    names = [f"P{i}" for i in range(draw(st.integers(4, 5) if pairs else st.integers(6, 7)))]
    history = []
    for _ in range(draw(st.integers(0, 2))):
        order = draw(st.permutations(names))
        size = 2 if pairs else draw(st.sampled_from([3, 4]))
        history.extend(order[i : i + size] for i in range(0, len(order) - size + 1, size))
    clubs = {n: c for n in names if (c := draw(st.sampled_from([None, None, "x", "y"])))}
    fixed = (
        {}
        if pairs
        else {n: k for n in names if (k := draw(st.sampled_from([None, None, None, 1, 2, 3])))}
    )
    byes = draw(st.lists(st.sampled_from(names), max_size=2)) if pairs else []
    return Problem.build(
        names, history, sizes=(2,) if pairs else (3, 4), clubs=clubs, fixed=fixed, byes=byes
    )


@settings(
    max_examples=25,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(problems())
def test_the_brute_force_agrees_with_every_order_of_the_players(problem: Problem) -> None:
    assert optimum(problem) == plain_optimum(problem)
