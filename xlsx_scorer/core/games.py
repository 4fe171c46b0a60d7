"""The games of a ``Results`` frame and per-game aggregates, on numpy arrays.

Every rule about a table and every score works per game ``(round, table)``.
Here a frame's columns become float arrays once (missing values NaN, a mark
1.0 or 0.0) and its rows get a game number once; an aggregate over each game
is then a ``bincount`` given back to every row, with no pandas call per rule.
Each answer is remembered for the frame (``memo.remembered``) and shared by
the rules that check it and the scoring, and it is read-only.

>>> frame = pd.DataFrame({"round": [1, 1, 1, None], "table": ["1", "1", "2", "1"],
...                       "knights": pd.array([3, None, 4, 5], dtype="Int64")})
>>> of(frame).codes.tolist(), of(frame).count
([0, 0, 1, -1], 2)
>>> of(frame).sum(numbers(frame, "knights")).tolist()
[3.0, 3.0, 4.0, nan]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import numpy.typing as npt
import pandas as pd

from xlsx_scorer.core.memo import remembered
from xlsx_scorer.i18n import bye_words, fold

if TYPE_CHECKING:
    from xlsx_scorer.core.formats import Format

#: The columns that name a game.
GAME = ("round", "table")
#: Group keys spanning at most this many values per row (and this many more) are
#: numbered through an array as long as their span; wider ones by hashing.
DENSE_SPAN_PER_ROW, DENSE_SPAN_EXTRA = 4, 1024

Floats = npt.NDArray[np.float64]
Flags = npt.NDArray[np.bool_]
Codes = npt.NDArray[np.intp]


Array = TypeVar("Array", bound=npt.NDArray[Any])


def _read_only(array: Array) -> Array:
    """``array``, made read-only: a remembered answer is shared by every rule."""
    array.flags.writeable = False
    return array


def numbers(frame: pd.DataFrame, column: str) -> Floats:
    """``frame[column]`` as floats, a missing value NaN and a mark 1.0 or 0.0 (remembered).

    >>> numbers(pd.DataFrame({"x": pd.array([2, None], dtype="Int64")}), "x").tolist()
    [2.0, nan]
    """

    def compute() -> Floats:
        values: Floats = frame[column].to_numpy(dtype=np.float64, na_value=np.nan)
        return _read_only(values)

    return remembered(frame, ("numbers", column), compute)


def marks(frame: pd.DataFrame, column: str) -> Flags:
    """A yes/no column as booleans, a missing mark False (remembered).

    >>> marks(pd.DataFrame({"x": pd.array([True, None, False], dtype="boolean")}), "x").tolist()
    [True, False, False]
    """

    def compute() -> Flags:
        values = numbers(frame, column)
        marked: Flags = (values != 0) & ~np.isnan(values)
        return _read_only(marked)

    return remembered(frame, ("marks", column), compute)


def factorized(frame: pd.DataFrame, column: str) -> tuple[Codes, pd.Index]:
    """Codes and distinct values of ``frame[column]``, a missing value -1 (remembered).

    >>> codes, names = factorized(pd.DataFrame({"p": ["b", None, "a", "b"]}), "p")
    >>> codes.tolist(), names.tolist()
    ([0, -1, 1, 0], ['b', 'a'])
    """

    def compute() -> tuple[Codes, pd.Index]:
        codes, uniques = pd.factorize(frame[column])
        return _read_only(codes.astype(np.intp, copy=False)), uniques

    return remembered(frame, ("factorized", column), compute)


@dataclass(frozen=True)
class Groups:
    """Each row's group number (``codes``; -1 for a row in no group) and how many groups.

    The games of a frame are groups (:func:`of`): -1 where round or table is
    missing.  An aggregate is over each group's rows, given back to every row of
    the group; a row in no group gets NaN.
    """

    codes: Codes
    count: int

    def _spread(self, per_group: Floats) -> Floats:
        """``per_group[code]`` for every row, NaN for a row in no group."""
        return np.append(per_group, np.nan)[self.codes]

    def size(self) -> Floats:
        """Rows in the row's group."""
        inside = self.codes[self.codes >= 0]
        return self._spread(np.bincount(inside, minlength=self.count).astype(np.float64))

    def sum(self, values: Floats | Flags) -> Floats:
        """The sum of ``values`` over the group, missing ones skipped (of nothing: 0)."""
        codes, data = self._kept(np.asarray(values, dtype=np.float64))
        sums = np.bincount(codes, weights=data, minlength=self.count)
        return self._spread(np.asarray(sums, dtype=np.float64))

    def max(self, values: Floats) -> Floats:
        """The largest of ``values`` over the group, missing ones skipped (of nothing: NaN)."""
        per_group = np.full(self.count, -np.inf)
        np.maximum.at(per_group, *self._kept(values))
        per_group[np.isneginf(per_group)] = np.nan
        return self._spread(per_group)

    def _kept(self, values: Floats) -> tuple[Codes, Floats]:
        """The codes and ``values`` of the rows in a group with a value (all, usually)."""
        if self._all_inside and not np.isnan(values).any():
            return self.codes, values
        kept = (self.codes >= 0) & ~np.isnan(values)
        return self.codes[kept], values[kept]

    @functools.cached_property
    def _all_inside(self) -> bool:
        return bool((self.codes >= 0).all())


def grouped(frame: pd.DataFrame, keys: tuple[str, ...]) -> Groups:
    """Rows grouped by their values in ``keys``; a row missing one is in no group (remembered).

    >>> frame = pd.DataFrame({"round": [1, 1, 2], "player": ["Ana", "Ana", "Ana"]})
    >>> grouped(frame, ("round", "player")).size().tolist()
    [2.0, 2.0, 1.0]
    """

    def compute() -> Groups:
        combined = np.zeros(len(frame), dtype=np.int64)
        inside = np.ones(len(frame), dtype=bool)
        span = 1
        for key in keys:
            codes, uniques = factorized(frame, key)
            combined = combined * max(len(uniques), 1) + codes
            inside &= codes >= 0
            span *= max(len(uniques), 1)
        return Groups(*_renumbered(combined[inside], inside, span))

    return remembered(frame, ("grouped", keys), compute)


def _renumbered(keys: npt.NDArray[np.int64], inside: Flags, span: int) -> tuple[Codes, int]:
    """Group numbers ``0…count-1`` for the rows ``inside`` by their ``keys`` (each below
    ``span``), -1 for the other rows, and ``count``.

    Keys spanning little more than the rows (``DENSE_SPAN_…``) are numbered in key
    order through an array as long as ``span``; wider ones by hashing, in order of
    appearance.

    >>> inside = np.array([True, False, True, True])
    >>> codes, count = _renumbered(np.array([7, 3, 7]), inside, 9)
    >>> codes.tolist(), count
    ([1, -1, 0, 1], 2)
    >>> codes, count = _renumbered(np.array([7, 3, 7]), inside, 10**12)
    >>> codes.tolist(), count
    ([0, -1, 1, 0], 2)
    """
    numbered = np.full(len(inside), -1, dtype=np.intp)
    if span <= DENSE_SPAN_PER_ROW * len(keys) + DENSE_SPAN_EXTRA:
        present = np.zeros(span, dtype=bool)
        present[keys] = True
        number = np.cumsum(present) - 1
        numbered[inside] = number[keys]
        return _read_only(numbered), int(present.sum())
    numbered[inside], distinct = pd.factorize(keys)
    return _read_only(numbered), len(distinct)


def of(frame: pd.DataFrame) -> Groups:
    """The games of ``frame``: one per distinct readable ``(round, table)`` (remembered)."""
    return grouped(frame, GAME)


def complete(frame: pd.DataFrame, columns: Sequence[str]) -> Flags:
    """True for rows whose whole game has readable values in ``columns`` (remembered).

    >>> frame = pd.DataFrame({"round": [1, 1, 2], "table": ["1", "1", "1"],
    ...                       "cities": pd.array([1, None, 0], dtype="Int64")})
    >>> complete(frame, ["cities"]).tolist()
    [False, False, True]
    """

    def compute() -> Flags:
        games = of(frame)
        inside = games.codes >= 0
        unreadable = np.zeros(len(frame), dtype=bool)
        for column in columns:
            unreadable |= np.isnan(numbers(frame, column))
        gaps = np.bincount(games.codes[inside & unreadable], minlength=games.count)
        whole: Flags = inside & (np.append(gaps, 1)[games.codes] == 0)
        return _read_only(whole)

    return remembered(frame, ("complete", tuple(columns)), compute)


def bye_rows(frame: pd.DataFrame, fmt: Format) -> Flags:
    """Rows that are a bye: in a 2-player format, a row whose table is the word ``Bye`` of a
    shipped language (``out.bye``); each is a game of its own (remembered).

    >>> from xlsx_scorer.core.formats import load
    >>> frame = pd.DataFrame({"table": ["1", "bye", "Descanso"]})
    >>> bye_rows(frame, load("carcassonne-swiss")).tolist(), bye_rows(frame, load("catan-es")).any()
    ([False, True, True], np.False_)
    """

    def compute() -> Flags:
        if not fmt.two_player:
            return np.zeros(len(frame), dtype=bool)
        codes, labels = factorized(frame, "table")
        byes = np.array([fold(str(label)) in bye_words() for label in labels] + [False])
        found: Flags = byes[codes]
        return found

    return remembered(frame, ("byes", fmt.two_player), compute)
