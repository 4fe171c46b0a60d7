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
    per_round: dict[tuple[str, int], int] = {}
    rounds: list[int] = []
    if result.played is not None:
        played = result.played
        sums = played.groupby(["player", "round"], sort=True)["points12"].sum().reset_index()
        per_round = {
            (str(player), int(number)): int(value)
            for player, number, value in sums.itertuples(index=False)
        }
        rounds = sorted({number for _, number in per_round})
    rows = [
        {
            "rank": int(rank),
            "player": str(player),
            "round_points": int(twelfths) / TWELFTHS,
            "round_points_twelfths": int(twelfths),
            "vp": int(vp),
            "vp_share": float(share),
            "by_round": [
                None if (str(player), n) not in per_round else per_round[str(player), n] / TWELFTHS
                for n in rounds
            ],
        }
        for rank, player, twelfths, vp, share in table[
            ["rank", "player", "points12", "vp", "vp_share"]
        ].itertuples(index=False)
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
    columns = ("round", "table", "player", "place", "vp", "points12")
    titles = ("largest_army", "longest_road", "declared")
    games: dict[int, dict[str, list[dict[str, Any]]]] = {}
    for values in zip(*(played[column].tolist() for column in (*columns, *titles)), strict=True):
        number, label, player, place, vp, twelfths, *held = values
        games.setdefault(int(number), {}).setdefault(str(label), []).append(
            {
                "player": str(player),
                "place": int(place),
                "vp": int(vp),
                "round_points": int(twelfths) / TWELFTHS,
                **{title: bool(value) for title, value in zip(titles, held, strict=True)},
            }
        )
    return [
        {
            "round": number,
            "tables": [
                {"table": label, "seats": sorted(seats, key=lambda s: (s["place"], s["player"]))}
                for label, seats in sorted(tables.items(), key=lambda item: table_order(item[0]))
            ],
        }
        for number, tables in sorted(games.items())
    ]
