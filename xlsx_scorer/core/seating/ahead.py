"""A ``random`` round of a small roster at 3–4 tables seated with the event's later rounds in view.

Each round takes its own fewest repeats (``keep.settle`` proves them), then the fairest
3-player tables, then starts within one (docs/rules.md, Seating).  Past the rounds a plan
without repeats fills, a round's fewest-repeats seatings differ in what they leave the
rounds after it: 11 players at 4 + 4 + 3 over 6 rounds (seed 3), round 2's seating, chosen
alone, left round 3 no fewest-repeats seating with a fewest-starts player at each table,
and starts reached 1–3 after round 3.

``look_ahead`` solves the rounds ``round … rounds`` together (CP-SAT: ``x[p, t, k]`` player
``p`` at table ``t`` of round ``k``, ``s[p, t, k]`` its starter, who has the fewest starts
at the table, as ``Context.label`` picks).  This round's repeats are held at the minimum
``settle`` proved and its fairness at ``settle``'s; the next round's repeats at no more
than ``settle``'s seating leaves it (as found in the time).  Then, one goal at a time, each
held at its best before the next: this round's starts within one; each later round's
repeats fewest, the next round first; the 3-player tables within one of each other after
every round; the starts within one after every round.  Only this round's tables and
starters are kept (``plan.starters``); each later round is looked at again when seated,
from the history and the seed (one worker, a deterministic time), so the same workbook
gives the same seating.  A goal not met in the time keeps ``settle``'s seating.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ortools.sat.python import cp_model

from xlsx_scorer.core.seating.exact import cp_solver, twins
from xlsx_scorer.core.seating.keep import problem_of
from xlsx_scorer.core.seating.problem import score, weight
from xlsx_scorer.core.seating.rounds import Context, RoundPlan, lower_bound
from xlsx_scorer.core.seating.tables import Entrant

#: The largest roster looked ahead for, and the deterministic time (CP-SAT's unit, about a
#: second of one core) of each of its solves: 13 players, 6 rounds, seat in at most ~2.5 s.
AHEAD_ROSTER, AHEAD_TIME = 13, 0.3


def applies(
    ctx: Context, plan: RoundPlan, active: Sequence[Entrant], round_no: int, rounds: int
) -> bool:
    """Whether ``look_ahead`` seats the round: a roster of at most ``AHEAD_ROSTER`` at 3–4
    tables, the same players to the event's last round (known), no fixed table, the clubs
    kept, this round's repeats proven fewest, and repeats forced: this round repeats, or the
    rounds so far are more than a plan without repeats fills (``rounds.lower_bound``)."""
    if round_no >= rounds or ctx.largest <= 2 or ctx.pins or plan.byes:
        return False
    if len(ctx.names) > AHEAD_ROSTER or plan.proof != "exact" or plan.clubs != "kept":
        return False
    if not all(e.plays(k) for e in active for k in range(round_no, rounds + 1)):
        return False
    shape = [len(t) for t in plan.tables]
    return bool(plan.bound) or lower_bound(len(ctx.names), [shape] * round_no) > 0


def look_ahead(ctx: Context, plan: RoundPlan, seed: int, rounds_left: int) -> RoundPlan:
    """``plan`` (settled: its repeats proven fewest) with this round's tables and starters
    chosen so that the ``rounds_left`` rounds after it can keep starts within one."""
    problem = problem_of(ctx, plan)
    kept = score(problem, [*plan.tables])
    n, sizes, horizon = problem.n, [len(t) for t in plan.tables], rounds_left + 1
    tables = range(len(sizes))
    small = [t for t in tables if sizes[t] < ctx.largest]
    model = cp_model.CpModel()
    x = {
        (p, t, k): model.new_bool_var(f"x{p}_{t}_{k}")
        for p in range(n)
        for t in tables
        for k in range(horizon)
    }
    s = {key: model.new_bool_var(f"s{key}") for key in x}
    for k in range(horizon):
        for p in range(n):
            model.add_exactly_one(x[p, t, k] for t in tables)
        for t in tables:
            model.add(sum(x[p, t, k] for p in range(n)) == sizes[t])
            model.add_exactly_one(s[p, t, k] for p in range(n))
            for p in range(n):
                model.add_implication(s[p, t, k], x[p, t, k])
            for club in problem.clubs:
                model.add_at_most_one(x[p, t, k] for p in club)
        for first, second in twins(sizes):  # tables of one size are interchangeable
            for p in range(n):
                model.add(x[p, second, k] <= sum(x[q, first, k] for q in range(p)))
    starts = _counts(
        model,
        problem.starts,
        [[sum(s[p, t, k] for t in tables) for p in range(n)] for k in range(horizon)],
        "st",
    )
    for k in range(horizon):  # the starter has the fewest starts at its table
        for t in tables:
            for p, q in combinations(range(n), 2):
                for a, b in ((p, q), (q, p)):
                    if k:
                        model.add(starts[k - 1][a] <= starts[k - 1][b]).only_enforce_if(
                            s[a, t, k], x[b, t, k]
                        )
                    elif problem.starts[a] > problem.starts[b]:
                        model.add_bool_or([s[a, t, k].Not(), x[b, t, k].Not()])
    seated = _counts(
        model,
        problem.small,
        [[sum(x[p, t, k] for t in small) for p in range(n)] for k in range(horizon)],
        "sm",
    )
    repeats = _repeats(model, x, problem.met, n, tables, horizon)
    model.add(repeats[0] <= kept.repeats)
    model.add(
        sum(weight(problem, p, t) * x[p, t, 0] for p in range(n) for t in tables) <= kept.fairness
    )
    goals = [  # this round's starts within one first, then the later rounds'
        _excess(model, starts[0]),
        *repeats[1:],
        _excess_sum(model, seated),
        _excess_sum(model, starts),
    ]
    solver = cp_solver(seed, AHEAD_TIME)
    settled = _ordered(plan.tables)
    fixing = [
        x[p, t, 0] if p in table else x[p, t, 0].Not()
        for t, table in enumerate(settled)
        for p in range(n)
    ]
    for literal in fixing:
        model.add_hint(literal, True)
    model.add_assumptions(fixing)  # the next round's repeats after ``settle``'s seating
    model.minimize(repeats[1])
    if solver.solve(model) not in {cp_model.OPTIMAL, cp_model.FEASIBLE}:
        return plan
    model.add(repeats[1] <= round(solver.objective_value))
    model.clear_assumptions()
    _hint(model, solver, [*x.values(), *s.values()])
    for goal in goals:  # lexicographic: each goal held at its best before the next
        model.minimize(goal)
        status = solver.solve(model)
        if status not in {cp_model.OPTIMAL, cp_model.FEASIBLE}:
            return plan
        model.add(goal <= round(solver.objective_value))
        _hint(model, solver, [*x.values(), *s.values()])
    plan.tables = [[p for p in range(n) if solver.value(x[p, t, 0])] for t in tables]
    plan.starters = {p for (p, t, k), var in s.items() if k == 0 and solver.value(var)}
    return plan


def _hint(
    model: cp_model.CpModel, solver: cp_model.CpSolver, variables: list[cp_model.IntVar]
) -> None:
    """The last solution as the next solve's start."""
    model.clear_hints()  # type: ignore[no-untyped-call]
    for var in variables:
        model.add_hint(var, solver.value(var))


def _ordered(tables: Sequence[Sequence[int]]) -> list[list[int]]:
    """``tables`` with the tables of each size in the order the symmetry asks (by their
    lowest player): [[2, 5, 6, 9], [0, 1, 3, 4], [7, 8, 10]] puts [0, 1, 3, 4] first."""
    out = [list(t) for t in tables]
    for size in {len(t) for t in tables}:
        at = [t for t, table in enumerate(tables) if len(table) == size]
        for t, table in zip(at, sorted((out[t] for t in at), key=min), strict=True):
            out[t] = table
    return out


def _counts(
    model: cp_model.CpModel, start: Sequence[int], rounds: list[list[object]], tag: str
) -> list[list[cp_model.IntVar]]:
    """Each player's count after each round: ``start`` plus the rounds' additions so far."""
    out: list[list[cp_model.IntVar]] = []
    for k, adds in enumerate(rounds):
        now = []
        for p, add in enumerate(adds):
            before = out[k - 1][p] if k else start[p]
            var = model.new_int_var(0, start[p] + k + 1, f"{tag}{p}_{k}")
            model.add(var == before + add)  # type: ignore[operator]
            now.append(var)
        out.append(now)
    return out


def _excess_sum(
    model: cp_model.CpModel, rounds: Sequence[Sequence[cp_model.IntVar]]
) -> cp_model.LinearExpr:
    """Σ over the rounds of how far each round's counts spread beyond one."""
    return cp_model.LinearExpr.sum([_excess(model, counts) for counts in rounds])


def _excess(model: cp_model.CpModel, counts: Sequence[cp_model.IntVar]) -> cp_model.IntVar:
    """How far the counts' spread (highest − lowest) goes beyond one."""
    top = max(list(v.proto.domain)[-1] for v in counts)
    high = model.new_int_var(0, top, "hi")
    low = model.new_int_var(0, top, "lo")
    for v in counts:
        model.add(high >= v)
        model.add(low <= v)
    excess = model.new_int_var(0, top, "ex")
    model.add(excess >= high - low - 1)
    return excess


def _repeats(  # noqa: PLR0917 - the model and the rounds it counts over
    model: cp_model.CpModel,
    x: dict[tuple[int, int, int], cp_model.IntVar],
    met: dict[tuple[int, int], int],
    n: int,
    tables: range,
    horizon: int,
) -> list[cp_model.LinearExpr]:
    """Per round, the pairs meeting that met before (in the history or an earlier round of
    the model), as ``problem.score`` counts them."""
    meets = {}
    for a, b in combinations(range(n), 2):
        for k in range(horizon):
            v = model.new_bool_var(f"m{a}_{b}_{k}")
            for t in tables:
                model.add_bool_or([x[a, t, k].Not(), x[b, t, k].Not(), v])
            meets[a, b, k] = v
    out = []
    for k in range(horizon):
        again = []
        for a, b in combinations(range(n), 2):
            if met.get((a, b)):
                again.append(meets[a, b, k])
                continue
            if not k:
                continue
            r = model.new_bool_var(f"r{a}_{b}_{k}")
            for j in range(k):
                model.add_bool_or([meets[a, b, j].Not(), meets[a, b, k].Not(), r])
            again.append(r)
        out.append(cp_model.LinearExpr.sum(again))
    return out
