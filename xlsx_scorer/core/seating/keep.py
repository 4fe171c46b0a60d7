"""A round's plan made to keep the hard rules, with what was proven of it (``exact``).

``settle`` is the one call for any method: it turns the plan (``rounds.RoundPlan``: its
tables, then a slot per bye) into an ``exact.Problem`` (the earlier meetings, the clubs,
the fixed groups, the fairness counts), keeps the plan's seating when it is provably
best and else takes CP-SAT's, and writes the proof on the plan (``bound``, ``proof``,
``clubs``) for the report (``Context.review``).

>>> from xlsx_scorer.core.seating.rounds import Context
>>> from xlsx_scorer.core.seating.tables import Entrant
>>> ctx = Context.build(list("ABCDEFG"), (), 1, [Entrant(n) for n in "ABCDEFG"], {}, 4)
>>> plan = RoundPlan([0] * 7, [], [], [], set(), [[0, 1, 2, 3], [4, 5, 6]])
>>> settle(ctx, plan, seed=1).proof, plan.bound
('exact', 0)
"""

from __future__ import annotations

from itertools import combinations

from xlsx_scorer.core.seating.exact import Problem, keep_or_solve, score
from xlsx_scorer.core.seating.rounds import Context, RoundPlan


def settle(ctx: Context, plan: RoundPlan, seed: int, limit: float | None = None) -> RoundPlan:
    """The round's plan with every hard rule kept where any seating keeps it, and its proof.

    ``plan.tables`` (and ``plan.byes``) are the heuristic's; they stay when provably best,
    else CP-SAT's seating replaces them.  ``plan.bound``, ``plan.proof`` and
    ``plan.clubs`` say what was proven (see ``solve``).
    """
    problem = problem_of(ctx, plan)
    hint = [*plan.tables, *([p] for p in plan.byes)]
    found = keep_or_solve(problem, hint, seed=seed, limit=limit)
    games = len(plan.tables)
    plan.tables = [list(t) for t in found.tables[:games]]
    plan.byes = [t[0] for t in found.tables[games:]]
    plan.bound, plan.proof, plan.clubs = found.bound, found.proof, found.clubs
    return plan


def keeps_hard_rules(ctx: Context, plan: RoundPlan) -> bool:
    """Whether the plan keeps every club apart and every fixed group together (``swiss``'s
    local search weighs them; a plan that breaks one is ``settle``-d)."""
    return score(problem_of(ctx, plan), [*plan.tables, *([p] for p in plan.byes)]).hard_kept


def problem_of(ctx: Context, plan: RoundPlan) -> Problem:
    """The round as ``solve`` takes it: the plan's tables in order, then a size-1 slot per bye."""
    index = {name: i for i, name in enumerate(ctx.names)}
    met: dict[tuple[int, int], int] = {}
    for game in ctx.history:
        if game.bye:
            continue
        seated = sorted(index[p] for p in game.players if p in index)
        for a, b in combinations(seated, 2):
            met[a, b] = met.get((a, b), 0) + 1
    clubs: dict[str, list[int]] = {}
    for p, club in enumerate(ctx.clubs):
        if club is not None:
            clubs.setdefault(club, []).append(p)
    counts = ctx.counts()
    return Problem(
        sizes=(*(len(t) for t in plan.tables), *(1 for _ in plan.byes)),
        met=met,
        clubs=tuple(tuple(c) for c in clubs.values() if len(c) > 1),
        groups=tuple(tuple(players) for _, players in sorted(ctx.pins.items())),
        small=counts.small,
        byes=counts.byes,
        starts=counts.starts,
        rank=plan.rank,
    )
