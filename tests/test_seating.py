"""Seating round after round (core): table sizes, no repeats, fairness, starts, constraints."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlsx_scorer.core.seating import (
    CannotSeatError,
    Entrant,
    Method,
    PastTable,
    Seating,
    seat,
    table_plan,
)
from xlsx_scorer.core.seating.rounds import lower_bound


def play(
    entrants: list[Entrant],
    rounds: int,
    *,
    method: Method = "random",
    sizes: tuple[int, ...] = (3, 4),
    seed: int = 7,
    upto: int | None = None,
    bye_points: int = 2,
) -> tuple[list[PastTable], list[Seating]]:
    """Seat every round in turn (with random results for swiss, a bye worth ``bye_points``),
    as an organiser would."""
    history: list[PastTable] = []
    seatings = []
    points: Counter[str] = Counter()
    luck = random.Random(seed)
    for r in range(1, (upto or rounds) + 1):
        standings = sorted((e.name for e in entrants), key=lambda n: (-points[n], n))
        s = seat(
            entrants,
            history,
            standings=standings,
            table_sizes=sizes,
            round=r,
            rounds=rounds,
            method=method,
            seed=seed,
        )
        seatings.append(s)
        for table in s.tables:
            history.append(PastTable(r, table.players))
            for place, name in enumerate(luck.sample(table.players, len(table.players))):
                points[name] += len(table.players) - place
        for name in s.byes:
            history.append(PastTable(r, (name,), bye=True))
            points[name] += bye_points
    return history, seatings


def repeats(history: list[PastTable]) -> int:
    met = Counter(
        pair for g in history if not g.bye for pair in itertools.combinations(sorted(g.players), 2)
    )
    return sum(times - 1 for times in met.values())


def players(count: int) -> list[Entrant]:
    return [Entrant(f"P{i:03d}") for i in range(count)]


@pytest.mark.parametrize("count", [n for n in range(3, 61) if n != 5])
def test_table_sizes_as_many_of_the_largest_as_possible(count: int) -> None:
    sizes = table_plan(count, (3, 4))
    assert sizes is not None
    assert sum(sizes) == count
    assert set(sizes) <= {3, 4}
    assert sizes.count(4) == max(k for k in range(count // 4 + 1) if (count - 4 * k) % 3 == 0)


@given(st.integers(6, 500), st.sampled_from([(3, 4), (4, 3), (3, 4, 4)]))
def test_table_sizes_any_count_from_six_on(count: int, sizes: tuple[int, ...]) -> None:
    plan = table_plan(count, sizes)
    assert plan is not None
    assert sum(plan) == count
    assert list(plan) == sorted(plan, reverse=True)
    assert plan.count(3) <= 3  # four 3-player tables would be three of 4


@given(st.integers(2, 501))
def test_two_player_sizes_any_count(count: int) -> None:
    plan = table_plan(count, (2,))
    assert plan is not None
    assert plan.count(1) == count % 2
    assert sum(plan) == count


def test_table_sizes_that_cannot_be_seated() -> None:
    assert [table_plan(n, (3, 4)) for n in (1, 2, 5)] == [None, None, None]
    assert table_plan(6, (3, 4)) == (3, 3)
    assert table_plan(7, (3, 4)) == (4, 3)
    assert table_plan(11, (3, 4)) == (4, 4, 3)
    with pytest.raises(CannotSeatError) as caught:
        seat(players(5), (), round=1, rounds=3)
    assert caught.value.finding.code == "unusable.seat_count"


@pytest.mark.parametrize("count", range(2, 62))
def test_two_player_tables_pair_with_a_bye_for_odd_counts(count: int) -> None:
    s = seat(players(count), (), table_sizes=(2,), round=1, rounds=5, method="swiss")
    assert all(len(t.players) == 2 for t in s.tables)
    assert len(s.byes) == count % 2
    seated = [n for t in s.tables for n in t.players] + list(s.byes)
    assert sorted(seated) == [e.name for e in players(count)]


@pytest.mark.parametrize(("count", "rounds"), [(16, 5), (20, 5), (32, 6), (40, 6)])
def test_no_repeated_opponents_where_a_schedule_without_exists(count: int, rounds: int) -> None:
    history, _ = play(players(count), rounds)
    assert repeats(history) == 0


def test_as_few_repeats_as_the_bound_allows_when_some_are_unavoidable() -> None:
    history, _ = play(players(9), 5)
    assert lower_bound(9, [(3, 3, 3)] * 5) == 9
    assert repeats(history) <= 9 + 3


@pytest.mark.parametrize(
    ("count", "rounds", "seed", "small_fair"),
    [
        (6, 4, 1, True),
        (7, 6, 2, True),
        (10, 3, 3, True),
        (11, 6, 4, True),
        (13, 4, 13, False),
        (13, 6, 2, False),
        (14, 5, 5, False),
    ],
)
def test_small_tables_and_starts_stay_fair(
    count: int, rounds: int, seed: int, small_fair: bool
) -> None:
    """Starts within one after every round; 3-player tables too until a round that had to
    repeat a pair.  SPEC §7 puts fewest repeats before 3-player fairness (issue 25): with 13
    players round 1's 4-player table cannot all take round 2's 3-player tables without two of
    them meeting again, so there (``small_fair`` False) only the starts are held to one."""
    history, seatings = play(players(count), rounds, seed=seed)
    starts: Counter[str] = Counter({e.name: 0 for e in players(count)})
    small: Counter[str] = Counter({e.name: 0 for e in players(count)})
    for r in range(1, rounds + 1):
        if any(f.code == "seat_repeat" for f in seatings[r - 1].findings):
            small_fair = False
        for g in (g for g in history if g.round == r):
            starts[g.players[0]] += 1
            if len(g.players) == 3:
                for name in g.players:
                    small[name] += 1
        assert max(starts.values()) - min(starts.values()) <= 1, f"starts after round {r}"
        if small_fair:
            assert max(small.values()) - min(small.values()) <= 1, f"3-player after round {r}"


@pytest.mark.parametrize("count", [7, 9, 13])
def test_byes_rotate_in_two_player_formats(count: int) -> None:
    history, _ = play(players(count), count, sizes=(2,), method="swiss")
    byes = Counter(g.players[0] for g in history if g.bye)
    assert sorted(byes.values()) == [1] * count


def test_two_player_swiss_pairs_by_standings_without_rematches() -> None:
    history, seatings = play(players(16), 5, sizes=(2,), method="swiss")
    assert repeats(history) == 0
    first = seatings[0]  # round 1 is a seeded draw (tests/test_issue25_swiss.py), not 1–2, 3–4
    assert [sorted(t.players) for t in first.tables[:2]] != [["P000", "P001"], ["P002", "P003"]]


def test_swiss_keeps_tables_close_with_few_repeats() -> None:
    history, seatings = play(players(40), 6, method="swiss")
    spreads = [f.params["spread"] for s in seatings for f in s.findings if f.code == "seat_spread"]
    assert repeats(history) <= 15
    assert sum(spreads) / len(spreads) <= 6  # type: ignore[arg-type]


def test_same_inputs_and_seed_give_the_same_seating() -> None:
    one, _ = play(players(23), 4, seed=3)
    two, _ = play(players(23), 4, seed=3)
    other, _ = play(players(23), 4, seed=4)
    assert one == two
    assert one != other


def test_a_planned_round_stays_as_planned_while_the_roster_stays() -> None:
    roster = players(16)
    history, _ = play(roster, 5, upto=2)
    full, _ = play(roster, 5)
    assert history == [g for g in full if g.round <= 2]


def test_drops_and_late_entries_replan_without_repeats() -> None:
    roster = players(20)
    history: list[PastTable] = []
    for r in range(1, 6):
        now = [Entrant(e.name, dropped_after=2 if e.name == "P000" else None) for e in roster]
        if r >= 3:
            now.append(Entrant("Late"))
        s = seat(now, history, round=r, rounds=5, seed=1)
        names = [n for t in s.tables for n in t.players]
        assert ("P000" in names) == (r <= 2)
        assert ("Late" in names) == (r >= 3)
        history.extend(PastTable(r, t.players) for t in s.tables)
    # The re-plan keeps earlier rounds; each round then takes its own proven fewest repeats
    # (issue 25), which may leave a later round fewer ways: measured 3.
    assert repeats(history) <= 3


def test_fixed_tables_and_clubs_are_kept() -> None:
    roster = [
        Entrant(
            e.name,
            fixed_table=1 if e.name == "P003" else None,
            club="Kids" if e.name < "P004" else None,
        )
        for e in players(18)
    ]
    _history, seatings = play(roster, 5)
    for s in seatings:
        table_one = next(t for t in s.tables if t.number == 1)
        assert "P003" in table_one.players
        for t in s.tables:
            assert sum(1 for n in t.players if n < "P004") <= 1
        assert not [f for f in s.findings if f.code == "seat_club"]


def test_impossible_constraints_are_named_and_the_others_kept() -> None:
    roster = [
        Entrant(e.name, fixed_table=2 if e.name in {"P000", "P001"} else None) for e in players(8)
    ]
    s = seat(roster, (), table_sizes=(2,), round=1, rounds=3, method="swiss")
    named = [f for f in s.findings if f.code == "seat_fixed_shared"]
    assert [f.where.player for f in named] == ["P001"]
    assert "P000" in next(t for t in s.tables if t.number == 2).players
    club = [Entrant(e.name, club="Family" if e.name < "P005" else None) for e in players(8)]
    s = seat(club, (), round=1, rounds=3)  # 5 of one family, 2 tables: two of them must meet
    met = [f for f in s.findings if f.code == "seat_club"]
    assert met
    assert all("P00" in str(f.params["players"]) for f in met)
    missing = seat([Entrant("A", fixed_table=9), *players(7)], (), round=1, rounds=2)
    assert [f.code for f in missing.findings if f.where.player == "A"] == ["seat_fixed_missing"]
