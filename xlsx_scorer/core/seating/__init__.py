"""Seating a round: who sits at which table, in seat order (docs/rules.md, Seating).

The package's front: ``seat`` and ``table_plan`` with the shapes they take and give.
Inside, each module imports only those below it, never in a circle:

- ``seatround``: seat round N (``seat``): the method (``random`` plans all rounds at once,
  ``swiss`` keeps close standings together), the table sizes (``table_plan``);
- ``schedule``: a small 2-player roster's rounds at once (CP-SAT): pairings, byes and who
  starts, with no rematch and starts within one after every round;
- ``ahead``: a ``random`` round of a small roster at 3–4 tables, past the rounds a plan
  without repeats fills, seated with the event's later rounds in view (CP-SAT), so that
  they can keep starts within one (``look_ahead``);
- ``keep``: the round made to keep the hard rules, and what was proven (``settle``, for
  any method);
- ``rounds``: what seating knows of the earlier rounds and the fair choices made before
  grouping (byes, smaller tables, starts); ``lower_bound`` on repeated pairs;
- ``swiss``: tables of players close in the standings;
- ``plan``: the search that groups players with as few repeated pairs as possible;
- ``exact``: the hard rules and the proofs (OR-Tools CP-SAT): ``solve``;
- ``groups``: the fixed tables in that model (who of a group larger than its table keeps
  the number);
- ``problem``: a round as a problem and a seating measured against it (``score``,
  ``lower_bound``);
- ``tables``: the shapes all of them share (``Entrant``, ``PastTable``, ``Table``, ``Seating``).

>>> seated = seat([Entrant(n) for n in "ABCDEFG"], (), round=1, rounds=3, seed=1)
>>> [len(t.players) for t in seated.tables], table_plan(11, (3, 4))
([4, 3], (4, 4, 3))
"""

from xlsx_scorer.core.seating.seatround import (
    METHODS,
    PLAN_AHEAD,
    CannotSeatError,
    Method,
    seat,
    table_plan,
)
from xlsx_scorer.core.seating.tables import Entrant, PastTable, Seating, Table

__all__ = [
    "METHODS",
    "PLAN_AHEAD",
    "CannotSeatError",
    "Entrant",
    "Method",
    "PastTable",
    "Seating",
    "Table",
    "seat",
    "table_plan",
]
