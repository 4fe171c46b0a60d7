"""One standings engine for every format (docs/rules.md, "Formats"): games → ranked players.

Its input is a per-game frame, one row per player per game: ``round``, ``table``,
``player``, ``value`` (the game's VP or score, a whole number), ``place`` (the best
place of the player's group of equal results, 1 = first) and ``bye`` (a row that is a
bye: a win with no opponent).  The format's keys (``core.formats.KEYS``) are worked
out on numpy arrays and compared exactly: per-game points, wins and score
differences are integers over one common denominator ``D`` (the least common
multiple of 1 … the largest table: every tie divides it), ratios are ``Fraction``.
Nothing is rounded here; the report rounds for display only.

>>> from xlsx_scorer.core.formats import load
>>> played = pd.DataFrame({"round": [1] * 4, "table": ["1"] * 4, "player": list("abcd"),
...     "value": [80, 80, 60, 40], "place": [1, 1, 3, 4]})
>>> ranked = rank(contributions(played, load("carcassonne-hig")), load("carcassonne-hig"), str)
>>> ranked.table[["player", "points", "relative"]].values.tolist()
[['a', Fraction(4, 1), Fraction(4, 13)], ['b', Fraction(4, 1), Fraction(4, 13)], ['c', \
Fraction(2, 1), Fraction(3, 13)], ['d', Fraction(1, 1), Fraction(2, 13)]]
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from xlsx_scorer.core import games
from xlsx_scorer.core.formats import Format

Ints = npt.NDArray[np.int64]
#: ``capped_vp`` counts each game's VP up to the 10 needed to win.
VP_CAP = 10
#: The places ``place_counts`` counts, best first.
COUNTED_PLACES = (1, 2, 3)
#: The columns ``place_counts`` becomes in the standings.
PLACE_COUNT_COLUMNS = ("firsts", "seconds", "thirds")


def denominator(fmt: Format) -> int:
    """The common denominator of per-game points, wins and differences: lcm(1 … largest table).

    >>> from xlsx_scorer.core.formats import load
    >>> denominator(load("catan-es")), denominator(load("carcassonne-swiss"))
    (12, 2)
    """
    return math.lcm(*range(1, max(fmt.table_sizes) + 1))


def contributions(played: pd.DataFrame, fmt: Format) -> pd.DataFrame:
    """``played`` with what each game gives each player, exactly (integers over ``D``).

    Adds ``size`` (players at the table), ``tied`` (players sharing the place),
    ``table_value`` (the table's total), ``points_n``, ``wins_n`` and ``diff_n``
    (points, wins and score difference, times ``D``).  Tied places share the sum of
    their places' points; k players sharing first place get 1/k win each; the score
    difference is own minus the mean of the opponents'.  A bye is first place alone,
    a win, with difference 0 and no score.

    >>> played = pd.DataFrame({"round": [1, 1], "table": ["1", "1"], "player": ["a", "b"],
    ...                        "value": [70, 70], "place": [1, 1]})
    >>> from xlsx_scorer.core.formats import load
    >>> contributions(played, load("carcassonne-swiss"))[["wins_n", "diff_n"]].values.tolist()
    [[1, 0], [1, 0]]
    """
    scale = denominator(fmt)
    bye = (
        played["bye"].to_numpy(dtype=bool)
        if "bye" in played.columns
        else np.zeros(len(played), dtype=bool)
    )
    value = np.where(bye, 0, played["value"].to_numpy(dtype=np.float64, na_value=0.0)).astype(
        np.int64
    )
    place = np.where(bye, 1, played["place"].to_numpy(dtype=np.int64))
    known = (
        played["game"].to_numpy(dtype=np.int64)
        if "game" in played.columns
        else games.of(played).codes.astype(np.int64)
    )
    # each bye is a game of its own
    game = np.where(bye, known.max(initial=-1) + 1 + np.arange(len(played)), known)
    size = np.bincount(game)[game]
    total = np.bincount(game, weights=value).astype(np.int64)[game]
    group = game * (max(fmt.table_sizes) + 2) + np.minimum(place, max(fmt.table_sizes) + 1)
    tied = np.bincount(group)[group]
    cumulative = _cumulative_points(fmt, scale)
    smallest = min(fmt.table_sizes)
    points_size = np.where(bye, smallest, np.clip(size, 0, cumulative.shape[0] - 1))
    last = np.minimum(place - 1 + tied, cumulative.shape[1] - 1)
    points_n = (
        cumulative[points_size, last] - cumulative[points_size, np.minimum(place - 1, last)]
    ) // tied
    wins_n = np.where(place == 1, scale // tied, 0)
    others = np.maximum(size - 1, 1)
    diff_n = np.where(size > 1, (size * value - total) * (scale // others), 0)
    return played.assign(
        value=value,
        place=place,
        bye=bye,
        size=size,
        tied=tied,
        table_value=total,
        game=game,
        points_n=points_n.astype(np.int64),
        wins_n=wins_n.astype(np.int64),
        diff_n=diff_n.astype(np.int64),
    )


def _cumulative_points(fmt: Format, scale: int) -> Ints:
    """[size, k]: the points of places 1 … k together at a table of ``size``, times ``scale``."""
    largest = max(fmt.table_sizes)
    table = np.zeros((largest + 1, largest + 1), dtype=np.int64)
    for size in range(largest + 1):
        by_place = fmt.points_for(size)
        running = np.cumsum(np.array(by_place, dtype=np.int64)) * scale
        table[size, 1 : len(by_place) + 1] = running
        table[size, len(by_place) + 1 :] = running[-1] if len(by_place) else 0
    return table


@dataclass(frozen=True)
class Ranked:
    """The standings: ``table`` (rank, player, a column per key: exact values) and, in the
    same order, the first key per round times ``round_scale`` (whole numbers for points and
    wins, so sums stay exact; NaN where one did not play).  ``scale`` is ``denominator``.
    In the same order too: ``games``, the games each played at a table (a bye is no game),
    and ``byes``, shaped as ``per_round``, True where the round was a bye (None: no byes)."""

    table: pd.DataFrame
    per_round: pd.DataFrame
    scale: int
    round_scale: int
    games: tuple[int, ...] = ()
    byes: pd.DataFrame | None = None


def rank(played: pd.DataFrame, fmt: Format, collation_key: Callable[[str], Any]) -> Ranked:
    """Rank the players of ``played`` (from :func:`contributions`) by ``fmt.order``, then name.

    Every key is higher-is-better and compared exactly; ``place_counts`` compares
    first places, then second, then third.  The name order is ``collation_key``.
    """
    scale = denominator(fmt)
    players, names = pd.factorize(played["player"].to_numpy())
    count = len(names)

    def total(column: str | Ints) -> Ints:
        values = played[column].to_numpy() if isinstance(column, str) else column
        return np.bincount(players, weights=values, minlength=count).astype(np.int64)

    columns: dict[str, list[Any]] = {}
    keys: list[list[Any]] = []
    value = played["value"].to_numpy(dtype=np.int64)
    for key in fmt.order:
        if key == "place_counts":
            place = played["place"].to_numpy()
            counts = [total(np.asarray(place == where, dtype=np.int64)) for where in COUNTED_PLACES]
            for name, numbers in zip(PLACE_COUNT_COLUMNS, counts, strict=True):
                columns[name] = numbers.tolist()
            keys.extend((-numbers).tolist() for numbers in counts)
            continue
        exact = _key(
            key, fmt, played, players=players, count=count, scale=scale, total=total, value=value
        )
        columns[key] = exact
        keys.append(_descending(exact))
    labels: list[str] = names.tolist()
    order = sorted(
        range(count),
        key=lambda p: (*(column[p] for column in keys), collation_key(labels[p]), labels[p]),
    )
    taken = np.array(order, dtype=np.intp)
    table = pd.DataFrame(
        {
            "rank": np.arange(1, count + 1),
            "player": pd.Index(names).take(taken),
            **{name: [values[p] for p in order] for name, values in columns.items()},
        }
    )
    first, round_scale = per_game(played, fmt.order[0], scale, fmt)
    per_round = _per_round(played, first, players, count).take(taken).reset_index(drop=True)
    bye = (
        played["bye"].to_numpy(dtype=bool)
        if "bye" in played.columns
        else np.zeros(len(played), dtype=bool)
    )
    games = np.bincount(players, weights=~bye, minlength=count).astype(np.int64)[taken]
    byes = None
    if bye.any():
        byes = _per_round(played, bye.astype(np.float64), players, count) > 0
        byes = byes.take(taken).reset_index(drop=True)
    return Ranked(table, per_round, scale, round_scale, tuple(games.tolist()), byes)


#: Exact values whose common denominator is below this sort as whole numbers.
_WHOLE_SORT_LIMIT = 1 << 60
#: Fractions in [0, 1] over denominators below this compare exactly as floats.
_FLOAT_EXACT = 1 << 26


def _descending(values: list[Any]) -> list[Any]:
    """Sort keys putting ``values`` (ints, Fractions) highest first, compared exactly.

    Fractions over a small common denominator become whole numerators; else each is
    (its float, itself): float rounding keeps the order (a < b gives float(a) <=
    float(b)), so the floats decide, and only equal floats compare the Fractions.

    >>> _descending([Fraction(1, 3), Fraction(1, 2)]), _descending([3, 5])
    ([-2, -3], [-3, -5])
    >>> _descending([Fraction(1, 3), Fraction(1, 2**61)])[0]
    (-0.3333333333333333, Fraction(-1, 3))
    """
    if all(isinstance(value, int) for value in values):
        return [-value for value in values]
    denominators = {value.denominator for value in values}
    common = math.lcm(*denominators)
    if common < _WHOLE_SORT_LIMIT:
        return [-(value.numerator * (common // value.denominator)) for value in values]
    if max(denominators) < _FLOAT_EXACT and all(0 <= value <= 1 for value in values):
        # two different fractions in [0, 1] over denominators below 2**26 differ by more
        # than 2**-52, so their floats differ too, in the same order (VP %)
        return [-(value.numerator / value.denominator) for value in values]
    return [(-float(value), -value) for value in values]


def _key(
    key: str,
    fmt: Format,
    played: pd.DataFrame,
    *,
    players: npt.NDArray[np.intp],
    count: int,
    scale: int,
    total: Callable[[str | Ints], Ints],
    value: Ints,
) -> list[Any]:
    """One key per player, exactly: ints or Fractions."""
    if key in ("points", "wins", "score_diff"):
        column = {"points": "points_n", "wins": "wins_n", "score_diff": "diff_n"}[key]
        return [Fraction(n, scale) for n in total(column).tolist()]
    if key in ("vp", "score"):
        return list(total(value).tolist())
    if key == "capped_vp":
        return list(total(np.minimum(value, VP_CAP)).tolist())
    if key == "vp_ratio":
        mine, tables = total(value).tolist(), total("table_value").tolist()
        return [Fraction(a, b) if b else Fraction(0) for a, b in zip(mine, tables, strict=True)]
    if key == "shares":
        return _share_sums(played, players, count, weighted=False, largest=1)
    if key == "relative":
        return _share_sums(played, players, count, weighted=True, largest=max(fmt.table_sizes))
    if key == "buchholz_cut1":
        return _buchholz(played, players, count, scale, total("wins_n"))
    raise ValueError(f"unknown standings key {key!r}")


def _relative_terms(played: pd.DataFrame, largest: int) -> tuple[Ints, Ints]:
    """Per row: the numerator and denominator of its relative share (0/1 for a table of 0).

    A smaller table's total is raised to ``largest`` players by its mean (a virtual
    player scoring the mean): v / (T · largest / n) = v · n / (T · largest).
    """
    value = played["value"].to_numpy(dtype=np.int64)
    table = played["table_value"].to_numpy(dtype=np.int64)
    size = played["size"].to_numpy(dtype=np.int64)
    bottom = table * largest
    empty = bottom == 0
    return np.where(empty, 0, value * size), np.where(empty, 1, bottom)


def _share_sums(
    played: pd.DataFrame,
    players: npt.NDArray[np.intp],
    count: int,
    *,
    weighted: bool,
    largest: int,
) -> list[Any]:
    """The sum of each player's shares of their tables' totals, exactly, with no loop over rows.

    ``shares``: Σ v / T (10 of 32, 8 of 30 and 10 of 36 is 617/720, 85.69 %: no share is
    rounded before the sum).  ``relative`` (``weighted``): Σ v·n / (T·largest), a smaller
    table's total raised by its mean.  Numerators are summed per (player, table total T) by
    pandas, then brought over one common denominator D = lcm of every T (Python integers,
    in a numpy object array) and summed per player.  A table whose total is 0 gives 0.

    >>> played = pd.DataFrame({"value": [10, 8, 10], "table_value": [32, 30, 36],
    ...                        "size": [4, 4, 4]})
    >>> _share_sums(played, np.zeros(3, dtype=np.intp), 1, weighted=False, largest=1)
    [Fraction(617, 720)]
    """
    value = played["value"].to_numpy(dtype=np.int64)
    table = played["table_value"].to_numpy(dtype=np.int64)
    weight = played["size"].to_numpy(dtype=np.int64) if weighted else 1
    top = np.where(table > 0, value * weight, 0)
    sums = (
        pd.DataFrame({"player": players, "total": np.where(table > 0, table, 1), "top": top})
        .groupby(["player", "total"], sort=True)["top"]
        .sum()
    )
    owner = sums.index.get_level_values(0).to_numpy()
    totals = sums.index.get_level_values(1).to_numpy()
    distinct = np.unique(totals)
    common = math.lcm(*distinct.tolist()) if len(distinct) else 1
    factor = np.array([common // int(total) for total in distinct] + [0], dtype=object)
    terms = sums.to_numpy().astype(object) * factor[np.searchsorted(distinct, totals)]
    starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]]) if len(owner) else owner
    per_player = np.add.reduceat(terms, starts) if len(terms) else terms
    shares = [Fraction(0)] * count
    for player, numerator in zip(owner[starts].tolist(), per_player.tolist(), strict=True):
        shares[player] = Fraction(numerator, common * largest)
    return shares


def _buchholz(
    played: pd.DataFrame, players: npt.NDArray[np.intp], count: int, scale: int, wins: Ints
) -> list[Any]:
    """Buchholz cut 1: the sum of every opponent's wins over the player's games, leaving out
    the weakest opponent once.  A bye has no opponent; a player with none scores 0."""
    game = played["game"].to_numpy()
    pairs = pd.DataFrame({"game": game, "me": players, "row": np.arange(len(players))})
    met = pairs.merge(pairs, on="game", suffixes=("", "_other"))
    met = met[met["row"] != met["row_other"]]
    strength = wins[met["me_other"].to_numpy()]
    summary = (
        pd.DataFrame({"me": met["me"].to_numpy(), "strength": strength})
        .groupby("me")["strength"]
        .agg(["sum", "min"])
    )
    result = [Fraction(0)] * count
    for player, whole, weakest in zip(
        summary.index.tolist(), summary["sum"].tolist(), summary["min"].tolist(), strict=True
    ):
        result[player] = Fraction(whole - weakest, scale)
    return result


def per_game(
    played: pd.DataFrame, key: str, scale: int, fmt: Format
) -> tuple[npt.NDArray[np.float64], int]:
    """What one game gives the player in ``key`` times a scale, and the scale: points, wins
    and differences as their whole numerators over ``scale``, the rest as floats over 1
    (NaN: no meaning per game, as for Buchholz)."""
    value = played["value"].to_numpy(dtype=np.float64)
    shown: npt.NDArray[np.float64]
    if key in ("points", "wins", "score_diff"):
        column = {"points": "points_n", "wins": "wins_n", "score_diff": "diff_n"}[key]
        return played[column].to_numpy(dtype=np.float64), scale
    if key in ("vp", "score"):
        shown = value
    elif key == "capped_vp":
        shown = np.minimum(value, VP_CAP)
    elif key == "shares":
        table = played["table_value"].to_numpy(dtype=np.float64)
        shown = np.where(table > 0, value / np.where(table > 0, table, 1), 0.0)
    elif key == "relative":
        numerator, bottom = _relative_terms(played, max(fmt.table_sizes))
        shown = numerator / bottom
    elif key == "vp_ratio":
        table = played["table_value"].to_numpy(dtype=np.float64)
        shown = np.where(table > 0, value / np.where(table > 0, table, 1), 0.0)
    elif key == "place_counts":
        shown = (played["place"].to_numpy() == 1).astype(np.float64)
    else:
        shown = np.full(len(played), np.nan)
    return shown, 1


def _per_round(
    played: pd.DataFrame, values: npt.NDArray[np.float64], players: npt.NDArray[np.intp], count: int
) -> pd.DataFrame:
    """Each player's ``values`` summed per round: a row per player code, a column per round."""
    rounds = pd.Index(played["round"])
    numbers = rounds.dropna().unique().sort_values()
    columns = numbers.get_indexer(rounds)
    cell = players * len(numbers) + columns
    size = count * len(numbers)
    sums = np.bincount(cell, weights=np.nan_to_num(values), minlength=size)
    played_ = np.bincount(cell, minlength=size) > 0
    shown = np.where(played_, sums, np.nan).reshape(count, len(numbers))
    if np.isnan(values).all():
        shown[:] = np.nan
    return pd.DataFrame(shown, index=pd.RangeIndex(count), columns=numbers.rename("round"))


def by_value(frame: pd.DataFrame, column: str, bye: npt.NDArray[np.bool_]) -> pd.DataFrame:
    """The per-game frame of a game scored by one number (Carcassonne's ``score``): places
    by ``column``, highest first, equal values sharing the best place; ``bye`` rows apart.

    >>> frame = pd.DataFrame({"round": [1, 1, 1], "table": ["1", "1", "1"],
    ...                       "player": list("abc"), "score": [30, 50, 30]})
    >>> by_value(frame, "score", np.zeros(3, dtype=bool))["place"].tolist()
    [2, 1, 2]
    """
    value = frame[column].to_numpy(dtype=np.float64, na_value=0.0)
    value = np.where(bye, 0.0, value)
    known = games.of(frame).codes
    game = np.where(bye, known.max(initial=-1) + 1 + np.arange(len(frame)), known)
    place = (
        pd.Series(value, index=frame.index)
        .groupby(game)
        .rank(method="min", ascending=False)
        .to_numpy(dtype=np.int64)
    )
    return pd.DataFrame(
        {
            "round": frame["round"],
            "table": frame["table"],
            "player": frame["player"],
            "value": value.astype(np.int64),
            "place": np.where(bye, 1, place),
            "bye": bye,
            "game": game,
        },
        index=frame.index,
    )
