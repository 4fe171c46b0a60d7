"""A whole 2-player schedule at once, starts and byes included (OR-Tools CP-SAT).

Round by round, a 2-player event can paint itself into a corner: 5 players, four
rounds without a rematch and each round's starts fair, and round 5's only pairing
without a rematch leaves starts 1–3.  Schedules exist with no rematch, one bye
each and starts within one after *every* round; they are found only by choosing
the pairings with the starts in view.  ``schedule`` does that for the rounds
``random`` plans of a small roster (at most ``SCHEDULE_ROSTER`` players)::

    variables   g[r, a, b]  a and b play each other in round r
                f[r, a, b]  … and a starts (else b)
                bye[r, p]   p has round r's bye (an odd count)
    hard        each player in one game or the bye per round; no pair meets a
                time more than the pairs that met least (no rematch in a round
                robin; with the history, none while a pair has not met as often);
                pairs that must never meet (a club, two fixed tables) never do; a
                fixed player never takes the bye; after every round, byes and
                starts per player within one: with ``t`` of them among ``n``
                players, each holds ``t // n`` or one more

It is a search for a schedule that keeps them all (no objective; with ``again``,
where the pairs met least are too few, the last round may meet a pair once more and
those are minimised): ``None`` when none exists or none was found in its time, and
``random`` then plans as before.
The players are shuffled by the seed before the model is built (and, before any
game, round 1 is that order paired), so the seed chooses among the schedules;
the solver has one worker, a seed and a *deterministic* time (``SCHEDULE_TIME``),
so the same rows and seed give the same schedule every time it is derived.

>>> plan = schedule(5, 5, met={}, starts=[0] * 5, byes=[0] * 5, forbidden=set(),
...                 no_bye=set(), seed=1)
>>> [len(games) for games, _ in plan], sorted(bye for _, bye in plan)
([2, 2, 2, 2, 2], [0, 1, 2, 3, 4])
>>> starts = [0] * 5
>>> for games, _ in plan:
...     for starter, _ in games:
...         starts[starter] += 1
...     assert max(starts) - min(starts) <= 1
>>> starts
[2, 2, 2, 2, 2]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

from ortools.sat.python import cp_model

from xlsx_scorer.core.seating.exact import cp_solver

#: The largest 2-player roster scheduled whole: a whole round robin is found in 0.01 s for
#: 5–8 players, 0.1–0.5 s for 9–10, 0.3–1.1 s for 11–12 (one busy core); 13 took 3.7 s, so
#: larger rosters are planned by ``plan``'s search, each round's starts fair.
SCHEDULE_ROSTER = 12
#: Deterministic time (CP-SAT's unit, about a second of one core) for one schedule.
SCHEDULE_TIME = 2.0

#: A round: its games (starter first) and its bye (``None`` for an even count).
Round = tuple[list[tuple[int, int]], int | None]


def schedule(
    n: int,
    rounds: int,
    *,
    met: dict[tuple[int, int], int],
    starts: Sequence[int],
    byes: Sequence[int],
    forbidden: set[tuple[int, int]],
    no_bye: set[int],
    seed: int,
    again: bool = False,
) -> list[Round] | None:
    """``rounds`` rounds of ``n`` players (see the module docstring), or ``None``.

    ``again``: the pairs met least are too few for the rounds (7 players, a club pair: 20
    pairs for 21 games), so in the last round a pair may meet once more than they, as few
    as can be (earlier, each round's own fewest repeats would replace the plan's round).
    """
    order = list(range(n))
    random.Random(f"schedule:{seed}").shuffle(order)  # noqa: S311 - a seating, not a secret
    fewest = min(
        (met.get(pair, 0) for pair in combinations(range(n), 2) if pair not in forbidden),
        default=0,
    )
    pairs = [
        (min(a, b), max(a, b))
        for a, b in combinations(order, 2)
        if (min(a, b), max(a, b)) not in forbidden
        and met.get((min(a, b), max(a, b)), 0) <= fewest + again
    ]
    model = cp_model.CpModel()
    game = {(r, a, b): model.new_bool_var(f"g{r}_{a}_{b}") for r in range(rounds) for a, b in pairs}
    first = {key: model.new_bool_var(f"f{key}") for key in game}
    bye = {
        (r, p): model.new_bool_var(f"b{r}_{p}")
        for r in range(rounds)
        for p in order
        if n % 2 and p not in no_bye
    }
    for key, var in first.items():
        model.add_implication(var, game[key])
    repeats: list[cp_model.IntVar] = []
    for a, b in pairs:
        times = met.get((a, b), 0) + sum(game[r, a, b] for r in range(rounds))
        if again:  # once more than the pairs met least, in the last round alone, counted
            early = met.get((a, b), 0) + sum(game[r, a, b] for r in range(rounds - 1))
            model.add(early <= fewest + 1)
            extra = model.new_bool_var(f"x{a}_{b}")
            model.add(times <= fewest + 1 + extra)
            repeats.append(extra)
        else:
            model.add(times <= fewest + 1)
    started = {}
    for r in range(rounds):
        model.add(sum(v for (s, _), v in bye.items() if s == r) == n % 2)
        for p in order:
            mine = [key for key in game if key[0] == r and p in key[1:]]
            model.add(sum(game[key] for key in mine) + bye.get((r, p), 0) == 1)
            started[r, p] = sum(
                first[key] if key[1] == p else game[key] - first[key] for key in mine
            )
    if not (
        _within_one(model, order, rounds, byes, n % 2, lambda r, p: bye.get((r, p), 0))
        and _within_one(model, order, rounds, starts, n // 2, lambda r, p: started[r, p])
    ):
        return None
    if not met and not forbidden and not no_bye:  # all alike: round 1 may be any pairing
        for i in range(0, n - 1, 2):
            a, b = order[i], order[i + 1]
            model.add(game[0, min(a, b), max(a, b)] == 1)
            model.add(first[0, min(a, b), max(a, b)] == int(a < b))
    if again:
        model.minimize(sum(repeats))
    solver = cp_solver(seed, SCHEDULE_TIME)
    if solver.solve(model) not in {cp_model.OPTIMAL, cp_model.FEASIBLE}:
        return None
    plan: list[Round] = []
    for r in range(rounds):
        games = [
            (a, b) if solver.value(first[s, a, b]) else (b, a)
            for (s, a, b) in game
            if s == r and solver.value(game[s, a, b])
        ]
        rested = [p for (s, p), v in bye.items() if s == r and solver.value(v)]
        plan.append((sorted(games), rested[0] if rested else None))
    return plan


def _within_one(  # noqa: PLR0917 - the model and one count's rounds
    model: cp_model.CpModel,
    order: Sequence[int],
    rounds: int,
    before: Sequence[int],
    each: int,
    step: Callable[[int, int], cp_model.LinearExprT],
) -> bool:
    """Hold a running count (starts, byes; ``each`` more every round) within one after every
    round: with ``total`` of them among ``n`` players, each player has ``total // n`` or one
    more.  False when the counts so far are not within one (a late entry)."""
    if max(before) - min(before) > 1:
        return False
    terms: dict[int, list[cp_model.LinearExprT]] = {p: [] for p in order}
    for r in range(rounds):
        total = sum(before) + (r + 1) * each
        low, high = total // len(order), -(-total // len(order))
        for p in order:
            terms[p].append(step(r, p))
            model.add_linear_constraint(
                cp_model.LinearExpr.sum(terms[p]), low - before[p], high - before[p]
            )
    return True
