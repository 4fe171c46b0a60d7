"""The fixed groups of a round (``exact.Problem.groups``): who keeps their number.

A group is the players the roster fixes at one table number; the number is a place, any
table may carry it, and two numbers never share a table.  A table seats as many of a
group as its size (``Problem.seats_for_fixed``; one in 2-player formats), so a group
larger than the table matched to it loses the rest: as few as the table sizes force
(``Problem.most_kept``, a hard rule).  *Which* of them keep it is the model's choice
(``model_groups``: ``kept[p]``), made with the clubs, repeats, fairness and starts; for a
seating the model did not make, ``homes`` reads each number's table and ``kept`` the
players who keep it.  Five fixed at table 1 of 3 + 3 + 3, two of them one family:

>>> from xlsx_scorer.core.seating.problem import Problem, homes, kept
>>> p = Problem((3, 3, 3), {}, ((0, 1),), ((0, 1, 2, 3, 4),), [0] * 9, [0] * 9, [0] * 9)
>>> seating = [[0, 2, 3], [1, 5, 6], [4, 7, 8]]
>>> p.most_kept, homes(p, seating), sorted(kept(p, seating, homes(p, seating)))
(3, [0], [0, 2, 3])
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from xlsx_scorer.core.seating.problem import Problem


@dataclass
class Fixed:
    """The fixed groups in the model: ``homes[g, t]`` group ``g``'s number is table ``t``;
    ``kept[p]`` fixed player ``p`` sits at their group's table."""

    homes: dict[tuple[int, int], cp_model.IntVar]
    kept: dict[int, cp_model.IntVar]


def model_groups(
    model: cp_model.CpModel,
    problem: Problem,
    x: dict[tuple[int, int], cp_model.IntVar],
    games: list[int],
) -> Fixed:
    """Each fixed group's number at a table of its own (never a bye); at least as many fixed
    players at their number's table as a seating can promise them (``most_kept``: as few
    moved off as the table sizes force, a hard rule); which ones is the model's choice, for
    the clubs, repeats, fairness and starts.  In 2-player formats a number is promised to
    one of its players (two would meet every round), yet two may sit there together when
    that meets nobody again: A and D fixed at table 1 after A–B and D–E play A–D."""
    fixed = Fixed({}, {})
    for g, members in enumerate(problem.groups):
        for t in games:
            fixed.homes[g, t] = model.new_bool_var(f"g{g}_{t}")
        model.add_exactly_one(fixed.homes[g, t] for t in games)
        here: dict[int, list[cp_model.IntVar]] = {t: [] for t in games}
        for p in members:
            fixed.kept[p] = model.new_bool_var(f"k{p}")
            for t in games:
                both = model.new_bool_var(f"h{p}_{t}")
                model.add_implication(both, x[p, t])
                model.add_implication(both, fixed.homes[g, t])
                model.add_bool_or([x[p, t].Not(), fixed.homes[g, t].Not(), both])
                here[t].append(both)
            model.add(fixed.kept[p] == sum(here[t][-1] for t in games))
    for t in games:
        model.add_at_most_one(fixed.homes[g, t] for g in range(len(problem.groups)))
    if problem.groups:
        model.add(sum(fixed.kept.values()) >= problem.most_kept)
    return fixed
