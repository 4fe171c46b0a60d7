"""Seat round N: every active player at a table, in seat order (the first seat starts).

The rules are in ``docs/rules.md`` (Seating); in order of importance:

1. nobody meets an earlier opponent again while a seating without repeats
   exists.  ``random`` plans *all* the event's rounds at once (the first
   ``PLAN_AHEAD``) from the seed and the roster (so a later round never gets stuck)
   and keeps to that plan while the players stay the same; a changed roster
   re-plans the remaining rounds.  A 2-player roster of at most
   ``schedule.SCHEDULE_ROSTER`` players is planned by ``schedule.schedule``: the
   pairings, byes and starters together, so that starts stay within one after every
   round of a whole round robin (round by round, 5 players reached 1–3 in round 5);
2. nobody sits at a smaller table (3 of 3–4) a second time before everyone had
   one; nobody gets a second bye before everyone had one;
3. starts rotate: after any round, starts per player differ by at most 1 wherever the
   round's fewest repeats allow it (``random`` at 3–4 tables, up to ``ahead.AHEAD_ROSTER``
   players, chooses a round that must repeat with the later rounds in view: ``ahead``);
   a late entry, behind, starts every game it plays;
4. ``swiss``: tables of close standings (see ``swiss``);
5. the roster's constraints: a fixed table, players of one club never together,
   dropped players left out.  One that cannot be kept is named in a finding.

Table sizes: as many tables of the largest size as possible.

>>> table_plan(11, (3, 4)), table_plan(6, (3, 4)), table_plan(5, (3, 4))
((4, 4, 3), (3, 3), None)
>>> table_plan(7, (2,))
(2, 2, 2, 1)
>>> s = seat([Entrant(n) for n in "ABCDEFG"], (), round=1, rounds=3, seed=1)
>>> [len(t.players) for t in s.tables], s.byes
([4, 3], ())
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Literal

from xlsx_scorer.core.seating import swiss
from xlsx_scorer.core.seating.ahead import applies, look_ahead
from xlsx_scorer.core.seating.exact import SMALL_ROSTER
from xlsx_scorer.core.seating.keep import keeps_hard_rules, settle
from xlsx_scorer.core.seating.plan import improve, initial
from xlsx_scorer.core.seating.rounds import (
    SMALL,
    STARTER,
    Context,
    RoundPlan,
    choose_classes,
    lower_bound,
)
from xlsx_scorer.core.seating.schedule import SCHEDULE_ROSTER, schedule
from xlsx_scorer.core.seating.tables import Entrant, PastTable, Seating
from xlsx_scorer.findings import Finding, Where

Method = Literal["random", "swiss"]
METHODS: tuple[Method, ...] = ("random", "swiss")


#: The rounds ``random`` plans at once: an event's first 20 (the template's rounds go to 50, a
#: typed ``Rounds`` to anything); a round past them is planned with the 19 after it.  Planning
#: further ahead avoids no repeat more, and its search grows with every round: 200 players over
#: 50 rounds took 40 s, over 20 rounds 0.25 s.
PLAN_AHEAD = 20


class CannotSeatError(ValueError):
    """The players cannot be seated at all (1, 2 or 5 players at 3–4 tables, or none left):
    carries a finding."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.code)
        self.finding = finding


def table_plan(count: int, sizes: Sequence[int]) -> tuple[int, ...] | None:
    """Table sizes for ``count`` players, largest first; a ``1`` is a bye (2-player formats)."""
    if tuple(sizes) == (2,):
        return (2,) * (count // 2) + (1,) * (count % 2) if count >= 2 else None
    return _compose(count, sorted(set(sizes), reverse=True))


def _compose(count: int, sizes: list[int]) -> tuple[int, ...] | None:
    if count == 0:
        return ()
    if not sizes:
        return None
    largest, rest = sizes[0], sizes[1:]
    for many in range(count // largest, -1, -1):
        tail = _compose(count - many * largest, rest)
        if tail is not None:
            return (largest,) * many + tail
    return None


def seat(
    entrants: Sequence[Entrant],
    history: Sequence[PastTable],
    *,
    standings: Sequence[str] = (),
    table_sizes: Sequence[int] = (3, 4),
    round: int,
    rounds: int | None,
    method: Method = "random",
    seed: int = 0,
) -> Seating:
    """Seat round ``round`` of an event of ``rounds`` rounds (see the module docstring).

    ``rounds`` None: the event's number of rounds is not known, so ``random`` plans this
    round alone, says so (``seat_round_by_round``), and a repeat it makes is said to come
    from that, never that no seating without it exists.  The players left out because
    they dropped are named (``seat_dropped``).
    """
    active = [e for e in entrants if e.plays(round)]
    sizes = table_plan(len(active), table_sizes)
    if not sizes:  # none can be made, or no one is left to seat
        raise CannotSeatError(
            Finding(
                "unusable.seat_count",
                {"count": len(active), "sizes": _words(map(str, table_sizes))},
                "fatal",
            )
        )
    names = [e.name for e in active]
    notes: list[Finding] = []
    dropped = [e.name for e in entrants if not e.plays(round)]
    if dropped:
        notes.append(
            Finding(
                "seat_dropped",
                {"players": _words(dropped), "count": len(dropped)},
                "notice",
                Where(round=round),
            )
        )
    alone = rounds is None and method == "random"
    if alone:
        notes.append(Finding("seat_round_by_round", {"round": round}, "notice", Where(round=round)))
    fixed = _pins(active, sizes, notes, round)
    ctx = Context.build(names, history, round, active, _cut(fixed, sizes), max(table_sizes))
    if method == "swiss":
        if not any(not game.bye for game in ctx.history):  # no game yet: a seeded draw
            standings = ()
        plan = _swiss(ctx, sizes, standings, seed, round, fixed)
        if plan.proof is None and not keeps_hard_rules(ctx, plan, fixed):  # kept, or proven not
            plan = settle(ctx, plan, seed, fixed=fixed)
    else:
        plan = _random(ctx, entrants, history, sizes, seed, round, max(rounds or round, round))
        plan = settle(ctx, plan, seed, fixed=fixed)
        if rounds is not None and applies(ctx, plan, active, round, rounds):
            plan = look_ahead(ctx, plan, seed, rounds - round)
    ctx = replace(ctx, pins=_kept(fixed, plan, ctx.names, notes, round))
    return _finish(ctx, plan, round, notes, method, standings, alone=alone)


def _pins(
    active: Sequence[Entrant], sizes: Sequence[int], notes: list[Finding], round_no: int
) -> dict[int, list[int]]:
    """Fixed table number → the players (indices into ``active``) the roster fixes there,
    but numbers beyond the round's tables (named: ``seat_fixed_missing``)."""
    tables = sum(1 for s in sizes if s > 1)
    pins: dict[int, list[int]] = {}
    for i, e in enumerate(active):
        if e.fixed_table is None:
            continue
        if not 1 <= e.fixed_table <= tables:
            notes.append(
                Finding(
                    "seat_fixed_missing",
                    {"table": e.fixed_table, "tables": tables},
                    "notice",
                    Where(round=round_no, player=e.name),
                )
            )
            continue
        pins.setdefault(e.fixed_table, []).append(i)
    return pins


def _cut(fixed: dict[int, list[int]], sizes: Sequence[int]) -> dict[int, list[int]]:
    """The fixed groups the first seating is made with: groups and tables matched largest to
    largest, a group larger than its table cut in roster order (2-player formats: one a
    number).  Only a start: ``keep.settle`` decides who keeps a number, on the whole groups."""
    games = sorted((s for s in sizes if s > 1), reverse=True)
    order = sorted(fixed, key=lambda number: (-len(fixed[number]), number))
    rooms = {n: 1 if max(sizes) <= 2 else games[i] for i, n in enumerate(order)}
    return {number: players[: rooms[number]] for number, players in fixed.items()}


def _kept(
    fixed: dict[int, list[int]],
    plan: RoundPlan,
    names: Sequence[str],
    notes: list[Finding],
    round_no: int,
) -> dict[int, list[int]]:
    """Fixed number → the players who keep it (at the table ``plan.homes`` gives it); each
    other player fixed there is named (``seat_fixed_shared``: more are fixed there than the
    table seats, and no seating keeps more of them — ``exact.Problem.most_kept``)."""
    pins: dict[int, list[int]] = {}
    for number, players in sorted(fixed.items()):
        home = plan.homes.get(number, -1)
        table = plan.tables[home] if 0 <= home < len(plan.tables) else []
        pins[number] = [p for p in players if p in table]
        for p in players:
            if p not in table:
                notes.append(
                    Finding(
                        "seat_fixed_shared",
                        {"table": number, "players": _words(names[q] for q in players)},
                        "notice",
                        Where(round=round_no, player=names[p]),
                    )
                )
    return pins


def _random(  # noqa: PLR0917 - the round and all it is planned from
    ctx: Context,
    entrants: Sequence[Entrant],
    history: Sequence[PastTable],
    sizes: tuple[int, ...],
    seed: int,
    round_no: int,
    rounds: int,
) -> RoundPlan:
    """The plan's round, made from the first round since which the players are these ones."""
    present: dict[int, set[str]] = {}
    for game in history:
        present.setdefault(game.round, set()).update(game.players)
    if round_no > PLAN_AHEAD:  # past the first plan: each round planned from its own
        return _plan(ctx, sizes, seed, round_no, min(rounds, round_no + PLAN_AHEAD - 1))[0]
    rounds = min(rounds, PLAN_AHEAD)
    start = round_no
    while start > 1 and present.get(start - 1) == set(ctx.names):
        start -= 1
    if start < round_no:
        plans = _plan(ctx.before(start), sizes, seed, start, rounds)
        if len(plans) > round_no - start and all(
            plans[r - start].grouping(ctx.names) == _grouping(history, r)
            for r in range(start, round_no)
        ):
            return plans[round_no - start]
    return _plan(ctx, sizes, seed, round_no, rounds)[0]


def _grouping(history: Sequence[PastTable], round_no: int) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(g.players) for g in history if g.round == round_no)


def _plan(
    ctx: Context, sizes: tuple[int, ...], seed: int, first: int, rounds: int
) -> list[RoundPlan]:
    """Rounds ``first`` … ``rounds`` planned: a small 2-player roster by ``schedule`` (the
    pairings, byes and starters with starts within one after every round; as many rounds as
    the pairs not met yet allow, the rest planned when they come), else by the search, over
    as many rounds as a plan without repeats may fill (``lower_bound`` 0: 9 players at
    3+3+3, 4 rounds): rounds that must repeat, planned with those that need not, drew
    repeats early, where each round's own fewest-repeats seating replaced the plan and
    could strand the starts.  The plan may so be shorter than asked; ``_random`` plans a
    round past it when it comes."""
    if max(sizes) == 2 and len(ctx.names) <= SCHEDULE_ROSTER:
        planned = _scheduled(ctx, seed, first, rounds)
        if planned:
            return planned
    rng = random.Random(f"random:{seed}:{first}")  # noqa: S311 - a seating, not a secret
    plans = []
    counts = ctx.counts()
    for _ in range(first, rounds + 1):
        keys = [rng.random() for _ in ctx.names]
        plans.append(choose_classes(ctx, sizes, counts, keys))
    shapes = [tuple(len(seats) for seats in p.shape) for p in plans]
    while len(plans) > 1 and lower_bound(len(ctx.names), shapes[: len(plans)]) > 0:
        plans.pop()  # past the rounds a plan without repeats may fill: planned when they come
    meetings = ctx.meetings()
    unavoidable = lower_bound(len(ctx.names), shapes[: len(plans)])
    grouped = initial(
        [p.classes for p in plans],
        [p.shape for p in plans],
        meetings,
        rng,
        [p.blocks for p in plans],
    )
    improve(
        grouped,
        [p.classes for p in plans],
        meetings,
        rng,
        fixed=ctx.blocked,
        steps=30000,
        # A long search only for the event's first plan, where one without repeats may exist
        # and the roster is past what the exact search settles round by round
        # (``exact.SMALL_ROSTER``); a re-plan (the rounds went otherwise) searches briefly.
        patience=4000 if first == 1 and unavoidable == 0 and len(ctx.names) > SMALL_ROSTER else 600,
    )
    for plan, tables in zip(plans, grouped, strict=True):
        plan.tables = tables
    return plans


def _scheduled(ctx: Context, seed: int, first: int, rounds: int) -> list[RoundPlan]:
    """``schedule``'s rounds as plans (each game's starter first, and among the starters);
    empty when it found none."""
    n, counts, meetings = len(ctx.names), ctx.counts(), ctx.meetings()
    met = {
        (a, b): meetings.count(a, b)
        for a in range(n)
        for b in range(a + 1, n)
        if meetings.count(a, b)
    }
    allowed = [
        (a, b) for a in range(n) for b in range(a + 1, n) if (a, b) not in meetings.forbidden
    ]
    fewest = min((meetings.count(a, b) for a, b in allowed), default=0)
    fresh = sum(1 for a, b in allowed if meetings.count(a, b) == fewest)
    # As many rounds as the pairs met least allow (with a round more, where one round is
    # left past them: 7 players and a club pair fill 6 rounds, the 7th then meets a pair
    # again, and is planned with the six so that its starts stay within one); where clubs or
    # fixed tables leave fewer (6 players, a club of 3: the 9 pairs across it fill 3 rounds,
    # not 4), two shorter tries; with too few for one round, a round meeting as few again.
    left = rounds - first + 1
    longest = min(left, fresh // max(1, n // 2))
    tries = [(h, False) for h in range(longest, max(0, longest - 3), -1)] or [(1, True)]
    if longest and left == longest + 1:
        tries.insert(0, (left, True))
    found = None
    for horizon, again in tries:
        found = schedule(
            n,
            horizon,
            met=met,
            starts=counts.starts,
            byes=counts.byes,
            forbidden=meetings.forbidden,
            no_bye={p for players in ctx.pins.values() for p in players},
            seed=seed,
            again=again,
        )
        if found:
            break
    plans = []
    for games, bye in found or ():
        classes = [-1 if p == bye else 0 for p in range(n)]
        for starter, _ in games:
            classes[starter] = STARTER
        plans.append(
            RoundPlan(
                classes,
                [(STARTER, 0)] * len(games),
                [],
                [] if bye is None else [bye],
                {starter for starter, _ in games},
                [[a, b] for a, b in games],
            )
        )
    return plans


def _swiss(  # noqa: PLR0917 - the round and all it is seated from
    ctx: Context,
    sizes: tuple[int, ...],
    standings: Sequence[str],
    seed: int,
    round_no: int,
    fixed: dict[int, list[int]],
) -> RoundPlan:
    """The round seated by standings (``swiss``).  Repeats first (SPEC §7) wherever that is
    proven quickly: 2-player rounds (a pairing without a rematch, the bye chosen with it;
    else CP-SAT's fewest) and up to ``SMALL_ROSTER`` players (CP-SAT's fewest repeats, then
    the fairness, the starts and the closest standings, ``settle``).  Larger rosters at
    3–4 tables weigh a repeat against ``swiss.REPEAT_WEIGHT`` places of spread."""
    rng = random.Random(f"swiss:{seed}:{round_no}")  # noqa: S311 - a seating, not a secret
    order = swiss.order(ctx.names, standings, rng)
    rank = [0] * len(order)
    for position, p in enumerate(order):
        rank[p] = position + 1
    keys = swiss.bye_keys(rank, ctx.counts().starts if 1 in sizes else ())
    meetings = ctx.meetings()
    if max(sizes) == 2:
        for tie in _bye_choices(ctx, sizes, keys):
            plan, lows = _swiss_classes(ctx, sizes, tie)
            paired = swiss.pairs([p for p in order if plan.classes[p] >= 0], meetings, lows)
            if paired is not None:
                plan.tables, plan.rank = paired, rank
                return plan
    plan, lows = _swiss_classes(ctx, sizes, keys)
    first = max(sizes) == 2 or len(ctx.names) <= SMALL_ROSTER  # repeats first: proven below
    seated = [p for p in order if plan.classes[p] >= 0]
    tables = swiss.windows(seated, plan.classes, plan.shape, plan.blocks)
    plan.tables = swiss.group(
        tables,
        plan.classes,
        rank,
        meetings,
        rng,
        fixed=ctx.blocked,
        lows=lows,
        kinds=[seats[-1] for seats in plan.shape],
        repeat_weight=swiss.REPEATS_FIRST if first else None,
    )
    plan.rank = rank
    return settle(ctx, plan, seed, fixed=fixed) if first else plan


def _bye_choices(ctx: Context, sizes: tuple[int, ...], keys: Sequence[float]) -> list[list[float]]:
    """2-player swiss: the bye's candidates in turn, each as the ``choose_classes`` ties that
    give it the bye: the players with the fewest byes, in ``bye_keys`` order (those due a
    start rest first, then the lowest ranked); one choice (``keys``) without a bye."""
    if 1 not in sizes:
        return [list(keys)]
    byes, blocked = ctx.counts().byes, ctx.blocked
    free = [p for p in range(len(keys)) if p not in blocked]
    fewest = min((byes[p] for p in free), default=0)
    due = sorted((p for p in free if byes[p] == fewest), key=lambda p: -keys[p])
    top = max(keys, default=0.0) + 1
    return [[top if q == p else k for q, k in enumerate(keys)] for p in due]


def _swiss_classes(
    ctx: Context, sizes: tuple[int, ...], keys: Sequence[float]
) -> tuple[RoundPlan, frozenset[int]]:
    """The round's byes and kinds of seat (``choose_classes``, ties by ``keys``), starters
    left to the grouping, and the players with the fewest starts (``lows``), who keep starts
    within one."""
    counts = ctx.counts()
    plan = choose_classes(ctx, sizes, counts, keys, swiss=True)
    plan.classes = [c & SMALL if c >= 0 else c for c in plan.classes]
    plan.shape = [tuple(c & SMALL for c in seats) for seats in plan.shape]
    starts = [counts.starts[p] - (p in plan.starters) for p in range(len(ctx.names))]
    lows = frozenset(
        p for p in range(len(ctx.names)) if plan.classes[p] >= 0 and starts[p] == min(starts)
    )
    plan.starters = set()
    return plan, lows


def _finish(  # noqa: PLR0917 - the round and what it is reported with
    ctx: Context,
    plan: RoundPlan,
    round_no: int,
    notes: list[Finding],
    method: Method,
    standings: Sequence[str],
    *,
    alone: bool = False,
) -> Seating:
    """The round told: its tables, byes and report.  The swiss spread (how many places apart
    a table's players stand, on average) is said only when there are standings: before any
    game (round 1) the order is the roster's, and a spread of it would mean nothing."""
    tables = ctx.label(plan, notes, round_no)
    byes = tuple(ctx.names[p] for p in plan.byes)
    notes.extend(ctx.review(tables, plan, round_no, alone=alone))
    if method == "swiss" and standings and plan.rank is not None and tables:
        rank = {ctx.names[p]: plan.rank[p] for p in range(len(ctx.names))}
        spread = sum(
            max(rank[n] for n in t.players) - min(rank[n] for n in t.players) for t in tables
        ) / len(tables)
        notes.append(
            Finding("seat_spread", {"spread": round(spread, 2)}, "notice", Where(round=round_no))
        )
    return Seating(round_no, tables, byes, tuple(notes))


def _words(parts: Iterable[object]) -> str:
    return ", ".join(str(p) for p in parts)
