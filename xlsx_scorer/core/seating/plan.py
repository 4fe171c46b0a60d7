"""The search behind seating: group players into tables with as few repeated pairs as possible.

Players are numbers ``0 … n-1``.  A *round to seat* says, for every player, their
*class* (which kind of seat they take: a starter or not, at a full-size table or
a smaller one) and the size of every table with the class of each of its seats.
The search only ever swaps two players of the same class between two tables of
the same round, so whatever was decided before grouping — who sits at the small
tables this time, who starts — stays true; it changes only who meets whom.

The cost of a schedule, summed over every pair of players that meet::

    forbidden pair (same club, two fixed tables)   FORBIDDEN per meeting
    any other pair                                  1 per meeting after the first

and, for a single swiss round, ``spread_weight`` × (highest − lowest standing)
of every table.  ``improve`` is a min-conflicts tabu search (pick a player who
meets someone too often, make the best swap that is not tabu, remember it for a
few steps); it stops at cost 0, or after a fixed number of steps — a count,
never a clock, so the same seed always gives the same tables.

>>> import random
>>> rounds = initial([[0] * 8] * 3, [[(0, 0, 0, 0), (0, 0, 0, 0)]] * 3,
...                  Meetings(8), random.Random(1))
>>> meetings = Meetings(8)
>>> for tables in rounds:
...     meetings.add_round(tables)
>>> improve(rounds, [[0] * 8] * 3, meetings, random.Random(1)) <= meetings.cost()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

#: The cost of one meeting of a pair that must not meet (a club, two fixed tables).
FORBIDDEN = 1000


@dataclass
class Meetings:
    """How often each pair met (history and the rounds being planned), and which must not meet.

    >>> m = Meetings(3)
    >>> m.add_round([[0, 1, 2]]); m.add_round([[0, 1, 2]])
    >>> m.count(0, 1), m.cost()
    (2, 3)
    """

    n: int
    met: list[list[int]] = field(default_factory=list)
    forbidden: set[tuple[int, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.met = [[0] * self.n for _ in range(self.n)]

    def count(self, a: int, b: int) -> int:
        return self.met[a][b]

    def add(self, a: int, b: int, step: int) -> None:
        self.met[a][b] += step
        self.met[b][a] += step

    def add_round(self, tables: Sequence[Sequence[int]], step: int = 1) -> None:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    self.add(a, b, step)

    def pair_cost(self, a: int, b: int, times: int) -> int:
        """The cost of ``a`` and ``b`` meeting ``times`` times."""
        if (min(a, b), max(a, b)) in self.forbidden:
            return FORBIDDEN * times
        return max(0, times - 1)

    def join(self, a: int, b: int) -> int:
        """What one more meeting of ``a`` and ``b`` costs."""
        if (min(a, b), max(a, b)) in self.forbidden:
            return FORBIDDEN
        return 1 if self.met[a][b] >= 1 else 0

    def leave(self, a: int, b: int) -> int:
        """What one meeting fewer of ``a`` and ``b`` saves (a positive number)."""
        if (min(a, b), max(a, b)) in self.forbidden:
            return FORBIDDEN
        return 1 if self.met[a][b] >= 2 else 0

    def cost(self) -> int:
        return sum(
            self.pair_cost(a, b, self.met[a][b])
            for a in range(self.n)
            for b in range(a + 1, self.n)
        )


def initial(
    classes: Sequence[Sequence[int]],
    shapes: Sequence[Sequence[tuple[int, ...]]],
    meetings: Meetings,
    rng: random.Random,
    blocks: Sequence[Sequence[tuple[int, tuple[int, ...]]]] = (),
) -> list[list[list[int]]]:
    """A first grouping of every round, greedy: each player joins the open seat of their class
    where they add the least cost (rounds after the first see the earlier ones).

    ``classes[r][p]`` is player ``p``'s class in round ``r`` (``-1``: not seated);
    ``shapes[r]`` one tuple per table, the class of each seat; ``blocks[r]`` players
    placed first, as ``(table, players)``: the fixed tables.
    """
    planned: list[list[list[int]]] = []
    for r, shape in enumerate(shapes):
        tables: list[list[int]] = [[] for _ in shape]
        open_seats = [list(seats) for seats in shape]
        for table, players in blocks[r] if blocks else ():
            for p in players:
                tables[table].append(p)
                take(open_seats[table], classes[r][p])
        placed = {p for table in tables for p in table}
        order = [p for p in range(len(classes[r])) if classes[r][p] >= 0 and p not in placed]
        rng.shuffle(order)
        order.sort(key=lambda p: classes[r][p])
        for p in order:
            kind = classes[r][p]
            fits = [t for t in range(len(tables)) if kind in open_seats[t]]
            best = min(
                fits or [t for t in range(len(tables)) if open_seats[t]],
                key=lambda t: (sum(meetings.join(p, q) for q in tables[t]), len(tables[t]), t),
            )
            tables[best].append(p)
            take(open_seats[best], kind)
        meetings.add_round(tables)
        planned.append(tables)
    return planned


def take(seats: list[int], kind: int) -> None:
    """Take a seat of class ``kind``, or any seat when none is left (players of a fixed table)."""
    if kind in seats:
        seats.remove(kind)
    else:
        seats.pop()


def improve(
    rounds: list[list[list[int]]],
    classes: Sequence[Sequence[int]],
    meetings: Meetings,
    rng: random.Random,
    *,
    fixed: frozenset[int] = frozenset(),
    steps: int = 20000,
    patience: int = 1500,
) -> int:
    """Swap players between tables until no pair meets too often (or ``steps`` run out).

    ``meetings`` must already hold ``rounds``; both are changed in place.  Returns
    the cost of the planned rounds' meetings at the end (0: no repeat, no
    forbidden pair).  ``fixed`` players are never moved.  It gives up after
    ``patience`` steps without a better schedule (repeats that cannot be avoided).
    """
    where = [{p: t for t, table in enumerate(tables) for p in table} for tables in rounds]
    tabu: dict[tuple[int, int, int], int] = {}
    cost = _conflict_cost(rounds, meetings)
    best_cost, best = cost, [[list(t) for t in tables] for tables in rounds]
    stale = since_best = 0
    for step in range(steps):
        if cost == 0 or since_best > patience:
            break
        since_best += 1
        spots = _conflicts(rounds, meetings, fixed)
        if len(spots) > 12:
            spots = rng.sample(spots, 12)
        move = _best_move(
            rounds, where, classes, meetings, spots, fixed, tabu, step, cost, best_cost
        )
        if move is None:
            continue
        delta, r, a, b = move
        _swap(rounds[r], where[r], meetings, a, b)
        tabu[(r, min(a, b), max(a, b))] = step + rng.randint(4, 14)
        cost += delta
        if cost < best_cost:
            best_cost, best, stale = cost, [[list(t) for t in tables] for tables in rounds], 0
            since_best = 0
        else:
            stale += 1
        if stale > 400:  # stuck: back to the best, shaken a little
            _restore(rounds, where, meetings, best)
            cost, stale = best_cost, 0
            for _ in range(3):
                _shake(rounds, where, classes, meetings, fixed, rng)
            cost = _conflict_cost(rounds, meetings)
    if cost > best_cost:
        _restore(rounds, where, meetings, best)
    return min(cost, best_cost)


def _conflict_cost(rounds: Sequence[Sequence[Sequence[int]]], meetings: Meetings) -> int:
    """The cost of the planned meetings: each pair at a planned table pays its extras once."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for tables in rounds:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    pair = (min(a, b), max(a, b))
                    if pair not in seen:
                        seen.add(pair)
                        total += meetings.pair_cost(a, b, meetings.count(a, b))
    return total


def _conflicts(
    rounds: Sequence[Sequence[Sequence[int]]], meetings: Meetings, fixed: frozenset[int]
) -> list[tuple[int, int]]:
    """Every (round, player) where a movable player meets someone too often."""
    spots = []
    for r, tables in enumerate(rounds):
        for table in tables:
            for a in table:
                if a not in fixed and any(b != a and meetings.leave(a, b) for b in table):
                    spots.append((r, a))
    return spots


def _best_move(  # noqa: PLR0917 - the whole search state, one call per step
    rounds: Sequence[Sequence[Sequence[int]]],
    where: Sequence[dict[int, int]],
    classes: Sequence[Sequence[int]],
    meetings: Meetings,
    spots: Sequence[tuple[int, int]],
    fixed: frozenset[int],
    tabu: dict[tuple[int, int, int], int],
    step: int,
    cost: int,
    best_cost: int,
) -> tuple[int, int, int, int] | None:
    best: tuple[int, int, int, int] | None = None
    for r, a in spots:
        tables, home = rounds[r], where[r][a]
        kind = classes[r][a]
        leave_a = sum(meetings.leave(a, x) for x in tables[home] if x != a)
        for t, table in enumerate(tables):
            if t == home:
                continue
            for b in table:
                if b in fixed or classes[r][b] != kind:
                    continue
                delta = (
                    sum(meetings.join(a, y) for y in table if y != b)
                    + sum(meetings.join(b, x) for x in tables[home] if x != a)
                    - leave_a
                    - sum(meetings.leave(b, y) for y in table if y != b)
                )
                if tabu.get((r, min(a, b), max(a, b)), -1) > step and cost + delta >= best_cost:
                    continue
                if best is None or delta < best[0]:
                    best = (delta, r, a, b)
    return best


def _swap(
    tables: list[list[int]], where: dict[int, int], meetings: Meetings, a: int, b: int
) -> None:
    ta, tb = where[a], where[b]
    for x in tables[ta]:
        if x != a:
            meetings.add(a, x, -1)
            meetings.add(b, x, 1)
    for y in tables[tb]:
        if y != b:
            meetings.add(b, y, -1)
            meetings.add(a, y, 1)
    tables[ta][tables[ta].index(a)] = b
    tables[tb][tables[tb].index(b)] = a
    where[a], where[b] = tb, ta


def _restore(
    rounds: list[list[list[int]]],
    where: list[dict[int, int]],
    meetings: Meetings,
    best: list[list[list[int]]],
) -> None:
    for r, tables in enumerate(best):
        meetings.add_round(rounds[r], -1)
        meetings.add_round(tables)
        rounds[r] = [list(t) for t in tables]
        where[r] = {p: t for t, table in enumerate(rounds[r]) for p in table}


def _shake(  # noqa: PLR0917 - the whole search state
    rounds: list[list[list[int]]],
    where: list[dict[int, int]],
    classes: Sequence[Sequence[int]],
    meetings: Meetings,
    fixed: frozenset[int],
    rng: random.Random,
) -> None:
    """One random swap of two movable players of one class."""
    r = rng.randrange(len(rounds))
    movable = sorted(p for p in where[r] if p not in fixed)
    if len(movable) < 2:
        return
    a = rng.choice(movable)
    others = [b for b in movable if classes[r][b] == classes[r][a] and where[r][b] != where[r][a]]
    if others:
        _swap(rounds[r], where[r], meetings, a, rng.choice(others))
