"""Swiss seating: tables of players close in the standings, few repeated opponents.

Round 1 (no game played yet) is a seeded draw (``order``): the roster's order would pair
the first names together and give the last one the first bye, whatever the seed.

Tables of 3–4 (``group``): start from windows of the standings (ranks 1–4, 5–8,
…), then an iterated local search over swaps of two players of one class (see
``plan``), minimising::

    HARD × (pairs that must never meet: one club, two fixed tables)
    + START_WEIGHT × (tables breaking the start rule) + MISPLACED × (players moved
      to a table of the other kind to part a club)
    + repeat_weight × (pairs meeting again) + Σ over tables (worst rank − best rank)

so a repeat is worth ``repeat_weight`` ranks of spread: ``REPEATS_FIRST`` (repeats first,
SPEC §7) up to ``exact.SMALL_ROSTER`` players, whose round CP-SAT then settles with its fewest
repeats proven (``keep.settle``); above, ``REPEAT_WEIGHT``, a trade-off, because repeats
first spread the tables too far (40 × 6, each round at its fewest repeats: 0 repeats at a
mean spread of 10.9; this trade-off: 13.7 at 5.97; docs/rules.md, Seating).  Each
kick swaps two near players at random and descends (the best swap of each player whose
table changed, while one lowers the cost); a kick that leaves the cost higher is undone.
A fixed number of kicks (``KICKS_PER_PLAYER``, at most ``KICK_WORK`` ÷ players), never a clock.

Two-player formats (``pairs``) pair by standings, 1–2, 3–4, …: the best unpaired player meets
the best-placed player they have not met yet, keeping starts within one, backtracking when
the rest cannot be paired.  The bye is chosen with it (``seatround._bye_choices``): the
first of those with the fewest byes whose bye leaves such a pairing; only when none does is
the round ``group``-ed and settled by CP-SAT (the fewest rematches, proven or bounded).

>>> from xlsx_scorer.core.seating.plan import Meetings, take
>>> pairs([0, 1, 2, 3], Meetings(4))
[[0, 1], [2, 3]]
>>> m = Meetings(4); m.add_round([[0, 1], [2, 3]])
>>> pairs([0, 1, 2, 3], m)
[[0, 2], [1, 3]]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from xlsx_scorer.core.seating.plan import Meetings, take

#: The default price of one repeated meeting, in ranks of spread (see docs/rules.md, Seating).
REPEAT_WEIGHT = 5.0
#: The price of one repeated meeting where repeats come first (SPEC §7: 2-player rounds and
#: rosters of at most ``exact.SMALL_ROSTER``, whose fewest repeats CP-SAT then proves): above
#: any spread a swap can change (12 players: 2 × 11 places), below the start rule.
REPEATS_FIRST = 500.0
#: The price of a table without a player due to start (or with two who both must): before
#: closeness and repeats (after any round, starts per player differ by at most one).
START_WEIGHT = 1000.0
#: The price of a pair that must never meet (one club, two fixed tables): before everything.
HARD = 1_000_000.0
#: Kicks of the local search per player seated, and at most ``KICK_WORK`` ÷ players (a
#: kick's descent grows with the roster: 400 kicks for 40 players, 80 for 200).  Counts,
#: never a clock: the same seed, the same tables.
KICKS_PER_PLAYER, KICK_WORK = 10, 16_000
#: How many places apart in the standings two players may be to be swapped.
NEAR = 8
#: The price of a player at a table of the other kind (a smaller table or not) than the fair
#: choice gave them: below the hard rules, above closeness and repeats.
MISPLACED = 100.0
EPSILON = 1e-9


def order(names: Sequence[str], standings: Sequence[str], rng: random.Random) -> list[int]:
    """The players (indices into ``names``), best first: the standings' order, a player not in
    them (a late entry) after them in roster order.  With no standings (round 1) a seeded
    draw, so that no place of the roster is always paired first or given the first bye.

    >>> order(["A", "B", "C"], ["C", "A"], random.Random(1))
    [2, 0, 1]
    >>> sorted(order(["A", "B", "C"], [], random.Random(1)))
    [0, 1, 2]
    """
    if not standings:
        drawn = list(range(len(names)))
        rng.shuffle(drawn)
        return drawn
    place = {name: i for i, name in enumerate(standings)}
    return sorted(range(len(names)), key=lambda p: (place.get(names[p], len(place)), p))


def bye_keys(rank: Sequence[int], starts: Sequence[int]) -> list[float]:
    """The order the bye is given in among those with the fewest byes, the largest key first:
    a player who started more than the fewest (a bye then costs nobody a start: after the
    round starts stay within one), then the lowest ranked.

    >>> bye_keys([1, 2, 3], [1, 0, 0]), bye_keys([1, 2, 3], ())
    ([1.3333333333333333, 0.6666666666666666, 1.0], [0.3333333333333333, 0.6666666666666666, 1.0])
    """
    least = min(starts, default=0)
    due = [start > least for start in starts] or [False] * len(rank)
    return [rank[p] / len(rank) + due[p] for p in range(len(rank))]


def pairs(
    order: Sequence[int],
    meetings: Meetings,
    lows: frozenset[int] | None = None,
    limit: int = 50_000,
) -> list[list[int]] | None:
    """Pair ``order`` (best first) top-down without a rematch or forbidden pair, or ``None``.

    ``lows`` (the players with the fewest starts, byes included) keep starts within one: with
    at least as many as pairs every pair holds one of them; with fewer, no pair holds two.
    """
    low = lows if lows is not None else frozenset(order)
    fewer = len(low) < len(order) // 2
    budget = [limit]

    def fits(a: int, b: int) -> bool:
        if meetings.join(a, b):
            return False
        both = (a in low) + (b in low)
        return both < 2 if fewer else both > 0

    def pair(rest: list[int]) -> list[list[int]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        left = sum(p in low for p in others)
        for i, other in enumerate(others):
            if not fits(first, other):
                continue
            lows_left = left - (other in low)  # enough (or few enough) lows for the rest?
            if (lows_left > (len(rest) - 2) // 2) if fewer else (2 * lows_left < len(rest) - 2):
                continue
            budget[0] -= 1
            if budget[0] < 0:
                return None
            found = pair(others[:i] + others[i + 1 :])
            if found is not None:
                return [[first, other], *found]
        return None

    return pair(list(order))


def windows(
    order: Sequence[int],
    classes: Sequence[int],
    shape: Sequence[tuple[int, ...]],
    blocks: Sequence[tuple[int, tuple[int, ...]]] = (),
) -> list[list[int]]:
    """Fill the tables in turn, each player (best first) at the first table with a seat of their
    class; ``blocks`` (players sharing a fixed table) first, at their table."""
    tables: list[list[int]] = [[] for _ in shape]
    open_seats = [list(seats) for seats in shape]
    placed: set[int] = set()
    for t, block in blocks:
        for p in block:
            tables[t].append(p)
            placed.add(p)
            take(open_seats[t], classes[p])
    for p in order:
        if p in placed:
            continue
        fits = [t for t in range(len(shape)) if classes[p] in open_seats[t]]
        t = (fits or [t for t in range(len(shape)) if open_seats[t]])[0]
        take(open_seats[t], classes[p])
        tables[t].append(p)
    return tables


def group(
    tables: list[list[int]],
    classes: Sequence[int],
    rank: Sequence[int],
    meetings: Meetings,
    rng: random.Random,
    *,
    fixed: frozenset[int] = frozenset(),
    repeat_weight: float | None = None,
    lows: frozenset[int] = frozenset(),
    kicks: int | None = None,
    kinds: Sequence[int] | None = None,
) -> list[list[int]]:
    """Improve ``tables`` (``meetings`` holds the earlier rounds only) by an iterated local search.

    ``lows`` are the players with the fewest starts: when there are at least as
    many as tables, every table needs one of them (to start); when fewer, no
    table may have two (each must start).  Breaking that costs ``START_WEIGHT``.
    ``kinds`` is each table's class of seat (a smaller table or not): a player at a table
    that breaks a hard rule may change places with one of the other class, at ``MISPLACED``
    each (only so can three players of one club be parted when two of them were due at
    the large tables).
    """
    seat_kinds = kinds if kinds is not None else [classes[t[0]] for t in tables]
    search = _Search(tables, classes, rank, meetings, fixed, repeat_weight, lows, seat_kinds)
    search.descend(list(search.order))
    many = max(1, len(search.order))
    total = kicks if kicks is not None else min(KICKS_PER_PLAYER * many, KICK_WORK // many)
    for _ in range(total if search.order else 0):
        search.kick(rng)
    return search.tables


class _Search:
    """Swaps of two players of one class between two tables, kept when the cost falls.

    Only players close in the standings (``NEAR`` places) are swapped, except for a
    player at a table that breaks the start rule whom a swap can mend it by (any player of
    their class and of the other start kind then) or a hard rule (anyone then).
    """

    def __init__(  # noqa: PLR0917 - what ``group`` is given
        self,
        tables: list[list[int]],
        classes: Sequence[int],
        rank: Sequence[int],
        meetings: Meetings,
        fixed: frozenset[int],
        repeat_weight: float | None,
        lows: frozenset[int],
        kinds: Sequence[int],
    ) -> None:
        weight = REPEAT_WEIGHT if repeat_weight is None else repeat_weight
        self.tables = [list(t) for t in tables]
        self.classes, self.rank = classes, rank
        self.price = [[weight if times else 0.0 for times in row] for row in meetings.met]
        for a, b in meetings.forbidden:
            self.price[a][b] = self.price[b][a] = HARD
        self.low = [p in lows for p in range(len(rank))]
        self.fewer = len(lows) < len(tables)
        self.where = {p: t for t, table in enumerate(self.tables) for p in table}
        self.fixed, self.kinds = fixed, kinds
        self.order = sorted((p for p in self.where if p not in fixed), key=lambda p: rank[p])
        self.position = {p: i for i, p in enumerate(self.order)}
        #: The players not due to start and those due, each best first.
        self.by_low = (
            [p for p in self.order if not self.low[p]],
            [p for p in self.order if self.low[p]],
        )
        self.costs = [self.cost(table, t) for t, table in enumerate(self.tables)]

    def cost(self, table: Sequence[int], t: int) -> float:
        rank, low, kind = self.rank, self.low, self.kinds[t]
        price, high, least, starters, misplaced = 0.0, 0, len(rank) + 1, 0, 0
        for i, a in enumerate(table):
            high, least = max(high, rank[a]), min(least, rank[a])
            starters += low[a]
            misplaced += self.classes[a] != kind and a not in self.fixed
            row = self.price[a]
            for b in table[i + 1 :]:
                price += row[b]
        unfair = max(0, starters - 1) if self.fewer else int(starters == 0)
        return price + high - least + START_WEIGHT * unfair + MISPLACED * misplaced

    def others(self, a: int) -> list[int]:
        """The players ``a`` may swap with: same class, another table, near in the standings."""
        ta, kind = self.where[a], self.classes[a]
        if self.costs[ta] >= HARD:  # a hard rule broken: anyone, of either class
            return [b for b in self.order if self.where[b] != ta]
        if self.costs[ta] >= START_WEIGHT and self._mends(a):  # starts broken, ``a`` can mend
            near = self.by_low[not self.low[a]]
        else:
            i = self.position[a]
            near = self.order[max(0, i - NEAR) : i + NEAR + 1]
        return [b for b in near if self.classes[b] == kind and self.where[b] != ta]

    def _mends(self, a: int) -> bool:
        """Whether swapping ``a`` for one of the other start kind mends ``a``'s table: it has
        no player due to start and ``a`` is not one, or two who must and ``a`` is one."""
        starters = sum(self.low[p] for p in self.tables[self.where[a]])
        if self.fewer:
            return starters > 1 and self.low[a]
        return starters == 0

    def swap(self, a: int, b: int) -> None:
        ta, tb = self.where[a], self.where[b]
        first, second = self.tables[ta], self.tables[tb]
        first[first.index(a)], second[second.index(b)] = b, a
        self.where[a], self.where[b] = tb, ta
        self.costs[ta], self.costs[tb] = self.cost(first, ta), self.cost(second, tb)

    def gain(self, a: int, b: int) -> float:
        """How much the swap of ``a`` and ``b`` lowers the cost (negative: raises it)."""
        ta, tb = self.where[a], self.where[b]
        first = [b if p == a else p for p in self.tables[ta]]
        second = [a if p == b else p for p in self.tables[tb]]
        return self.costs[ta] + self.costs[tb] - self.cost(first, ta) - self.cost(second, tb)

    def descend(self, dirty: list[int]) -> list[tuple[int, int]]:
        """Make the best improving swap of each player in ``dirty`` (and of everyone at a
        table that changed) until none is left; the swaps made, in order."""
        made: list[tuple[int, int]] = []
        waiting = set(dirty)
        while dirty:
            a = dirty.pop()
            waiting.discard(a)
            best, partner = EPSILON, -1
            for b in self.others(a):
                gain = self.gain(a, b)
                if gain > best:
                    best, partner = gain, b
            if partner < 0:
                continue
            self.swap(a, partner)
            made.append((a, partner))
            for p in (*self.tables[self.where[a]], *self.tables[self.where[partner]]):
                if p in self.position and p not in waiting:
                    waiting.add(p)
                    dirty.append(p)
        return made

    def kick(self, rng: random.Random) -> None:
        """Swap two near players at random, descend, and undo it all unless no worse."""
        a = rng.choice(self.order)
        near = self.others(a)
        if not near:
            return
        b = rng.choice(near)
        before = sum(self.costs)
        self.swap(a, b)
        made = [(a, b), *self.descend([a, b])]
        if sum(self.costs) > before + EPSILON:
            for x, y in reversed(made):
                self.swap(y, x)
