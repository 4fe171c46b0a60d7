"""A round in play (docs/rules.md §8): games seated but not played yet are *to play*.

A game whose rows name round, table and player but hold no result at all (every result
cell blank: ``RESULT_CELLS``) is to play, not an error; a bye is a game of its own,
complete by nature.  A round is complete when every game seated in it has results, and
the standings count the complete rounds *before the first round in play* (``Play.counted``):
a complete round after a round in play (seated with ``--force``) waits with it, so that
"after round N" always means rounds 1 to N.  ``RoundsPlayed.refusal``
is the rule of the next round: round N is seated once round N−1 has rows and none of its
games is to play.  Light (no pandera): ``seat`` asks it too.

>>> frame = pd.DataFrame({"round": pd.array([1, 1, 1, 1], dtype="Int64"),
...                       "table": ["1", "1", "2", "2"]})
>>> play(frame, np.array([True, False, False, False]), np.zeros(4, dtype=bool)).rounds
RoundsPlayed(rounds=(1,), in_play=(RoundInPlay(round=1, tables=2, to_play=('2',)),))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from xlsx_scorer.core import games
from xlsx_scorer.core.cells import is_blank
from xlsx_scorer.core.columns import BREAKDOWN_COLUMNS, OPTIONAL_COLUMNS, RESULT_COLUMNS
from xlsx_scorer.core.distinct import Coded, distinct
from xlsx_scorer.core.games import Flags

#: The cells of a row that hold its game's result, per game: Catan's VP components, roads,
#: titles, declared victory and ``Total VP``; Carcassonne's score and its breakdown.
#: Round, table and player only seat the row.
RESULT_CELLS: dict[str, tuple[str, ...]] = {
    "catan": (*RESULT_COLUMNS[3:], *OPTIONAL_COLUMNS),
    "carcassonne": ("score", *BREAKDOWN_COLUMNS),
}


def holds_result(
    raw: pd.DataFrame,
    game: str,
    coded: Mapping[str, Coded] | None = None,
    formulas: Sequence[int] = (),
) -> Flags:
    """Per row of ``raw`` (the ``Results`` cells by column key): True when any result cell of
    ``game`` (``RESULT_CELLS``) holds something, a mark or a formula included.  A cell of
    spaces is blank, as everywhere (``cells.is_blank``); ``formulas`` are the Excel rows with a
    formula that has no saved value (typed in, so a result).  Worked out per distinct value.

    >>> raw = pd.DataFrame({"round": [1, 1], "score": [None, 0], "road_points": [" ", None]},
    ...                    index=[2, 3], dtype=object)
    >>> holds_result(raw, "carcassonne").tolist()
    [False, True]
    """
    held = np.zeros(len(raw), dtype=bool)
    for column in RESULT_CELLS[game]:
        if column not in raw.columns:
            continue
        codes, values = (coded or {}).get(column) or distinct(raw[column].to_numpy())
        filled = np.array([not is_blank(value) for value in values] + [False], dtype=bool)
        held |= filled[codes]
    if len(formulas):
        held |= raw.index.isin(list(formulas))
    return held


@dataclass(frozen=True)
class RoundInPlay:
    """A round with games to play: its games (``tables``; a bye is none) and the labels of
    those to play, in the order of their first rows."""

    round: int
    tables: int
    to_play: tuple[str, ...]

    @property
    def tables_in(self) -> int:
        """The games of the round that hold results."""
        return self.tables - len(self.to_play)

    def to_json(self) -> dict[str, Any]:
        """``{"round": 4, "tables": 10, "in": 6, "to_play": ["3", "7", "9", "10"]}``."""
        return {
            "round": self.round,
            "tables": self.tables,
            "in": self.tables_in,
            "to_play": list(self.to_play),
        }


@dataclass(frozen=True)
class RoundsPlayed:
    """Every round with rows in ``Results`` (ascending) and those with games to play.

    >>> played = RoundsPlayed((1, 2), (RoundInPlay(2, 3, ("3",)),))
    >>> RoundsPlayed((1, 2, 3), (RoundInPlay(2, 3, ("3",)),)).counted  # round 3 waits
    (1,)
    >>> played.counted, played.after, played.refusal(3), played.refusal(4)[0]
    ((1,), 1, ('unusable.seat_round_in_play', {'round': 3, 'previous': 2, 'to_play': 1, \
'labels': '3'}), 'unusable.seat_round_missing')
    >>> played.refusal(2) is None, played.refusal(1) is None, played.next
    (True, True, 3)
    """

    rounds: tuple[int, ...] = ()
    in_play: tuple[RoundInPlay, ...] = ()

    @property
    def counted(self) -> tuple[int, ...]:
        """The rounds the standings count: those before the first round in play (all of them
        with none in play)."""
        first = min((entry.round for entry in self.in_play), default=None)
        return tuple(round_ for round_ in self.rounds if first is None or round_ < first)

    @property
    def after(self) -> int:
        """The last round the standings count (0: none yet)."""
        return max(self.counted, default=0)

    @property
    def next(self) -> int:
        """The round that comes next: one after the last round with rows (1 with none)."""
        return max(self.rounds, default=0) + 1

    def refusal(self, round_no: int) -> tuple[str, dict[str, Any]] | None:
        """Why round ``round_no`` cannot be seated now (a code and its params), else None:
        round N−1 has no rows, or has games to play.  Round 1 always can be."""
        previous = round_no - 1
        if previous < 1:
            return None
        if previous not in self.rounds:
            return "unusable.seat_round_missing", {"round": round_no, "previous": previous}
        playing = next((entry for entry in self.in_play if entry.round == previous), None)
        if playing is None:
            return None
        params = {
            "round": round_no,
            "previous": previous,
            "to_play": len(playing.to_play),
            "labels": ", ".join(playing.to_play),
        }
        return "unusable.seat_round_in_play", params

    def to_json(self) -> dict[str, Any]:
        """The JSON form of a run's ``rounds`` (docs/findings.md)."""
        return {
            "counted": list(self.counted),
            "in_play": [entry.to_json() for entry in self.in_play],
        }


@dataclass(frozen=True)
class Play:
    """Per row of a typed frame: whether its game is to play, and whether its round is
    counted (complete, and before the first round in play); and the rounds, as
    ``RoundsPlayed``."""

    to_play: Flags
    counted: Flags
    rounds: RoundsPlayed


def play(frame: pd.DataFrame, held: Flags, byes: Flags) -> Play:
    """The games to play of a typed ``frame`` (``round``, ``table``): a game none of whose
    rows holds a result (``held``, from ``holds_result``) is to play, unless it is a bye
    (``byes``: a game of its own, complete by nature).  A row with no readable round or
    table is in no game.

    >>> frame = pd.DataFrame({"round": pd.array([1, 1, 2, 2, 2], dtype="Int64"),
    ...                       "table": ["1", "1", "1", "2", "Bye"]})
    >>> found = play(frame, np.array([True, True, True, False, False]), np.array([0, 0, 0, 0, 1],
    ...              dtype=bool))
    >>> found.to_play.tolist(), found.counted.tolist()
    ([False, False, False, True, False], [True, True, False, False, False])
    >>> found.rounds
    RoundsPlayed(rounds=(1, 2), in_play=(RoundInPlay(round=2, tables=2, to_play=('2',)),))
    """
    per_game = games.of(frame)
    inside = per_game.codes >= 0
    with_result = np.bincount(per_game.codes[inside & held], minlength=per_game.count)
    to_play: Flags = inside & ~byes & (np.append(with_result, 1)[per_game.codes] == 0)
    round_codes, numbers = games.factorized(frame, "round")  # as the games were numbered
    numbered: Flags = round_codes >= 0
    rounds = tuple(sorted(int(value) for value in numbers))
    if not to_play.any():
        return Play(to_play, numbered, RoundsPlayed(rounds))
    rows = np.flatnonzero(inside)
    _, at = np.unique(per_game.codes[rows], return_index=True)
    tables = frame["table"].to_numpy()
    first = [  # per game, in order of first rows: (round, label, is a bye, is to play)
        (int(numbers[round_codes[row]]), str(tables[row]), bool(byes[row]), bool(to_play[row]))
        for row in sorted(rows[at])
    ]
    in_play = []
    playing = sorted({round_ for round_, _, _, waits in first if waits})
    for round_ in playing:
        seated = [(label, waits) for r, label, bye, waits in first if r == round_ and not bye]
        labels = tuple(label for label, waits in seated if waits)
        in_play.append(RoundInPlay(round_, len(seated), labels))
    waiting = np.array([int(value) >= playing[0] for value in numbers] + [True], dtype=bool)
    counted = numbered & ~waiting[round_codes]
    return Play(to_play, counted, RoundsPlayed(rounds, tuple(in_play)))
