"""Tests of the independent oracle against docs/rules.md §3 tables and hand-worked cases."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import oracle

F = Fraction


def row(
    player: str,
    vp: int | None = None,
    *,
    s: int = 2,
    c: int = 0,
    cards: int = 0,
    k: int = 0,
    roads: int = 2,
    lr: int = 1,
    army: bool = False,
    road: bool = False,
    dec: bool = False,
    rnd: int = 1,
    table: int | str = 1,
) -> dict[str, Any]:
    """One input row; ``vp`` (2..13) picks settlements/cities giving that base VP.

    Example: ``row("A", 9)`` has 3 cities and 3 settlements (3 × 2 + 3 = 9).
    """
    if vp is not None:
        c = min(4, (vp - 2) // 2)
        s = vp - 2 * c
    return {
        "round": rnd,
        "table": table,
        "player": player,
        "settlements": s,
        "cities": c,
        "vp_cards": cards,
        "knights": k,
        "roads": roads,
        "longest_road": lr,
        "army_first": army,
        "road_first": road,
        "declared": dec,
    }


def table_of(vps: list[int], declared: int | None = None, **kw: Any) -> list[dict[str, Any]]:
    """A game of plain players P0, P1, … with the given base VP and no bonuses."""
    return [row(f"P{i}", vp, dec=i == declared, **kw) for i, vp in enumerate(vps)]


def summary(rows: list[dict[str, Any]]) -> list[tuple[int, int, F]]:
    """``(vp, place, points)`` for each row of a scored game."""
    return [(g["vp"], g["place"], g["points"]) for g in oracle.score_game(rows)]


# --- docs/rules.md §3 example table ------------------------------------------------------------

SPEC_EXAMPLES = [
    ([10, 8, 8, 5], None, [1, 2, 2, 4], [F(5), F(5, 2), F(5, 2), F(1)]),
    ([9, 9, 9, 4], None, [1, 1, 1, 4], [F(10, 3), F(10, 3), F(10, 3), F(1)]),
    ([7, 7, 7, 7], None, [1, 1, 1, 1], [F(11, 4)] * 4),
    ([11, 12, 6, 6], 0, [1, 2, 3, 3], [F(5), F(3), F(3, 2), F(3, 2)]),
]


@pytest.mark.parametrize(("vps", "declarer", "places", "points"), SPEC_EXAMPLES)
def test_spec_examples_places_and_points(
    vps: list[int], declarer: int | None, places: list[int], points: list[F]
) -> None:
    assert oracle.places_and_points(vps, declarer) == list(zip(places, points, strict=True))


@pytest.mark.parametrize(("vps", "declarer", "places", "points"), SPEC_EXAMPLES)
def test_spec_examples_full_rows(
    vps: list[int], declarer: int | None, places: list[int], points: list[F]
) -> None:
    rows = table_of(vps, declarer)
    assert oracle.validate(rows) == []
    assert summary(rows) == list(zip(vps, places, points, strict=True))
    assert sum(points) == 11


def test_seed_example_two_tied_second() -> None:
    """Seeds: two players tied for second at a 4-table split 3 + 2 = 2.5 each."""
    assert [p for _, _, p in summary(table_of([9, 7, 7, 3]))] == [5, F(5, 2), F(5, 2), 1]


# --- hand-worked games ----------------------------------------------------------------

HAND_WORKED: list[tuple[str, list[dict[str, Any]], list[tuple[int, int, F]], list[bool]]] = [
    (
        "3p all tied",
        table_of([8, 8, 8]),
        [(8, 1, F(10, 3))] * 3,
        [False] * 3,
    ),
    (
        "3p tied second",
        table_of([9, 7, 7]),
        [(9, 1, F(5)), (7, 2, F(5, 2)), (7, 2, F(5, 2))],
        [False] * 3,
    ),
    (
        "3p tied first",
        table_of([6, 9, 9]),
        [(6, 3, F(2)), (9, 1, F(4)), (9, 1, F(4))],
        [False] * 3,
    ),
    (
        "declarer below two tied 13s",
        table_of([10, 13, 13, 4], declared=0),
        [(10, 1, F(5)), (13, 2, F(5, 2)), (13, 2, F(5, 2)), (4, 4, F(1))],
        [True, False, False, False],
    ),
    (
        "10 and 10, the second declares",
        table_of([10, 10, 7, 7], declared=1),
        [(10, 2, F(3)), (10, 1, F(5)), (7, 3, F(3, 2)), (7, 3, F(3, 2))],
        [False, True, False, False],
    ),
    (
        "mark on the only 10+ player changes nothing",
        table_of([8, 11, 9], declared=1),
        [(8, 3, F(2)), (11, 1, F(5)), (9, 2, F(3))],
        [False, False, False],
    ),
    (
        "3p declared, declarer lowest of three 10+",
        table_of([12, 11, 10], declared=2),
        [(12, 2, F(3)), (11, 3, F(2)), (10, 1, F(5))],
        [False, False, True],
    ),
]


@pytest.mark.parametrize(
    ("rows", "expected", "declared"),
    [pytest.param(r, e, d, id=name) for name, r, e, d in HAND_WORKED],
)
def test_hand_worked_games(
    rows: list[dict[str, Any]], expected: list[tuple[int, int, F]], declared: list[bool]
) -> None:
    assert oracle.validate(rows) == []
    assert summary(rows) == expected
    assert [g["declared"] for g in oracle.score_game(rows)] == declared


def test_army_tie_settled_by_mark() -> None:
    """Knights 4, 4, 1: the marked second player holds Largest Army (+2 VP)."""
    rows = [row("A", 7, k=4), row("B", 7, k=4, army=True), row("C", 7, k=1)]
    assert oracle.validate(rows) == []
    games = oracle.score_game(rows)
    assert [g["army"] for g in games] == [False, True, False]
    assert summary(rows) == [(7, 2, F(5, 2)), (9, 1, F(5)), (7, 2, F(5, 2))]


def test_clear_leaders_hold_without_mark() -> None:
    """Knights 5, 3 and road 7 vs 6: clear leaders hold, no mark needed."""
    rows = [
        row("A", 6, k=5, roads=8, lr=6),
        row("B", 6, k=3, roads=9, lr=7),
        row("C", 6),
        row("D", 6),
    ]
    assert oracle.validate(rows) == []
    games = oracle.score_game(rows)
    assert [(g["army"], g["road"], g["vp"]) for g in games] == [
        (True, False, 8),
        (False, True, 8),
        (False, False, 6),
        (False, False, 6),
    ]
    assert [g["points"] for g in games] == [F(4), F(4), F(3, 2), F(3, 2)]


def test_marked_clear_leader_is_accepted() -> None:
    rows = [row("A", 6, k=5, army=True), row("B", 6, k=4), row("C", 6)]
    assert oracle.validate(rows) == []
    assert [g["army"] for g in oracle.score_game(rows)] == [True, False, False]


def test_road_tie_settled_by_mark() -> None:
    rows = [
        row("A", 8, roads=10, lr=6, road=True),
        row("B", 8, roads=6, lr=6),
        row("C", 8, roads=9, lr=5),
    ]
    assert oracle.validate(rows) == []
    assert summary(rows) == [(10, 1, F(5)), (8, 2, F(5, 2)), (8, 2, F(5, 2))]


def test_nobody_qualifies() -> None:
    """Knights 2, 2, 2 and roads of length 4: no bonus for anybody."""
    rows = [row(n, 7, k=2, roads=6, lr=4) for n in "ABC"]
    assert oracle.validate(rows) == []
    assert [(g["army"], g["road"], g["vp"]) for g in oracle.score_game(rows)] == [
        (False, False, 7)
    ] * 3


def test_bonus_makes_declared_victory_available() -> None:
    """Base 8 + Largest Army 2 = 10 and base 10: two players at 10+, one declares."""
    rows = [
        row("A", 8, k=3, dec=True),
        row("B", 10),
        row("C", 5),
        row("D", 5),
    ]
    assert oracle.validate(rows) == []
    assert summary(rows) == [(10, 1, F(5)), (10, 2, F(3)), (5, 3, F(3, 2)), (5, 3, F(3, 2))]


def test_vp_cards_count_one_each() -> None:
    rows = [row("A", s=3, c=2, cards=3), row("B", 9, cards=2), row("C", 4)]
    assert [g["vp"] for g in oracle.score_game(rows)] == [10, 11, 4]


# --- validation -----------------------------------------------------------------------


def _valid4() -> list[dict[str, Any]]:
    return table_of([9, 7, 6, 5])


def _with(index: int, **changes: Any) -> list[dict[str, Any]]:
    rows = _valid4()
    rows[index].update(changes)
    return rows


VALIDATION_CASES: list[tuple[str, list[dict[str, Any]], list[tuple[int, str]]]] = [
    ("settlements 6", _with(1, settlements=6), [(1, "R1.settlements")]),
    ("settlements -1", _with(1, settlements=-1, cities=2), [(1, "R1.settlements")]),
    ("cities 5", _with(2, cities=5), [(2, "R1.cities")]),
    (
        "vp cards 6",
        _with(0, vp_cards=6),
        [(0, "R1.vp_cards"), (0, "R6"), (1, "R6"), (2, "R6"), (3, "R6")],
    ),
    (
        "knights 15",
        _with(3, knights=15),
        [(3, "R1.knights"), *[(i, "R7") for i in range(4)]],
    ),
    ("roads 1", _with(0, roads=1, longest_road=1), [(0, "R1.roads")]),
    ("roads 16", _with(0, roads=16, longest_road=4), [(0, "R1.roads")]),
    ("3.0 kept as float", _with(0, cities=3.0), [(0, "R1.cities")]),
    ("no city one settlement", _with(3, settlements=1, cities=0), [(3, "R2")]),
    ("no city no settlement", _with(3, settlements=0, cities=0), [(3, "R2")]),
    ("city and no settlement is fine", _with(3, settlements=0, cities=1), []),
    ("longest 0", _with(1, longest_road=0), [(1, "R3")]),
    ("longest above roads", _with(1, roads=4, longest_road=5), [(1, "R3")]),
    ("longest equal roads is fine", _with(1, roads=4, longest_road=4), []),
    ("round 0", _with(1, round=0), [(1, "F.round")]),
    ("empty name", _with(1, player=""), [(1, "N.empty")]),
    ("two players", table_of([9, 7]), [(0, "R4"), (1, "R4")]),
    ("five players", table_of([9, 7, 6, 5, 4]), [(i, "R4") for i in range(5)]),
    (
        "same player twice in a round",
        [*table_of([9, 7, 6, 5]), *table_of([8, 7, 6], table=2)],
        [(4, "R5"), (5, "R5"), (6, "R5")],
    ),
    (
        "table vp cards 5 is fine",
        [row(n, 6, cards=c) for n, c in zip("ABCD", [2, 1, 1, 1], strict=True)],
        [],
    ),
    (
        "table knights 14 is fine",
        [row(n, 6, k=c) for n, c in zip("ABCD", [5, 4, 3, 2], strict=True)],
        [],
    ),
    (
        "table knights 15",
        [row(n, 6, k=c) for n, c in zip("ABCD", [5, 4, 3, 3], strict=True)],
        [(i, "R7") for i in range(4)],
    ),
    (
        "army mark on non-leader",
        [row("A", 6, k=5), row("B", 6, k=3, army=True), row("C", 6)],
        [(1, "R8.mark_not_leader")],
    ),
    (
        "army mark without qualifier",
        [row("A", 6, k=2, army=True), row("B", 6, k=2), row("C", 6)],
        [(0, "R8.mark_not_leader")],
    ),
    (
        "army tie unmarked",
        [row("A", 6, k=4), row("B", 6, k=4), row("C", 6, k=3)],
        [(0, "R8.tie_unmarked"), (1, "R8.tie_unmarked")],
    ),
    (
        "army tie both marked",
        [row("A", 6, k=4, army=True), row("B", 6, k=4, army=True), row("C", 6)],
        [(0, "R8.tie_many_marks"), (1, "R8.tie_many_marks")],
    ),
    (
        "army tie, mark on the third",
        [row("A", 6, k=4), row("B", 6, k=4), row("C", 6, k=3, army=True)],
        [(0, "R8.tie_unmarked"), (1, "R8.tie_unmarked"), (2, "R8.mark_not_leader")],
    ),
    (
        "road mark on non-leader",
        [row("A", 6, roads=8, lr=7), row("B", 6, roads=8, lr=5, road=True), row("C", 6)],
        [(1, "R9.mark_not_leader")],
    ),
    (
        "road mark with length 4 only",
        [row("A", 6, roads=8, lr=4, road=True), row("B", 6), row("C", 6)],
        [(0, "R9.mark_not_leader")],
    ),
    (
        "road tie unmarked",
        [row("A", 6, roads=8, lr=6), row("B", 6, roads=6, lr=6), row("C", 6)],
        [(0, "R9.tie_unmarked"), (1, "R9.tie_unmarked")],
    ),
    (
        "road tie both marked",
        [row("A", 6, roads=8, lr=6, road=True), row("B", 6, roads=6, lr=6, road=True), row("C", 6)],
        [(0, "R9.tie_many_marks"), (1, "R9.tie_many_marks")],
    ),
    ("declared under 10", table_of([9, 11, 6], declared=0), [(0, "R10.under_10")]),
    (
        "declared under 10 while two have 10+",
        table_of([10, 11, 6], declared=2),
        [(0, "R10.unmarked"), (1, "R10.unmarked"), (2, "R10.under_10")],
    ),
    ("two 10+ unmarked", table_of([10, 12, 6]), [(0, "R10.unmarked"), (1, "R10.unmarked")]),
    (
        "two 10+ both marked",
        [row("A", 10, dec=True), row("B", 12, dec=True), row("C", 6)],
        [(0, "R10.many_marks"), (1, "R10.many_marks")],
    ),
    (
        "bonus pushes 8 to 10: the pair must be settled",
        [row("A", 8, k=3), row("B", 10), row("C", 5)],
        [(0, "R10.unmarked"), (1, "R10.unmarked")],
    ),
    (
        "Total VP includes the titles held",
        [
            {**row("A", 6, k=3), "total_vp": 8},
            {**row("B", 5, roads=6, lr=5), "total_vp": 7},
            {**row("C", 4), "total_vp": None},
        ],
        [],
    ),
    (
        "Total VP without the title held",
        [{**row("A", 6, k=3), "total_vp": 6}, row("B", 5), row("C", 4)],
        [(0, "R11")],
    ),
    (
        "cities typed in the settlements column",
        [{**row("A", s=5, c=0), "total_vp": 8}, row("B", 5), row("C", 4)],
        [(0, "R11")],
    ),
    (
        "Total VP out of range is not compared",
        [{**row("A", 6), "total_vp": 21}, {**row("B", 5), "total_vp": -1}, row("C", 4)],
        [(0, "F.total_vp"), (1, "F.total_vp")],
    ),
    (
        "an unknown VP skips the whole game",
        [
            {**row("A", 6), "total_vp": 9},
            {**row("B", 5), "settlements": "two", "total_vp": 5},
            row("C", 4),
        ],
        [(1, "R1.settlements")],
    ),
]


@pytest.mark.parametrize(
    ("rows", "expected"), [pytest.param(r, e, id=name) for name, r, e in VALIDATION_CASES]
)
def test_validation_rules(rows: list[dict[str, Any]], expected: list[tuple[int, str]]) -> None:
    assert oracle.validate(rows) == sorted(expected)


def test_roster_membership() -> None:
    rows = table_of([9, 7, 6])
    rows[1]["player"] = "Zeynep Kya"
    assert oracle.validate(rows, roster=["P0", "Zeynep Kaya", "P2"]) == [(1, "N.roster")]
    assert oracle.validate(rows, roster=["P0", " Zeynep  Kya", "P2"]) == []


@pytest.mark.parametrize(
    ("a", "b"),
    [("José Ruiz", "Jose Ruiz"), ("Çetin", "cetin"), ("İpek", "ipek"), ("Ömer Öz", "OMER OZ")],
)
def test_names_differing_in_case_or_accents(a: str, b: str) -> None:
    rows = [*table_of([9, 7, 6]), *table_of([9, 7, 6], rnd=2)]
    rows[0]["player"] = a
    rows[3]["player"] = b
    assert oracle.validate(rows) == [(0, "N.similar"), (3, "N.similar")]
    assert oracle.validate(rows, roster=[a, b, "P1", "P2"]) == []


def test_distinct_names_are_fine_without_roster() -> None:
    rows = table_of([9, 7, 6])
    for r, name in zip(rows, ["Işıl Koç", "İpek Arslan", "Ipek Arslanoğlu"], strict=True):
        r["player"] = name
    assert oracle.validate(rows) == []


def test_normalise_name() -> None:
    assert oracle.normalise_name("  Jose\u0301   Nun\u0303ez ") == "José Nuñez"


# --- standings ------------------------------------------------------------------------


def _event() -> list[dict[str, Any]]:
    """Two rounds, seven players, worked by hand in :func:`test_standings_hand_worked`."""
    plan = [
        (1, 1, [("Şule", 10), ("Ömer", 8), ("İpek", 8), ("José", 5)]),
        (1, 2, [("Zeynep", 9), ("çağla", 6), ("Nuñez", 6)]),
        (2, 1, [("Şule", 6), ("Ömer", 9), ("Zeynep", 5)]),
        (2, 2, [("İpek", 7), ("José", 7), ("çağla", 8), ("Nuñez", 6)]),
    ]
    return [row(name, vp, rnd=r, table=t) for r, t, players in plan for name, vp in players]


def test_standings_hand_worked() -> None:
    """Game totals 31, 21, 20, 28.

    Şule 5 + 3 = 8 pts, 16 VP of 51.  Ömer 5/2 + 5, 17 of 51.  çağla 5/2 + 5, 14 of 49.
    Zeynep 5 + 2, 14 of 41.  İpek 5/2 + 5/2, 15 of 59.  Nuñez 5/2 + 1, 12 of 49 beats
    José 1 + 5/2, 12 of 59 on VP %.
    """
    rows = _event()
    assert oracle.validate(rows) == []
    _, standings = oracle.score(rows)
    got = [(s["rank"], s["player"], s["round_points"], s["vp"], s["vp_pct"]) for s in standings]
    assert got == [
        (1, "Şule", F(8), 16, F(16, 51)),
        (2, "Ömer", F(15, 2), 17, F(17, 51)),
        (3, "çağla", F(15, 2), 14, F(14, 49)),
        (4, "Zeynep", F(7), 14, F(14, 41)),
        (5, "İpek", F(5), 15, F(15, 59)),
        (6, "Nuñez", F(7, 2), 12, F(12, 49)),
        (7, "José", F(7, 2), 12, F(12, 59)),
    ]
    assert standings[0]["per_round"] == {1: F(5), 2: F(3)}
    assert standings[6]["per_round"] == {1: F(1), 2: F(5, 2)}


def test_standings_name_tie_break_uses_collation() -> None:
    """Three 7s: everything ties, so names decide: Cem < Çetin < ümit < Zeynep (root)."""
    rows = [row(n, 7) for n in ["Zeynep", "ümit", "Çetin", "Cem"]]
    _, standings = oracle.score(rows)
    assert [s["player"] for s in standings] == ["Cem", "Çetin", "ümit", "Zeynep"]
    assert [s["rank"] for s in standings] == [1, 2, 3, 4]


def test_name_key_identical_collation_falls_back_to_code_points() -> None:
    nfc, nfd = "Jos\u00e9", "Jose\u0301"
    assert sorted([nfd, nfc], key=oracle.name_key) == sorted([nfc, nfd])


def test_thirds_compare_exactly() -> None:
    """10/3 three times is exactly 10, equal to a plain 5 + 5."""
    rows = [
        *[row(n, 9, rnd=r) for r in (1, 2, 3) for n in ("A", "B", "C")],
        *[row("D", 9, rnd=r, table=2) for r in (1, 2, 3)],
        *[row(n, 5, rnd=r, table=2) for r in (1, 2, 3) for n in ("E", "F")],
    ]
    _, standings = oracle.score(rows)
    points = {s["player"]: s["round_points"] for s in standings}
    assert points["A"] == 10
    assert points["D"] == 15


# --- properties -----------------------------------------------------------------------


@given(
    st.lists(st.integers(2, 22), min_size=3, max_size=4),
    st.integers(-1, 3),
)
def test_points_sum_and_order(vps: list[int], declarer_pos: int) -> None:
    """Every game hands out exactly 11 (4 players) or 10 (3 players) round points."""
    declarer = declarer_pos if 0 <= declarer_pos < len(vps) else None
    result = oracle.places_and_points(vps, declarer)
    assert sum(p for _, p in result) == sum(oracle.POINTS[len(vps)])
    others = [i for i in range(len(vps)) if i != declarer]
    for i in others:
        for j in others:
            if vps[i] > vps[j]:
                assert result[i][0] < result[j][0]
                assert result[i][1] > result[j][1]
            if vps[i] == vps[j]:
                assert result[i] == result[j]
    if declarer is not None:
        assert result[declarer] == (1, 5)
        assert all(result[i][0] >= 2 for i in others)
