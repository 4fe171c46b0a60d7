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

from collections.abc import Mapping, Sequence
from itertools import combinations

from xlsx_scorer.core.seating.exact import keep_or_solve
from xlsx_scorer.core.seating.problem import Problem, homes, score
from xlsx_scorer.core.seating.rounds import Context, RoundPlan


def settle(
    ctx: Context,
    plan: RoundPlan,
    seed: int,
    limit: float | None = None,
    fixed: Mapping[int, Sequence[int]] | None = None,
) -> RoundPlan:
    """The round's plan with every hard rule kept where any seating keeps it, and its proof.

    ``plan.tables`` (and ``plan.byes``) are the heuristic's; they stay when provably best,
    else CP-SAT's seating replaces them.  ``plan.bound``, ``plan.proof`` and
    ``plan.clubs`` say what was proven (see ``solve``).  ``fixed`` (number → players, all
    the roster fixes there; default ``ctx.pins``) is the roster's real problem: who of a
    group larger than its table keeps it is decided here, and ``plan.homes`` says it (the
    number → its table's index in ``plan.tables``).
    """
    problem = problem_of(ctx, plan, fixed)
    hint = [*plan.tables, *([p] for p in plan.byes)]
    found = keep_or_solve(problem, hint, seed=seed, limit=limit)
    games = len(plan.tables)
    plan.tables = [list(t) for t in found.tables[:games]]
    plan.byes = [t[0] for t in found.tables[games:]]
    plan.bound, plan.proof, plan.clubs = found.bound, found.proof, found.clubs
    plan.homes = dict(zip(sorted(fixed or ctx.pins), found.homes, strict=True))
    return plan


def keeps_hard_rules(
    ctx: Context, plan: RoundPlan, fixed: Mapping[int, Sequence[int]] | None = None
) -> bool:
    """Whether the plan keeps every club apart and every fixed player the tables let keep
    their number at it (``swiss``'s local search weighs them; a plan that breaks one is
    ``settle``-d).  When it does, ``plan.homes`` says each number's table."""
    problem = problem_of(ctx, plan, fixed)
    tables = [*plan.tables, *([p] for p in plan.byes)]
    plan.homes = dict(zip(sorted(fixed or ctx.pins), homes(problem, tables), strict=True))
    return score(problem, tables).hard_kept


def problem_of(
    ctx: Context, plan: RoundPlan, fixed: Mapping[int, Sequence[int]] | None = None
) -> Problem:
    """The round as ``solve`` takes it: the plan's tables in order, then a size-1 slot per bye;
    ``fixed`` (default ``ctx.pins``): number → the players the roster fixes there."""
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
        groups=tuple(tuple(players) for _, players in sorted((fixed or ctx.pins).items())),
        small=counts.small,
        byes=counts.byes,
        starts=counts.starts,
        room=1 if ctx.largest == 2 else None,
        rank=plan.rank,
    )
