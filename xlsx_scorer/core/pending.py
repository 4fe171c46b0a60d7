"""Games whose table-wide rules wait for a fix (issue 9, item 7).

Rules about a whole table pass silently while a cell they need is unreadable
(``rules``: "a rule that needs a missing value passes"), so fixing that cell
may reveal new problems.  The run names those games, so a second run holds no
surprise.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from xlsx_scorer.core import games
from xlsx_scorer.core.rules import ALL_VP_COLUMNS


def games_to_recheck(frame: pd.DataFrame) -> list[tuple[int, str]]:
    """Games ``(round, table)`` whose table-wide rules were skipped for an unreadable cell.

    Rules about a whole table (titles, declared victory, table totals, Total VP)
    need every VP cell of the game; while one is unreadable (or out of range,
    once masked by ``without_failures``) they pass silently, so a later run may
    find more.  Rows without a readable round or table belong to no game.

    >>> frame = pd.DataFrame({"round": pd.array([1, 1, 2], dtype="Int64"),
    ...     "table": ["3", "3", "1"], **{column: pd.array([1, None, 1], dtype="Int64")
    ...     for column in ALL_VP_COLUMNS}})
    >>> games_to_recheck(frame)
    [(1, '3')]
    """
    waiting = (games.of(frame).codes >= 0) & ~games.complete(frame, ALL_VP_COLUMNS)
    rows = np.flatnonzero(waiting)
    rounds, tables = frame["round"].to_numpy()[rows], frame["table"].to_numpy()[rows]
    return sorted({(int(round_), str(table)) for round_, table in zip(rounds, tables, strict=True)})
