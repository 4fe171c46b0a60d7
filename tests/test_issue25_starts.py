"""Issue 25: starts stay within one after every round (2-player ``random`` gave 1–3 late in a
round robin).

(a) An independent brute force (no import of the engine's search) proves that for 5, 6 and 7
players a whole round robin exists with no rematch, one bye each (odd counts) and starts
within one after every round; the engine, driven through the command line (``template``,
``seat --method random``, results typed with openpyxl, ``seat`` again), achieves it round
after round for several seeds.  (b) A derandomized property over random rosters and drops:
2-player ``random`` keeps starts within one after every round, and every round's repeats
are the minimum its report claims (``seat_summary``: repeats == bound, proof ``exact``).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from tests.stageplay import Event, cli
from xlsx_scorer.core.seating import Entrant, Method, PastTable, seat, table_plan

Game = tuple[str, str]  # (starter, other)


def _rounds(players: list[str]) -> Iterator[list[list[Game]]]:
    """Every schedule (depth first) of a whole round robin of ``players``: each round a
    pairing of the unmet pairs (a bye for an odd count, nobody twice), a starter per game,
    starts within one after every round.  Round 1 is the roster paired in order (any
    pairing is one up to renaming)."""
    n = len(players)
    count = n if n % 2 else n - 1
    first = [(players[i], players[i + 1]) for i in range(0, n - 1, 2)]

    def pairings(left: list[str], met: set[frozenset[str]]) -> Iterator[list[tuple[str, str]]]:
        if len(left) < 2:
            yield []
            return
        if len(left) % 2:  # someone rests: each in turn
            for rest in left:
                if rest not in byes:
                    yield from pairings([p for p in left if p != rest], met)
            return
        a = left[0]
        for b in left[1:]:
            if frozenset((a, b)) not in met:
                for more in pairings([p for p in left if p not in (a, b)], met):
                    yield [(a, b), *more]

    byes: set[str] = set()

    def extend(
        done: list[list[Game]], starts: Counter[str], met: set[frozenset[str]]
    ) -> Iterator[list[list[Game]]]:
        if len(done) == count:
            yield done
            return
        options = [first] if not done else pairings(players, met)
        for pairing in options:
            rested = set(players) - {p for game in pairing for p in game}
            if rested & byes:
                continue
            for flips in itertools.product((False, True), repeat=len(pairing)):
                games = [
                    (b, a) if flip else (a, b) for (a, b), flip in zip(pairing, flips, strict=True)
                ]
                after = starts + Counter(s for s, _ in games)
                counts = [after[p] for p in players]
                if max(counts) - min(counts) > 1:
                    continue
                byes.update(rested)
                yield from extend([*done, games], after, met | {frozenset(g) for g in games})
                byes.difference_update(rested)

    yield from extend([], Counter(), set())


@pytest.mark.parametrize("count", [5, 6, 7])
def test_a_round_robin_with_starts_within_one_exists(count: int) -> None:
    players = [chr(ord("A") + i) for i in range(count)]
    found = next(_rounds(players), None)
    assert found is not None
    assert len({frozenset(g) for games in found for g in games}) == count * (count - 1) // 2


def _played(path: Path, count: int, seed: int) -> list[list[list[str]]]:
    """A whole round robin of ``count`` players seated by ``seat --method random`` through
    the CLI, scores typed between rounds; each round's tables in seat order."""
    rounds = count if count % 2 else count - 1
    event = Event(
        path, "carcassonne-swiss", [f"Player {i:02d}" for i in range(1, count + 1)], rounds
    )
    event.start()
    rng = random.Random(seed)
    played: list[list[list[str]]] = []
    for round_no in range(1, rounds + 1):
        code, said = cli(
            "seat", path, "--round", round_no, "--seed", seed, "--method", "random", "--json"
        )
        assert code == 0, said[-2000:]
        report = json.loads(said[said.index("{") :])
        tables = event.tables(round_no)
        starts = Counter(t[0] for past in [*played, tables] for t in past)
        low, high = min(starts[p] for p in event.players), max(starts.values())
        said_starts = next(f["params"] for f in report["findings"] if f["code"] == "seat_starts")
        assert (said_starts["low"], said_starts["high"]) == (low, high)
        played.append(tables)
        event.type_round(round_no, [[(rng.randint(40, 120), False) for _ in t] for t in tables])
    return played


def _catan_spreads(path: Path, count: int, seed: int) -> list[int]:
    """``count`` players × 6 rounds of ``catan-es`` (3–4 tables) seated round after round by
    ``seat --method random`` through the CLI, a declared 10 and lower scores typed between
    rounds; the starts spread (highest − lowest) after each round, as ``seat_starts`` says."""
    event = Event(path, "catan-es", [f"Player {i:02d}" for i in range(1, count + 1)], 6)
    event.start()
    rng = random.Random(seed)
    spreads = []
    for round_no in range(1, 7):
        code, said = cli(
            "seat", path, "--round", round_no, "--seed", seed, "--method", "random", "--json"
        )
        assert code == 0, said[-2000:]
        report = json.loads(said[said.index("{") :])
        starts = next(f["params"] for f in report["findings"] if f["code"] == "seat_starts")
        spreads.append(starts["high"] - starts["low"])
        tables = event.tables(round_no)
        event.type_round(
            round_no, [[(10, True), *((rng.randint(2, 9), False) for _ in t[1:])] for t in tables]
        )
    return spreads


def test_random_looks_ahead_so_late_rounds_keep_starts_within_one(tmp_path: Path) -> None:
    """docs/rules.md (Seating, starts): 11 players at 4 + 4 + 3, seed 3, 6 rounds.  Seated
    round by round, round 3's fewest-repeats seating left starts 2 apart (``seat_starts``
    1–3 after round 3, found by the /tmp simulation there); seated with the rounds after it
    in view (``core/seating/ahead.py``), starts stay within one after every round."""
    assert _catan_spreads(tmp_path / "eleven.xlsx", 11, 3) == [1] * 6


@pytest.mark.parametrize("count", [5, 6, 7])
def test_the_engine_keeps_starts_within_one_through_a_round_robin(
    tmp_path: Path, count: int
) -> None:
    for seed in (0, 1, 2):
        played = _played(tmp_path / f"seed{seed}.xlsx", count, seed)
        met = [frozenset(t) for tables in played for t in tables]
        assert len(met) == len(set(met)) == count * (count - 1) // 2, f"a rematch (seed {seed})"
        starts: Counter[str] = Counter()
        for round_no, tables in enumerate(played, start=1):
            starts.update(t[0] for t in tables)
            counts = [starts[f"Player {i:02d}"] for i in range(1, count + 1)]
            assert max(counts) - min(counts) <= 1, f"seed {seed}, round {round_no}: {counts}"


@settings(
    derandomize=True,
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    count=st.integers(4, 14),
    rounds=st.integers(2, 9),
    seed=st.integers(0, 10**6),
    drops=st.lists(st.tuples(st.integers(0, 13), st.integers(1, 8)), max_size=2),
)
def test_two_player_random_keeps_starts_within_one(
    count: int, rounds: int, seed: int, drops: list[tuple[int, int]]
) -> None:
    """Random rosters (4–14 players) and drops: after every round the active players' starts
    differ by at most one, and the round's repeats are the proven minimum it reports."""
    names = [f"P{i:02d}" for i in range(count)]
    dropped = {names[i]: after for i, after in drops if i < count}
    history: list[PastTable] = []
    for round_no in range(1, rounds + 1):
        entrants = [Entrant(name, dropped_after=dropped.get(name)) for name in names]
        active = [e.name for e in entrants if e.plays(round_no)]
        if len(active) < 2:
            return
        seated = seat(entrants, history, table_sizes=(2,), round=round_no, rounds=rounds, seed=seed)
        history += [PastTable(round_no, t.players) for t in seated.tables]
        history += [PastTable(round_no, (b,), bye=True) for b in seated.byes]
        starts = Counter(g.players[0] for g in history if not g.bye)
        counts = [starts[p] for p in active]
        assert max(counts) - min(counts) <= 1, (round_no, counts)
        summary = next(f.params for f in seated.findings if f.code == "seat_summary")
        assert summary["repeats"] == summary["bound"], summary


def _starts_range_said_and_kept(
    count: int, sizes: tuple[int, ...], method: Method, seed: int, drops: dict[str, int]
) -> list[int]:
    """Play ``count`` players × 6 rounds (standings shuffled by the seed for swiss); each
    round's ``seat_starts`` must say the true range.  The spread after each round."""
    names = [f"P{i:02d}" for i in range(count)]
    history: list[PastTable] = []
    rng = random.Random(seed)
    spreads = []
    for round_no in range(1, 7):
        entrants = [Entrant(name, dropped_after=drops.get(name)) for name in names]
        active = [e.name for e in entrants if e.plays(round_no)]
        if table_plan(len(active), sizes) is None:
            break
        standings = rng.sample(active, len(active))
        seated = seat(
            entrants, history, standings=standings, table_sizes=sizes, round=round_no,
            rounds=6, method=method, seed=seed,
        )  # fmt: skip
        history += [PastTable(round_no, t.players) for t in seated.tables]
        history += [PastTable(round_no, (b,), bye=True) for b in seated.byes]
        starts = Counter(g.players[0] for g in history if not g.bye)
        counts = [starts[p] for p in active]
        said = next(f.params for f in seated.findings if f.code == "seat_starts")
        assert (said["low"], said["high"]) == (min(counts), max(counts))
        spreads.append(max(counts) - min(counts))
    return spreads


def _rosters(*methods: Method) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {
            "count": st.integers(4, 14),
            "sizes": st.sampled_from([(3, 4), (2,)]),
            "method": st.sampled_from(methods),
            "seed": st.integers(0, 10**6),
            "drops": st.lists(st.tuples(st.integers(0, 13), st.integers(1, 5)), max_size=2),
        }
    )


ROSTERS = _rosters("random", "swiss")
FEW = settings(
    derandomize=True,
    max_examples=15,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],  # the first failure is the point: no shrinking
)


def _spreads(roster: dict[str, Any]) -> list[int]:
    dropped = {f"P{i:02d}": after for i, after in roster["drops"] if i < roster["count"]}
    return _starts_range_said_and_kept(
        roster["count"], roster["sizes"], roster["method"], roster["seed"], dropped
    )


@FEW
@given(roster=ROSTERS)
def test_the_starts_range_said_is_true(roster: dict[str, Any]) -> None:
    """Both methods, 3–4 tables and pairs, drops: ``seat_starts`` says the true low–high."""
    _spreads(roster)


@FEW
@given(roster=_rosters("random"))
def test_random_keeps_starts_within_one(roster: dict[str, Any]) -> None:
    """``random``, 3–4 tables and pairs, drops: starts within one after every round (at 3–4
    tables past the rounds a plan without repeats fills, by looking ahead: ``ahead.py``)."""
    assert max(_spreads(roster), default=0) <= 1


@pytest.mark.xfail(
    strict=True,
    reason="swiss cannot look ahead (the results are not known): where a round's fewest "
    "repeats leave no seating with starts within one, repeats stay first and starts reach 2",
)
@FEW
@given(roster=_rosters("swiss"))
@example(roster={"count": 11, "sizes": (3, 4), "method": "swiss", "seed": 2, "drops": []})
def test_swiss_keeps_starts_within_one(roster: dict[str, Any]) -> None:
    """``swiss``, 3–4 tables and pairs, drops: starts within one after every round (11
    players at 4 + 4 + 3, seed 2: 1–3 after round 3)."""
    assert max(_spreads(roster), default=0) <= 1


@pytest.mark.parametrize(
    ("count", "sizes", "method", "joins"),
    [
        (6, (2,), "random", 3),
        (7, (2,), "random", 4),
        (9, (3, 4), "random", 4),
        (6, (2,), "swiss", 3),
        (8, (3, 4), "swiss", 3),
    ],
)
def test_a_late_entry_starts_every_game_until_within_one(
    count: int, sizes: tuple[int, ...], method: Method, joins: int
) -> None:
    """docs/rules.md (Seating, starts): a name added at round ``joins`` has the fewest starts;
    while behind everyone else it starts every game it plays and takes no bye, and from
    the round it is within one, starts stay within one."""
    names = [f"P{i:02d}" for i in range(count)]
    late = names[-1]
    for seed in (0, 1):
        history: list[PastTable] = []
        caught_up = False
        for round_no in range(1, 9):
            entrants = [Entrant(n) for n in names if n != late or round_no >= joins]
            seated = seat(
                entrants, history, standings=[e.name for e in entrants], table_sizes=sizes,
                round=round_no, rounds=8, method=method, seed=seed,
            )  # fmt: skip
            before = Counter(g.players[0] for g in history if not g.bye)
            behind = round_no >= joins and before[late] < min(before[n] for n in names[:-1])
            if behind:
                assert late not in seated.byes, (seed, round_no)
                game = next(t.players for t in seated.tables if late in t.players)
                assert game[0] == late, (seed, round_no, game)
            history += [PastTable(round_no, t.players) for t in seated.tables]
            history += [PastTable(round_no, (b,), bye=True) for b in seated.byes]
            after = Counter(g.players[0] for g in history if not g.bye)
            counts = [after[e.name] for e in entrants]
            caught_up = caught_up or (round_no >= joins and max(counts) - min(counts) <= 1)
            if caught_up:
                assert max(counts) - min(counts) <= 1, (seed, round_no, counts)


@pytest.mark.parametrize(
    ("count", "club", "fixed"),
    [(6, ("P00", "P01", "P02"), {}), (8, (), {"P03": 1, "P04": 2})],
)
def test_clubs_and_fixed_tables_keep_starts_within_one(
    count: int, club: tuple[str, ...], fixed: dict[str, int]
) -> None:
    """2-player ``random`` with a club of three among 6 (the 9 pairs across it fill 3 rounds
    of 5) and two players fixed at tables 1 and 2 among 8 (they never meet): the club never
    meets, the fixed keep their tables, starts within one after every round."""
    names = [f"P{i:02d}" for i in range(count)]
    rounds = count - 1
    for seed in (0, 1, 2):
        history: list[PastTable] = []
        for round_no in range(1, rounds + 1):
            entrants = [
                Entrant(n, club="X" if n in club else None, fixed_table=fixed.get(n)) for n in names
            ]
            seated = seat(
                entrants, history, table_sizes=(2,), round=round_no, rounds=rounds, seed=seed
            )
            for table in seated.tables:
                assert not set(table.players) <= set(club), (seed, round_no, table)
            for name, number in fixed.items():
                assert name in next(t.players for t in seated.tables if t.number == number)
            history += [PastTable(round_no, t.players) for t in seated.tables]
            starts = Counter(g.players[0] for g in history if not g.bye)
            counts = [starts[n] for n in names]
            assert max(counts) - min(counts) <= 1, (seed, round_no, counts)
