"""A round as a problem, and a seating measured against it (no solver here: ``exact``
solves it with CP-SAT, ``groups`` models its fixed tables).

One round is a ``Problem``: players ``0 … n-1``, the round's table sizes (a ``1`` is a
bye), who met whom before, the clubs (players who must never share a table), the fixed
groups (the players fixed at one number) and the fairness counts so far (3-player
tables, byes, starts).  ``score`` measures a seating against SPEC §7's order (broken club
pairs, fixed players moved off beyond what the sizes force, repeats, fairness, starts);
``lower_bound`` is a cheap proven bound on the repeats.  For a seating the model did not
make, ``homes`` reads each fixed number's table and ``kept`` the players who keep it.

>>> p = Problem(sizes=(4, 3), met={(0, 1): 1}, clubs=(), groups=(), small=[0] * 7,
...     byes=[0] * 7, starts=[0] * 7)
>>> score(p, [[0, 1, 2, 3], [4, 5, 6]]).repeats, score(p, [[0, 2, 3, 4], [1, 5, 6]]).repeats
(1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class Problem:
    sizes: tuple[int, ...]
    met: dict[tuple[int, int], int]
    clubs: tuple[tuple[int, ...], ...]
    groups: tuple[tuple[int, ...], ...]
    small: Sequence[int]
    byes: Sequence[int]
    starts: Sequence[int]
    #: How many players fixed at one number a table seats: None, its size; 1 in 2-player
    #: formats (two fixed at one number would meet there every round).
    room: int | None = None
    #: Swiss: each player's place in the standings (1 = best); the closest tables are then
    #: sought last, after the repeats, the fairness and the starts (``_fairer``).
    rank: Sequence[int] | None = None

    @property
    def n(self) -> int:
        return len(self.small)

    @property
    def largest(self) -> int:
        return max(self.sizes)

    def seats_for_fixed(self, t: int) -> int:
        """The players of one fixed number table ``t`` seats (a bye seats none)."""
        if self.sizes[t] == 1:
            return 0
        return self.sizes[t] if self.room is None else min(self.room, self.sizes[t])

    @property
    def most_kept(self) -> int:
        """The most fixed players any seating keeps at their number: groups and tables
        matched largest to largest (a group of 5 and one of 2 at 3 + 3 + 3: 3 + 2).

        >>> groups = ((0, 1, 2, 3, 4), (5, 6))
        >>> Problem((3, 3, 3), {}, (), groups, [0] * 9, [0] * 9, [0] * 9).most_kept
        5
        """
        groups = sorted((len(g) for g in self.groups), reverse=True)
        rooms = sorted((self.seats_for_fixed(t) for t in range(len(self.sizes))), reverse=True)
        return sum(min(g, r) for g, r in zip(groups, rooms, strict=False))


@dataclass(frozen=True)
class Score:
    """A seating measured: broken club pairs, fixed players off their number beyond what the
    table sizes force (``groups``), then the soft goals."""

    clubs: int
    groups: int
    repeats: int
    fairness: int
    starts: int

    @property
    def hard_kept(self) -> bool:
        return self.clubs == 0 and self.groups == 0


def score(problem: Problem, tables: Sequence[Sequence[int]]) -> Score:
    """Measure ``tables`` (one list per size of ``problem.sizes``, in order); its fixed
    players kept at their number as ``homes`` reads them."""
    where = {p: t for t, table in enumerate(tables) for p in table}
    broken = sum(
        1 for a, b in club_pairs(problem) if where[a] == where[b] and len(tables[where[a]]) > 1
    )
    groups = max(0, problem.most_kept - len(kept(problem, tables, homes(problem, tables))))
    repeats = sum(1 for a, b in problem.met if where[a] == where[b] and problem.sizes[where[a]] > 1)
    fairness = sum(weight(problem, p, t) for p, t in where.items())
    starts = sum(start_faults(problem, [set(table) for table in tables]))
    return Score(broken, groups, repeats, fairness, starts)


def lower_bound(problem: Problem, *, clubs_apart: bool = True) -> int:
    """A cheap lower bound on the pairs meeting again: a player who has met all but ``k`` of the
    others (clubs and other fixed groups left out) meets at least ``smallest − 1 − k`` again;
    halved (two per pair), the players who can take a bye left out.  Other fixed groups are
    left out only while every fixed player keeps their number (a player moved off it may sit
    anywhere); clubs only while they are kept apart (``clubs_apart`` False: no seating keeps
    them apart, so a club partner is a tablemate like any other).

    Four players at 2 + 2 after 0–1 and 2–3, a club of 0, 2 and 3 (two tables cannot part
    three): kept apart, 0 could only meet 1 again; with the club broken, 0–2 and 1–3 meet
    nobody again.

    >>> p = Problem((2, 2), {(0, 1): 1, (2, 3): 1}, ((0, 2, 3),), (), [0] * 4, [0] * 4,
    ...     [0] * 4)
    >>> lower_bound(p), lower_bound(p, clubs_apart=False)
    (1, 0)
    """
    seated = sorted(s for s in problem.sizes if s > 1)
    if not seated:
        return 0
    need = seated[0] - 1
    clubs = {p: set(c) for c in problem.clubs for p in c} if clubs_apart else {}
    whole = problem.most_kept == sum(map(len, problem.groups))
    group_of = {p: g for g, members in enumerate(problem.groups) for p in members if whole}
    known: list[set[int]] = [set() for _ in range(problem.n)]
    for a, b in problem.met:
        known[a].add(b)
        known[b].add(a)
    lacks = []
    for p in range(problem.n):
        shut = known[p] | clubs.get(p, set())
        if p in group_of:
            shut |= {q for q, g in group_of.items() if g != group_of[p]}
        lacks.append(max(0, need - (problem.n - 1 - len(shut - {p}))))
    lacks.sort()
    byes = problem.sizes.count(1)
    return -(-sum(lacks[: len(lacks) - byes]) // 2)


def fairest(problem: Problem) -> int:
    """A lower bound on the fairness cost: the byes' seats, and the smaller tables' seats, each
    given to the players they cost least."""
    total = 0
    for kind in (1, 2):
        slots = [t for t, s in enumerate(problem.sizes) if (s == 1) == (kind == 1)]
        seats = sum(problem.sizes[t] for t in slots if problem.sizes[t] < problem.largest)
        if seats and slots:
            costs = sorted(weight(problem, p, slots[-1]) for p in range(problem.n))
            total += sum(costs[:seats])
    return total


def weight(problem: Problem, p: int, t: int) -> int:
    """What seating ``p`` at table ``t`` costs in fairness: by their byes (or 3-player tables)
    beyond the fewest anyone has, growing fast (0, 3, 15, 63 …), so that two players one
    time beyond cost less than one player two times beyond.

    >>> weight(Problem((4, 3), {}, (), (), [0, 2, 1, 0, 0, 0, 0], [0] * 7, [0] * 7), 1, 1)
    15
    """
    size = problem.sizes[t]
    if size == 1:
        beyond = problem.byes[p] - min(problem.byes)
    elif size < problem.largest:
        beyond = problem.small[p] - min(problem.small)
    else:
        return 0
    return (1 << 2 * min(beyond, 12)) - 1


def low_starters(problem: Problem) -> set[int]:
    low = min(problem.starts)
    return {p for p in range(problem.n) if problem.starts[p] == low}


def start_faults(problem: Problem, tables: Sequence[set[int]]) -> list[int]:
    """Per table (and the byes): how far it keeps starts from staying within one.  With more
    of the fewest-starts players (lows) than tables, each table needs one; with fewer, each
    must start: at most one a table, none at a bye."""
    lows, sizes = low_starters(problem), problem.sizes
    games = sum(1 for s in sizes if s > 1)
    faults = []
    for t, table in enumerate(tables):
        here = len(table & lows)
        if sizes[t] == 1:
            faults.append(here if len(lows) <= games else 0)
            continue
        fault = 0
        if len(lows) >= games:
            fault += max(0, 1 - here)
        if len(lows) <= games:
            fault += max(0, here - 1)
        faults.append(fault)
    return faults


def club_pairs(problem: Problem) -> list[tuple[int, int]]:
    return [(a, b) for club in problem.clubs for a, b in combinations(sorted(club), 2)]


def homes(problem: Problem, tables: Sequence[Sequence[int]]) -> list[int]:
    """Each fixed group's table in a seating the model did not make (a first seating): the
    table holding most of its players, ties to the one holding the earliest in roster
    order; a table already taken by an earlier group is no home (-1)."""
    found: list[int] = []
    for members in problem.groups:
        counts = {
            t: [p for p in members if p in table]
            for t, table in enumerate(tables)
            if problem.sizes[t] > 1 and t not in found
        }
        if not counts:
            found.append(-1)
            continue
        best = max(counts, key=lambda t: (len(counts[t]), -min(counts[t], default=problem.n)))
        found.append(best if counts[best] else -1)
    return found


def kept(problem: Problem, tables: Sequence[Sequence[int]], at: Sequence[int]) -> set[int]:
    """The fixed players who keep their number: those at their group's table ``at`` (in
    2-player formats two may sit there together, though only one is promised it)."""
    return {
        p
        for members, t in zip(problem.groups, at, strict=True)
        if t >= 0
        for p in members
        if p in tables[t]
    }
