"""Swiss seating: tables of players close in the standings, few repeated opponents.

Tables of 3–4 (``group``): start from windows of the standings (ranks 1–4, 5–8,
…), then simulated annealing over swaps of two players of one class (see
``plan``), minimising::

    repeat_weight × (repeated or forbidden meetings, as ``plan`` counts them)
    + Σ over tables (worst rank − best rank at the table)

so a repeat is worth ``repeat_weight`` ranks of spread (default ``REPEAT_WEIGHT``).
Two-player formats (``pairs``) pair by standings, 1–2, 3–4, …: the best unpaired player meets the
best-placed player they have not met yet, backtracking when the rest cannot be
paired; only when no pairing without a rematch exists does it fall back to
``group``, which keeps the rematches few.

>>> from xlsx_scorer.core.seating.plan import Meetings, take
>>> pairs([0, 1, 2, 3], Meetings(4))
[[0, 1], [2, 3]]
>>> m = Meetings(4); m.add_round([[0, 1], [2, 3]])
>>> pairs([0, 1, 2, 3], m)
[[0, 2], [1, 3]]
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from xlsx_scorer.core.seating.plan import Meetings, take

#: The default price of one repeated meeting, in ranks of spread (see docs/rules.md, Seating).
REPEAT_WEIGHT = 5.0
#: The price of a table without a player due to start (or with two who both must): before closeness.
START_WEIGHT = 100.0
#: Annealing steps per player seated (a count, never a clock: the same seed, the same tables).
STEPS_PER_PLAYER = 1500


def pairs(order: Sequence[int], meetings: Meetings, limit: int = 50_000) -> list[list[int]] | None:
    """Pair ``order`` (best first) top-down without a rematch or forbidden pair, or ``None``."""
    budget = [limit]

    def pair(rest: list[int]) -> list[list[int]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        for i, other in enumerate(others):
            if meetings.join(first, other):
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
    steps: int | None = None,
) -> list[list[int]]:
    """Improve ``tables`` (``meetings`` holds the earlier rounds only) by simulated annealing.

    ``lows`` are the players with the fewest starts: when there are at least as
    many as tables, every table needs one of them (to start); when fewer, no
    table may have two (each must start).  Breaking that costs ``START_WEIGHT``.
    """
    fewer = len(lows) < len(tables)
    weight = REPEAT_WEIGHT if repeat_weight is None else repeat_weight
    where = {p: t for t, table in enumerate(tables) for p in table}
    movable = sorted(p for p in where if p not in fixed)
    by_class: dict[int, list[int]] = {}
    for p in movable:
        by_class.setdefault(classes[p], []).append(p)
    choices = [p for p in movable if len(by_class[classes[p]]) > 1]
    if not choices:
        return tables
    total = steps if steps is not None else STEPS_PER_PLAYER * len(where)
    hot, cold = 3.0, 0.05
    best = [list(t) for t in tables]
    cost = best_cost = _cost(tables, rank, meetings, weight, lows, fewer)
    for step in range(total):
        a = rng.choice(choices)
        b = rng.choice(by_class[classes[a]])
        ta, tb = where[a], where[b]
        if ta == tb:
            continue
        before = _table_cost(tables[ta], rank, meetings, weight, lows, fewer) + _table_cost(
            tables[tb], rank, meetings, weight, lows, fewer
        )
        tables[ta][tables[ta].index(a)] = b
        tables[tb][tables[tb].index(b)] = a
        after = _table_cost(tables[ta], rank, meetings, weight, lows, fewer) + _table_cost(
            tables[tb], rank, meetings, weight, lows, fewer
        )
        delta = after - before
        heat = hot * (cold / hot) ** (step / total)
        if delta <= 0 or rng.random() < math.exp(-delta / heat):
            where[a], where[b] = tb, ta
            cost += delta
            if cost < best_cost - 1e-9:
                best_cost, best = cost, [list(t) for t in tables]
        else:
            tables[ta][tables[ta].index(b)] = a
            tables[tb][tables[tb].index(a)] = b
    return best


def _table_cost(  # noqa: PLR0917 - one call per table per step
    table: Sequence[int],
    rank: Sequence[int],
    meetings: Meetings,
    weight: float,
    lows: frozenset[int],
    fewer: bool,
) -> float:
    ranks = [rank[p] for p in table]
    starters = sum(1 for p in table if p in lows)
    unfair = max(0, starters - 1) if fewer else int(starters == 0)
    repeats = sum(meetings.join(a, b) for i, a in enumerate(table) for b in table[i + 1 :])
    return max(ranks) - min(ranks) + weight * repeats + START_WEIGHT * unfair


def _cost(  # noqa: PLR0917 - as _table_cost
    tables: Sequence[Sequence[int]],
    rank: Sequence[int],
    meetings: Meetings,
    weight: float,
    lows: frozenset[int],
    fewer: bool,
) -> float:
    return sum(_table_cost(table, rank, meetings, weight, lows, fewer) for table in tables)
