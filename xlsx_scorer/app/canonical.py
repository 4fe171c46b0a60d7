"""The archive's exact record of an event: canonical form, fingerprint, CSV files, data package.

Everything here is a pure function of the typed results, the scored games and
the standings, so the same results give the same bytes on every machine and in
every run (no time stamps, no floats, no locale).  ``docs/archive.md`` is the
reference; in short:

- the **canonical form** is one JSON document, UTF-8, keys sorted, no white
  space (RFC 8785 for these values: integers, strings, booleans, null)::

      {"format":"xlsx-scorer-archive/1","results":[…],"standings":[…]}

  ``results``: one object per result row (every result column by its key,
  marks as booleans, a blank optional value as null), sorted by round, table
  (numbers numerically, before labels) and player (code points);
  ``standings``: one object per player in rank order with rank, player,
  points12 (round points in exact twelfths), vp, table_vp (VP % is vp/table_vp)
  and rounds ([round, points12] pairs);
- the **fingerprint** is the SHA-256 of that document, in hex;
- ``results.csv``, ``games.csv`` and ``standings.csv``: one row per record,
  exact values (twelfths, and fractions such as ``10/3``) beside the rounded
  values the sheets show.

>>> from fractions import Fraction
>>> exact(Fraction(40, 12)), exact(Fraction(30, 12)), rounded(Fraction(40, 12), 2)
('10/3', '5/2', '3.33')
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import pandas as pd

from xlsx_scorer.app.diff import order_columns
from xlsx_scorer.core.collation import table_order
from xlsx_scorer.core.columns import MARK_COLUMNS, RANGES
from xlsx_scorer.core.scoring import TWELFTHS

FORMAT = "xlsx-scorer-archive/1"
RESULTS_CSV, GAMES_CSV, STANDINGS_CSV = "results.csv", "games.csv", "standings.csv"
CSV_FILES = (RESULTS_CSV, GAMES_CSV, STANDINGS_CSV)
PACKAGE_JSON = "datapackage.json"
GAME_COLUMNS = (
    "round",
    "table",
    "player",
    "vp",
    "largest_army",
    "longest_road",
    "declared",
    "place",
    "points12",
    "points",
    "points_display",
)
STANDING_COLUMNS = (
    "rank",
    "player",
    "points12",
    "points",
    "points_display",
    "vp",
    "table_vp",
    "vp_share",
    "vp_percent_display",
)
_TRUE, _FALSE = "true", "false"


def plain(value: Any) -> Any:
    """A pandas/numpy scalar as plain JSON data: NA is None, numpy integers are int.

    >>> import numpy as np
    >>> plain(np.int64(3)), plain(pd.NA), plain(np.True_), plain(4.0)
    (3, None, True, 4)
    """
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def result_records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """One record per typed result row (every column of ``frame``), in canonical order."""
    columns = order_columns(frame.columns)
    records = [
        {column: plain(value) for column, value in zip(columns, values, strict=True)}
        for values in frame[columns].itertuples(index=False, name=None)
    ]
    for record in records:
        for column in MARK_COLUMNS:
            if column in record:
                record[column] = bool(record[column])
    return sorted(
        records,
        key=lambda r: (r["round"], table_order(str(r["table"])), r["player"]),
    )


def standing_records(table: pd.DataFrame, per_round: pd.DataFrame) -> list[dict[str, Any]]:
    """One record per player, in rank order, with round points per round as exact twelfths."""
    rounds = [int(number) for number in per_round.columns]
    records = []
    for position, entry in enumerate(table.itertuples(index=False)):
        played = per_round.iloc[position]
        records.append(
            {
                "rank": plain(entry.rank),
                "player": str(entry.player),
                "points12": plain(entry.points12),
                "vp": plain(entry.vp),
                "table_vp": plain(entry.table_vp),
                "rounds": [
                    [number, plain(value)]
                    for number, value in zip(rounds, played.tolist(), strict=True)
                    if plain(value) is not None
                ],
            }
        )
    return records


def canonical_document(
    results: pd.DataFrame, table: pd.DataFrame, per_round: pd.DataFrame
) -> bytes:
    """The canonical form of the results and the standings (see the module rules)."""
    document = {
        "format": FORMAT,
        "results": result_records(results),
        "standings": standing_records(table, per_round),
    }
    text = json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.encode("utf-8")


def fingerprint(results: pd.DataFrame, table: pd.DataFrame, per_round: pd.DataFrame) -> str:
    """SHA-256 of the canonical form, as 64 hex digits."""
    return hashlib.sha256(canonical_document(results, table, per_round)).hexdigest()


def exact(value: Fraction) -> str:
    """A fraction as ``10/3``, or a whole number as ``5``."""
    return str(value)


def rounded(value: Fraction, places: int) -> str:
    """``value`` rounded half up to ``places`` decimals, computed exactly."""
    scaled = value * 10**places
    whole = math.floor(scaled + Fraction(1, 2))
    sign = "-" if whole < 0 else ""
    digits = str(abs(whole)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"


def _points(twelfths: Any) -> tuple[int, str, str]:
    value = Fraction(int(twelfths), TWELFTHS)
    return int(twelfths), exact(value), rounded(value, 2)


def _cell(value: Any) -> str:
    """A value as CSV text: booleans as true/false, None as empty."""
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return _TRUE if value else _FALSE
    return str(value)


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """RFC 4180 CSV (CRLF line ends), UTF-8 without BOM.

    >>> csv_bytes(["round", "player"], [[1, "Ana, Bo"]])
    b'round,player\\r\\n1,"Ana, Bo"\\r\\n'
    """
    stream = io.StringIO(newline="")
    writer = csv.writer(stream, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([_cell(value) for value in row] for row in rows)
    return stream.getvalue().encode("utf-8")


def results_csv(results: pd.DataFrame) -> bytes:
    """``results.csv``: the typed results in canonical order, with each row's Results row number."""
    rows_of = {
        (plain(r), str(t), str(p)): int(number)
        for number, r, t, p in zip(
            results.index, results["round"], results["table"], results["player"], strict=True
        )
    }
    records = result_records(results)
    header = [*order_columns(results.columns), "row"]
    rows = [
        [*record.values(), rows_of[(record["round"], str(record["table"]), record["player"])]]
        for record in records
    ]
    return csv_bytes(header, rows)


def games_csv(games: pd.DataFrame) -> bytes:
    """``games.csv``: every player's VP, titles, place and round points in every game."""
    ordered = games.assign(_order=games["table"].map(lambda t: table_order(str(t)))).sort_values(
        ["round", "_order", "place", "player"], kind="mergesort"
    )
    rows = [
        [
            plain(g.round),
            str(g.table),
            str(g.player),
            plain(g.vp),
            bool(g.largest_army),
            bool(g.longest_road),
            bool(g.declared),
            plain(g.place),
            *_points(g.points12),
        ]
        for g in ordered.itertuples(index=False)
    ]
    return csv_bytes(GAME_COLUMNS, rows)


def standings_csv(table: pd.DataFrame, per_round: pd.DataFrame) -> bytes:
    """``standings.csv``: the ranked players, exact, with one twelfths column per round."""
    rounds = [int(number) for number in per_round.columns]
    header = [*STANDING_COLUMNS, *(f"r{number}_points12" for number in rounds)]
    rows = []
    for position, entry in enumerate(table.itertuples(index=False)):
        share = Fraction(plain(entry.vp), max(plain(entry.table_vp), 1))
        rows.append(
            [
                plain(entry.rank),
                str(entry.player),
                *_points(entry.points12),
                plain(entry.vp),
                plain(entry.table_vp),
                exact(share),
                rounded(share * 100, 1),
                *(plain(value) for value in per_round.iloc[position].tolist()),
            ]
        )
    return csv_bytes(header, rows)


def schema_field(name: str, kind: str, description: str, **more: Any) -> dict[str, Any]:
    """One field of a Table Schema; a boolean one says which texts are true and false.

    >>> schema_field("round", "integer", "round", constraints={"required": True})
    {'name': 'round', 'type': 'integer', 'description': 'round', 'constraints': {'required': True}}
    """
    field: dict[str, Any] = {"name": name, "type": kind, "description": description}
    if kind == "boolean":
        field.update(trueValues=[_TRUE], falseValues=[_FALSE])
    field.update(more)
    return field


def result_fields(columns: Sequence[str]) -> list[dict[str, Any]]:
    """The Table Schema fields of ``results.csv``: one per column of ``columns``, then ``row``.

    >>> [(field["name"], field["type"]) for field in result_fields(["round", "player"])]
    [('round', 'integer'), ('player', 'string'), ('row', 'integer')]
    """
    fields = []
    for column in columns:
        if column in MARK_COLUMNS:
            fields.append(schema_field(column, "boolean", "mark (blank in the workbook is false)"))
        elif column in ("table", "player"):
            fields.append(schema_field(column, "string", column, constraints={"required": True}))
        else:
            low, high = RANGES.get(column, (0, None))
            limits: dict[str, Any] = {"minimum": low} | ({"maximum": high} if high else {})
            if column == "round":
                limits["required"] = True
            fields.append(schema_field(column, "integer", "whole number", constraints=limits))
    fields.append(schema_field("row", "integer", "row of the Results sheet it was read from"))
    return fields


def _points_fields() -> list[dict[str, Any]]:
    return [
        schema_field("points12", "integer", "round points in exact twelfths"),
        schema_field("points", "string", "round points exactly, as a fraction (10/3)"),
        schema_field("points_display", "number", "round points rounded half up to 2 decimals"),
    ]


def schemas(results_columns: Sequence[str], rounds: Sequence[int]) -> dict[str, dict[str, Any]]:
    """The Table Schema of each CSV file."""
    key = ["round", "table", "player"]
    games = [
        schema_field("round", "integer", "round"),
        schema_field("table", "string", "table"),
        schema_field("player", "string", "player"),
        schema_field("vp", "integer", "in-game victory points, titles included"),
        schema_field("largest_army", "boolean", "held Largest Army"),
        schema_field("longest_road", "boolean", "held Longest Road"),
        schema_field("declared", "boolean", "won by declared victory"),
        schema_field("place", "integer", "place at the table (shared places show the best)"),
        *_points_fields(),
    ]
    standings = [
        schema_field("rank", "integer", "rank, 1 first, no ties"),
        schema_field("player", "string", "player"),
        *_points_fields(),
        schema_field("vp", "integer", "total in-game victory points"),
        schema_field("table_vp", "integer", "total VP of every table the player sat at"),
        schema_field("vp_share", "string", "VP % exactly: vp/table_vp as a fraction"),
        schema_field("vp_percent_display", "number", "VP % rounded half up to 1 decimal"),
        *(
            schema_field(f"r{n}_points12", "integer", f"round {n} points in twelfths")
            for n in rounds
        ),
    ]
    return {
        RESULTS_CSV: {"fields": result_fields(results_columns), "primaryKey": key},
        GAMES_CSV: {"fields": games, "primaryKey": key},
        STANDINGS_CSV: {"fields": standings, "primaryKey": ["rank"]},
    }


def package_name(event: str | None) -> str:
    """A data package name (lower case, digits, ``-``) from the event name.

    >>> package_name("Copa de İzmir 2025"), package_name(None)
    ('copa-de-izmir-2025', 'event')
    """
    folded = unicodedata.normalize("NFKD", event or "").encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-") or "event"


def datapackage(
    files: Mapping[str, bytes],
    schemas_by_file: Mapping[str, dict[str, Any]],
    about: Mapping[str, Any],
) -> bytes:
    """``datapackage.json``: what the archive is (``about``), and each CSV with schema and hash."""
    resources = [
        {
            "name": name.removesuffix(".csv"),
            "path": name,
            "profile": "tabular-data-resource",
            "format": "csv",
            "mediatype": "text/csv",
            "encoding": "utf-8",
            "bytes": len(data),
            "hash": f"sha256:{hashlib.sha256(data).hexdigest()}",
            "schema": schemas_by_file[name],
        }
        for name, data in files.items()
    ]
    descriptor = {
        "profile": "tabular-data-package",
        "name": package_name(about.get("event")),
        "title": about.get("event") or about.get("workbook"),
        **about,
        "resources": resources,
    }
    return (json.dumps(descriptor, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
