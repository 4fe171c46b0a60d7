"""Scoring (SPEC §3–4): pure functions on DataFrames, no file access, inputs never mutated.

Round points are kept exactly, as integer *twelfths*: every tie splits a sum
of 1, 2, 3 or 4 places, and 12 is divisible by each, so no rounding ever
happens (10/3 points is 40 twelfths).  They become decimals only for display.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import pandas as pd

GAME = ["round", "table"]
#: The per-game aggregates the rules and the scoring use.
Aggregate = Literal["all", "max", "size", "sum"]
TWELFTHS = 12
#: Round points by place, for 4- and 3-player tables.
PLACE_POINTS: dict[int, tuple[int, ...]] = {4: (5, 3, 2, 1), 3: (5, 3, 2)}
ARMY_MIN_KNIGHTS = 3
ROAD_MIN_LENGTH = 5
DECLARE_MIN_VP = 10
TITLE_BONUS = 2

# _CUMULATIVE[n][k]: twelfths earned by places 1..k together at an n-player table.
_CUMULATIVE = np.zeros((5, 6), dtype=np.int64)
for _size, _points in PLACE_POINTS.items():
    _CUMULATIVE[_size, 1 : len(_points) + 1] = np.cumsum(_points) * TWELFTHS
    _CUMULATIVE[_size, len(_points) + 1 :] = _CUMULATIVE[_size, len(_points)]


class _LastFrame(threading.local):
    """The game numbers of the frame seen last in this thread (frames are never mutated)."""

    frame: weakref.ref[pd.DataFrame] | None = None
    ids: pd.Series | None = None


_LAST = _LastFrame()


def game_ids(frame: pd.DataFrame) -> pd.Series:
    """Each row's game as a number (NaN where round or table is missing).

    Grouping by one float column is several times faster than by (round, table),
    and every rule and score groups by game; the answer for the frame seen last
    is kept (by identity, through a weak reference).

    >>> game_ids(pd.DataFrame({"round": [1, 1, 2], "table": ["1", "2", "1"]})).tolist()
    [0.0, 1.0, 2.0]
    """
    if _LAST.frame is None or _LAST.frame() is not frame or _LAST.ids is None:
        ids = frame.groupby(GAME, dropna=True, sort=False).ngroup().astype("float64")
        _LAST.frame, _LAST.ids = weakref.ref(frame), ids
    return _LAST.ids


def per_game(
    frame: pd.DataFrame, values: pd.Series | npt.NDArray[Any], how: Aggregate
) -> pd.Series:
    """``values`` aggregated over each game of ``frame`` and given back to every row.

    As pandas' ``groupby(game).transform(how)`` with missing values skipped:
    ``sum`` (of nothing: 0) and ``size`` are whole numbers (``Int64``), ``max``
    a number (``Float64``; of nothing: missing), ``all`` a ``boolean``; rows
    outside any game get a missing value.  Worked out with numpy on the game
    numbers (:func:`game_ids`), several times faster than a groupby per call.

    >>> frame = pd.DataFrame({"round": [1, 1, 1, None], "table": ["1", "1", "2", "1"]})
    >>> values = pd.Series([3, None, 4, 5], dtype="Int64")
    >>> per_game(frame, values, "sum").tolist(), per_game(frame, values, "size").tolist()
    ([3, 3, 4, <NA>], [2, 2, 1, <NA>])
    >>> per_game(frame, values, "max").tolist(), per_game(frame, values > 3, "all").tolist()
    ([3.0, 3.0, 4.0, <NA>], [False, False, True, <NA>])
    """
    ids = game_ids(frame).to_numpy()
    inside = ~np.isnan(ids)
    codes = ids[inside].astype(np.intp)
    count = int(codes.max()) + 1 if len(codes) else 0
    if how == "size":
        per: npt.NDArray[np.float64] = np.bincount(codes, minlength=count).astype(np.float64)
    else:
        data = _floats(values)[inside]
        present = ~np.isnan(data)
        if how == "sum":
            per = np.bincount(codes[present], weights=data[present], minlength=count).astype(
                np.float64
            )
        elif how == "max":
            per = np.full(count, -np.inf)
            np.maximum.at(per, codes[present], data[present])
            per[np.isneginf(per)] = np.nan
        else:  # all
            per = np.ones(count)
            np.minimum.at(per, codes[present], (data[present] != 0).astype(np.float64))
    spread = np.zeros(len(ids))
    spread[inside] = per[codes]
    missing = ~inside | np.isnan(spread)
    spread[missing] = 0
    array: pd.api.extensions.ExtensionArray
    if how == "max":
        array = pd.arrays.FloatingArray(spread, missing)
    elif how == "all":
        array = pd.arrays.BooleanArray(spread.astype(bool), missing)
    else:
        array = pd.arrays.IntegerArray(spread.astype(np.int64), missing)
    return pd.Series(array, index=frame.index)


def _floats(values: pd.Series | npt.NDArray[Any]) -> npt.NDArray[np.float64]:
    """``values`` as floats, missing ones NaN (``True`` is 1)."""
    if isinstance(values, pd.Series):
        return values.to_numpy(dtype=np.float64, na_value=np.nan)
    return np.asarray(values, dtype=np.float64)


def _marks(values: pd.Series) -> npt.NDArray[np.bool_]:
    """A mark column as booleans, a missing mark False."""
    marked: npt.NDArray[np.bool_] = values.to_numpy(dtype=np.float64, na_value=0.0) != 0
    return marked


def title_leaders(frame: pd.DataFrame, value: str, mark: str, minimum: int) -> pd.DataFrame:
    """Who holds a title (Largest Army: ``knights``/``army_first``/3; Longest Road: 5).

    Qualifiers reach ``minimum``; the qualifier with the highest value holds it;
    among tied leaders, the one marked first holds it.

    >>> game = pd.DataFrame({"round": [1] * 3, "table": ["1"] * 3,
    ...                      "knights": [3, 3, 1], "army_first": [False, True, False]})
    >>> title_leaders(game, "knights", "army_first", 3)["holder"].tolist()
    [False, True, False]
    """
    values = _floats(frame[value])
    marked = _marks(frame[mark])
    qualifies = values >= minimum
    best = per_game(frame, np.where(qualifies, values, np.nan), "max")
    leader = qualifies & (values == _floats(best))
    leaders = per_game(frame, leader, "sum")
    marked_leaders = per_game(frame, leader & marked, "sum")
    holder = leader & ((_floats(leaders) == 1) | (marked & (_floats(marked_leaders) == 1)))
    return pd.DataFrame(
        {
            "qualifies": qualifies,
            "game_best": best,
            "leader": leader,
            "leaders": leaders,
            "marked_leaders": marked_leaders,
            "holder": holder,
        },
        index=frame.index,
    )


def game_vp(frame: pd.DataFrame) -> pd.DataFrame:
    """In-game VP: settlements + 2 × cities + VP cards + 2 per title held.

    >>> game = pd.DataFrame({"round": [1] * 3, "table": ["1"] * 3,
    ...     "settlements": [3, 2, 4], "cities": [2, 1, 0], "vp_cards": [1, 0, 0],
    ...     "knights": [3, 0, 0], "longest_road": [6, 5, 2],
    ...     "army_first": [False] * 3, "road_first": [False] * 3})
    >>> game_vp(game)["vp"].tolist()
    [12, 4, 4]
    """
    army = title_leaders(frame, "knights", "army_first", ARMY_MIN_KNIGHTS)["holder"]
    road = title_leaders(frame, "longest_road", "road_first", ROAD_MIN_LENGTH)["holder"]
    vp = (
        frame["settlements"]
        + 2 * frame["cities"]
        + frame["vp_cards"]
        + TITLE_BONUS * army.astype(int)
        + TITLE_BONUS * road.astype(int)
    )
    return pd.DataFrame({"vp": vp, "largest_army": army, "longest_road": road}, index=frame.index)


def declarations(frame: pd.DataFrame, vp: pd.Series | None = None) -> pd.DataFrame:
    """Declared victory: available only when 2+ players at the table have 10+ VP.

    Then the one marked among them takes first place alone; otherwise a mark
    changes nothing.  ``vp`` is ``game_vp(frame)["vp"]`` when the caller has it
    already (computed here otherwise).  Returns per row: vp, eligible,
    eligible_players, marked_eligible and declarer.
    """
    vp = game_vp(frame)["vp"] if vp is None else vp
    eligible = _floats(vp) >= DECLARE_MIN_VP
    marked = _marks(frame["declared"])
    eligible_players = per_game(frame, eligible, "sum")
    marked_eligible = per_game(frame, eligible & marked, "sum")
    declarer = (
        eligible & marked & (_floats(eligible_players) >= 2) & (_floats(marked_eligible) == 1)
    )
    return pd.DataFrame(
        {
            "vp": vp,
            "eligible": eligible,
            "eligible_players": eligible_players,
            "marked_eligible": marked_eligible,
            "declarer": declarer,
        },
        index=frame.index,
    )


def score_games(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per player per game: VP, titles, declared victory, place and round points.

    Players are ordered by VP (a valid declarer first, alone); tied players
    share the best of their places and split the points of the places they
    occupy.  Points are integer twelfths (``points12``).

    >>> game = pd.DataFrame({"round": [1] * 4, "table": ["1"] * 4, "player": list("abcd"),
    ...     "settlements": [4, 2, 2, 5], "cities": [3, 3, 3, 0], "vp_cards": [0] * 4,
    ...     "knights": [0] * 4, "longest_road": [1] * 4, "army_first": [False] * 4,
    ...     "road_first": [False] * 4, "declared": [False] * 4})
    >>> score_games(game)[["place", "points12"]].values.tolist()
    [[1, 60], [2, 30], [2, 30], [4, 12]]
    """
    vp = game_vp(frame)
    declared = declarations(frame, vp["vp"])["declarer"]
    order = vp["vp"].astype("float64").where(~declared, np.inf)
    games = game_ids(frame)
    size = order.groupby(games, sort=False).transform("size").to_numpy()
    ranks = order.groupby(games, sort=False).rank(method="min", ascending=False)
    place = ranks.astype(np.int64).to_numpy()
    tied = order.groupby([games, order], sort=False).transform("size").to_numpy()
    table_size = np.minimum(size, 4)
    last = np.minimum(place - 1 + tied, 5)
    points12 = (_CUMULATIVE[table_size, last] - _CUMULATIVE[table_size, place - 1]) // tied
    return pd.DataFrame(
        {
            "round": frame["round"],
            "table": frame["table"],
            "player": frame["player"],
            "vp": vp["vp"].astype(np.int64),
            "largest_army": vp["largest_army"],
            "longest_road": vp["longest_road"],
            "declared": declared,
            "place": place,
            "points12": points12,
            "table_vp": per_game(frame, vp["vp"], "sum").astype(np.int64),
        },
        index=frame.index,
    )


def standings(
    games: pd.DataFrame, collation_key: Callable[[str], object]
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The tournament table: round points, then total VP, then VP %, then name.

    VP % is the player's VP over the VP of everyone at every table the player
    sat at (one ratio, not an average).  It is compared as a float: two
    different ratios with denominators below 2**26 always give different
    floats, in the same order, and equal ratios give equal floats.  The name
    order is ``collation_key`` (a callable: name → sortable key).

    Returns the ranked table (rank, player, points12, vp, table_vp, vp_share)
    and, in the same row order, each player's twelfths per round (one column
    per round number; NaN where the player did not play that round).
    """
    by_player = games.groupby("player", sort=False)
    table = pd.DataFrame(
        {
            "points12": by_player["points12"].sum(),
            "vp": by_player["vp"].sum(),
            "table_vp": by_player["table_vp"].sum(),
        }
    )
    table["vp_share"] = table["vp"] / table["table_vp"].where(table["table_vp"] > 0, 1)
    table = table.rename_axis(index=None)
    names = table.index.to_series()
    table["collation"] = names.map(collation_key)
    table["player"] = names
    table = table.sort_values(
        ["points12", "vp", "vp_share", "collation", "player"],
        ascending=[False, False, False, True, True],
        kind="mergesort",
    )
    per_round = (
        games.groupby(["player", "round"], sort=True)["points12"]
        .sum()
        .unstack("round")
        .reindex(table.index)
        .reset_index(drop=True)
    )
    ranked = table.drop(columns="collation").reset_index(drop=True)
    ranked.insert(0, "rank", np.arange(1, len(ranked) + 1))
    return ranked, per_round
