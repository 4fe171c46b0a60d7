"""The HTTP API's JSON body for one run: summary, findings in context, standings and games.

One shape for ``/api/check`` and for the 422 answers of ``/api/score``::

    {"file": "event.xlsx", "format": "catan-es", "game": "catan",
     "summary": {"games": 28, "players": 26, "exit_code": 0, "language": "en",
                 "errors": 0, "notices": 0},
     "findings": [{"code": ..., "severity": "error", "params": {...},
                   "where": {"file", "sheet", "cell", "round", "table", "player"},
                   "message": "Roads Built is 16; ...",
                   "context": {"first_row": 7, "columns": ["B", ...], "headers": [...],
                               "rows": [["1", "2", ...], ...],
                               "highlight": {"row": 9, "column": "K"}}}],
     "standings": {"keys": ["points", "vp", "vp_ratio"],
                   "headers": ["Round Points", "VP", "VP %"], "rounds": [1, 2],
                   "rows": [{"rank": 1, "player": "Ana", "points": 10, "vp": 21,
                   "vp_ratio": 0.32, "exact": {"points": "10", "vp": "21",
                   "vp_ratio": "8/25"}, "by_round": [5.0, 5.0],
                   "round_points": 10.0, "round_points_twelfths": 120, "vp_share": 0.32}]},
     "games": [{"round": 1, "tables": [{"table": "1", "seats": [{"player": "Ana",
                "place": 1, "first": 5.0, "vp": 11, "round_points": 5.0,
                "largest_army": true, "longest_road": false, "declared": false}]}]}],
     "seat": {"round": 2, "rounds": 5, "method": "random"}}

``format`` is the format the workbook was read in (docs/rules.md, "Formats"), ``game``
its game; ``standings`` has a value per key of the format (``keys``, in order, with
their ``headers`` in the run's language; ``place_counts`` is ``firsts``, ``seconds``,
``thirds``), ``exact`` the same values exactly (ties compare exactly; the numbers are
rounded for display only), ``by_round`` the first key per round.  Carcassonne's seats
hold ``score`` (null for a bye) and ``bye`` instead of Catan's VP and titles.
``round_points``, ``round_points_twelfths`` and ``vp_share`` are there when the format
has them (catan-es's fields, as they always were).

``standings`` and ``games`` are null unless the workbook was scored without a
problem.  ``seat`` is what a check offers to seat next (``/api/seat``,
``app.nextround.next_round``): the round after the last one with rows (``round``: null
past the last of the event's declared ``rounds``, null when not declared, and null while the
round before it has games to play: ``waiting`` then says so in words), by the format's
method (swiss for 2-player formats, else random); null when the file could not be read,
and in the answers of ``/api/score``.

Every message is the finding's words (``findings.render``), but for the few whose command
line words name a flag: on the page they name the page's own choice (``PAGE_WORDS``).
"""

from __future__ import annotations

import base64
import dataclasses
import math
from fractions import Fraction
from operator import itemgetter
from typing import Any

from xlsx_scorer.app import api, finalsheet, formatsheets
from xlsx_scorer.app.excerpt import Excerpt
from xlsx_scorer.app.nextround import SeatedScored
from xlsx_scorer.findings import Finding, render, to_json
from xlsx_scorer.i18n import text
from xlsx_scorer.web import engine

TWELFTHS = 12
#: The findings said in other words on the page: their command line words name a flag.
PAGE_WORDS = {
    "unusable.format_disagrees": "web.finding.format_disagrees",
    "format_not_recorded": "web.finding.format_not_recorded",
    "format_recorded": "web.finding.format_recorded",
    "unusable.wrong_game": "web.finding.wrong_game",
    "unusable.seat_needs_scores": "web.finding.seat_needs_scores",
    "unusable.stage_needs_scores": "web.finding.stage_needs_scores",
}


def run_body(result: engine.Result, filename: str) -> dict[str, Any]:
    """The whole JSON body for ``result``, a run on the upload ``filename``."""
    fmt, coming = result.format, result.next
    games = games_body(result)
    return {
        "file": filename,
        "format": None if fmt is None else fmt.name,
        "game": None if fmt is None else fmt.game,
        "summary": summary(result),
        "findings": [finding_body(finding, result) for finding in result.findings],
        "standings": standings_body(result),
        "final_ranking": final_body(result),
        "games": games,
        "seat": None
        if coming is None
        else {
            "round": coming.round,
            "rounds": coming.rounds,
            "method": coming.method,
            "waiting": None if coming.waiting is None else message(coming.waiting, result.language),
        },
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
        **to_json(finding),
        "message": message(finding, result.language),
        "context": None if found is None else excerpt_body(found),
    }


def message(finding: Finding, lang: str) -> str:
    """The finding in words of ``lang``, as the page says it (``PAGE_WORDS``): the formats
    of a game by name, to choose on the page, never a flag to type.

    >>> wrong = Finding("unusable.wrong_game", {"game": "carcassonne", "format_game": "catan",
    ...     "formats": "--format carcassonne-hig"}, "fatal")
    >>> said = message(wrong, "en")
    >>> "--" in said, "carcassonne-hig, carcassonne-swiss" in said
    (False, True)
    """
    key = PAGE_WORDS.get(finding.code)
    if key is None:
        return render(finding, lang)
    if "formats" in finding.params and "game" in finding.params:
        game = finding.params["game"]
        names = ", ".join(name for name, fmt in api.shipped_formats().items() if fmt.game == game)
        finding = dataclasses.replace(finding, params={**finding.params, "formats": names})
    return render(finding, lang, key=key)


def excerpt_body(excerpt: Excerpt) -> dict[str, Any]:
    """An excerpt of ``Results`` as JSON: rows from ``first_row``, the cell to highlight.

    >>> grid = Excerpt(6, ("C", "D"), ("Player", "Cities"), (("Ana", "2"),), (6, "D"))
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
    """The ranked table by the format's keys, each player's first key per round; None when
    not scored.  Every key's value is a number (a Fraction as its float) and, under
    ``exact``, the exact value as text (``"9/28"``): ties compare exactly."""
    ranking, fmt = result.ranking, result.format
    if ranking is None or fmt is None:
        return None
    table, per_round = ranking.table, ranking.ranked.per_round
    shown = formatsheets.shown_columns(fmt, result.language)
    keys = [column for column, _ in shown]
    rounds = [int(number) for number in per_round.columns]
    scale = ranking.ranked.round_scale
    by_round = per_round.to_numpy(dtype=float, na_value=math.nan).tolist()
    extra = [name for name in ("points12", "vp_share") if name in table]
    columns = {name: table[name].tolist() for name in (*keys, *extra)}
    rows = []
    for index, (rank, player) in enumerate(
        zip(table["rank"].astype(int).tolist(), table["player"].tolist(), strict=True)
    ):
        exact = {key: columns[key][index] for key in keys}
        row: dict[str, Any] = {"rank": rank, "player": str(player)}
        row.update({key: _number(value) for key, value in exact.items()})
        row["exact"] = {key: str(value) for key, value in exact.items()}
        row["by_round"] = [
            None if math.isnan(value) else value / scale for value in by_round[index]
        ]
        if "points12" in columns:  # catan-es's fields, as they always were
            twelfths = int(columns["points12"][index])
            row.update(round_points=twelfths / TWELFTHS, round_points_twelfths=twelfths)
        if "vp_share" in columns:
            row["vp_share"] = float(columns["vp_share"][index])
        rows.append(row)
    headers = [text(result.language, message.message) for _, message in shown]
    return {"keys": keys, "headers": headers, "rounds": rounds, "rows": rows}


def final_body(result: engine.Result) -> dict[str, Any] | None:
    """The Final Ranking (SPEC §10) once a stage has rows, else None: its title and headers
    in the run's language, and per player the rank (None while playing), the player, the
    stage reached, the place there and why, as the sheet says them."""
    final, lang = result.final, result.language
    if final is None:
        return None
    keys = ("out.rank", "out.player", "out.stage", "out.stage_place", "out.why")
    rows = [
        {
            "rank": line.rank,
            "player": line.player,
            "stage": finalsheet.stage_word(lang, final, line),
            "place": line.place,
            "why": finalsheet.why(lang, final, line),
        }
        for line in final.lines
    ]
    return {
        "title": text(lang, "title.final_ranking"),
        "headers": [text(lang, key) for key in keys],
        "rows": rows,
    }


def _number(value: Any) -> int | float:
    """An exact value as a JSON number: a whole one stays whole.

    >>> from fractions import Fraction
    >>> _number(Fraction(4, 1)), _number(Fraction(1, 2)), _number(3)
    (4, 0.5, 3)
    """
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return int(value)


def table_order(label: str) -> tuple[int, int, str]:
    """Tables in the order a judge reads them: numbers by value, then named tables.

    >>> sorted(["10", "Final", "2"], key=table_order)
    ['2', '10', 'Final']
    """
    return (0, int(label), "") if label.isascii() and label.isdigit() else (1, 0, label)


def games_body(result: engine.Result) -> list[dict[str, Any]] | None:
    """Every round's tables, each with its seats by place (then name), or None when not scored.

    A seat has the player, the place and ``first``: what the game gave in the format's
    first key (points, wins…); Catan's VP, titles and declared victory (and ``round_points``
    when the format counts points), or Carcassonne's ``score`` (null for a bye) and ``bye``.
    """
    ranking, fmt = result.ranking, result.format
    if ranking is None or fmt is None:
        return None
    played = ranking.played
    first, scale = ranking.first_per_game(fmt)
    catan = fmt.game == "catan"
    columns = {
        name: played[name].tolist()
        for name in (
            "place",
            "value",
            "bye",
            "points_n",
            "largest_army",
            "longest_road",
            "declared",
        )
        if name in played
    }
    games: dict[int, dict[str, list[tuple[int, str, dict[str, Any]]]]] = {}
    for index, (number, label, player) in enumerate(
        zip(
            played["round"].astype(int).tolist(),
            played["table"].astype(str).tolist(),
            played["player"].astype(str).tolist(),
            strict=True,
        )
    ):
        place = int(columns["place"][index])
        value = float(first[index])
        seat: dict[str, Any] = {
            "player": player,
            "place": place,
            "first": None if math.isnan(value) else value / scale,
        }
        if catan:
            seat["vp"] = int(columns["value"][index])
            if fmt.points is not None:
                seat["round_points"] = int(columns["points_n"][index]) / ranking.ranked.scale
            for name in ("largest_army", "longest_road", "declared"):
                seat[name] = bool(columns[name][index])
        else:
            bye = bool(columns["bye"][index])
            seat.update(score=None if bye else int(columns["value"][index]), bye=bye)
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


def seat_body(done: SeatedScored, filename: str, lang: str) -> dict[str, Any]:
    """The JSON body of ``/api/seat``: the seating, its report in ``lang``, the workbook.

    ``tables`` are in table order, each table's players in seat order (the first
    starts); ``findings`` are the seating report (repeats, second 3-player tables,
    starts, the swiss spread), each with its ``message`` in ``lang``; ``workbook`` is the
    one workbook to keep, base64: scored (its ``standings_sheet``; ``scored`` says whether
    the standings are published or its Errors sheet lists problems) and seated.
    """
    seated, scored = done.seated, done.scored
    seating = seated.seating
    return {
        "file": filename,
        "round": seating.round,
        "method": seated.method,
        "format": seated.format,
        "results_sheet": seated.results,
        "seating_sheet": seated.sheet,
        "standings_sheet": done.standings,
        "scored": {
            "exit_code": scored.exit_code,
            "errors": len(scored.errors),
            "published": scored.standings is not None,
        },
        "tables": [
            {"table": table.number, "players": list(table.players)} for table in seating.tables
        ],
        "byes": list(seating.byes),
        "findings": [
            {**to_json(finding), "message": message(finding, lang)} for finding in seated.findings
        ],
        "workbook": base64.b64encode(seated.workbook).decode("ascii"),
    }


def refusal_body(finding: Finding, lang: str) -> dict[str, Any]:
    """The 422 body of a seating refused: the error's code, its words in ``lang``, the finding.

    >>> body = refusal_body(Finding("unusable.seat_no_roster", {}, "fatal"), "en")
    >>> body["error"], body["findings"][0]["code"] == body["error"]
    ('unusable.seat_no_roster', True)
    """
    said = message(finding, lang)
    return {
        "error": finding.code,
        "message": said,
        "findings": [{**to_json(finding), "message": said}],
    }
