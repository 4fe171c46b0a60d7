"""What seating knows about the earlier rounds, and the fair choices made before grouping.

``Context`` holds the active players (roster order), their earlier games and the
roster's constraints.  ``choose_classes`` decides, for one round and before any
grouping, who takes the bye (fewest byes first), who sits at the smaller tables
(fewest small tables first) and who starts (fewest starts first), so these stay
fair whatever the grouping search does later: the search only swaps players of
one class.  ``Context.review`` turns the round into findings.

>>> lower_bound(16, [(4, 4, 4, 4)] * 5), lower_bound(16, [(4, 4, 4, 4)] * 6)
(0, 24)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import comb

from xlsx_scorer.core.seating.plan import Meetings
from xlsx_scorer.core.seating.tables import Entrant, PastTable, Table
from xlsx_scorer.findings import Finding, Where

#: Class codes: 1 = starter; 2 = at a smaller table (so 3 = the starter of a smaller table).
STARTER, SMALL = 1, 2


@dataclass
class Counts:
    small: list[int]
    starts: list[int]
    byes: list[int]


@dataclass
class RoundPlan:
    classes: list[int]
    shape: list[tuple[int, ...]]
    blocks: list[tuple[int, tuple[int, ...]]]
    byes: list[int]
    starters: set[int]
    tables: list[list[int]] = field(default_factory=list)
    rank: list[int] | None = None
    #: What was proven of the round (``exact.settle``): the lower bound on its repeats, whether
    #: they are the minimum (``exact``) or the search stopped at its limit, the clubs' state.
    bound: int | None = None
    proof: str | None = None
    clubs: str = "kept"
    #: Each fixed number's table (index into ``tables``), as ``keep.settle`` decided it.
    homes: dict[int, int] = field(default_factory=dict)

    def grouping(self, names: Sequence[str]) -> frozenset[frozenset[str]]:
        return frozenset(
            frozenset(names[p] for p in group)
            for group in [*self.tables, *([b] for b in self.byes)]
        )


@dataclass
class Context:
    names: list[str]
    history: list[PastTable]
    pins: dict[int, list[int]]
    clubs: list[str | None]
    largest: int
    #: Each player's club as the roster spells it (``clubs`` is folded to compare).
    club_names: list[str | None] = field(default_factory=list)

    @classmethod
    def build(  # noqa: PLR0917 - everything a context is made of
        cls,
        names: list[str],
        history: Sequence[PastTable],
        round_no: int,
        active: Sequence[Entrant],
        pins: dict[int, list[int]],
        largest: int,
    ) -> Context:
        clubs = [_club(e.club) for e in active]
        spelled = [e.club for e in active]
        return cls(names, [g for g in history if g.round < round_no], pins, clubs, largest, spelled)

    def before(self, round_no: int) -> Context:
        return Context(
            self.names,
            [g for g in self.history if g.round < round_no],
            self.pins,
            self.clubs,
            self.largest,
            self.club_names,
        )

    @property
    def blocked(self) -> frozenset[int]:
        """Players sharing a fixed table with another: they stay together, never moved."""
        return frozenset(p for players in self.pins.values() if len(players) > 1 for p in players)

    def _index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.names)}

    def counts(self) -> Counts:
        index, n = self._index(), len(self.names)
        counts = Counts([0] * n, [0] * n, [0] * n)
        for game in self.history:
            seated = [index[p] for p in game.players if p in index]
            if game.bye:
                for p in seated:
                    counts.byes[p] += 1
                continue
            if game.players and game.players[0] in index:
                counts.starts[index[game.players[0]]] += 1
            if 1 < len(game.players) < self.largest:
                for p in seated:
                    counts.small[p] += 1
        return counts

    def meetings(self) -> Meetings:
        index, n = self._index(), len(self.names)
        meetings = Meetings(n)
        for game in self.history:
            if not game.bye:
                meetings.add_round([[index[p] for p in game.players if p in index]])
        for a in range(n):
            for b in range(a + 1, n):
                if self.clubs[a] is not None and self.clubs[a] == self.clubs[b]:
                    meetings.forbidden.add((a, b))
        pinned = sorted((p, number) for number, players in self.pins.items() for p in players)
        for p, number in pinned:
            for q, other in pinned:
                if p < q and number != other:
                    meetings.forbidden.add((p, q))
        return meetings

    def label(self, plan: RoundPlan, notes: list[Finding], round_no: int) -> tuple[Table, ...]:
        """Number the tables (a fixed table keeps its number) and put the starter first."""
        pinned = {p: number for number, players in self.pins.items() for p in players}
        numbers: dict[int, int] = {}
        for t, table in enumerate(plan.tables):
            wanted = sorted({pinned[p] for p in table if p in pinned})
            if wanted and wanted[0] not in numbers.values():
                numbers[t] = wanted[0]
            for number in wanted[1:]:
                for p in table:
                    if pinned.get(p) == number:
                        notes.append(
                            Finding(
                                "seat_fixed_unmet",
                                {"table": number},
                                "notice",
                                Where(round=round_no, player=self.names[p]),
                            )
                        )
        order = list(range(len(plan.tables)))
        if plan.rank is not None:
            rank = plan.rank
            order.sort(key=lambda t: min(rank[p] for p in plan.tables[t]))
        free = iter(n for n in range(1, len(plan.tables) + 1) if n not in numbers.values())
        for t in order:
            if t not in numbers:
                numbers[t] = next(free)
        starts = self.counts().starts
        tables = []
        for t, table in enumerate(plan.tables):
            first = min(table, key=lambda p: (starts[p], p not in plan.starters, table.index(p)))
            seats = (first, *(p for p in table if p != first))
            tables.append(Table(numbers[t], tuple(self.names[p] for p in seats)))
        return tuple(sorted(tables, key=lambda table: table.number))

    def review(
        self, tables: Sequence[Table], plan: RoundPlan, round_no: int, *, alone: bool = False
    ) -> list[Finding]:
        """Findings on the seated round: repeats, clubs, second small tables and byes, starts.

        ``alone``: the round was planned by itself (the event's rounds are not known), so a
        repeat is said to come from that (``planned``: ``round``), not that none could be
        avoided (``event``).
        """
        index, counts, meetings = self._index(), self.counts(), self.meetings()
        notes: list[Finding] = []
        repeats = sum(
            1
            for table in tables
            for i, a in enumerate(table.players)
            for b in table.players[i + 1 :]
            if meetings.count(index[a], index[b])
        )
        # A plan nothing proved (``exact.settle`` not run: swiss's own search, which weighs
        # repeats against the standings) claims only the trivial bound, 0, and says that its
        # repeats come from seating close standings together (``standings``), never a limit.
        bound = plan.bound or 0
        proof = plan.proof or ("exact" if repeats == bound else "standings")
        planned = "round" if alone else {"exact": "proven"}.get(proof, proof)
        for table in tables:
            seated = [index[p] for p in table.players]
            for i, a in enumerate(seated):
                for b in seated[i + 1 :]:
                    pair = _words(self.names[p] for p in (a, b))
                    where = Where(round=round_no, table=str(table.number))
                    if self.clubs[a] is not None and self.clubs[a] == self.clubs[b]:
                        notes.append(
                            Finding(
                                "seat_club",
                                {
                                    "club": self.club_names[a] or "",
                                    "players": pair,
                                    "proof": plan.clubs,
                                },
                                "notice",
                                where,
                            )
                        )
                    if meetings.count(a, b):
                        notes.append(
                            Finding(
                                "seat_repeat",
                                {
                                    "players": pair,
                                    "times": meetings.count(a, b) + 1,
                                    "planned": planned,
                                    "left": repeats,
                                    "bound": bound,
                                },
                                "notice",
                                where,
                            )
                        )
        small = {index[p] for t in tables if len(t.players) < self.largest for p in t.players}
        others = [
            counts.small[p] for p in range(len(self.names)) if p not in small and p not in plan.byes
        ]
        for p in sorted(small):
            if others and counts.small[p] > min(others):
                notes.append(
                    Finding(
                        "seat_small_again",
                        {"times": counts.small[p] + 1},
                        "notice",
                        Where(round=round_no, player=self.names[p]),
                    )
                )
        others = [counts.byes[p] for p in range(len(self.names)) if p not in plan.byes]
        for p in plan.byes:
            if others and counts.byes[p] > min(others):
                notes.append(
                    Finding(
                        "seat_bye_again",
                        {"times": counts.byes[p] + 1},
                        "notice",
                        Where(round=round_no, player=self.names[p]),
                    )
                )
        for table in tables:
            counts.starts[index[table.players[0]]] += 1
        notes.append(
            Finding(
                "seat_starts",
                {"low": min(counts.starts), "high": max(counts.starts)},
                "notice",
                Where(round=round_no),
            )
        )
        notes.append(
            Finding(
                "seat_summary",
                {
                    "round": round_no,
                    "tables": len(tables),
                    "players": len(self.names),
                    "byes": len(plan.byes),
                    "repeats": repeats,
                    "bound": bound,
                    "proof": proof,
                },
                "notice",
                Where(round=round_no),
            )
        )
        return notes


def choose_classes(
    ctx: Context, sizes: Sequence[int], counts: Counts, tie: Sequence[float], swiss: bool = False
) -> RoundPlan:
    """Byes, smaller tables and starters of one round, fairest first; ``counts`` move on by it.

    Ties go by ``tie`` (a seeded random number; in swiss the standing, the lowest ranked first).
    """
    n = len(ctx.names)
    order = sorted(range(n), key=lambda p: -tie[p] if swiss else tie[p])
    blocked = ctx.blocked
    byes = sorted((p for p in order if p not in blocked), key=lambda p: counts.byes[p])[
        : sizes.count(1)
    ]
    tables = [s for s in sizes if s > 1]
    seated = [p for p in order if p not in byes]
    small_tables = [s for s in tables if s < ctx.largest]
    small = _smallest(seated, blocked, counts, sum(small_tables), (len(small_tables), len(tables)))
    groups = sorted((v for v in ctx.pins.values() if len(v) > 1), key=len, reverse=True)
    singles = [ps[0] for ps in ctx.pins.values() if len(ps) == 1 and ps[0] not in byes]
    small, due = _due_groups(
        groups, small, singles, counts, (small_tables, len(tables) - len(small_tables))
    )
    pinned = {p for ps in ctx.pins.values() for p in ps}
    small = _clubs_apart(small, seated, ctx.clubs, counts, (len(small_tables), pinned))
    starters = _starters([p for p in seated if p in small], counts, len(small_tables), ctx)
    starters |= _starters(
        [p for p in seated if p not in small], counts, len(tables) - len(small_tables), ctx
    )
    classes = [-1] * n
    for p in seated:
        classes[p] = (SMALL if p in small else 0) | (STARTER if p in starters else 0)
    shape = [
        ((SMALL if s < ctx.largest else 0) | STARTER, *[SMALL if s < ctx.largest else 0] * (s - 1))
        for s in tables
    ]
    # the groups due at a smaller table take those (the last tables); the rest are matched
    # largest to largest
    at_small = [t for t, s in enumerate(tables) if s < ctx.largest][: len(due)]
    others = [t for t in range(len(tables)) if t not in at_small]
    blocks = [
        (at_small.pop(0) if i in due else others.pop(0), tuple(players))
        for i, players in enumerate(groups)
    ]
    for p in small:
        counts.small[p] += 1
    for p in starters:
        counts.starts[p] += 1
    for p in byes:
        counts.byes[p] += 1
    return RoundPlan(classes, shape, blocks, byes, starters)


def _smallest(
    seated: Sequence[int],
    blocked: frozenset[int],
    counts: Counts,
    seats: int,
    tables: tuple[int, int],
) -> set[int]:
    """The players for the smaller tables: fewest small tables so far; among equals, as many
    of those with the fewest starts (``lows``) as keep starts within one.

    ``tables`` is (small tables, all tables).  With at least as many lows as tables,
    every table needs a low to start: at least one per small table, and enough left
    for the large ones.  With fewer, every low must start: at most one per table.
    """
    candidates = sorted((p for p in seated if p not in blocked), key=lambda p: counts.small[p])
    if seats == 0 or not candidates:
        return set()
    small_tables, all_tables = tables
    low = min(counts.starts[p] for p in seated)
    many_lows = sum(1 for p in seated if counts.starts[p] == low)
    if many_lows >= all_tables:
        least, most = small_tables, many_lows - (all_tables - small_tables)
    else:
        least, most = many_lows - (all_tables - small_tables), small_tables
    edge = counts.small[candidates[min(seats, len(candidates)) - 1]]
    chosen = [p for p in candidates if counts.small[p] < edge]
    ties = [p for p in candidates if counts.small[p] == edge]
    lows = [p for p in ties if counts.starts[p] == low]
    highs = [p for p in ties if counts.starts[p] != low]
    room = seats - len(chosen)
    have = sum(1 for p in chosen if counts.starts[p] == low)
    fewest, most_lows = max(0, room - len(highs)), min(len(lows), room)
    take = min(max(least - have, fewest), most_lows)
    if take > most - have:
        take = max(fewest, most - have)
    return {*chosen, *lows[:take], *highs[: room - take]}


def _due_groups(
    groups: Sequence[Sequence[int]],
    small: set[int],
    singles: Sequence[int],
    counts: Counts,
    tables: tuple[Sequence[int], int],
) -> tuple[set[int], set[int]]:
    """The smaller tables' players with the fixed groups due there, and those groups (indices).

    A fixed table number is a place, any table may carry it, and two numbers never share a
    table.  A fixed group (players sharing a number) takes a smaller table, with the rest of
    its seats for players already chosen, when its players have had fewer smaller tables than
    the chosen ones they replace (those who had the most).  Where the groups and the players
    fixed alone (``singles``) outnumber the larger tables, the cheapest of them go to the
    smaller ones.  7 players at 4 + 3, two fixed at table 2 who never sat at a 3-player table
    while everyone else had one: the pair and one other take the 3-player table (fairness 1),
    not three who had one (3).
    """
    small_tables, large = tables
    pinned = {p for g in groups for p in g} | set(singles)
    free = sorted(small_tables)
    for p in singles:  # a player fixed alone at a smaller table takes one of them
        if p in small and free:
            free.pop(0)
    due: set[int] = set()

    def cost(unit: Sequence[int]) -> tuple[int, list[int]] | None:
        fits = [s for s in free if s >= len(unit)]
        leaving = sorted(small - pinned, key=lambda p: (-counts.small[p], p))[: len(unit)]
        if not fits or len(leaving) < len(unit):
            return None
        return sum(counts.small[p] for p in unit) - sum(counts.small[p] for p in leaving), leaving

    def take(unit: Sequence[int], leaving: list[int]) -> set[int]:
        free.remove(next(s for s in free if s >= len(unit)))
        return (small - set(leaving)) | set(unit)

    for i in sorted(range(len(groups)), key=lambda i: sum(counts.small[p] for p in groups[i])):
        found = cost(groups[i])
        if found is not None and found[0] < 0:
            small = take(groups[i], found[1])
            due.add(i)
    units = [*((i, g) for i, g in enumerate(groups)), *((-1, [p]) for p in singles)]
    while True:  # every number needs its own table
        left = [(i, u) for i, u in units if not set(u) <= small]
        costs = [(c, i, u) for i, u in left if (c := cost(u)) is not None]
        if len(left) <= large or not costs:
            return small, due
        (_, leaving), i, unit = min(costs, key=lambda x: (x[0][0], x[1]))
        small = take(unit, leaving)
        if i >= 0:
            due.add(i)


def _clubs_apart(
    small: set[int],
    seated: Sequence[int],
    clubs: Sequence[str | None],
    counts: Counts,
    tables: tuple[int, set[int]],
) -> set[int]:
    """The smaller tables' players with no club holding more of them than there are smaller
    tables (those could not sit apart, and the search would move one at random): the
    club's players who had the most smaller tables give their seats to the players of the
    fewest among the others.  4 + 3, two of one club chosen for the 3-player table: one of
    them stays at the 4-player table and the next due takes the seat.
    """
    many, pinned = tables
    if many == 0:
        return small

    def room(q: int) -> bool:
        return clubs[q] is None or sum(clubs[r] == clubs[q] for r in small) < many

    for club in sorted({clubs[p] for p in small if clubs[p] is not None}, key=str):
        mates = sorted(
            (p for p in small if clubs[p] == club and p not in pinned),
            key=lambda p: (-counts.small[p], p),
        )
        for p in mates[: max(0, sum(clubs[r] == club for r in small) - many)]:
            spare = [q for q in seated if q not in small and q not in pinned and room(q)]
            if spare:
                small = (small - {p}) | {min(spare, key=lambda q: counts.small[q])}
    return small


def _starters(players: Sequence[int], counts: Counts, many: int, ctx: Context) -> set[int]:
    """``many`` starters: fewest starts first (among equals, those soonest due at a small
    table, so the players left to start are not all at the small tables), at most one of a
    fixed group."""
    group = {p: number for number, ps in ctx.pins.items() if len(ps) > 1 for p in ps}
    chosen: set[int] = set()
    used: set[int] = set()
    for p in sorted(players, key=lambda p: (counts.starts[p], counts.small[p])):
        if len(chosen) == many:
            break
        if p in group and group[p] in used:
            continue
        chosen.add(p)
        if p in group:
            used.add(group[p])
    return chosen


def lower_bound(players: int, rounds: Iterable[Sequence[int]]) -> int:
    """Fewest repeated pair-meetings any schedule of these table sizes can have.

    Two counts, the larger wins: pairs seated beyond the ``players·(players−1)/2``
    that exist, and per player the opponents beyond the ``players − 1`` there are.
    """
    shapes = list(rounds)
    pairs = sum(comb(s, 2) for shape in shapes for s in shape)
    smallest = sum(min(s for s in shape) - 1 for shape in shapes if shape)
    return max(0, pairs - comb(players, 2), -(-players * max(0, smallest - (players - 1)) // 2))


def _club(value: str | None) -> str | None:
    if value is None:
        return None
    text = " ".join(unicodedata.normalize("NFC", value).split()).casefold()
    return text or None


def _words(parts: Iterable[str]) -> str:
    return ", ".join(parts)
