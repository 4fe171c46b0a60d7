"""Scoring (docs/rules.md §3–4): pure functions on DataFrames, no file access, inputs never mutated.

They work with numpy on the frame's columns and games (``games``); the titles,
in-game VP and declarations of a frame are remembered for it (``memo``), so the
rules that check them and the scoring share one computation.

Round points are kept exactly, as integer *twelfths*: every tie splits a sum
of 1, 2, 3 or 4 places, and 12 is divisible by each, so no rounding ever
happens (10/3 points is 40 twelfths).  They become decimals only for display.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pandas as pd

from xlsx_scorer.core import games
from xlsx_scorer.core.games import Codes, Flags, Floats
from xlsx_scorer.core.memo import remembered

Ints = npt.NDArray[np.int64]
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


@dataclass(frozen=True)
class Leaders:
    """One title per row of a frame: who qualifies, leads, and holds it (arrays by row).

    ``best`` is the game's highest qualifying value (NaN: nobody qualifies),
    ``leaders`` the qualifiers at the table with that value and
    ``marked_leaders`` those of them marked first (NaN outside any game).
    """

    qualifies: Flags
    best: Floats
    leader: Flags
    leaders: Floats
    marked_leaders: Floats
    holder: Flags


def title_leaders(frame: pd.DataFrame, value: str, mark: str, minimum: int) -> Leaders:
    """Who holds a title (Largest Army: ``knights``/``army_first``/3; Longest Road: 5).

    Qualifiers reach ``minimum``; the qualifier with the highest value holds it;
    among tied leaders, the one marked first holds it.  Remembered for the frame.

    >>> game = pd.DataFrame({"round": [1] * 3, "table": ["1"] * 3,
    ...                      "knights": [3, 3, 1], "army_first": [False, True, False]})
    >>> title_leaders(game, "knights", "army_first", 3).holder.tolist()
    [False, True, False]
    """

    def compute() -> Leaders:
        per_game = games.of(frame)
        values = games.numbers(frame, value)
        marked = games.marks(frame, mark)
        qualifies = values >= minimum
        best = per_game.max(np.where(qualifies, values, np.nan))
        leader = qualifies & (values == best)
        leaders = per_game.sum(leader)
        marked_leaders = per_game.sum(leader & marked)
        holder = leader & ((leaders == 1) | (marked & (marked_leaders == 1)))
        return Leaders(qualifies, best, leader, leaders, marked_leaders, holder)

    return remembered(frame, ("title", value, mark, minimum), compute)


@dataclass(frozen=True)
class Slips:
    """In-game VP per row (NaN when a cell it adds up is unreadable) and the titles held."""

    vp: Floats
    largest_army: Flags
    longest_road: Flags


def game_vp(frame: pd.DataFrame) -> Slips:
    """In-game VP: settlements + 2 × cities + VP cards + 2 per title held (remembered).

    >>> game = pd.DataFrame({"round": [1] * 3, "table": ["1"] * 3,
    ...     "settlements": [3, 2, 4], "cities": [2, 1, 0], "vp_cards": [1, 0, 0],
    ...     "knights": [3, 0, 0], "longest_road": [6, 5, 2],
    ...     "army_first": [False] * 3, "road_first": [False] * 3})
    >>> game_vp(game).vp.tolist()
    [12.0, 4.0, 4.0]
    """

    def compute() -> Slips:
        army = title_leaders(frame, "knights", "army_first", ARMY_MIN_KNIGHTS).holder
        road = title_leaders(frame, "longest_road", "road_first", ROAD_MIN_LENGTH).holder
        vp = (
            games.numbers(frame, "settlements")
            + 2 * games.numbers(frame, "cities")
            + games.numbers(frame, "vp_cards")
            + TITLE_BONUS * army
            + TITLE_BONUS * road
        )
        return Slips(vp, army, road)

    return remembered(frame, "game_vp", compute)


@dataclass(frozen=True)
class Declarations:
    """Declared victory per row: in-game VP, who may declare, how many may and did."""

    vp: Floats
    eligible: Flags
    eligible_players: Floats
    marked_eligible: Floats
    declarer: Flags


def declarations(frame: pd.DataFrame) -> Declarations:
    """Declared victory: available only when 2+ players at the table have 10+ VP.

    Then the one marked among them takes first place alone; otherwise a mark
    changes nothing.  Remembered for the frame.

    >>> game = pd.DataFrame({"round": [1] * 3, "table": ["1"] * 3,
    ...     "settlements": [5, 5, 2], "cities": [3, 3, 0], "vp_cards": [0] * 3,
    ...     "knights": [0] * 3, "longest_road": [1] * 3, "army_first": [False] * 3,
    ...     "road_first": [False] * 3, "declared": [False, True, False]})
    >>> declarations(game).declarer.tolist()
    [False, True, False]
    """

    def compute() -> Declarations:
        per_game = games.of(frame)
        vp = game_vp(frame).vp
        eligible = vp >= DECLARE_MIN_VP
        marked = games.marks(frame, "declared")
        eligible_players = per_game.sum(eligible)
        marked_eligible = per_game.sum(eligible & marked)
        declarer = eligible & marked & (eligible_players >= 2) & (marked_eligible == 1)
        return Declarations(vp, eligible, eligible_players, marked_eligible, declarer)

    return remembered(frame, "declarations", compute)


def score_games(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per player per game: VP, titles, declared victory, place and round points.

    Players are ordered by VP (a valid declarer first, alone); tied players
    share the best of their places and split the points of the places they
    occupy.  Points are integer twelfths (``points12``).  Every row must be in
    a game with every VP cell readable (a validated frame); else ``ValueError``.

    >>> game = pd.DataFrame({"round": [1] * 4, "table": ["1"] * 4, "player": list("abcd"),
    ...     "settlements": [4, 2, 2, 5], "cities": [3, 3, 3, 0], "vp_cards": [0] * 4,
    ...     "knights": [0] * 4, "longest_road": [1] * 4, "army_first": [False] * 4,
    ...     "road_first": [False] * 4, "declared": [False] * 4})
    >>> score_games(game)[["place", "points12"]].values.tolist()
    [[1, 60], [2, 30], [2, 30], [4, 12]]
    """
    per_game = games.of(frame)
    slips = game_vp(frame)
    declared = declarations(frame).declarer
    if np.isnan(slips.vp).any() or (per_game.codes < 0).any():
        raise ValueError("cannot score a row outside a game or with an unreadable VP cell")
    place, tied = _places(per_game.codes, np.where(declared, np.inf, slips.vp))
    table_size = np.minimum(per_game.size().astype(np.int64), 4)
    last = np.minimum(place - 1 + tied, 5)
    points12 = (_CUMULATIVE[table_size, last] - _CUMULATIVE[table_size, place - 1]) // tied
    return pd.DataFrame(
        {
            "round": frame["round"],
            "table": frame["table"],
            "player": frame["player"],
            "vp": slips.vp.astype(np.int64),
            "largest_army": slips.largest_army,
            "longest_road": slips.longest_road,
            "declared": declared,
            "place": place,
            "points12": points12,
            "table_vp": per_game.sum(slips.vp).astype(np.int64),
        },
        index=frame.index,
    )


def _places(codes: Codes, order: Floats) -> tuple[Ints, Ints]:
    """Per row: the best place its ``order`` value shares in its game (highest first),
    and how many rows of the game share that value.

    >>> place, tied = _places(np.array([0, 0, 0, 1]), np.array([8.0, 9.0, 8.0, 2.0]))
    >>> place.tolist(), tied.tolist()
    ([2, 1, 2, 1], [2, 1, 2, 1])
    """
    rows = np.lexsort((-order, codes))
    game = codes[rows]
    value = order[rows]
    new_game = np.ones(len(rows), dtype=bool)
    new_game[1:] = game[1:] != game[:-1]
    new_value = new_game.copy()
    new_value[1:] |= value[1:] != value[:-1]
    position = np.arange(len(rows))
    game_start = np.maximum.accumulate(np.where(new_game, position, 0))
    value_start = np.maximum.accumulate(np.where(new_value, position, 0))
    run = np.cumsum(new_value) - 1
    place = np.empty(len(rows), dtype=np.int64)
    tied = np.empty(len(rows), dtype=np.int64)
    place[rows] = value_start - game_start + 1
    tied[rows] = np.bincount(run)[run]
    return place, tied


def standings(
    scored_games: pd.DataFrame, collation_key: Callable[[str], object]
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

    >>> scored = pd.DataFrame({"player": ["Bo", "Al", "Bo"], "round": [1, 1, 2],
    ...     "points12": [60, 36, 24], "vp": [9, 7, 4], "table_vp": [20, 20, 18]})
    >>> table, per_round = standings(scored, str)
    >>> table[["rank", "player", "points12"]].values.tolist()
    [[1, 'Bo', 84], [2, 'Al', 36]]
    >>> per_round.values.tolist()
    [[60.0, 24.0], [36.0, nan]]
    """
    players, names = pd.factorize(scored_games["player"].to_numpy())
    named = players >= 0

    def per_player(column: str) -> Ints:
        values = scored_games[column].to_numpy(dtype=np.float64)[named]
        return np.bincount(players[named], weights=values, minlength=len(names)).astype(np.int64)

    points12, vp, table_vp = per_player("points12"), per_player("vp"), per_player("table_vp")
    vp_share = vp / np.where(table_vp > 0, table_vp, 1)
    keys = [
        (-points, -total, -share, collation_key(name), name)
        for points, total, share, name in zip(
            points12.tolist(), vp.tolist(), vp_share.tolist(), names.tolist(), strict=True
        )
    ]
    order = np.array(sorted(range(len(keys)), key=keys.__getitem__), dtype=np.intp)
    ranked = pd.DataFrame(
        {
            "rank": np.arange(1, len(order) + 1),
            "points12": points12[order],
            "vp": vp[order],
            "table_vp": table_vp[order],
            "vp_share": vp_share[order],
            "player": pd.Index(names).take(order),
        }
    )
    per_round = _per_round(scored_games, players, len(names)).take(order)
    return ranked, per_round.reset_index(drop=True)


def _per_round(scored_games: pd.DataFrame, players: Codes, count: int) -> pd.DataFrame:
    """Each player's twelfths per round: a row per player code, a column per round in order.

    Whole numbers (``int64``) when every player played every round, else floats
    with NaN where one did not.
    """
    rounds = pd.Index(scored_games["round"])
    numbers = rounds.dropna().unique().sort_values()
    columns = numbers.get_indexer(rounds)
    kept = (players >= 0) & (columns >= 0)
    cell = players[kept] * len(numbers) + columns[kept]
    size = count * len(numbers)
    points = scored_games["points12"].to_numpy(dtype=np.float64)[kept]
    sums = np.bincount(cell, weights=points, minlength=size).reshape(count, len(numbers))
    played = np.bincount(cell, minlength=size).reshape(count, len(numbers)) > 0
    values: npt.NDArray[np.float64] | Ints = (
        sums.astype(np.int64) if played.all() else np.where(played, sums, np.nan)
    )
    return pd.DataFrame(values, index=pd.RangeIndex(count), columns=numbers.rename("round"))


def played(scored_games: pd.DataFrame) -> pd.DataFrame:
    """Scored Catan games (``score_games``) as the standings engine's per-game frame
    (``core.standings``): the game's VP is its value, the place as scored.

    >>> scored = pd.DataFrame({"round": [1], "table": ["1"], "player": ["Ana"], "vp": [9],
    ...                        "place": [1], "points12": [60]})
    >>> played(scored).columns.tolist()
    ['round', 'table', 'player', 'value', 'place']
    """
    return pd.DataFrame(
        {
            "round": scored_games["round"],
            "table": scored_games["table"],
            "player": scored_games["player"],
            "value": scored_games["vp"],
            "place": scored_games["place"],
        },
        index=scored_games.index,
    )
