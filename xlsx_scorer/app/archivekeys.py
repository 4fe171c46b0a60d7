"""The archive's exact record of an event in a format other than ``catan-es``: by its keys.

``catan-es`` keeps the files and canonical form ``canonical`` has always written
(their fingerprints verify as they did).  Any other format (docs/rules.md,
"Formats"; docs/archive.md) is recorded by the format's keys:

- the canonical form adds ``tournament_format`` (the format as its file declares it:
  name, game, table sizes, points, order), and each standing is ``rank``,
  ``player``, ``keys`` (each key's exact value as text: ``"9/28"``, ``"4"``) and
  ``rounds`` ([round, exact value of the first key] pairs);
- ``games.csv``: round, table, player, the game's value (``vp`` or ``score``), bye,
  place, and what the game gave in ``points`` and ``wins``, exactly;
- ``standings.csv``: rank, player, each key exactly and rounded beside it, then the
  first key per round, exactly.

>>> from xlsx_scorer.core.formats import load
>>> declared(load("carcassonne-hig"))["points"]
{'3': [5, 3, 1], '4': [5, 3, 2, 1]}
"""

from __future__ import annotations

import hashlib
import json
import math
from fractions import Fraction
from typing import Any

import pandas as pd

from xlsx_scorer.app import canonical
from xlsx_scorer.app.formatsheets import shown_columns
from xlsx_scorer.core import stages
from xlsx_scorer.core.collation import table_order
from xlsx_scorer.core.formats import Format
from xlsx_scorer.core.standings import Ranked

#: Keys shown as percentages (their ``_display`` is the percentage, 2 decimals).
PERCENT_KEYS = frozenset({"vp_ratio", "shares", "relative"})
GAME_VALUE = {"catan": "vp", "carcassonne": "score"}
CATAN_MARKS = ("largest_army", "longest_road", "declared")


def declared(fmt: Format) -> dict[str, Any]:
    """The format as its TOML file declares it (``core.formats.parse`` reads it back), its
    stages too when it has any (``stages`` or ``plans``: an archive is verified with them,
    its rounds after ``Rounds`` kept out of the standings as when it was archived)."""
    points = None if fmt.points is None else {str(size): list(by) for size, by in fmt.points}
    return {
        "name": fmt.name,
        "game": fmt.game,
        "table_sizes": list(fmt.table_sizes),
        "points": points,
        "order": list(fmt.order),
        **stages.declared(fmt.stages),  # the final stages, when the format plays any
    }


def keys_of(fmt: Format) -> list[str]:
    """The standings columns of ``fmt`` after rank and player (``place_counts`` is three)."""
    return [column for column, _ in shown_columns(fmt)]


def _exact(value: Any) -> str:
    """An exact value (int, Fraction, a whole float) as text; another float as its repr."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(Fraction(value)) if not isinstance(value, int) else str(value)


def _rounds(ranked: Ranked) -> list[list[tuple[int, str]]]:
    """Each ranked player's first key per round, exactly: (round, value) where played."""
    numbers = [int(number) for number in ranked.per_round.columns]
    rows = ranked.per_round.to_numpy(dtype=float, na_value=math.nan).tolist()
    scale = ranked.round_scale
    return [
        [
            (number, _exact(Fraction(int(value), scale) if value.is_integer() else value / scale))
            for number, value in zip(numbers, values, strict=True)
            if not math.isnan(value)
        ]
        for values in rows
    ]


def standing_records(fmt: Format, ranked: Ranked) -> list[dict[str, Any]]:
    """One record per player, in rank order: rank, player, each key exactly, first key per
    round."""
    table, keys = ranked.table, keys_of(fmt)
    columns = {key: table[key].tolist() for key in keys}
    return [
        {
            "rank": int(rank),
            "player": str(player),
            "keys": {key: _exact(columns[key][index]) for key in keys},
            "rounds": [[number, value] for number, value in rounds],
        }
        for index, (rank, player, rounds) in enumerate(
            zip(table["rank"].tolist(), table["player"].tolist(), _rounds(ranked), strict=True)
        )
    ]


def canonical_document(results: pd.DataFrame, fmt: Format, ranked: Ranked) -> bytes:
    """The canonical form (``canonical``'s rules) with the format and its keys."""
    document = {
        "format": canonical.FORMAT,
        "tournament_format": declared(fmt),
        "results": canonical.result_records(results),
        "standings": standing_records(fmt, ranked),
    }
    text = json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.encode("utf-8")


def fingerprint(results: pd.DataFrame, fmt: Format, ranked: Ranked) -> str:
    """SHA-256 of the canonical form, as 64 hex digits."""
    return hashlib.sha256(canonical_document(results, fmt, ranked)).hexdigest()


def games_csv(fmt: Format, played: pd.DataFrame, scale: int) -> bytes:
    """``games.csv``: every player's game: its value, bye, place, points and wins exactly."""
    order = played["table"].map(lambda table: table_order(str(table)))
    ordered = played.assign(_order=order).sort_values(
        ["round", "_order", "place", "player"], kind="mergesort"
    )
    marks = CATAN_MARKS if fmt.game == "catan" else ()
    rows = [
        [
            canonical.plain(game["round"]),
            str(game["table"]),
            str(game["player"]),
            None if bool(game["bye"]) else canonical.plain(game["value"]),
            *(bool(game[mark]) for mark in marks),
            bool(game["bye"]),
            canonical.plain(game["place"]),
            canonical.exact(Fraction(int(game["points_n"]), scale)),
            canonical.exact(Fraction(int(game["wins_n"]), scale)),
        ]
        for game in ordered.to_dict("records")
    ]
    header = ["round", "table", "player", GAME_VALUE[fmt.game], *marks]
    return canonical.csv_bytes([*header, "bye", "place", "points", "wins"], rows)


def _display(key: str, value: Any) -> str:
    """A key's value rounded half up as the sheets show it: percentages with 2 decimals."""
    exact = Fraction(value)
    return canonical.rounded(exact * 100, 2) if key in PERCENT_KEYS else canonical.rounded(exact, 2)


def standings_csv(fmt: Format, ranked: Ranked) -> bytes:
    """``standings.csv``: rank, player, each key exactly and rounded, the first key per round."""
    table, keys = ranked.table, keys_of(fmt)
    numbers = [int(number) for number in ranked.per_round.columns]
    header = ["rank", "player"]
    for key in keys:
        header += [key, f"{key}_display"]
    header += [f"r{number}" for number in numbers]
    rows = []
    for index, rounds in enumerate(_rounds(ranked)):
        by_round = dict(rounds)
        row: list[Any] = [int(table["rank"].iloc[index]), str(table["player"].iloc[index])]
        for key in keys:
            value = table[key].iloc[index]
            row += [_exact(value), _display(key, value)]
        row += [by_round.get(number) for number in numbers]
        rows.append(row)
    return canonical.csv_bytes(header, rows)


def schemas(
    fmt: Format, results_columns: list[str], rounds: list[int]
) -> dict[str, dict[str, Any]]:
    """The Table Schema of each CSV file of a keyed archive."""
    field = canonical.schema_field
    key = ["round", "table", "player"]
    value = GAME_VALUE[fmt.game]
    marks = CATAN_MARKS if fmt.game == "catan" else ()
    games = [
        field("round", "integer", "round"),
        field("table", "string", "table"),
        field("player", "string", "player"),
        field(value, "integer", f"the game's {value} (empty for a bye)"),
        *(field(mark, "boolean", mark.replace("_", " ")) for mark in marks),
        field("bye", "boolean", "a bye: a win with no opponent"),
        field("place", "integer", "place at the table (shared places show the best)"),
        field("points", "string", "points by place, exactly (a fraction when shared)"),
        field("wins", "string", "wins, exactly (1/k when k share first place)"),
    ]
    standings = [
        field("rank", "integer", "rank, 1 first, no ties"),
        field("player", "string", "player"),
    ]
    for column in keys_of(fmt):
        standings += [
            field(column, "string", f"{column}, exactly (docs/rules.md, Formats)"),
            field(f"{column}_display", "number", f"{column} rounded half up as shown"),
        ]
    first = fmt.order[0]
    standings += [field(f"r{n}", "string", f"round {n}: {first}, exactly") for n in rounds]
    return {
        canonical.RESULTS_CSV: {
            "fields": canonical.result_fields(results_columns),
            "primaryKey": key,
        },
        canonical.GAMES_CSV: {"fields": games, "primaryKey": key},
        canonical.STANDINGS_CSV: {"fields": standings, "primaryKey": ["rank"]},
    }
