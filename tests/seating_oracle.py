"""An independent brute force for seating one round (SPEC §7), for small rosters only.

Written from SPEC §7, issue 25 and the shared contract of the brief, never from the
engine: every seating of the round is enumerated and scored, so what it says is true by
construction. It judges the engine's seatings in tests/test_issue25_oracle*.py.

A round's problem: the active players (roster order), the table sizes of the round (as
many of the largest as possible; 2-player formats: pairs and a bye for an odd count), the
hard rules (a fixed table number is a place: the player sits at the table of that number,
of any size; players of one club never at one table; dropped players are simply not
active) and what the earlier rounds left (pairs met, 3-player tables, byes and starts per
player; a bye is no start, and "3-player" means a table smaller than the format's largest).

Every seating is scored lexicographically, the order SPEC §7 and the issue give:

1. hard rules broken, in two counts (``violations`` is their sum; 0 whenever the hard
   rules can be kept at all): first ``fixed``, the fixed players not at their number —
   as few as the table sizes force (five fixed at table 1 of 3 + 3 + 3: two); in
   2-player formats a table's number seats one fixed player (two would meet there every
   round); then ``clubs``, the same-club pairs seated together.  Which players of a
   group larger than its table keep the number is every choice: the brute force tries
   them all, so the clubs, repeats, fairness and starts decide it;
2. ``repeats``: pairs at one table this round who met before (a pair counts once);
3. ``fairness``: Σ over the players at a 3-player table (or on the bye) of how many they had
   before; it is least exactly when those seats go to the players with the fewest
   (nobody a second time before everyone once);
4. ``spread``: the starts after the round, highest minus lowest over the active players,
   the starters chosen at best (seat 1 is the starter; any player of a table may start).

Partitions are enumerated canonically (the first unplaced player opens the next table), so
each unordered seating is met once; table numbers are then the best labelling for the
fixed players. 9 players at three tables of 3: 280 partitions; 9 in pairs and a bye: 945.

>>> p = Problem.build("ABCDEFG", [("A", "B", "C", "D"), ("E", "F", "G")], sizes=(3, 4))
>>> p.sizes, optimum(p)
((4, 3), Score(fixed=0, clubs=0, repeats=3, fairness=1, spread=1))
>>> club = {"A": "x", "B": "x", "C": "x", "D": "x"}  # two tables: 2 + 2 is the best split
>>> optimum(Problem.build("ABCDEFG", [], sizes=(3, 4), clubs=club)).violations
2
>>> optimum(Problem.build("ABCDEFG", [], sizes=(3, 4), fixed={"A": 3})).violations
1
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import NamedTuple


class Score(NamedTuple):
    fixed: int
    clubs: int
    repeats: int
    fairness: int
    spread: int

    @property
    def violations(self) -> int:
        """The hard rules broken: fixed players off their number and club pairs together."""
        return self.fixed + self.clubs


def plan(count: int, sizes: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """The round's table sizes (largest first) and the number of byes, or ``((), 0)``.

    >>> plan(7, (3, 4)), plan(11, (3, 4)), plan(9, (3, 4)), plan(5, (3, 4)), plan(7, (2,))
    (((4, 3), 0), ((4, 4, 3), 0), ((3, 3, 3), 0), ((), 0), ((2, 2, 2), 1))
    """
    if tuple(sorted(sizes)) == (2,):
        return ((2,) * (count // 2), count % 2) if count >= 2 else ((), 0)
    big, small = max(sizes), min(sizes)
    for fours in range(count // big, -1, -1):
        rest = count - fours * big
        if rest % small == 0:
            tables = (big,) * fours + (small,) * (rest // small)
            return (tables, 0) if tables else ((), 0)
    return ((), 0)


@dataclass(frozen=True)
class Problem:
    """One round to seat: who, at which sizes, under which rules, after which rounds."""

    players: tuple[str, ...]
    sizes: tuple[int, ...]
    byes: int
    largest: int
    clubs: tuple[tuple[str, str], ...] = ()
    fixed: tuple[tuple[str, int], ...] = ()
    met: frozenset[frozenset[str]] = frozenset()
    small: tuple[tuple[str, int], ...] = ()
    had_bye: tuple[tuple[str, int], ...] = ()
    starts: tuple[tuple[str, int], ...] = ()
    _cache: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    @classmethod
    def build(
        cls,
        players: Iterable[str],
        history: Iterable[Sequence[str]],
        *,
        sizes: Sequence[int],
        clubs: Mapping[str, str] | None = None,
        fixed: Mapping[str, int] | None = None,
        byes: Iterable[str] = (),
    ) -> Problem:
        """From the active players and the earlier tables (players in seat order)."""
        names = tuple(players)
        tables, bye_count = plan(len(names), sizes)
        largest = max(sizes)
        met: set[frozenset[str]] = set()
        small: Counter[str] = Counter()
        starts: Counter[str] = Counter()
        for table in history:
            met.update(frozenset(pair) for pair in itertools.combinations(table, 2))
            if table:
                starts[table[0]] += 1
            if 1 < len(table) < largest:
                small.update(table)
        had = Counter(byes)
        clubs_kept = {p: c.strip().casefold() for p, c in (clubs or {}).items() if p in names}
        return cls(
            names,
            tables,
            bye_count,
            largest,
            tuple(sorted(clubs_kept.items())),
            tuple(sorted((p, k) for p, k in (fixed or {}).items() if p in names)),
            frozenset(m for m in met if m <= set(names)),
            tuple(sorted((p, small[p]) for p in names)),
            tuple(sorted((p, had[p]) for p in names)),
            tuple(sorted((p, starts[p]) for p in names)),
        )

    def score(
        self, tables: Sequence[Sequence[str]], byes: Sequence[str], numbers: Sequence[int]
    ) -> Score:
        """The score of one seating: ``tables`` in seat order, numbered ``numbers``."""
        club = dict(self.clubs)
        clashes = sum(
            1
            for table in tables
            for a, b in itertools.combinations(table, 2)
            if a in club and club[a] == club.get(b)
        )
        at = {p: n for table, n in zip(tables, numbers, strict=True) for p in table}
        repeats = self._repeats([tuple(t) for t in tables])
        fairness = self._fairness([tuple(t) for t in tables], tuple(byes))
        starts = dict(self.starts)
        for table in tables:
            starts[table[0]] += 1
        spread = max(starts.values()) - min(starts.values())
        return Score(self._off(at), clashes, repeats, fairness, spread)

    def _off(self, at: Mapping[str, int], may: frozenset[str] | None = None) -> int:
        """The fixed players off their number with the tables numbered ``at``: not at it, or
        past the one a 2-player table's number seats.  ``may``: only these may be off (else
        ``len(self.fixed) + 1``, more than any count)."""
        room = 1 if self.sizes and max(self.sizes) == 2 else None
        off = [p for p, k in self.fixed if at.get(p) != k]
        for number in {k for _, k in self.fixed}:
            there = [p for p, k in self.fixed if k == number and at.get(p) == k]
            if room is not None and len(there) > room:
                if may is not None:  # the ones allowed off leave first
                    there.sort(key=lambda p: p not in may)
                off.extend(there[: len(there) - room])
        if may is not None and not set(off) <= may:
            return len(self.fixed) + 1
        return len(off)

    def _repeats(self, tables: Sequence[tuple[str, ...]]) -> int:
        return sum(
            1
            for t in tables
            for pair in itertools.combinations(t, 2)
            if frozenset(pair) in self.met
        )

    def _fairness(self, tables: Sequence[tuple[str, ...]], byes: tuple[str, ...]) -> int:
        small, had = dict(self.small), dict(self.had_bye)
        at_small = [p for t in tables if len(t) < self.largest for p in t]
        return sum(small[p] for p in at_small) + sum(had[p] for p in byes)

    def _violations(self, blocks: Sequence[tuple[str, ...]]) -> tuple[int, int]:
        """(fixed players off their number at the best numbering, club pairs together)."""
        club = dict(self.clubs)
        clash = sum(
            1
            for t in blocks
            for a, b in itertools.combinations(t, 2)
            if a in club and club[a] == club.get(b)
        )
        if not self.fixed:
            return 0, clash
        best = len(self.fixed)
        for numbers in itertools.permutations(range(1, len(blocks) + 1)):
            at = {p: n for t, n in zip(blocks, numbers, strict=True) for p in t}
            best = min(best, self._off(at))
            if best == 0:
                break
        return best, clash

    def _spread(self, blocks: Sequence[tuple[str, ...]]) -> int:
        starts = dict(self.starts)
        best = None
        for starters in itertools.product(*blocks):
            after = dict(starts)
            for p in starters:
                after[p] += 1
            spread = max(after.values()) - min(after.values())
            best = spread if best is None else min(best, spread)
            if best == 0:
                break
        return best if best is not None else 0

    def within(self, clashes: frozenset[frozenset[str]], off: frozenset[str]) -> list[Score]:
        """Every seating breaking no hard rule but these: the club pairs ``clashes`` may
        meet, the players ``off`` may leave their fixed table (the rules as one seating
        kept them); their violations are those allowed."""
        club = dict(self.clubs)
        found = []
        for shape in partitions(len(self.players), self.sizes, self.byes):
            blocks = [tuple(self.players[i] for i in block) for block in shape[0]]
            byes = tuple(self.players[i] for i in shape[1])
            if any(
                a in club and club[a] == club.get(b) and frozenset((a, b)) not in clashes
                for t in blocks
                for a, b in itertools.combinations(t, 2)
            ):
                continue
            if self.fixed and not any(
                self._off({p: n for t, n in zip(blocks, numbers, strict=True) for p in t}, off)
                <= len(off)
                for numbers in itertools.permutations(range(1, len(blocks) + 1))
            ):
                continue
            found.append(
                Score(
                    len(off),
                    len(clashes),
                    self._repeats(blocks),
                    self._fairness(blocks, byes),
                    self._spread(blocks),
                )
            )
        return found

    def scores(self) -> list[Score]:
        """The score of every seating (one per partition: its best numbering and starters)."""
        if "scores" not in self._cache:
            found = []
            for shape in partitions(len(self.players), self.sizes, self.byes):
                blocks = [tuple(self.players[i] for i in block) for block in shape[0]]
                byes = tuple(self.players[i] for i in shape[1])
                found.append(
                    Score(
                        *self._violations(blocks),
                        self._repeats(blocks),
                        self._fairness(blocks, byes),
                        self._spread(blocks),
                    )
                )
            self._cache["scores"] = found
        return self._cache["scores"]  # type: ignore[return-value]


def optimum(problem: Problem) -> Score:
    """The lexicographic best seating's score."""
    return min(problem.scores())


def unkeepable(problem: Problem) -> frozenset[str]:
    """The hard rules no seating keeps: ``club`` (even with the fixed tables set aside),
    ``fixed`` (even with the clubs set aside), ``together`` (keeping both breaks more than
    each alone: a club pair fixed at one table); empty when one seating keeps them all.

    >>> sorted(unkeepable(Problem.build("ABCDEF", [], sizes=(3, 4), fixed={"A": 3})))
    ['fixed']
    >>> both = Problem.build("ABCDEF", [], sizes=(3, 4), fixed={"A": 1, "B": 2, "C": 1},
    ...                      clubs={"A": "x", "C": "x"})
    >>> sorted(unkeepable(both)), sorted(unkeepable(replace(both, fixed=(), _cache={})))
    (['together'], [])
    """
    joint = optimum(problem).violations
    clubs = optimum(replace(problem, fixed=(), _cache={})).violations
    fixed = optimum(replace(problem, clubs=(), _cache={})).violations
    found = {"club"} if clubs else set()
    found |= {"fixed"} if fixed else set()
    found |= {"together"} if joint > clubs + fixed else set()
    return frozenset(found)


@cache
def partitions(
    count: int, sizes: tuple[int, ...], byes: int
) -> tuple[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], ...]:
    """Every way to split players ``0..count-1`` into tables of ``sizes`` and ``byes`` byes,
    each unordered seating once: (tables, byes).

    >>> len(partitions(7, (4, 3), 0)), len(partitions(9, (3, 3, 3), 0))
    (35, 280)
    >>> len(partitions(9, (2, 2, 2, 2), 1))
    945
    """
    found: list[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = []

    def place(
        rest: tuple[int, ...], left: Counter[int], tables: list[tuple[int, ...]], bye: list[int]
    ) -> None:
        if not rest:
            found.append((tuple(tables), tuple(bye)))
            return
        first, others = rest[0], rest[1:]
        if len(bye) < byes:
            place(others, left, tables, [*bye, first])
        for size in sorted(s for s, n in left.items() if n):
            left[size] -= 1
            for mates in itertools.combinations(others, size - 1):
                remaining = tuple(p for p in others if p not in mates)
                place(remaining, left, [*tables, (first, *mates)], bye)
            left[size] += 1

    place(tuple(range(count)), Counter(sizes), [], [])
    return tuple(found)
