"""Fixed groups larger than their table (issue 25): who keeps the number is decided with
the clubs and repeats, on the roster's real problem, and judged by the brute force.

More players fixed at one number than its table seats: as few are moved off as the table
sizes force (a hard rule), and *which* ones is chosen for the clubs, then the repeats,
fairness and starts (docs/rules.md, Seating: Constraints).  Each round is judged by
tests/seating_oracle.py, which tries every seating (every choice of who keeps the number).
Through ``xlsx-scorer seat`` where a workbook can say it; the property over random rosters
seats the core directly, as tests/test_issue25_oracle_props.py does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests import test_issue25_oracle_props as props
from tests.seating_oracle import Problem, optimum
from tests.test_issue25_oracle_cli import (
    NAMES,
    as_seating,
    book,
    codes,
    pairs,
    seat,
    summary,
    tables_of,
    type_round,
)
from xlsx_scorer.cli import main
from xlsx_scorer.core.seating import Entrant, PastTable


def judged(
    capsys: pytest.CaptureFixture[str],
    path: Path,
    entrants: list[Entrant],
    rounds: int,
    *more: str,
) -> list[dict[str, Any]]:
    """Seat ``rounds`` rounds by the command line (results typed in between); every round
    judged by the brute force (hard rules, claims, SPEC §7's order).  The reports."""
    event = props.Event(tuple((e, 1) for e in entrants), (3, 4), "random", rounds, 0)
    history: list[PastTable] = []
    problems: list[str] = []
    reports = []
    for round_no in range(1, rounds + 1):
        code, report = seat(capsys, path, round_no, *more)
        assert code == 0, round_no
        seating = as_seating(report)
        problems.extend(props.judge(seating, entrants, history, event))
        history.extend(PastTable(round_no, t.players) for t in seating.tables)
        history.extend(PastTable(round_no, (p,), bye=True) for p in seating.byes)
        type_round(path, round_no, tables_of(report))
        reports.append(report)
    assert not problems, "\n".join(problems)
    return reports


def moved(report: dict[str, Any]) -> set[str]:
    return {f["where"]["player"] for f in report["findings"] if f["code"] == "seat_fixed_shared"}


def test_a_club_pair_in_an_oversized_group_is_parted_by_who_keeps_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Five fixed at table 1 of 9 players (3 + 3 + 3), the first two one family: two must
    leave table 1, and the family is one of them.  Cut in roster order (the old way) the
    first three kept it, the family sat together and was said to be unavoidable."""
    fixed = dict.fromkeys(NAMES[:5], 1)
    family = {NAMES[0]: "Ortega", NAMES[1]: "Ortega"}
    problem = Problem.build(NAMES[:9], [], sizes=(3, 4), fixed=fixed, clubs=family)
    assert (optimum(problem).fixed, optimum(problem).clubs) == (2, 0)
    path = book(tmp_path, 9, fixed=fixed, club=family)
    code, report = seat(capsys, path, 1)
    assert code == 0
    tables = tables_of(report)
    assert frozenset(family) not in pairs(tables), tables
    assert "seat_club" not in codes(report)
    assert len(set(tables[1]) & set(fixed)) == 3
    assert moved(report) == set(fixed) - set(tables[1])
    assert len(moved(report) & set(family)) == 1
    # ties go by the roster: the family's first stays, the latest of the rest leaves
    assert moved(report) == {NAMES[1], NAMES[4]}


def test_who_keeps_an_oversized_table_changes_so_nobody_meets_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Five fixed at table 1 of 9, three rounds: the same three at table 1 every round (the
    old roster-order cut) met again 3 times in round 2 and called it proven; the brute force
    finds round 2 without a repeat (round 3: 2), and the engine matches it each round."""
    fixed = dict.fromkeys(NAMES[:5], 1)
    path = book(tmp_path, 9, fixed=fixed, rounds=3)
    entrants = [Entrant(n, fixed.get(n)) for n in NAMES[:9]]
    reports = judged(capsys, path, entrants, 3)
    assert [summary(r)["repeats"] for r in reports] == [0, 0, 2]
    assert [summary(r)["proof"] for r in reports] == ["exact"] * 3
    assert [len(moved(r)) for r in reports] == [2, 2, 2]
    keepers = [frozenset(tables_of(r)[1]) & frozenset(fixed) for r in reports]
    assert keepers[0] != keepers[1], keepers


@pytest.mark.parametrize(
    ("fixed", "club", "count"),
    [
        pytest.param(  # two groups larger than their tables
            dict.fromkeys(NAMES[:4], 1) | dict.fromkeys(NAMES[4:9], 2), {}, 9, id="two-groups"
        ),
        pytest.param(  # larger than the largest table (4 + 4)
            dict.fromkeys(NAMES[:6], 2), {NAMES[0]: "Lee", NAMES[6]: "Lee"}, 8, id="six-at-4"
        ),
        pytest.param(  # numbers beyond the tables, one of them a group
            dict.fromkeys(NAMES[:3], 4) | {NAMES[3]: 9, NAMES[4]: 2}, {}, 7, id="beyond"
        ),
        pytest.param(  # a whole group of one club: the number first, then the club
            dict.fromkeys(NAMES[:5], 1), dict.fromkeys(NAMES[:5], "Ortega"), 9, id="one-club"
        ),
    ],
)
def test_awkward_fixed_groups_are_seated_as_the_brute_force_says(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    fixed: dict[str, int],
    club: dict[str, str],
    count: int,
) -> None:
    """Never exit 3; two rounds, each the brute force's optimum (fixed players off their
    number, then club pairs, then repeats …) and every broken rule named."""
    path = book(tmp_path, count, fixed=fixed, club=club, rounds=2)
    entrants = [Entrant(n, fixed.get(n), club.get(n)) for n in NAMES[:count]]
    judged(capsys, path, entrants, 2)


@pytest.mark.parametrize("method", ["random", "swiss"])
def test_two_player_format_three_fixed_at_table_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], method: str
) -> None:
    """2-player formats: a number seats one fixed player (two would meet there every round).
    Three fixed at table 1 of 7 players: round 1 by the command line, one keeps it and the
    other two are named; three rounds through the core, each the brute force's optimum."""
    path = tmp_path / "pairs.xlsx"
    args = ["template", str(path), "--format", "carcassonne-swiss", "--players", "7"]
    assert main(args) == 0
    workbook = openpyxl.load_workbook(path)
    roster = workbook["Players"]
    columns = {cell.value: cell.column for cell in roster[1]}
    fixed = dict.fromkeys(NAMES[:3], 1)
    for row, name in enumerate(NAMES[:7], start=2):
        roster.cell(row, 1, name)
        roster.cell(row, columns["Fixed Table"], fixed.get(name))
    workbook.save(path)
    code, report = seat(capsys, path, 1, "--method", method)
    assert code == 0
    assert len(set(tables_of(report)[1]) & set(fixed)) == 1
    assert moved(report) == set(fixed) - set(tables_of(report)[1])
    assert len(moved(report)) == 2
    entrants = tuple((Entrant(n, fixed.get(n)), 1) for n in NAMES[:7])
    props.play(props.Event(entrants, (2,), method, 3, 0))


@st.composite
def oversized(draw: st.DrawFn) -> props.Event:
    """6–9 players at 3–4 tables, one number holding more players than any table it could
    get (or two numbers), clubs among them and the rest."""
    count = draw(st.integers(6, 9))
    group = draw(st.integers(4, min(6, count)))
    number = draw(st.integers(1, 2))
    lines = []
    for i in range(count):
        club = draw(st.sampled_from([None, None, "Ortega", "Lee"]))
        fixed = number if i < group else draw(st.sampled_from([None, None, None, 1, 2, 3]))
        lines.append((Entrant(f"P{i + 1}", fixed, club), 1))
    method = draw(st.sampled_from(["random", "swiss"]))
    return props.Event(tuple(lines), (3, 4), method, props.ROUNDS, draw(st.integers(0, 99)))


@settings(
    max_examples=14,
    deadline=None,
    database=None,
    derandomize=True,  # the same examples on every run: CI is never red by chance
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(oversized())
def test_oversized_groups_with_clubs_meet_the_brute_force(event: props.Event) -> None:
    """Random rosters with an oversized fixed group and clubs, three rounds through the
    core (``random`` and ``swiss``): every round's hard rules the brute force's optimum
    (fixed players off their number, then club pairs), every claim proven, every break
    named; ``random``'s repeats the fewest."""
    props.play(event)


def pairs_book(path: Path, roster: list[tuple[str, int | None, str | None]]) -> Path:
    """A carcassonne-swiss workbook with ``roster`` (name, fixed table, club)."""
    assert main(["template", str(path), "--format", "carcassonne-swiss", "--players", "6"]) == 0
    workbook = openpyxl.load_workbook(path)
    sheet = workbook["Players"]
    columns = {cell.value: cell.column for cell in sheet[1]}
    for row, (name, table, club) in enumerate(roster, start=2):
        sheet.cell(row, 1, name)
        sheet.cell(row, columns["Fixed Table"], table)
        sheet.cell(row, columns["Club"], club)
    workbook.save(path)
    return path


@pytest.mark.parametrize("method", ["random", "swiss"])
def test_two_fixed_at_one_number_in_pairs_may_meet_there_when_that_repeats_nobody(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], method: str
) -> None:
    """The review's case: A and D fixed at table 1, B and D one club; round 1 A–B, D–E.  A
    number is promised to one of its fixed players, yet A–D at table 1 with B–E meets
    nobody again; the engine paired A–B and D–E again and called the 2 repeats proven."""
    path = pairs_book(tmp_path / "pairs.xlsx", [("A", 1, None), ("B", None, "c"),
                                                 ("D", 1, "c"), ("E", None, None)])  # fmt: skip
    workbook = openpyxl.load_workbook(path)
    sheet = workbook["Results"]
    for row, (table, name, score) in enumerate(
        [(1, "A", 100), (1, "B", 80), (2, "D", 90), (2, "E", 70)], start=2
    ):
        for column, value in enumerate((1, table, name, score), start=1):
            sheet.cell(row, column, value)
    workbook.save(path)
    code, report = seat(capsys, path, 2, "--method", method)
    assert code == 0
    assert sorted(map(sorted, tables_of(report).values())) == [["A", "D"], ["B", "E"]]
    assert sorted(tables_of(report)[1]) == ["A", "D"]
    assert (summary(report)["repeats"], summary(report)["proof"]) == (0, "exact")


@pytest.mark.parametrize("method", ["random", "swiss"])
@pytest.mark.parametrize("count", [3, 4, 7])
def test_every_player_of_a_pairs_roster_fixed_at_one_table_is_seated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], count: int, method: str
) -> None:
    """All fixed at table 1 of a 2-player format: exit 3 before ("the fixed groups do not
    fit the tables"); now seated, the players off their number named."""
    names = ["A", "B", "C", "D", "E", "F", "G"][:count]
    path = pairs_book(tmp_path / "all.xlsx", [(n, 1, None) for n in names])
    code, report = seat(capsys, path, 1, "--method", method)
    assert code == 0
    seated = [p for players in tables_of(report).values() for p in players] + report["byes"]
    assert sorted(seated) == names
    off = {f["where"]["player"] for f in report["findings"] if f["code"] == "seat_fixed_shared"}
    assert off == set(names) - set(tables_of(report)[1])


def test_a_club_kept_together_by_its_fixed_table_says_the_fixed_table_is_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three of one club all fixed at table 1 of 9 (3 + 3 + 3): seatings that part the club
    exist (moving them off their number), so "no seating keeps every club apart" would be
    false; the claim is proven with the fixed tables kept, and says so (``proof``
    ``fixed``).  At 8 players (4 + 4) no seating parts three: there it stays ``exact``."""
    trio = dict.fromkeys(NAMES[:3], 1)
    path = book(tmp_path, 9, fixed=trio, club=dict.fromkeys(trio, "Family"))
    code, report = seat(capsys, path, 1)
    assert code == 0
    clubs = [f for f in report["findings"] if f["code"] == "seat_club"]
    assert clubs
    assert {f["params"]["proof"] for f in clubs} == {"fixed"}
    assert all("keeps the fixed tables" in f["message"] for f in clubs)
    (tmp_path / "eight").mkdir()
    eight = book(tmp_path / "eight", 8, fixed=trio, club=dict.fromkeys(trio, "Family"))
    code, report = seat(capsys, eight, 1)
    proofs = {f["params"]["proof"] for f in report["findings"] if f["code"] == "seat_club"}
    assert (code, proofs) == (0, {"exact"})
