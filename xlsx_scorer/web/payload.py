"""The HTTP API's JSON body for one run: summary, findings in context, standings and games.

One shape for ``/api/check`` and for the 422 answers of ``/api/score``::

    {"file": "event.xlsx",
     "summary": {"games": 28, "players": 26, "exit_code": 0, "language": "en",
                 "errors": 0, "notices": 0},
     "findings": [{"code": ..., "severity": "error", "params": {...},
                   "where": {"file", "sheet", "cell", "round", "table", "player"},
                   "message": "Roads Built is 16; ...",
                   "context": {"first_row": 7, "columns": ["B", ...], "headers": [...],
                               "rows": [["1", "2", ...], ...],
                               "highlight": {"row": 9, "column": "K"}}}],
     "standings": {"rounds": [1, 2], "rows": [{"rank": 1, "player": "Ana",
                   "round_points": 10.0, "round_points_twelfths": 120, "vp": 21,
                   "vp_share": 0.32, "by_round": [5.0, 5.0]}]},
     "games": [{"round": 1, "tables": [{"table": "1", "seats": [{"player": "Ana",
                "place": 1, "vp": 11, "round_points": 5.0, "largest_army": true,
                "longest_road": false, "declared": false}]}]}]}

``standings`` and ``games`` are null unless the workbook was scored without a
problem.  Round points leave the engine as exact twelfths and become the
decimals shown here (``round_points_twelfths`` keeps the exact value).
"""

from __future__ import annotations

import math
from operator import itemgetter
from typing import Any

from xlsx_scorer.findings import Finding, to_json
from xlsx_scorer.web import engine

TWELFTHS = 12


def run_body(result: engine.Result, filename: str) -> dict[str, Any]:
    """The whole JSON body for ``result``, a run on the upload ``filename``."""
    return {
        "file": filename,
        "summary": summary(result),
        "findings": [finding_body(finding, result) for finding in result.findings],
        "standings": standings_body(result),
        "games": games_body(result),
    }


def summary(result: engine.Result) -> dict[str, Any]:
    """Games, players, the CLI's exit code, the language, and how many errors and notices."""
    severities = [finding.severity for finding in result.findings]
    return {
        "games": result.games,
        "players": result.players,
        "exit_code": result.exit_code,
        "language": result.language,
        "errors": severities.count("error"),
        "notices": severities.count("notice"),
    }


def finding_body(finding: Finding, result: engine.Result) -> dict[str, Any]:
    """The finding's JSON form (docs/findings.md) with its message, and the rows around its cell.

    ``context`` is null when the finding points at no cell of ``Results``.
    """
    found = None if result.cells is None else result.cells.excerpt(finding.where)
    return {
        **to_json(finding, language=result.language),
        "context": None if found is None else excerpt_body(found),
    }


def excerpt_body(excerpt: engine.Excerpt) -> dict[str, Any]:
    """An excerpt of ``Results`` as JSON: rows from ``first_row``, the cell to highlight.

    >>> grid = engine.Excerpt(6, ("C", "D"), ("Player", "Cities"), (("Ana", "2"),), (6, "D"))
    >>> excerpt_body(grid)["highlight"]
    {'row': 6, 'column': 'D'}
    """
    row, column = excerpt.highlight
    return {
        "first_row": excerpt.first_row,
        "columns": list(excerpt.columns),
        "headers": list(excerpt.headers),
        "rows": [list(values) for values in excerpt.rows],
        "highlight": {"row": row, "column": column},
    }


def standings_body(result: engine.Result) -> dict[str, Any] | None:
    """The ranked table with each player's round points per round, or None when not scored."""
    table = result.standings
    if table is None:
        return None
    per_round = result.per_round
    rounds = [] if per_round is None else [int(number) for number in per_round.columns]
    columns = [per_round[number].tolist() for number in rounds] if per_round is not None else []
    by_round = list(zip(*columns, strict=True)) if columns else [()] * len(table)
    rows = [
        {
            "rank": rank,
            "player": str(player),
            "round_points": twelfths / TWELFTHS,
            "round_points_twelfths": twelfths,
            "vp": vp,
            "vp_share": share,
            "by_round": [None if math.isnan(value) else int(value) / TWELFTHS for value in values],
        }
        for rank, player, twelfths, vp, share, values in zip(
            table["rank"].astype(int).tolist(),
            table["player"].tolist(),
            table["points12"].astype(int).tolist(),
            table["vp"].astype(int).tolist(),
            table["vp_share"].astype(float).tolist(),
            by_round,
            strict=True,
        )
    ]
    return {"rounds": rounds, "rows": rows}


def table_order(label: str) -> tuple[int, int, str]:
    """Tables in the order a judge reads them: numbers by value, then named tables.

    >>> sorted(["10", "Final", "2"], key=table_order)
    ['2', '10', 'Final']
    """
    return (0, int(label), "") if label.isascii() and label.isdigit() else (1, 0, label)


def games_body(result: engine.Result) -> list[dict[str, Any]] | None:
    """Every round's tables, each with its seats by place (then name), or None when not scored."""
    played = result.played
    if played is None:
        return None
    games: dict[int, dict[str, list[tuple[int, str, dict[str, Any]]]]] = {}
    for number, label, player, place, vp, twelfths, army, road, declared in zip(
        played["round"].astype(int).tolist(),
        played["table"].astype(str).tolist(),
        played["player"].astype(str).tolist(),
        played["place"].astype(int).tolist(),
        played["vp"].astype(int).tolist(),
        played["points12"].astype(int).tolist(),
        played["largest_army"].astype(bool).tolist(),
        played["longest_road"].astype(bool).tolist(),
        played["declared"].astype(bool).tolist(),
        strict=True,
    ):
        seat = {
            "player": player,
            "place": place,
            "vp": vp,
            "round_points": twelfths / TWELFTHS,
            "largest_army": army,
            "longest_road": road,
            "declared": declared,
        }
        games.setdefault(number, {}).setdefault(label, []).append((place, player, seat))
    by_seat = itemgetter(0, 1)
    return [
        {
            "round": number,
            "tables": [
                {"table": label, "seats": [seat for *_, seat in sorted(seats, key=by_seat)]}
                for label, seats in sorted(tables.items(), key=lambda item: table_order(item[0]))
            ],
        }
        for number, tables in sorted(games.items())
    ]
