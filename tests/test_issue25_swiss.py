"""Issue 25, the ``swiss`` method: round 1 is a seeded draw (not the roster's order, which
always gave the last name the first bye); the hard rules are kept round after round with
results in between: starts within one after every round (byes included), clubs never
together, a fixed table kept, drops left out, no second bye before everyone had one."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import openpyxl
import pytest

from tests import test_seating as seating
from tests.test_seating import players
from xlsx_scorer.cli import main
from xlsx_scorer.core.seating import Entrant, Seating, seat


def play(entrants: list[Entrant], rounds: int, sizes: tuple[int, ...], seed: int) -> list[Seating]:
    """Seat every round by ``swiss``, the results drawn by a seeded luck in between
    (``test_seating.play``)."""
    return seating.play(entrants, rounds, method="swiss", sizes=sizes, seed=seed, bye_points=1)[1]


def test_round_one_is_a_seeded_draw() -> None:
    def first(seed: int, sizes: tuple[int, ...], count: int) -> Seating:
        return seat(
            players(count), (), table_sizes=sizes, round=1, rounds=5, method="swiss", seed=seed
        )

    byes = {first(seed, (2,), 9).byes for seed in range(8)}
    assert len(byes) > 1, byes  # the roster's order gave P008 the bye whatever the seed
    tables = {first(seed, (3, 4), 12).tables for seed in range(4)}
    assert len(tables) > 1
    assert first(3, (2,), 9) == first(3, (2,), 9)
    assert first(3, (3, 4), 13) == first(3, (3, 4), 13)


def test_round_one_draw_through_the_command_line(tmp_path: Path) -> None:
    source = tmp_path / "event.xlsx"
    assert main(["template", str(source), "--players", "7", "--format", "carcassonne-swiss"]) == 0
    book = openpyxl.load_workbook(source)
    for row in range(2, 9):
        book["Players"].cell(row, 1, f"Player {row - 1}")
    book.save(source)

    def rows(seed: int, name: str) -> list[tuple[object, ...]]:
        out = tmp_path / name
        args = ["seat", str(source), "--round", "1", "--method", "swiss", "--seed", str(seed)]
        assert main([*args, "-o", str(out)]) == 0
        seated = openpyxl.load_workbook(out, read_only=True)
        try:
            results = seated["Results"].iter_rows(min_row=2, values_only=True)
            return [row[:3] for row in results if row[0] is not None]
        finally:
            seated.close()

    assert rows(5, "a.xlsx") == rows(5, "b.xlsx")
    byes = {row[2] for seed in range(4) for row in rows(seed, f"s{seed}.xlsx") if row[1] == "Bye"}
    assert len(byes) > 1, byes


@pytest.mark.parametrize(
    ("count", "rounds", "sizes"),
    [(11, 8, (2,)), (16, 6, (2,)), (13, 6, (3, 4)), (22, 6, (3, 4))],
)
def test_starts_stay_within_one_after_every_round(
    count: int, rounds: int, sizes: tuple[int, ...]
) -> None:
    for seed in (1, 2):
        starts: Counter[str] = Counter()
        for seated in play(players(count), rounds, sizes, seed):
            starts.update(table.players[0] for table in seated.tables)
            counts = [starts[e.name] for e in players(count)]  # a bye: no start this round
            assert max(counts) - min(counts) <= 1, (seed, seated.round, counts)


def test_hard_rules_are_kept_round_after_round() -> None:
    roster = [
        Entrant(
            f"P{i:03d}",
            fixed_table=2 if i == 5 else None,
            club=("North" if i in (0, 1, 2) else "South" if i in (7, 9) else None),
            dropped_after=2 if i == 11 else None,
        )
        for i in range(15)
    ]
    clubs = {e.name: e.club for e in roster if e.club}
    for seated in play(roster, 6, (3, 4), 4):
        for table in seated.tables:
            met = [clubs[n] for n in table.players if n in clubs]
            assert len(met) == len(set(met)), (seated.round, table)
        assert any(t.number == 2 and "P005" in t.players for t in seated.tables)
        names = {n for t in seated.tables for n in t.players}
        assert ("P011" in names) == (seated.round <= 2)


def test_byes_are_shared_before_anyone_has_a_second() -> None:
    byes: Counter[str] = Counter()
    for seated in play(players(9), 9, (2,), 3):
        byes.update(seated.byes)
        assert max(byes.values()) == 1
    assert len(byes) == 9


def test_swiss_keeps_clubs_apart_or_proves_it_cannot() -> None:
    """A club larger than the tables cannot be parted: the local search's seating is settled
    by the exact layer, and the finding says it was proven (never ``kept`` beside a pair
    seated together). 8 players, club A of 5 at two tables: one A pair at least shares."""
    names = [f"P{i:02}" for i in range(8)]
    clubs = ["A", "A", "A", "A", "A", "B", "B", None]
    entrants = [Entrant(n, club=c) for n, c in zip(names, clubs, strict=True)]
    seated = seat(entrants, (), standings=names, round=1, rounds=3, method="swiss", seed=3)
    said = [f for f in seated.findings if f.code == "seat_club"]
    together = [
        t for t in seated.tables if sum(clubs[names.index(p)] == "A" for p in t.players) > 1
    ]
    assert together
    assert said
    assert {f.params["proof"] for f in said} == {"exact"}
    assert all(sum(clubs[names.index(p)] == "B" for p in t.players) <= 1 for t in seated.tables), (
        "club B can be parted, so it is"
    )
