"""Issue 25, seatcore: hard rules kept whenever possible, claims proven, SPEC §7's order.

The review's reproductions, through the command line (the crashes) and the seating API:
two fixed groups, a club pair seated together while the roster leaves a way, a fixed
table not kept, 3-player fairness put before repeats, repeats called unavoidable
without proof.
"""

from __future__ import annotations

import json
import random
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

import pytest

from tests.test_seating_cli import cli, event
from xlsx_scorer.core.seating import Entrant, PastTable, Seating, seat
from xlsx_scorer.findings import Finding, render


def findings(seated: Seating, code: str) -> list[Finding]:
    return [f for f in seated.findings if f.code == code]


def summary(seated: Seating) -> dict[str, Any]:
    return dict(findings(seated, "seat_summary")[0].params)


def play(
    entrants: list[Entrant], rounds: int, sizes: tuple[int, ...] = (3, 4), seed: int = 1
) -> tuple[list[Seating], list[PastTable]]:
    """Seat ``rounds`` rounds one after another, each seen by the next."""
    history: list[PastTable] = []
    seatings = []
    for r in range(1, rounds + 1):
        seated = seat(entrants, history, table_sizes=sizes, round=r, rounds=rounds, seed=seed)
        seatings.append(seated)
        history += [PastTable(r, t.players) for t in seated.tables]
        history += [PastTable(r, (b,), bye=True) for b in seated.byes]
    return seatings, history


def test_two_fixed_groups_and_a_group_larger_than_its_table_are_seated(tmp_path: Path) -> None:
    """10 players (4+3+3): four fixed at table 2, two at table 3, one at 1 (exit 3 before)."""
    fixed = {1: 3, 2: 2, 3: 2, 5: 3, 6: 2, 9: 2, 10: 1}
    extra = {f"Player {i:02d}": {"Fixed Table": t} for i, t in fixed.items()}
    done = cli("seat", event(tmp_path, 10, extra=extra), "--round", 1, "--json")
    assert done.returncode == 0, done.stderr
    tables = {t["table"]: t["players"] for t in json.loads(done.stdout)["tables"]}
    for i, number in fixed.items():
        assert f"Player {i:02d}" in tables[number]
    assert len(tables[2]) == 4


def test_a_group_larger_than_any_table_and_a_missing_number_are_named(tmp_path: Path) -> None:
    """11 players (4+4+3): two pairs fixed at tables 1 and 2, five at table 3 (one more than
    any table seats), one at a table 7 that does not exist: each named, the rest kept."""
    fixed = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 3, 8: 3, 9: 7, 10: 3}
    extra = {f"Player {i:02d}": {"Fixed Table": t} for i, t in fixed.items()}
    done = cli("seat", event(tmp_path, 11, extra=extra), "--round", 1, "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    named = {f["code"]: f["where"]["player"] for f in report["findings"] if "fixed" in f["code"]}
    assert named == {"seat_fixed_shared": "Player 10", "seat_fixed_missing": "Player 09"}
    tables = {t["table"]: set(t["players"]) for t in report["tables"]}
    for i, number in fixed.items():
        if i not in {9, 10}:
            assert f"Player {i:02d}" in tables[number]


@pytest.mark.parametrize("seed", range(6))
def test_a_club_pair_never_sits_together_while_the_roster_leaves_a_way(seed: int) -> None:
    entrants = [Entrant(n, club="Ortega" if n in "AB" else None) for n in "ABCDEFG"]
    for seated in play(entrants, 3, seed=seed)[0]:
        assert not findings(seated, "seat_club")
        assert not any({"A", "B"} <= set(t.players) for t in seated.tables)


def test_a_club_too_large_is_named_with_its_proof_and_the_fixed_table_kept() -> None:
    """Three of one club at two tables: one pair must meet (proven), the fixed table holds."""
    entrants = [
        Entrant(n, club="Ortega" if n in "ABC" else None, fixed_table=1 if n == "D" else None)
        for n in "ABCDEFG"
    ]
    seated = seat(entrants, (), round=1, rounds=3, seed=3)
    clubs = findings(seated, "seat_club")
    assert len(clubs) == 1
    assert clubs[0].params["proof"] == "exact"
    assert "D" in next(t.players for t in seated.tables if t.number == 1)
    text = render(clubs[0], "en")
    assert "proven" in text
    assert "no seating keeps every club apart" in text


def test_seven_players_round_two_leave_the_proven_minimum_of_three() -> None:
    """After {A,B,C,D},{E,F,G} any 4+3 seating repeats at least 3 pairs (SPEC §7: repeats
    before 3-player fairness); the report says the minimum is proven."""
    history = [PastTable(1, tuple("ABCD")), PastTable(1, tuple("EFG"))]
    seated = seat([Entrant(n) for n in "ABCDEFG"], history, round=2, rounds=3, seed=1)
    assert summary(seated) | {"bound": 3, "proof": "exact"} == summary(seated)
    assert summary(seated)["repeats"] == 3
    repeats = findings(seated, "seat_repeat")
    assert {f.params["planned"] for f in repeats} == {"proven"}
    assert "no seating with fewer pairs meeting again exists" in render(repeats[0], "en")
    assert "the fewest possible" in render(findings(seated, "seat_summary")[0], "en")


def test_thirteen_players_four_rounds_without_a_repeat() -> None:
    """Fairness first made two of round 1's table meet again; repeats come first now."""
    seatings, _ = play([Entrant(f"P{i:02d}") for i in range(13)], 4)
    assert [summary(s)["repeats"] for s in seatings] == [0, 0, 0, 0]
    assert {summary(s)["proof"] for s in seatings} == {"exact"}
    for seated in seatings:
        starts = findings(seated, "seat_starts")[0].params
        assert int(str(starts["high"])) - int(str(starts["low"])) <= 1


def test_a_limit_is_said_in_every_language() -> None:
    """A search stopped at its limit says so, with the bound, in en/es/tr/ca."""
    finding = Finding(
        "seat_summary",
        {"round": 3, "tables": 5, "players": 22, "byes": 0, "repeats": 2, "bound": 1},
        "notice",
    )
    limit = Finding(finding.code, {**finding.params, "proof": "limit"}, "notice")
    for lang in ("en", "es", "tr", "ca"):
        assert "1" in render(limit, lang).split("2", 1)[1]
    assert "time limit" in render(limit, "en")
    repeat = Finding(
        "seat_repeat",
        {"players": "A, B", "times": 2, "planned": "limit", "left": 2, "bound": 1},
        "notice",
    )
    assert "2 left, at least 1 cannot be avoided" in render(repeat, "en")


def _seatings(players: list[str], sizes: list[int]) -> list[list[tuple[str, ...]]]:
    """Every way to seat ``players`` at tables of ``sizes`` (tables unordered), by brute force."""
    found: dict[frozenset[frozenset[str]], list[tuple[str, ...]]] = {}

    def split(left: list[str], rest: list[int], done: list[tuple[str, ...]]) -> None:
        if not rest:
            found.setdefault(frozenset(frozenset(t) for t in done), done)
            return
        for others in combinations(left[1:], rest[0] - 1):
            table = (left[0], *others)
            split([p for p in left if p not in table], rest[1:], [*done, table])

    for order in set(permutations(sizes)):
        split(players, list(order), [])
    return list(found.values())


@pytest.mark.parametrize("trial", range(6))
def test_every_claim_holds_against_brute_force(trial: int) -> None:
    """Small rosters with clubs and fixed tables, three rounds: the hard rules are kept when
    any seating keeps them, a bound never exceeds the true fewest repeats, and "exact" means
    the fewest."""
    rng = random.Random(trial)
    names = list("ABCDEFGH"[: rng.choice([6, 7, 8])])
    club = {n: rng.choice([None, None, "X"]) for n in names}
    fixed = {n: rng.choice([None, None, None, None, 1, 2]) for n in names}
    entrants = [Entrant(n, club=club[n], fixed_table=fixed[n]) for n in names]
    history: list[PastTable] = []
    for r in range(1, 4):
        seated = seat(entrants, history, round=r, rounds=3, seed=trial)
        met = {frozenset(p) for g in history for p in combinations(g.players, 2)}
        best = None
        for way in _seatings(names, [len(t.players) for t in seated.tables]):
            homes: dict[int, set[int]] = {}
            for i, group in enumerate(way):
                for p in group:
                    number = fixed[p]
                    if number is not None:
                        homes.setdefault(number, set()).add(i)
            apart = all(
                not (club[a] and club[a] == club[b]) for t in way for a, b in combinations(t, 2)
            )
            places = list(homes.values())
            if (
                not apart
                or any(len(h) > 1 for h in places)
                or len(places) > len(set().union(*places) if places else set())
            ):
                continue
            again = sum(1 for t in way for pair in combinations(t, 2) if frozenset(pair) in met)
            best = again if best is None else min(best, again)
        said = summary(seated)
        if best is not None:
            assert not findings(seated, "seat_club")
            assert int(said["bound"]) <= best
            assert said["proof"] != "exact" or said["repeats"] == best
            for seated_table in seated.tables:
                assert all(fixed[p] in {None, seated_table.number} for p in seated_table.players)
        history += [PastTable(r, t.players) for t in seated.tables]
