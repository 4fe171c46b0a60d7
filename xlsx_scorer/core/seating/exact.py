"""The hard rules of a round, and the proof behind every claim seating makes (OR-Tools CP-SAT).

One round is a ``Problem``: players ``0 … n-1``, the round's table sizes (a ``1`` is a
bye), who met whom before, the clubs (players who must never share a table), the
fixed groups (the players fixed at one number: together at one table, each number at
a table of its own; a fixed table number is a place, any table may carry it) and the
fairness counts so far (3-player tables, byes, starts).  The rules, in order (SPEC §7)::

    hard   table sizes; fixed players at their number's table, as few moved off as the
           table sizes force (``most_kept``), numbers apart; then clubs apart
    1      fewest pairs meeting again (``repeats``)
    2      3-player tables and byes to those with the fewest so far (``fairness``)
    3      starts within one of each other after the round (``starts``)
    tie    a group larger than its table: those earlier in the roster keep the number

Which players of a group larger than its table keep the number is the model's choice
(``kept[p]``), made with the clubs, repeats, fairness and starts: five fixed at table 1
of 3 + 3 + 3, two of them one club: those two are among the two moved off.

``problem.score`` measures a seating against them.  ``solve`` builds the CP-SAT model
(``x[p, t]`` = player ``p`` at table ``t``; a pair indicator only for the pairs that
met before) with a heuristic seating as its hint, and minimises the four as one
weighted sum whose weights make it lexicographic: one repeat outweighs any
unfairness, one broken club pair (only where no seating keeps them all) outweighs
any repeat.  The search is bounded by a *deterministic* time (``num_workers=1``,
``random_seed`` from the seed): the same round and seed give the same seating.  It
answers the seating, the repeats with a proven lower ``bound``, and ``proof``:
``"exact"`` (repeats == bound: CP-SAT proved the optimum, or the bound is met) or
``"limit"`` (the time ran out first); ``clubs`` says whether the clubs could be kept
(``"kept"``), were proven impossible to keep (``"exact"``), or no seating keeping them
was found in time (``"limit"``).  A seating stays callable for any method: swiss
passes its own tables as the hint and its own weights for closeness stay its own.

>>> p = Problem(sizes=(4, 3), met={(a, b): 1 for g in ((0, 1, 2, 3), (4, 5, 6))
...     for a in g for b in g if a < b}, clubs=(), groups=(), small=[0, 0, 0, 0, 1, 1, 1],
...     byes=[0] * 7, starts=[1, 0, 0, 0, 1, 0, 0])
>>> lower_bound(p), solve(p, None, seed=1).repeats, solve(p, None, seed=1).proof
(0, 3, 'exact')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ortools.sat.python import cp_model

from xlsx_scorer.core.seating.groups import Fixed, model_groups
from xlsx_scorer.core.seating.problem import (
    Problem,
    club_pairs,
    fairest,
    homes,
    low_starters,
    lower_bound,
    score,
    weight,
)

Proof = Literal["exact", "limit"]

#: Deterministic time (CP-SAT's own unit, about a second of one core) for a round of at most
#: ``SMALL_ROSTER`` players, where the search is meant to finish (exact); and for larger ones.
EXACT_TIME, LARGE_TIME, SMALL_ROSTER = 10.0, 1.5, 12


@dataclass
class Solution:
    tables: list[list[int]]
    repeats: int
    bound: int
    proof: Proof
    clubs: Literal["kept", "exact", "fixed", "limit"] = "kept"
    broken: list[tuple[int, int]] = field(default_factory=list)
    #: Each fixed group's table (index into ``tables``): its players there keep the number.
    homes: list[int] = field(default_factory=list)


def solve(
    problem: Problem,
    hint: Sequence[Sequence[int]] | None,
    *,
    seed: int,
    limit: float | None = None,
) -> Solution:
    """The best seating CP-SAT finds within ``limit`` (deterministic time), with its proof.

    The clubs are first hard; only when CP-SAT proves that no seating keeps them
    (``INFEASIBLE``) is the model solved again with each club pair meeting counted
    (``clubs="exact"``: the broken pairs, in ``broken``, are then as few as it found;
    ``"fixed"`` where a seating moving fixed players off their number would part them:
    the proof holds with the fixed tables kept).
    """
    if limit is None:
        limit = EXACT_TIME if problem.n <= SMALL_ROSTER else LARGE_TIME
    solution = _run(problem, hint, seed, limit, strict=True)
    if solution is not None:
        return solution
    relaxed = _run(problem, hint, seed, limit, strict=False)
    if relaxed is None:  # never: ``most_kept`` is what the tables seat (fail closed if not)
        raise ValueError("the fixed groups do not fit the tables")
    if problem.groups and _clubs_apart(problem, seed, limit):
        relaxed.clubs = "fixed"
    return relaxed


def _clubs_apart(problem: Problem, seed: int, limit: float) -> bool:
    """Whether the table sizes alone, the fixed tables set aside, let every club sit apart
    (three of one club at two tables: never; three fixed at table 1: yes, moved off)."""
    model = cp_model.CpModel()
    slots = range(len(problem.sizes))
    x = {(p, t): model.new_bool_var(f"x{p}_{t}") for p in range(problem.n) for t in slots}
    for p in range(problem.n):
        model.add_exactly_one(x[p, t] for t in slots)
    for t in slots:
        model.add(sum(x[p, t] for p in range(problem.n)) == problem.sizes[t])
        if problem.sizes[t] > 1:
            for club in problem.clubs:
                model.add_at_most_one(x[p, t] for p in club)
    return cp_solver(seed, limit).solve(model) in {cp_model.OPTIMAL, cp_model.FEASIBLE}


def _run(
    problem: Problem,
    hint: Sequence[Sequence[int]] | None,
    seed: int,
    limit: float,
    *,
    strict: bool,
) -> Solution | None:
    """Two solves of one model.  First the claims: the fewest repeats (with ``strict`` False,
    first the fewest club pairs) under the hard rules, proven or bounded.  Then, the repeats
    held at that number, the fairest seating in a short time (fairness is not claimed)."""
    model = cp_model.CpModel()
    sizes, n = problem.sizes, problem.n
    slots = range(len(sizes))
    games = [t for t in slots if sizes[t] > 1]
    x = {(p, t): model.new_bool_var(f"x{p}_{t}") for p in range(n) for t in slots}
    for p in range(n):
        model.add_exactly_one(x[p, t] for t in slots)
    for t in slots:
        model.add(sum(x[p, t] for p in range(n)) == sizes[t])
    _symmetry(model, problem, x)
    fixed = model_groups(model, problem, x, games)
    broken: dict[tuple[int, int], cp_model.IntVar] = {}
    if strict:
        for club in problem.clubs:
            for t in games:
                model.add_at_most_one(x[p, t] for p in club)
    else:
        broken = _meetings(model, x, club_pairs(problem), games, "c")
    again = _meetings(model, x, list(problem.met), games, "r")
    w_club = len(again) + 1
    model.minimize(w_club * sum(broken.values()) + sum(again.values()))
    if hint is not None:
        ordered = _ordered(problem, hint)
        at = {p: t for t, table in enumerate(ordered) for p in table}
        for (p, t), var in x.items():
            model.add_hint(var, at.get(p) == t)
    solver = cp_solver(seed, limit)
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in {cp_model.OPTIMAL, cp_model.FEASIBLE}:
        if hint is not None:  # nothing found in time: the hint, honestly labelled
            return _as_is(problem, hint, broken="limit" if strict else "exact")
        raise ValueError("no seating found in time")
    repeats = sum(solver.value(v) for v in again.values())
    pairs = [pair for pair, v in broken.items() if solver.value(v)]
    if status == cp_model.OPTIMAL:
        bound = repeats
    else:
        bound = int(solver.best_objective_bound) - w_club * len(pairs)
    bound = min(repeats, max(bound, lower_bound(problem, clubs_apart=strict)))
    proof: Proof = "exact" if bound == repeats else "limit"
    tables, numbers = _read(solver, problem, x, fixed)
    measured = score(problem, tables)
    oversized = problem.most_kept < sum(map(len, problem.groups))
    if (
        measured.fairness > fairest(problem)
        or measured.starts
        or oversized
        or problem.rank is not None
    ):
        found = (tables, numbers)
        tables, numbers = _fairer(model, problem, (x, fixed), (broken, again), found, seed, limit)
    return Solution(tables, repeats, bound, proof, "kept" if strict else "exact", pairs, numbers)


def _read(
    solver: cp_model.CpSolver,
    problem: Problem,
    x: dict[tuple[int, int], cp_model.IntVar],
    fixed: Fixed,
) -> tuple[list[list[int]], list[int]]:
    """The solved seating and each fixed group's table."""
    tables = [
        [p for p in range(problem.n) if solver.value(x[p, t])] for t in range(len(problem.sizes))
    ]
    at = [
        next(t for (h, t), var in fixed.homes.items() if h == g and solver.value(var))
        for g in range(len(problem.groups))
    ]
    return tables, at


def _fairer(  # noqa: PLR0917 - the model and what it was solved to
    model: cp_model.CpModel,
    problem: Problem,
    variables: tuple[dict[tuple[int, int], cp_model.IntVar], Fixed],
    meets: tuple[dict[tuple[int, int], cp_model.IntVar], ...],
    found: tuple[list[list[int]], list[int]],
    seed: int,
    limit: float,
) -> tuple[list[list[int]], list[int]]:
    """The same repeats and club pairs, the 3-player tables and byes fairest, then the starts,
    then (swiss: ``problem.rank``) the standings closest: Σ over tables of worst − best rank,
    then (a fixed group larger than its table) those earlier in the roster keep the number:
    a player moved off it costs the players after them in the roster, least in all."""
    x, fixed = variables
    tables, at = found
    for pairs in meets:
        model.add(cp_model.LinearExpr.sum(list(pairs.values())) <= sum(map(_met(tables), pairs)))
    games = [t for t in range(len(problem.sizes)) if problem.sizes[t] > 1]
    faults = _start_vars(model, problem, x, games)
    fair = cp_model.LinearExpr.weighted_sum(
        list(x.values()), [weight(problem, p, t) for (p, t) in x]
    )
    faults_max = sum(problem.sizes) + len(problem.sizes)  # each table's start faults ≤ size + 1
    spread, spread_max = _spread(model, problem, x, games)
    unfair = (faults_max + 1) * fair + cp_model.LinearExpr.sum(faults)  # SPEC §7: (2), then (3)
    goal = (spread_max + 1) * unfair + spread
    if problem.most_kept < sum(map(len, problem.groups)):
        later = {p: problem.n - p for p in fixed.kept}
        moved = sum(later.values()) - cp_model.LinearExpr.weighted_sum(
            list(fixed.kept.values()), list(later.values())
        )
        goal = (sum(later.values()) + 1) * goal + moved
    model.minimize(goal)
    model.clear_hints()  # type: ignore[no-untyped-call]
    for (p, t), var in x.items():
        model.add_hint(var, p in tables[t])
    solver = cp_solver(seed, min(limit, LARGE_TIME))
    if solver.solve(model) not in {cp_model.OPTIMAL, cp_model.FEASIBLE}:
        return tables, at
    return _read(solver, problem, x, fixed)


def _spread(
    model: cp_model.CpModel,
    problem: Problem,
    x: dict[tuple[int, int], cp_model.IntVar],
    games: list[int],
) -> tuple[cp_model.LinearExpr, int]:
    """Σ over tables of the worst rank minus the best (0 without ``problem.rank``), and its
    largest value: 9 players at three tables ranked 1–3, 4–6, 7–9 spread 2 + 2 + 2 = 6."""
    if problem.rank is None:
        return cp_model.LinearExpr.sum([]), 0
    rank, n = problem.rank, problem.n
    total = []
    for t in games:
        worst = model.new_int_var(1, n, f"hi{t}")
        best = model.new_int_var(1, n, f"lo{t}")
        for p in range(n):
            model.add(worst >= rank[p]).only_enforce_if(x[p, t])
            model.add(best <= rank[p]).only_enforce_if(x[p, t])
        total.append(worst - best)
    return cp_model.LinearExpr.sum(total), n * len(games)


def _met(tables: Sequence[Sequence[int]]) -> Callable[[tuple[int, int]], bool]:
    """Whether a pair shares one of ``tables`` (a bye is no table)."""
    where = {p: t for t, table in enumerate(tables) if len(table) > 1 for p in table}
    return lambda pair: pair[0] in where and where[pair[0]] == where.get(pair[1])


def cp_solver(seed: int, limit: float) -> cp_model.CpSolver:
    """One worker, a seed and a deterministic time: the same round, the same answer."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed % (2**31)
    solver.parameters.max_deterministic_time = limit
    return solver


def _symmetry(
    model: cp_model.CpModel, problem: Problem, x: dict[tuple[int, int], cp_model.IntVar]
) -> None:
    """Tables of one size are interchangeable (a group may take any that fits): each holds a
    player numbered below every player of the next one of its size."""
    for first, second in twins(problem.sizes):
        for p in range(problem.n):
            model.add(x[p, second] <= sum(x[q, first] for q in range(p)))


def twins(sizes: Sequence[int]) -> list[tuple[int, int]]:
    """Each pair of tables of one size in turn, by index: (4, 3, 4, 3) → [(0, 2), (1, 3)]."""
    last: dict[int, int] = {}
    twins = []
    for t, size in enumerate(sizes):
        if size in last:
            twins.append((last[size], t))
        last[size] = t
    return twins


def _ordered(problem: Problem, tables: Sequence[Sequence[int]]) -> list[list[int]]:
    """``tables`` with the tables of each size in the order ``_symmetry`` asks."""
    out = [list(t) for t in tables]
    for size in set(problem.sizes):
        at = [t for t, s in enumerate(problem.sizes) if s == size]
        for t, table in zip(at, sorted((out[t] for t in at), key=min), strict=True):
            out[t] = table
    return out


def keep_or_solve(
    problem: Problem, tables: Sequence[Sequence[int]], *, seed: int, limit: float | None = None
) -> Solution:
    """A heuristic seating kept when it keeps the hard rules and the starts with its repeats at
    the cheap bound (its fairness is the heuristic's own: ``random`` decides it before
    grouping, fairest first); else ``solve`` with it as the hint."""
    measured = score(problem, tables)
    bound = lower_bound(problem)
    if measured.hard_kept and measured.repeats <= bound and measured.starts == 0:
        at = homes(problem, tables)
        return Solution([list(t) for t in tables], measured.repeats, bound, "exact", homes=at)
    return solve(problem, tables, seed=seed, limit=limit)


def _as_is(
    problem: Problem, tables: Sequence[Sequence[int]], *, broken: Literal["exact", "limit"]
) -> Solution:
    """``tables`` as they are, when the search found nothing in its time: its club pairs said
    with ``broken`` (``exact``: no seating keeps them apart was proven; ``limit``: not known)."""
    where = {p: t for t, table in enumerate(tables) for p in table}
    pairs = [(a, b) for a, b in club_pairs(problem) if where[a] == where[b]]
    repeats = score(problem, tables).repeats
    clubs: Literal["kept", "exact", "fixed", "limit"] = broken if pairs else "kept"
    bound = min(repeats, lower_bound(problem, clubs_apart=not pairs))
    proof: Proof = "exact" if bound == repeats else "limit"
    at = homes(problem, tables)
    return Solution([list(t) for t in tables], repeats, bound, proof, clubs, pairs, at)


def _start_vars(
    model: cp_model.CpModel,
    problem: Problem,
    x: dict[tuple[int, int], cp_model.IntVar],
    games: list[int],
) -> list[cp_model.IntVar]:
    lows, faults = low_starters(problem), []
    enough = len(lows) >= len(games)
    for t in range(len(problem.sizes)):
        here = cp_model.LinearExpr.sum([x[p, t] for p in lows])
        if problem.sizes[t] == 1:
            if len(lows) <= len(games):
                rested = model.new_bool_var(f"b{t}")
                model.add(here <= rested)
                faults.append(rested)
            continue
        if enough:
            short = model.new_bool_var(f"s{t}")
            model.add(here + short >= 1)
            faults.append(short)
        if len(lows) <= len(games):
            extra = model.new_int_var(0, problem.sizes[t], f"e{t}")
            model.add(here - 1 <= extra)
            faults.append(extra)
    return faults


def _meetings(
    model: cp_model.CpModel,
    x: dict[tuple[int, int], cp_model.IntVar],
    pairs: Sequence[tuple[int, int]],
    games: list[int],
    tag: str,
) -> dict[tuple[int, int], cp_model.IntVar]:
    """A 0/1 per pair that is 1 when the two share a table."""
    meets = {}
    for a, b in pairs:
        v = model.new_bool_var(f"{tag}{a}_{b}")
        for t in games:
            model.add_bool_or([x[a, t].Not(), x[b, t].Not(), v])
        meets[a, b] = v
    return meets
